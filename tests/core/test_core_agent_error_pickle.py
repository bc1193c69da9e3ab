"""`AgentError` pickles with everything it carries, so that it crosses process boundaries
(a process pool re-raises a worker's exception in the caller)."""

import pickle

import pytest

import amigo_rules
from amigo_rules import AgentError, verflixxt
from amigo_rules.agents import RandomAgent


def failing(observation, legal):
    raise RuntimeError("no idea")


def test_agent_error_round_trips_through_pickle():
    with pytest.raises(AgentError) as caught:
        amigo_rules.play("verflixxt", [RandomAgent(seed=1), failing], verflixxt.Rules(players=2),
                         seed=3)
    error = caught.value
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is AgentError
    assert str(copy) == str(error) == "agent 'failing' (player 1) raised RuntimeError: no idea"
    assert (copy.agent, copy.player) == ("failing", 1)
    assert copy.record == error.record and copy.record.moves
    assert copy.record.final_state == error.record.final_state
