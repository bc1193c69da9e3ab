"""EXXtra (Reiner Knizia, Amigo 1998): roll an X and you're niX.

Each player rolls two dice, re-rolls at will while no X shows, and places the accepted pair
on the dice ladder; at the start of the next turn the counter climbs by the pair's rung.
The first counter on space 21 wins. See ``docs/games/exxtra.md`` for every rule (EX-*).

>>> from amigo_rules import exxtra
>>> state = exxtra.new_game(exxtra.Rules(players=3))
>>> state = exxtra.apply(state, exxtra.parse_move(state, "roll 7-X"))
>>> [str(move) for move in exxtra.legal_moves(state)]
['reroll', 'place 0', 'place 1', 'place 2', 'place 3', 'place 4', 'place 5']
>>> state = exxtra.apply(state, exxtra.parse_move(state, "place 5"))
>>> state.ladder, exxtra.current_player(state)
(((5, 70), None, None), -1)
"""

from .actions import (
    action_id,
    legal_action_ids,
    legal_action_mask,
    move_for_action,
    num_actions,
    num_chance_outcomes,
)
from .engine import (
    apply,
    chance_outcomes,
    current_player,
    explain_score,
    initial_state,
    is_terminal,
    legal_moves,
    new_game,
    parse_move,
    returns,
    score,
    winners,
)
from .moves import Move, Place, Reroll, Roll
from .narration import move_events, setup_events
from .observations import (
    Observation,
    array_length,
    consistent_states,
    observation,
    sample_state,
)
from .rulebook import RULE_TEXTS, relevant_rules
from .rules import Rules
from .serialization import NAME, from_json, to_json
from .specs import spec
from .state import FINISH, State
from .svg import render_svg
from .text import render_text

__all__ = [
    "FINISH",
    "NAME",
    "RULE_TEXTS",
    "Move",
    "Observation",
    "Place",
    "Reroll",
    "Roll",
    "Rules",
    "State",
    "action_id",
    "apply",
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
    "setup_events",
    "spec",
    "to_json",
    "winners",
]
