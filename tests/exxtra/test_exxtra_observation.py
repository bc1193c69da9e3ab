"""Observations: the whole (public) table, as attributes and as a fixed-length array."""

from __future__ import annotations

import numpy as np
import pytest

from amigo_rules import CHANCE, ArgumentError, RulesError, exxtra


@pytest.mark.parametrize("players", [3, 6])
def test_observation_shows_everything_in_a_fixed_length_array(players: int) -> None:
    state = exxtra.new_game(exxtra.Rules(players=players))
    length = 11 * players + 3
    for text in ("roll 4-6", "place 5", "roll 3-3"):
        array = exxtra.observation(state, 1).to_array()
        assert array.shape == (length,) and array.dtype == np.float32
        state = exxtra.apply(state, exxtra.parse_move(state, text))
    seen = exxtra.observation(state, 2)
    assert (seen.player, seen.to_move, seen.roll, seen.first_roll) == (2, 1, 33, True)
    assert seen.counters == (0, 3) + (0,) * (players - 2)
    assert seen.ladder[0] == (5, 64)
    assert exxtra.observation(exxtra.new_game(), 0).to_move == CHANCE
    array = seen.to_array()
    assert array[-3:].tolist() == pytest.approx([1.0, 33 / 76, 1.0])


@pytest.mark.parametrize("player", [-1, 4])
def test_observation_of_a_seat_not_in_the_game(player: object) -> None:
    with pytest.raises(RulesError):
        exxtra.observation(exxtra.new_game(), player)  # type: ignore[arg-type]


@pytest.mark.parametrize("player", ["0", None])
def test_observation_of_a_seat_that_is_no_integer(player: object) -> None:
    with pytest.raises(ArgumentError):
        exxtra.observation(exxtra.new_game(), player)  # type: ignore[arg-type]
