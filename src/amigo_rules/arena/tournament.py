"""``tournament``: many games between agents, on any executor, resumable."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from numbers import Real
from types import ModuleType
from typing import Any

from ..agents import make_agent
from ..core import ArgumentError, RulesError, checks, get_game
from ..core.checks import quote
from .plan import SEATINGS, schedule
from .results import ResultsFile, header
from .runner import Progress, run
from .standings import TournamentResult
from .worker import AgentSpec, Setup, describe


def tournament(
    game: str | ModuleType,
    agents: Mapping[str, AgentSpec] | Sequence[str],
    *,
    rules: Any = None,
    games: int,
    seed: int = 0,
    seating: str = "rotate",
    executor: Executor | None = None,
    results: str | os.PathLike[str] | None = None,
    move_timeout: float | None = None,
    progress: Progress | None = None,
) -> TournamentResult:
    """Play ``games`` games of ``game`` between ``agents`` and gather the results.

    Args:
        game: a name from ``amigo_rules.GAMES`` or the game's module.
        agents: names mapped to agents: a registered name with its parameters
            (``"greedy"``, ``"mcts:400"``) or a picklable factory called as
            ``factory(seed=...)`` for a fresh agent in every game (a class, a
            ``functools.partial``); or a list of registered names.
        rules: the game's ``Rules`` (default: the game's default rules).
        games: how many games.
        seed: game ``i`` is seeded from ``seed`` and ``i`` alone, its agents from the game's
            seed and their seats: the same parameters give the same games on any executor
            and any number of workers.
        seating: ``"rotate"`` (every agent plays every seat equally often over each cycle
            of games) or ``"random"`` (the same agents per game, seated in a random order).
        executor: any ``concurrent.futures.Executor`` (a process pool, Dask's
            ``client.get_executor()``); games go to it in chunks. ``None`` plays in this
            process.
        results: a JSON-lines file receiving every game as it finishes, after a header line
            with the tournament's parameters; games already in it are not played again, so
            an interrupted run goes on where it stopped. A file whose header is not this
            tournament's (any parameter but ``executor`` and ``progress`` differs), or that
            is not a results file, is refused and left as it was.
        move_timeout: seconds an agent may take for one decision, enforced in the worker;
            an agent that overruns forfeits, like one that raises or returns an illegal
            move. Each decision then runs in a helper thread (a small cost per move).
        progress: called as ``progress(finished, games)`` as games finish.

    Raises `ArgumentError` for a parameter of the wrong type, `RulesError` for a bad
    value and `StateError` for a results file of another tournament (naming what
    differs) or not a results file; an interrupt (or an executor's failure) stops the run
    with the finished games in ``results``.

    >>> result = tournament("verflixxt", ["greedy", "random"], games=4, seed=1)
    >>> [(s.name, s.games, s.seats) for s in result.agents.values()]
    [('greedy', 4, 8), ('random', 4, 8)]
    >>> sum(s.wins for s in result.agents.values())
    4.0
    """
    module = get_game(game)
    rules = module.initial_state(rules).rules
    factories = agent_specs(agents, module.NAME)
    count, start = checks.integer(games, "games"), checks.integer(seed, "seed")
    if count < 1:
        raise RulesError(f"games must be a positive integer, got {count}")
    if start < 0:
        raise RulesError(f"seed must be a non-negative integer, got {start}")
    if seating not in SEATINGS:
        raise RulesError(f"seating must be one of {', '.join(SEATINGS)}, got "
                         f"{checks.quote(seating)}")
    if move_timeout is not None:
        if not isinstance(move_timeout, Real) or isinstance(move_timeout, bool):
            raise ArgumentError(f"move_timeout must be a number of seconds, got "
                                f"{checks.quote(move_timeout)} ({checks.type_name(move_timeout)})")
        if not move_timeout > 0:
            raise RulesError(f"move_timeout must be a positive number of seconds, got "
                             f"{quote(move_timeout)}")
    checks.executor_and_results(executor, results)
    setup = Setup(module.NAME, rules, factories,
                  None if move_timeout is None else float(move_timeout))
    matches = schedule(tuple(factories), rules.players, count, start, seating)
    log = None
    if results is not None:
        log = ResultsFile(results, header(
            module.NAME, rules, [(name, describe(spec)) for name, spec in factories.items()],
            count, start, seating, setup.move_timeout))
    played = run(setup, matches, executor=executor, results=log, progress=progress)
    return TournamentResult(module.NAME, rules, tuple(factories), tuple(played))


def agent_specs(agents: Mapping[str, AgentSpec] | Sequence[str], game: str) -> dict[str, AgentSpec]:
    """The agents by name, checked: registered names are built once here, so that a typo
    fails now rather than in every game."""
    if isinstance(agents, Mapping):
        specs = dict(agents)
    elif isinstance(agents, Sequence) and not isinstance(agents, str):
        specs = {name: name for name in agents}
        if len(specs) != len(agents):
            raise RulesError(f"an agent is named twice in {quote(list(agents))}")
    else:
        raise RulesError("agents must map names to agents, or list registered names; "
                         f"got {quote(agents)}")
    if not specs:
        raise RulesError("a tournament needs at least one agent")
    for name, spec in specs.items():
        if not isinstance(name, str) or not name:
            raise RulesError(f"agent names must be non-empty strings, got {quote(name)}")
        if isinstance(spec, str):
            make_agent(spec, game, seed=0)
        elif not callable(spec) or (hasattr(spec, "act") and not isinstance(spec, type)):
            raise RulesError(
                f"agent {quote(name)} must be a registered name or a factory (a class or "
                f"functools.partial called with seed=...), not an agent: got {quote(spec)}"
            )
    return specs
