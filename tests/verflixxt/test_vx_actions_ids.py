"""Integer action ids, masks and observations (docs/bots.md, Integer action ids)."""

from __future__ import annotations

import numpy as np
import pytest
from vx_scenarios import play

from amigo_rules import IllegalMoveError, verflixxt
from amigo_rules.verflixxt import Rules


def test_action_ids_are_stable_and_invertible():
    rules = Rules.classic(players=4)
    state = play(verflixxt.new_game(rules), "roll 2", "pawn 0", "roll 2", "pawn 0", "roll 1")
    assert verflixxt.num_actions(rules) == 2 * 34 + 4
    ids = {str(m): verflixxt.action_id(state, m) for m in verflixxt.legal_moves(state)}
    assert ids == {"pawn 0": 0}
    mask = verflixxt.legal_action_mask(state)
    assert mask.dtype == bool and mask.shape == (72,) and np.flatnonzero(mask).tolist() == [0]
    with pytest.raises(IllegalMoveError):
        verflixxt.move_for_action(state, 34)
    chance = verflixxt.new_game(rules)
    assert [verflixxt.action_id(chance, m) for m in verflixxt.legal_moves(chance)] == list(
        range(6)
    )
    assert verflixxt.num_chance_outcomes(rules) == 6
    assert not verflixxt.legal_action_mask(chance).any()


def test_observation_is_the_whole_table_with_a_fixed_length():
    rules = Rules.amigo(players=3)
    state = verflixxt.new_game(rules, seed=2)
    lengths = set()
    for _ in range(60):
        if verflixxt.is_terminal(state):
            break
        for viewer in range(3):
            obs = verflixxt.observation(state, viewer)
            assert obs.tiles == state.board.tiles and obs.towers == state.towers
            lengths.add(obs.to_array().shape)
        state = verflixxt.apply(state, verflixxt.legal_moves(state)[-1])
    assert lengths == {(verflixxt.array_length(rules),)}
