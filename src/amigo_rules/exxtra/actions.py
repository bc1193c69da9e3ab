"""Integer action ids: ``reroll`` = 0, ``place r`` = 1 + r; a roll is its index among the 36."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import IllegalMoveError
from ..core.actions import action_ids
from ..core.checks import integer, quote, shown, wrong_type
from .dice import DIE_A, DIE_B
from .engine import illegality, legal_moves
from .moves import PLACES, REROLL, RUNGS, Move, Place, Roll, parse_notation, rolls
from .rules import Rules
from .state import State


def num_actions(rules: Rules) -> int:
    """7: ``reroll`` and ``place 0`` … ``place 5``."""
    if type(rules) is not Rules:
        raise wrong_type("num_actions", Rules, rules)
    return 1 + RUNGS


def num_chance_outcomes(rules: Rules) -> int:
    """36: every (die A, die B) roll."""
    if type(rules) is not Rules:
        raise wrong_type("num_chance_outcomes", Rules, rules)
    return len(DIE_A) * len(DIE_B)


def _check(state: State, move: Any) -> None:
    problem = illegality(state, move)
    if problem is not None:
        raise IllegalMoveError(f"{shown(move)} is not legal here: {problem}")


def action_id(state: State, move: Move) -> int:
    """The id of the legal ``move``; raises `IllegalMoveError` for a move not legal here.

    >>> from amigo_rules import exxtra
    >>> action_id(exxtra.new_game(), exxtra.Roll(7, 0))
    29
    """
    if type(state) is not State:
        raise wrong_type("action_id", State, state)
    _check(state, move)
    return _id(move)


def _id(move: Move) -> int:
    if type(move) is Roll:
        return DIE_A.index(move.a) * len(DIE_B) + DIE_B.index(move.b)
    return 1 + move.rung if type(move) is Place else 0


def move_for_action(state: State, action: int) -> Move:
    """The legal move with id ``action``; raises `IllegalMoveError` if there is none here."""
    if type(state) is not State:
        raise wrong_type("move_for_action", State, state)
    index = integer(action, "action id")
    if state.roll is None and not state.over:
        move: Move | None = rolls()[index] if 0 <= index < len(rolls()) else None
    else:
        move = REROLL if index == 0 else PLACES[index - 1] if 0 < index <= RUNGS else None
    if move is None:
        raise IllegalMoveError(f"action id {quote(index)} names no move here")
    _check(state, move)
    return move


def legal_action_ids(state: State) -> np.ndarray:
    """The ids of `legal_moves` in their order: the 36 roll ids at a roll, the decision ids
    at a decision, none at the end."""
    if type(state) is not State:
        raise wrong_type("legal_action_ids", State, state)
    return action_ids(legal_moves(state), _id)


def legal_action_mask(state: State) -> np.ndarray:
    """Legal decision ids as a bool array of length 7 (all false at a roll and at the end)."""
    if type(state) is not State:
        raise wrong_type("legal_action_mask", State, state)
    mask = np.zeros(1 + RUNGS, dtype=bool)
    if state.roll is not None and not state.over:
        for move in legal_moves(state):
            mask[action_id(state, move)] = True
    return mask


def parse_move(state: State, text: str) -> Move:
    """The legal move written ``text`` (the inverse of ``str(move)``).

    Case-insensitive and tolerant of whitespace. Raises `IllegalMoveError` for text that
    names no EXXtra move and for a move that is not legal here, listing the legal moves.
    """
    if type(state) is not State:
        raise wrong_type("parse_move", State, state)
    legal = ", ".join(map(str, legal_moves(state))) or "none, the game is over"
    try:
        move = parse_notation(text)
    except IllegalMoveError as exc:
        raise IllegalMoveError(f"{exc}; legal here: {legal}") from None
    problem = illegality(state, move)
    if problem is not None:
        raise IllegalMoveError(f"{quote(str(move))} is not legal here: {problem}; legal here: "
                               f"{legal}")
    return move
