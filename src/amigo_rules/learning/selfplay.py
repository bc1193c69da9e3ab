"""Games on the batch engine for learning a value: self-play by the current value, games of
the game's baseline agents, and evaluation games of the value against the baselines.

A `Task` is a chunk of games, everything drawn from its own seed (`numpy.random.
SeedSequence` of the run's seed and the chunk's key), so that a chunk gives the same
result whichever process, machine or executor plays it; `play` plays one and returns a
`Chunk`: the features of the positions kept, seen by one seat per game (drawn at the
start; in games of the value against the baselines, the value's seat), with their
targets, and the results.

Targets are TD(λ) returns: each kept position's target mixes the value's estimates of the
positions after it with the game's result, ``G_t = (1 - λ) V(x_{t+1}) + λ G_{t+1}``,
ending in the result; λ = 1 (or no value yet) gives the result itself (Monte-Carlo
targets).
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np

from ..agents.features import features
from ..agents.model import ValueModel
from ..agents.value import BATCH, LearnedValue, active_seats, one_ply
from ..batch import lockstep
from ..core import RulesError

__all__ = ["Chunk", "Task", "play"]

VALUE = "value"
"""The seat name of the learned value's one-ply policy."""


@attrs.frozen
class Task:
    """A chunk of games to play."""

    game: str
    """The game's name."""
    rules: Any
    """The rules of every game of the chunk."""
    games: int
    """How many games."""
    seed: int
    """The run's seed."""
    key: tuple[int, ...]
    """The chunk's key (round, kind, index): its generator is ``SeedSequence(seed,
    spawn_key=key)``."""
    model: ValueModel | None = None
    """The value the `VALUE` seats play by (None: every seat plays ``opponent``)."""
    opponent: str | None = None
    """The baseline batch policy of the other seats (`amigo_rules.batch.policies.POLICIES`);
    None: every seat plays the value (self-play). With both, game ``i`` seats the value at
    ``i % players``."""
    lam: float = 1.0
    """λ of the targets."""
    keep: float = 0.0
    """The share of positions kept as training data (0: none, an evaluation)."""
    epsilon: float = 0.0
    """The share of the value's decisions made uniformly at random (exploration)."""
    dice: bool = False
    """Whether the value's moves average over the roll or draw after them."""
    turn: bool = False
    """Whether the value plays its whole turn as one ply (`amigo_rules.agents.value.
    after_values`)."""
    limit: int = 10_000
    """Moves after which a game still running is dropped (EXXtra and hoch² have no bound)."""


@attrs.frozen(eq=False)
class Chunk:
    """What a chunk of games gave."""

    features: np.ndarray
    """``float32[m, players, F]``: the positions kept."""
    targets: np.ndarray
    """``float32[m, players]``: their TD(λ) targets."""
    outcomes: np.ndarray
    """``float32[m, players]``: the results of their games."""
    games: int
    """Games finished (those past ``limit`` are dropped)."""
    steps: int
    """Moves played, chance outcomes included."""
    share: float
    """The value's summed win share in its seat (games against the baselines), else 0."""


def _seats(task: Task, players: int) -> np.ndarray:
    """``bool[games, players]``: the seats the value plays."""
    if task.model is None:
        return np.zeros((task.games, players), dtype=bool)
    if task.opponent is None:
        return np.ones((task.games, players), dtype=bool)
    seats: np.ndarray = np.arange(players)[None, :] == (np.arange(task.games) % players)[:, None]
    return seats


def play(task: Task) -> Chunk:
    """Play the chunk of games ``task`` describes."""
    engine = BATCH[task.game]
    rng = np.random.default_rng(np.random.SeedSequence(task.seed, spawn_key=task.key))
    rules = task.rules
    players = rules.players
    value = None if task.model is None else LearnedValue(task.model)
    baseline = None
    if task.opponent is not None:
        from ..batch.policies import POLICIES

        if task.opponent not in POLICIES[task.game]:
            raise RulesError(f"no batch policy {task.opponent!r} for {task.game}")
        baseline = POLICIES[task.game][task.opponent]
    elif value is None:
        raise RulesError("a chunk needs a value, an opponent or both")
    by_value = _seats(task, players)
    games = engine.new_games(rules, task.games, int(rng.integers(2**63)))
    viewer = rng.integers(players, size=task.games)
    if task.opponent is not None and value is not None:
        # against the baselines the value's own seat sees: a value that plays one seat
        # learns that seat's chances, not a blend of whichever seat happened to look (the
        # draw above is made all the same, so the games stay those of earlier versions)
        viewer = by_value.argmax(axis=1)
    bootstrap = task.model is not None and task.lam < 1
    record: list[_Step] = []
    steps = 0
    every = np.arange(task.games)
    for _ in range(task.limit):
        over = engine.is_terminal(games)
        if over.all():
            break
        live = np.flatnonzero(~over)
        steps += live.size
        if task.keep > 0:
            kept = rng.random(live.size) < task.keep
            rows = live if bootstrap else live[kept]
            part = _rows(games, rows)
            seen = features(task.game, rules, engine.observation_array(part, viewer[rows]),
                            active_seats(part))
            if bootstrap:
                assert task.model is not None
                record.append(_Step(live, kept, task.model.shares(seen), seen[kept]))
            else:
                record.append(_Step(rows, np.ones(rows.size, dtype=bool), None, seen))
        player = engine.current_player(games)
        ids = engine.sample_chance(games, rng)
        deciding = player >= 0
        mine = deciding & by_value[every, np.maximum(player, 0)]
        if mine.any():
            assert value is not None
            ids = np.where(mine, one_ply(value, games, rng, dice=task.dice, turn=task.turn,
                                         epsilon=task.epsilon), ids)
        if (deciding & ~mine).any():
            assert baseline is not None
            ids = np.where(deciding & ~mine, baseline(games, rng), ids)
        games = engine.step(games, ids)
    finished = engine.is_terminal(games)
    results = np.asarray(engine.returns(games), dtype=np.float64)
    share = float((results * by_value)[finished].sum()) if baseline is not None else 0.0
    kept_features, targets, outcomes = _targets(record, results, finished, task.lam)
    return Chunk(kept_features, targets, outcomes, int(finished.sum()), steps, share)


@attrs.frozen(eq=False)
class _Step:
    """One move of the chunk: the games recorded, which of them are kept, the value's
    estimates for all of them (bootstrapping), the features of the kept ones."""

    rows: np.ndarray
    kept: np.ndarray
    estimates: np.ndarray | None
    seen: np.ndarray


def _rows(games: Any, rows: np.ndarray) -> Any:
    return games if rows.size == len(games) else lockstep.rows_of(games, rows)


def _targets(record: list[_Step], results: np.ndarray, finished: np.ndarray, lam: float
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kept positions of finished games: features, TD(λ) targets and results, in the
    order they were played."""
    estimate = results.copy()  # V(x_{t+1}) of each game, then back along its moves
    target = results.copy()
    kept_targets = []
    for step in reversed(record):
        rows = step.rows
        now = (1 - lam) * estimate[rows] + lam * target[rows]
        target[rows] = now
        estimate[rows] = now if step.estimates is None else step.estimates
        kept_targets.append(now[step.kept])
    kept_targets.reverse()
    width = results.shape[1]
    features_out = [s.seen for s in record]
    games = [s.rows[s.kept] for s in record]
    if not record:
        return (np.zeros((0, width, 0), dtype=np.float32), np.zeros((0, width), np.float32),
                np.zeros((0, width), np.float32))
    rows = np.concatenate(games)
    done = finished[rows]
    return (np.concatenate(features_out)[done].astype(np.float32),
            np.concatenate(kept_targets)[done].astype(np.float32),
            results[rows][done].astype(np.float32))
