"""Verflixxt! (Ravensburger 2005 and Amigo 2020 editions): every rule of ``VX-*``.

>>> from amigo_rules import verflixxt
>>> state = verflixxt.new_game(verflixxt.Rules.classic(players=3), seed=1)
>>> state = verflixxt.apply(state, verflixxt.parse_move(state, "roll 4"))
>>> [str(m) for m in verflixxt.legal_moves(state)]
['pawn 0']
>>> state = verflixxt.apply(state, verflixxt.parse_move(state, "pawn 0"))
>>> state.board.pawns[0], verflixxt.current_player(state)
((0, 0, 4), -1)
"""

from __future__ import annotations

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
from .engine import apply, chance_outcomes, current_player, is_terminal, legal_moves
from .moves import GRAMMAR, Flip, Move, Pass, Roll, Steal, Step, Stop, Swap, parse_notation
from .narration import move_events, setup_events
from .observations import (
    HIDDEN,
    PHASES,
    TILE_KINDS,
    Observation,
    array_bounds,
    array_length,
    observation,
)
from .rulebook import RULE_TEXTS, relevant_rules
from .rules import LAYOUTS, PRESETS, Rules
from .sampling import sample_state
from .scoring import explain_score, returns, score, score_tiles, winners
from .serialization import NAME, from_json, to_json
from .setup import box, initial_state, laid_out, new_game, path_tiles, shuffled_setup, track_length
from .specs import max_game_length, spec
from .state import Phase, State
from .svg import render_svg
from .text import render_lines, render_text

__all__ = [
    "GRAMMAR",
    "HIDDEN",
    "LAYOUTS",
    "NAME",
    "PHASES",
    "PRESETS",
    "RULE_TEXTS",
    "TILE_KINDS",
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
    "array_bounds",
    "array_length",
    "box",
    "chance_outcomes",
    "current_player",
    "explain_score",
    "from_json",
    "initial_state",
    "is_terminal",
    "laid_out",
    "legal_action_ids",
    "legal_action_mask",
    "legal_moves",
    "max_game_length",
    "move_events",
    "move_for_action",
    "new_game",
    "num_actions",
    "num_chance_outcomes",
    "observation",
    "parse_move",
    "parse_notation",
    "path_tiles",
    "relevant_rules",
    "render_lines",
    "render_svg",
    "render_text",
    "returns",
    "sample_state",
    "score",
    "score_tiles",
    "setup_events",
    "shuffled_setup",
    "spec",
    "to_json",
    "track_length",
    "winners",
]

__getattr__ = renamed(__name__, {"parse": "parse_notation"}, globals())
