"""The rulebook's worked examples 1-7, played as its one continuous 4-player game.

Alex = 0, Beatrice = 1, Carl = 2, Diana = 3; examples 1-4 are round 1, examples 5-7 round 2.
"""

from __future__ import annotations

import pytest

from amigo_rules import CHANCE, exxtra

ALEX, BEATRICE, CARL, DIANA = range(4)
ALL_RUNGS = ["reroll", "place 0", "place 1", "place 2", "place 3", "place 4", "place 5"]


def play(state: exxtra.State, *texts: str) -> exxtra.State:
    for text in texts:
        state = exxtra.apply(state, exxtra.parse_move(state, text))
    return state


def legal(state: exxtra.State) -> list[str]:
    return [str(move) for move in exxtra.legal_moves(state)]


def ladder(state: exxtra.State) -> dict[int, tuple[int, int]]:
    return {p: pair for p, pair in enumerate(state.ladder) if pair is not None}


def example_1(state: exxtra.State) -> exxtra.State:
    """Alex: X-X counts as 00; re-rolls 42, then 7-X: turn over, no retreat from the start."""
    assert exxtra.current_player(state) == CHANCE and state.player == ALEX
    state = play(state, "roll X-X")
    assert exxtra.current_player(state) == ALEX
    assert state.roll == 0 and legal(state) == ALL_RUNGS
    assert state.counters == (0, 0, 0, 0)  # X-X is 00, not a double
    state = play(state, "reroll", "roll 4-2")
    assert state.roll == 42 and legal(state) == ALL_RUNGS
    state = play(state, "reroll", "roll 7-X")
    assert state.player == BEATRICE and exxtra.current_player(state) == CHANCE
    assert state.counters == (0, 0, 0, 0) and ladder(state) == {}
    return state


def example_2(state: exxtra.State) -> exxtra.State:
    """Beatrice: 41, then the double 33 (counter +3), re-rolls 64 and places it on rung 5."""
    state = play(state, "roll 4-1")
    assert state.roll == 41
    state = play(state, "reroll", "roll 3-3")
    assert state.roll == 33 and state.counters == (0, 3, 0, 0)
    assert legal(state) == ALL_RUNGS
    state = play(state, "reroll", "roll 4-6")
    assert state.roll == 64 and state.counters == (0, 3, 0, 0)
    state = play(state, "place 5")
    assert ladder(state) == {BEATRICE: (5, 64)} and state.player == CARL
    return state


def example_3(state: exxtra.State) -> exxtra.State:
    """Carl: 3-X counts 30; re-rolls 42, then 64, placed on rung 4: Beatrice's 64 goes home."""
    state = play(state, "roll 3-X")
    assert state.roll == 30 and state.counters == (0, 3, 0, 0)
    state = play(state, "reroll", "roll 4-2", "reroll", "roll 4-6")
    assert state.roll == 64
    assert legal(state) == ALL_RUNGS[:-1]  # rung 5 holds Beatrice's pair
    state = play(state, "place 4")
    assert ladder(state) == {CARL: (4, 64)}
    return state


def example_4(state: exxtra.State) -> exxtra.State:
    """Diana accepts a first-roll 7-X (70) on rung 5, so Carl's 64 on rung 4 stays."""
    state = play(state, "roll 7-X")
    assert state.roll == 70
    assert legal(state) == ["reroll", "place 0", "place 1", "place 2", "place 3", "place 5"]
    on_rung_3 = play(state, "place 3")
    assert ladder(on_rung_3) == {DIANA: (3, 70)}  # the rulebook's road not taken
    state = play(state, "place 5")
    assert ladder(state) == {CARL: (4, 64), DIANA: (5, 70)}
    return state


def example_5(state: exxtra.State) -> exxtra.State:
    """Alex's dice are off the ladder: no move; 21, re-roll 61, placed on rung 3."""
    assert state.player == ALEX and state.counters == (0, 3, 0, 0)
    state = play(state, "roll 2-1", "reroll", "roll 1-6")
    assert state.roll == 61
    assert legal(state) == ["reroll", "place 0", "place 1", "place 2", "place 3"]
    state = play(state, "place 3")
    assert ladder(state) == {ALEX: (3, 61), CARL: (4, 64), DIANA: (5, 70)}
    return state


def example_6(state: exxtra.State) -> exxtra.State:
    """Beatrice's dice are off the ladder; 32, then X-X: turn over, counter back two."""
    assert state.player == BEATRICE and state.counters == (0, 3, 0, 0)
    state = play(state, "roll 3-2", "reroll", "roll X-X")
    assert state.counters[BEATRICE] == 1
    # the turn is over, so Carl's turn has begun: his pair on rung 4 already moved him
    assert ladder(state) == {ALEX: (3, 61), DIANA: (5, 70)}
    return state


def example_7(state: exxtra.State) -> exxtra.State:
    """Carl's dice on rung 4: counter +4, dice back; 71 on rung 2 removes 70 and 61."""
    assert state.player == CARL and exxtra.current_player(state) == CHANCE
    assert state.counters == (0, 1, 4, 0)  # shown before Carl's first roll
    assert ladder(state) == {ALEX: (3, 61), DIANA: (5, 70)}
    state = play(state, "roll 7-1")
    assert legal(state) == ["reroll", "place 0", "place 1", "place 2", "place 4"]
    state = play(state, "place 2")
    assert ladder(state) == {CARL: (2, 71)}
    assert state.player == DIANA and state.counters == (0, 1, 4, 0)  # no pair, no move
    return state


@pytest.mark.rule("EX-ROLL-3")
@pytest.mark.rule("EX-ROLL-4")
@pytest.mark.rule("EX-ROLL-5")
@pytest.mark.rule("EX-ROLL-6")
@pytest.mark.rule("EX-PLACE-1")
@pytest.mark.rule("EX-PLACE-2")
@pytest.mark.rule("EX-TURN-1")
def test_rulebook_examples_1_to_7_as_one_game() -> None:
    state = exxtra.new_game(exxtra.Rules(players=4))
    for example in (example_1, example_2, example_3, example_4):  # round 1
        state = example(state)
    for example in (example_5, example_6, example_7):  # round 2
        state = example(state)
    assert exxtra.winners(state) == () and not exxtra.is_terminal(state)
