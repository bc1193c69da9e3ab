"""The words around the pictures of the game pages say what the pictures draw (issue 20):
a colour that names a player is that player's colour in the one palette
(`amigo_rules.core.svg.PLAYERS`), and a player named by colour is drawn in the pictures of
the section that names them."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from amigo_rules.core.svg import COLOUR_NAMES, PLAYERS, colour_name

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = ["games/verflixxt.md", "games/verflixxt_hoch.md", "games/exxtra.md", "concepts.md"]
FILLS = dict(PLAYERS)
OTHER_COLOURS = ("green", "purple", "violet", "vermilion", "vermillion", "brown", "lilac",
                 "magenta", "cyan", "white")
"""Colour words a reader might use for a player that are not (all) in the palette."""
WORDS = sorted({*COLOUR_NAMES, *OTHER_COLOURS}, key=len, reverse=True)
COLOUR = "(" + "|".join(re.escape(w) for w in WORDS) + ")"
PLAYER_THEN_COLOUR = re.compile(rf"\bplayer\s+(\d+)(?:'s)?\s+\({COLOUR}\)", re.IGNORECASE)
COLOUR_THEN_PLAYER = re.compile(rf"\b{COLOUR}\s+\(player\s+(\d+)\)", re.IGNORECASE)
NAME = re.compile(r"\b(" + "|".join(re.escape(w.title()) for w in WORDS) + r")\b")
"""A colour word used as a player's name: "Red rolls a 5", "Blue's pawn"."""
SVG = "{http://www.w3.org/2000/svg}"
TRACK_PAWN_R = "12"


def load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pictures_hook", DOCS / "hooks" / "pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sections(markdown: str, hook: ModuleType) -> list[tuple[str, list[str]]]:
    """Per section (heading to heading): its words (the text, the captions and the code
    other than picture code) and the pictures drawn from its picture blocks."""
    namespace = hook._namespace()
    lines = markdown.splitlines()
    picture_lines: dict[int, str] = {}
    for kind, _, code, first, last in hook.blocks(markdown):
        if kind == "picture":
            svg = hook._svg(hook._run(code, namespace, f"line {first + 1}"), "")
            assert svg is not None, f"the picture block at line {first + 1} draws nothing"
            picture_lines[first] = svg
            for number in range(first + 1, last + 1):
                picture_lines.setdefault(number, "")
    out: list[tuple[str, list[str]]] = [("", [])]
    for number, line in enumerate(lines):
        if line.startswith("#"):
            out.append(("", []))
        words, pictures = out[-1]
        if picture_lines.get(number):
            pictures.append(picture_lines[number])
        if number not in picture_lines or picture_lines[number]:
            out[-1] = (words + line + "\n", pictures)
    return out


def drawn_fills(svg: str) -> set[str]:
    """The fills of the pawns standing on the track of a picture."""
    root = ET.fromstring(svg)
    return {c.get("fill", "") for c in root.iter(f"{SVG}circle") if c.get("r") == TRACK_PAWN_R}


def namings(words: str) -> list[tuple[str, int | None]]:
    """Every colour word of ``words`` that names a player, with the player's number where
    the words give it."""
    found: list[tuple[str, int | None]] = [
        (m.group(2).lower(), int(m.group(1))) for m in PLAYER_THEN_COLOUR.finditer(words)]
    found += [(m.group(1).lower(), int(m.group(2))) for m in COLOUR_THEN_PLAYER.finditer(words)]
    found += [(m.group(1).lower(), None) for m in NAME.finditer(words)]
    return found


@pytest.fixture(scope="module")
def hook() -> ModuleType:
    return load_hook()


@pytest.mark.parametrize("page", PAGES)
def test_every_colour_word_naming_a_player_matches_the_pictures(page: str,
                                                                 hook: ModuleType) -> None:
    for words, pictures in sections((DOCS / page).read_text(), hook):
        fills = set().union(*map(drawn_fills, pictures)) if pictures else None
        for word, player in namings(words):
            heading = words.splitlines()[0]
            assert word in FILLS, f"{page}: {heading}: {word!r} is no player's colour"
            if player is not None:
                assert colour_name(player) == word, f"{page}: {heading}: player {player} " \
                    f"is drawn {colour_name(player)}, the text says {word}"
            if fills is not None:
                assert FILLS[word] in fills, f"{page}: {heading}: no {word} pawn in its pictures"


def test_the_checks_catch_the_old_mistakes(hook: ModuleType) -> None:
    """The mistakes issue 20 found, each caught."""
    assert namings("where player 1\n(green) has") == [("green", 1)]
    assert namings("Red (player 0) and Blue (player 1)")[:2] == [("red", 0), ("blue", 1)]
    two = hook.play(hook.verflixxt.new_game(hook.verflixxt.Rules.classic(players=2)), "roll 4")
    assert FILLS["orange"] not in drawn_fills(two._repr_svg_())  # "Orange rolls a 4"
    assert ("orange", None) in namings("Orange rolls a 4.")


def test_the_hoch_page_shows_its_rulebook_examples(hook: ModuleType) -> None:
    """At least five pictures, among them Julia's cursed cap and hats, tokens and risk tiles
    in play."""
    markdown = (DOCS / "games" / "verflixxt_hoch.md").read_text()
    pictures = [first for kind, _, _, first, _ in hook.blocks(markdown) if kind == "picture"]
    assert len(pictures) >= 5
    lines = markdown.splitlines()
    for heading in ("### The cursed cap: Julia's turn", "### Hats, tokens and risk tiles in play"):
        start = lines.index(heading)
        end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("#"))
        assert any(start < first < end for first in pictures), heading
