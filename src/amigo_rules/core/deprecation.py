"""Old names kept for one version: a module's ``__getattr__`` that serves each renamed name
with a `DeprecationWarning` naming the new one."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any


def renamed(module: str, names: Mapping[str, str], namespace: Mapping[str, Any], *,
            moved_to: str | None = None) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``module`` (its ``__name__``) answering each old name of
    ``names`` (old → new) with ``namespace[new]`` and a `DeprecationWarning`; with
    ``moved_to``, the names live on in that module now (``namespace`` is its namespace).

    >>> import warnings
    >>> getter = renamed("m", {"old": "new"}, {"new": 42})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     getter("old"), str(caught[0].message)
    (42, 'm.old is deprecated and will be removed in the next version: use m.new')
    """

    def __getattr__(name: str) -> Any:
        new = names.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(f"{module}.{name} is deprecated and will be removed in the next "
                      f"version: use {moved_to or module}.{new}", DeprecationWarning,
                      stacklevel=2)
        return namespace[new]

    return __getattr__
