"""Laying a shuffled track tile by tile: the setup's chance nodes (VX-SETUP-2, VXV-1 c,
VXV-10, HO-SETUP-1).

While the track is laid, a state holds the tiles laid so far; each chance node draws the next
tile from the box's remaining tiles, each kind with probability its share of what is left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from types import MappingProxyType

import attrs

from ..core.chance import by_counts
from ..core.checks import string_field


# Converters carry ignore[misc]: mypy's attrs plugin reads named converters only, not
# the checks.*_field(...) factories (the __init__ argument is then Any, as it is at runtime).
@attrs.frozen
class Lay:
    """The next tile of the shuffled track is ``tile`` (a chance outcome of the setup)."""

    tile: str = attrs.field(converter=string_field("Lay.tile"))  # type: ignore[misc]
    """The tile laid at the next place of the track."""

    def __str__(self) -> str:
        return f"lay {self.tile}"


@cache
def lay(tile: str) -> Lay:
    return Lay(tile)


def left_to_lay(box: Mapping[str, int], laid: Sequence[str]) -> Counter[str]:
    """The tiles of ``box`` not laid yet."""
    left = Counter(box)
    left.subtract(laid)
    return left


def lay_outcomes(
    box: Mapping[str, int], laid: Sequence[str], kinds: tuple[str, ...]
) -> tuple[tuple[Lay, Fraction], ...]:
    """The next tile: each kind left in ``box`` after ``laid``, in ``kinds`` order, with
    probability its count over the tiles left."""
    left = left_to_lay(box, laid)
    return _outcomes(tuple((kind, left[kind]) for kind in kinds if left[kind] > 0))


@lru_cache(maxsize=4096)
def _outcomes(counts: tuple[tuple[str, int], ...]) -> tuple[tuple[Lay, Fraction], ...]:
    return by_counts([lay(kind) for kind, _ in counts], [n for _, n in counts])


def tile_named(word: str, kinds: tuple[str, ...]) -> str | None:
    """The tile of ``kinds`` written ``word`` in any case (``"l"`` → ``"L"``), or None."""
    return _by_lower(kinds).get(word.lower())


@cache
def _by_lower(kinds: tuple[str, ...]) -> Mapping[str, str]:
    return MappingProxyType({kind.lower(): kind for kind in kinds})
