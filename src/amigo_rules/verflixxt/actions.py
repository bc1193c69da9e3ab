"""Integer action ids (the *Move notation* page of the documentation), stable across
states.

With ``L = track_length(rules)`` and ``N`` players: ``pawn P`` is ``P``, ``guard P`` is
``L + P``, ``steal N`` is ``2L + N``. With ``roll_one="choice"`` (VXV-2) ``pawn P +1`` /
``guard P +1`` share the ids of ``pawn P`` / ``guard P`` (they never meet in one state),
``-1`` adds ``2L + N`` and ``+0`` adds ``4L + N``. With ``roll_one="swap"`` (VXV-7)
``swap P Q [O]`` is ``2L + N + (d·L + P)·(N + 1) + o`` where ``d`` is 0 for ``Q = P - 1``
and 1 for ``Q = P + 1``, and ``o`` is ``O`` or ``N`` when no owner is named. With
``tactical_cards`` (VXV-9) the card plays ``pawn P +V`` / ``guard P +V`` for ``V`` from 2
to 6 add ``2L·(V + 1) + N`` (``+1``, ``-1`` as above), ``stop`` is ``16L + N`` and ``pass``
``16L + N + 1``. With ``hidden_tiles`` (VXV-10) ``flip P`` is
``P`` plus the number of ids without flips. Chance outcomes: ``roll V`` is ``V - 1``; while
a shuffled track is laid, ``lay T`` is 6 plus the index of ``T`` in `PATH_TILES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np

from ..core import CHANCE
from ..core.actions import ActionIds
from ..core.checks import wrong_type
from ..track import PATH_TILES, Lay
from .engine import current_player, legal_moves
from .moves import PAWN, Flip, Move, Pass, Roll, Steal, Step, Stop, Swap, parse_notation
from .rules import Rules
from .setup import shuffled_setup, track_length
from .state import State


def num_actions(rules: Rules) -> int:
    """The number of decision action ids for ``rules``."""
    if type(rules) is not Rules:
        raise wrong_type("num_actions", Rules, rules)
    return _flip_base(rules) + (track_length(rules) if rules.hidden_tiles else 0)


def _flip_base(rules: Rules) -> int:
    """The ids of every move but the VXV-10 flips."""
    length = track_length(rules)
    players = rules.players
    extra = 0
    if rules.roll_one == "choice":
        extra = 4 * length
    elif rules.roll_one == "swap":
        extra = 2 * length * (players + 1)
    elif rules.tactical_cards:
        extra = 14 * length + 2
    return 2 * length + players + extra


def num_chance_outcomes(rules: Rules) -> int:
    """The number of chance outcome ids: the die's six faces, and with a shuffled track the
    kinds of path tile it lays (VX-SETUP-2)."""
    if type(rules) is not Rules:
        raise wrong_type("num_chance_outcomes", Rules, rules)
    return 6 + len(PATH_TILES) if shuffled_setup(rules) else 6


def _id(move: Move, length: int, players: int, flip_base: int = 0) -> int:
    if type(move) is Step:
        plain = move.position + (0 if move.piece == PAWN else length)
        delta = move.delta
        if delta is None or delta == 1:
            return plain
        block = 1 if delta < 0 else 2 if delta == 0 else delta + 1  # -1, +0, +2 … +6
        return plain + 2 * length * block + players
    if type(move) is Steal:
        return 2 * length + move.victim
    if type(move) is Swap:
        ahead = move.target > move.position
        owner = players if move.owner is None else move.owner
        return 2 * length + players + ((ahead * length + move.position) * (players + 1) + owner)
    if type(move) is Stop:
        return 16 * length + players
    if type(move) is Pass:
        return 16 * length + players + 1
    if type(move) is Flip:
        return flip_base + move.position
    if type(move) is Lay:
        return 6 + PATH_TILES.index(move.tile)
    return cast(Roll, move).value - 1  # every other kind returned above


def _id_of(state: State) -> Callable[[Move], int]:
    rules = state.rules
    length, flip_base = track_length(rules), _flip_base(rules)
    return lambda move: _id(move, length, rules.players, flip_base)


_IDS: ActionIds[State, Move] = ActionIds(
    State, legal_moves, lambda state: current_player(state) == CHANCE,
    lambda state: num_actions(state.rules), _id_of, parse_notation)


def action_id(state: State, move: Move) -> int:
    """The id of the legal ``move`` in ``state`` (the ids of the module's table)."""
    return _IDS.action_id(state, move)


def move_for_action(state: State, action: int) -> Move:
    """The legal move whose id is ``action``; `IllegalMoveError` if none is."""
    return _IDS.move_for_action(state, action)


def legal_action_mask(state: State) -> np.ndarray:
    """A boolean array over `num_actions`, True at the ids of the legal moves."""
    return _IDS.legal_action_mask(state)


def legal_action_ids(state: State) -> np.ndarray:
    """The ids of `legal_moves` in their order: decision ids at a decision node, chance
    outcome ids (in `chance_outcomes` order) at a chance node, none at the end."""
    return _IDS.legal_action_ids(state)


def parse_move(state: State, text: str) -> Move:
    """The legal move written ``text`` (the inverse of ``str(move)``, case-insensitive).

    Raises `IllegalMoveError` for unknown notation or a move that is not legal here.
    """
    return _IDS.parse_move(state, text)
