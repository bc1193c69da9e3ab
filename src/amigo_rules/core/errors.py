"""The library's exceptions: every bad input ends in one of these, never another type.

Every class pickles with its message and attributes (for process pools and tournaments).
"""

from __future__ import annotations


class AmigoRulesError(ValueError):
    """Base class of every exception the library raises on bad input."""


class RulesError(AmigoRulesError):
    """A `Rules` value or combination of values that the game does not allow, or a value
    outside its range (a seat, a seed, a game name)."""


class IllegalMoveError(AmigoRulesError):
    """A move (or move text) that is not legal in the given state."""


class StateError(AmigoRulesError):
    """A serialized state or record that is malformed or inconsistent."""


class WeightsError(AmigoRulesError):
    """A learned value's weights file that cannot be used: not readable, malformed, or
    made for another game or another version's features."""


class ArgumentError(AmigoRulesError, TypeError):
    """An argument of the wrong type: a seat that is no integer, a state of another game.

    Also a `TypeError`, so ``except TypeError`` catches it too.
    """


class AgentError(AmigoRulesError):
    """An agent raised or returned an illegal move during `play`.

    ``agent`` names the faulty agent, ``player`` its seat and ``record`` holds the game up
    to the faulty decision.
    """

    def __init__(self, message: str, *, agent: str, player: int, record: object) -> None:
        super().__init__(message)
        self.agent = agent
        """The faulty agent's name: its ``name`` attribute, else its class or function."""
        self.player = player
        """The seat of that agent."""
        self.record = record
        """The game up to the faulty decision, as a `GameRecord`."""

    def __reduce__(self) -> tuple[object, ...]:
        return _agent_error, (str(self), self.agent, self.player, self.record)


def _agent_error(message: str, agent: str, player: int, record: object) -> AgentError:
    """Rebuild an `AgentError` (its arguments are keyword-only)."""
    return AgentError(message, agent=agent, player=player, record=record)
