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
    """A rules learner reads the game first: the Overview is the first section, and the
    developer's material — the spec card, `Rules` option tables, code and tracebacks — comes
    after the components, where a reader meets the game's pieces first."""
    for name in ("verflixxt", "verflixxt_hoch", "exxtra"):
        text = (ROOT / "docs" / "games" / f"{name}.md").read_text(encoding="utf-8")
        sections = re.findall(r"^## (.+?)(?: \{#[\w-]+\})?$", text, re.M)
        assert sections[0] == "Overview", name
        assert text.index("## Overview") < text.index("Every rule"), name
        components = text.index("## Components")
        for developer in ("```spec-card", "```pycon", "| option |", "Traceback"):
            if developer in text:
                assert components < text.index(developer), (name, developer)
        assert f"(../play/{name}.md)" in text[:components], name


def test_each_game_has_a_how_to_play_page_linking_its_rules():
    """A player's page per game: what is in the box, the goal, a turn, the end, a worked
    example with pictures, and links into the rules page for the rules it tells."""
    for name in ("verflixxt", "verflixxt_hoch", "exxtra"):
        text = (ROOT / "docs" / "play" / f"{name}.md").read_text(encoding="utf-8")
        sections = re.findall(r"^## (.+)$", text, re.M)
        assert sections[:5] == ["What is in the box", "The goal", "Setting up", "A turn",
                                "The end"], name
        assert text.count("```picture") >= 3, name
        linked = set(re.findall(rf"\(\.\./games/{name}\.md#([a-z]+-[a-z]+-\d)\)", text))
        assert len(linked) >= 10, (name, linked)
        rules = (ROOT / "docs" / "games" / f"{name}.md").read_text(encoding="utf-8")
        anchors = set(re.findall(r"\{#([\w-]+)\}", rules))
        pointed = set(re.findall(rf"\(\.\./games/{name}\.md#([\w-]+)\)", text))
        assert pointed - anchors == set(), name
        assert "```pycon" not in text and "```python" not in text, name
