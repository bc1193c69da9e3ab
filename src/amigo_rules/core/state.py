"""What every game's `State` shares beyond its fields: it is its own copy (it is immutable),
``str()`` draws it as text and Jupyter shows its SVG picture."""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any


class StateBase:
    """The base of every game's ``State`` (an attrs frozen slots class)."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Any:
        return self

    def __str__(self) -> str:
        """The table as text: the game's ``render_text`` with everything shown."""
        text: str = _game(self).render_text(self)
        return text

    def _repr_svg_(self) -> str:
        """The table as SVG, for Jupyter: the game's ``render_svg`` with everything shown."""
        svg: str = _game(self).render_svg(self)
        return svg


def _game(state: StateBase) -> ModuleType:
    """The game package of ``state`` (``amigo_rules.verflixxt`` for its ``State``)."""
    return sys.modules[type(state).__module__.rpartition(".")[0]]
