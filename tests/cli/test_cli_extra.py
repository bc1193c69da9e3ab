"""The command line is an extra (issue 19 item 4): the library imports none of its packages,
and the command without them says how to install them."""

from __future__ import annotations

import subprocess
import sys

from amigo_rules.command import CLI_PACKAGES, INSTALL_HINT


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)


def test_the_library_imports_no_package_of_the_cli_extra() -> None:
    code = ("import sys, amigo_rules, amigo_rules.agents, amigo_rules.arena, amigo_rules.batch\n"
            "import amigo_rules.command\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {CLI_PACKAGES!r}))")
    result = _run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_without_the_extra_the_command_prints_how_to_install_it() -> None:
    """Each package of the extra missing in turn (a None in ``sys.modules`` blocks its
    import): the command prints the one line and exits 1, before importing the CLI."""
    code = (
        "import contextlib, io, sys\n"
        "from amigo_rules.command import main\n"
        f"for name in {CLI_PACKAGES!r}:\n"
        "    sys.modules[name], saved = None, sys.modules.get(name)\n"
        "    err = io.StringIO()\n"
        "    with contextlib.redirect_stderr(err):\n"
        "        try:\n"
        "            main()\n"
        "        except SystemExit as exc:\n"
        "            print(name, exc.code, repr(err.getvalue()))\n"
        "    sys.modules.pop(name)\n"
        "print('amigo_rules.cli' in sys.modules)\n"
    )
    result = _run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        *(f"{name} 1 {INSTALL_HINT + chr(10)!r}" for name in CLI_PACKAGES), "False"]
    assert "pip install 'amigo-rules[cli]'" in INSTALL_HINT
