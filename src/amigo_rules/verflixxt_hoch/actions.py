"""Integer action ids (the *Move notation* page of the documentation), stable across
states.

With ``L`` the track length at setup: ``card C piece P [reverse]`` is
``((c * 4 + k) * L + P) * 2 + r`` (``c`` the card's index in `CARDS`, ``k`` the piece in
pawn, lucky, cursed, guard; ``card C`` alone is ``c * 8 * L``); after those ``B = 128 L``
ids come ``stop`` (B), ``hat none`` (B+1), ``hat take lucky`` (B+2), ``hat take cursed``
(B+3), ``hat swap`` (B+4), ``hat give N`` (B+5+N), ``attack P`` (B+5+players+P) and
``steal N`` (B+5+players+L+N).
Chance: ``draw C`` is ``c``, ``deal C`` is ``16 + c``, ``turn C`` is ``32 + c``, ``lay T`` is
``48`` plus the index of ``T`` in `TRACK_TILES`, ``hats L C`` is ``72 + L * players + C``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..core import CHANCE
from ..core.actions import ActionIds
from ..core.checks import wrong_type
from ..track import Lay
from . import moves
from .engine import current_player, legal_moves
from .moves import PIECES, Move, parse_notation
from .rules import Rules
from .state import State
from .tiles import CARD_INDEX, CARDS, TRACK_TILES

_LAY_BASE = 3 * len(CARDS)
_HATS_BASE = _LAY_BASE + len(TRACK_TILES)

_HAT_IDS = {("none", ""): 1, ("take", "lucky"): 2, ("take", "cursed"): 3, ("swap", ""): 4}


def num_actions(rules: Rules) -> int:
    """The number of decision action ids for ``rules``."""
    if type(rules) is not Rules:
        raise wrong_type("num_actions", Rules, rules)
    length = rules.track_length
    return len(CARDS) * len(PIECES) * 2 * length + 5 + 2 * rules.players + length


def num_chance_outcomes(rules: Rules) -> int:
    """The number of chance outcome ids: the 16 card kinds drawn, dealt and turned up, the
    tile kinds laid and the hats' owner pairs."""
    if type(rules) is not Rules:
        raise wrong_type("num_chance_outcomes", Rules, rules)
    return _HATS_BASE + rules.players**2


def _id(move: Move, length: int, players: int) -> int:
    if type(move) is moves.Play:
        card = CARD_INDEX[move.card]
        if move.piece is None:
            return card * 8 * length
        piece = PIECES.index(move.piece)
        return ((card * 4 + piece) * length + move.position) * 2 + move.reverse
    if type(move) is moves.Draw:
        return CARD_INDEX[move.card]
    if type(move) is moves.Deal:
        return len(CARDS) + CARD_INDEX[move.card]
    if type(move) is moves.TurnUp:
        return 2 * len(CARDS) + CARD_INDEX[move.card]
    if type(move) is Lay:
        return _LAY_BASE + TRACK_TILES.index(move.tile)
    if type(move) is moves.Hats:
        return _HATS_BASE + move.lucky * players + move.cursed
    base = len(CARDS) * 8 * length
    if type(move) is moves.Attack:
        return base + 5 + players + move.position
    if type(move) is moves.Steal:
        return base + 5 + players + length + move.victim
    if type(move) is moves.HatMove:
        if move.action == "give":
            return base + 5 + int(move.target)
        return base + _HAT_IDS[move.action, move.target]
    return base


def _id_of(state: State) -> Callable[[Move], int]:
    length, players = state.rules.track_length, state.rules.players
    return lambda move: _id(move, length, players)


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
