"""Checking a move against the legal moves, and integer action ids over them (the *Move
notation* page of the documentation).

A game gives the legal moves of a state and ``id_of(move)``, the id of a move there; these
helpers make ``parse_move``, ``action_id``, ``move_for_action``, ``legal_action_mask`` and
``legal_action_ids`` of it, with the library's errors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import numpy as np

from .checks import integer, quote, shown
from .errors import IllegalMoveError

M = TypeVar("M")
"""A game's move type."""


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
