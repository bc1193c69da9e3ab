"""Engines in the arena: tournaments on process pools, every game recorded under the
engines' ``ready`` names, no process left once the pool is shut down."""

from __future__ import annotations

import json
import sys
import uuid
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from engine_processes import gone

from amigo_rules.arena import tournament
from amigo_rules.protocol import example_engine

EXAMPLES = example_engine("random_bot.py").parent


def engine(name: str, tag: str) -> str:
    """``engine:`` with a tag argument the engine ignores, to find its processes."""
    return f"engine:{sys.executable} {EXAMPLES / name} {tag}"


def play_on_pool(games: int, agents: dict[str, str], results: Path) -> list[dict]:
    with ProcessPoolExecutor(2) as executor:
        tournament("exxtra", agents, games=games, seed=5, executor=executor, results=results)
    header, *lines = (json.loads(line) for line in results.read_text().splitlines())
    assert header["schema"] == "amigo-rules/tournament-results"
    return lines


def test_engines_and_agents_play_a_tournament_on_a_process_pool(tmp_path):
    tag = uuid.uuid4().hex
    agents = {"py": engine("random_bot.py", tag), "heur": engine("heuristic_bot.py", tag),
              "heuristic": "heuristic"}
    lines = play_on_pool(12, agents, tmp_path / "results.jsonl")
    assert sorted(line["index"] for line in lines) == list(range(12))
    assert all(line["faults"] == [] for line in lines)
    names = {name for line in lines for name in line["record"]["agents"]}
    assert names == {"random_bot.py 1.0", "heuristic_bot.py 1.0", "heuristic"}
    assert gone(tag)


@pytest.mark.slow
def test_two_thousand_games_with_four_engine_seats_on_two_workers(tmp_path):
    tag = uuid.uuid4().hex
    agents = {f"e{i}": engine("random_bot.py", f"{tag} {i}") for i in range(4)}
    lines = play_on_pool(2000, agents, tmp_path / "results.jsonl")
    assert sorted(line["index"] for line in lines) == list(range(2000))
    assert all(line["faults"] == [] and line["winners"] for line in lines)
    assert gone(tag)


def test_the_command_line_takes_engine_names_in_agent_lists():
    from click.testing import CliRunner

    from amigo_rules.cli import main

    tag = uuid.uuid4().hex
    agents = f"heuristic,{engine('random_bot.py', tag)}"
    result = CliRunner().invoke(main, ["tournament", "exxtra", "--agents", agents,
                                       "--games", "4", "--format", "json"])
    assert result.exit_code == 0, result.output
    standings, _ = json.JSONDecoder().raw_decode(result.output[result.output.index("{"):])
    assert {row["agent"] for row in standings["standings"]} == {
        "heuristic", engine("random_bot.py", tag)}
    assert standings["faults"] == []
    result = CliRunner().invoke(main, ["tournament", "exxtra", "--agents", "engine:  ",
                                       "--games", "2"])
    assert result.exit_code == 2 and "names nothing after" in result.output
