"""The EXXtra batch engine equals the scalar engine: games played in lockstep, every move
of many states, every view, and the errors of bad input."""

from __future__ import annotations

import numpy as np
import pytest
from batch_helpers import (
    assert_every_move_matches,
    assert_views_match,
    play_in_lockstep,
    random_ids,
    scattered_states,
)

from amigo_rules import IllegalMoveError, RulesError, StateError, exxtra, verflixxt
from amigo_rules.batch import exxtra as batch
from amigo_rules.exxtra import Rules, State


@pytest.mark.parametrize(("players", "max_turns"), [(3, None), (4, 9), (5, 60), (6, None)])
def test_lockstep_games_equal_the_scalar_engine(players, max_turns):
    rules = Rules(players=players, max_turns=max_turns)
    rng = np.random.default_rng(players)
    states = scattered_states(exxtra, [exxtra.new_game(rules)] * 8, rng, most=8)
    assert play_in_lockstep(exxtra, batch, states, rng, check_every=7) > 10


@pytest.mark.parametrize("max_turns", [None, 30])
def test_every_move_of_many_states_equals_the_scalar_engine(max_turns):
    rng = np.random.default_rng(11)
    state = exxtra.new_game(Rules(players=5, max_turns=max_turns))
    seen = 0
    while not exxtra.is_terminal(state):
        assert_every_move_matches(exxtra, batch, state)
        state = exxtra.apply(state, exxtra.move_for_action(state, random_ids(exxtra, [state],
                                                                             rng)[0]))
        seen += 1
    assert seen > 30


def _rung_holder(rung: int, value: int) -> State:
    """Player 1's pair (``value``) on ``rung``, player 0 deciding on 64 after a first roll."""
    rules = Rules(players=3)
    state = State(rules, (0, 0, 0), (None, (rung, value), None), 3, 64, True)
    return exxtra.from_json(exxtra.to_json(state))


@pytest.mark.rule("EX-PLACE-1", "EX-PLACE-2")
@pytest.mark.parametrize(("rung", "value"), [(5, 64), (5, 71), (2, 30), (0, 11)])
def test_placing_knocks_pairs_as_the_scalar_engine(rung, value):
    state = _rung_holder(rung, value)
    assert_every_move_matches(exxtra, batch, state)
    mask = batch.legal_action_mask(batch.from_states([state]))[0]
    assert mask[1 + rung] == (rung == 0)


@pytest.mark.rule("EX-ROLL-4", "EX-ROLL-5", "EX-END-1", "EX-TURN-1")
def test_busts_doubles_and_the_finish_as_the_scalar_engine():
    rules = Rules(players=3)
    for counters, ladder, roll, first in [
        ((2, 0, 0), (None, None, None), None, False),  # a later roll: X busts
        ((19, 0, 0), (None, None, None), None, True),  # a double can reach the finish
        ((0, 10, 0), (None, (2, 41), None), 52, False),  # player 1 climbs 2, unless knocked
        ((0, 17, 3), (None, (4, 30), None), 52, False),  # ... or onto the finish
    ]:
        state = State(rules, counters, ladder, 3, roll, first)
        state = exxtra.from_json(exxtra.to_json(state))
        assert_every_move_matches(exxtra, batch, state)


def test_round_trip_and_views_of_every_kind_of_node():
    rng = np.random.default_rng(5)
    rules = Rules(players=4, max_turns=25)
    states = scattered_states(exxtra, [exxtra.new_game(rules)] * 60, rng, most=150)
    assert {exxtra.current_player(s) for s in states} >= {-2, -1, 0, 1, 2, 3}
    games = batch.from_states(states)
    assert batch.to_states(games) == tuple(states)
    assert_views_match(exxtra, batch, games, states)


def test_new_games_and_random_playouts():
    rules = Rules(players=6)
    assert batch.to_states(batch.new_games(rules, 3, seed=4)) == (exxtra.new_game(rules),) * 3
    result = batch.random_playouts(rules, 30, seed=8)
    finals = batch.to_states(result.final)
    assert all(exxtra.is_terminal(s) and len(exxtra.winners(s)) == 1 for s in finals)
    np.testing.assert_array_equal(batch.returns(result.final).sum(axis=1), 1.0)
    assert result.steps == int(result.lengths.sum()) and result.lengths.min() > 0
    truncated = batch.random_playouts(Rules(players=3, max_turns=4), 30, seed=8)
    assert all(s.truncated or s.winners for s in batch.to_states(truncated.final))
    again = batch.random_playouts(rules, 30, seed=8)
    assert batch.to_states(again.final) == finals


def test_sampling_draws_legal_ids_uniformly():
    rng = np.random.default_rng(9)
    rules = Rules(players=3)
    states = scattered_states(exxtra, [exxtra.new_game(rules)] * 200, rng, most=40)
    games = batch.from_states(states)
    mask = batch.legal_action_mask(games)
    for _ in range(10):
        chosen = batch.sample_actions(games, rng)
        deciding = mask.any(axis=1)
        assert (chosen[~deciding] == -1).all() and mask[deciding.nonzero()[0],
                                                         chosen[deciding]].all()
        rolls = batch.sample_chance(games, rng)
        assert ((rolls >= 0) == (batch.current_player(games) == -1)).all()
    # From one decision with every rung free: seven moves, each a seventh of the time.
    state = exxtra.apply(exxtra.new_game(rules), exxtra.parse_move(exxtra.new_game(rules),
                                                                   "roll 4-2"))
    counts = np.bincount(batch.sample_actions(batch.from_states([state] * 7000), rng))
    assert counts.size == 7 and counts.min() > 880 and counts.max() < 1120
    counts = np.bincount(batch.sample_chance(batch.new_games(rules, 36000), rng))
    assert counts.size == 36 and counts.min() > 850 and counts.max() < 1150


def test_bad_input_is_refused():
    with pytest.raises(StateError, match="at least one"):
        batch.from_states([])
    with pytest.raises(StateError, match=r"not exxtra\.State"):
        batch.from_states([verflixxt.new_game()])
    with pytest.raises(RulesError, match="other rules"):
        batch.from_states([exxtra.new_game(), exxtra.new_game(Rules(players=3))])
    with pytest.raises(RulesError, match=r"exxtra\.Rules"):
        batch.new_games(verflixxt.Rules(), 2)
    for bad, problem in [
        (State(Rules(players=3), (0, 0, 0), ((1, 30), (1, 41), None), 3), "inconsistent"),
        (State(Rules(players=3), (0, 0, 0), ((9, 30), None, None), 3), "inconsistent"),
        (State(Rules(players=3), (0, 0, 0), ((1, 29), None, None), 3), "inconsistent"),
        (State(Rules(players=3), [0, 0, 0], (None, None, None), 0), "malformed"),
    ]:
        with pytest.raises(StateError, match=f"state 1 is {problem}"):
            batch.from_states([exxtra.new_game(Rules(players=3)), bad])
    games = batch.new_games(Rules(players=3), 2)
    with pytest.raises(IllegalMoveError, match="game 1: chance outcome id 36"):
        batch.step(games, [0, 36])
    decided = batch.step(games, [1, 1])  # roll 1-2 in both
    with pytest.raises(IllegalMoveError, match="game 0: action id 7"):
        batch.step(decided, [7, 0])
    with pytest.raises(RulesError, match="no player"):
        batch.observation_array(games, np.array([0, 3]))
    assert batch.to_states(decided)[0].roll == 21


@pytest.mark.slow
@pytest.mark.parametrize("max_turns", [None, 12, 60])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_thousands_of_lockstep_games_equal_the_scalar_engine(players, max_turns):
    rules = Rules(players=players, max_turns=max_turns)
    rng = np.random.default_rng(players * 1000 + (max_turns or 0))
    for _ in range(4):
        states = scattered_states(exxtra, [exxtra.new_game(rules)] * 50, rng, most=30)
        play_in_lockstep(exxtra, batch, states, rng, check_every=20)
