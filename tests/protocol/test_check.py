"""The conformance checker passes the example engines and fails a broken one, saying what
it did wrong."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from amigo_rules.protocol import example_engine
from amigo_rules.protocol.check import check

ROOT = Path(__file__).parents[2]
HOSTILE = Path(__file__).with_name("hostile.py")


EXAMPLES = example_engine("random_bot.py").parent
NODE = shutil.which("node")


@pytest.mark.parametrize(
    "command",
    [
        [sys.executable, str(EXAMPLES / "heuristic_bot.py")],
        [sys.executable, str(EXAMPLES / "random_bot.py")],
        pytest.param(["node", str(EXAMPLES / "random.js")], marks=pytest.mark.skipif(
            NODE is None, reason="node (Node.js) is not installed")),
    ],
    ids=["heuristic_bot.py", "random_bot.py", "random.js"],
)
def test_the_checker_passes_the_examples(command):
    lines: list[str] = []
    assert check(command, games=1, report=lines.append) == []
    assert lines[-1] == "quit: ok" and len(lines) == 4


def test_the_checker_fails_an_engine_that_answers_for_another_move():
    problems = check([sys.executable, str(HOSTILE), "stale"], games=1, report=lambda _: None)
    assert len(problems) == 3
    for problem in problems:
        assert "stale: engine 'hostile-stale 0' (seat 0) answered move_number" in problem


def test_the_checker_says_when_an_engine_ignores_quit():
    problems = check([sys.executable, str(HOSTILE), "deaf"], games=1, report=lambda _: None)
    assert problems == ["the engine did not exit within 2 s of 'quit' (killed)"]


def test_the_checker_command_exits_non_zero_on_failure_and_says_why():
    run = subprocess.run(
        [sys.executable, "-m", "amigo_rules.protocol.check", "--games", "1",
         sys.executable, str(HOSTILE), "binary"],
        capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "src")}, timeout=60,
    )
    assert run.returncode == 1
    assert "exxtra game 1 (seat 0): FAIL: garbage: engine 'hostile-binary 0' (seat 0) " \
           "broke the protocol waiting for 'move': not JSON" in run.stdout
    assert "does not conform" in run.stderr
