"""attrs validators for the fields of every game's `Rules`: a bad value raises `RulesError`
naming the field and the allowed values."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .checks import quote
from .errors import RulesError

Validator = Callable[[Any, Any, Any], None]


def integer(low: int, high: int) -> Validator:
    """An integer from ``low`` to ``high``."""

    def check(_rules: Any, attribute: Any, value: Any) -> None:
        if type(value) is not int or not low <= value <= high:
            raise RulesError(f"Rules.{attribute.name} must be an integer from {low} to {high}, "
                             f"got {quote(value)}")

    return check


def flag(_rules: Any, attribute: Any, value: Any) -> None:
    """True or False (not 1, 0 or "yes")."""
    if type(value) is not bool:
        raise RulesError(f"Rules.{attribute.name} must be True or False, got {quote(value)}")


def choice(allowed: tuple[Any, ...]) -> Validator:
    """One of ``allowed`` (None among them makes the field optional)."""

    def check(_rules: Any, attribute: Any, value: Any) -> None:
        if not any(value is a or (type(value) is type(a) and value == a) for a in allowed):
            options = ", ".join(repr(a) for a in allowed)
            raise RulesError(f"Rules.{attribute.name} must be one of {options}, got {quote(value)}")

    return check
