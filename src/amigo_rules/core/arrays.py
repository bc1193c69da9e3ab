"""The layout of an observation array: which entries of ``Observation.to_array()`` mean what.

A game describes its array once, as a sequence of blocks, each a run of ``count`` equal
groups (one per track slot, one per player, or a single one) of parts laid side by side.
The offsets follow from the sizes, so a layout states each size once; the array's length
(`length`), where its code writes each part (`places`), the documentation's tables and the
tests all read it, and so does the batch engine writing the same arrays.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

import attrs
import numpy as np

from .errors import ArgumentError

KINDS = ("one-hot", "one-hot or none", "flag", "count", "value")
"""What a part's entries hold: exactly one 1 (the rest 0); at most one 1; each 0 or 1; each
a whole number from 0; a number in the bounds of the game's ``spec``."""


@attrs.frozen
class ArrayPart:
    """A run of ``size`` entries of each group of a block."""

    offset: int
    """Where the part starts in its group."""
    size: int
    """How many entries it has."""
    kind: str
    """What the entries hold, one of `KINDS`."""
    what: str
    """What they mean, in words (markdown)."""
    key: str = ""
    """The name the game's code writes the part by (`places`); empty for none."""


@attrs.frozen
class ArrayBlock:
    """``count`` groups of ``width`` entries from ``start``, each group laid out as ``parts``."""

    name: str
    """What a group stands for (``"track slot"``, ``"player"``), in words."""
    start: int
    """The index of the block's first entry."""
    count: int
    """How many groups the block has."""
    parts: tuple[ArrayPart, ...]
    """The parts of one group, in order."""

    @property
    def width(self) -> int:
        """The entries of one group."""
        return sum(part.size for part in self.parts)

    @property
    def stop(self) -> int:
        """The index after the block's last entry."""
        return self.start + self.count * self.width


Group = tuple[str, int, Sequence[tuple[int, str, str] | tuple[int, str, str, str]]]
"""A block as a game writes it: its name, its count and its parts as ``(size, kind, what)``
or ``(size, kind, what, key)``; parts of size 0, and blocks without groups or parts, are
left out."""


def layout(*groups: Group) -> tuple[ArrayBlock, ...]:
    """Blocks laid end to end from index 0, each part after the one before.

    >>> blocks = layout(("player", 2, [(1, "flag", "to move"), (3, "one-hot", "rung")]),
    ...                 ("", 1, [(1, "value", "roll")]))
    >>> [(b.start, b.width, b.stop) for b in blocks]
    [(0, 4, 8), (8, 1, 9)]
    """
    blocks = []
    start = 0
    for name, count, specs in groups:
        parts = []
        offset = 0
        for size, kind, what, *key in specs:
            if kind not in KINDS:
                raise ArgumentError(f"an array part's kind is one of {KINDS}, got {kind!r}")
            if size:
                parts.append(ArrayPart(offset, size, kind, what, *key))
                offset += size
        if count and parts:
            block = ArrayBlock(name, start, count, tuple(parts))
            blocks.append(block)
            start = block.stop
    return tuple(blocks)


def length(blocks: Sequence[ArrayBlock]) -> int:
    """The length of an array laid out as ``blocks`` (`layout`'s)."""
    return blocks[-1].stop if blocks else 0


Place = tuple[int, int]
"""Where a part lies: ``(start, stride)``, entry ``i`` of group ``g`` being at
``start + g * stride + i``."""


def at(place: Place, group: int = 0, entry: int = 0) -> int:
    """The index of entry ``entry`` of group ``group`` of the part lying at ``place``.

    >>> at((1, 4), 1, 2)
    7
    """
    return place[0] + group * place[1] + entry


def places(blocks: Sequence[ArrayBlock]) -> Mapping[str, Place]:
    """Each part with a key, by its key: where it lies in the array (`Place`). A part left
    out for its size 0 lies nowhere (absent); keys are unique.

    >>> blocks = layout(("player", 2, [(1, "flag", "to move", "mover"),
    ...                                (3, "one-hot", "rung", "rung")]))
    >>> dict(places(blocks))
    {'mover': (0, 4), 'rung': (1, 4)}
    """
    found: dict[str, Place] = {}
    for block in blocks:
        for part in block.parts:
            if part.key:
                if part.key in found:
                    raise ArgumentError(f"two array parts are called {part.key!r}")
                found[part.key] = (block.start + part.offset, block.width)
    return MappingProxyType(found)


def listing(names: Iterable[object]) -> str:
    """``names`` as code, in order: ```S`, `F`, `+1```."""
    return ", ".join(f"`{name}`" for name in names)


def misread_parts(blocks: Sequence[ArrayBlock], array: np.ndarray) -> list[str]:
    """The parts of ``array`` whose entries do not hold what their kind says, as
    ``"<block> <group>: <what>"``; empty when the array fits the layout."""
    wrong = []
    for block in blocks:
        for group in range(block.count):
            base = block.start + group * block.width
            for part in block.parts:
                entries = array[base + part.offset : base + part.offset + part.size]
                if not _fits(part.kind, entries):
                    wrong.append(f"{block.name} {group}: {part.what}")
    return wrong


def _fits(kind: str, entries: np.ndarray) -> bool:
    binary = bool(np.isin(entries, (0, 1)).all())
    if kind == "one-hot":
        return binary and entries.sum() == 1
    if kind == "one-hot or none":
        return binary and entries.sum() <= 1
    if kind == "flag":
        return binary
    if kind == "count":
        return bool((entries >= 0).all() and (entries == np.round(entries)).all())
    return bool(np.isfinite(entries).all())
