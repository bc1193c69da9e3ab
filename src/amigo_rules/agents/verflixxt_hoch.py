"""A greedy one-ply agent for Verflixxt hoch²: it looks at the observation only."""

from __future__ import annotations

from typing import Any

from ..track import FINISH, GIFT, LUCKY, START, STEAL, is_minus
from ..verflixxt_hoch import (
    CARD_VALUE,
    FRESH_HAND,
    HAT,
    HAT_HOLD,
    LANDING_WEIGHT,
    LUCKY_RESERVE,
    MEETING_WEIGHT,
    TOKEN_STACK,
    Attack,
    HatMove,
    Observation,
    Play,
    Steal,
    score_tiles,
    top_tile,
)
from .oneply import TrackAgent

_NOT_TAKEN = (START, FINISH, GIFT, STEAL)


class VerflixxtHochGreedyAgent(TrackAgent):
    """Takes valuable tiles, finish tokens and the lucky hat; sheds the cursed cap.

    Each legal move gets a value from the observation alone: the change of the own score by
    the tile a move takes (`score_tiles`, so risk tiles count by the parity they would
    make), the top finish token for an exact arrival, a hat's points (HO-HAT-5) for a hat
    brought home, a share of the tile the pawn will then stand on alone and of the hat
    chances where it lands; hat
    actions count the hats' worth (take the lucky hat, hand the cursed cap to an opponent,
    swap it for the lucky hat); Gift and Steal tiles count the tile lost or won; a steal
    takes the top tile that helps most; ``stop`` is worth 0, so the second card is played
    only when it helps. Ties are broken by its seeded generator.

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> state = ho.new_game(ho.Rules(players=2), seed=3)
    >>> move = VerflixxtHochGreedyAgent(seed=0).act(ho.observation(state, 0), ho.legal_moves(state))
    >>> move in ho.legal_moves(state)
    True
    """

    name = "greedy"
    """The registry name."""
    landing_weight = LANDING_WEIGHT
    """The share of a tile's gain counted for a pawn left alone on it."""

    def value(self, obs: Observation, move: Any) -> float:
        """How much ``move`` is worth to the acting player (``obs.viewer``), one ply deep."""
        if isinstance(move, Play):
            return 0.0 if move.piece is None else self.play_value(obs, move)
        if isinstance(move, HatMove):
            return self.hat_value(obs, move)
        if isinstance(move, Steal):
            tower = obs.towers[move.victim]
            index = top_tile(tower)
            return 0.0 if index is None else self.gain(obs, tower[index])
        if isinstance(move, Attack):
            return self.attack_value(obs, move)
        return 0.0

    def gain(self, obs: Observation, tile: str) -> float:
        """The change of the own score by adding ``tile`` to the collection."""
        tower = obs.towers[obs.viewer]
        gained: float = score_tiles((*tower, tile), obs.rules) - score_tiles(tower, obs.rules)
        if tile == LUCKY and not any(is_minus(t) for t in tower):
            gained += LUCKY_RESERVE
        return gained

    def token(self, obs: Observation) -> float:
        """The points of the next finish token (0 when the stack is empty)."""
        return float(TOKEN_STACK[obs.tokens][1:]) if obs.tokens < len(TOKEN_STACK) else 0.0

    def leave_value(self, obs: Observation, tile: str) -> float:
        """What leaving ``tile`` alone brings: the tile itself, or its action."""
        if tile in (START, FINISH):
            return 0.0
        tower = obs.towers[obs.viewer]
        if tile == GIFT:
            index = top_tile(tower)
            if index is None:
                return 0.0
            rest = tower[:index] + tower[index + 1 :]
            return score_tiles(rest, obs.rules) - score_tiles(tower, obs.rules)
        if tile == STEAL:
            tops = [t[i] for p, t in enumerate(obs.towers)
                    if p != obs.viewer and (i := top_tile(t)) is not None]
            return max((self.gain(obs, t) for t in tops), default=0.0)
        return self.gain(obs, tile)

    def play_value(self, obs: Observation, move: Play) -> float:
        """What playing ``move.card`` on ``move.piece`` is worth: the tile taken, the tile landed
        on, the finish token, the hats."""
        me = obs.viewer
        value_ = CARD_VALUE[move.card]
        steps = -value_ if move.reverse else value_
        origin = move.position
        finish = len(obs.tiles) - 1
        target = max(0, min(origin + steps, finish))
        value = 0.0
        if origin + steps == finish:
            value += self.token(obs)
        if move.piece == "guard":
            return value + self.guard_value(obs, origin, target)
        here = sum(ps.count(origin) for ps in obs.pawns) + obs.guards.count(origin)
        if here == 1 and target != origin:
            value += self.leave_value(obs, obs.tiles[origin])
        if move.piece == "lucky":
            value += HAT * (1 - HAT_HOLD) if target == finish else 0.0
        elif move.piece == "cursed":
            value -= HAT * (1 - HAT_HOLD) if target == finish else 0.0
            value += 0.5 if steps < 0 else 0.0  # walking back keeps it in play longer
        if target in (finish, origin):
            return value
        there = sum(ps.count(target) for ps in obs.pawns) + obs.guards.count(target)
        tile = obs.tiles[target]
        if there == 0 and tile not in _NOT_TAKEN:
            value += LANDING_WEIGHT * self.gain(obs, tile)
        worn = None if move.piece is None else {"lucky": 0, "cursed": 1}.get(move.piece)
        lucky = obs.hats[0]
        if worn is None and lucky is not None and lucky[1] == target and lucky[0] != me:
            value += MEETING_WEIGHT * HAT
        if worn == 1:
            others = any(q != me and target in ps for q, ps in enumerate(obs.pawns))
            if others or (lucky is not None and lucky[1] == target):
                value += MEETING_WEIGHT * HAT
        return value

    def hat_value(self, obs: Observation, move: HatMove) -> float:
        """Hats by their worth: gaining the lucky hat or losing the cursed cap is good."""
        me = obs.viewer
        worn = obs.arrived_hat  # 0 none, 1 lucky, 2 cursed
        if move.action == "take":
            return HAT * HAT_HOLD * (1 if move.target == "lucky" else -1)
        if move.action == "swap":  # the worn hat for the other one
            return 2 * HAT * HAT_HOLD * (1 if worn == 2 else -1)
        if move.action == "give":
            if int(move.target) == me:
                return 0.0
            return HAT * HAT_HOLD * (1 if worn == 2 else -1)
        return 0.0

    def attack_value(self, obs: Observation, move: Attack) -> float:
        """Tokens for pieces pushed exactly home; hats pushed home count for their owners. A
        pair of 0s pushes nobody and is worth `FRESH_HAND`."""
        me = obs.viewer
        origin = move.position
        value_ = CARD_VALUE[obs.hand[0]]
        if value_ == 0:
            return FRESH_HAND
        finish = len(obs.tiles) - 1
        pushed = sum(ps.count(origin) for q, ps in enumerate(obs.pawns) if q != me)
        pushed += obs.guards.count(origin)
        value = 0.1 * pushed  # opponents' pawns pushed on are out of the way
        if origin + value_ == finish:
            left = TOKEN_STACK[obs.tokens :][:pushed]
            value += sum(float(t[1:]) for t in left)
        if origin + value_ >= finish:
            for i, h in enumerate(obs.hats):
                if h is not None and h[0] != me and h[1] == origin:
                    value += HAT * HAT_HOLD * (-1 if i == 0 else 1)
        return value
