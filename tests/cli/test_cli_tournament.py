"""``amigo-rules tournament``: standings as a table, JSON or CSV, resuming, and exit codes
(0 done, 1 failed, 2 bad usage, 130 interrupted)."""

import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from amigo_rules import verflixxt
from amigo_rules.agents import AGENTS, RandomAgent
from amigo_rules.arena import agent_seed, game_seed, tournament
from amigo_rules.cli import main

TWO = ["--players", "2"]


def run(*args):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def flat(output):
    """The output with rich's line wrapping undone."""
    return " ".join(output.split())


def test_help():
    result = run("tournament", "--help")
    assert result.exit_code == 0
    for option in ("--agents", "--games", "--workers", "--scheduler", "--results",
                   "--move-timeout", "--format", "--variant"):
        assert option in result.output


def test_a_table_per_agent_and_the_results_file(tmp_path):
    path = tmp_path / "r.jsonl"
    result = run("tournament", "verflixxt", "--agents", "greedy,random", "--games", "6",
                 "--seed", "3", "--results", str(path), *TWO)
    assert result.exit_code == 0, result.output
    rows = re.findall(r"^│ (greedy|random) +│ +(\d+) │ +(\d+) │", result.output, re.M)
    assert sorted(rows) == [("greedy", "6", "6"), ("random", "6", "6")]
    assert "head to head" in result.output
    assert "6 games (6 played now) in" in result.output
    assert len(path.read_text().splitlines()) == 1 + 6  # the header, then the games
    again = run("tournament", "verflixxt", "--agents", "greedy,random", "--games", "6",
                "--seed", "3", "--results", str(path), *TWO)
    assert again.exit_code == 0, again.output
    assert f"all 6 games were in {path}" in flat(again.output)
    before = path.read_bytes()
    more = run("tournament", "verflixxt", "--agents", "greedy,random", "--games", "8",
               "--seed", "3", "--results", str(path), *TWO)
    assert more.exit_code == 1
    assert "holds another tournament (games 6, here 8)" in flat(more.output)
    assert path.read_bytes() == before


def test_json_and_csv_standings_match_the_library():
    expected = tournament("verflixxt", ["greedy", "random"], rules=verflixxt.Rules(players=2),
                          games=5, seed=4).rows()
    out = run("tournament", "verflixxt", "--agents", "greedy,random", "--games", "5",
              "--seed", "4", "--format", "json", *TWO)
    assert out.exit_code == 0
    document = json.loads(out.stdout)
    assert document["standings"] == expected and document["games"] == 5
    assert {(p["agent"], p["opponent"]) for p in document["pairwise"]} == {
        ("greedy", "random"), ("random", "greedy")}
    out = run("tournament", "verflixxt", "--agents", "greedy,random", "--games", "5",
              "--seed", "4", "--format", "csv", *TWO)
    assert out.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert [(r["agent"], float(r["win_share"])) for r in rows] == [
        (r["agent"], pytest.approx(r["win_share"])) for r in expected]


def test_a_faulty_agent_is_reported_not_fatal(monkeypatch):
    class Broken(RandomAgent):
        name = "broken"

        def act(self, observation, legal):
            raise RuntimeError("out of ideas")

    monkeypatch.setitem(AGENTS["verflixxt"], "broken", Broken)
    result = run("tournament", "verflixxt", "--agents", "random,broken", "--games", "4", *TWO)
    assert result.exit_code == 0, result.output
    assert re.search(r"4 games forfeited by a faulty agent, the first: game 0, agent "
                     r"'broken' \(player \d\) raised RuntimeError: out of ideas",
                     flat(result.output))


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--agents", "greedy,nope"], ["--agents", "no agent 'nope'"]),
        (["--agents", "greedy,greedy"], ["--agents", "named twice"]),
        (["--agents", "greedy", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"],
         ["--workers and --scheduler"]),
        (["--agents", "greedy", "--format", "xml"], ["--format"]),
        (["--agents", "greedy", "--move-timeout", "0"], ["--move-timeout"]),
        (["--agents", "greedy", "--variant", "zzz"], ["--variant", "'zzz'"]),
        (["--games", "3"], ["--agents"]),
    ],
)
def test_bad_options_exit_2(args, words):
    result = run("tournament", "verflixxt", *(["--games", "3"] if "--games" not in args
                                              else []), *args)
    assert result.exit_code == 2, result.output
    line = next(line for line in result.output.splitlines() if line.startswith("Error:"))
    for word in words:
        assert word in line


def test_a_results_file_of_another_tournament_exits_1(tmp_path):
    path = str(tmp_path / "r.jsonl")
    assert run("tournament", "verflixxt", "--agents", "random", "--games", "2",
               "--results", path, *TWO).exit_code == 0
    result = run("tournament", "verflixxt", "--agents", "random", "--games", "2",
                 "--seed", "1", "--results", path, *TWO)
    assert result.exit_code == 1
    assert "holds another tournament (seed 0, here 1)" in flat(result.output)


def game_lines(path):
    """The lines of a results file after its header."""
    return path.read_text().splitlines()[1:]


class Interrupter(RandomAgent):
    """Plays randomly; while armed, the agent of seat 0 of game 2 presses Ctrl-C."""

    name = "interrupter"
    armed = True

    def __init__(self, seed=None):
        super().__init__(seed)
        self.interrupts = Interrupter.armed and seed == agent_seed(game_seed(0, 2), 0)

    def act(self, observation, legal):
        if self.interrupts:
            raise KeyboardInterrupt
        return super().act(observation, legal)


def test_ctrl_c_exits_130_and_the_next_run_resumes(monkeypatch, tmp_path):
    monkeypatch.setitem(AGENTS["verflixxt"], "interrupter", Interrupter)
    path = tmp_path / "r.jsonl"
    args = ["tournament", "verflixxt", "--agents", "interrupter", "--games", "5",
            "--results", str(path), *TWO]
    result = run(*args)
    assert result.exit_code == 130
    assert f"interrupted; 2 of 5 games are in {path}: run the same command to resume" in \
        flat(result.output)
    assert sorted(json.loads(line)["index"] for line in game_lines(path)) == [0, 1]
    monkeypatch.setattr(Interrupter, "armed", False)
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert f"5 games (3 played now, 2 from {path})" in flat(result.output)
    indices = sorted(json.loads(line)["index"] for line in game_lines(path))
    assert indices == [0, 1, 2, 3, 4]


def test_ctrl_c_in_a_terminal_stops_the_workers_too(tmp_path):
    """SIGINT to the whole process group, as a terminal sends it: the command and its 2
    worker processes stop, exit code 130; the same command then finishes the games. It
    comes after the first game, while the pool may still be starting its second worker:
    one caught importing printed a traceback (the pool starts workers on demand). 1000
    games take seconds, so the command cannot finish before Ctrl-C reaches it."""
    path = tmp_path / "r.jsonl"
    command = [sys.executable, "-c", "from amigo_rules.cli import main; main()",
               "tournament", "verflixxt", "--agents",
               "greedy,random", "--games", "1000", "--workers", "2", "--results", str(path),
               *TWO]
    process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not path.exists() or path.read_bytes().count(b"\n") < 2:  # header, a game
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.02)
        os.killpg(process.pid, signal.SIGINT)
        _out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert "interrupted;" in err and "Traceback" not in err
    kept = game_lines(path)
    assert 1 <= len(kept) < 1000
    finished = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    indices = sorted(json.loads(line)["index"] for line in game_lines(path))
    assert indices == list(range(1000))


def test_without_openskill_the_table_has_no_ratings(monkeypatch):
    monkeypatch.setitem(sys.modules, "openskill", None)  # as if not installed
    result = run("tournament", "verflixxt", "--agents", "greedy,random", "--games", "2", *TWO)
    assert result.exit_code == 0, result.output
    assert "rating" not in result.output.split("win %:")[0]
    assert "no ratings: ratings need openskill: pip install 'amigo-rules[arena]'" in \
        flat(result.output)
