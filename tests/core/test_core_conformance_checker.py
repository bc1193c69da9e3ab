"""The conformance checker catches broken games (it is only worth running if it can fail)."""

from __future__ import annotations

import types

import pytest

from amigo_rules import verflixxt
from amigo_rules.testing import ConformanceError, check_game


def broken(**overrides) -> types.ModuleType:
    """A copy of the verflixxt module with some functions replaced."""
    module = types.ModuleType("broken")
    module.__dict__.update({k: getattr(verflixxt, k) for k in verflixxt.__all__})
    module.NAME = "verflixxt"
    module.__dict__.update(overrides)
    return module


def test_the_real_game_passes():
    report = check_game(verflixxt, seeds=range(3))
    assert report.games == report.terminal == 3 and report.decisions > 0


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"legal_moves": lambda s: verflixxt.legal_moves(s) * 2}, "duplicate"),
        ({"score": lambda s: verflixxt.score(s)[:-1]}, "score"),
        ({"action_id": lambda s, m: 0}, r"id 0 != roll 2"),
        ({"winners": lambda s: (0,)}, "winners before the end"),
        ({"chance_outcomes": lambda s: tuple((m, p / 2) for m, p in
                                             verflixxt.chance_outcomes(s))}, "sum is not 1"),
        ({"parse_move": lambda s, t: verflixxt.legal_moves(s)[0]}, "parse"),
        ({"is_terminal": lambda s: False}, "terminal mismatch"),
    ],
)
def test_broken_games_are_caught(overrides, message):
    with pytest.raises(ConformanceError, match=message):
        check_game(broken(**overrides), seeds=range(2))


def test_legal_moves_that_depend_on_the_state_object_are_caught():
    """The same position built afresh must have the same moves in the same order."""
    first = {}

    def legal_moves(state):
        moves = verflixxt.legal_moves(state)
        return moves if first.setdefault(state, state) is state else moves[::-1]

    with pytest.raises(ConformanceError, match="legal_moves not stable"):
        check_game(broken(legal_moves=legal_moves), seeds=range(1))


def test_a_game_that_never_ends_is_caught():
    with pytest.raises(ConformanceError, match="no end within 50 steps"):
        check_game(verflixxt, seeds=range(1), max_steps=50)
