"""Verflixxt hoch² (Ravensburger 2007): every rule of ``HO-*`` built on the track machinery.

>>> from amigo_rules import verflixxt_hoch as ho
>>> state = ho.new_game(ho.Rules(players=2), seed=3)
>>> state.hands[state.player], ho.current_player(state) == state.player
(('4o', '5o'), True)
>>> [str(m) for m in ho.legal_moves(state)][:2]
['card 4o pawn 0', 'card 4o lucky 0']

The library's upper floors (batch engines, agents, command line) import a game only from
here; what they need beyond the API is imported here too, outside ``__all__``: unchecked
helpers that may change (``TRACK_TILES``, ``top_tile``, ``CARD_VALUE``, ``TOKEN_STACK``,
``render_lines``; for the batch engine ``CARDS``,
``COLLECTED``, ``RISK``, ``LUCKY_HAT``, ``CURSED_CAP``, ``is_positive``, ``PHASES``,
``TILE_KINDS``, ``GUARDS``, ``deck_counts``, ``hat_ties``, ``insert_action_tiles``,
``HAT_POINTS``, ``array_places``: where the batch engine writes each part of an
observation array) and the greedy play's weights that the agents and the batch greedy share
(``HAT``, ``HAT_HOLD``, ``LANDING_WEIGHT``, ``MEETING_WEIGHT``, ``LUCKY_RESERVE``,
``FRESH_HAND``).
"""

from __future__ import annotations

from ..core import visibility
from ..core.deprecation import renamed
from ..track import Lay
from .actions import (
    action_id,
    legal_action_ids,
    legal_action_mask,
    move_for_action,
    num_actions,
    num_chance_outcomes,
    parse_move,
)
from .engine import apply, apply_events, chance_outcomes, current_player, is_terminal, legal_moves
from .gifts import top_tile as top_tile
from .heuristic import FRESH_HAND as FRESH_HAND
from .heuristic import HAT as HAT
from .heuristic import HAT_HOLD as HAT_HOLD
from .heuristic import LANDING_WEIGHT as LANDING_WEIGHT
from .heuristic import LUCKY_RESERVE as LUCKY_RESERVE
from .heuristic import MEETING_WEIGHT as MEETING_WEIGHT
from .moves import (
    GRAMMAR,
    Attack,
    Deal,
    Draw,
    HatMove,
    Hats,
    Move,
    Play,
    Steal,
    Stop,
    TurnUp,
    parse_notation,
)
from .narration import move_events, redact_events, setup_events, wording
from .observation_json import observation_from_json, observation_schema, observation_to_json
from .observations import PHASES as PHASES
from .observations import TILE_KINDS as TILE_KINDS
from .observations import (
    Observation,
    array_bounds,
    array_length,
    observation,
    observation_layout,
)
from .observations import array_places as array_places
from .rulebook import RULE_TEXTS, relevant_rules
from .rules import Rules
from .sampling import consistent_states, sample_state
from .scoring import explain_score, returns, score, score_tiles, winners
from .serialization import NAME, from_json, to_json
from .setup import GUARDS as GUARDS
from .setup import HatDraw, hat_draw, initial_state, new_game
from .setup import deck_counts as deck_counts
from .setup import hat_ties as hat_ties
from .setup import insert_action_tiles as insert_action_tiles
from .specs import spec
from .state import Phase, State
from .svg import render_svg
from .text import render_lines as render_lines
from .text import render_text
from .tiles import CARD_VALUE as CARD_VALUE
from .tiles import CARDS as CARDS
from .tiles import COLLECTED as COLLECTED
from .tiles import CURSED_CAP as CURSED_CAP
from .tiles import HAT_POINTS as HAT_POINTS
from .tiles import LUCKY_HAT as LUCKY_HAT
from .tiles import RISK as RISK
from .tiles import TOKEN_STACK as TOKEN_STACK
from .tiles import TRACK_TILES as TRACK_TILES
from .tiles import is_positive as is_positive


def visible_notation(state: State, move: Move, *, player: int | None = None) -> str | None:
    """``str(move)`` as ``player`` may see it played in ``state``: None when that player may
    not see which move it was; ``player`` None sees everything. What is hidden is what
    `redact_events` hides from ``player``.

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> state = ho.new_game(ho.Rules(players=2), seed=3)
    >>> state = ho.apply(state, ho.parse_move(state, "card 4o pawn 0"))
    >>> draw = ho.chance_outcomes(state)[0][0]
    >>> drawer = state.player
    >>> [visible_notation(state, draw, player=p) for p in (drawer, 1 - drawer)]
    ['draw -1y', None]
    """
    return visibility.visible_notation(
        state, move, player, kind=State, apply_events=apply_events,
        redact_events=redact_events, current_player=current_player)


__all__ = [
    "GRAMMAR",
    "NAME",
    "RULE_TEXTS",
    "Attack",
    "Deal",
    "Draw",
    "HatDraw",
    "HatMove",
    "Hats",
    "Lay",
    "Move",
    "Observation",
    "Phase",
    "Play",
    "Rules",
    "State",
    "Steal",
    "Stop",
    "TurnUp",
    "action_id",
    "apply",
    "apply_events",
    "array_bounds",
    "array_length",
    "chance_outcomes",
    "consistent_states",
    "current_player",
    "explain_score",
    "from_json",
    "hat_draw",
    "initial_state",
    "is_terminal",
    "legal_action_ids",
    "legal_action_mask",
    "legal_moves",
    "move_events",
    "move_for_action",
    "new_game",
    "num_actions",
    "num_chance_outcomes",
    "observation",
    "observation_from_json",
    "observation_layout",
    "observation_schema",
    "observation_to_json",
    "parse_move",
    "parse_notation",
    "redact_events",
    "relevant_rules",
    "render_svg",
    "render_text",
    "returns",
    "sample_state",
    "score",
    "score_tiles",
    "setup_events",
    "spec",
    "to_json",
    "visible_notation",
    "winners",
    "wording",
]

__getattr__ = renamed(__name__, {"parse": "parse_notation"}, globals())
