"""``amigo-rules demo``: bounded by default, narrowed by game and options, the narrated
log on request, the live show on a terminal, reproducible by seed."""

import io
import re
import sys

from click.testing import CliRunner
from rich.console import Console

import amigo_rules
from amigo_rules.agents import make_agent
from amigo_rules.cli import agent_seed, main


def run(*args):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def test_the_default_demo_shows_every_game_with_results_in_few_lines():
    result = run("demo", "--seed", "2")
    assert result.exit_code == 0, result.output
    out = result.output
    for name in amigo_rules.GAMES:
        assert re.search(rf"─ {name} · .*seed 2 ─", out), name
    assert len(re.findall(r"^\d+ moves \(--log prints every event\)$", out, re.M)) == 3
    assert len(re.findall(r"^(winner|shared win|no winner)", out, re.M)) == 3
    assert len(out.splitlines()) < 200
    assert "\x1b[" not in out  # not a terminal: plain text
    assert out == run("demo", "--seed", "2").output


def test_demo_one_game_with_options_matches_play():
    result = run("demo", "verflixxt", "--players", "3", "--preset", "amigo", "--variant",
                 "lucky_below", "--bots", "greedy", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert "─ verflixxt · amigo · lucky_below · 3 players · seed 7 ─" in result.output
    rules = amigo_rules.verflixxt.Rules.amigo(players=3, lucky_below=True)
    agents = [make_agent("greedy", "verflixxt", seed=agent_seed(7, p)) for p in range(3)]
    record = amigo_rules.play("verflixxt", agents, rules, seed=7)
    for p, score in enumerate(record.score):
        assert re.search(rf"^ +\d(st|nd|rd) P{p} score {score}\b", result.output, re.M)


def test_the_log_tells_every_move():
    result = run("demo", "exxtra", "--players", "3", "--seed", "4", "--log")
    out = result.output
    assert re.search(r"^P\d rolls [1-7X]-[1-6X]: \d\d$", out, re.M)
    assert re.search(r"^P\d places \d\d on rung \d$", out, re.M)
    assert re.search(r"^P\d.s pair \d\d on rung [1-5] moves the counter \d+ → \d+$", out, re.M)
    assert re.search(r"^X! P\d's turn is over: ", out, re.M)
    assert re.search(r"^P\d reaches the finish and wins!$", out, re.M)


def test_on_a_terminal_the_table_is_redrawn_move_by_move(monkeypatch):
    screen = io.StringIO()
    module = sys.modules["amigo_rules.cli.demo"]  # the package's "demo" is the command
    monkeypatch.setattr(module, "console", lambda: Console(
        file=screen, force_terminal=True, width=90, height=40, highlight=False))
    result = run("demo", "exxtra", "--players", "3", "--seed", "4", "--delay", "0")
    assert result.exit_code == 0, result.output
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.getvalue())
    assert shown.count("board: first counter on 21 wins") > 50  # a frame per move
    assert "winner: " in shown
