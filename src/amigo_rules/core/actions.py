"""Checking a move against the legal moves, and integer action ids over them (API.md).

A game gives the legal moves of a state and ``id_of(move)``, the id of a move there; these
helpers make ``parse_move``, ``action_id``, ``move_for_action``, ``legal_action_mask`` and
``legal_action_ids`` of it, with the library's errors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .errors import IllegalMoveError


def require_legal(move: Any, legal: tuple[Any, ...], text: str | None = None) -> Any:
    """``move`` if it is among ``legal``; else `IllegalMoveError` listing the legal moves."""
    if move not in legal:
        named = repr(text) if text is not None else str(move)
        listed = ", ".join(str(m) for m in legal) or "none: the game is over"
        raise IllegalMoveError(f"{named} is not a legal move here; legal moves: {listed}")
    return move


def find_action(
    legal: tuple[Any, ...], id_of: Callable[[Any], int], action: int, chance: bool
) -> Any:
    """The move of ``legal`` whose id is ``action``; `IllegalMoveError` if none is."""
    for move in legal:
        if id_of(move) == action:
            return move
    kind = "chance outcome" if chance else "action"
    raise IllegalMoveError(f"{kind} id {action!r} names no legal move here")


def action_mask(
    legal: tuple[Any, ...], id_of: Callable[[Any], int], size: int, chance: bool
) -> np.ndarray:
    """A boolean array of ``size``, True at the ids of ``legal`` (all False at chance)."""
    mask = np.zeros(size, dtype=bool)
    if not chance:
        for move in legal:
            mask[id_of(move)] = True
    return mask


def action_ids(legal: tuple[Any, ...], id_of: Callable[[Any], int]) -> np.ndarray:
    """The ids of ``legal`` in their order, as an int64 array."""
    return np.fromiter(map(id_of, legal), dtype=np.int64, count=len(legal))
