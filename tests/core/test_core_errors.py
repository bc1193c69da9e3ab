"""The exception classes: their hierarchy, pickling, and the Errors page of the docs."""

from __future__ import annotations

import doctest
import pickle
import re
from pathlib import Path

import pytest

import amigo_rules
from amigo_rules import (
    AgentError,
    AmigoRulesError,
    ArgumentError,
    IllegalMoveError,
    RulesError,
    StateError,
)
from amigo_rules.agents import RandomAgent

DOCS = Path(__file__).parents[2] / "docs"


def test_every_error_is_a_library_value_error_and_argument_error_a_type_error_too():
    for error in (RulesError, IllegalMoveError, StateError, ArgumentError, AgentError):
        assert issubclass(error, AmigoRulesError) and issubclass(error, ValueError)
    assert issubclass(ArgumentError, TypeError)
    assert amigo_rules.ArgumentError is amigo_rules.core.ArgumentError


@pytest.mark.parametrize(
    "error",
    [
        AmigoRulesError("a"),
        RulesError("Rules.players must be …"),
        IllegalMoveError("pawn 7 is not legal here"),
        StateError("field 'state': unknown field 'x'"),
        ArgumentError("verflixxt.apply expects a verflixxt State, got None"),
    ],
)
def test_every_error_pickles_with_its_message(error):
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error) and str(copy) == str(error)


def test_an_agent_error_pickles_with_its_attributes():
    def wrong(observation, legal):
        return None

    with pytest.raises(AgentError) as caught:
        amigo_rules.play("exxtra", [RandomAgent(), wrong, RandomAgent()],
                         amigo_rules.exxtra.Rules(players=3), seed=2)
    copy = pickle.loads(pickle.dumps(caught.value))
    assert type(copy) is AgentError and str(copy) == str(caught.value)
    assert (copy.agent, copy.player) == ("wrong", 1)
    assert copy.record == caught.value.record


def test_the_errors_page_examples_run():
    page = (DOCS / "errors.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```pycon\n(.*?)^```", page, flags=re.S | re.M)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "errors.md", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.tries > 10 and runner.failures == 0
