"""The move time limit: a game plays in a helper thread while the calling thread watches
the clock of the decision under way.

Threads, not signals: ``SIGALRM`` works only in a process's main thread, and Dask runs tasks
in worker threads; this works in both. The cost is one thread per game and a clock reading
per decision. A thread cannot be killed, so when an agent overruns, the watch gives up the
game (the agent forfeits; its partial record is what `Recording` saw) and sends the thread
`Abandoned`, which stops an agent spinning in Python code at its next bytecode; an agent
blocked inside a C call (a long ``sleep``, a socket) keeps its idle thread until the call
returns, without holding up anything else.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any, Literal, TypeVar

from ..core import decide

T = TypeVar("T")


class Abandoned(BaseException):
    """Raised inside the thread of a game whose agent overran: a `BaseException`, so that an
    agent's ``except Exception`` does not swallow it."""


class Overrun(Exception):
    """What `Watch.run` raises when a decision takes longer than the limit."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


class Watch:
    """The clock of one game's decisions, limited to ``seconds`` each.

    >>> from amigo_rules.agents import RandomAgent
    >>> watch = Watch(5.0)
    >>> watch.run(lambda: watch.decide(0, RandomAgent(seed=1), None, ("a", "b", "c")))
    'b'
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.deciding: tuple[float, int] | None = None
        """When the decision under way started, and whose it is (one tuple: read at once)."""

    def decide(self, seat: int, agent: Any, observation: Any, legal: tuple[Any, ...]) -> Any:
        """The agent's move, its time on the clock (called in the game's thread)."""
        self.deciding = (time.monotonic(), seat)
        try:
            return decide(agent, observation, legal)
        finally:
            self.deciding = None

    def run(self, game: Callable[[], T]) -> T:
        """``game()`` in a helper thread: its result or exception, or `Overrun` naming the
        seat whose decision overran (the thread is then abandoned)."""
        outcome: list[tuple[Literal[True], T] | tuple[Literal[False], BaseException]] = []

        def target() -> None:
            try:
                outcome.append((True, game()))
            except BaseException as exc:  # Abandoned included: the thread ends quietly
                outcome.append((False, exc))

        thread = threading.Thread(target=target, name="amigo-rules game", daemon=True)
        thread.start()
        deciding = None
        try:
            while thread.is_alive():
                deciding = self.deciding
                if deciding is None:
                    thread.join(self.seconds)
                    continue
                left = deciding[0] + self.seconds - time.monotonic()
                if left <= 0:
                    break
                thread.join(left)
        except BaseException:  # interrupted while watching: leave no game running
            interrupt(thread)
            raise
        if thread.is_alive() and deciding is not None:
            interrupt(thread)
            raise Overrun(deciding[1])
        result = outcome[0]
        if result[0]:
            return result[1]
        raise result[1]


def interrupt(thread: threading.Thread) -> None:
    """Raise `Abandoned` in ``thread`` at its next bytecode (if it still runs)."""
    if thread.is_alive() and thread.ident is not None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(
            ctypes.c_ulong(thread.ident), ctypes.py_object(Abandoned)
        )


class Recording(ModuleType):
    """A game's module that notes every move applied: the partial record of a game whose
    thread is stuck in an agent is read from `progress`."""

    def __init__(self, module: ModuleType) -> None:
        super().__init__(module.__name__)
        self.__dict__.update(vars(module))
        self.moves: list[Any] = []
        self.progress: tuple[int, Any] = (0, None)
        """How many of `moves` are applied, and the state they reached (one tuple)."""
        apply = module.apply

        def recorded(state: Any, move: Any) -> Any:
            after = apply(state, move)
            self.moves.append(move)
            self.progress = (len(self.moves), after)
            return after

        self.apply = recorded
