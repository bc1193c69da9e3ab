"""The move time limit: a game plays in a helper thread while the calling thread watches
the clock of the decision under way.

Threads, not signals: ``SIGALRM`` works only in a process's main thread, and Dask runs tasks
in worker threads; this works in both. The cost is one thread per game and a clock reading
per decision. A thread cannot be killed, so when an agent overruns, the watch gives up the
game (the agent forfeits; its partial record is what `Recording` saw): the game is marked
cancelled, so that it asks no agent for another decision and applies no other move, and
its thread is sent `Abandoned`, which stops an agent spinning in Python code at its next
bytecode; an agent blocked inside a C call (a long ``sleep``, a socket) keeps its idle
thread until the call returns, without holding up anything else.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar, cast

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


class Decision:
    """One decision under way: whose it is, when it started, and the thread asking it. A
    watch gives up a game only if the decision it timed is still this very object."""

    __slots__ = ("seat", "started", "thread")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.started = time.monotonic()
        self.thread = threading.get_ident()


class Watch:
    """The clock of one game's decisions, limited to ``seconds`` each.

    Once the game is given up (`cancel`) it is `cancelled`: its agents get no further
    decision and its moves are not applied (`Recording`), even if an agent swallows the
    `Abandoned` sent to it.

    >>> from amigo_rules.agents import RandomAgent
    >>> watch = Watch(5.0)
    >>> watch.run(lambda: watch.decide(0, RandomAgent(seed=1), None, ("a", "b", "c")))
    'b'
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.lock = threading.Lock()
        """Guards `deciding` and `cancelled`: a decision ends, or is given up, not both."""
        self.deciding: Decision | None = None
        """The decision under way, if any."""
        self.cancelled = False
        """Whether the game was given up."""

    def decide(self, seat: int, agent: Any, observation: Any, legal: tuple[Any, ...]) -> Any:
        """The agent's move, its time on the clock (called in the game's thread);
        `Abandoned` once the game is given up, before or during the decision."""
        decision = Decision(seat)
        with self.lock:
            if self.cancelled:
                raise Abandoned
            self.deciding = decision
        try:
            return decide(agent, observation, legal)
        finally:
            with self.lock:
                self.deciding = None
                if self.cancelled:  # given up meanwhile: the agent's move or error is void
                    raise Abandoned

    def cancel(self, decision: Decision | None) -> bool:
        """Give the game up, if ``decision`` is still the one under way (``None``: whatever
        is under way); whether it was given up now. A compare-and-set under `lock`: a
        decision that ended meanwhile is never blamed, and `Abandoned` is sent only to the
        thread inside the decision, which cannot have ended (thread ids are reused)."""
        with self.lock:
            if self.cancelled or (decision is not None and self.deciding is not decision):
                return False
            self.cancelled = True
            if self.deciding is not None:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(
                    ctypes.c_ulong(self.deciding.thread), ctypes.py_object(Abandoned)
                )
            return True

    def run(self, game: Callable[[], T]) -> T:
        """``game()`` in a helper thread: its result or exception, or `Overrun` naming the
        seat whose decision overran (the game is then given up)."""
        outcome: list[tuple[bool, Any]] = []

        def target() -> None:
            try:
                try:
                    outcome.append((True, game()))
                except BaseException as exc:  # Abandoned included: the thread ends quietly
                    outcome.append((False, exc))
            except Abandoned:  # a late interrupt of a game given up
                pass

        thread = threading.Thread(target=target, name="amigo-rules game", daemon=True)
        thread.start()
        try:
            while thread.is_alive():
                decision = self.deciding
                if decision is None:
                    thread.join(self.seconds)
                    continue
                left = decision.started + self.seconds - time.monotonic()
                if left > 0:
                    thread.join(left)
                elif self.cancel(decision):
                    raise Overrun(decision.seat)
        except Overrun:
            raise
        except BaseException:  # interrupted while watching: leave no game running
            self.cancel(None)
            raise
        ok, value = outcome[0]
        if ok:
            return cast(T, value)
        raise value


class Recording(ModuleType):
    """A game's module that notes every move applied: the partial record of a game whose
    thread is stuck in an agent is read from `progress`. Once ``watch`` has given the game
    up, `apply` raises `Abandoned`: the record stays where the game was given up."""

    def __init__(self, module: ModuleType, watch: Watch) -> None:
        super().__init__(module.__name__)
        self.__dict__.update(vars(module))
        self.moves: list[Any] = []
        self.progress: tuple[int, Any] = (0, None)
        """How many of `moves` are applied, and the state they reached (one tuple)."""
        apply = module.apply

        def recorded(state: Any, move: Any) -> Any:
            if watch.cancelled:
                raise Abandoned
            after = apply(state, move)
            self.moves.append(move)
            self.progress = (len(self.moves), after)
            return after

        self.apply = recorded
