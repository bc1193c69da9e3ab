"""The terminal view of EXXtra: board, ladder, whose turn, the pending roll and its risk."""

from __future__ import annotations

from rich.markup import escape

from ... import exxtra
from ...core import CHANCE, TERMINAL, RulesError
from ...exxtra.dice import combination_text
from ..palette import player_label, player_style

PRESETS: tuple[str, ...] = ()
"""EXXtra has no presets."""
VARIANTS: dict[str, str] = {}
"""EXXtra has no variants."""
DEFAULT_PLAYERS = 4


def make_rules(preset: str | None, players: int | None, variants: tuple[str, ...]) -> exxtra.Rules:
    """The rules for the command line's options; raises `RulesError` on bad input."""
    if preset is not None:
        raise RulesError(f"EXXtra has no presets, got {preset!r}")
    if variants:
        raise RulesError(f"EXXtra has no variants, got {', '.join(variants)}")
    return exxtra.Rules(players=DEFAULT_PLAYERS if players is None else players)


def _pair(owner: int, value: int) -> str:
    return f"[{player_style(owner)}]{combination_text(value)}[/]"


def _board(state: exxtra.State) -> str:
    cells = []
    for space in range(exxtra.FINISH + 1):
        here = "".join(
            f"[{player_style(p)}]●[/]" for p, at in enumerate(state.counters) if at == space
        )
        name = "S" if space == 0 else "F" if space == exxtra.FINISH else str(space)
        cells.append(f"{name}{here or '·'}")
    return "board  " + " ".join(cells)


def _ladder(state: exxtra.State) -> list[str]:
    lines = []
    for rung in range(5, -1, -1):
        pairs = [
            _pair(p, pair[1]) for p, pair in enumerate(state.ladder) if pair and pair[0] == rung
        ]
        lines.append(f"rung {rung}  " + (" ".join(pairs) or "[dim]empty[/]"))
    return lines


def _hands(state: exxtra.State) -> str:
    where = []
    for p, pair in enumerate(state.ladder):
        place = "in hand" if pair is None else f"on rung {pair[0]} ({combination_text(pair[1])})"
        where.append(f"{player_label(p)} {state.counters[p]:>2} {place}")
    return "\n".join(where)


def _status(state: exxtra.State, viewer: int | None) -> str:
    mover = exxtra.current_player(state)
    you = " (you)" if viewer is not None and viewer == state.player else ""
    if mover == TERMINAL:
        won = exxtra.winners(state)
        if won:
            return f"{player_label(won[0])} reached the finish and wins"
        return f"turn limit reached after {state.turn} turns: no winner"
    who = f"{player_label(state.player)}{you}, turn {state.turn + 1}"
    if mover == CHANCE:
        kind = "first roll (X counts as 0)" if state.first_roll else "re-roll (an X ends the turn)"
        return f"{who}: {kind}"
    counter = state.counters[state.player]
    retreat = f"back 1 per X, 2 on X-X, from {counter}" if counter else "no retreat from start"
    return (
        f"{who}: combination [bold]{escape(combination_text(state.roll))}[/]"
        f"{' from the first roll' if state.first_roll else ''}; "
        f"a re-roll shows an X with probability 11/36 (31%): turn over, {retreat}"
    )


def draw(state: exxtra.State, viewer: int | None) -> str:
    """``state`` as rich markup, seen by ``viewer`` (everything in EXXtra is public)."""
    return "\n".join([_board(state), *_ladder(state), _hands(state), _status(state, viewer)])
