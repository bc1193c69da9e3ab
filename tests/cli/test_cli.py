"""The command line's simulate command and its shared options; ``play``, ``demo`` and
``replay`` have their own files."""

import re

import pytest
from click.testing import CliRunner

import amigo_rules
from amigo_rules import verflixxt
from amigo_rules.agents import AGENTS, RandomAgent
from amigo_rules.cli import agent_seed, main


def run(*args, input=None):
    result = CliRunner().invoke(main, list(args), input=input)
    assert "Traceback" not in result.output
    return result


def error_line(output):
    lines = [line for line in output.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, output
    return lines[0]


def table_rows(output):
    return [
        [cell.strip() for cell in line.strip("│ ").split("│")]
        for line in output.splitlines()
        if re.match(r"│ P\d ", line)
    ]


def test_simulate_shows_one_row_per_seat_with_win_rates_summing_to_one():
    result = run("simulate", "verflixxt", "--games", "5", "--seed", "10",
                 "--bots", "greedy,random")
    assert result.exit_code == 0, result.output
    rows = table_rows(result.output)
    assert [row[:2] for row in rows] == [
        ["P0", "greedy"], ["P1", "random"], ["P2", "greedy"], ["P3", "random"]
    ]
    rates = [float(row[2].rstrip("%")) / 100 for row in rows]
    assert sum(rates) == pytest.approx(1, abs=0.002)
    for row in rows:
        mean, low, median, high = (float(x) for x in row[3:])
        assert low <= median <= high and low <= mean <= high
    assert re.search(r"^5 games in [\d.]+ s \([\d.]+ games/s\)", result.output, re.M)


def test_simulate_matches_play_seat_for_seat():
    result = run("simulate", "verflixxt", "--games", "3", "--seed", "7", "--players", "3",
                 "--bots", "random")
    rows = table_rows(result.output)
    scores = []
    for seed in (7, 8, 9):
        agents = [RandomAgent(seed=agent_seed(seed, p)) for p in range(3)]
        scores.append(amigo_rules.play("verflixxt", agents, verflixxt.Rules(players=3),
                                       seed=seed).score)
    assert [int(row[6]) for row in rows] == [max(s[p] for s in scores) for p in range(3)]


class Broken:
    """Plays randomly, then raises on its 150th decision (in the second or third game)."""

    name = "broken"
    calls = 0

    def __init__(self, seed=None):
        self.random = RandomAgent(seed)

    def act(self, observation, legal):
        Broken.calls += 1
        if Broken.calls == 150:
            raise RuntimeError("out of ideas")
        return self.random.act(observation, legal)


def test_simulate_reports_a_failing_agent_and_keeps_finished_games(monkeypatch):
    monkeypatch.setitem(AGENTS["verflixxt"], "broken", Broken)
    monkeypatch.setattr(Broken, "calls", 0)
    result = run("simulate", "verflixxt", "--games", "10", "--seed", "0",
                 "--bots", "random,broken")
    assert result.exit_code == 1
    finished = int(re.search(r"verflixxt: (\d+) games", result.output).group(1))
    assert 1 <= finished < 10
    assert len(table_rows(result.output)) == 4
    line = error_line(result.output)
    assert "'broken'" in line and "out of ideas" in line
