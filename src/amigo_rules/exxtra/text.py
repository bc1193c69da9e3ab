"""The table of EXXtra as text: `render_text`, what ``str(state)`` shows.

>>> from amigo_rules import exxtra
>>> print(exxtra.render_text(exxtra.new_game(exxtra.Rules(players=3)), width=40))
board: first counter on 21 wins
 S  1  2  3  4  5  6  7  8  9 10 11 12
012
13 14 15 16 17 18 19 20  F
<BLANKLINE>
ladder: a pair on rung r moves its owner
        r spaces at their next turn
rung 5  empty
rung 4  empty
rung 3  empty
rung 2  empty
rung 1  empty
rung 0  empty
P0 on space  0 · dice in hand
P1 on space  0 · dice in hand
P2 on space  0 · dice in hand
P0 to roll, the turn's first roll: an X
counts as 0
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import TERMINAL
from ..core.checks import wrong_type
from ..core.names import Names, names_of
from ..core.text import Line, Span, check_width, flow, padded, plain, words
from ..core.text import player as seat
from .dice import combination_text
from .engine import current_player, winners
from .moves import RUNGS
from .observations import observation
from .state import FINISH, State

CELL = 3
"""Characters of a board space in the drawing: two for its number, one apart."""


def render_text(state: State, *, player: int | None = None, width: int = 80,
                names: Sequence[str] | None = None) -> str:
    """The table as plain text at most ``width`` characters wide: the board with every
    counter (a digit per player under its space), the ladder with every pair and its owner,
    where each player stands, whose turn it is and the risk of rolling again.

    Everything in EXXtra is public; ``player`` only marks that player as "you".

    ``names``: one string per seat, said where ``P0`` … stood (`amigo_rules.core.names`).
    """
    if type(state) is not State:
        raise wrong_type("render_text", State, state)
    return plain(render_lines(state, player=player, width=width, names=names))


def render_lines(state: State, *, player: int | None = None, width: int = 80,
                 names: Sequence[str] | None = None) -> list[Line]:
    """`render_text` as lines of styled spans (`amigo_rules.core.text`)."""
    width = check_width(width)
    if player is not None:
        observation(state, player)  # a seat of the game, else RulesError
    called = names_of(names, state.rules.players, "render_text")
    lines = _board(state, width)
    lines.append(())
    lines += flow((("ladder: ", ""),), words([(
        "a pair on rung r moves its owner r spaces at their next turn", "dim")]), width)
    for rung in range(RUNGS - 1, -1, -1):
        pairs = [(seat(p, called), (" ", ""), (combination_text(pair[1]), "bold"))
                 for p, pair in enumerate(state.ladder) if pair and pair[0] == rung]
        lines += flow(((f"rung {rung}  ", ""),), pairs, width, empty=("empty", "dim"))
    for p, at in enumerate(state.counters):
        you = " (you)" if p == player else "      " if player is not None else ""
        pair = state.ladder[p]
        where = "dice in hand" if pair is None else (
            f"pair {combination_text(pair[1])} on rung {pair[0]}"
            + (f" (+{pair[0]} at their next turn)" if pair[0] else ""))
        digit = [(f"{p} ", f"p{p}")] if called.shown else []  # the board's digit
        name = (called.padded(p), f"p{p}")
        lines += flow((*digit, name, (you, "bold"), (f" on space {at:>2} · ", "")),
                      words([(where, "")]), width)
    lines += flow((), words(_status(state, player, called)), width)
    return lines


def _board(state: State, width: int) -> list[Line]:
    """The spaces 0 (S) … 21 (F) in rows, each followed by the counters on them."""
    per_row = max(1, (width + 1) // CELL)
    lines: list[Line] = [(("board: ", ""), (f"first counter on {FINISH} wins", "dim"))]
    for start in range(0, FINISH + 1, per_row):
        row = range(start, min(start + per_row, FINISH + 1))
        lines.append(tuple(_space(x) for x in row))
        stacks = [[(str(p), f"p{p}") for p, at in enumerate(state.counters) if at == x]
                  for x in row]
        depth = max((len(s) + CELL - 1) // CELL for s in stacks)
        for level in range(depth):
            line: list[Span] = []
            for stack in stacks:
                line += padded(stack[level * CELL : (level + 1) * CELL], CELL)
            lines.append(tuple(line))
    return lines


def _space(x: int) -> Span:
    name = "S" if x == 0 else "F" if x == FINISH else str(x)
    return f"{name:>2} ", "special" if name in "SF" else "dim"


def _status(state: State, viewer: int | None, called: Names) -> list[Span]:
    """Whose turn it is, what they rolled and what rolling again risks."""
    mover = current_player(state)
    who = [seat(state.player, called),
           *([(" (you)", "bold")] if state.player == viewer else [])]
    if mover == TERMINAL:
        won = winners(state)
        if won:
            return [("game over: ", "bold"),
                    (f"{called.short(won[0])} reached the finish and wins", "bold")]
        return [("game over: ", "bold"), (f"turn limit reached after {state.turn} turns, "
                                          "no winner", "bold")]
    if state.roll is None:  # the dice must roll (CHANCE)
        if state.first_roll:
            return [*who, (" to roll, the turn's first roll: an X counts as 0", "")]
        return [*who, (" rolls again: an X ends the turn", "")]
    counter = state.counters[state.player]
    back = "back 1 space per X, 2 on X-X" if counter else "no way back from the start"
    first = " on the first roll" if state.first_roll else ""
    return [*who, (" rolled", ""), (f" {combination_text(state.roll)}", "bold"),
            (f"{first}: place it, or roll again; an X then (11/36, 31%) ends the turn, "
             f"{back}", "")]
