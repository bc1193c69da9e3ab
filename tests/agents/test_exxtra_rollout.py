"""The rollout agent of EXXtra (`amigo_rules.agents.ExxtraRolloutAgent`): its registry name, its
checks, and that its rollouts value moves as the game's odds say."""

from __future__ import annotations

import re

import pytest

from amigo_rules import RulesError, exxtra, play
from amigo_rules.agents import AGENTS, ExxtraRolloutAgent, make_agent
from amigo_rules.exxtra import Place, Reroll, Roll


def decision(*rolls: Roll, players: int = 3) -> exxtra.State:
    """A new game of ``players`` after ``rolls`` (re-rolling between them)."""
    state = exxtra.new_game(exxtra.Rules(players=players))
    for i, roll in enumerate(rolls):
        if i:
            state = exxtra.apply(state, Reroll())
        state = exxtra.apply(state, roll)
    return state


def test_the_registry_builds_it_from_its_name() -> None:
    agent = make_agent("rollout:30:2", "exxtra", seed=1)
    assert isinstance(agent, ExxtraRolloutAgent)
    assert (agent.name, agent.rollouts, agent.rounds) == ("rollout", 30, 2)
    assert make_agent("rollout:7", "exxtra").rounds == 1
    assert make_agent("rollout", "exxtra").rollouts == 100
    assert AGENTS["exxtra"]["rollout"] is ExxtraRolloutAgent


@pytest.mark.parametrize(("name", "game", "message"), [
    ("rollout:0", "exxtra", "rollouts must be at least 1, got 0"),
    ("rollout:5:0", "exxtra", "rounds must be at least 1, got 0"),
    ("rollout:many", "exxtra", "bad parameters for agent 'rollout'"),
    ("rollout:5:1:1", "exxtra", "expected rollout:ROLLOUTS[:ROUNDS]"),
    ("rollout:", "exxtra", "bad parameters for agent 'rollout' in 'rollout:'"),
    ("rollout:5", "verflixxt", "no agent 'rollout' for verflixxt"),
])
def test_bad_names_are_refused(name: str, game: str, message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        make_agent(name, game)


def test_the_same_seed_plays_the_same_game() -> None:
    records = [
        play("exxtra", [ExxtraRolloutAgent(seed=3, rollouts=6), make_agent("heuristic", "exxtra",
             seed=1), make_agent("heuristic", "exxtra", seed=2)], exxtra.Rules(players=3),
             seed=5)
        for _ in range(2)
    ]
    assert records[0].moves == records[1].moves
    assert records[0].winners  # the game was played to its end, every move legal


def test_the_top_pair_goes_to_the_top_rung() -> None:
    """76 is the highest combination (EX-ROLL-2): on rung 5 only an equal 76 placed lower
    removes it (EX-PLACE-2), so it pays 5 spaces next turn far more often than any rung
    pays less."""
    state = decision(Roll(7, 6))
    agent = ExxtraRolloutAgent(seed=0, rollouts=60)
    move = agent.act(exxtra.observation(state, 0), exxtra.legal_moves(state))
    values = agent.stats["values"]
    assert move == Place(5)
    assert values["place 5"] > values["place 4"] > values["place 1"] > values["place 0"]
    assert all(0 <= v <= 1 for v in values.values())


def test_a_low_first_roll_is_rolled_again() -> None:
    """21 (EX-ROLL-2) is knocked off by almost any later placement below it; a re-roll is
    worth more than any place for it."""
    state = decision(Roll(1, 2))
    agent = ExxtraRolloutAgent(seed=0, rollouts=60)
    assert agent.act(exxtra.observation(state, 0), exxtra.legal_moves(state)) == Reroll()
    values = agent.stats["values"]
    assert values["reroll"] == max(values.values())


def test_a_single_legal_move_is_played_without_rollouts() -> None:
    state = exxtra.new_game(exxtra.Rules(players=3))
    agent = ExxtraRolloutAgent(seed=0, rollouts=5)
    roll = exxtra.chance_outcomes(state)[0][0]
    assert agent.act(exxtra.observation(state, 0), (roll,)) == roll
    assert agent.stats == {}


def test_every_move_meets_the_same_dice() -> None:
    """Common random numbers: a move listed twice gets two rollouts per lane that roll the
    same dice, so the two means are equal, not two draws of noise."""
    state = decision(Roll(4, 3), players=4)
    for seed in range(3):
        values = ExxtraRolloutAgent(seed=seed, rollouts=40).values(
            exxtra.observation(state, 0), (Place(5), Reroll(), Place(5)))
        assert values[0] == values[2] != values[1]
