"""A saved game names one agent per player, or none (issue 18, item 4)."""

from __future__ import annotations

import json

import pytest

import amigo_rules
from amigo_rules import GameRecord, StateError, exxtra
from amigo_rules.agents import make_agent


def saved():
    agents = [make_agent("random", "exxtra", seed=p) for p in range(3)]
    return amigo_rules.play("exxtra", agents, exxtra.Rules(players=3), seed=1, max_moves=5)


@pytest.mark.parametrize("count", [2, 4])
def test_another_number_of_agents_than_players_is_refused_naming_both(count):
    record = saved()
    data = json.loads(record.to_json())
    data["agents"] = ["random"] * count
    with pytest.raises(StateError, match=rf"{count} names for 3 players"):
        GameRecord.from_json(json.dumps(data))


def test_one_agent_per_player_or_none_loads():
    record = saved()
    assert GameRecord.from_json(record.to_json()).agents == record.agents
    data = json.loads(record.to_json())
    data["agents"] = []
    assert GameRecord.from_json(json.dumps(data)).agents == ()
