"""Statements that several pages make agree with their source, the code or the rulebooks
(issue 34): what ``max_moves`` counts, how the search samples hidden information, how many
play hoch², what EXXtra's search evaluates with, where the data files are; and no page or
docstring points to a file its readers cannot open."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import amigo_rules
from amigo_rules import verflixxt_hoch
from amigo_rules.agents import MCTSAgent, RandomAgent
from amigo_rules.agents.playouts import DEFAULTS

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
SOURCES = sorted((ROOT / "src" / "amigo_rules").rglob("*.py"))
TESTS = [path for path in sorted((ROOT / "tests").rglob("*.py"))
         if path.name not in ("test_statements.py", "test_docstrings.py")]
"""The tests' docstrings, but for the two tests that name the design notes to look for
them."""


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def where(path: Path, body: str, index: int) -> str:
    return f"{path.relative_to(ROOT)}:{body.count(chr(10), 0, index) + 1}"


def matches(pattern: str, paths: list[Path] = PAGES, flags: int = re.S) -> list[str]:
    found = []
    for path in paths:
        body = text(path)
        found += [where(path, body, m.start()) for m in re.finditer(pattern, body, flags)]
    return found


@pytest.mark.parametrize("name", ["PROTOCOL.md", "API.md", "ARCHITECTURE.md", "../shared",
                                  "rules contract", "a room above"])
def test_nothing_points_to_what_a_reader_cannot_open(name: str):
    """The project's design notes are not part of it: its pages, docstrings and tests say
    what they need themselves (the seat protocol's page, the sources page)."""
    assert matches(re.escape(name), [*PAGES, *SOURCES, *TESTS]) == []


def test_max_moves_counts_the_records_moves_and_the_pages_say_so():
    """``play(max_moves=n)`` stops after n moves of the record, which start after the setup
    (``new_game`` lays the track and deals from the seed): no page counts the setup in."""
    agents = [RandomAgent(seed=s) for s in range(3)]
    record = amigo_rules.play("verflixxt_hoch", agents, verflixxt_hoch.Rules(players=3),
                              seed=2, max_moves=5)
    assert len(record.moves) == 5
    assert not any(str(m).split()[0] in ("lay", "deal", "turn", "hats") for m in record.moves)
    assert matches(r"max_moves[^.]{0,200}?(setup\W+included|and the setup)") == []


def test_the_search_is_said_to_sample_from_its_memory():
    """`MCTSAgent` draws its determinisations from its `InformationSet` by default; no page
    says it draws one ``sample_state`` of the observation per simulation."""
    assert MCTSAgent(seed=0).memory is True
    assert matches(r"`sample_state` per simulation") == []


def test_hoch_is_an_expansion_for_two_to_six_seven_and_eight_labelled():
    """Rulebook 004: "de 2 à 6 joueurs", "jouable uniquement avec Verflixxt !". The library
    seats up to 8, and says that is its extension."""
    assert verflixxt_hoch.Rules(players=8).players == 8
    assert matches(r"hoch²[^.|]{0,60}\bsequel|sequel[^.|]{0,60}hoch²") == []
    assert matches(r"hoch²[^.\n]{0,80}\b2 (to|-|–) 8\b") == []
    page = text(ROOT / "docs" / "games" / "verflixxt_hoch.md")
    assert re.search(r"for 2 to 6 players; the library also seats 7 or 8\s+\(\*extension\*",
                     page)


def test_exxtras_search_evaluates_with_its_fitted_value():
    """The changelog and the pages do not say EXXtra's search scores by the softmax."""
    assert DEFAULTS["exxtra"].evaluation == "fitted"
    assert matches(r"\"softmax\"`? is still[^.;]{0,40}EXXtra") == []


def test_every_data_file_named_is_where_it_is_said_to_be():
    """``agents/data/track_value.json`` and the like, as the pages and changelog name them
    (relative to the package), exist."""
    named = set()
    for path in PAGES:
        named |= set(re.findall(r"`((?:amigo_rules/)?agents/[\w/]+\.json)`", text(path)))
    assert named
    missing = {name for name in named
               if not (ROOT / "src" / "amigo_rules" / name.removeprefix("amigo_rules/")).exists()}
    assert missing == set()


def test_the_classic_layout_is_labelled_a_reconstruction():
    """Rulebooks 001 and 003 say "laid out as shown" and the picture is lost: no page says
    they name the groups."""
    assert matches(r"rulebooks name the four groups") == []
    page = text(ROOT / "docs" / "games" / "verflixxt.md")
    setup = page[page.index("### VX-SETUP-1"):page.index("### VX-SETUP-2")]
    assert "*Reconstructed:*" in setup and '"laid out as shown"' in setup


BOT_PAGES = [ROOT / "docs" / "bots.md", ROOT / "docs" / "ladder.md"]


@pytest.mark.parametrize("pattern", [
    r"experiment/", r"not merged", r"not met", r"not been tried", r"\btargets?\b",
    r"first \d[\d,]* (?:had|gave|games:)", r"\bTODO\b"])
def test_the_bot_pages_are_a_contract_and_a_report(pattern: str):
    """The bot authors' page and the strength ladder say what is and what was measured: no
    branch names, targets, to-do lists or run history (issue 34)."""
    assert matches(pattern, BOT_PAGES, re.S | re.I) == []


FAIR = {"25%", "50%", "33.3%", "95%", "10%"}
"""Shares on the bot pages that are no measurement: fair shares, the confidence level, the
rollouts' share of random moves."""


@pytest.mark.parametrize("page", BOT_PAGES, ids=lambda page: page.name)
def test_every_share_on_the_bot_pages_is_a_figure(page: Path):
    """A win share on the bot pages is a figure marker's (read from the ladder's games), so
    none can drift from the games kept."""
    body = re.sub(r"<!-- figure: .+? -->.*?<!-- /figure -->", "", text(page), flags=re.S)
    assert set(re.findall(r"\d[\d.,]*\s?%", body)) - FAIR == set()
