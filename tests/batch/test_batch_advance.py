"""The public ``advance`` of each batch engine: one id per game applied in place, equal to
the scalar engine, the games given -1 and the finished ones left as they are, whether
many games move (the whole batch) or few (a sub-batch of them)."""

from __future__ import annotations

import numpy as np
import pytest
from batch_helpers import random_ids, scattered_states

from amigo_rules import (
    ArgumentError,
    IllegalMoveError,
    StateError,
    exxtra,
    verflixxt,
    verflixxt_hoch,
)
from amigo_rules.batch import exxtra as exxtra_batch
from amigo_rules.batch import lockstep
from amigo_rules.batch import verflixxt as verflixxt_batch
from amigo_rules.batch import verflixxt_hoch as verflixxt_hoch_batch

GAMES = {
    "verflixxt": (verflixxt, verflixxt_batch, verflixxt.Rules.amigo(players=3)),
    "verflixxt-cards": (verflixxt, verflixxt_batch,
                        verflixxt.Rules(tactical_cards=True, hidden_tiles=True, players=3)),
    "verflixxt_hoch": (verflixxt_hoch, verflixxt_hoch_batch, verflixxt_hoch.Rules(players=3)),
    "exxtra": (exxtra, exxtra_batch, exxtra.Rules(players=4, max_turns=30)),
}


def positions(game, engine, rules, rng):
    """States at every kind of node, finished games among them."""
    starts = engine.to_states(engine.new_games(rules, 40, rng))
    return scattered_states(game, starts, rng, most=400)


@pytest.mark.parametrize("share", [1.0, 0.1], ids=["many move", "few move"])
@pytest.mark.parametrize("name", GAMES)
def test_advance_applies_the_ids_in_place_as_the_scalar_engine(name, share):
    game, engine, rules = GAMES[name]
    rng = np.random.default_rng(len(name))
    states = positions(game, engine, rules, rng)
    assert any(game.is_terminal(s) for s in states)
    ids = np.array(random_ids(game, states, rng))
    ids[rng.random(len(ids)) > share] = -1
    ids[[k for k, s in enumerate(states) if game.is_terminal(s)]] = 0  # ignored
    games = lockstep.copied(engine.from_states(states))
    engine.advance(games, ids)
    expected = tuple(
        s if i < 0 or game.is_terminal(s) else game.apply(s, game.move_for_action(s, int(i)))
        for s, i in zip(states, ids, strict=True))
    assert engine.to_states(games) == expected


@pytest.mark.parametrize("name", GAMES)
def test_advance_refuses_read_only_batches_and_bad_ids(name):
    _, engine, rules = GAMES[name]
    games = engine.new_games(rules, 3, 0)
    before = engine.to_states(games)
    with pytest.raises(StateError, match="read-only"):
        engine.advance(games, np.zeros(3, dtype=np.int64))
    with pytest.raises(IllegalMoveError, match="shape"):
        engine.advance(lockstep.copied(games), np.zeros(2, dtype=np.int64))
    assert engine.to_states(games) == before


@pytest.mark.rule("EX-ROLL-6")
def test_exxtras_advance_rolls_the_rerolls_in_the_same_call():
    """``advance(ids, rolls)`` of EXXtra: each game's id as the scalar engine applies it and,
    where the id re-rolls, then its roll of ``rolls`` (a bust, a double, a double onto the
    finish, a combination in hand); the other games' rolls are ignored; a read-only batch
    and ids of another shape are refused, the batch untouched."""
    game, engine, _ = GAMES["exxtra"]
    rng = np.random.default_rng(17)
    near_the_finish = exxtra.State(exxtra.Rules(players=4), (19, 3, 0, 20),
                                   (None,) * 4, 40, None, True)
    states = scattered_states(game, [exxtra.new_game(exxtra.Rules(players=4))] * 300
                              + [near_the_finish] * 100, rng, most=60)
    ids = np.array(random_ids(game, states, rng))
    deciding = np.array([game.current_player(s) >= 0 for s in states])
    ids[deciding & (rng.random(len(ids)) < 0.5)] = engine.REROLL  # always legal
    ids[rng.random(len(ids)) < 0.1] = -1
    rolls = rng.integers(0, engine.ROLLS, size=len(ids))
    rolls[rng.random(len(ids)) < 0.1] = -1
    games = lockstep.copied(engine.from_states(states))
    engine.advance(games, ids, rolls)
    expected, rerolled = [], 0
    for state, i, roll in zip(states, ids.tolist(), rolls.tolist(), strict=True):
        if i >= 0 and not game.is_terminal(state):
            decided = game.current_player(state) >= 0
            state = game.apply(state, game.move_for_action(state, i))
            if decided and i == engine.REROLL and roll >= 0:
                state = game.apply(state, game.move_for_action(state, roll))
                rerolled += 1
        expected.append(state)
    assert engine.to_states(games) == tuple(expected)
    assert rerolled > 30
    read_only = engine.from_states(states)
    with pytest.raises(StateError, match="read-only"):
        engine.advance(read_only, ids, rolls)
    with pytest.raises(IllegalMoveError, match="shape"):
        engine.advance(lockstep.copied(read_only), ids, rolls[:-1])
    assert engine.to_states(read_only) == tuple(states)


@pytest.mark.parametrize("name", GAMES)
def test_observation_arrays_are_written_into_a_preallocated_array(name):
    game, engine, rules = GAMES[name]
    rng = np.random.default_rng(1)
    games = engine.from_states(positions(game, engine, rules, rng))
    expected = engine.observation_array(games, 1)
    out = np.full(expected.shape, 7.0, dtype=np.float32)  # whatever was there before
    assert engine.observation_array(games, 1, out=out) is out
    np.testing.assert_array_equal(out, expected)
    wide = np.zeros((expected.shape[0], 2 * expected.shape[1]), np.float32)[:, ::2]
    for bad in (np.zeros(expected.shape), np.zeros((1, expected.shape[1]), np.float32), [0],
                wide):
        with pytest.raises(ArgumentError, match="float32 array of shape"):
            engine.observation_array(games, 1, out=bad)
