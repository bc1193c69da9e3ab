"""What runs in a worker: build the agents of a game, play it, turn a faulty agent into a
forfeit, and return the game's results-file line.

Everything here is picklable and depends only on its arguments, so a game gives the same
line in the calling process, in a process pool and on a Dask cluster.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

import attrs

from ..agents import make_agent
from ..core import AgentError, GameRecord, agent_name, decide, get_game, play
from ..core.checks import quote
from .deadline import Overrun, Recording, Watch
from .plan import Match, agent_seed
from .results import Fault, GameResult

AgentSpec = str | Callable[..., Any]
"""An agent of a tournament: a registered name with its parameters (``"mcts:400"``), or a
picklable factory called as ``factory(seed=...)`` for a fresh agent each game."""


@attrs.frozen
class Setup:
    """What every game of a tournament shares; sent to the workers with each chunk."""

    game: str
    rules: Any
    agents: Mapping[str, AgentSpec]
    """The tournament's agents by name."""
    move_timeout: float | None = None


def describe(spec: AgentSpec) -> str:
    """What an agent spec is, in words that stay the same from run to run (no addresses):
    how a results file recognises the tournament that wrote it.

    >>> from functools import partial
    >>> from amigo_rules.agents import RandomAgent
    >>> describe("mcts:400"), describe(RandomAgent)
    ('mcts:400', 'amigo_rules.agents.random.RandomAgent')
    >>> describe(partial(RandomAgent, seed=3))
    'partial(amigo_rules.agents.random.RandomAgent, seed=3)'
    """
    if isinstance(spec, str):
        return spec
    if isinstance(spec, functools.partial):
        parts = [describe(spec.func), *map(repr, spec.args)]
        parts += [f"{key}={value!r}" for key, value in spec.keywords.items()]
        return f"partial({', '.join(parts)})"
    named = spec if hasattr(spec, "__qualname__") else type(spec)
    return f"{named.__module__}.{named.__qualname__}"


def build(spec: AgentSpec, game: str, seed: int) -> Any:
    """A fresh agent from its spec, seeded."""
    return make_agent(spec, game, seed=seed) if isinstance(spec, str) else spec(seed=seed)


class Seat:
    """An agent in its seat: asks it for moves (on the game's clock, if there is one) and
    remembers whether it raised, to tell the kinds of faults apart."""

    def __init__(self, seat: int, agent: Any, watch: Watch | None) -> None:
        self.seat = seat
        self.agent = agent
        self.watch = watch
        self.listener = agent
        """Where `amigo_rules.play` sends its table hooks: the agent's own."""
        self.raised = False

    @property
    def name(self) -> str:
        return agent_name(self.agent)

    def act(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        try:
            if self.watch is None:
                return decide(self.agent, observation, legal)
            return self.watch.decide(self.seat, self.agent, observation, legal)
        except Exception:
            self.raised = True
            raise


Outcome = tuple[GameRecord, tuple[int, str, str] | None]
"""A game's record, and its fault as (seat, kind, message) if an agent failed."""


def play_match(setup: Setup, match: Match) -> str:
    """Play one planned game; its results-file line. A faulty agent (raises, returns an
    illegal move, overruns ``move_timeout``, or cannot even be built) forfeits the game,
    which is kept with its partial record and the fault."""
    module = get_game(setup.game)
    agents = []
    for seat, name in enumerate(match.seating):
        try:
            agents.append(build(setup.agents[name], setup.game, agent_seed(match.seed, seat)))
        except Exception as exc:
            state = module.new_game(setup.rules, seed=match.seed)
            record = GameRecord(module.NAME, setup.rules, match.seed, (), state, match.seating)
            message = (f"agent {quote(name)} (player {seat}) could not be built: "
                       f"{type(exc).__name__}: {exc}")
            outcome: Outcome = (record, (seat, "raised", message))
            break
    else:
        outcome = play_seats(module, setup, match, agents)
    record, fault = outcome
    text = record.to_json()
    faults: tuple[Fault, ...] = ()
    if fault is not None:
        seat, kind, message = fault
        faults = (Fault(match.index, seat, match.seating[seat], kind, message, text),)
    state = record.final_state
    result = GameResult(match.index, match.seed, match.seating,
                        tuple(describe(setup.agents[name]) for name in match.seating),
                        tuple(module.score(state)), tuple(module.winners(state)), faults)
    return result.to_line(text)


def play_seats(module: ModuleType, setup: Setup, match: Match, agents: list[Any]) -> Outcome:
    """Play the game between the built agents, under the move time limit if there is one."""
    watch = None if setup.move_timeout is None else Watch(setup.move_timeout)
    seats = [Seat(seat, agent, watch) for seat, agent in enumerate(agents)]
    game = module if watch is None else Recording(module, watch)
    try:
        if watch is None:
            return play(game, seats, setup.rules, seed=match.seed), None
        return watch.run(lambda: play(game, seats, setup.rules, seed=match.seed)), None
    except AgentError as exc:
        kind = "raised" if seats[exc.player].raised else "illegal"
        if not isinstance(exc.record, GameRecord):  # play() always gives the record so far
            raise
        fault_kind = getattr(exc.__cause__, "fault_kind", None)
        if fault_kind is None:
            return exc.record, (exc.player, kind, str(exc))
        return exc.record, (exc.player, fault_kind, f"{exc.__cause__}")
    except Overrun as exc:
        count, state = game.progress
        if state is None:
            state = module.new_game(setup.rules, seed=match.seed)
        for seat in seats:  # the table's end for those still listening (not the stuck one)
            hooks = getattr(seat.agent, "finished", None)
            if seat.seat != exc.seat and hooks is not None:
                hooks(state, "forfeit")
        names = tuple(seat.name for seat in seats)
        record = GameRecord(module.NAME, setup.rules, match.seed, tuple(game.moves[:count]),
                            state, names)
        message = (f"agent {quote(names[exc.seat])} (player {exc.seat}) took longer than "
                   f"move_timeout={setup.move_timeout:g} s")
        return record, (exc.seat, "timeout", message)


def play_chunk(setup: Setup, matches: tuple[Match, ...]) -> list[str]:
    """Play several planned games in a row (one task of an executor)."""
    return [play_match(setup, match) for match in matches]
