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

The library's upper floors (batch engines, agents, command line) import a game only from
here; what they need beyond the API is imported here too, outside ``__all__``: unchecked
helpers that may change (``DIE_A``, ``DIE_B``, ``X``, ``combination``, ``RUNGS``,
``TOP_COMBINATION``, ``render_lines``, ``array_places``: where the batch engine writes
each part of an observation array) and the heuristic's weights and worths that the
agents and the batch policies share (``WIN``, ``DENIAL``, ``at_least``, ``place_worth``,
``reroll_worth``).
"""

from __future__ import annotations

from ..core import visibility
from .actions import (
    action_id,
    legal_action_ids,
    legal_action_mask,
    move_for_action,
    num_actions,
    num_chance_outcomes,
    parse_move,
)
from .dice import DIE_A as DIE_A
from .dice import DIE_B as DIE_B
from .dice import X as X
from .dice import combination as combination
from .engine import (
    apply,
    apply_events,
    chance_outcomes,
    current_player,
    explain_score,
    initial_state,
    is_terminal,
    legal_moves,
    new_game,
    returns,
    score,
    winners,
)
from .heuristic import DENIAL as DENIAL
from .heuristic import WIN as WIN
from .heuristic import at_least as at_least
from .heuristic import place_worth as place_worth
from .heuristic import reroll_worth as reroll_worth
from .moves import RUNGS as RUNGS
from .moves import Move, Place, Reroll, Roll, parse_notation
from .narration import move_events, redact_events, setup_events, wording
from .observation_json import observation_from_json, observation_schema, observation_to_json
from .observations import TOP_COMBINATION as TOP_COMBINATION
from .observations import (
    Observation,
    array_length,
    consistent_states,
    observation,
    observation_layout,
    sample_state,
)
from .observations import array_places as array_places
from .rulebook import RULE_TEXTS, relevant_rules
from .rules import Rules
from .serialization import NAME, from_json, to_json
from .specs import spec
from .state import FINISH, State
from .svg import render_svg
from .text import render_lines as render_lines
from .text import render_text


def visible_notation(state: State, move: Move, *, player: int | None = None) -> str | None:
    """``str(move)`` as ``player`` may see it played in ``state``: None when that player may
    not see which move it was; ``player`` None sees everything. What is hidden is what
    `redact_events` hides from ``player``.

    >>> from amigo_rules import exxtra
    >>> visible_notation(exxtra.new_game(), exxtra.Roll(7, 6), player=1)
    'roll 7-6'
    """
    return visibility.visible_notation(
        state, move, player, kind=State, apply_events=apply_events,
        redact_events=redact_events, current_player=current_player)


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
    "apply_events",
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
    "setup_events",
    "spec",
    "to_json",
    "visible_notation",
    "winners",
    "wording",
]
