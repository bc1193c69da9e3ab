"""Text from a file, an agent or a results line reaches the terminal literally: no markup,
no control sequence, a bounded length (issue 18, item 2); the web page escapes it."""

from __future__ import annotations

import io
import json
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

from amigo_rules import GameRecord, arena, exxtra
from amigo_rules.agents import make_agent
from amigo_rules.cli import main
from amigo_rules.cli.literal import LIMIT, literal
from amigo_rules.cli.tournament import markdown_standings, print_standings
from amigo_rules.core import play

OSC = "\x1b]0;pwned\x07"
HOSTILE = ("[/]", "[link=http://x]click[/link]", f"a{OSC}b", "<script>alert(1)</script>")
HUGE = "n" * (2 * 1024 * 1024)


def assert_literal(shown: str) -> None:
    """No escape sequence or bell from a name, no link, no markup eaten."""
    assert "\x1b]" not in shown and "\x07" not in shown and "\x1b[" not in shown
    assert "[link=http://x]click[/link]" in shown
    assert "[/]" in shown
    assert "a\\x1b]0;pwned\\x07b" in shown
    assert HUGE[: LIMIT * 2] not in shown


def test_literal_escapes_controls_keeps_markup_and_cuts():
    assert literal("[bold]x[/]").plain == "[bold]x[/]"
    assert literal(OSC).plain == "\\x1b]0;pwned\\x07"
    assert literal("\x9b31m\u202eevil").plain == "\\x9b31m\\u202eevil"
    assert len(literal(HUGE).plain) == LIMIT
    assert literal("tab\there\nnext", limit=None).plain == "tab\\x09here\\x0anext"


@pytest.fixture
def hostile_save(tmp_path):
    """A finished EXXtra game whose agents carry hostile names."""
    agents = [make_agent("random", "exxtra", seed=p) for p in range(5)]
    record = play(exxtra, agents, exxtra.Rules(players=5), seed=3)
    data = json.loads(record.to_json())
    data["agents"] = [*HOSTILE, HUGE]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    return path


def test_replay_log_shows_names_literally(hostile_save):
    result = CliRunner().invoke(main, ["replay", str(hostile_save), "--log"])
    assert result.exit_code == 0, result.output
    assert_literal(result.output)


def test_replay_steps_show_names_literally(hostile_save):
    result = CliRunner().invoke(main, ["replay", str(hostile_save)], input="\n\n\n\nq\n")
    assert result.exit_code == 0, result.output
    assert_literal(result.output)
    captions = re.findall(r"^move \d+ of \d+: (P\d) \((.*)\): ", result.output, re.M)
    assert captions and all(name in HOSTILE[:2] or "\\x1b" in name or "<script>" in name
                            for _, name in captions)


def test_the_page_escapes_names(hostile_save, tmp_path):
    out = tmp_path / "g.html"
    result = CliRunner().invoke(main, ["replay", str(hostile_save), "--html", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "\x1b" not in page and "\x07" not in page
    captions = json.loads(re.search(r"const captions = (.*);", page).group(1))
    assert any("<script>alert(1)</script>" in c for c in captions)
    assert "<" not in page.split("const captions")[1].split("\n")[0]  # no tag, no comment


def test_play_load_refuses_unknown_bot_names_literally(tmp_path):
    result = CliRunner().invoke(main, ["play", "exxtra", "--players", "3", "--seed", "1",
                                       "--save", str(tmp_path / "g.json")], input="quit\n")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "g.json").read_text())
    data["agents"][1] = "[link=http://x]click[/link]" + OSC
    (tmp_path / "g.json").write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["play", "--load", str(tmp_path / "g.json")],
                                input="quit\n")
    assert result.exit_code == 2
    assert "no agent '[link=http" in result.output and "\x1b]" not in result.output


def test_a_save_with_too_few_agents_is_refused_at_load(tmp_path):
    path = tmp_path / "g.json"
    result = CliRunner().invoke(main, ["play", "exxtra", "--players", "3", "--seed", "1",
                                       "--save", str(path)], input="quit\n")
    data = json.loads(path.read_text())
    data["agents"] = data["agents"][:2]
    path.write_text(json.dumps(data))
    for args in (["play", "--load", str(path)], ["replay", str(path), "--log"]):
        result = CliRunner().invoke(main, args, input="quit\n")
        assert result.exit_code == 1, result.output
        assert "2 names for 3 players" in result.output


def test_tournament_standings_show_names_literally():
    agents = {name: "random" for name in (*HOSTILE[:3], HUGE)}
    result = arena.tournament("exxtra", agents, rules=exxtra.Rules(players=3), games=4,
                              seed=1)
    buffer = io.StringIO()
    print_standings(Console(file=buffer, force_terminal=True, width=200), result, 1)
    shown = re.sub(r"\x1b\[[0-9;]*m", "", buffer.getvalue())  # rich's own colours
    assert_literal(shown)
    assert_literal(markdown_standings(result))


def test_records_keep_the_names_unchanged(hostile_save):
    assert GameRecord.from_json(hostile_save.read_text()).agents == (*HOSTILE, HUGE)
