"""The dice (EX-COMP-1), their combinations (EX-ROLL-2) and the 36 rolls (EX-ROLL-1)."""

from __future__ import annotations

from functools import cache

X = 0
"""The X face; it reads as 0 in a combination (EX-ROLL-2)."""
DIE_A = (1, 2, 3, 4, 7, X)
"""Die A's faces, in notation order."""
DIE_B = (1, 2, 3, 5, 6, X)
"""Die B's faces, in notation order."""
DOUBLES = (1, 2, 3)
"""The faces both dice share: 1-1, 2-2 and 3-3 are the doubles (EX-ROLL-5)."""


def face_text(face: int) -> str:
    """A face as written in notation: ``1`` … ``7`` or ``X``."""
    return "X" if face == X else str(face)


def combination(a: int, b: int) -> int:
    """The two-digit combination of faces ``a`` and ``b``, higher die first (EX-ROLL-2).

    >>> combination(1, 7), combination(4, 6), combination(3, X), combination(X, X)
    (71, 64, 30, 0)
    """
    return a * 10 + b if a >= b else b * 10 + a


def combination_text(value: int) -> str:
    """A combination as read aloud: ``71``, ``30``, ``00``."""
    return f"{value:02d}"


@cache
def combinations() -> frozenset[int]:
    """Every combination the two dice can show."""
    return frozenset(combination(a, b) for a in DIE_A for b in DIE_B)
