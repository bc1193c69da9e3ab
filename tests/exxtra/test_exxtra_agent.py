"""The heuristic agent: legal, seeded, and far better than random."""

from __future__ import annotations

import amigo_rules
from amigo_rules import exxtra
from amigo_rules.agents import AGENTS, RandomAgent, make_agent
from amigo_rules.agents.exxtra import ExxtraHeuristicAgent


def test_registered_by_name() -> None:
    assert AGENTS["exxtra"]["heuristic"] is ExxtraHeuristicAgent
    agent = make_agent("heuristic", "exxtra", seed=3)
    assert isinstance(agent, ExxtraHeuristicAgent) and agent.name == "heuristic"


def test_same_seed_same_game() -> None:
    first = amigo_rules.play("exxtra", [ExxtraHeuristicAgent(seed=1)] * 4, seed=5)
    again = amigo_rules.play("exxtra", [ExxtraHeuristicAgent(seed=1)] * 4, seed=5)
    assert first.moves == again.moves and exxtra.is_terminal(first.final_state)


def test_takes_a_sure_win_and_stops_one() -> None:
    agent = ExxtraHeuristicAgent(seed=0)
    rules = exxtra.Rules(players=3)
    # player 0 needs 1 space; player 1 stands on 17 with 64 on rung 4, about to win: rung 1
    # is the safest rung that reaches the finish, and the 71 there sends the 64 home
    state = exxtra.State(rules, (20, 17, 0), (None, (4, 64), None), 3, 71, True)
    assert agent(exxtra.observation(state, 0), exxtra.legal_moves(state)) == exxtra.Place(1)


def test_beats_random_agents_by_a_wide_margin() -> None:
    wins = 0
    games = 60
    for seed in range(games):
        seat = seed % 4
        agents = [RandomAgent(seed=10 * seed + i) for i in range(4)]
        agents[seat] = ExxtraHeuristicAgent(seed=seed)
        wins += amigo_rules.play("exxtra", agents, seed=seed).winners == (seat,)
    assert wins / games > 0.5  # a fair share is 25%; measured about 78% over 600 games
