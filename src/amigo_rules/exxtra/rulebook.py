"""The rules of EXXtra in one line each, and the ones that apply to a position.

Each line starts with the title of the rule on the game's documentation page, where the
rule is given in full.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ..core.checks import state_of
from .state import State

RULE_TEXTS: Final[Mapping[str, str]] = MappingProxyType({
    "EX-TURN-1": "Collect your pair's rung first: your pair on rung r moves you r spaces.",
    "EX-ROLL-6": "Roll again or place: keep rolling while no X shows, or accept.",
    "EX-PLACE-1": "Where a pair may go: rung 0 always, or an empty rung 1-5.",
    "EX-PLACE-2": "Knocking pairs off the rungs above: equal or lower pairs above yours go "
                  "back to their owners.",
    "EX-ROLL-2": "Reading a combination: the higher die first (7 and 1 read 71).",
    "EX-ROLL-3": "The first roll: X counts as 0.",
    "EX-ROLL-4": "Later rolls: an X ends the turn, one space back per X.",
    "EX-ROLL-5": "Doubles move you at once: 1-1, 2-2 and 3-3 move 1, 2 or 3 spaces.",
    "EX-END-1": "First to the finish wins.",
    "EX-END-2": "Score and turn limit: a game stopped by the turn limit has no winner.",
})
"""Rule id → its title and gist, one line."""


def relevant_rules(state: State) -> tuple[str, ...]:
    """The ids of the rules that decide what can happen next in ``state``, in
    `RULE_TEXTS` order.

    >>> from amigo_rules import exxtra
    >>> relevant_rules(exxtra.new_game())
    ('EX-ROLL-2', 'EX-ROLL-3', 'EX-ROLL-5')
    """
    state_of("relevant_rules", State, state)
    if state.over:
        ids = {"EX-END-1", "EX-END-2"}
    elif state.roll is None:
        ids = {"EX-ROLL-2", "EX-ROLL-5", "EX-ROLL-3" if state.first_roll else "EX-ROLL-4"}
    else:
        ids = {"EX-ROLL-6", "EX-PLACE-1", "EX-PLACE-2", "EX-TURN-1", "EX-ROLL-4"}
    if state.rules.max_turns is not None:
        ids.add("EX-END-2")
    return tuple(rule for rule in RULE_TEXTS if rule in ids)
