"""Playing a chunk of games on the batch engine and counting what the statistics need, the
games set aside and counted as they finish (memory bounded by the chunk, not the run).

A chunk's games depend on the `Setup` and the chunk's index alone: chunk ``i`` draws every
setup, chance outcome and policy choice from one generator seeded with
``SeedSequence(seed, spawn_key=(i,))``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import attrs
import numpy as np

from ..batch import batch_of, lockstep
from ..batch.policies import POLICIES, Policy
from .tally import STAGES, Tally
from .turns import TURNS

Decide = Callable[[Any, np.random.Generator], np.ndarray]
"""``decide(batch, rng) -> int64[n]``: every game's decision, -1 where none is due."""


@attrs.frozen
class Setup:
    """What a run plays: its games, each chunk's games and seed follow from it alone."""

    game: str
    """The game's name (`amigo_rules.GAMES`)."""
    rules: Any
    """The game's `Rules`."""
    agents: tuple[str, ...]
    """The batch policy of each seat, by name (`amigo_rules.batch.policies.POLICIES`)."""
    games: int
    """How many games in all."""
    seed: int
    """Chunk ``i`` is seeded from ``seed`` and ``i``."""
    chunk: int
    """Games per chunk (the last one may have fewer)."""

    @property
    def chunks(self) -> int:
        """How many chunks the games make."""
        return math.ceil(self.games / self.chunk)

    def size(self, index: int) -> int:
        """The games of chunk ``index``."""
        return min(self.chunk, self.games - index * self.chunk)


def play_chunk(setup: Setup, index: int) -> tuple[Tally, float]:
    """The tally of chunk ``index`` of ``setup``, and the CPU seconds it took."""
    started = time.process_time()
    rng = np.random.default_rng(np.random.SeedSequence(setup.seed, spawn_key=(index,)))
    tally = play(setup.game, setup.rules, setup.agents, setup.size(index), rng)
    return tally, time.process_time() - started


def play(game: str, rules: Any, agents: Sequence[str], n: int, rng: np.random.Generator
         ) -> Tally:
    """Play ``n`` new games of ``rules`` to their end, seat ``s`` played by the batch policy
    ``agents[s]``, everything drawn from ``rng``; what they show, counted.

    Each round resolves every chance node, then every decision (as
    `amigo_rules.batch.lockstep.play_out` does); the player leading alone at the start of
    each turn is noted, and finished games are counted and set aside once they are an
    eighth of those still playing.
    """
    module = batch_of(game)
    advance, sample = module.LOCKSTEP.advance, module.LOCKSTEP.sample
    decide = _decide(module, [POLICIES[game][name] for name in agents])
    begins = TURNS[game].batch
    tally = Tally(rules.players)
    work = lockstep.copied(module.new_games(rules, n, rng))
    turns = np.zeros(n, dtype=np.int64)
    decisions = np.zeros(n, dtype=np.int64)
    leaders = np.full((64, n), -1, dtype=np.int8)  # the sole leader at each turn's start
    while len(work):
        for draw in (sample, decide):
            begin = begins(work)
            ids = draw(work, rng)
            begin &= ids >= 0
            if begin.any():
                leaders = _note_leaders(module, work, begin, turns, leaders)
                turns += begin
            if draw is decide:
                decisions += ids >= 0
            advance(work, ids)
        done = module.is_terminal(work)
        finished = int(done.sum())
        if finished and 8 * finished >= len(work):
            out = np.flatnonzero(done)
            _count(tally, module, lockstep.rows_of(work, out), turns[out], decisions[out],
                   leaders[:, out])
            kept = np.flatnonzero(~done)
            work = lockstep.rows_of(work, kept)
            turns, decisions, leaders = turns[kept], decisions[kept], leaders[:, kept]
    return tally


def _decide(module: ModuleType, policies: list[Policy]) -> Decide:
    """Each seat's decisions by its own policy (one call per distinct policy, on the games
    where one of its seats is to move)."""
    if len(set(policies)) == 1:
        return policies[0]
    by_policy = {policy: np.array([s for s, p in enumerate(policies) if p is policy])
                 for policy in dict.fromkeys(policies)}

    def decide(batch: Any, rng: np.random.Generator) -> np.ndarray:
        seat = module.current_player(batch)
        ids = np.full(len(batch), -1, dtype=np.int64)
        for policy, seats in by_policy.items():
            rows = np.flatnonzero(np.isin(seat, seats))
            if rows.size:
                ids[rows] = policy(lockstep.rows_of(batch, rows), rng)
        return ids

    return decide


def _note_leaders(module: ModuleType, work: Any, begin: np.ndarray, turns: np.ndarray,
                  leaders: np.ndarray) -> np.ndarray:
    """``leaders`` with, for each game beginning a turn, its sole leader by score (-1 for a
    tie) noted at that turn's index; grown as games get longer."""
    rows = np.flatnonzero(begin)
    scores = module.score(work)[rows] if 2 * rows.size > len(work) else \
        module.score(lockstep.rows_of(work, rows))
    best = scores.max(axis=1, keepdims=True)
    sole = (scores == best).sum(axis=1) == 1
    at = turns[rows]
    if at.max() >= len(leaders):
        grown = np.full((2 * len(leaders), leaders.shape[1]), -1, dtype=np.int8)
        grown[: len(leaders)] = leaders
        leaders = grown
    leaders[at, rows] = np.where(sole, scores.argmax(axis=1), -1)
    return leaders


def _count(tally: Tally, module: ModuleType, games: Any, turns: np.ndarray,
           decisions: np.ndarray, leaders: np.ndarray) -> None:
    """Add the finished ``games`` (their turns, decisions and leaders per turn) to
    ``tally``."""
    players = tally.players
    scores = module.score(games)
    won = module.returns(games) > 0
    winners = won.sum(axis=1)
    each = np.arange(len(scores))
    tally.games += len(scores)
    tally.winners += np.bincount(winners, minlength=players + 1)
    for seat in range(players):
        tally.wins[seat] += np.bincount(winners[won[:, seat]] - 1, minlength=players)
        tally.scores[seat].add(scores[:, seat])
    ordered = np.sort(scores, axis=1)
    tally.top.add(ordered[:, -1])
    tally.margin.add(ordered[:, -1] - ordered[:, -2])
    tally.turns.add(turns)
    tally.decisions.add(decisions)
    for stage in range(STAGES):
        leader = leaders[(stage + 1) * turns // (STAGES + 1), each].astype(np.int64)
        led = leader >= 0
        tally.led[stage] += np.bincount(leader[led], minlength=players)
        kept = led & won[each, np.maximum(leader, 0)]
        tally.led_won[stage] += np.bincount(
            leader[kept] * players + winners[kept] - 1, minlength=players * players
        ).reshape(players, players)
