"""The learned values' features: read off observation arrays, equal to what the scalar
engine computes (scores, pending gains, survival odds), the same for one position and a
batch, and blind to what the viewing seat may not see."""

from __future__ import annotations

import numpy as np
import pytest
from test_playouts import decisions

from amigo_rules import exxtra, verflixxt, verflixxt_hoch
from amigo_rules.agents.exxtra_value import _survival
from amigo_rules.agents.features import FEATURES, features
from amigo_rules.agents.pending import pending_for
from amigo_rules.agents.value import BATCH
from amigo_rules.core import RulesError

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
    return features(module.NAME, states[0].rules, arrays)


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
    batch = features(module.NAME, rules, engine.observation_array(engine.from_states(states), 1))
    for state, row in zip(states, batch, strict=True):
        assert np.array_equal(row, rows(module, [state], viewer=1)[0])


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
        features("chess", None, np.zeros((1, 3)))
