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

from ..core.actions import require_legal
from ..core.checks import wrong_type
from ..track import Lay
from .actions import (
    action_id,
    legal_action_ids,
    legal_action_mask,
    move_for_action,
    num_actions,
    num_chance_outcomes,
)
from .engine import apply, chance_outcomes, current_player, is_terminal, legal_moves
from .moves import GRAMMAR, Flip, Move, Pass, Roll, Steal, Step, Stop, Swap, parse
from .narration import move_events, setup_events
from .observations import HIDDEN, Observation, array_bounds, array_length, observation
from .rulebook import RULE_TEXTS, relevant_rules
from .rules import LAYOUTS, PRESETS, Rules
from .sampling import consistent_states, may_lead_to, sample_state
from .scoring import explain_score, returns, score, score_tiles, winners
from .serialization import NAME, from_json, to_json
from .setup import initial_state, new_game
from .specs import max_game_length, spec
from .state import Phase, State
from .svg import render_svg
from .text import render_text


def parse_move(state: State, text: str) -> Move:
    """The legal move written ``text`` (the inverse of ``str(move)``, case-insensitive).

    Raises `IllegalMoveError` for unknown notation or a move that is not legal here.
    """
    if type(state) is not State:
        raise wrong_type("parse_move", State, state)
    return require_legal(parse(text), legal_moves(state), text)


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
    "parse_move",
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
    "winners",
]
