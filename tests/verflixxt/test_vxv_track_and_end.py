"""VXV-3 (passed tiles to the end), VXV-4 and VXV-5 (early ends)."""

from __future__ import annotations

import pytest
from vx_scenarios import CLASSIC, make_state, play

from amigo_rules import RulesError, StateError, verflixxt
from amigo_rules.testing import check_game
from amigo_rules.verflixxt import Phase, Rules

MINUS8 = tuple(f"-{n}" for n in range(1, 9))


# --- VXV-3 ---------------------------------------------------------------------------


@pytest.mark.rule("VXV-3")
def test_tiles_behind_every_piece_move_before_the_finish_in_their_order():
    rules = Rules(players=2, guards=False, passed_tiles_to_end=True)
    state = make_state(rules, [(3, 3, 5), (4, 4, 4)], roll=2)
    after = play(state, "pawn 3")
    tiles = after.board.tiles
    assert tiles[:3] == ("S", "-3", "-4")  # the start tile stays
    assert tiles[-3:] == ("-1", "-2", "F")
    assert after.board.pawns == ((1, 3, 3), (2, 2, 2))
    plain = play(make_state(Rules(players=2, guards=False), [(3, 3, 5), (4, 4, 4)], roll=2),
                 "pawn 3")
    assert plain.board.tiles == CLASSIC


@pytest.mark.rule("VXV-3")
def test_only_pawns_count_and_a_guard_left_behind_keeps_only_its_own_tile():
    """003, variant 3: "Zodra de laatste spelfiguur over een wegtegel werd gezet, wordt deze
    tegel niet uit het spel genomen, maar wordt aan het einde van het parcours (net voor de
    doeltegel) gelegd." A *spelfiguur* is a pawn (guards are *wachters*), so a guard left
    behind on the -1 holds back nothing but its own tile."""
    rules = Rules(players=2, passed_tiles_to_end=True)
    guards = (1, 9, 10, 11, 12, 13, 14, 21)  # one left behind on the -1, no pawn with it
    state = make_state(rules, [(3, 3, 5), (4, 4, 4)], guards=guards, roll=2)
    after = play(state, "pawn 3")  # not alone: nothing taken; every pawn is past the -2
    assert after.board.tiles[:4] == ("S", "-1", "-3", "-4")
    assert after.board.tiles[-3:] == ("-10", "-2", "F")
    assert after.board.guards == (1, 8, 9, 10, 11, 12, 13, 20)  # the -1 kept its guard
    assert after.board.pawns == ((2, 4, 4), (3, 3, 3))
    assert verflixxt.from_json(verflixxt.to_json(after)) == after


@pytest.mark.rule("VXV-3")
def test_action_tiles_stay_in_place():
    rules = Rules(players=2, guards=False, action_tiles=True, passed_tiles_to_end=True)
    state = make_state(rules, [(10, 10, 12), (12, 12, 12)], roll=1)
    assert state.board.tiles[9] == "gift"
    after = play(state, "pawn 10")
    tiles = after.board.tiles
    assert tiles[:3] == ("S", "gift", "L")
    assert tiles[-9:] == (*MINUS8, "F")
    assert after.board.pawns == ((2, 3, 4), (4, 4, 4))
    assert verflixxt.from_json(verflixxt.to_json(after)) == after


@pytest.mark.rule("VXV-3")
def test_pieces_on_the_finish_have_passed_everything():
    rules = Rules(players=2, guards=False, passed_tiles_to_end=True)
    state = make_state(rules, [(2, 33, 33), (33, 33, 33)], roll=1)
    after = play(state, "pawn 2")  # takes -2; -1 is now behind every piece
    assert after.towers[0] == ("-2",)
    assert after.board.tiles[-2:] == ("-1", "F")
    assert after.board.pawns == ((1, 32, 32), (32, 32, 32))


# --- VXV-4 ---------------------------------------------------------------------------


@pytest.mark.rule("VXV-4")
def test_the_game_ends_when_the_first_player_is_home():
    rules = Rules(players=2, guards=False, early_end="first_home")
    state = make_state(rules, [(31, 33, 33), (5, 7, 7)], roll=2)
    after = play(state, "pawn 31")
    assert after.phase is Phase.OVER and verflixxt.is_terminal(after)
    assert after.towers == (("-9",), ("-5",))  # the pawns on 7 are not alone
    assert verflixxt.winners(after) == (1,)
    assert verflixxt.from_json(verflixxt.to_json(after)) == after
    plain = play(make_state(Rules(players=2, guards=False), [(31, 33, 33), (5, 7, 7)], roll=2),
                 "pawn 31")
    assert plain.phase is Phase.ROLL and plain.towers == (("-9",), ())


@pytest.mark.rule("VXV-4")
def test_tiles_taken_at_the_end_stack_in_track_order():
    rules = Rules(players=2, guards=False, early_end="first_home")
    state = make_state(rules, [(31, 33, 33), (3, 5, 24)], roll=2)
    after = play(state, "pawn 31")
    assert after.towers == (("-9",), ("-3", "-5", "-2"))


@pytest.mark.rule("VXV-4")
def test_a_pawn_with_a_guard_takes_nothing_at_the_end():
    rules = Rules(players=2, early_end="first_home")  # a guard on 9 (lucky)
    state = make_state(rules, [(31, 33, 33), (9, 5, 5)], roll=2)
    after = play(state, "pawn 31")
    assert after.towers == (("-9",), ())


# --- VXV-5 ---------------------------------------------------------------------------


@pytest.mark.rule("VXV-5")
def test_the_last_pawn_owner_takes_the_worst_minus_tile():
    rules = Rules(players=2, early_end="one_pawn_left")
    state = make_state(rules, [(31, 33, 33), (20, 33, 33)], roll=2)
    after = play(state, "pawn 31")
    assert after.phase is Phase.OVER
    assert after.towers == (("-9",), ())
    assert after.penalty == (1, "-10")
    assert "-10" not in after.board.tiles
    assert verflixxt.score(after) == (-9, -10)
    assert verflixxt.observation(after, 0).penalty == (1, "-10")
    assert verflixxt.from_json(verflixxt.to_json(after)) == after
    plain = play(make_state(Rules(players=2), [(31, 33, 33), (20, 33, 33)], roll=2), "pawn 31")
    assert plain.phase is Phase.ROLL and plain.penalty is None


@pytest.mark.rule("VXV-5")
def test_the_penalty_skips_guarded_tiles_and_the_pawn_own_tile():
    rules = Rules(players=2, early_end="one_pawn_left")
    guards = (9, 10, 11, 12, 13, 14, 21, 32)  # one on the -10
    state = make_state(rules, [(31, 33, 33), (30, 33, 33)], guards=guards, roll=2)
    after = play(state, "pawn 31")  # takes the -9; the last pawn stands on the -8 (30)
    assert after.penalty == (1, "-8")
    assert after.board.tiles[8] != "-8"  # the first -8 of the track went


@pytest.mark.rule("VXV-5")
def test_no_lucky_tile_turns_the_penalty():
    rules = Rules(players=2, guards=False, early_end="one_pawn_left")
    tiles = list(CLASSIC)
    tiles.remove("L")
    state = make_state(rules, [(30, 32, 32), (20, 32, 32)], tiles=tiles, towers=[(), ("L",)],
                       roll=2)
    after = play(state, "pawn 30")
    assert after.penalty == (1, "-10")
    assert verflixxt.score(after) == (-9, -10)  # the L on player 1's tower has no minus


@pytest.mark.rule("VXV-5")
def test_penalty_is_checked_on_load():
    rules = Rules(players=2, early_end="one_pawn_left")
    state = play(make_state(rules, [(31, 33, 33), (20, 33, 33)], roll=2), "pawn 31")
    text = verflixxt.to_json(state).replace('"-10"', '"+3"', 1)
    with pytest.raises(StateError):
        verflixxt.from_json(text)


@pytest.mark.rule("VXV-4")
@pytest.mark.rule("VXV-5")
def test_early_end_is_validated():
    with pytest.raises(RulesError, match="early_end"):
        Rules(early_end="sudden")


@pytest.mark.rule("VXV-3")
@pytest.mark.rule("VXV-4")
@pytest.mark.rule("VXV-5")
@pytest.mark.parametrize(
    "rules",
    [
        Rules(passed_tiles_to_end=True),
        Rules(early_end="first_home", players=3),
        Rules(early_end="one_pawn_left", players=5),
        Rules.amigo(passed_tiles_to_end=True, early_end="one_pawn_left"),
        Rules.amigo_pro(action_tiles=True, passed_tiles_to_end=True, roll_one="choice",
                        early_end="first_home", towers="top"),
        Rules(players=7, layout="plus_before_lucky", passed_tiles_to_end=True,
              lucky_below=True),
    ],
)
def test_conformance_of_track_and_end_variants(rules):
    assert check_game(verflixxt, rules, seeds=range(4)).terminal == 4
