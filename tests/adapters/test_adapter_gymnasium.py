"""The Gymnasium adapter: Gymnasium's own environment checker, registration, masking,
opponents, rewards and truncation."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from amigo_rules import ArgumentError, RulesError, StateError, get_game, verflixxt
from amigo_rules.adapters import gymnasium as adapter
from amigo_rules.agents import RandomAgent

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_gymnasium_check_env(config):
    game, rules = config
    check_env(gymnasium.make(adapter.ENV_IDS[game], rules=rules).unwrapped)
    check_env(adapter.AmigoEnv(game, rules, player=rules.players - 1))


@pytest.mark.slow
def test_gymnasium_check_env_sweep(sweep_config):
    game, rules = sweep_config
    check_env(adapter.AmigoEnv(game, rules, player=1))


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


def test_given_opponents_play_the_other_seats_and_must_fit_the_seats():
    opponents = [RandomAgent(seed=s) for s in range(3)]
    env = adapter.AmigoEnv("verflixxt", verflixxt.Rules(players=4), player=2,
                           opponents=opponents)
    play(env, seed=0)
    assert env.opponents == opponents
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
