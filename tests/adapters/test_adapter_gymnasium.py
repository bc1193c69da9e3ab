"""The Gymnasium adapter: Gymnasium's own environment checker, registration, masking,
opponents, rewards and truncation."""

from __future__ import annotations

import re

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from amigo_rules import ArgumentError, RulesError, StateError, get_game, verflixxt, verflixxt_hoch
from amigo_rules.adapters import gymnasium as adapter
from amigo_rules.adapters.episode import NO_RGB
from amigo_rules.agents import RandomAgent

checked = pytest.mark.filterwarnings(
    # Gymnasium's checker reports what it finds wrong as warnings: each one fails the test,
    "error",
    # but for the one choice the adapter makes on purpose (docs/frameworks.md): "rgb_array"
    # is accepted, since Stable-Baselines3 asks for it, and draws nothing, as the adapter
    # warns (NO_RGB) and the checker then says when it tries that mode.
    f"ignore:{re.escape(NO_RGB.partition(':')[0])}:UserWarning",
    "ignore:.*RGB-array rendering should return a numpy array, got <class 'NoneType'>"
    ":UserWarning",
)
"""Gymnasium's checker with its warnings as failures, the adapter's named one excepted."""


def made(game: str, rules, player: int):
    """The unwrapped environment of ``gymnasium.make``: with its spec, so that the checker
    also tries every render mode."""
    return gymnasium.make(adapter.ENV_IDS[game], rules=rules, player=player).unwrapped


@checked
def test_gymnasium_check_env(config):
    game, rules = config
    check_env(made(game, rules, 0))
    check_env(made(game, rules, rules.players - 1))


@pytest.mark.slow
@checked
def test_gymnasium_check_env_sweep(sweep_config):
    game, rules = sweep_config
    check_env(made(game, rules, 1))


def test_every_game_is_registered_and_loads_through_its_module_path():
    for game, env_id in adapter.ENV_IDS.items():
        assert gymnasium.make(env_id).unwrapped.table.spec.game == game
    env = gymnasium.make("amigo_rules.adapters.gymnasium:amigo_rules/Exxtra-v0")
    assert env.unwrapped.table.spec.game == "exxtra"


def play(env, seed: int):
    """Play one episode with seeded random legal actions; (rewards, last step's flags)."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = []
    while True:
        assert (info["action_mask"] == env.action_masks()).all()
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        if terminated or truncated:
            return rewards, terminated, truncated


def test_the_learner_gets_its_returns_and_masks_name_its_legal_moves(config):
    game, rules = config
    module = get_game(game)
    env = adapter.AmigoEnv(game, rules, player=1)
    _, info = env.reset(seed=2)
    state = env.episode.state
    assert module.current_player(state) == 1
    assert (info["action_mask"] == module.legal_action_mask(state)).all()
    rewards, terminated, truncated = play(env, seed=2)
    assert terminated and not truncated
    assert rewards[-1] == module.returns(env.episode.state)[1] and not any(rewards[:-1])


class Seated(RandomAgent):
    """A random agent that notes the seat of every view it is asked to move from."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seats: set[int] = set()

    def act(self, observation, legal_moves):
        self.seats.add(observation.viewer)
        return super().act(observation, legal_moves)


def test_given_opponents_play_the_other_seats_and_must_fit_the_seats():
    opponents = [Seated(seed=s) for s in range(3)]
    env = adapter.AmigoEnv("verflixxt", verflixxt.Rules(players=4), player=2,
                           opponents=opponents)
    play(env, seed=0)
    # in seat order, the learner's seat skipped
    assert [agent.seats for agent in opponents] == [{0}, {1}, {3}]
    with pytest.raises(RulesError):
        adapter.AmigoEnv("verflixxt", verflixxt.Rules(players=4), opponents=opponents[:2])
    with pytest.raises(RulesError):
        adapter.AmigoEnv("verflixxt", player=4)


def test_the_same_seed_gives_the_same_episode():
    def episode(seed):
        env = adapter.AmigoEnv("verflixxt_hoch")
        play(env, seed)
        return env.episode.state

    assert episode(5) == episode(5)
    assert episode(5) != episode(6)


def test_an_illegal_action_ends_the_episode_with_the_illegal_reward():
    env = adapter.AmigoEnv("verflixxt", illegal_reward=-2.0)
    env.reset(seed=0)
    before = env.episode.state
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-2.0, True, False, True)
    assert env.episode.state is before


def test_the_move_limit_truncates_with_zero_reward():
    env = adapter.AmigoEnv("exxtra", max_game_length=40)
    rewards, terminated, truncated = play(env, seed=3)
    assert truncated and not terminated and not any(rewards)
    assert env.episode.moves == 40
    with pytest.raises(StateError):
        env.step(0)


def test_render_shows_the_learners_view():
    env = adapter.AmigoEnv("verflixxt_hoch", render_mode="ansi", player=1)
    env.reset(seed=0)
    assert "P1 (you)" in env.render() and "your cards" in env.render()


@pytest.mark.parametrize("kwargs", [
    {"player": 1.5}, {"player": "0"}, {"render_mode": 3}, {"opponents": "ab"},
    {"opponents": 7}, {"max_game_length": 2.5}, {"illegal_reward": "low"},
    {"game": 3}, {"rules": "classic"},
])
def test_arguments_of_a_wrong_type_are_argument_errors(kwargs):
    with pytest.raises(ArgumentError):
        adapter.AmigoEnv(**{"game": "verflixxt", **kwargs})


def test_an_action_of_a_wrong_type_is_an_argument_error():
    env = adapter.AmigoEnv("exxtra")
    env.reset(seed=1)
    with pytest.raises(ArgumentError, match="action"):
        env.step("1")


def test_make_returns_the_env_so_that_action_masks_is_reachable():
    for env_id in adapter.ENV_IDS.values():
        env = gymnasium.make(env_id)
        with pytest.raises(StateError):  # the env enforces the order of calls itself
            env.step(0)
        _, info = env.reset(seed=1)
        np.testing.assert_array_equal(env.action_masks(), info["action_mask"])
        limited = gymnasium.make(env_id, max_episode_steps=50)
        limited.reset(seed=1)
        np.testing.assert_array_equal(limited.get_wrapper_attr("action_masks")(),
                                      info["action_mask"])


def test_make_vec_works_for_every_registered_id_as_sb3_builds_it():
    """Stable-Baselines3's make_vec_env asks for render_mode="rgb_array"; Gymnasium's
    make_vec builds sync vectors of the scalar ids."""
    for env_id in adapter.ENV_IDS.values():
        envs = gymnasium.make_vec(env_id, num_envs=2, vectorization_mode="sync",
                                  render_mode="rgb_array")
        observations, _ = envs.reset(seed=0)
        assert envs.observation_space.contains(observations)
        masks = envs.call("action_masks")
        assert len(masks) == 2 and all(mask.any() for mask in masks)
        _, rewards, *_ = envs.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))
        assert rewards.shape == (2,)


def test_rgb_array_is_accepted_and_draws_nothing_with_a_warning():
    env = gymnasium.make(adapter.ENV_IDS["exxtra"], render_mode="rgb_array")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="rasteriser"):
        assert env.render() is None
    assert env.metadata["render_fps"] > 0 and "rgb_array" in env.metadata["render_modes"]
    with pytest.raises(RulesError):
        adapter.AmigoEnv("exxtra", render_mode="rgb")


def test_observation_spaces_have_no_range_of_one_value(config):
    game, rules = config
    env = adapter.AmigoEnv(game, rules)
    space = env.observation_space
    assert (space.low < space.high).all()
    spec = get_game(game).spec(rules)
    assert (space.low == np.asarray(spec.observation_low, dtype=np.float32)).all()
    observation, _ = env.reset(seed=0)
    assert space.contains(observation)


def test_hoch_observation_bounds_widen_only_the_constant_entries():
    rules = verflixxt_hoch.Rules(players=2)
    spec = get_game("verflixxt_hoch").spec(rules)
    high = np.asarray(spec.observation_high, dtype=np.float32)
    constant = high == np.asarray(spec.observation_low, dtype=np.float32)
    assert constant.any()  # the spec holds entries at 0: tile kinds its box lacks
    space = adapter.AmigoEnv("verflixxt_hoch", rules).observation_space
    assert (space.high[constant] == 1).all() and (space.high[~constant] == high[~constant]).all()
