"""Whether an optional package is there, asked without importing it (the extras' checks of
the command line)."""

from __future__ import annotations

from importlib.util import find_spec


def installed(package: str) -> bool:
    """Whether ``package`` can be imported (found without importing it)."""
    try:
        return find_spec(package) is not None
    except (ImportError, ValueError):  # ValueError: blocked by a None in sys.modules
        return False
