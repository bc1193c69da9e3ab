"""The example engines, installed with the package: ``python -m amigo_rules.protocol.examples
[DIR]`` copies them into ``DIR`` (default ``engines``) to read, run and change.

| file | what it is |
|---|---|
| ``random_bot.py`` | an engine in Python's standard library: a random legal move |
| ``heuristic_bot.py`` | an engine in Python's standard library: a simple heuristic |
| ``random.js`` | an engine for Node.js, no packages: a random legal move |
| ``random_ws.js`` | a remote bot for the game server in Node.js: a random move over a WebSocket |

``python -m amigo_rules.protocol.examples --path`` prints the folder they are installed in.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from importlib import resources
from pathlib import Path

from ..core import ArgumentError

FOLDER = "example_engines"
NAMES = ("random_bot.py", "heuristic_bot.py", "random.js", "random_ws.js")
"""The example engines, by file name."""


def example_engine(name: str) -> Path:
    """The installed file of the example engine ``name`` (one of `NAMES`), to run in place:
    ``EngineAgent([sys.executable, str(example_engine("random_bot.py"))])``."""
    if name not in NAMES:
        raise ArgumentError(f"no example engine {name!r}: the examples are {', '.join(NAMES)}")
    return Path(str(resources.files(__package__).joinpath(FOLDER, name)))


def copy_examples(directory: str | Path) -> list[Path]:
    """Copy every example engine into ``directory`` (made if missing; files of the same
    names are replaced); the copies' paths."""
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    copies = []
    for name in NAMES:
        copy = target / name
        shutil.copyfile(example_engine(name), copy)
        copy.chmod(0o755)
        copies.append(copy)
    return copies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m amigo_rules.protocol.examples",
        description="Copy the example engines of the seat protocol into a folder.")
    parser.add_argument("directory", nargs="?", default="engines",
                        help="where to copy them (default: engines)")
    parser.add_argument("--path", action="store_true",
                        help="print the folder they are installed in instead")
    args = parser.parse_args(argv)
    if args.path:
        print(example_engine(NAMES[0]).parent)
        return 0
    for copy in copy_examples(args.directory):
        print(copy)
    return 0


if __name__ == "__main__":
    sys.exit(main())
