"""The docs hook that makes the command-line transcripts when the site is built."""

import importlib.util
from pathlib import Path

HOOK = Path(__file__).resolve().parents[2] / "docs" / "hooks" / "cli_transcripts.py"


def load_hook():
    spec = importlib.util.spec_from_file_location("cli_transcripts", HOOK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_marker_becomes_the_commands_output_and_failures_are_reported():
    hook = load_hook()
    block, problem = hook.transcript("variants exxtra")
    assert problem is None
    assert block.splitlines() == ["```console", "$ amigo-rules variants exxtra",
                                  "exxtra presets: none", "no variants", "```"]
    block, problem = hook.transcript("play exxtra --seed 1 --players 3 | input: 2\\nquit "
                                     "| head: 3")
    assert problem is None and block.splitlines()[-2] == "…"
    _, problem = hook.transcript("play chess")
    assert problem is not None and "exit code 2" in problem
    assert hook.transcript("play chess | exit: 2")[1] is None
