"""EXXtra's fitted value function (`amigo_rules.agents.exxtra_value`), its data file and the
script that fits it (``benchmarks/fit_exxtra.py``)."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from amigo_rules import RulesError, exxtra
from amigo_rules.agents import exxtra_value, playouts
from amigo_rules.core import CHANCE, TERMINAL

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def fitter() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # its sibling module logit, as when run
    spec = importlib.util.spec_from_file_location("fit_exxtra", ROOT / "benchmarks" /
                                                  "fit_exxtra.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def positions(players: int, games: int = 3) -> list[exxtra.State]:
    """States of random games (decisions by the first legal move after a re-roll)."""
    import random

    rng = random.Random(players)
    found = []
    for seed in range(games):
        state = exxtra.new_game(exxtra.Rules(players=players), seed=seed)
        while (player := exxtra.current_player(state)) != TERMINAL:
            found.append(state)
            if player == CHANCE:
                outcomes = exxtra.chance_outcomes(state)
                move = outcomes[rng.randrange(len(outcomes))][0]
            else:
                moves = exxtra.legal_moves(state)
                move = moves[rng.randrange(len(moves))]
            state = exxtra.apply(state, move)
        found.append(state)
    return found


def test_the_shipped_file_loads_with_weights_for_every_player_count():
    weights = exxtra_value.load()
    assert sorted(weights) == [3, 4, 5, 6]
    assert all(len(row) == len(exxtra_value.FEATURES) for row in weights.values())
    shipped = json.loads((ROOT / "src/amigo_rules/agents/data/exxtra_value.json").read_text())
    assert shipped["features"] == list(exxtra_value.FEATURES)


def test_the_fitting_script_writes_the_shipped_format_deterministically(fitter):
    text = fitter.build(games=4, every=7, seed=3)
    assert text == fitter.build(games=4, every=7, seed=3)
    shipped = json.loads((ROOT / "src/amigo_rules/agents/data/exxtra_value.json").read_text())
    made = json.loads(text)
    assert sorted(made) == sorted(shipped)
    assert (made["games"], made["every"], made["seed"]) == (4, 7, 3)
    assert sorted(exxtra_value.parse(text)) == [3, 4, 5, 6]


def test_the_fit_recovers_the_weights_that_made_the_winners(fitter):
    import numpy as np

    rng = np.random.default_rng(0)
    x = rng.normal(size=(4000, 4, 3))
    truth = np.array([1.5, -0.5, 0.25])
    u = x @ truth
    p = np.exp(u) / np.exp(u).sum(axis=1, keepdims=True)
    winners = np.array([rng.choice(4, p=row) for row in p])
    y = np.eye(4)[winners]
    assert np.abs(fitter.fit(x, y) - truth).max() < 0.15


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_values_are_win_shares(players):
    for state in positions(players)[::5]:
        shares = exxtra_value.evaluate(state)
        assert len(shares) == players
        assert math.isclose(sum(shares), 1.0)
        assert all(0.0 <= s <= 1.0 for s in shares)


def test_an_ended_game_is_valued_by_its_returns():
    state = positions(4, games=1)[-1]
    assert exxtra.is_terminal(state)
    assert exxtra_value.evaluate(state) == exxtra.returns(state)


def state(counters, ladder, turn=0, first=True):
    return exxtra.State(exxtra.Rules(players=len(counters)), tuple(counters), tuple(ladder),
                        turn, None, first)


def test_a_counter_near_the_finish_with_its_pair_high_leads():
    shares = exxtra_value.evaluate(state((20, 0, 0, 0), ((5, 76), None, None, None), turn=1))
    assert shares[0] > 0.5
    assert shares[0] > shares[1] > 0.0
    # further on is better; a pair that will carry the counter home better still
    assert exxtra_value.evaluate(state((10, 5, 5, 5), (None,) * 4))[0] > 0.25
    alone = exxtra_value.evaluate(state((18, 5, 5, 5), (None,) * 4, turn=1))[0]
    paired = exxtra_value.evaluate(state((18, 5, 5, 5), ((4, 76), None, None, None), turn=1))[0]
    assert paired > alone


def test_a_re_roll_in_progress_is_worth_less_than_a_fresh_turn():
    fresh = exxtra_value.evaluate(state((8, 8, 8), (None,) * 3, first=True))
    rerolling = exxtra_value.evaluate(state((8, 8, 8), (None,) * 3, first=False))
    assert rerolling[0] < fresh[0]


def test_at_a_decision_the_value_follows_the_best_move_of_the_player_to_move():
    # With weight on the reach alone, player 1's best move with the top combination 76 is
    # the top rung: the pair pays 5 next turn unless one of the 3 others rolls 76 first
    # (twice the odds of one roll, 2/36 each) and places it below (EX-PLACE-2).
    weights = {n: (3.0, *[0.0] * (len(exxtra_value.FEATURES) - 1)) for n in range(3, 7)}
    decision = exxtra.apply(state((5, 5, 5, 5), (None,) * 4, turn=1), exxtra.Roll(7, 6))
    survives = (1 - 2 / 36) ** 3
    utilities = [3.0 * (5 + 5 * survives * (p == 1)) / 21 for p in range(4)]
    expected = [math.exp(u) / sum(math.exp(v) for v in utilities) for u in utilities]
    assert exxtra_value.evaluate(decision, weights) == pytest.approx(expected)


@pytest.mark.parametrize(("text", "message"), [
    ("{", "not JSON"),
    ("[]", "format 1"),
    ('{"format": 2}', "format 1"),
    ('{"format": 1, "features": ["reach"]}', "features"),
])
def test_bad_files_are_refused(text, message):
    with pytest.raises(RulesError, match=message):
        exxtra_value.parse(text)


def good() -> dict:
    return {"format": 1, "features": list(exxtra_value.FEATURES),
            "weights": {str(n): [0.0] * len(exxtra_value.FEATURES) for n in range(3, 7)}}


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["weights"].pop("6"), "3 to 6 players"),
    (lambda d: d["weights"].update({"7": d["weights"]["3"]}), "'7' players"),
    (lambda d: d["weights"]["4"].pop(), "finite numbers"),
    (lambda d: d["weights"]["4"].__setitem__(0, "1"), "finite numbers"),
    (lambda d: d["weights"]["4"].__setitem__(0, True), "finite numbers"),
    (lambda d: d.__setitem__("weights", []), "map players"),
])
def test_bad_weights_are_refused(change, message):
    data = good()
    assert sorted(exxtra_value.parse(json.dumps(data))) == [3, 4, 5, 6]
    change(data)
    with pytest.raises(RulesError, match=message):
        exxtra_value.parse(json.dumps(data))


def test_a_non_finite_weight_is_refused():
    text = json.dumps(good()).replace("0.0", "NaN", 1)
    with pytest.raises(RulesError, match="finite numbers"):
        exxtra_value.parse(text)


def test_the_search_cuts_off_with_the_value_function_unless_told_the_softmax():
    late = state((12, 9, 3, 0), ((2, 31), None, None, (5, 64)), turn=2)
    assert playouts.search_defaults(exxtra).evaluation == "fitted"
    assert playouts.evaluation_for(exxtra, kind="fitted")(late) == exxtra_value.evaluate(late)
    assert playouts.evaluation_for(exxtra)(late) != exxtra_value.evaluate(late)
    assert playouts.evaluation_for(exxtra, sharpness=0.2)(late) != exxtra_value.evaluate(late)

