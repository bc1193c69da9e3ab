"""The committed statistics (``benchmarks/results/stats/``) and the "What the numbers say"
section the docs hook makes of them: every configuration measured over a million games,
each file read strictly, and every sentence of the section true of the files."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import attrs
import pytest

from amigo_rules import RulesError, StateError, exxtra, stats, verflixxt

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("verflixxt", "verflixxt_hoch", "exxtra")


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module


@pytest.fixture(scope="module")
def hook() -> ModuleType:
    return load("game_numbers_hook", ROOT / "docs" / "hooks" / "game_numbers.py")


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load("stats_benchmark", ROOT / "benchmarks" / "stats.py")


@pytest.fixture(scope="module")
def sections(hook) -> dict[str, object]:
    return {game: hook.section(game, f"games/{game}.md") for game in GAMES}


@pytest.fixture(scope="module")
def measured(hook, sections) -> dict[str, object]:
    """The sections of the games with committed statistics."""
    return {game: made for game, made in sections.items() if hook.configurations(game)}


def playable(bench, config: str) -> bool:
    """Whether the batch engine and the baseline policy play the configuration."""
    game = bench.configurations()[config][0]
    try:
        stats.run.setup(game, bench.rules_of(config), games=1)
    except RulesError:
        return False
    return True


def test_every_committed_configuration_has_a_million_games(bench):
    """Each results file holds a million games or more of the baseline agent in every seat,
    of the rules and from the seed the benchmark gives its configuration."""
    committed = [c for c in bench.configurations() if bench.path_of(c).exists()]
    assert committed
    for config in committed:
        summary = stats.load(bench.path_of(config))
        game = bench.configurations()[config][0]
        assert summary.games >= 1_000_000, config
        assert summary.rules == bench.rules_of(config), config
        assert summary.agents == (stats.baseline(game),) * summary.players, config
        assert summary.seed == bench.seed_of(config), config


def test_the_pages_name_every_configuration_not_measured(bench, sections):
    """What the benchmark lists but nobody has run yet is named on its game's page, and
    nothing measured is called unmeasured."""
    for game, made in sections.items():
        text = " ".join(made.lines)
        for config, (of, *_) in bench.configurations().items():
            if of == game:
                assert (f"`{config}`" in text) == (not bench.path_of(config).exists()), config


def test_the_files_are_compact():
    files = list((ROOT / "benchmarks" / "results" / "stats").glob("*.json"))
    assert files
    assert all(path.stat().st_size < 64_000 for path in files)


def test_a_file_not_finished_or_tampered_is_refused(hook, tmp_path, monkeypatch):
    path = tmp_path / "exxtra-4p.json"
    stats.measure("exxtra", games=30, results=path)
    monkeypatch.setattr(hook, "RESULTS", tmp_path)
    assert [c.players for c in hook.configurations("exxtra")] == [4]
    data = json.loads(path.read_text())
    data["done"] = []
    data["tally"] = stats.Tally(4).to_data()
    path.write_text(json.dumps(data))
    with pytest.raises(StateError, match="holds 0 of the run's 1 chunks"):
        hook.configurations("exxtra")
    assert hook.configurations("verflixxt") == []
    assert hook.section("verflixxt", "games/verflixxt.md").lines[0].startswith(
        "No configuration of this game has been measured yet")


def test_each_game_has_its_section_with_captioned_pictures(measured):
    assert measured
    for game, made in measured.items():
        text = "\n".join(made.lines)
        headings = re.findall(r"^### (.+)$", text, re.M)
        assert headings == ["Who wins, seat by seat", "How long a game lasts",
                            "Does the leader win?", "Variants compared"], game
        assert len(made.pictures) >= 3, game
        captions = re.findall(r"<figcaption>(.+?)</figcaption>", text)
        assert len(captions) == len(made.pictures) and all(len(c) > 60 for c in captions)
        for _, svg in made.pictures:
            assert svg.startswith("<svg") and "</svg>" in svg


def test_the_seat_sentence_says_what_the_files_hold(hook, measured):
    for game, made in measured.items():
        text = " ".join(made.lines)
        presets = [c for c in hook.configurations(game) if c.variant is None]
        ahead = all(c.summary.seats[0].win.low > 1 / c.players for c in presets)
        assert ("**Going first pays" in text) == ahead, game


def test_each_variant_row_says_whether_it_differs(hook, measured):
    """A variant is said to differ from its preset in exactly the figures whose interval of
    the difference excludes zero, and "nothing measurable" when there are none."""
    for game, made in measured.items():
        configs = hook.configurations(game)
        presets = {(c.preset, c.players): c for c in configs if c.variant is None}
        rows = {row[0]: row for row in _rows(made.lines) if row and row[0].startswith("[`")}
        for config in (c for c in configs if c.variant is not None):
            difference = stats.Differences.between(
                0, presets[(config.preset, config.players)].summary, config.summary)
            expected = hook.measurable(difference)
            said = rows[config.link(game)][-1]
            assert said == (", ".join(expected) if expected else "nothing measurable"), config


def _rows(lines: list[str]) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines
            if line.startswith("|")]


def test_the_built_pages_show_the_section(site, measured):
    for game in measured:
        html = (site / "games" / game / "index.html").read_text(encoding="utf-8")
        assert 'id="numbers"' in html and "Who wins, seat by seat" in html
        pictures = re.findall(r'src="\.\./\.\./(pictures/games-[\w-]+-numbers-\d+\.svg)"', html)
        assert len(pictures) >= 3, game
        assert all((site / picture).exists() for picture in pictures)
        assert "```numbers" not in html


def test_rules_are_named_as_a_reader_knows_them(hook):
    """A preset by its name, a variant by its own, a game without presets by its title
    (the pictures and tables once said "exxtra")."""
    assert hook.describe("exxtra", exxtra.Rules(players=4)) == ("EXXtra", None)
    assert hook.describe("verflixxt", verflixxt.Rules.classic(players=3)) == ("classic", None)
    assert hook.describe("verflixxt", attrs.evolve(verflixxt.Rules.classic(players=4),
                                                   lucky_below=True)) == ("classic",
                                                                          "lucky_below")


def test_the_seat_caption_says_bars_where_the_intervals_show(hook, measured):
    """"Smaller than the dots" only where the intervals are small beside the axis (hoch²'s
    seats differ by less than their intervals: there the bars show)."""
    def seat_section(game: str) -> str:  # the variants' figure has bars of its own
        text = " ".join(measured[game].lines)
        return text.split("### Who wins, seat by seat", 1)[1].split("### ", 1)[0]

    for game in measured:
        text = seat_section(game)
        hidden = hook.intervals_hidden([c for c in hook.configurations(game)
                                        if c.variant is None])
        assert ("smaller than the dots" in text) == hidden, game
        assert ("Bars are 95% intervals" in text) != hidden, game
    if "verflixxt_hoch" in measured:
        assert "Bars are 95% intervals" in seat_section("verflixxt_hoch")
