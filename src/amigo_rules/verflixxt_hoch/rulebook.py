"""The rules of Verflixxt hoch² in one line each, and the ones that apply to a position.

Each line starts with the title of the rule on the game's documentation page, where the
rule is given in full with its rulings.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ..core.checks import state_of
from .state import Phase, State

RULE_TEXTS: Final[Mapping[str, str]] = MappingProxyType({
    "HO-SETUP-3": "Two secret cards each.",
    "HO-SETUP-4": "Allocating the hats: the highest card turned up gets the lucky hat, the "
                  "next the cursed cap; the lucky hat begins.",
    "HO-TURN-1": "Play a card: 1-6 forward, 0 nothing, -1 one back, on an own pawn or a "
                 "guard standing with a pawn.",
    "HO-TURN-2": "Movement and tile taking: a pawn leaving a tile it had to itself takes "
                 "it, forward or back.",
    "HO-TURN-3": "The double move: after a yellow first card you may play the second.",
    "HO-TURN-4": "Drawing back to two cards (the discard pile is reshuffled when needed).",
    "HO-TURN-5": "Pawns leave play at the finish; a player with none in play is skipped.",
    "HO-FIN-1": "Exact arrivals earn the top token: landing on the finish with no movement "
                "left over.",
    "HO-RISK-1": "Odd is negative, even is positive: risk tiles count by how many you hold.",
    "HO-HAT-1": "One hat per pawn, none on guards.",
    "HO-HAT-2": "Take, hand over, swap: a pawn that arrives on a tile may deal with the "
                "hats there.",
    "HO-HAT-3": "The lucky hat comes home last: not while its owner has another pawn in "
                "play.",
    "HO-HAT-4": "The cursed cap may walk backward, its card's value, never past the start.",
    "HO-HAT-5": "Hats at the finish: the lucky hat +10, the cursed cap -10 for its wearer's "
                "owner.",
    "HO-END-1": "The end: every pawn has reached the finish.",
    "HO-SCORE-1": "The score: path tiles as in Verflixxt!, risk tiles, tokens, hats; ties "
                  "share the win.",
    "HO-ATTACK-1": "\"À l'attaque !\": a pair of equal cards pushes every opponent pawn and "
                   "guard on your pawn's tile.",
    "HO-COMBINE-1": "The amigo action tiles: Gift and Steal on the track, as in Verflixxt!.",
})
"""Rule id → its title and gist, one line."""


def relevant_rules(state: State) -> tuple[str, ...]:
    """The ids of the rules that decide what can happen next in ``state`` (and of the
    variants in play), in `RULE_TEXTS` order.

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> relevant_rules(ho.new_game(ho.Rules(players=2), seed=3))[:3]
    ('HO-TURN-1', 'HO-TURN-2', 'HO-TURN-3')
    """
    state_of("relevant_rules", State, state)
    rules = state.rules
    phase = state.phase
    ids = set()
    if phase is Phase.PLAY or phase is Phase.DOUBLE:
        ids |= {"HO-TURN-1", "HO-TURN-2", "HO-TURN-3", "HO-FIN-1", "HO-HAT-3", "HO-HAT-4",
                "HO-HAT-5"}
        if rules.attack and phase is Phase.PLAY:
            ids.add("HO-ATTACK-1")
        if rules.action_tiles:
            ids.add("HO-COMBINE-1")
    elif phase is Phase.HAT:
        ids |= {"HO-HAT-1", "HO-HAT-2"}
    elif phase is Phase.STEAL:
        ids.add("HO-COMBINE-1")
    elif phase is Phase.DRAW:
        ids |= {"HO-TURN-4", "HO-TURN-5"}
    elif phase is Phase.OVER:
        ids |= {"HO-END-1", "HO-SCORE-1", "HO-RISK-1", "HO-HAT-5"}
    else:
        ids |= {"HO-SETUP-3", "HO-SETUP-4"}
    return tuple(rule for rule in RULE_TEXTS if rule in ids)
