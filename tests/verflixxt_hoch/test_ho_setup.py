"""Components and setup: HO-COMP-*, HO-SETUP-*."""

from __future__ import annotations

from collections import Counter

import pytest
from ho_scenarios import CARDS

from amigo_rules import RulesError
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.verflixxt_hoch import Rules

PATH = Counter({"+3": 1, "+4": 1, "+5": 1, "+6": 1, "+7": 1, "+8": 1, "-1": 2, "-2": 2,
                "-3": 1, "-4": 1, "-5": 1, "-6": 1, "-7": 1, "-8": 2, "-9": 1, "-10": 1,
                "L": 5})
RISK = Counter({"R3": 1, "R4": 2, "R5": 2, "R6": 2, "R7": 1})


def laid(state) -> Counter:
    return Counter(state.board.tiles[1:-1])


@pytest.mark.rule("HO-COMP-1")
@pytest.mark.parametrize("players", [3, 5, 6, 7, 8])
def test_track_holds_24_path_tiles_and_8_risk_tiles(players):
    state = ho.new_game(Rules(players=players), seed=1)
    assert sum(PATH.values()) == 24
    assert laid(state) == PATH + RISK


@pytest.mark.rule("HO-COMP-1")
@pytest.mark.parametrize("players", [2, 4])
def test_risk_tile_3_is_left_out_with_2_or_4_players(players):
    state = ho.new_game(Rules(players=players), seed=1)
    assert laid(state) == PATH + RISK - Counter(["R3"])


@pytest.mark.rule("HO-COMP-2")
def test_default_deck_has_60_cards_half_yellow_half_orange():
    state = ho.new_game(Rules(players=3), seed=2)
    held = Counter(c for h in state.hands for c in h)
    total = Counter({c: state.pile[i] + state.discard[i] + held[c] for i, c in enumerate(CARDS)})
    assert sum(total.values()) == 60
    assert total["-1y"] == total["-1o"] == total["0y"] == total["0o"] == 3
    assert all(total[f"{v}{c}"] == 4 for v in range(1, 7) for c in "yo")


@pytest.mark.rule("HO-COMP-2")
def test_deck_option_takes_real_counts_and_is_validated():
    rules = Rules(players=2, deck=((-1, 1, 1), (3, 2, 0), (6, 0, 3)))
    state = ho.new_game(rules, seed=0)
    held = Counter(c for h in state.hands for c in h)
    total = {c: state.pile[i] + state.discard[i] + held[c] for i, c in enumerate(CARDS)}
    assert total["3y"] == 2 and total["3o"] == 0 and total["6o"] == 3 and total["5y"] == 0
    for bad in [((9, 1, 1),), ((1, -1, 3),), ((1, 1, 1), (1, 1, 1)), "many", ((1, 1, 1),)]:
        with pytest.raises(RulesError):
            Rules(players=2, deck=bad)


@pytest.mark.rule("HO-COMP-4")
@pytest.mark.parametrize(("players", "pawns"), [(2, 3), (4, 3), (5, 2), (8, 2)])
def test_pawns_guards_and_hats(players, pawns):
    state = ho.new_game(Rules(players=players), seed=5)
    assert all(p == (0,) * pawns for p in state.board.pawns)
    assert len(state.board.guards) == 8
    lucky, cursed = state.hats
    assert lucky[0] != cursed[0] and lucky[1] == cursed[1] == 0


@pytest.mark.rule("HO-SETUP-1")
def test_tiles_are_shuffled_from_the_seed():
    a, b = ho.new_game(Rules(), seed=1), ho.new_game(Rules(), seed=2)
    assert a.board.tiles[0] == "S" and a.board.tiles[-1] == "F"
    assert a.board.tiles != b.board.tiles
    assert ho.new_game(Rules(), seed=1) == a


@pytest.mark.rule("HO-SETUP-2")
@pytest.mark.parametrize("seed", range(5))
def test_guards_on_the_first_eight_positive_tiles(seed):
    state = ho.new_game(Rules(), seed=seed)
    tiles = state.board.tiles
    positive = [i for i, t in enumerate(tiles) if t == "L" or t.startswith("+")]
    assert state.board.guards == tuple(positive[:8])
    assert all(not tiles[g].startswith("R") for g in state.board.guards)


@pytest.mark.rule("HO-SETUP-3")
def test_two_secret_cards_each_rest_is_the_pile():
    state = ho.new_game(Rules(players=5), seed=4)
    assert all(len(h) == 2 for h in state.hands)
    assert sum(state.pile) + sum(state.discard) == 60 - 10
    assert sum(state.discard) >= 5  # one card turned up per player for the hats
    obs = ho.observation(state, 1)
    assert obs.hand == state.hands[1] and obs.hand_sizes == (2,) * 5


@pytest.mark.rule("HO-SETUP-4")
def test_highest_card_takes_the_lucky_hat_and_plays_first():
    state = ho.new_game(Rules(players=4), seed=7)
    assert state.player == state.hats[0][0]
    assert ho.current_player(state) == state.player


@pytest.mark.rule("HO-SETUP-4")
def test_hat_allocation_and_tie_breaks():
    assert ho.hat_draw(3, [3, 6, 5]) == ho.HatDraw(lucky=1, cursed=2)
    # Players 0 and 1 tie on 6; turned up again: 3 vs 5 -> player 1 lucky. Player 0 lost the
    # tie with a 6 and beats player 2's 2 for the cap.
    assert ho.hat_draw(3, [6, 6, 2, 3, 5]) == ho.HatDraw(lucky=1, cursed=0)
    # Tie for the cap only: players 1 and 2 tie on 4 below player 0's 6; -1 vs 0.
    assert ho.hat_draw(3, [6, 4, 4, -1, 0]) == ho.HatDraw(lucky=0, cursed=2)
    # Until then, the draw says who turns up next.
    assert ho.hat_draw(3, [6, 4]).next == 2
    assert ho.hat_draw(3, [6, 6, 2]).next == 0
    assert ho.hat_draw(3, [6, 6, 2, 3]).next == 1
    assert ho.hat_draw(3, [6, 4, 4, -1]).next == 2
    assert ho.hat_draw(3, [6, 6, 2, 4, 4]).next == 0  # tied again: another round
