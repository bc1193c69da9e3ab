"""A trained MaskablePPO as an agent (`amigo_rules.agents.learned`) and SB3's VecEnv over the
vector environments (`amigo_rules.adapters.sb3`), with tiny untrained models: the
wrapper must play exactly what the policy chooses among the legal moves."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the [rl] extra (sb3-contrib) is not installed")

from click.testing import CliRunner
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

from amigo_rules import RulesError, exxtra, get_game, sample_chance, verflixxt
from amigo_rules.adapters.gymnasium import AmigoEnv
from amigo_rules.adapters.sb3 import SB3VecEnv, evaluate
from amigo_rules.adapters.vector import AmigoVectorEnv
from amigo_rules.agents import RandomAgent, make_agent
from amigo_rules.agents.learned import LearnedAgent
from amigo_rules.arena import tournament
from amigo_rules.cli import main
from amigo_rules.core import ArgumentError

EXXTRA = exxtra.Rules(players=3)
HIDDEN = verflixxt.Rules.classic(players=2, hidden_tiles=True)
TINY = {"n_steps": 8, "batch_size": 16, "policy_kwargs": {"net_arch": [16]}}


def tiny_model(env) -> MaskablePPO:
    return MaskablePPO("MlpPolicy", env, seed=0, device="cpu", **TINY)


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> dict[str, str]:
    """Untrained models saved to files: EXXtra 3 players (on the vector env), Verflixxt! 2
    players with face-down tiles (on the scalar env: the hidden tiles need sample_state)."""
    folder = tmp_path_factory.mktemp("models")
    models = {
        "exxtra": tiny_model(SB3VecEnv(AmigoVectorEnv("exxtra", EXXTRA, num_envs=2,
                                                      opponent="random"))),
        "verflixxt": tiny_model(AmigoEnv("verflixxt", HIDDEN)),
    }
    paths = {}
    for game, model in models.items():
        paths[game] = str(folder / f"{game}.zip")
        model.save(paths[game])
    return paths


@pytest.mark.parametrize(("game", "rules"), [("exxtra", EXXTRA), ("verflixxt", HIDDEN)])
def test_agent_plays_the_policys_choice(saved, game, rules):
    """At every decision of seat 0 the agent's move is the move of the action the policy
    picks (``predict``, deterministic, masked by the true state's legal ids)."""
    module = get_game(game)
    agent = LearnedAgent.load(saved[game], game, seed=0)
    other = RandomAgent(seed=1)
    rng = np.random.default_rng(2)
    state, decisions = module.new_game(rules, seed=3), 0
    while not module.is_terminal(state) and decisions < 60:
        player = module.current_player(state)
        if player < 0:
            state = module.apply(state, sample_chance(module, state, rng))
            continue
        legal = module.legal_moves(state)
        if player == 0:
            observation = module.observation(state, 0)
            move = agent.act(observation, legal)
            expected, _ = agent.model.predict(observation.to_array(), deterministic=True,
                                              action_masks=module.legal_action_mask(state))
            assert module.action_id(state, move) == int(expected)
            decisions += 1
        else:
            move = other.act(None, legal)
        state = module.apply(state, move)
    assert decisions >= 10


def test_drawn_moves_follow_the_seed(saved):
    """``deterministic=False`` draws with the agent's generator: a seed gives the same moves,
    all legal."""
    state = exxtra.new_game(EXXTRA, seed=5)
    while exxtra.current_player(state) < 0:
        state = exxtra.apply(state, sample_chance(exxtra, state, np.random.default_rng(0)))
    observation, legal = exxtra.observation(state, state.player), exxtra.legal_moves(state)
    runs = []
    for _ in range(2):
        model = MaskablePPO.load(saved["exxtra"], device="cpu")
        agent = LearnedAgent(model, "exxtra", deterministic=False, seed=11)
        runs.append([agent.act(observation, legal) for _ in range(30)])
    assert runs[0] == runs[1]
    assert set(runs[0]) <= set(legal)


def test_registry_tournament_and_command_line(saved):
    """``ppo:PATH`` names the agent in the registry, a tournament and the command line."""
    agent = make_agent(f"ppo:{saved['exxtra']}", "exxtra", seed=0)
    assert isinstance(agent, LearnedAgent) and agent.name == "ppo"
    result = tournament("exxtra", {"ppo": f"ppo:{saved['exxtra']}", "random": "random"},
                        rules=EXXTRA, games=3, seed=1)
    stats = result.agents["ppo"]
    assert stats.games == 3 and stats.faults == 0
    run = CliRunner().invoke(main, ["tournament", "exxtra", "--players", "3", "--games", "2",
                                    "--agents", f"ppo:{saved['exxtra']},random"])
    assert run.exit_code == 0, run.output
    assert "ppo" in run.output


def test_bad_models(saved, tmp_path):
    """A missing file, a file that is no model and a model of other rules are `RulesError`s
    naming the problem; a path of the wrong type an `ArgumentError`."""
    with pytest.raises(RulesError, match="no model file"):
        make_agent(f"ppo:{tmp_path / 'missing.zip'}", "exxtra")
    junk = tmp_path / "junk.zip"
    junk.write_text("not a model", encoding="utf-8")
    with pytest.raises(RulesError, match="is no MaskablePPO model"):
        LearnedAgent.load(junk, "exxtra")
    with pytest.raises(ArgumentError, match="path must be a path"):
        LearnedAgent.load(3, "exxtra")
    wrong = LearnedAgent.load(saved["verflixxt"], "exxtra")
    state = exxtra.new_game(EXXTRA, seed=1)
    with pytest.raises(RulesError, match="trained on other rules"):
        wrong.act(exxtra.observation(state, 0), exxtra.legal_moves(state))
    state = exxtra.apply(state, exxtra.Roll(3, 5))  # player 0 decides
    agent = LearnedAgent.load(saved["exxtra"], "exxtra")
    with pytest.raises(RulesError, match="'roll 3-5' has no action of the model"):
        agent.act(exxtra.observation(state, 0), (*exxtra.legal_moves(state), exxtra.Roll(3, 5)))


def test_sb3_vec_env_translates_steps_and_masks():
    """SB3's view of a vector env: masks as sb3-contrib reads them, every game at a
    decision, ended games restarted in the same step with their last observation in
    ``terminal_observation``."""
    vector = AmigoVectorEnv("exxtra", EXXTRA, num_envs=8, opponent="random")
    env = SB3VecEnv(vector)
    env.seed(4)
    observations = env.reset()
    assert observations.shape == (8, *vector.single_observation_space.shape)
    assert is_masking_supported(env)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        masks = get_action_masks(env)
        assert np.array_equal(masks, vector.action_masks()) and masks.any(axis=1).all()
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        observations, rewards, dones, infos = env.step(actions)
        assert rewards.dtype == np.float32 and dones.shape == (8,)
        for row in np.flatnonzero(dones):
            final = infos[row]["terminal_observation"]
            assert final.shape == observations[row].shape
            assert not np.array_equal(final, observations[row])
            assert infos[row]["TimeLimit.truncated"] is False
            ended += 1
        assert all(not infos[row] for row in np.flatnonzero(~dones))
    assert ended > 8


def test_sb3_vec_env_refuses_other_envs():
    with pytest.raises(ArgumentError, match=r"gymnasium\.vector\.VectorEnv"):
        SB3VecEnv(AmigoEnv("exxtra"))
    next_step = gymnasium.vector.SyncVectorEnv([lambda: AmigoEnv("exxtra")])
    with pytest.raises(RulesError, match="same step"):
        SB3VecEnv(next_step)


def test_maskable_ppo_learns_on_the_vector_env(tmp_path, monkeypatch):
    """A short ``learn`` runs through rollouts and an update."""
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path))  # SB3 makes a log folder for each learn
    env = SB3VecEnv(AmigoVectorEnv("exxtra", EXXTRA, num_envs=4, opponent="random"))
    model = tiny_model(env).learn(total_timesteps=64)
    assert model.num_timesteps >= 64


def test_evaluate_rotates_seats_and_repeats_with_its_seed(saved, monkeypatch):
    """``evaluate`` plays exactly ``games`` games, the model in each seat in turn (10 over 3
    seats: 3, 3, 4, the last seats taking what does not divide), sums the model's shares of
    them, plays the same ones for the same seed, and gives the interval of the win share."""
    from sb3_contrib.common.maskable import evaluation

    played = []  # per call of sb3-contrib's evaluation: the model's seat, its games' rewards

    def watched(model, env, **kwargs):
        rewards, lengths = real(model, env, **kwargs)
        played.append((env.env.player, rewards))
        return rewards, lengths

    real = evaluation.evaluate_policy
    monkeypatch.setattr(evaluation, "evaluate_policy", watched)
    model = MaskablePPO.load(saved["exxtra"], device="cpu")
    first = evaluate(model, "exxtra", EXXTRA, opponent="random", games=10, seed=2)
    assert [(seat, len(rewards)) for seat, rewards in played] == [(0, 3), (1, 3), (2, 4)]
    assert all(0 <= r <= 1 for _, rewards in played for r in rewards)
    assert first.wins == pytest.approx(sum(sum(rewards) for _, rewards in played))
    assert first == evaluate(model, "exxtra", EXXTRA, opponent="random", games=10, seed=2)
    assert first.games == 10 and first.opponent == "random"
    low, high = first.confidence
    assert low <= first.win_share <= high
    assert evaluate(model, "exxtra", EXXTRA, games=3).opponent == "heuristic"
    with pytest.raises(RulesError, match="at least the 3 players"):
        evaluate(model, "exxtra", EXXTRA, games=2)
