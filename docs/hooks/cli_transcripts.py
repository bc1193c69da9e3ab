"""MkDocs hook: real command-line transcripts, made when the site is built.

A page writes a marker on a line of its own::

    <!-- transcript: play verflixxt --seed 1 --players 2 | input: 1\\nrules\\nquit | head: 40 -->

and gets in its place a ``console`` block: the command (``$ amigo-rules …``) and what it
printed, run through click's test runner in a fresh temporary directory (so files it saves
go nowhere), the typed input appearing after its prompts. ``head: N`` keeps the first N
lines (marking the cut with ``…``); ``before: COMMAND`` runs a command first, unseen, in
the same directory (to make a file the transcript reads). A command that fails (a
traceback, an exit code other than 0 or than the one given as ``exit: N``) logs a
warning, so ``mkdocs build --strict`` fails.
"""

from __future__ import annotations

import logging
import os
import re
import shlex
import tempfile

log = logging.getLogger("mkdocs.plugins.cli_transcripts")

MARKER = re.compile(r"^<!-- transcript: (.+?) -->$", re.M)


def transcript(spec: str) -> tuple[str, str | None]:
    """The console block for ``spec`` and a problem (None when the command did as told)."""
    from click.testing import CliRunner

    from amigo_rules.cli import main

    command, *options = [part.strip() for part in spec.split(" | ")]
    settings = dict(option.split(": ", 1) for option in options)
    typed = settings.get("input", "").replace("\\n", "\n")
    expected = int(settings.get("exit", "0"))
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            if "before" in settings:
                CliRunner().invoke(main, shlex.split(settings["before"]))
            result = CliRunner().invoke(main, shlex.split(command),
                                        input=typed + "\n" if typed else "",
                                        prog_name="amigo-rules", env={"COLUMNS": "80"})
        finally:
            os.chdir(here)
    output = result.output.rstrip("\n").splitlines()
    problem = None
    if "Traceback" in result.output or result.exit_code != expected:
        problem = f"exit code {result.exit_code} (expected {expected}): {result.output[-500:]}"
    if "head" in settings and len(output) > int(settings["head"]):
        output = [*output[: int(settings["head"])], "…"]
    block = "\n".join(["```console", f"$ amigo-rules {command}", *output, "```"])
    return block, problem


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Replace every transcript marker of the page by the command's real output."""

    def replace(match: re.Match) -> str:
        block, problem = transcript(match.group(1))
        if problem is not None:
            log.warning("cli_transcripts: %s: %s: %s", page.file.src_uri, match.group(1),
                        problem)
        return block

    return MARKER.sub(replace, markdown)
