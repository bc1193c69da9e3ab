"""Hypothesis properties over random reachable states."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from amigo_rules import CHANCE, TERMINAL, exxtra
from amigo_rules.core.chance import sample_outcome


def random_game(players: int, seed: int, steps: int | None = None) -> list[exxtra.State]:
    """The states of a random game (or of its first ``steps`` moves)."""
    rng = np.random.default_rng(seed)
    state = exxtra.new_game(exxtra.Rules(players=players))
    states = [state]
    while exxtra.current_player(state) != TERMINAL and (steps is None or len(states) <= steps):
        if exxtra.current_player(state) == CHANCE:
            move = sample_outcome(exxtra.chance_outcomes(state), rng)
        else:
            legal = exxtra.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        state = exxtra.apply(state, move)
        states.append(state)
    return states


games = st.tuples(st.integers(3, 6), st.integers(0, 2**32 - 1))


@settings(max_examples=40)
@given(games)
def test_random_games_end_with_one_winner_and_counters_on_the_board(game: tuple[int, int]) -> None:
    states = random_game(*game)
    final = states[-1]
    assert exxtra.is_terminal(final) and len(exxtra.winners(final)) == 1
    for state in states:
        assert all(0 <= c <= exxtra.FINISH for c in exxtra.score(state))


@settings(max_examples=40)
@given(games)
def test_no_pair_vanishes(game: tuple[int, int]) -> None:
    """Each player's dice are on exactly one rung or in hand; rungs 1-5 hold one pair."""
    for state in random_game(*game):
        assert len(state.ladder) == state.rules.players
        rungs = [pair[0] for pair in state.ladder if pair is not None and pair[0] > 0]
        assert len(rungs) == len(set(rungs))
        if not exxtra.is_terminal(state):
            assert state.ladder[state.player] is None  # the mover's dice are in hand


@settings(max_examples=40)
@given(games, st.integers(0, 400), st.data())
def test_apply_is_pure_and_json_round_trips(game: tuple[int, int], steps: int, data) -> None:
    state = random_game(*game, steps=steps)[-1]
    assert exxtra.from_json(exxtra.to_json(state)) == state
    assert hash(exxtra.from_json(exxtra.to_json(state))) == hash(state)
    legal = exxtra.legal_moves(state)
    if legal:
        before = exxtra.to_json(state)
        move = data.draw(st.sampled_from(legal))
        exxtra.apply(state, move)
        assert exxtra.to_json(state) == before
