"""Checking a batch engine against its scalar engine: the same ids fed to both, the batch's
games compared with the scalar states, and every view of the batch with the scalar one."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np

from amigo_rules import TERMINAL


def assert_views_match(game: ModuleType, batch_engine: ModuleType, batch, states) -> None:
    """Every function of the batch equals the scalar function applied game by game."""
    states = tuple(states)
    engine = batch_engine
    assert engine.to_states(batch) == states
    assert engine.current_player(batch).tolist() == [game.current_player(s) for s in states]
    assert engine.is_terminal(batch).tolist() == [game.is_terminal(s) for s in states]
    assert engine.score(batch).tolist() == [list(game.score(s)) for s in states]
    assert engine.returns(batch).tolist() == [list(game.returns(s)) for s in states]
    masks = np.array([game.legal_action_mask(s) for s in states])
    np.testing.assert_array_equal(engine.legal_action_mask(batch), masks)
    np.testing.assert_array_equal(engine.chance_probabilities(batch), chance_table(game, states))
    for viewer in range(states[0].rules.players):
        expected = np.array([game.observation(s, viewer).to_array() for s in states])
        got = engine.observation_array(batch, viewer)
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected)


def chance_table(game: ModuleType, states) -> np.ndarray:
    """Per state the probability of every chance outcome id, as floats."""
    table = np.zeros((len(states), game.num_chance_outcomes(states[0].rules)))
    for row, state in enumerate(states):
        for move, probability in game.chance_outcomes(state):
            table[row, game.action_id(state, move)] = float(probability)
    return table


def random_ids(game: ModuleType, states, rng: np.random.Generator) -> list[int]:
    """A legal id per state, uniformly among ``legal_action_ids`` (chance outcomes
    included); -1 for finished games (the batch ignores their id)."""
    return [
        -1 if game.current_player(s) == TERMINAL else int(rng.choice(game.legal_action_ids(s)))
        for s in states
    ]


def play_in_lockstep(
    game: ModuleType,
    batch_engine: ModuleType,
    states,
    rng: np.random.Generator,
    *,
    check_every: int = 1,
) -> int:
    """Play the games of ``states`` to their end with random legal ids, fed to the batch
    and, game by game, to the scalar ``apply``; the batch must equal the scalar states
    after every step, and all its views every ``check_every`` steps. Returns the steps."""
    states = list(states)
    batch = batch_engine.from_states(states)
    assert_views_match(game, batch_engine, batch, states)
    steps = 0
    while not all(game.is_terminal(s) for s in states):
        ids = random_ids(game, states, rng)
        batch = batch_engine.step(batch, ids)
        states = [
            s if i < 0 else game.apply(s, game.move_for_action(s, i))
            for s, i in zip(states, ids, strict=True)
        ]
        steps += 1
        if steps % check_every == 0:
            assert_views_match(game, batch_engine, batch, states)
        else:
            for k, (got, want) in enumerate(zip(batch_engine.to_states(batch), states,
                                                strict=True)):
                assert got == want, f"game {k}, step {steps}, id {ids[k]}: {got} != {want}"
    assert_views_match(game, batch_engine, batch, states)
    return steps


def scattered_states(game: ModuleType, starts, rng: np.random.Generator, most: int):
    """Each of ``starts`` played on by a random number (below ``most``) of random legal
    moves: games at different points of their turns, so that one batch holds every kind of
    node at once."""
    out = []
    for state in starts:
        for _ in range(int(rng.integers(most))):
            if game.is_terminal(state):
                break
            state = game.apply(state, game.move_for_action(state, random_ids(game, [state],
                                                                             rng)[0]))
        out.append(state)
    return out


def assert_every_move_matches(game: ModuleType, batch_engine: ModuleType, state) -> None:
    """Every legal id of ``state`` (decision or chance), applied in one batch of copies,
    gives the scalar engine's states."""
    ids = game.legal_action_ids(state)
    if not ids.size:
        return
    after = batch_engine.step(batch_engine.from_states([state] * ids.size), ids)
    expected = tuple(game.apply(state, game.move_for_action(state, int(i))) for i in ids)
    assert batch_engine.to_states(after) == expected


def scalar_sweep() -> ModuleType:
    """The scalar engine's variant sweep (``tests/verflixxt/test_vxv_combinations.py``):
    its options alone (``ALONE``), its combinations (``MATRIX``) and its option matrix
    (``OPTIONS``), which the batch sweep plays too."""
    path = Path(__file__).parents[1] / "verflixxt" / "test_vxv_combinations.py"
    spec = importlib.util.spec_from_file_location("scalar_variant_sweep", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def option_ids(options: dict) -> str:
    """A test id for a dict of `Rules` options: ``roll_one=swap,towers=hidden``."""
    return ",".join(f"{k}={v}" for k, v in options.items())
