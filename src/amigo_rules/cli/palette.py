"""Colour for the drawings and the narration: the style names of `amigo_rules.core.text`
mapped to rich styles. Nothing here changes the words, so plain text reads the same."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text

from ..core.text import Line, Span
from ..core.text import player as seat

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "white", "bright_black")
"""Colour of player 0, 1, …; the rulebooks' six colours, then two for 7-8 players."""

STYLES = {
    "plus": "bold green",
    "minus": "bold red",
    "lucky": "bold gold1",
    "gift": "bold magenta",
    "steal": "bold cyan",
    "special": "bold reverse",
    "hidden": "dim",
    "risk": "bold dark_orange",
    "token": "bold cyan",
    "hat+": "bold gold1",
    "hat-": "bold magenta",
    "guard": "bold white",
    "yellow": "bold yellow",
    "orange": "bold dark_orange3",
    "dim": "dim",
    "bold": "bold",
    "alert": "bold red reverse",
    "good": "bold green",
    "bad": "bold red",
    **{f"p{p}": f"bold {colour}" for p, colour in enumerate(COLOURS)},
}
"""Style name → rich style."""


def styled(spans: Iterable[Span]) -> Text:
    """``spans`` as a rich `Text`, each piece in its style."""
    text = Text()
    for piece, style in spans:
        text.append(piece, STYLES.get(style, ""))
    return text


def block(lines: Sequence[Line]) -> Text:
    """Several lines as one rich `Text`."""
    out = [styled(line) for line in lines]
    for text in out:
        text.rstrip()
    return Text("\n").join(out)


def player_label(player: int) -> Text:
    """``P2`` in player 2's colour."""
    return styled([seat(player)])
