"""Hypothesis properties: tiles, cards and pieces conserved, apply pure, JSON round trip."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from amigo_rules import CHANCE, TERMINAL
from amigo_rules import verflixxt_hoch as ho

TRACK = {"S", "F"}


def collected(state) -> Counter:
    on_track = Counter(t for t in state.board.tiles if t not in TRACK)
    return on_track + Counter(t for tower in state.towers for t in tower
                              if not t.startswith(("T", "hat")))


def cards(state) -> int:
    return sum(map(len, state.hands)) + sum(state.pile) + sum(state.discard)


@settings(max_examples=20)
@given(players=st.integers(2, 8), attack=st.booleans(), seed=st.integers(0, 2**32),
       choices=st.data())
def test_random_play_keeps_every_invariant(players, attack, seed, choices):
    state = ho.new_game(ho.Rules(players=players, attack=attack), seed=seed)
    tiles = collected(state)
    pawns = sum(map(len, state.board.pawns))
    for _ in range(3000):
        player = ho.current_player(state)
        if player == TERMINAL:
            break
        legal = ho.legal_moves(state)
        assert legal
        if player == CHANCE:
            outcomes = ho.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1
            move = choices.draw(st.sampled_from([m for m, _ in outcomes]))
        else:
            move = choices.draw(st.sampled_from(legal))
        before = ho.to_json(state)
        after = ho.apply(state, move)
        assert ho.to_json(state) == before  # apply is pure
        assert ho.from_json(ho.to_json(after)) == after
        assert collected(after) == tiles
        assert sum(map(len, after.board.pawns)) == pawns
        assert cards(after) == 60
        hats = sum(h is not None for h in after.hats)
        home = sum(t in ("hat+", "hat-") for tower in after.towers for t in tower)
        assert hats + home == 2
        state = after
    assert ho.is_terminal(state)
    assert all(h is None for h in state.hats)
