"""What readers of the pages see: commands that match the tables under them, rule-id
wildcards that stay text."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLE = re.compile(r"<!-- (?:tournament|ladder)-table: (amigo-rules .+?) -->")
CONSOLE = re.compile(r"```console\n\$ (.+?)\n```", re.S)


def test_each_generated_table_follows_the_command_it_shows():
    """A table made by a command hidden in an HTML comment is preceded by that command in a
    console block a reader can see (the last one before the table)."""
    page = (ROOT / "docs" / "tournaments.md").read_text(encoding="utf-8")
    tables = list(TABLE.finditer(page))
    assert tables
    for table in tables:
        shown = CONSOLE.findall(page[: table.start()])
        assert shown, table.group(1)
        command = " ".join(shown[-1].replace("\\\n", " ").split())
        assert command == table.group(1)


def test_rule_id_wildcards_are_not_emphasis(site):
    """``(VX-TURN-*) … (VX-TAKE-*)`` written bare would render as italics between the stars."""
    for page in sorted((site / "games").glob("*/index.html")):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"[A-Z]-<em>", html), page.parent.name


def test_game_pages_open_with_the_overview():
    """A rules learner reads the game first: the Overview is the first section, the rule ids
    and the spec card (developer material) come after it."""
    for page in sorted((ROOT / "docs" / "games").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        sections = re.findall(r"^## (.+?)(?: \{#[\w-]+\})?$", text, re.M)
        assert sections[0] == "Overview", page.name
        assert text.index("## Overview") < text.index("```spec-card"), page.name
        assert text.index("## Overview") < text.index("Every rule"), page.name
