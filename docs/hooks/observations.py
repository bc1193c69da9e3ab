"""MkDocs hook: the table of a game's observation array, made from the game's
``observation_layout`` at build time, so the documented indices are the code's.

In a page, the comment ``<!-- observation-array: GAME [FIELD=VALUE …] -->`` is replaced by
the table for ``GAME``'s ``Rules(FIELD=VALUE, …)`` (values are Python literals, or plain
words read as strings). A block of several groups (one per track slot, one per player)
shows its range, then the parts of one group with offsets from the group's start.
"""

from __future__ import annotations

import ast
import re

from amigo_rules import get_game

MARKER = re.compile(r"^<!-- observation-array: (\w+)((?: [\w]+=\S+)*) -->$", re.M)
KIND_TEXT = {
    "one-hot": "one-hot",
    "one-hot or none": "one-hot, or all 0",
    "flag": "0 or 1 each",
    "count": "a count",
    "value": "a number",
}


def _value(text: str) -> object:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def _span(first: int, size: int, sign: str = "") -> str:
    last = first + size - 1
    return f"{sign}{first:,}" if size == 1 else f"{sign}{first:,} – {sign}{last:,}"


def table(game: str, options: dict[str, object]) -> str:
    """The markdown of the table for ``game`` under ``Rules(**options)``."""
    module = get_game(game)
    rules = module.Rules(**options)
    blocks = module.observation_layout(rules)
    given = ", ".join(f"{key}={value!r}" for key, value in options.items())
    lines = [
        f"`{game}.Rules({given})`: {module.array_length(rules):,} entries.",
        "",
        "| entries | holds | what |",
        "|---|---|---|",
    ]
    for block in blocks:
        grouped = block.count > 1
        if grouped:
            lines.append(f"| **{_span(block.start, block.stop - block.start)}** | "
                         f"{block.count} × {block.width} | **one group per {block.name}**, "
                         f"in order; within a group: |")
        for part in block.parts:
            where = (_span(part.offset, part.size, "+") if grouped
                     else _span(block.start + part.offset, part.size))
            lines.append(f"| {where} | {KIND_TEXT[part.kind]} | {part.what} |")
    return "\n".join(lines)


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Replace every observation-array comment of the page by its table."""

    def replace(found: re.Match) -> str:
        options = dict(item.split("=", 1) for item in found.group(2).split())
        return table(found.group(1), {key: _value(value) for key, value in options.items()})

    return MARKER.sub(replace, markdown)
