"""Numpy engines stepping many games in lockstep, row by row equal to the scalar engines:
`amigo_rules.batch.verflixxt`, `amigo_rules.batch.verflixxt_hoch` and
`amigo_rules.batch.exxtra` (the same functions in each; `batch_of` finds a game's).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..core import get_game

__all__ = ["batch_of"]


def batch_of(game: str | ModuleType) -> ModuleType:
    """The batch module of ``game`` (a name of `amigo_rules.GAMES` or a game module): every
    game has one, named as the game.

    >>> batch_of("exxtra").__name__
    'amigo_rules.batch.exxtra'
    """
    return importlib.import_module(f"{__name__}.{get_game(game).NAME}")
