"""A run killed mid-way (SIGKILL: no clean-up at all) and resumed ends with exactly the
planned games, none twice, the same as a run never interrupted."""

import json
import os
import signal
import subprocess
import sys
import time

from amigo_rules import verflixxt
from amigo_rules.arena import tournament

GAMES = 150
SCRIPT = f"""
from amigo_rules import verflixxt
from amigo_rules.arena import tournament
tournament("verflixxt", ["greedy", "random"], rules=verflixxt.Rules(players=2),
           games={GAMES}, seed=8, results={{path!r}})
"""


def count_lines(path):
    return path.read_bytes().count(b"\n") if path.exists() else 0


def test_a_killed_run_resumes_to_the_same_games(tmp_path):
    path = tmp_path / "killed.jsonl"
    process = subprocess.Popen([sys.executable, "-c", SCRIPT.format(path=str(path))])
    try:
        deadline = time.monotonic() + 60
        while count_lines(path) < 20:
            assert process.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.01)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()
    assert process.returncode == -signal.SIGKILL
    data = path.read_bytes()
    assert data.endswith(b"\n")  # whole lines only
    killed = [json.loads(line) for line in data.splitlines()]
    assert 20 <= len(killed) < GAMES

    resumed = tournament("verflixxt", ["greedy", "random"], rules=verflixxt.Rules(players=2),
                         games=GAMES, seed=8, results=path)
    lines = path.read_text().splitlines()
    assert lines[:len(killed)] == [line.decode() for line in data.splitlines()]
    indices = [json.loads(line)["index"] for line in lines[1:]]  # after the header
    assert sorted(indices) == list(range(GAMES))  # every game once

    whole_path = tmp_path / "whole.jsonl"
    whole = tournament("verflixxt", ["greedy", "random"], rules=verflixxt.Rules(players=2),
                       games=GAMES, seed=8, results=whole_path)
    assert sorted(lines) == sorted(whole_path.read_text().splitlines())
    assert resumed.games == whole.games
