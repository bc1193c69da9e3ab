"""Hypothesis properties: tiles conserved, pieces never vanish, apply is pure, JSON round
trips, every decision node has a move, random games terminate."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from amigo_rules import CHANCE, TERMINAL, verflixxt
from amigo_rules.verflixxt import PRESETS

rules_strategy = st.builds(
    lambda preset, players, actions: PRESETS[preset](
        players=players, **({"action_tiles": True} if actions and preset == "amigo_pro" else {})
    ),
    st.sampled_from(sorted(PRESETS)),
    st.integers(2, 8),
    st.booleans(),
)


def path_tiles(state) -> Counter:
    on_track = Counter(t for t in state.board.tiles if t not in ("S", "F", "gift", "steal"))
    return on_track + Counter(t for tower in state.towers for t in tower)


@settings(max_examples=40)
@given(rules=rules_strategy, seed=st.integers(0, 2**32), choices=st.data())
def test_random_play_keeps_every_invariant(rules, seed, choices):
    state = verflixxt.new_game(rules, seed=seed)
    tiles = path_tiles(state)
    actions = sum(t in ("gift", "steal") for t in state.board.tiles)
    pawns = sum(map(len, state.board.pawns))
    guards = len(state.board.guards)
    for _ in range(3000):
        player = verflixxt.current_player(state)
        if player == TERMINAL:
            break
        legal = verflixxt.legal_moves(state)
        assert legal, "a non-terminal node without legal moves"
        move = legal[choices.draw(st.integers(0, len(legal) - 1))]
        before = verflixxt.to_json(state)
        after = verflixxt.apply(state, move)
        assert verflixxt.to_json(state) == before  # apply never mutates its input
        state = after
        assert path_tiles(state) == tiles  # tiles are conserved
        assert sum(t in ("gift", "steal") for t in state.board.tiles) == actions
        assert sum(map(len, state.board.pawns)) == pawns  # pieces never vanish
        assert len(state.board.guards) == guards
        assert verflixxt.from_json(verflixxt.to_json(state)) == state
        assert player == CHANCE or 0 <= player < rules.players
    assert verflixxt.is_terminal(state), "a random game did not end within 3000 steps"
    assert set(verflixxt.winners(state)) <= set(range(rules.players))
    assert verflixxt.winners(state)
