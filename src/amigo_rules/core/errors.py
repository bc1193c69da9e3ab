"""The library's exceptions: every bad input ends in one of these, never another type."""

from __future__ import annotations

from functools import partial


class AmigoRulesError(ValueError):
    """Base class of every exception the library raises on bad input."""


class RulesError(AmigoRulesError):
    """A `Rules` value or combination of values that the game does not allow."""


class IllegalMoveError(AmigoRulesError):
    """A move (or move text) that is not legal in the given state."""


class StateError(AmigoRulesError):
    """A serialized state or record that is malformed or inconsistent."""


class AgentError(AmigoRulesError):
    """An agent raised or returned an illegal move during `play`.

    ``agent`` names the faulty agent, ``player`` its seat and ``record`` holds the game up
    to the faulty decision.
    """

    def __init__(self, message: str, *, agent: str, player: int, record: object) -> None:
        super().__init__(message)
        self.agent = agent
        self.player = player
        self.record = record

    def __reduce__(self) -> tuple:
        # the keyword-only arguments would be lost by the default (args-only) pickling
        rebuild = partial(type(self), agent=self.agent, player=self.player, record=self.record)
        return rebuild, self.args
