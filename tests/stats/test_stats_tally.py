"""The counts under the statistics: histograms and tallies add up exactly in any order,
survive their JSON form, and refuse documents that are not theirs."""

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from amigo_rules import StateError
from amigo_rules.stats import Histogram, Tally, measure
from amigo_rules.stats.summary import Distribution

values = st.lists(st.integers(-200, 200), max_size=60)


@given(st.lists(values, min_size=1, max_size=5), st.randoms())
def test_histograms_merge_to_the_counts_of_all_values_in_any_order(parts, random):
    whole = Histogram()
    whole.add(np.array([v for part in parts for v in part], dtype=np.int64))
    pieces = []
    for part in parts:
        piece = Histogram()
        piece.add(np.array(part, dtype=np.int64))
        pieces.append(piece)
    random.shuffle(pieces)
    merged = Histogram()
    for piece in pieces:
        merged.merge(piece)
    assert merged == whole
    assert Histogram.from_data(json.loads(json.dumps(whole.to_data())), "h") == whole
    every = sorted(v for part in parts for v in part)
    assert whole.total == len(every)
    if every:
        assert whole.mean() == pytest.approx(np.mean(every))
        assert whole.quantile(0.5) == every[(len(every) - 1) // 2]
        assert whole.quantile(0.0) == every[0] and whole.quantile(1.0) == every[-1]


def test_a_distribution_gives_its_mean_with_an_interval_and_its_quantiles():
    histogram = Histogram()
    histogram.add(np.array([1, 2, 2, 3, 3, 3, 10]))
    distribution = Distribution(histogram)
    assert distribution.mean.value == pytest.approx(24 / 7)
    assert distribution.mean.low < 24 / 7 < distribution.mean.high
    assert distribution.sd == pytest.approx(np.std([1, 2, 2, 3, 3, 3, 10], ddof=1))
    assert (distribution.quantile(0.05), distribution.quantile(0.5),
            distribution.quantile(0.95)) == (1, 3, 10)


@pytest.fixture(scope="module")
def tally():
    return measure("exxtra", games=300, seed=4, chunk=100).tally


def test_a_tally_counts_every_game_once(tally):
    players = tally.players
    assert tally.games == 300 == tally.winners.sum() == tally.turns.total
    assert (tally.wins.sum(axis=0) == tally.winners[1:] * np.arange(1, players + 1)).all()
    assert all(h.total == 300 for h in tally.scores)
    assert (tally.led.sum(axis=1) <= 300).all()
    assert (tally.led_won.sum(axis=2) <= tally.led).all()
    assert tally.decisions.mean() > tally.turns.mean()  # re-rolls are decisions too


def test_a_tally_reads_back_from_its_data(tally):
    data = json.loads(json.dumps(tally.to_data()))
    assert Tally.from_data(data) == tally
    assert Tally.from_data(data).to_data() == data


@pytest.mark.parametrize("change, words", [
    (lambda d: d.pop("turns"), "keys"),
    (lambda d: d.update(games=-1), "games must be"),
    (lambda d: d.update(games=d["games"] + 1), "another number of games"),
    (lambda d: d.update(wins=d["wins"][:-1]), "shape"),
    (lambda d: d["wins"][0].__setitem__(0, 1.5), "non-negative integers"),
    (lambda d: d["wins"][0].__setitem__(0, d["wins"][0][0] + 1), "disagree"),
    (lambda d: d["scores"].pop(), "histograms"),
    (lambda d: d.update(top={"low": 0}), "histogram is"),
    (lambda d: d["led"][0].__setitem__(0, 10**6), "led counts more"),
])
def test_a_tampered_tally_is_refused(tally, change, words):
    data = json.loads(json.dumps(tally.to_data()))
    change(data)
    with pytest.raises(StateError, match=words):
        Tally.from_data(data)


def test_tallies_of_other_seats_do_not_merge(tally):
    with pytest.raises(ValueError, match="3 seats"):
        tally.merge(Tally(3))
