"""The PettingZoo adapter: PettingZoo's own API and seed tests, rewards, truncation,
illegal actions and rendering."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from amigo_rules import IllegalMoveError, RulesError, get_game, verflixxt_hoch
from amigo_rules.adapters import pettingzoo as adapter

checked = pytest.mark.filterwarnings(
    # PettingZoo's checks report what they find wrong as warnings: each one fails the test,
    "error",
    # but for the two of the observation the adapter gives on purpose (docs/frameworks.md),
    # a dict of "observation" and "action_mask", the form of PettingZoo's own classic
    # environments, which api_test exempts by their names only
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete:UserWarning",
)
"""PettingZoo's checks with their warnings as failures, the adapter's named ones excepted."""


@checked
def test_pettingzoo_api_and_seed_tests(config):
    game, rules = config
    api_test(adapter.env(game, rules), num_cycles=1000)
    seed_test(lambda: adapter.env(game, rules), num_cycles=100)


@pytest.mark.slow
@checked
def test_pettingzoo_api_and_seed_tests_sweep(sweep_config):
    game, rules = sweep_config
    api_test(adapter.env(game, rules), num_cycles=1000)
    seed_test(lambda: adapter.env(game, rules))


def play_randomly(env, seed: int) -> dict[str, float]:
    """Play ``env`` to its end with seeded random legal actions; each agent's reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[agent] = reward
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return rewards


def test_rewards_are_the_returns_and_only_the_current_player_has_legal_actions(config):
    game, rules = config
    env = adapter.raw_env(game, rules)
    env.reset(seed=4)
    module = get_game(game)
    rng = np.random.default_rng(4)
    seen = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        state = env.episode.state
        player = env.agent_name_mapping[agent]
        assert module.current_player(state) == player
        assert (observation["action_mask"] == module.legal_action_mask(state)).all()
        others = [a for a in env.agents if a != agent]
        assert all(not env.observe(a)["action_mask"].any() for a in others)
        assert (observation["observation"] == module.observation(state, player).to_array()).all()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        seen += 1
    final = env.episode.state
    assert module.is_terminal(final) and seen > 10
    expected = dict(zip(env.possible_agents, module.returns(final), strict=True))
    assert env.rewards == expected and sum(expected.values()) == pytest.approx(1.0)
    assert all(env.terminations.values()) and not any(env.truncations.values())


def test_the_move_limit_truncates_with_zero_rewards():
    env = adapter.env("verflixxt_hoch", verflixxt_hoch.Rules(players=3), max_game_length=120)
    rewards = play_randomly(env, seed=1)
    assert rewards == dict.fromkeys(env.possible_agents, 0.0)
    base = env.unwrapped
    assert base.episode.moves == 120 and base.episode.truncated
    assert all(base.truncations.values()) and not any(base.terminations.values())


def test_the_same_seed_plays_the_same_chance_outcomes():
    def moves(seed):
        env = adapter.raw_env("exxtra")
        play_randomly(env, seed)
        return env.episode.state

    assert moves(3) == moves(3)
    assert moves(3) != moves(4)


def test_an_illegal_action_raises_in_the_raw_env_and_ends_the_game_in_the_wrapped_one():
    raw = adapter.raw_env("verflixxt")
    raw.reset(seed=0)
    before = raw.episode.state
    illegal = int(np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        raw.step(illegal)
    assert raw.episode.state is before and raw.episode.moves > 0
    wrapped = adapter.env("verflixxt")
    wrapped.reset(seed=0)
    agent = wrapped.agent_selection
    wrapped.step(illegal)
    assert wrapped.rewards[agent] == adapter.ILLEGAL_REWARD
    assert all(wrapped.terminations.values())


def test_render_draws_the_table_as_text(capsys):
    ansi = adapter.env("verflixxt", render_mode="ansi")
    ansi.reset(seed=0)
    text = ansi.render()
    assert "P0" in text and "start" in text
    human = adapter.raw_env("exxtra", render_mode="human")
    human.reset(seed=0)
    assert human.render() is None and "rung" in capsys.readouterr().out
    assert adapter.raw_env("exxtra").render() is None
    with pytest.raises(RulesError):
        adapter.env("exxtra", render_mode="rgb")


def test_rgb_array_is_accepted_and_draws_nothing_with_a_warning():
    env = adapter.env("exxtra", render_mode="rgb_array")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="rasteriser"):
        assert env.render() is None
    assert env.unwrapped.metadata["render_fps"] > 0


def test_render_shows_the_hand_of_the_agent_to_act_only():
    """PettingZoo's render draws the table as the agent to act sees it: its own cards, the
    sizes of the other hands (like the Gymnasium env's learner)."""
    env = adapter.raw_env("verflixxt_hoch", verflixxt_hoch.Rules(players=3), render_mode="ansi")
    env.reset(seed=4)
    module = get_game("verflixxt_hoch")
    for _ in range(3):
        state, seat = env.episode.state, env.agent_name_mapping[env.agent_selection]
        text = env.render()
        assert text == module.render_text(state, player=seat) != module.render_text(state)
        assert "your cards" in text
        observation = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
