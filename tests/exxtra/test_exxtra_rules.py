"""One test (at least) per rule of the EXXtra contract, each failing if its rule breaks."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from amigo_rules import CHANCE, TERMINAL, IllegalMoveError, RulesError, exxtra


def play(state: exxtra.State, *texts: str) -> exxtra.State:
    for text in texts:
        state = exxtra.apply(state, exxtra.parse_move(state, text))
    return state


def position(
    counters: tuple[int, ...],
    ladder: tuple[tuple[int, int] | None, ...],
    player: int = 0,
    roll: int | None = None,
    first_roll: bool = True,
) -> exxtra.State:
    """``player``'s turn in round 2, checked by a JSON round trip (which validates it)."""
    rules = exxtra.Rules(players=len(counters))
    state = exxtra.State(rules, counters, ladder, len(counters) + player, roll, first_roll)
    assert exxtra.from_json(exxtra.to_json(state)) == state
    return state


def legal(state: exxtra.State) -> list[str]:
    return [str(move) for move in exxtra.legal_moves(state)]


@pytest.mark.rule("EX-COMP-1")
@pytest.mark.rule("EX-ROLL-1")
def test_a_roll_is_36_equally_likely_faces_of_die_a_and_die_b() -> None:
    outcomes = exxtra.chance_outcomes(exxtra.new_game())
    texts = [str(move) for move, _ in outcomes]
    assert texts == [f"roll {a}-{b}" for a in "12347X" for b in "12356X"]
    assert all(p == Fraction(1, 36) for _, p in outcomes)
    assert [str(m) for m in exxtra.legal_moves(exxtra.new_game())] == texts
    assert exxtra.num_chance_outcomes(exxtra.Rules()) == 36


@pytest.mark.rule("EX-COMP-1")
@pytest.mark.parametrize("text", ["roll 5-1", "roll 1-4", "roll 6-6", "roll 7-7", "roll 0-1"])
def test_no_die_shows_a_face_it_lacks(text: str) -> None:
    with pytest.raises(
        exxtra.IllegalMoveError if hasattr(exxtra, "IllegalMoveError") else ValueError
    ):
        exxtra.parse_move(exxtra.new_game(), text)


@pytest.mark.rule("EX-COMP-2")
def test_the_board_runs_from_start_0_to_finish_21_and_the_ladder_has_rungs_0_to_5() -> None:
    state = position((0, 19, 0), (None, (5, 64), None), player=0, roll=41)
    assert legal(state) == ["reroll", "place 0", "place 1", "place 2", "place 3", "place 4"]
    state = play(state, "place 0")  # player 1's turn begins: 19 + 5 overshoots to the finish
    assert exxtra.score(state) == (0, 21, 0) and exxtra.FINISH == 21
    with pytest.raises(IllegalMoveError, match="rungs are 0-5"):
        exxtra.parse_move(position((0, 0, 0), (None,) * 3, roll=41), "place 6")


@pytest.mark.rule("EX-COMP-3")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_to_six_players(players: int) -> None:
    state = exxtra.new_game(exxtra.Rules(players=players))
    assert len(exxtra.score(state)) == players


@pytest.mark.rule("EX-COMP-3")
@pytest.mark.parametrize("players", [2, 7, 0, -1, 4.0, "4", True, None])
def test_other_player_counts_are_refused(players: object) -> None:
    with pytest.raises(RulesError, match="players must be an integer from 3 to 6"):
        exxtra.Rules(players=players)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        attrs.evolve(exxtra.Rules(), players=players)


@pytest.mark.rule("EX-SETUP-1")
def test_setup_and_clockwise_order() -> None:
    state = exxtra.new_game(exxtra.Rules(players=3))
    assert state.counters == (0, 0, 0) and state.ladder == (None, None, None)
    assert exxtra.current_player(state) == CHANCE and state.player == 0
    assert exxtra.new_game() == exxtra.new_game(exxtra.Rules(players=4), seed=99)
    seen = []
    for _ in range(4):
        state = play(state, "roll 2-1")
        seen.append(exxtra.current_player(state))
        state = play(state, "place 0")
    assert seen == [0, 1, 2, 0]


@pytest.mark.rule("EX-TURN-1")
def test_dice_on_the_ladder_move_the_counter_when_the_previous_turn_ends() -> None:
    state = position((2, 5, 0), (None, (3, 41), (0, 21)), roll=11, player=0)
    state = play(state, "place 1")
    # player 1's turn begins at once: +3, dice back, waiting for the first roll
    assert exxtra.current_player(state) == CHANCE and state.player == 1 and state.first_roll
    assert state.counters == (2, 8, 0) and state.ladder == ((1, 11), None, (0, 21))
    state = play(state, "roll 2-1", "place 2")
    # rung 0 gives the dice back without moving the counter
    assert state.counters == (2, 8, 0) and state.ladder == ((1, 11), (2, 21), None)
    state = play(state, "roll X-X", "place 0")
    assert state.counters == (3, 8, 0)  # player 0 collects rung 1


@pytest.mark.rule("EX-TURN-1")
@pytest.mark.rule("EX-END-1")
def test_the_advance_before_a_turn_can_win_at_once() -> None:
    state = position((0, 17, 0), (None, (4, 30), None), roll=21)
    state = play(state, "place 0")
    assert exxtra.is_terminal(state) and exxtra.current_player(state) == TERMINAL
    assert exxtra.winners(state) == (1,) and exxtra.score(state) == (0, 21, 0)
    assert exxtra.legal_moves(state) == () and exxtra.chance_outcomes(state) == ()


@pytest.mark.rule("EX-ROLL-2")
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("roll 7-1", 71),
        ("roll 1-1", 11),
        ("roll 4-6", 64),
        ("roll 3-X", 30),
        ("roll X-5", 50),
        ("roll X-X", 0),
        ("roll 1-6", 61),
        ("roll 2-3", 32),
    ],
)
def test_a_combination_reads_higher_die_first_with_x_as_0(text: str, value: int) -> None:
    state = play(exxtra.new_game(), text)
    assert state.roll == value
    assert exxtra.observation(state, 2).roll == value


@pytest.mark.rule("EX-ROLL-2")
@pytest.mark.parametrize(
    ("high", "low", "value"), [("roll 7-1", "roll 4-6", 71), ("roll 2-3", "roll 3-1", 32)]
)
def test_the_higher_number_wins(high: str, low: str, value: int) -> None:
    # the low pair on rung 4 is sent home by the high one placed on rung 1, not vice versa
    state = play(exxtra.new_game(exxtra.Rules(players=3)), low, "place 4", high, "place 1")
    assert state.ladder == (None, (1, value), None)
    state = play(exxtra.new_game(exxtra.Rules(players=3)), high, "place 4", low, "place 1")
    assert state.ladder[0] == (4, value) and state.ladder[1] is not None


@pytest.mark.rule("EX-ROLL-3")
@pytest.mark.parametrize(("text", "value"), [("roll 3-X", 30), ("roll X-6", 60), ("roll X-X", 0)])
def test_on_the_first_roll_an_x_is_a_valid_0(text: str, value: int) -> None:
    state = play(position((0, 5, 0), (None,) * 3, player=1), text)
    assert exxtra.current_player(state) == 1 and state.counters == (0, 5, 0)
    assert state.first_roll and state.roll == value and "place 5" in legal(state)
    state = play(state, "place 5")
    assert state.ladder[1] == (5, value)


@pytest.mark.rule("EX-ROLL-4")
@pytest.mark.parametrize(
    ("counter", "text", "after"),
    [
        (5, "roll 7-X", 4),
        (5, "roll X-1", 4),
        (5, "roll X-X", 3),
        (1, "roll X-X", 0),
        (0, "roll 2-X", 0),
    ],
)
def test_a_later_x_ends_the_turn_and_retreats(counter: int, text: str, after: int) -> None:
    state = position((3, counter, 0), ((5, 76), None, (2, 11)), player=1, roll=64)
    state = play(state, "reroll")
    assert not state.first_roll and "roll 7-X" in legal(state)
    state = play(state, text)
    assert state.counters[1] == after and state.ladder[1] is None  # dice stay off the ladder
    assert state.player == 2 and state.counters[2] == 2  # the next turn began (EX-TURN-1)


@pytest.mark.rule("EX-ROLL-4")
def test_after_a_later_x_the_next_player_rolls_and_nothing_else_changed() -> None:
    state = play(exxtra.new_game(exxtra.Rules(players=3)), "roll 2-1", "reroll", "roll 1-X")
    assert exxtra.current_player(state) == CHANCE and state.player == 1 and state.first_roll
    assert state.ladder == (None, None, None)


@pytest.mark.rule("EX-ROLL-5")
@pytest.mark.parametrize(("text", "spaces"), [("roll 1-1", 1), ("roll 2-2", 2), ("roll 3-3", 3)])
def test_a_double_advances_at_once_on_any_roll_and_may_be_placed(text: str, spaces: int) -> None:
    first = play(position((0, 4, 0), (None,) * 3, player=1), text)
    assert first.counters == (0, 4 + spaces, 0) and first.roll == 11 * spaces
    later = play(position((0, 4, 0), (None,) * 3, player=1, roll=21), "reroll", text)
    assert later.counters == (0, 4 + spaces, 0)
    placed = play(later, "place 3")
    assert placed.ladder[1] == (3, 11 * spaces)


@pytest.mark.rule("EX-ROLL-5")
@pytest.mark.rule("EX-ROLL-3")
def test_x_x_on_a_first_roll_is_00_not_a_double() -> None:
    state = play(position((0, 4, 0), (None,) * 3, player=1), "roll X-X")
    assert state.counters == (0, 4, 0) and state.roll == 0


@pytest.mark.rule("EX-ROLL-5")
@pytest.mark.rule("EX-END-1")
def test_a_double_reaching_the_finish_ends_the_game_at_once() -> None:
    state = position((0, 19, 3), (None, None, (5, 71)), player=1, roll=51)
    state = play(state, "reroll", "roll 3-3")
    assert exxtra.is_terminal(state) and exxtra.winners(state) == (1,)
    assert exxtra.score(state) == (0, 21, 3)  # overshoot stands on the finish
    assert exxtra.legal_moves(state) == ()


@pytest.mark.rule("EX-ROLL-6")
def test_after_a_valid_roll_reroll_or_place() -> None:
    state = play(exxtra.new_game(), "roll 4-5")
    assert legal(state) == [
        "reroll",
        "place 0",
        "place 1",
        "place 2",
        "place 3",
        "place 4",
        "place 5",
    ]
    again = play(state, "reroll")
    assert exxtra.current_player(again) == CHANCE and again.player == 0 and not again.first_roll
    assert again.counters == state.counters and again.ladder == state.ladder
    for _ in range(5):  # as often as one likes
        again = play(again, "roll 2-1", "reroll")
    assert exxtra.current_player(again) == CHANCE and again.player == 0


@pytest.mark.rule("EX-PLACE-1")
def test_a_pair_goes_on_an_empty_rung_or_on_rung_0() -> None:
    state = position((0,) * 5, ((0, 21), (0, 30), (2, 11), (5, 76), None), player=4, roll=42)
    assert legal(state) == ["reroll", "place 0", "place 1", "place 3", "place 4"]
    with pytest.raises(IllegalMoveError, match="rung 2 holds player 2's 11"):
        exxtra.apply(state, exxtra.Place(2))
    after = play(state, "place 0")  # rung 0 holds any number of pairs
    # player 0's turn began and took his pair home; player 1's stays beside player 4's
    # (and the 42 sent the 11 above it home, EX-PLACE-2)
    assert after.ladder == (None, (0, 30), None, (5, 76), (0, 42))


@pytest.mark.rule("EX-PLACE-1")
def test_other_rungs_do_not_restrict_the_choice() -> None:
    # a low 21 may go on rung 4 below a 76, or above nothing, as the player likes
    state = position((0, 0, 0), (None, (5, 76), (1, 0)), player=3, roll=21)
    assert legal(state) == ["reroll", "place 0", "place 2", "place 3", "place 4"]


@pytest.mark.rule("EX-PLACE-2")
def test_equal_or_lower_pairs_above_go_home_higher_and_lower_ones_stay() -> None:
    ladder = ((0, 76), (1, 11), (3, 64), (4, 71), (5, 30), None)
    state = position((0, 2, 3, 4, 5, 0), ladder, player=5, roll=64)
    state = play(state, "place 2")
    # rung 0 and 1 are lower (untouched even if lower); 64 (equal) and 30 (lower) above go home
    assert state.ladder == (None, (1, 11), None, (4, 71), None, (2, 64))
    # player 0's turn began: his rung-0 pair came home without moving him
    state = play(state, "roll X-X", "place 0", "roll 2-1", "place 3")
    assert state.counters == (0, 3, 3, 4, 5, 0)  # player 2 was sent home: no advance


@pytest.mark.rule("EX-PLACE-2")
def test_placing_on_rung_0_can_still_remove_pairs_above() -> None:
    state = position((0, 0, 0, 0), (None, (5, 70), (3, 43), (1, 71)), player=0, roll=70)
    state = play(state, "place 0")
    assert state.ladder == ((0, 70), None, None, (1, 71))


@pytest.mark.rule("EX-END-1")
def test_no_winner_before_the_finish() -> None:
    state = position((0, 20, 0), ((2, 64), None, None), player=1, roll=11)
    state = play(state, "place 0")
    assert not exxtra.is_terminal(state) and exxtra.winners(state) == ()
    state = play(state, "roll 2-1", "place 1")
    assert exxtra.score(state) == (2, 20, 0) and exxtra.winners(state) == ()


@pytest.mark.rule("EX-END-2")
def test_score_is_the_counters() -> None:
    state = position((4, 9, 0, 13), (None, None, None, None), player=0)
    assert exxtra.score(state) == (4, 9, 0, 13)


@pytest.mark.rule("EX-END-2")
def test_the_turn_limit_truncates_with_no_winner() -> None:
    state = exxtra.new_game(exxtra.Rules(players=3, max_turns=4))
    state = play(state, "roll 7-6", "place 5", "roll 2-1", "reroll", "roll X-1", "roll 2-1")
    assert state.player == 2 and not exxtra.is_terminal(state)
    state = play(state, "place 0", "roll 2-1", "place 4")  # the third and fourth turns
    assert exxtra.is_terminal(state) and exxtra.current_player(state) == TERMINAL
    assert exxtra.winners(state) == () and exxtra.legal_moves(state) == ()
    assert exxtra.chance_outcomes(state) == ()
    # player 0's fourth-turn start moved him 5; player 1's fifth turn never begins
    assert state.counters == (5, 0, 0) and state.turn == 4


@pytest.mark.rule("EX-END-2")
@pytest.mark.parametrize("max_turns", [0, -3, 2.5, "10", True])
def test_impossible_turn_limits_are_refused(max_turns: object) -> None:
    with pytest.raises(RulesError, match="max_turns must be None or a positive integer"):
        exxtra.Rules(max_turns=max_turns)  # type: ignore[arg-type]
