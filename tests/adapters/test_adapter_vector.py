"""The vector environments on the batch engines: Gymnasium's conventions (spaces,
same-step autoreset, seeding), the scalar environment's observations, masks and rewards."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode

from amigo_rules import ArgumentError, RulesError, StateError, exxtra, get_game, verflixxt
from amigo_rules.adapters import gymnasium as adapter
from amigo_rules.adapters.vector import AmigoVectorEnv, SelfPlayVectorEnv

CONFIGS = [
    ("verflixxt", verflixxt.Rules.classic(players=2)),
    ("verflixxt", verflixxt.Rules.amigo(players=3)),
    ("exxtra", exxtra.Rules(players=3)),
]
IDS = ["verflixxt-classic-2", "verflixxt-amigo-3", "exxtra-3"]


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly drawn legal action per row of ``masks``."""
    pick = rng.random(len(masks)) * masks.sum(axis=1)
    return (masks.cumsum(axis=1) > pick[:, None]).argmax(axis=1)


def run(env, seed: int, steps: int):
    """Reset with ``seed`` and play ``steps`` random legal steps; everything returned."""
    rng = np.random.default_rng(seed)
    out = [env.reset(seed=seed)]
    for _ in range(steps):
        out.append(env.step(random_actions(env.action_masks(), rng)))
    return out


@pytest.mark.parametrize(("game", "rules"), CONFIGS, ids=IDS)
@pytest.mark.parametrize("make", [AmigoVectorEnv, SelfPlayVectorEnv], ids=["learner", "self"])
def test_the_vector_env_follows_gymnasiums_conventions(game, rules, make):
    env = make(game, rules, num_envs=8, **({"opponent": "random"} if make is AmigoVectorEnv else {}))
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert env.observation_space == gymnasium.vector.utils.batch_space(
        env.single_observation_space, 8)
    assert env.action_space == gymnasium.vector.utils.batch_space(env.single_action_space, 8)
    first = run(env, seed=3, steps=60)
    again = run(env, seed=3, steps=60)
    assert data_equivalence(first, again)
    other = run(env, seed=4, steps=60)
    assert not data_equivalence(first, other)
    for observations, *rest in first:
        assert env.observation_space.contains(observations)
        info = rest[-1]
        assert info["action_mask"].any(axis=1).all()  # every game at a decision
    ended = 0
    for observations, rewards, terminated, truncated, info in first[1:]:
        assert rewards.dtype == np.float64 and terminated.dtype == truncated.dtype == bool
        done = terminated | truncated
        ended += done.sum()
        if done.any():
            assert (info["_final_obs"] == done).all()
            for row in np.flatnonzero(done):
                assert env.single_observation_space.contains(info["final_obs"][row])
            assert (rewards[~done] == 0).all()
    assert ended > 0
