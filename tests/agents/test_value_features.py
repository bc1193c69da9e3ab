"""The learned values' features: read off observation arrays, equal to what the scalar
engine computes (scores, pending gains, survival odds), the same for one position and a
batch, and blind to what the viewing seat may not see."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from test_playouts import decisions

from amigo_rules import exxtra, verflixxt, verflixxt_hoch
from amigo_rules.agents.exxtra_value import _survival
from amigo_rules.agents.features import FEATURES, features, observation_features
from amigo_rules.agents.pending import pending_for
from amigo_rules.agents.value import BATCH, active_seats
from amigo_rules.core import CHANCE, RulesError, sample_chance

TRACK_RULES = [
    (verflixxt, verflixxt.Rules.classic(players=4)),
    (verflixxt, verflixxt.Rules.amigo(players=3)),
    (verflixxt, verflixxt.Rules.classic(players=2, lucky_below=False, guards=False)),
    (verflixxt_hoch, verflixxt_hoch.Rules(players=4)),
    (verflixxt_hoch, verflixxt_hoch.Rules(players=2, attack=True, action_tiles=True)),
]


def positions(module, rules, seed=3, every=3):
    return list(decisions(module, rules, seed=seed, every=every))


def rows(module, states, viewer=0):
    arrays = np.stack([module.observation(s, viewer).to_array() for s in states])
    return features(module.NAME, states[0].rules, arrays, [s.player for s in states])


@pytest.mark.parametrize(("module", "rules"), TRACK_RULES)
def test_score_and_pending_are_the_engines(module, rules):
    states = positions(module, rules)
    assert len(states) > 10
    found = rows(module, states)
    names = FEATURES[module.NAME]
    pending = pending_for(module)
    assert found.shape == (len(states), rules.players, len(names))
    for state, row in zip(states, found, strict=True):
        assert row[:, names.index("score")] * 20 == pytest.approx(module.score(state))
        assert row[:, names.index("pending")] * 20 == pytest.approx(pending(state))
        progress = row[:, names.index("progress")]
        assert ((progress >= 0) & (progress <= 1)).all()
        assert row[:, names.index("to_move")].sum() == 1


@pytest.mark.parametrize(("module", "rules"), [*TRACK_RULES, (exxtra, exxtra.Rules(players=5))])
def test_a_batch_gives_each_positions_own_features(module, rules):
    states = positions(module, rules, seed=8, every=5)
    engine = BATCH[module.NAME]
    games = engine.from_states(states)
    batch = features(module.NAME, rules, engine.observation_array(games, 1),
                     active_seats(games))
    for state, row in zip(states, batch, strict=True):
        assert np.array_equal(row, rows(module, [state], viewer=1)[0])


@pytest.mark.parametrize(("module", "rules"), [
    *TRACK_RULES,
    (verflixxt, verflixxt.Rules.classic(players=3, towers="hidden")),
    (verflixxt, verflixxt.Rules.classic(players=2, hidden_tiles=True)),
    (exxtra, exxtra.Rules(players=4)),
    (exxtra, exxtra.Rules(players=3)),
])
def test_one_observation_gives_its_arrays_features(module, rules):
    # the search's features of one observation, without arrays, are the arrays' numbers,
    # at decisions and at chance nodes alike, whoever views
    rng = np.random.default_rng(6)
    state = module.new_game(rules, seed=6)
    checked = 0
    for step in itertools.count():
        if module.is_terminal(state):
            break
        if step % 3 == 0:
            viewer = int(rng.integers(rules.players))
            observation = module.observation(state, viewer)
            expected = rows(module, [state], viewer)[0]
            assert observation_features(module.NAME, observation) == pytest.approx(
                expected, abs=1e-12)
            checked += 1
        state = module.apply(state, sample_chance(module, state, rng)
                             if module.current_player(state) == CHANCE else
                             module.legal_moves(state)[int(rng.integers(
                                 len(module.legal_moves(state))))])
    assert checked > 15


def test_hoch_features_do_not_see_the_other_hands():
    rules = verflixxt_hoch.Rules(players=4)
    rng = np.random.default_rng(0)
    checked = 0
    for state in positions(verflixxt_hoch, rules, seed=4, every=7):
        observation = verflixxt_hoch.observation(state, 2)
        other = verflixxt_hoch.sample_state(observation, rng)
        if other.hands != state.hands:
            checked += 1
        assert np.array_equal(rows(verflixxt_hoch, [state], 2), rows(verflixxt_hoch, [other], 2))
    assert checked > 3


def test_exxtra_survival_is_the_fitted_values():
    rules = exxtra.Rules(players=4)
    names = FEATURES["exxtra"]
    seen = 0
    for state in positions(exxtra, rules, seed=2, every=1):
        row = rows(exxtra, [state])[0]
        mover = state.turn % rules.players
        for p, pair in enumerate(state.ladder):
            expected = 1.0 if pair is None else _survival(pair[1], pair[0], state.ladder,
                                                          (p - mover) % rules.players)
            assert row[p, names.index("survive")] == pytest.approx(expected)
            seen += pair is not None and pair[0] > 0
        assert row[:, names.index("counter")] * 21 == pytest.approx(state.counters)
    assert seen > 20


def test_an_unknown_game_has_no_features():
    with pytest.raises(RulesError, match="no features for 'chess'"):
        features("chess", None, np.zeros((1, 3)), [0])
