"""The vectorised greedy agent of Verflixxt hoch² values every legal move as the scalar
`VerflixxtHochGreedyAgent` does and plays one of its best moves."""

from __future__ import annotations

import numpy as np
import pytest
from batch_helpers import scattered_states

from amigo_rules import CHANCE, TERMINAL
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.agents.verflixxt_hoch import VerflixxtHochGreedyAgent
from amigo_rules.batch import lockstep, verflixxt_hoch_greedy
from amigo_rules.batch import verflixxt_hoch as batch
from amigo_rules.batch.verflixxt_hoch_greedy import greedy_actions, greedy_turns, move_values
from amigo_rules.core.ties import TIE
from amigo_rules.verflixxt_hoch import Rules


def decision_states(rules: Rules, count: int, seed: int) -> list[ho.State]:
    """Decision nodes at every stage of games played on at random."""
    rng = np.random.default_rng(seed)
    starts = [ho.new_game(rules, seed=int(rng.integers(1 << 30))) for _ in range(count)]
    return [s for s in scattered_states(ho, starts, rng, most=200) if ho.current_player(s) >= 0]


def scalar_values(states: list[ho.State]) -> list[dict[int, float]]:
    agent = VerflixxtHochGreedyAgent(seed=0)
    return [
        {ho.action_id(s, m): agent.value(ho.observation(s, s.player), m)
         for m in ho.legal_moves(s)}
        for s in states
    ]


OPTIONS = {
    "attack, action tiles": Rules(players=3, attack=True, action_tiles=True),
    "parity": Rules(players=4, attack=True, action_tiles=True, risk_rank="parity"),
    "6 players": Rules(players=6),
}


@pytest.mark.parametrize("name", OPTIONS)
def test_every_legal_move_is_valued_as_the_scalar_agent_values_it(name):
    assert_values_match(OPTIONS[name], 120, seed=len(name))


@pytest.mark.slow
@pytest.mark.parametrize("name", OPTIONS)
def test_thousands_of_positions_are_valued_as_the_scalar_agent_values_them(name):
    assert_values_match(OPTIONS[name], 1000, seed=100 + len(name))


def assert_values_match(rules: Rules, count: int, seed: int) -> None:
    """The values of every legal move of the decision nodes of ``count`` games."""
    states = decision_states(rules, count, seed)
    games = batch.from_states(states)
    expected = scalar_values(states)
    mask = batch.legal_action_mask(games)
    legal = [np.flatnonzero(row) for row in mask]
    width = max(map(len, legal))
    ids = np.array([np.resize(row, width) for row in legal]).T  # each game's legal ids
    got = move_values(games, ids)
    for column, want in enumerate(expected):
        assert sorted(legal[column].tolist()) == sorted(want)
        np.testing.assert_allclose(got[:, column], [want[i] for i in ids[:, column]],
                                   atol=TIE)
    assert len(states) > count / 3


def test_greedy_actions_are_among_the_scalar_agents_best_moves():
    rules = Rules(players=4, attack=True, action_tiles=True)
    states = decision_states(rules, 100, seed=8)
    finished = batch.to_states(batch.random_playouts(rules, 1, seed=0).final)[0]
    drawing = next(s for s in scattered_states(ho, [ho.new_game(rules, seed=2)] * 30,
                                               np.random.default_rng(1), most=50)
                   if s.phase is ho.Phase.DRAW)
    games = batch.from_states([*states, finished, drawing])
    chosen = greedy_actions(games, np.random.default_rng(0))
    for column, want in enumerate(scalar_values(states)):
        assert want[int(chosen[column])] >= max(want.values()) - TIE
    assert chosen[-2:].tolist() == [-1, -1]


def scattered_batches(rules: Rules, n: int, count: int, seed: int):
    """``count`` batches of ``n`` games at every stage, played on at random."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        starts = [ho.new_game(rules, seed=int(rng.integers(1 << 30))) for _ in range(n)]
        yield batch.from_states(scattered_states(ho, starts, rng, most=300))


@pytest.mark.parametrize("stop", [0, 3], ids=["to-the-learner", "stops-at-3"])
def test_greedy_turns_play_every_move_up_to_the_learners_turn(stop, monkeypatch):
    """`greedy_turns` plays every move of the games, draws and the other seats' decisions:
    replayed on the scalar engine, each draw is a draw, each decision one the scalar agent
    values highest and never the learner's, and each game's moves stop at its learner's
    decision, the end, or where its budget runs out; given more games than
    `_SCALAR_TURNS` (0: none, or 3) it may stop with that many or fewer still to play,
    each at a decision of another seat. The batch holds the replayed states."""
    monkeypatch.setattr(verflixxt_hoch_greedy, "_SCALAR_TURNS", stop)
    rules = Rules(players=4, attack=True, action_tiles=True)
    agent = VerflixxtHochGreedyAgent(seed=0)
    rng = np.random.default_rng(37)
    draws = decisions = learners = budgets_spent = stopped = 0
    for games in scattered_batches(rules, 24, 14, seed=41):
        at = np.flatnonzero(~batch.is_terminal(games))
        writable = lockstep.copied(games)
        budget = rng.integers(1, 30, size=at.size)
        seats = rng.integers(0, rules.players, size=at.size)
        moved, ids = greedy_turns(writable, at, rng, budget, seats)
        states = list(batch.to_states(games))
        made = dict.fromkeys(at.tolist(), 0)
        seat = dict(zip(at.tolist(), seats.tolist(), strict=True))
        for row, action in zip(moved.tolist(), ids.tolist(), strict=True):
            state = states[row]
            player = ho.current_player(state)
            assert player not in (TERMINAL, seat[row])
            move = ho.move_for_action(state, action)
            if player == CHANCE:
                draws += 1
            else:
                worth = [agent.value(ho.observation(state, player), m)
                         for m in ho.legal_moves(state)]
                assert worth[ho.legal_moves(state).index(move)] >= max(worth) - TIE
                decisions += 1
            states[row] = ho.apply(state, move)
            made[row] += 1
        playing = 0
        for k, row in enumerate(at.tolist()):
            state = states[row]
            assert made[row] <= budget[k]
            if made[row] == budget[k]:
                budgets_spent += 1
            elif ho.is_terminal(state) or ho.current_player(state) == seats[k]:
                learners += not ho.is_terminal(state)
            else:  # left to the caller: at another seat's decision
                assert ho.current_player(state) >= 0
                playing += 1
        assert playing == 0 or at.size > stop >= playing
        stopped += playing > 0
        assert batch.to_states(writable) == tuple(states)
    assert draws > 500 and decisions > 500 and learners > 150 and budgets_spent > 20
    assert (stopped > 5) == (stop > 0)
