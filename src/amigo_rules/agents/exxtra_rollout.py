"""EXXtra's rollout agent on the batch engine: every legal move is tried in ``rollouts``
games that the heuristic plays on (`amigo_rules.batch.exxtra_heuristic.exxtra_heuristic`) until
the agent's own turn comes round again, ``rounds`` times; there each game is scored by the
fitted value (`amigo_rules.agents.exxtra_value`), and the move of highest mean is played.

Simulating the opponents' next turns, rather than estimating them, settles what the value
function only guesses: whether the pair just placed survives until it pays (EX-TURN-1,
EX-PLACE-2). Its registry name is ``rollout[:ROLLOUTS[:ROUNDS]]`` (``rollout:100``); more
rollouts per move make the estimate of each move finer. Rollout ``i`` meets the same
dice after every move (common random numbers), so the moves' means differ by what the
moves do.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import exxtra
from ..batch import exxtra as batch
from ..batch import lockstep
from ..batch.exxtra_heuristic import exxtra_heuristic
from ..core import CHANCE, checks
from .exxtra_value import load, value
from .oneply import OnePlyAgent

__all__ = ["ExxtraRolloutAgent"]

DICE = 32
"""Rolls drawn ahead per rollout, more when they run out."""


class ExxtraRolloutAgent(OnePlyAgent):
    """Plays the legal move whose ``rollouts`` heuristic continuations score best (ties
    broken by its seeded generator).

    Args:
        seed: seeds the rollouts' dice and the heuristic's ties: the same seed and
            observations give the same moves.
        rollouts: games played on from each legal move (at least 1).
        rounds: how often the agent's turn comes round before a rollout is scored (at
            least 1); a game that ends first is scored by its result.

    After each decision with a choice, ``stats`` holds ``rollouts`` and the mean ``values``
    per move.

    >>> from amigo_rules import exxtra
    >>> state = exxtra.apply(exxtra.new_game(), exxtra.Roll(7, 6))
    >>> agent = ExxtraRolloutAgent(seed=0, rollouts=20)
    >>> agent.act(exxtra.observation(state, 0), exxtra.legal_moves(state))
    Place(rung=5)
    """

    name = "rollout"
    """The registry name."""

    def __init__(self, seed: int | None = None, *, rollouts: int = 100, rounds: int = 1
                 ) -> None:
        self.rollouts = checks.positive(rollouts, "rollouts")
        """Games played on from each legal move."""
        self.rounds = checks.positive(rounds, "rounds")
        """How often the agent's turn comes round before a rollout is scored."""
        super().__init__(seed)  # its ``rng`` also draws the rollouts' dice
        self.stats: dict[str, Any] = {}
        """The last decision: ``rollouts`` and the mean ``values`` per move."""

    @classmethod
    def from_params(cls, *params: str, seed: int | None = None) -> ExxtraRolloutAgent:
        """The agent of a registry name ``rollout:ROLLOUTS[:ROUNDS]``.

        >>> ExxtraRolloutAgent.from_params("50", "2").rounds
        2
        """
        if not 1 <= len(params) <= 2:
            raise ValueError("expected rollout:ROLLOUTS[:ROUNDS]")
        return cls(seed, rollouts=int(params[0]), rounds=int(params[1]) if params[1:] else 1)

    def act(self, observation: exxtra.Observation, legal_moves: tuple[Any, ...]) -> Any:
        """The legal move of highest mean value (a single legal move is played at once)."""
        return legal_moves[0] if len(legal_moves) == 1 else super().act(observation, legal_moves)

    __call__ = act

    def values(self, observation: exxtra.Observation, legal_moves: tuple[Any, ...]
               ) -> list[float]:
        """Per legal move, the mean value to the player to move of its rollouts."""
        state = exxtra.sample_state(observation, self.rng)  # EXXtra hides nothing
        me = state.player
        horizon = state.turn + self.rounds * state.rules.players
        weights = load()
        games = batch.from_states(
            [after for after in (exxtra.apply(state, m) for m in legal_moves)
             for _ in range(self.rollouts)])
        scores = np.full(len(games), np.nan)
        # The k-th roll of rollout i is the same after every move (common random numbers):
        # the moves' means differ by what the moves do, not by the dice they met.
        lane = np.tile(np.arange(self.rollouts), len(legal_moves))
        dice = np.empty((self.rollouts, 0), dtype=np.int64)
        used = np.zeros(len(games), dtype=np.intp)
        while True:
            done = games.over | (games.turn >= horizon)
            fresh = np.flatnonzero(done & np.isnan(scores))
            if fresh.size:
                ended = batch.to_states(lockstep.rows_of(games, fresh))
                scores[fresh] = [value(s, weights)[me] for s in ended]
            if done.all():
                break
            rolling = batch.current_player(games) == CHANCE
            if used.max() >= dice.shape[1]:
                more = self.rng.integers(0, batch.ROLLS, size=(self.rollouts, DICE))
                dice = np.concatenate((dice, more), axis=1)
            rolls = dice[lane, used]
            used += rolling
            games = batch.step(games, np.where(rolling, rolls, exxtra_heuristic(games, self.rng)))
        means = [float(v) for v in scores.reshape(len(legal_moves), self.rollouts).mean(axis=1)]
        self.stats = {"rollouts": self.rollouts,
                      "values": {str(m): v for m, v in zip(legal_moves, means, strict=True)}}
        return means

