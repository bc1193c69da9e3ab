"""The layout of an observation array: which entries of ``Observation.to_array()`` mean what.

A game describes its array as a sequence of blocks, each a run of ``count`` equal groups
(one per track slot, one per player, or a single one) of parts laid side by side. The
offsets follow from the sizes, so a layout states each size once; the documentation's
tables and the tests read it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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


Group = tuple[str, int, Sequence[tuple[int, str, str]]]
"""A block as a game writes it: its name, its count and its parts as ``(size, kind, what)``;
parts of size 0, and blocks without groups or parts, are left out."""


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
        for size, kind, what in specs:
            if kind not in KINDS:
                raise ArgumentError(f"an array part's kind is one of {KINDS}, got {kind!r}")
            if size:
                parts.append(ArrayPart(offset, size, kind, what))
                offset += size
        if count and parts:
            block = ArrayBlock(name, start, count, tuple(parts))
            blocks.append(block)
            start = block.stop
    return tuple(blocks)


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
