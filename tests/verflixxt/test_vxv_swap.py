"""VXV-7: on a roll of 1, move one tile forward or swap with an adjacent opponent pawn."""

from __future__ import annotations

import pytest
from vx_scenarios import CLASSIC, make_state, moves, play

from amigo_rules import IllegalMoveError, verflixxt
from amigo_rules.testing import check_game
from amigo_rules.verflixxt import Phase, Rules, Swap

SWAP = Rules(players=3, guards=False, roll_one="swap")
PAWNS = [(3, 20, 20), (2, 4, 30), (4, 25, 25)]


@pytest.mark.rule("VXV-7")
def test_a_one_offers_the_forward_moves_and_the_swaps():
    state = make_state(SWAP, PAWNS, roll=1)
    assert moves(state) == ["pawn 3", "pawn 20", "swap 3 2", "swap 3 4 1", "swap 3 4 2"]
    plain = make_state(Rules(players=3, guards=False), PAWNS, roll=1)
    assert moves(plain) == ["pawn 3", "pawn 20"]


@pytest.mark.rule("VXV-7")
def test_only_a_one_allows_a_swap():
    state = make_state(SWAP, PAWNS, roll=2)
    assert moves(state) == ["pawn 3", "pawn 20"]
    with pytest.raises(IllegalMoveError):
        verflixxt.parse_move(state, "swap 3 2")


@pytest.mark.rule("VXV-7")
def test_a_swap_exchanges_the_pawns_and_takes_no_tile():
    state = make_state(SWAP, PAWNS, roll=1)
    after = play(state, "swap 3 4 2")
    assert after.board.pawns == ((4, 20, 20), (2, 4, 30), (3, 25, 25))
    assert after.board.tiles == CLASSIC
    assert after.towers == ((), (), ())
    assert after.phase is Phase.ROLL and after.player == 1
    back = play(state, "swap 3 2")
    assert back.board.pawns == ((2, 20, 20), (3, 4, 30), (4, 25, 25))
    assert back.board.tiles == CLASSIC


@pytest.mark.rule("VXV-7")
def test_nobody_swaps_with_a_pawn_on_the_finish():
    state = make_state(SWAP, [(32, 33, 33), (33, 33, 31), (0, 0, 0)], roll=1)
    assert moves(state) == ["pawn 32", "swap 32 31"]


@pytest.mark.rule("VXV-7")
def test_swap_notation_and_ids():
    state = make_state(SWAP, PAWNS, roll=1)
    assert verflixxt.parse_move(state, " SWAP 3  4 2 ") == Swap(3, 4, 2)
    assert verflixxt.parse_move(state, "swap 3 2") == Swap(3, 2)
    with pytest.raises(IllegalMoveError):
        verflixxt.parse_move(state, "swap 3 4")  # two opponents there: name one
    length, players = 34, 3
    base = 2 * length + players
    assert verflixxt.action_id(state, Swap(3, 2)) == base + 3 * (players + 1) + players
    assert verflixxt.action_id(state, Swap(3, 4, 2)) == base + (length + 3) * (players + 1) + 2
    assert verflixxt.num_actions(SWAP) == base + 2 * length * (players + 1)


@pytest.mark.rule("VXV-7")
@pytest.mark.parametrize(
    "rules",
    [
        Rules(roll_one="swap"),
        Rules(players=8, roll_one="swap", towers="hidden"),
        Rules.amigo(players=5, roll_one="swap", passed_tiles_to_end=True),
        Rules.amigo_pro(action_tiles=True, roll_one="swap", early_end="one_pawn_left",
                        lucky_below=True),
    ],
)
def test_conformance_with_swap(rules):
    assert check_game(verflixxt, rules, seeds=range(4)).terminal == 4
