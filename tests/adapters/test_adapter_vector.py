"""The vector environments on the batch engines: Gymnasium's conventions (spaces,
same-step autoreset, seeding), the scalar environment's observations, masks and rewards."""

from __future__ import annotations

from functools import partial

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode

from amigo_rules import (
    ArgumentError,
    RulesError,
    StateError,
    exxtra,
    get_game,
    verflixxt,
    verflixxt_hoch,
)
from amigo_rules.adapters import gymnasium as adapter
from amigo_rules.adapters.vector import AmigoVectorEnv, SelfPlayVectorEnv
from amigo_rules.batch import verflixxt_hoch_greedy

CONFIGS = [
    ("verflixxt", verflixxt.Rules.classic(players=2)),
    ("verflixxt", verflixxt.Rules.amigo(players=3)),
    ("exxtra", exxtra.Rules(players=3)),
    ("verflixxt_hoch", verflixxt_hoch.Rules(players=3)),
    ("verflixxt", verflixxt.Rules(players=3, tactical_cards=True, hidden_tiles=True)),
]
IDS = ["verflixxt-classic-2", "verflixxt-amigo-3", "exxtra-3", "verflixxt_hoch-3",
       "verflixxt-cards-face-down-3"]
LIMITS = {"verflixxt_hoch": 30, "verflixxt-cards-face-down-3": 40}
"""Move limits that let some of the long games (hoch², many moves of cards per turn) end
within the tests' steps, by game or configuration."""


def limit(game: str, rules) -> int | None:
    return LIMITS.get(IDS[CONFIGS.index((game, rules))], LIMITS.get(game))
STEPS = {"verflixxt_hoch": 15}
"""Fewer steps for hoch² (many moves per step)."""


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
    env = make(game, rules, num_envs=8, max_game_length=limit(game, rules))
    steps = STEPS.get(game, 60)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert env.observation_space == gymnasium.vector.utils.batch_space(
        env.single_observation_space, 8)
    assert env.action_space == gymnasium.vector.utils.batch_space(env.single_action_space, 8)
    first = run(env, seed=3, steps=steps)
    again = run(env, seed=3, steps=steps)
    assert data_equivalence(first, again)
    other = run(env, seed=4, steps=steps)
    assert not data_equivalence(first, other)
    for observations, *rest in first:
        assert env.observation_space.contains(observations)
        info = rest[-1]
        assert info["action_mask"].any(axis=1).all()  # every game at a decision
    ended = 0
    for _, rewards, terminated, truncated, info in first[1:]:
        assert rewards.dtype == np.float64 and terminated.dtype == truncated.dtype == bool
        done = terminated | truncated
        ended += done.sum()
        if done.any():
            assert (info["_final_obs"] == done).all()
            for row in np.flatnonzero(done):
                assert env.single_observation_space.contains(info["final_obs"][row])
            assert (rewards[~done] == 0).all()
    assert ended > 0


class Recorded:
    """A vector env that records what its games go through: every id array applied and
    every batch of new games, in order (the mixin overrides the two places they happen),
    and how many games the scalar engine finished a step of."""

    def __init__(self, *args, **kwargs):
        self.events = []
        self.finished = 0  # games the scalar engine finished a step of
        super().__init__(*args, **kwargs)

    def _finish(self, rows, games):
        self.finished += len(rows)
        super()._finish(rows, games)

    def _moved(self, rows, ids):
        self.events.append(("ids", (rows.copy(), ids.copy())))
        super()._moved(rows, ids)

    def _new_games(self, n):
        fresh = super()._new_games(n)
        self.events.append(("new", fresh))
        return fresh


class RecordedVectorEnv(Recorded, AmigoVectorEnv):
    pass


class RecordedSelfPlayVectorEnv(Recorded, SelfPlayVectorEnv):
    pass


def replay(game, engine, states, events, restarted):
    """The scalar states after ``events``: ids applied game by game with
    ``move_for_action``; new games put in the rows ``restarted`` (in order); also the states
    just before the first new games."""
    states = list(states)
    before_restart = None
    for kind, value in events:
        if kind == "new":
            before_restart = list(states)
            for row, state in zip(restarted, engine.to_states(value), strict=True):
                states[row] = state
            continue
        rows, ids = value
        for row, action in zip(rows.tolist(), ids.tolist(), strict=True):
            if action >= 0:
                states[row] = game.apply(states[row], game.move_for_action(states[row], action))
    return states, before_restart if before_restart is not None else states


@pytest.mark.parametrize(("game", "rules"), CONFIGS, ids=IDS)
@pytest.mark.parametrize("make", [RecordedVectorEnv, partial(RecordedVectorEnv, player=None),
                                  RecordedSelfPlayVectorEnv],
                         ids=["learner", "every-seat", "self"])
@pytest.mark.parametrize("tail", [0, 2, None], ids=["batch", "tail-2", "tail-default"])
def test_every_step_equals_the_scalar_game_and_its_observations(game, rules, make, tail):
    """Lockstep: each step's moves replayed on the scalar engine give the env's games, its
    observations, masks, rewards, flags and final observations; the batch engine alone
    (``scalar_tail=0``), and with the last games of a step finished by the scalar engine
    (where a step leaves it games: EXXtra's turn player plays every move of a step up to
    the learner's turn at once, `test_exxtras_scalar_tail_plays_in_lockstep`)."""
    env = make(game, rules, num_envs=6, max_game_length=limit(game, rules),
               scalar_tail=tail)
    # seed 7: a run in which the scalar tail plays in every configuration it can
    every_step_in_lockstep(env, game, seed=7)
    if env.scalar_tail == 0:
        assert env.finished == 0
    elif make is not RecordedSelfPlayVectorEnv and (env.turns is None
                                                    or env.scalar_tail >= env.num_envs):
        assert env.finished > 0  # self-play: only chance, none under VXV-9


@pytest.mark.parametrize(("opponent", "tail"), [("random", 2), ("heuristic", 5)])
def test_exxtras_scalar_tail_plays_in_lockstep(opponent, tail):
    """EXXtra's scalar tail, every step compared with the scalar engine: with ``random``
    opponents the batch's rounds leave it the last games of a step; with ``heuristic``
    ones (a turn player, `TURNS`) every move up to the learner's turn is played in one
    call, so that the tail plays only the steps that start with few games to play (here:
    five of six, where a game is out of play before the others move)."""
    env = RecordedVectorEnv("exxtra", exxtra.Rules(players=3), num_envs=6,
                            opponent=opponent, scalar_tail=tail)
    assert (env.turns is None) == (opponent == "random")
    every_step_in_lockstep(env, "exxtra", seed=7)
    assert env.finished > 0


def test_verflixxts_turn_player_leaves_the_last_games_to_the_scalar_tail():
    """Verflixxt!'s ``greedy`` turn player (`TURNS`) plays a step's rounds over the whole
    batch and leaves the last few games (a learner home, the others playing on alone) to
    the scalar engine (here the last four of six): every step compared with the scalar
    engine, and some finished by it."""
    env = RecordedVectorEnv("verflixxt", verflixxt.Rules.classic(players=2), num_envs=6,
                            player=None, opponent="greedy", scalar_tail=4)
    assert env.turns is not None
    every_step_in_lockstep(env, "verflixxt", seed=7)
    assert env.finished > 0


@pytest.mark.parametrize("tail", [0, 3])
def test_hochs_turn_player_leaves_its_last_games_to_the_scalar_tail(tail, monkeypatch):
    """hoch²'s turn player (`greedy_turns`, here stopping once 2 games or fewer are left to
    play) leaves its last games to the environment, every step compared with the scalar
    engine: the scalar engine finishes them once they are ``scalar_tail`` or fewer (3),
    else the turn player is called again for them (0)."""
    monkeypatch.setattr(verflixxt_hoch_greedy, "_SCALAR_TURNS", 2)
    env = RecordedVectorEnv("verflixxt_hoch", verflixxt_hoch.Rules(players=4), num_envs=6,
                            max_game_length=40, scalar_tail=tail)
    assert env.turns is verflixxt_hoch_greedy.greedy_turns
    sizes = []

    def turns(batch, games, *args):
        sizes.append(len(games))
        return verflixxt_hoch_greedy.greedy_turns(batch, games, *args)

    env.turns = turns
    every_step_in_lockstep(env, "verflixxt_hoch", seed=7)
    assert (env.finished > 0) == (tail == 3)
    assert min(sizes) > tail and (min(sizes) <= 2) == (tail == 0)


def every_step_in_lockstep(env, game, seed):
    """Play random legal steps of ``env`` from ``seed``, each step's moves replayed on the
    scalar engine: its games, observations, masks, rewards, flags and final observations
    as the scalar engine's; at least three games end."""
    module = get_game(game)
    observations, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    states = env.engine.to_states(env.games)
    ended = 0
    for _ in range(3 * STEPS.get(game, 50)):
        seats = info.get("seat", env.seats)
        for row, state in enumerate(states):
            assert module.current_player(state) == seats[row]
            expected = module.observation(state, int(seats[row])).to_array()
            np.testing.assert_array_equal(observations[row], expected)
            np.testing.assert_array_equal(info["action_mask"][row],
                                          module.legal_action_mask(state))
        env.events.clear()
        observations, rewards, terminated, truncated, info = env.step(
            random_actions(env.action_masks(), rng))
        done = np.flatnonzero(terminated | truncated)
        states, finals = replay(module, env.engine, states, env.events, done)
        assert env.engine.to_states(env.games) == tuple(states)
        for row in range(6):
            final = finals[row]
            over = module.is_terminal(final)
            assert terminated[row] == over
            if row in done:
                assert truncated[row] != over
                np.testing.assert_array_equal(
                    info["final_obs"][row], module.observation(final, int(seats[row])).to_array())
                assert rewards[row] == module.returns(final)[seats[row]]
                assert info["returns"][row].tolist() == list(module.returns(final))
            else:
                assert rewards[row] == 0 and not truncated[row]
        ended += len(done)
    assert ended >= 3


def test_the_ids_are_registered_for_make_vec():
    for ids, kind in ((adapter.VECTOR_ENV_IDS, AmigoVectorEnv),
                      (adapter.SELF_PLAY_ENV_IDS, SelfPlayVectorEnv)):
        for game, env_id in ids.items():
            env = gymnasium.make_vec(env_id, num_envs=3, max_game_length=900)
            assert type(env) is kind and env.table.spec.game == game and env.num_envs == 3
            assert env.table.max_game_length == 900
    env = gymnasium.make_vec("amigo_rules/VerflixxtVec-v0", num_envs=2, opponent="random",
                             rules=verflixxt.Rules.amigo(players=4), player=3)
    assert (env.opponent, env.player, env.table.rules.players) == ("random", 3, 4)
    assert env.reset(seed=[1, 2])[0].shape == (2, env.single_observation_space.shape[0])


def test_player_none_puts_the_learner_at_every_seat_in_turn():
    env = AmigoVectorEnv("exxtra", exxtra.Rules(players=3), num_envs=7, player=None)
    assert env.player is None and env.seats.tolist() == [0, 1, 2, 0, 1, 2, 0]
    env.reset(seed=3)
    for _ in range(40):
        assert (env.engine.current_player(env.games) == env.seats).all()
        env.step(random_actions(env.action_masks(), np.random.default_rng(3)))
    with pytest.raises(ValueError, match="read-only"):
        env.seats[0] = 1



class Dealing(AmigoVectorEnv):
    """A vector env that notes the size of each batch of new games it deals."""

    def __init__(self, *args, **kwargs):
        self.deals = []
        super().__init__(*args, **kwargs)

    def _deal(self, n):
        self.deals.append(n)
        return super()._deal(n)


@pytest.mark.parametrize(("game", "rules"), CONFIGS[:3], ids=IDS[:3])
def test_new_games_are_dealt_in_batches_already_at_the_learners_turn(game, rules):
    """A restart takes its new games from a batch of ``num_envs`` dealt at once and played
    up to the learner's first turn for each seat the learner plays: a batch serves many
    restarts, and every game handed out is at its learner's turn with its moves counted."""
    env = Dealing(game, rules, num_envs=8, player=None)
    env.reset(seed=2)
    assert env.deals == [8]
    rng = np.random.default_rng(2)
    restarts = 0
    for _ in range(300):
        *_, terminated, truncated, _ = env.step(random_actions(env.action_masks(), rng))
        done = terminated | truncated
        restarts += done.sum()
        assert (env.engine.current_player(env.games) == env.seats).all()
        assert (env.moves[done] > 0).all()  # at least the setup's chance
    assert restarts >= 16
    assert sum(env.deals[1:]) >= restarts and len(env.deals) - 1 <= restarts / 4



def test_the_scalar_tail_asks_the_agent_only_where_there_is_a_choice(monkeypatch):
    """The others' moves the scalar engine plays: a forced move (one legal move) is played
    without asking the agent, every other is the agent's."""
    env = AmigoVectorEnv("verflixxt", verflixxt.Rules.classic(players=2), num_envs=8)
    legal_moves, act = verflixxt.legal_moves, env.agent.act
    choices, asked = [], []

    def counted(state):
        moves = legal_moves(state)
        choices.append(len(moves))
        return moves

    def acting(observation, legal):
        asked.append(len(legal))
        return act(observation, legal)

    monkeypatch.setattr(verflixxt, "legal_moves", counted)
    monkeypatch.setattr(env.agent, "act", acting)
    run(env, seed=1, steps=100)
    assert 1 in choices and asked and min(asked) >= 2
    assert len(asked) == sum(n > 1 for n in choices)


def test_an_illegal_action_ends_its_game_only_with_the_illegal_reward():
    env = AmigoVectorEnv("exxtra", num_envs=3, illegal_reward=-5.0)
    env.reset(seed=0)
    masks = env.action_masks()
    actions = masks.argmax(axis=1)
    actions[1] = np.flatnonzero(~masks[1])[0] if (~masks[1]).any() else 99
    _, rewards, terminated, truncated, info = env.step(actions)
    assert rewards[1] == -5.0 and terminated[1] and not truncated[1]
    assert info["illegal_action"].tolist() == [False, True, False]
    assert info["_final_obs"][1] and env.moves[1] < env.moves[0]  # a new game


def test_the_move_limit_truncates_with_zero_reward():
    env = AmigoVectorEnv("exxtra", num_envs=4, max_game_length=20)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(30):
        _, rewards, terminated, truncated, _ = env.step(random_actions(env.action_masks(), rng))
        assert (env.moves < 20).all()  # every game returned is a running one
        if truncated.any():
            break
    assert truncated.any() and (rewards[truncated] == 0).all() and not terminated[truncated].any()


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"game": "verflixxt_hoch"}, ArgumentError),  # the rules are Verflixxt!'s
    ({"game": "openspiel"}, RulesError),
    ({"opponent": "mcts"}, RulesError),
    ({"opponent": 3}, ArgumentError),
    ({"render_mode": "human"}, RulesError),
    ({"num_envs": 0}, RulesError),
    ({"player": 2}, RulesError),
    ({"scalar_tail": -1}, RulesError),
    ({"scalar_tail": 1.5}, ArgumentError),
])
def test_bad_arguments_raise_the_librarys_errors(kwargs, error):
    with pytest.raises(error):
        AmigoVectorEnv(**{"game": "verflixxt", "rules": verflixxt.Rules.classic(players=2),
                          **kwargs})


def test_bad_calls_raise_the_librarys_errors():
    env = AmigoVectorEnv("exxtra", num_envs=2)
    with pytest.raises(StateError):
        env.step(np.zeros(2, dtype=int))
    with pytest.raises(StateError):
        env.action_masks()
    env.reset(seed=1)
    for actions in (np.zeros(3, dtype=int), np.zeros(2), ["1", "2"]):
        with pytest.raises(ArgumentError, match="actions"):
            env.step(actions)


def test_gymnasiums_vector_wrappers_count_the_episodes():
    """Gymnasium's RecordEpisodeStatistics reads the same-step autoreset: one episode per
    ended game, with its return."""
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        gymnasium.make_vec(adapter.VECTOR_ENV_IDS["exxtra"], num_envs=8))
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    counted = ended = 0
    for _ in range(100):
        _, rewards, terminated, truncated, info = env.step(
            random_actions(env.unwrapped.action_masks(), rng))
        done = terminated | truncated
        ended += done.sum()
        if "episode" in info:
            assert (info["_episode"] == done).all()
            assert (info["episode"]["r"][done] == rewards[done]).all()
            counted += info["_episode"].sum()
    assert counted == ended > 0
