"""Running the chunks of games on any executor, counting them as they finish, keeping a
results file to resume from; the entry points `measure`, `compare` and `load`."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path
from typing import Any

import numpy as np

from ..batch import batch_of
from ..batch.policies import POLICIES
from ..core import ArgumentError, RulesError, StateError, checks, get_game
from ..core.checks import quote
from .play import Setup, play_chunk
from .results import Run, read
from .summary import Comparison, Summary
from .tally import Tally

Progress = Callable[[int, int], None]
"""Called as ``progress(finished, planned)`` with games, at the start and as chunks
finish."""

CHUNK = 2048
"""Games per chunk by default: enough for numpy to pay, few enough to spread over
workers."""
IN_FLIGHT = 64
"""Chunks handed to an executor at a time (the rest wait: memory stays flat)."""
SAVE_EVERY = 30.0
"""Seconds between two writes of a results file (and one at the end)."""


def baseline(game: str) -> str:
    """The game's baseline batch policy: its first one other than ``"random"``.

    >>> baseline("verflixxt"), baseline("exxtra")
    ('greedy', 'heuristic')
    """
    return next(name for name in POLICIES[get_game(game).NAME] if name != "random")


def setup(game: Any, rules: Any = None, *, agents: str | Sequence[str] | None = None,
          games: int, seed: int = 0, chunk: int = CHUNK) -> Setup:
    """The checked `Setup` of a run: `RulesError` for a bad value (an agent without a batch
    policy, rules the batch engine or a policy does not play), `ArgumentError` for a value
    of the wrong type."""
    module = get_game(game)
    name = module.NAME
    rules = module.initial_state(rules).rules
    if agents is None:
        agents = baseline(name)
    if isinstance(agents, str):
        agents = [agents] * rules.players
    if not isinstance(agents, Sequence) or not all(isinstance(a, str) for a in agents):
        raise ArgumentError(f"agents must be a policy name or a list of names, got "
                            f"{quote(agents)}")
    if len(agents) != rules.players:
        raise RulesError(f"agents must name one policy per seat ({rules.players}), got "
                         f"{len(agents)}: {quote(list(agents))}")
    known = POLICIES[name]
    for agent in agents:
        if agent not in known:
            raise RulesError(f"no batch policy {quote(agent)} for {name}; choose from "
                             f"{', '.join(known)}")
    count, start = checks.positive(games, "games"), checks.integer(seed, "seed")
    if start < 0:
        raise RulesError(f"seed must be a non-negative integer, got {start}")
    size = checks.positive(chunk, "chunk")
    batch = batch_of(name).new_games(rules, 1, 0)  # RulesError: rules the engine does not play
    for agent in dict.fromkeys(agents):
        known[agent](batch, np.random.default_rng(0))  # RulesError: nor the policy
    return Setup(name, rules, tuple(agents), count, start, size)


def measure(
    game: Any,
    rules: Any = None,
    *,
    agents: str | Sequence[str] | None = None,
    games: int,
    seed: int = 0,
    chunk: int = CHUNK,
    executor: Executor | None = None,
    results: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> Summary:
    """Play ``games`` games of ``game`` on the batch engine and say what they show.

    Args:
        game: a name from ``amigo_rules.GAMES`` or the game's module.
        rules: the game's ``Rules`` (default: the game's default rules).
        agents: the batch policy of every seat (a name of
            `amigo_rules.batch.policies.POLICIES`), or a list of one per seat; by default
            the game's `baseline`.
        games: how many games.
        seed: chunk ``i`` (games ``i·chunk`` on) is seeded from ``seed`` and ``i`` alone:
            the same parameters give the same result on any executor.
        chunk: games played together in one batch; with ``seed``, what decides the games.
        executor: any ``concurrent.futures.Executor`` (a process pool, Dask's
            ``client.get_executor()``); chunks go to it, at most `IN_FLIGHT` at a time.
            ``None`` plays in this process.
        results: a results file kept up to date as chunks finish: a run interrupted goes on
            where it stopped, one finished is read back without playing (`load`). A file
            of another run is refused (`StateError`) and left as it was.
        progress: called as ``progress(finished, games)`` as chunks finish.

    >>> summary = measure("exxtra", games=200, seed=1)
    >>> summary.games, len(summary.seats), round(sum(s.win.value for s in summary.seats), 6)
    (200, 4, 1.0)
    """
    return _measure(setup(game, rules, agents=agents, games=games, seed=seed, chunk=chunk),
                    executor, results, progress)


def _measure(plan: Setup, executor: Executor | None, results: str | os.PathLike[str] | None,
             progress: Progress | None) -> Summary:
    checks.executor_and_results(executor, results)
    run = Run(plan, set(), Tally(plan.rules.players))
    if results is not None and Path(results).exists():
        run = _resumed(results, plan)
    _play(run, executor, results, progress)
    return summary_of(run)


def _resumed(path: str | os.PathLike[str], plan: Setup) -> Run:
    """The run in ``path``, which must be ``plan``'s."""
    run = read(path)
    if run.setup != plan:
        differs = [field for field in ("game", "rules", "agents", "games", "seed", "chunk")
                   if getattr(run.setup, field) != getattr(plan, field)]
        raise StateError(f"{Path(path).name} holds another run (its {', '.join(differs)} "
                         "differ); give another file")
    return run


def _play(run: Run, executor: Executor | None, results: str | os.PathLike[str] | None,
          progress: Progress | None) -> None:
    """Play and count the chunks not done yet; ``results`` written as they finish and at
    the end (an interrupt included)."""
    plan = run.setup
    todo = iter([i for i in range(plan.chunks) if i not in run.done])
    saved = time.monotonic()

    def finished(index: int, tally: Tally, seconds: float) -> None:
        nonlocal saved
        run.add(index, tally, seconds)
        if progress is not None:
            progress(run.tally.games, plan.games)
        if results is not None and time.monotonic() - saved >= SAVE_EVERY:
            run.save(results)
            saved = time.monotonic()

    if progress is not None:
        progress(run.tally.games, plan.games)
    futures: dict[Future[tuple[Tally, float]], int] = {}
    try:
        if executor is None:
            for index in todo:
                finished(index, *play_chunk(plan, index))
            return
        while True:
            for index in todo:
                futures[executor.submit(play_chunk, plan, index)] = index
                if len(futures) >= IN_FLIGHT:
                    break
            if not futures:
                return
            done, _ = wait(futures, return_when=FIRST_COMPLETED)
            for future in done:
                finished(futures.pop(future), *future.result())
    finally:
        for future in futures:
            future.cancel()
        if results is not None:
            run.save(results)


def summary_of(run: Run) -> Summary:
    """The `Summary` of a run."""
    plan = run.setup
    return Summary(plan.game, plan.rules, plan.agents, plan.seed, plan.chunk, run.tally,
                   run.cpu_seconds)


def load(path: str | os.PathLike[str]) -> Summary:
    """The `Summary` of the finished run in the results file at ``path``: `StateError` for a
    file that is not a results file or holds a run not finished."""
    run = read(path)
    if not run.complete:
        raise StateError(f"{Path(path).name} holds {len(run.done)} of the run's "
                         f"{run.setup.chunks} chunks; run it again to finish")
    return summary_of(run)


def compare(
    game: Any,
    rule_sets: Sequence[Any],
    *,
    agents: str | Sequence[str] | None = None,
    games: int,
    seed: int = 0,
    chunk: int = CHUNK,
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> Comparison:
    """`measure` each of ``rule_sets`` (``games`` games each, rule set ``i`` with the seed
    ``seed + i``: independent runs) and set them side by side; each rule set's
    `Comparison.differences` are against the first rule set of as many players.

    ``agents`` as for `measure`, for every rule set (a list: per seat, cycled to each rule
    set's number of players). ``progress`` counts the games of all rule sets.

    >>> from amigo_rules import exxtra
    >>> comparison = compare("exxtra", [exxtra.Rules(players=3), exxtra.Rules(players=4)],
    ...                      games=100)
    >>> [s.players for s in comparison.summaries], comparison.differences
    ([3, 4], (None, None))
    """
    if isinstance(rule_sets, str) or not isinstance(rule_sets, Sequence) or not rule_sets:
        raise RulesError(f"rule_sets must list at least one Rules, got {quote(rule_sets)}")
    module = get_game(game)
    plans = []  # every rule set checked before any is played
    for index, rules in enumerate(rule_sets):
        seats = agents
        if not (agents is None or isinstance(agents, str)) and len(agents):
            players = module.initial_state(rules).rules.players
            seats = [agents[seat % len(agents)] for seat in range(players)]
        plans.append(setup(game, rules, agents=seats, games=games, seed=seed + index,
                           chunk=chunk))
    summaries = []
    for index, plan in enumerate(plans):

        def step(finished: int, _planned: int, before: int = index * games) -> None:
            if progress is not None:
                progress(before + finished, games * len(plans))

        summaries.append(_measure(plan, executor, None, step))
    return Comparison(tuple(summaries))
