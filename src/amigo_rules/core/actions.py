"""Checking a move against the legal moves, and integer action ids over them (the *Move
notation* page of the documentation).

A game gives the legal moves of a state and ``id_of(move)``, the id of a move there; these
helpers make ``parse_move``, ``action_id``, ``move_for_action``, ``legal_action_mask`` and
``legal_action_ids`` of it, with the library's errors (`ActionIds`: all five at once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

import attrs
import numpy as np

from .checks import integer, quote, shown, wrong_type
from .errors import IllegalMoveError

M = TypeVar("M")
"""A game's move type."""
S = TypeVar("S")
"""A game's state type."""


def require_legal(move: object, legal: tuple[M, ...], text: str | None = None) -> M:
    """The move of ``legal`` equal to ``move``; else `IllegalMoveError` listing the legal
    moves (naming ``move`` by ``text`` when given). Only moves of the legal moves' types
    are compared (an array compared with a move would give an array)."""
    if type(move) not in {type(m) for m in legal} or move not in legal:
        named = quote(text) if text is not None else shown(move)
        listed = ", ".join(str(m) for m in legal) or "none: the game is over"
        raise IllegalMoveError(f"{named} is not a legal move here; legal moves: {listed}")
    return legal[legal.index(move)]


def among(move: object, legal: tuple[object, ...]) -> bool:
    """Whether ``move`` is one of ``legal``: by identity first (the engines hand out shared
    move objects), then by value."""
    for candidate in legal:
        if candidate is move:
            return True
    return move in legal


def find_action(
    legal: tuple[M, ...], id_of: Callable[[M], int], action: int, chance: bool
) -> M:
    """The move of ``legal`` whose id is ``action``; `IllegalMoveError` if none is, and
    `ArgumentError` if ``action`` is no integer."""
    action = integer(action, "action id")
    for move in legal:
        if id_of(move) == action:
            return move
    kind = "chance outcome" if chance else "action"
    raise IllegalMoveError(f"{kind} id {quote(action)} names no legal move here")


def action_mask(
    legal: tuple[M, ...], id_of: Callable[[M], int], size: int, chance: bool
) -> np.ndarray:
    """A boolean array of ``size``, True at the ids of ``legal`` (all False at chance)."""
    mask = np.zeros(size, dtype=bool)
    if not chance:
        for move in legal:
            mask[id_of(move)] = True
    return mask


def action_ids(legal: tuple[M, ...], id_of: Callable[[M], int]) -> np.ndarray:
    """The ids of ``legal`` in their order, as an int64 array."""
    return np.fromiter(map(id_of, legal), dtype=np.int64, count=len(legal))


@attrs.frozen
class ActionIds(Generic[S, M]):
    """The five functions of a game's action ids (each game's module has them under these
    names, checking its state's type first), from what the game knows: its legal moves, its
    chance nodes, its number of action ids and the id of each move in a state."""

    state: type[S]
    """The game's `State` class."""
    legal_moves: Callable[[S], tuple[M, ...]]
    """The game's ``legal_moves``."""
    chance: Callable[[S], bool]
    """Whether the state is a chance node."""
    size: Callable[[S], int]
    """The game's ``num_actions`` of the state's rules."""
    id_of: Callable[[S], Callable[[M], int]]
    """Per state, the id of a move there."""
    notation: Callable[[str], M]
    """The game's ``parse_notation``."""

    def action_id(self, state: S, move: M) -> int:
        """The id of the legal ``move`` in ``state``."""
        self._check("action_id", state)
        return self.id_of(state)(require_legal(move, self.legal_moves(state)))

    def move_for_action(self, state: S, action: int) -> M:
        """The legal move whose id is ``action``; `IllegalMoveError` if none is."""
        self._check("move_for_action", state)
        return find_action(self.legal_moves(state), self.id_of(state), action,
                           self.chance(state))

    def legal_action_mask(self, state: S) -> np.ndarray:
        """A boolean array over the action ids, True at the ids of the legal moves."""
        self._check("legal_action_mask", state)
        return action_mask(self.legal_moves(state), self.id_of(state), self.size(state),
                           self.chance(state))

    def legal_action_ids(self, state: S) -> np.ndarray:
        """The ids of the legal moves in their order."""
        self._check("legal_action_ids", state)
        return action_ids(self.legal_moves(state), self.id_of(state))

    def parse_move(self, state: S, text: str) -> M:
        """The legal move written ``text`` (case-insensitive); `IllegalMoveError` for
        unknown notation or a move that is not legal here."""
        self._check("parse_move", state)
        return require_legal(self.notation(text), self.legal_moves(state), text)

    def _check(self, function: str, state: S) -> None:
        if type(state) is not self.state:
            raise wrong_type(function, self.state, state)
