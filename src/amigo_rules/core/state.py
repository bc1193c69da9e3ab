"""What every game's `State` shares beyond its fields: it is its own copy (it is immutable),
``str()`` draws it as text and Jupyter shows its SVG picture."""

from __future__ import annotations

from typing import Any

from .games import game_of


class StateBase:
    """The base of every game's ``State`` (an attrs frozen slots class)."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Any:
        return self

    def __str__(self) -> str:
        """The table as text: the game's ``render_text`` with everything shown."""
        text: str = game_of(self).render_text(self)
        return text

    def _repr_svg_(self) -> str:
        """The table as SVG, for Jupyter: the game's ``render_svg`` with everything shown."""
        svg: str = game_of(self).render_svg(self)
        return svg


