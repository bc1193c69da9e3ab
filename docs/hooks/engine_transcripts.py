"""MkDocs hook: the seat protocol's real lines and schemas, made when the site is built.

``<!-- engine-transcript: GAME SEED LINES -->`` becomes the first LINES lines of a real
game of GAME (seed SEED) between the example engine ``random_bot.py`` in seat 0 and random
agents, ``>`` before what the host sent, ``<`` before what the engine answered.
``<!-- engine-check: NAME -->`` becomes the conformance checker's real output for the example
engine NAME, shown as run on the copies ``python -m amigo_rules.protocol.examples`` makes
(``engines/NAME``). ``<!-- observation-schema: GAME -->`` becomes the JSON Schema shipped for
GAME's observation documents. A failure logs a warning, so ``mkdocs build --strict`` fails.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import re
import sys

log = logging.getLogger("mkdocs.plugins.engine_transcripts")

TRANSCRIPT = re.compile(r"^<!-- engine-transcript: (\w+) (\d+) (\d+) -->$", re.M)
SCHEMA = re.compile(r"^<!-- observation-schema: (\w+) -->$", re.M)
CHECK = re.compile(r"^<!-- engine-check: ([\w.]+) -->$", re.M)
WIDTH = 160
"""Characters shown of a line (an observation document is long)."""


def transcript(game: str, seed: int, count: int) -> str:
    """The first ``count`` lines of a real game, as a code block."""
    import amigo_rules as ar
    from amigo_rules.agents import RandomAgent
    from amigo_rules.protocol import EngineAgent, example_engine

    engine = EngineAgent([sys.executable, str(example_engine("random_bot.py"))])
    engine.transcript = []
    players = ar.get_game(game).initial_state(None).rules.players
    try:
        ar.play(game, [engine, *map(RandomAgent, range(1, players))], seed=seed)
    finally:
        engine.close()
    shown = []
    for side, line in engine.transcript[:count]:
        text = line if len(line) <= WIDTH else line[: WIDTH - 1] + "…"
        shown.append(("> " if side == "host" else "< ") + text)
    return "\n".join(["```text", *shown, "```"])


def check(name: str) -> str:
    """The checker's output for the example engine ``name``, as a console block."""
    from amigo_rules.protocol import example_engine
    from amigo_rules.protocol.check import main

    if not name.endswith(".py"):
        raise ValueError(f"{name}: only the Python examples are checked at build time")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main([sys.executable, str(example_engine(name))])
    if status != 0:
        raise RuntimeError(f"the checker failed the example engine {name}: {out.getvalue()}")
    shown = f"$ python -m amigo_rules.protocol.check python engines/{name}"
    return "\n".join(["```console", shown, out.getvalue().rstrip("\n"), "```"])


def schema(game: str) -> str:
    from amigo_rules.protocol.schema_files import shipped_schema

    return "\n".join(["```json", json.dumps(shipped_schema(game), indent=2), "```"])


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Replace every marker of the page by what it names."""

    def run(make, *args) -> str:
        try:
            return make(*args)
        except Exception as exc:  # a broken example must fail the strict build
            log.warning("engine_transcripts: %s: %s", page.file.src_uri, exc)
            return ""

    markdown = TRANSCRIPT.sub(
        lambda m: run(transcript, m.group(1), int(m.group(2)), int(m.group(3))), markdown)
    markdown = CHECK.sub(lambda m: run(check, m.group(1)), markdown)
    return SCHEMA.sub(lambda m: run(schema, m.group(1)), markdown)
