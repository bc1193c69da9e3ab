"""Verflixxt hoch² (Ravensburger 2007): every rule of ``HO-*`` built on the track machinery.

>>> from amigo_rules import verflixxt_hoch as ho
>>> state = ho.new_game(ho.Rules(players=2), seed=3)
>>> state.hands[state.player], ho.current_player(state) == state.player
(('4o', '5o'), True)
>>> [str(m) for m in ho.legal_moves(state)][:2]
['card 4o pawn 0', 'card 4o lucky 0']
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
    parse,
)
from .narration import move_events, setup_events
from .observations import Observation, array_bounds, array_length, observation
from .rulebook import RULE_TEXTS, relevant_rules
from .rules import Rules
from .sampling import consistent_states, sample_state
from .scoring import explain_score, returns, score, score_tiles, winners
from .serialization import NAME, from_json, to_json
from .setup import HatDraw, hat_draw, initial_state, new_game
from .specs import spec
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
    "parse",
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
