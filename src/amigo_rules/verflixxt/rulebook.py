"""The rules of Verflixxt! in one line each, and the ones that apply to a position.

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
    "VX-TURN-1": "Players who are home are skipped: the die passes clockwise to the next "
                 "player with a pawn on the way.",
    "VX-TURN-2": "Roll once, move one piece exactly that far: an own pawn, or a guard "
                 "standing with a pawn.",
    "VX-TURN-3": "Counting skips removed tiles; the finish stops a piece: positions count "
                 "the tiles left.",
    "VX-TURN-4": "One move per piece kind and tile: pawns of one owner on a tile are alike.",
    "VX-TURN-5": "Pieces share tiles freely.",
    "VX-TAKE-1": "Taking a tile: a pawn leaving a path tile it had to itself takes the "
                 "tile onto its tower.",
    "VX-TAKE-2": "Start and finish are never taken (the start tile may go to the box).",
    "VX-TAKE-3": "Action tiles are never taken: a pawn leaving one alone runs its action.",
    "VX-TAKE-4": "The tower keeps its order: each tile goes on top.",
    "VX-ACT-1": "Gift: your top tile goes away, a minus tile to the best top tile, a plus "
                "or lucky tile to the worst; the tile flips to Steal.",
    "VX-ACT-2": "Steal: take the top tile of another player's tower; the tile flips to Gift.",
    "VX-END-1": "The game ends when every pawn is home.",
    "VX-SCORE-1": "Scoring a tower: plus tiles add, minus tiles subtract, each lucky tile "
                  "turns one minus tile (the largest) into plus.",
    "VX-SCORE-2": "Winners and ties: the highest score wins; ties share the win (amigo: "
                  "fewer lucky tiles first).",
    "VXV-LUCKY-BELOW": "Lucky tiles act on the tile below: each turns the sign of the tile "
                       "directly under it.",
    "VXV-2": "A roll of 1: forward, back or stay.",
    "VXV-3": "Passed tiles move to the end: tiles every pawn has passed go before the finish.",
    "VXV-4": "The game ends when the first player is home: every pawn alone on a path tile "
             "takes it.",
    "VXV-5": "The game ends when one pawn is left: its owner takes the most negative tile "
             "left as a penalty.",
    "VXV-6": "Seven or eight players, two pawns each.",
    "VXV-7": "A roll of 1: forward or swap with an opponent's pawn on a tile next to yours.",
    "VXV-8": "Negative lucky tiles: one lucky tile turns the largest minus tile, two do "
             "nothing, three or more turn the largest plus tile.",
    "VXV-9": "Tactical cards instead of the die: play cards -1, 1 … 6, at most 6 a turn.",
    "VXV-10": "Hidden tiles: every turn ends by turning an unoccupied path tile face down.",
    "VXV-HIDDEN-TOWERS": "Face-down towers: other players' towers show only their top tile "
                         "or their size.",
})
"""Rule id → its title and gist, one line."""


def relevant_rules(state: State) -> tuple[str, ...]:
    """The ids of the rules that decide what can happen next in ``state`` (and of the
    variants in play), in `RULE_TEXTS` order.

    >>> from amigo_rules import verflixxt
    >>> relevant_rules(verflixxt.new_game())
    ('VX-TURN-1', 'VX-TURN-2')
    """
    state_of("relevant_rules", State, state)
    rules = state.rules
    phase = state.phase
    ids = set()
    if phase is Phase.ROLL:
        ids |= {"VX-TURN-1", "VX-TURN-2"}
    elif phase is Phase.MOVE:
        ids |= {"VX-TURN-2", "VX-TURN-3", "VX-TURN-4", "VX-TAKE-1", "VX-TAKE-2"}
        if rules.action_tiles:
            ids |= {"VX-TAKE-3", "VX-ACT-1", "VX-ACT-2"}
        if state.roll == 1 and rules.roll_one == "choice":
            ids.add("VXV-2")
        if state.roll == 1 and rules.roll_one == "swap":
            ids.add("VXV-7")
        if rules.tactical_cards:
            ids.add("VXV-9")
        if rules.passed_tiles_to_end or rules.negative_lucky_sweep:
            ids.add("VXV-3")
        if rules.early_end == "first_home":
            ids.add("VXV-4")
        if rules.early_end == "one_pawn_left":
            ids.add("VXV-5")
    elif phase is Phase.STEAL:
        ids.add("VX-ACT-2")
    elif phase is Phase.FLIP:
        ids.add("VXV-10")
    elif phase is Phase.OVER:
        ids |= {"VX-END-1", "VX-SCORE-2"}
        ids.add("VXV-8" if rules.negative_lucky else
                "VXV-LUCKY-BELOW" if rules.lucky_below else "VX-SCORE-1")
        if rules.early_end == "first_home":
            ids.add("VXV-4")
        if rules.early_end == "one_pawn_left":
            ids.add("VXV-5")
    if rules.towers != "open" and phase is not Phase.LAY:
        ids.add("VXV-HIDDEN-TOWERS")
    if rules.players > 6 and phase is not Phase.OVER:
        ids.add("VXV-6")
    return tuple(rule for rule in RULE_TEXTS if rule in ids)
