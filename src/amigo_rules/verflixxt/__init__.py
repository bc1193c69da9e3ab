"""Verflixxt! (Ravensburger 2005 and Amigo 2020 editions): every rule of ``VX-*``.

>>> from amigo_rules import verflixxt
>>> state = verflixxt.new_game(verflixxt.Rules.classic(players=3), seed=1)
>>> state = verflixxt.apply(state, verflixxt.parse_move(state, "roll 4"))
>>> [str(m) for m in verflixxt.legal_moves(state)]
['pawn 0']
>>> state = verflixxt.apply(state, verflixxt.parse_move(state, "pawn 0"))
>>> state.board.pawns[0], verflixxt.current_player(state)
((0, 0, 4), -1)

The library's upper floors (batch engines, agents, command line) import a game only from
here; what they need beyond the API is imported here too, outside ``__all__``: unchecked
helpers that may change (``CARDS``, ``LIMIT``, ``PHASES``, ``TILE_KINDS``, ``box``,
``laid_out``, ``path_tiles``, ``shuffled_setup``, ``track_length``, ``render_lines``,
``array_places``: where the batch engine writes each part of an observation array) and
the greedy play's weights that the agents and the batch policies share (``LANDING_WEIGHT``,
``LUCKY_RESERVE``).
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
from .cards import CARDS as CARDS
from .cards import LIMIT as LIMIT
from .engine import apply, apply_events, chance_outcomes, current_player, is_terminal, legal_moves
from .heuristic import LANDING_WEIGHT as LANDING_WEIGHT
from .heuristic import LUCKY_RESERVE as LUCKY_RESERVE
from .moves import GRAMMAR, Flip, Move, Pass, Roll, Steal, Step, Stop, Swap, parse_notation
from .narration import move_events, redact_events, setup_events, wording
from .observation_json import observation_from_json, observation_schema, observation_to_json
from .observations import (
    HIDDEN,
    Observation,
    array_bounds,
    array_length,
    observation,
    observation_layout,
)
from .observations import PHASES as PHASES
from .observations import TILE_KINDS as TILE_KINDS
from .observations import array_places as array_places
from .rulebook import RULE_TEXTS, relevant_rules
from .rules import LAYOUTS, PRESETS, Rules
from .sampling import consistent_states, may_lead_to, sample_state
from .scoring import explain_score, returns, score, score_tiles, winners
from .serialization import NAME, from_json, to_json
from .setup import box as box
from .setup import initial_state, new_game
from .setup import laid_out as laid_out
from .setup import path_tiles as path_tiles
from .setup import shuffled_setup as shuffled_setup
from .setup import track_length as track_length
from .specs import max_game_length, spec
from .state import Phase, State
from .svg import render_svg
from .text import render_lines as render_lines
from .text import render_text


def visible_notation(state: State, move: Move, *, player: int | None = None) -> str | None:
    """``str(move)`` as ``player`` may see it played in ``state``: None when that player may
    not see which move it was; ``player`` None sees everything. What is hidden is what
    `redact_events` hides from ``player``.

    >>> from amigo_rules import verflixxt
    >>> state = verflixxt.new_game(verflixxt.Rules.classic(players=2), seed=1)
    >>> visible_notation(state, verflixxt.Roll(4), player=1)
    'roll 4'
    """
    return visibility.visible_notation(
        state, move, player, kind=State, apply_events=apply_events,
        redact_events=redact_events, current_player=current_player)


__all__ = [
    "GRAMMAR",
    "HIDDEN",
    "LAYOUTS",
    "NAME",
    "PRESETS",
    "RULE_TEXTS",
    "Flip",
    "Lay",
    "Move",
    "Observation",
    "Pass",
    "Phase",
    "Roll",
    "Rules",
    "State",
    "Steal",
    "Step",
    "Stop",
    "Swap",
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
    "initial_state",
    "is_terminal",
    "legal_action_ids",
    "legal_action_mask",
    "legal_moves",
    "max_game_length",
    "may_lead_to",
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
