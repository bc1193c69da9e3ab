"""VXV-9: tactical cards -1, 1 … 6 instead of the die."""

from __future__ import annotations

import pytest
from vx_scenarios import make_state, moves, play

from amigo_rules import CHANCE, RulesError, StateError, verflixxt
from amigo_rules.testing import check_game
from amigo_rules.verflixxt import Pass, Phase, Rules, Step, Stop

CARDS = (-1, 1, 2, 3, 4, 5, 6)
TACTICAL = Rules(players=2, guards=False, tactical_cards=True)


@pytest.mark.rule("VXV-9")
def test_no_die_every_hand_full_and_no_minus_one_from_the_first_tile():
    state = verflixxt.new_game(TACTICAL)
    assert verflixxt.current_player(state) == 0 != CHANCE
    assert verflixxt.chance_outcomes(state) == ()
    assert state.hands == (CARDS, CARDS)
    assert moves(state) == [f"pawn 0 +{v}" for v in range(1, 7)]


@pytest.mark.rule("VXV-9")
def test_cards_of_a_turn_add_up_to_at_most_six_and_the_player_may_stop():
    state = play(verflixxt.new_game(TACTICAL), "pawn 0 +4")
    assert state.board.pawns[0] == (0, 0, 4)
    assert state.player == 0 and state.phase is Phase.MOVE
    assert state.hands[0] == (-1, 1, 2, 3, 5, 6) and state.played == (4,)
    # the 3 may go to 7 while the -1 is in hand; the 5 and the 6 would exceed even that
    assert moves(state) == ["pawn 4 -1", "pawn 0 +1", "pawn 4 +1", "pawn 0 +2",
                            "pawn 4 +2", "pawn 0 +3", "pawn 4 +3", "stop"]
    stopped = play(state, "stop")
    assert stopped.player == 1 and stopped.played == () and stopped.phase is Phase.MOVE
    assert stopped.hands == ((-1, 1, 2, 3, 5, 6), CARDS)


@pytest.mark.rule("VXV-9")
def test_the_rulebook_example_4_3_minus_1():
    """003, variant 9: "De 'zesregel' betekent: "De som van de uitgespeelde kaarten mag
    maximaal 6 bedragen."", with the examples "1,4,-1,2", "1,3", "6", "4,3,-1" and "2":
    plays in order, so the running sum may reach 7 while the -1 can still bring the sum of
    the turn back to 6; the turn cannot stop at 7."""
    state = play(verflixxt.new_game(TACTICAL), "pawn 0 +4", "pawn 4 +3")
    assert state.towers[0] == ("-4",)  # the pawn left the -4 alone; it stands on the -7
    assert state.board.pawns[0] == (0, 0, 6) and state.played == (4, 3)
    assert state.phase is Phase.MOVE and state.player == 0
    assert moves(state) == ["pawn 6 -1"]  # no stop at 7, no other card fits
    assert verflixxt.from_json(verflixxt.to_json(state)) == state
    after = play(state, "pawn 6 -1")  # leaves the -7 alone: takes it, back on the -6
    assert after.towers[0] == ("-4", "-7")
    assert after.board.pawns[0] == (0, 0, 5)
    assert after.player == 1 and after.played == ()  # at 6 with 1 … 6 left: nothing fits
    assert after.hands[0] == (1, 2, 5, 6)
    one_four = play(verflixxt.new_game(TACTICAL), "pawn 0 +1", "pawn 1 +4", "pawn 4 -1",
                    "pawn 3 +2")  # "1,4,-1,2": never above 6
    assert one_four.player == 1 and one_four.hands[0] == (3, 5, 6)


@pytest.mark.rule("VXV-9")
def test_at_seven_a_minus_one_that_fits_no_piece_ends_the_turn_as_it_stands():
    """003, variant 9: "De som van de uitgespeelde kaarten mag maximaal 6 bedragen." The 3
    takes the sum to 7 with the -1 in hand; then no piece can go back (the pawns stand on
    the start and the finish, the guard moved off the pawns), so the turn ends at 7."""
    rules = Rules(players=2, tactical_cards=True)  # guards on 9 … 14, 21, 22
    state = make_state(rules, [(0, 0, 30), (9, 9, 9)])
    state = play(state, "guard 9 +4")  # the guard leaves player 1's pawns for the 13
    assert "pawn 30 +3" in moves(state) and "stop" in moves(state)
    after = play(state, "pawn 30 +3")  # home, taking the -8 it left alone
    assert after.towers[0] == ("-8",) and after.board.pawns[0] == (0, 0, 32)
    assert after.player == 1 and after.phase is Phase.MOVE and after.played == ()
    assert after.hands[0] == (-1, 1, 2, 5, 6)  # the -1 stays in hand


@pytest.mark.rule("VXV-9")
def test_a_turn_ended_at_seven_is_a_state_and_unreachable_sums_are_refused():
    """003, variant 9: "De som van de uitgespeelde kaarten mag maximaal 6 bedragen." A turn
    that ended at 7 (the -1 fitting no piece) waits for its flip (VXV-10) with the cards
    played on record; a turn cannot go on above 7, at 7 without the -1 in hand, or with no
    card to play, nor end at 7 while the -1 still fits."""
    hidden = Rules(players=2, guards=False, tactical_cards=True, hidden_tiles=True)
    state = make_state(hidden, [(0, 29, 30), (5, 5, 5)])
    flip = play(state, "pawn 29 +4", "pawn 29 +3")  # both home; the last pawn on the start
    assert flip.phase is Phase.FLIP and flip.player == 0 and flip.played == (4, 3)
    assert flip.hands[0] == (-1, 1, 2, 5, 6)
    assert verflixxt.from_json(verflixxt.to_json(flip)) == flip
    at_seven = {"hands": [(-1, 1, 2, 5, 6), CARDS], "played": (4, 3)}
    assert moves(make_state(TACTICAL, [(0, 0, 6), (5, 5, 5)], **at_seven)) == ["pawn 6 -1"]
    refused = [
        ("add up to 12", TACTICAL, [(0, 0, 6), (5, 5, 5)],
         {"hands": [(-1, 1, 2, 6), CARDS], "played": (4, 3, 5)}),
        ("add up to 7", TACTICAL, [(0, 0, 6), (5, 5, 5)],
         {"hands": [(1, 2, 5, 6), CARDS], "played": (4, 3)}),
        ("no card can be played", TACTICAL, [(0, 0, 33), (5, 5, 5)], at_seven),
        ("goes on with the -1", hidden, [(0, 0, 6), (5, 5, 5)],
         {**at_seven, "phase": Phase.FLIP}),
    ]
    for message, rules, pawns, cards in refused:
        with pytest.raises(StateError, match=message):
            make_state(rules, pawns, **cards)


@pytest.mark.rule("VXV-9")
def test_minus_one_counts_against_the_sum_and_moves_back():
    state = play(verflixxt.new_game(TACTICAL), "pawn 0 +6")
    # a 1 may take the sum to 7 while the -1 is in hand
    assert moves(state) == ["pawn 6 -1", "pawn 0 +1", "pawn 6 +1", "stop"]
    state = play(state, "pawn 6 -1")  # alone on the -6: takes it, back on the -5
    assert state.towers[0] == ("-6",)
    assert state.board.pawns[0] == (0, 0, 5)
    assert moves(state) == ["pawn 0 +1", "pawn 5 +1", "stop"]


@pytest.mark.rule("VXV-9")
def test_every_card_move_takes_the_tile_left_alone():
    state = make_state(TACTICAL, [(0, 0, 3), (5, 5, 5)])
    after = play(state, "pawn 3 +1", "pawn 3 +2")
    assert after.towers[0] == ("-3", "-4")


@pytest.mark.rule("VXV-9")
def test_the_turn_ends_when_no_card_is_left_and_hands_come_back_when_all_are_empty():
    state = make_state(TACTICAL, [(0, 0, 3), (5, 5, 5)], hands=[(3,), ()])
    after = play(state, "pawn 3 +3")
    assert after.player == 1 and after.phase is Phase.MOVE
    assert after.hands == (CARDS, CARDS) and after.played == ()


@pytest.mark.rule("VXV-9")
def test_a_player_without_cards_passes():
    rules = Rules(players=3, guards=False, tactical_cards=True)
    state = make_state(rules, [(0, 0, 3), (5, 5, 5), (6, 6, 6)], hands=[(3,), (), (5,)])
    after = play(state, "pawn 3 +3")
    assert after.player == 1 and moves(after) == ["pass"]
    after = play(after, "pass")
    assert after.player == 2 and after.hands == ((), (), (5,))


@pytest.mark.rule("VXV-9")
def test_a_player_whose_cards_are_unusable_passes_and_lays_them_out():
    state = make_state(TACTICAL, [(3, 3, 3), (0, 0, 0)], hands=[(3,), (-1,)])
    after = play(state, "pawn 3 +3")
    assert after.player == 1 and moves(after) == ["pass"]  # no -1 from the first tile
    after = play(after, "pass")
    assert after.player == 0  # the -1 laid out: all hands empty, all back
    assert after.hands == (CARDS, CARDS)


@pytest.mark.rule("VXV-9")
def test_a_turn_ends_when_the_last_pawn_is_home():
    finish = 33
    state = make_state(TACTICAL, [(31, finish, finish), (5, 5, 5)], hands=[(2, 3), CARDS])
    after = play(state, "pawn 31 +2")
    assert after.player == 1 and after.hands[0] == (3,)


@pytest.mark.rule("VXV-9")
def test_card_notation_ids_and_json():
    state = play(verflixxt.new_game(TACTICAL), "pawn 0 +4")
    assert verflixxt.parse_move(state, " PAWN  4 -1 ") == Step("pawn", 4, -1)
    assert verflixxt.parse_move(state, "stop") == Stop()
    length = 34
    base = 2 * length + 2
    assert verflixxt.action_id(state, Step("pawn", 4, -1)) == base + 4
    assert verflixxt.action_id(state, Step("pawn", 4, 1)) == 4
    assert verflixxt.action_id(state, Step("pawn", 4, 2)) == 2 * length * 3 + 2 + 4
    assert verflixxt.action_id(state, Stop()) == 16 * length + 2
    assert verflixxt.num_actions(TACTICAL) == 16 * length + 4
    assert verflixxt.action_id(make_state(TACTICAL, [(3, 3, 3), (0, 0, 0)], hands=[(3,), (-1,)],
                                          player=1), Pass()) == 16 * length + 3
    assert verflixxt.from_json(verflixxt.to_json(state)) == state
    obs = verflixxt.observation(state, 1)
    assert obs.hands == state.hands and obs.played == (4,)
    assert obs.to_array().shape == (verflixxt.array_length(TACTICAL),)


@pytest.mark.rule("VXV-9")
def test_tactical_cards_refuse_roll_one():
    with pytest.raises(RulesError, match=r"tactical_cards.*roll_one"):
        Rules(tactical_cards=True, roll_one="choice")


@pytest.mark.rule("VXV-9")
@pytest.mark.parametrize(
    "rules",
    [
        Rules(tactical_cards=True),
        Rules.amigo(players=3, tactical_cards=True),
        Rules(layout="random", players=5, hidden_tiles=True, tactical_cards=True,
              early_end="one_pawn_left", passed_tiles_to_end=True),
        Rules(players=8, negative_lucky=True, negative_lucky_sweep=True, tactical_cards=True,
              towers="hidden", action_tiles=True),
        Rules.amigo_pro(action_tiles=True, tactical_cards=True, early_end="first_home",
                        lucky_below=True, towers="top"),
    ],
)
def test_conformance_with_tactical_cards(rules):
    assert check_game(verflixxt, rules, seeds=range(4)).terminal == 4
