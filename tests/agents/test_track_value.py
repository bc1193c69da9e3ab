"""The fitted value of the tile-track games' positions: its data file, its outputs (win
shares), the order of obvious positions, and bad input."""

from __future__ import annotations

import json
import math
from importlib import resources

import attrs
import numpy as np
import pytest
from test_playouts import decisions

from amigo_rules import exxtra, verflixxt, verflixxt_hoch
from amigo_rules.agents import MCTSAgent
from amigo_rules.agents.playouts import DEFAULTS, evaluation_for
from amigo_rules.agents.track_value import DATA, FEATURES, Value, features_for, load_weights
from amigo_rules.core import RulesError
from amigo_rules.track import Board

SHIPPED = resources.files("amigo_rules.agents").joinpath("data", DATA).read_text(encoding="utf-8")


def test_the_shipped_file_holds_every_games_weights_by_feature():
    weights = load_weights(SHIPPED)
    assert set(weights) == set(FEATURES)
    for game, names in FEATURES.items():
        assert len(weights[game]) == len(names)
        assert all(math.isfinite(w) for w in weights[game])
    assert json.loads(SHIPPED)["verflixxt"]["features"] == list(FEATURES["verflixxt"])


def broken(change):
    data = json.loads(SHIPPED)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("text", "message"), [
    ("{", "not JSON"),
    ("[]", "must hold an object"),
    (broken(lambda d: d.pop("verflixxt_hoch")), "no object for 'verflixxt_hoch'"),
    (broken(lambda d: d["verflixxt"]["features"].reverse()), "features of 'verflixxt'"),
    (broken(lambda d: d["verflixxt"]["weights"].pop()), "5 finite numbers"),
    (broken(lambda d: d["verflixxt"]["weights"].__setitem__(0, "1")), "5 finite numbers"),
    (broken(lambda d: d["verflixxt"]["weights"].__setitem__(0, True)), "5 finite numbers"),
    (broken(lambda d: d["verflixxt_hoch"]["weights"].__setitem__(1, math.inf)),
     "7 finite numbers"),
])
def test_a_broken_data_file_is_refused(text, message):
    with pytest.raises(RulesError, match=message):
        load_weights(text)


@pytest.mark.parametrize(("module", "rules"), [
    (verflixxt, verflixxt.Rules.classic(players=2)),
    (verflixxt, verflixxt.Rules.amigo(players=4)),
    (verflixxt, verflixxt.Rules.classic(players=3, towers="hidden")),
    (verflixxt_hoch, verflixxt_hoch.Rules(players=3)),
    (verflixxt_hoch, verflixxt_hoch.Rules(players=2, attack=True)),
])
def test_values_are_shares_of_the_win(module, rules):
    # and equal to softmax(theta . features), the model the weights are fitted to
    value, features = Value(module), features_for(module)
    theta = np.asarray(value.weights)
    checked = 0
    for state in decisions(module, rules, seed=5, every=4):
        shares = value(state)
        assert len(shares) == rules.players
        assert all(0 < s < 1 for s in shares)
        assert sum(shares) == pytest.approx(1)
        z = np.asarray(features(state)) @ theta
        assert shares == pytest.approx(tuple(np.exp(z) / np.exp(z).sum()))
        checked += 1
    assert checked > 5


RULES = verflixxt.Rules(players=2, layout=("+5", "-4", "+1", "+2"), guards=False)
TRACK = ("S", "+5", "-4", "+1", "+2", "F")


def classic(pawns, towers=(("+3",), ("+3",))):
    board = Board(TRACK, pawns)
    return verflixxt.State(RULES, board, towers, 0, verflixxt.Phase.ROLL)


def test_obvious_positions_are_ordered():
    value = Value(verflixxt)
    # player 0 alone on +5 is ahead; both on +5: nobody's; player 0 alone on -4: behind
    alone, shared, minus = (value(classic(pawns)) for pawns in (
        ((1, 5, 5), (0, 5, 5)), ((1, 5, 5), (1, 5, 5)), ((2, 5, 5), (0, 5, 5))))
    assert alone[0] > 0.5 > minus[0]
    assert shared == pytest.approx((0.5, 0.5))
    # a higher tower leads, and leads by more when the game is nearly over
    towers = (("+3", "+4"), ("+3",))
    early, late = value(classic(((1, 1, 1), (1, 1, 1)), towers)), \
        value(classic(((4, 5, 5), (4, 5, 5)), towers))
    assert 0.5 < early[0] < late[0]


def test_a_hoch_collection_worth_more_leads():
    state = verflixxt_hoch.new_game(verflixxt_hoch.Rules(players=3), seed=2)
    while verflixxt_hoch.current_player(state) < 0:  # the setup's chance nodes
        state = verflixxt_hoch.apply(state, verflixxt_hoch.chance_outcomes(state)[0][0])
    richer = attrs.evolve(state, towers=(("+5", "+4"), (), ()))
    shares = Value(verflixxt_hoch)(richer)
    assert shares[0] > max(shares[1:])
    assert shares[1] == pytest.approx(shares[2], abs=0.05)


def test_the_fitted_value_is_the_searchs_on_request():
    # Verflixxt!'s search scores by the learned value now, hoch²'s by the softmax (it
    # measured weaker with the fitted value): the fitted value on request
    assert DEFAULTS["verflixxt"].evaluation == "learned"
    assert isinstance(evaluation_for(verflixxt_hoch, kind="fitted"), Value)
    agent = MCTSAgent(seed=0, simulations=5, game="verflixxt", evaluation="fitted")
    state = verflixxt.new_game(verflixxt.Rules.classic(players=2), seed=1)
    assert isinstance(agent._configure(verflixxt.observation(state, 0))[3], Value)


def test_bad_arguments_are_refused():
    with pytest.raises(RulesError, match="no fitted value for exxtra"):
        features_for(exxtra)
    with pytest.raises(RulesError, match="no fitted value for x"):
        evaluation_for(type("X", (), {"NAME": "x"})(), kind="fitted")
    with pytest.raises(RulesError, match="takes 5 weights, got 2"):
        Value(verflixxt, (1.0, 2.0))
    with pytest.raises(RulesError, match="'fitted', 'learned', got 'best'"):
        evaluation_for(verflixxt, kind="best")
