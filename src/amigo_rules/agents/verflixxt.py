"""A greedy one-ply agent for Verflixxt!: it looks at the observation and the die only."""

from __future__ import annotations

from typing import Any

from ..track import ACTIONS, FINISH, GIFT, LUCKY, PATH_TILES, START, STEAL, is_minus
from ..verflixxt import LANDING_WEIGHT, LUCKY_RESERVE, Observation, Steal, Step, score_tiles
from .oneply import TrackAgent


class VerflixxtGreedyAgent(TrackAgent):
    """Takes the tile that adds most to its own tower's score, avoids taking bad ones.

    Each legal move gets a value from the observation alone: the score the tower gains by
    the tile the move takes (computed with `score_tiles`), plus a smaller share of the tile
    the moved pawn will then stand on alone; guard moves and moves off shared tiles take
    nothing, so they win when every pawn move would take a minus tile. A steal takes the
    top tile that helps its own tower most. Ties are broken by its seeded generator.

    >>> from amigo_rules import verflixxt
    >>> state = verflixxt.apply(verflixxt.new_game(seed=1), verflixxt.Roll(3))
    >>> agent = VerflixxtGreedyAgent(seed=0)
    >>> agent.act(verflixxt.observation(state, 0), verflixxt.legal_moves(state))
    Step(piece='pawn', position=0)
    """

    name = "greedy"
    """The registry name."""
    landing_weight = LANDING_WEIGHT
    """The share of a tile's gain counted for a pawn left alone on it."""

    def value(self, obs: Observation, move: Any) -> float:
        """How much ``move`` is worth to the acting player (``obs.viewer``), one ply deep."""
        if isinstance(move, Steal):
            return self.gain(obs, obs.towers[move.victim][-1])
        if isinstance(move, Step):
            return self.step_value(obs, move)
        return 0.0

    def gain(self, obs: Observation, tile: str) -> float:
        """The change of the own tower's score by putting ``tile`` on top (0 for a tile the
        observation hides: VXV-10, VXV-HIDDEN-TOWERS)."""
        if tile not in PATH_TILES:
            return 0.0
        tower = obs.towers[obs.viewer]
        gained: float = score_tiles((*tower, tile), obs.rules) - score_tiles(tower, obs.rules)
        if tile == LUCKY and not any(is_minus(t) for t in tower):
            gained += LUCKY_RESERVE
        return gained

    def step_value(self, obs: Observation, move: Step) -> float:
        """What moving ``move.piece`` from ``move.position`` is worth: the tile taken, the tile
        landed on, company left behind."""
        origin = move.position
        finish = len(obs.tiles) - 1
        steps = obs.roll if move.delta is None else move.delta  # VXV-2, VXV-9: chosen
        target = max(0, min(origin + steps, finish))
        here = sum(ps.count(origin) for ps in obs.pawns) + obs.guards.count(origin)
        there = sum(ps.count(target) for ps in obs.pawns) + obs.guards.count(target)
        value = 0.0
        if move.piece == "pawn":
            if here == 1 and target != origin:
                value += self.leave_value(obs, obs.tiles[origin])
            tile = obs.tiles[target]
            if there == 0 and target != finish and tile not in (START, *ACTIONS):
                value += LANDING_WEIGHT * self.gain(obs, tile)
        else:
            value += self.guard_value(obs, origin, target)
        return value

    def leave_value(self, obs: Observation, tile: str) -> float:
        """What leaving ``tile`` alone brings: the tile itself, or its action."""
        if tile in (START, FINISH):
            return 0.0
        tower = obs.towers[obs.viewer]
        if tile == GIFT:  # the top tile goes away
            return score_tiles(tower[:-1], obs.rules) - score_tiles(tower, obs.rules)
        if tile == STEAL:  # the best top tile among the others comes over
            tops = [t[-1] for p, t in enumerate(obs.towers) if p != obs.viewer and t]
            return max((self.gain(obs, t) for t in tops), default=0.0)
        return self.gain(obs, tile)

