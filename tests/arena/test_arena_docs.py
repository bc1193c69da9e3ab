"""The Tournaments page: its tables are what their commands print (its examples run with
every page's, see conftest.py). The ladder's 400 games are stored
(`benchmarks/results/tournament-ladder.jsonl.gz`): the page must be what they give, and the
default suite plays two of them again, so that a change to an agent shows at once; the slow
sweep plays them all."""

import gzip
import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from amigo_rules.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "tournaments.md"
TABLE = re.compile(r"<!-- tournament-table: amigo-rules (.+?) -->\n(.*?)<!-- /tournament-table -->",
                   re.S)
LADDER = re.compile(r"<!-- ladder-table: amigo-rules (.+?) -->\n(.*?)<!-- /ladder-table -->", re.S)
STORED = ROOT / "benchmarks" / "results" / "tournament-ladder.jsonl.gz"
"""The results file of the ladder's command (``--results``), gzipped."""
REPLAYED = (0, 1)
"""The stored games the default suite plays again (each with every agent, in other seats)."""
HEAD_TO_HEAD = re.compile(r"head to head `(\S+)` placed ahead of `(\S+)` in (\d+) games, "
                          r"behind it in (\d+) \((\d+) tied\)")
STALE = ("docs/tournaments.md's ladder is stale: {why}. Play it again and store its games "
         "as docs/contributing.md says (Generated pages).")


def invoke(command: str, *extra: str):
    result = CliRunner().invoke(main, [*shlex.split(command), *extra])
    assert result.exit_code == 0, result.output
    return result


def test_the_table_of_the_page_is_what_the_command_prints():
    (command, table), = TABLE.findall(PAGE.read_text(encoding="utf-8"))
    assert invoke(command).stdout == table


def test_the_ladder_is_what_its_stored_games_give_and_what_the_code_plays(tmp_path):
    """The page's command, given the stored games but two, plays those two again: the same
    games move for move, and the page's table and head-to-head figures."""
    page = PAGE.read_text(encoding="utf-8")
    (command, table), = LADDER.findall(page)
    header, *lines = gzip.decompress(STORED.read_bytes()).decode().splitlines()
    stored = {json.loads(line)["index"]: line for line in lines}
    assert sorted(stored) == list(range(json.loads(header)["games"]))
    results = tmp_path / "ladder.jsonl"
    results.write_text("\n".join([header, *(line for index, line in stored.items()
                                            if index not in REPLAYED)]) + "\n")
    printed = invoke(command, "--results", str(results)).stdout
    again = {json.loads(line)["index"]: line for line in results.read_text().splitlines()[1:]}
    for index in REPLAYED:
        assert again[index] == stored[index], STALE.format(
            why=f"game {index} is played differently by the code now")
    assert printed == table, STALE.format(why="its table is not what the stored games give")
    document = json.loads(invoke(command.replace("--format markdown", "--format json"),
                                 "--results", str(results)).stdout)
    (agent, opponent, *figures), = HEAD_TO_HEAD.findall(" ".join(page.split()))
    pair = next(p for p in document["pairwise"] if (p["agent"], p["opponent"]) == (agent,
                                                                                  opponent))
    assert [pair["ahead"], pair["behind"], pair["tied"]] == [int(f) for f in figures], (
        STALE.format(why=f"its head-to-head figures of {agent} and {opponent} are not the "
                         f"stored games'"))


@pytest.mark.slow
def test_the_ladder_of_the_page_is_what_the_command_prints():
    """The agents' ladder played again whole: 400 games with searching agents, minutes on 2
    cores."""
    (command, table), = LADDER.findall(PAGE.read_text(encoding="utf-8"))
    assert invoke(command).stdout == table
