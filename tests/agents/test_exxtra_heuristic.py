"""The EXXtra heuristic agent weighs decisions only: asked at a roll it says so."""

from __future__ import annotations

import pytest

from amigo_rules import ArgumentError, exxtra
from amigo_rules.agents import ExxtraHeuristicAgent


def test_values_at_a_roll_is_an_argument_error() -> None:
    state = exxtra.new_game(seed=1)
    observation = exxtra.observation(state, 0)
    assert observation.roll is None
    with pytest.raises(ArgumentError, match="no roll to decide on"):
        ExxtraHeuristicAgent().values(observation, exxtra.legal_moves(state))


def test_values_weigh_every_decision() -> None:
    state = exxtra.apply(exxtra.new_game(seed=1), exxtra.Roll(4, 6))
    legal = exxtra.legal_moves(state)
    values = ExxtraHeuristicAgent().values(exxtra.observation(state, 0), legal)
    assert len(values) == len(legal) > 1
    assert all(isinstance(v, float) for v in values)
