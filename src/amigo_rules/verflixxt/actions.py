"""Integer action ids (API.md), stable across states.

With ``L = track_length(rules)``: ``pawn P`` is ``P``, ``guard P`` is ``L + P``,
``steal N`` is ``2L + N``. Chance outcomes: ``roll V`` is ``V - 1``.
"""

from __future__ import annotations

import numpy as np

from ..core import CHANCE, IllegalMoveError
from .engine import current_player, legal_moves
from .moves import PAWN, Move, Steal, Step
from .rules import Rules
from .setup import track_length
from .state import State


def num_actions(rules: Rules) -> int:
    """The number of decision action ids for ``rules``."""
    return 2 * track_length(rules) + rules.players


def num_chance_outcomes(rules: Rules) -> int:
    """The number of chance outcome ids: the die's six faces."""
    return 6


def _id(move: Move, length: int) -> int:
    if type(move) is Step:
        return move.position + (0 if move.piece == PAWN else length)
    if type(move) is Steal:
        return 2 * length + move.victim
    return move.value - 1


def action_id(state: State, move: Move) -> int:
    """The id of the legal ``move`` in ``state``."""
    if move not in legal_moves(state):
        raise IllegalMoveError(f"{move!s} is not a legal move here")
    return _id(move, track_length(state.rules))


def move_for_action(state: State, action: int) -> Move:
    """The legal move whose id is ``action``; `IllegalMoveError` if none is."""
    length = track_length(state.rules)
    for move in legal_moves(state):
        if _id(move, length) == action:
            return move
    kind = "chance outcome" if current_player(state) == CHANCE else "action"
    raise IllegalMoveError(f"{kind} id {action!r} names no legal move here")


def legal_action_mask(state: State) -> np.ndarray:
    """A boolean array over `num_actions`, True at the ids of the legal moves."""
    mask = np.zeros(num_actions(state.rules), dtype=bool)
    if current_player(state) != CHANCE:
        length = track_length(state.rules)
        for move in legal_moves(state):
            mask[_id(move, length)] = True
    return mask


