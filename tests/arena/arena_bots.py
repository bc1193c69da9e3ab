"""Agents for the arena's tests: picklable factories (classes called with ``seed=``) that
play randomly until their third decision, and then fail in their own way."""

import time

from amigo_rules.agents import RandomAgent

FAIL_AT = 3
"""The decision (counted from 1) at which a faulty agent fails."""


class Faulty(RandomAgent):
    """Plays randomly, then on decision `FAIL_AT` calls `fail`."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.decisions = 0

    def act(self, observation, legal_moves):
        self.decisions += 1
        if self.decisions == FAIL_AT:
            return self.fail(legal_moves)
        return super().act(observation, legal_moves)

    __call__ = act


class Raising(Faulty):
    name = "raising"

    def fail(self, legal_moves):
        raise RuntimeError("out of ideas")


class Illegal(Faulty):
    name = "illegal"

    def fail(self, legal_moves):
        return "castle kingside"


class Hanging(Faulty):
    """Sleeps far longer than any move_timeout of the tests (blocked in C: it cannot be
    interrupted, only abandoned)."""

    name = "hanging"

    def fail(self, legal_moves):
        time.sleep(120)
        return legal_moves[0]


class Spinning(Faulty):
    """Loops in Python code until interrupted."""

    name = "spinning"

    def fail(self, legal_moves):
        while True:
            pass


class Unbuildable:
    """A factory that fails: the agent cannot even be built."""

    def __init__(self, seed=None):
        raise ValueError("no such bot")


class Stubborn(Faulty):
    """Swallows every exception, `Abandoned` included, for a second at its third decision,
    then plays on; `asked_after` counts the decisions it is asked for after that one."""

    name = "stubborn"
    asked_after = 0

    def act(self, observation, legal_moves):
        if self.decisions >= FAIL_AT:
            Stubborn.asked_after += 1
        return super().act(observation, legal_moves)

    __call__ = act

    def fail(self, legal_moves):
        end = time.monotonic() + 1.0
        while time.monotonic() < end:
            try:
                while time.monotonic() < end:
                    pass
            except BaseException:  # swallowing is what this agent is for
                pass
        return legal_moves[0]
