"""EXXtra's fitted cut-off evaluation: the shipped file, its format, the fitting script."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from amigo_rules import RulesError, exxtra
from amigo_rules.agents.evaluation import DATA, FORMAT, dump, indices, load, shape, tables

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"


def state(counters, ladder, turn=0):
    return exxtra.State(exxtra.Rules(players=len(counters)), tuple(counters), tuple(ladder),
                        turn)


def test_the_shipped_file_has_a_table_for_every_number_of_players():
    found = load(DATA.read_text(encoding="utf-8"))
    assert sorted(found) == [3, 4, 5, 6]
    for players, table in found.items():
        sizes = [math.prod(s) for s in shape(players)]
        assert [len(table.position), len(table.pair)] == sizes
    assert tables().keys() == found.keys()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_estimates_are_shares_of_the_win_and_favour_the_leader(players):
    table = tables()[players]
    even = table(state([5] * players, [None] * players, turn=1))
    assert sum(even) == pytest.approx(1) and all(0 < s < 1 for s in even)
    ahead = table(state([18] + [5] * (players - 1), [None] * players, turn=1))
    assert ahead[0] > max(ahead[1:]) and ahead[0] > even[0]


def test_a_player_is_indexed_from_the_player_to_move():
    # the same position seen with player 1 to move shifts every player's seat offset
    s = state([3, 7, 0, 12], [None, (4, 64), None, (0, 30)], turn=1)
    found = indices(s)
    assert found[1][0] == 7 * 7 + 0  # offset 0, counter 7, in hand
    assert found[0][0] == (3 * 22 + 3) * 7 + 0  # offset 3, counter 3
    assert found[3][0] == (2 * 22 + 12) * 7 + 1  # offset 2, counter 12, on rung 0


def test_a_dumped_table_loads_back():
    players = 3
    position = [0.0] * math.prod(shape(players)[0])
    pair = [0.0] * math.prod(shape(players)[1])
    position[(0 * 22 + 10) * 7 + 0] = math.log(2)  # the player to move on 10, in hand
    table = load(dump({players: (position, pair)}))[players]
    assert table(state([10, 10, 10], [None] * 3)) == pytest.approx((0.5, 0.25, 0.25))


@pytest.mark.parametrize("change", [
    lambda d: d.update(format="something else"),
    lambda d: d.update(buckets=[0.5]),
    lambda d: d.update(tables={}),
    lambda d: d["tables"].update({"2": d["tables"]["3"]}),
    lambda d: d["tables"]["3"].update(pair=[0.0]),
    lambda d: d["tables"]["3"]["pair"].__setitem__(0, "1"),
    lambda d: d["tables"]["3"].__setitem__("position", None),
])
def test_a_bad_file_raises(change):
    document = json.loads(DATA.read_text(encoding="utf-8"))
    assert document["format"] == FORMAT
    change(document)
    with pytest.raises(RulesError, match="evaluation file"):
        load(json.dumps(document))
    with pytest.raises(RulesError, match="not JSON"):
        load("{")
    assert load(json.dumps(json.loads(DATA.read_text(encoding="utf-8"))))  # untouched


def test_the_fitting_script_writes_what_the_library_reads(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    sys.modules.pop("fit_evaluation", None)
    import fit_evaluation

    out = tmp_path / "evaluation.json"
    fit_evaluation.main(["--games", "2", "--players", "3", "--steps", "3", "--out", str(out)])
    assert list(load(out.read_text(encoding="utf-8"))) == [3]
