"""The ``amigo-rules`` command: the command line of `amigo_rules.cli`, which needs the
``cli`` extra (click, rich, prompt_toolkit); without it, one line saying how to install it.

The library itself (``import amigo_rules`` and every floor but ``cli``) needs attrs and
numpy only.
"""

from __future__ import annotations

import sys

from .core.packages import installed

CLI_PACKAGES = ("click", "rich", "prompt_toolkit")
"""What the command line needs beyond the library: the ``cli`` extra."""
INSTALL_HINT = ("amigo-rules: the command line needs the cli extra: "
                "pip install 'amigo-rules[cli]'")


def main() -> None:
    """Run the command line, or print `INSTALL_HINT` and exit 1 without the ``cli`` extra."""
    if not all(map(installed, CLI_PACKAGES)):
        print(INSTALL_HINT, file=sys.stderr)
        raise SystemExit(1)
    from .cli import main as command_line

    command_line(prog_name="amigo-rules")
