"""The batch engines' tower scoring, worked out without a sort, equals the scalar scoring:
`lockstep.lucky_turned` against the sum of the largest minus values, the Verflixxt! towers
of random tiles under every scoring along any axis against `verflixxt.score_tiles`."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amigo_rules import verflixxt
from amigo_rules.batch import lockstep
from amigo_rules.batch.verflixxt_arrays import EMPTY, code, tower_scores
from amigo_rules.track import PATH_TILES
from amigo_rules.verflixxt import Rules

towers = st.lists(st.lists(st.sampled_from(PATH_TILES), max_size=24), min_size=1, max_size=8)


@given(st.lists(st.lists(st.tuples(st.integers(0, 10), st.booleans()), min_size=1,
                         max_size=30), min_size=1, max_size=6))
def test_lucky_turned_sums_the_largest_minus_values_one_per_lucky_tile(rows):
    width = max(len(row) for row in rows)
    minus = np.zeros((len(rows), width), dtype=np.int8)
    lucky = np.zeros(minus.shape, dtype=bool)
    for i, row in enumerate(rows):
        minus[i, : len(row)] = [value for value, _ in row]
        lucky[i, : len(row)] = [is_lucky for _, is_lucky in row]
    expected = [sum(sorted(minus[i].tolist(), reverse=True)[: int(lucky[i].sum())])
                for i in range(len(rows))]
    assert lockstep.lucky_turned(minus, lucky).tolist() == expected
    assert lockstep.lucky_turned(minus.T, lucky.T, axis=0).tolist() == expected


@pytest.mark.rule("VX-SCORE-1", "VXV-LUCKY-BELOW", "VXV-8")
@pytest.mark.parametrize("rules", [Rules(), Rules(lucky_below=True), Rules(negative_lucky=True)],
                         ids=["VX-SCORE-1", "VXV-LUCKY-BELOW", "VXV-8"])
@settings(max_examples=60)
@given(tiles=towers)
def test_tower_scores_along_any_axis_equal_the_scalar_scoring(rules, tiles):
    height = max(len(tower) for tower in tiles)
    codes = np.full((len(tiles), height), EMPTY, dtype=np.int8)
    for i, tower in enumerate(tiles):
        codes[i, : len(tower)] = [code(tile) for tile in tower]
    expected = [verflixxt.score_tiles(tower, rules) for tower in tiles]
    assert tower_scores(codes, rules).tolist() == expected
    assert tower_scores(codes.T, rules, axis=0).tolist() == expected
    assert tower_scores(codes[None], rules, axis=2).tolist() == [expected]
