"""The Tournaments page: its table is what the command prints (its examples run with every
page's, see conftest.py)."""

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from amigo_rules.cli import main

PAGE = Path(__file__).resolve().parents[2] / "docs" / "tournaments.md"
TABLE = re.compile(r"<!-- tournament-table: amigo-rules (.+?) -->\n(.*?)<!-- /tournament-table -->",
                   re.S)


def test_the_table_of_the_page_is_what_the_command_prints():
    (command, table), = TABLE.findall(PAGE.read_text())
    result = CliRunner().invoke(main, shlex.split(command))
    assert result.exit_code == 0, result.output
    assert result.stdout == table


LADDER = re.compile(r"<!-- ladder-table: amigo-rules (.+?) -->\n(.*?)<!-- /ladder-table -->", re.S)


@pytest.mark.slow
def test_the_ladder_of_the_page_is_what_the_command_prints():
    """The agents' ladder: 400 games with searching agents, minutes on 2 cores."""
    (command, table), = LADDER.findall(PAGE.read_text())
    result = CliRunner().invoke(main, shlex.split(command))
    assert result.exit_code == 0, result.output
    assert result.stdout == table
