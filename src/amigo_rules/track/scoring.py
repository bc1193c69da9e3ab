"""Scoring a tower of path tiles (VX-SCORE-1 and the lucky-below variant)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from ..core.breakdown import Term
from ..core.text import plural
from .tiles import LUCKY, is_minus, is_plus, value


def lucky_converts(tiles: Iterable[str]) -> int:
    """VX-SCORE-1: plus tiles add, minus tiles subtract, each lucky tile turns one minus tile
    positive — the largest ones, the choice that maximises the score.

    >>> lucky_converts(["-1", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "L", "L",
    ...                 "+2", "+3", "+4", "+8"])
    11
    """
    plus, minus, lucky = _sorted_out(tiles)
    minus.sort()  # the largest minus tiles first
    return sum(plus) - sum(minus[:lucky]) + sum(minus[lucky:])


def _sorted_out(tiles: Iterable[str]) -> tuple[list[int], list[int], int]:
    """The values of the plus tiles, the values of the minus tiles (negative) and the
    number of lucky tiles, in ``tiles`` (anything else counts for nothing)."""
    plus: list[int] = []
    minus: list[int] = []
    lucky = 0
    for tile in tiles:
        if tile == LUCKY:
            lucky += 1
        elif is_plus(tile):
            plus.append(value(tile))
        elif is_minus(tile):
            minus.append(value(tile))
    return plus, minus, lucky


def lucky_below(tower: Iterable[str]) -> int:
    """VXV-LUCKY-BELOW: each lucky tile flips the sign of the tile directly below it.

    A lucky tile on a lucky tile or at the bottom has no effect.

    >>> lucky_below(["-5", "L", "+3", "L", "L"])
    2
    """
    tiles = list(tower)
    total = 0
    for index, tile in enumerate(tiles):
        if tile == LUCKY or not (is_plus(tile) or is_minus(tile)):
            continue
        flipped = index + 1 < len(tiles) and tiles[index + 1] == LUCKY
        total += -value(tile) if flipped else value(tile)
    return total


def lucky_by_count(tower: Iterable[str]) -> int:
    """VXV-8: the number of lucky tiles decides: exactly one turns the largest minus tile
    into plus, exactly two do nothing, three or more turn the largest plus tile into minus.

    >>> lucky_by_count(["-5", "-2", "+3", "L"]), lucky_by_count(["-5", "+3", "L", "L", "L"])
    (6, -8)
    """
    plus, minus, lucky = _sorted_out(tower)
    total = sum(plus) + sum(minus)
    if lucky == 1 and minus:
        total -= 2 * min(minus)
    elif lucky >= 3 and plus:
        total -= 2 * max(plus)
    return total


# ---------------------------------------------------------------- explained, term by term
#
# The same three scorings, giving the value each tile counts for (the fast functions above
# stay the ones the engines and agents call; a test checks that both always agree).


def _counted(tiles: tuple[str, ...]) -> list[int]:
    """The indexes of the plus and minus tiles of ``tiles``."""
    return [i for i, tile in enumerate(tiles) if is_plus(tile) or is_minus(tile)]


def _term(tiles: tuple[str, ...], turned: set[int], note: str) -> Term:
    values = tuple(-value(tiles[i]) if i in turned else value(tiles[i]) for i in _counted(tiles))
    return Term("path tiles", values, note)


def _into(tiles: tuple[str, ...], turned: list[int]) -> str:
    return ", ".join(f"{tiles[i]} into {-value(tiles[i]):+d}" for i in turned)


def _turning(lucky: int, tiles: tuple[str, ...], turned: list[int], nothing: str) -> str:
    """How ``lucky`` lucky tiles turn the tiles at ``turned``, or that they find
    ``nothing``."""
    if not turned:
        return f"{plural(lucky, 'lucky tile')}, {nothing}"
    return f"{plural(lucky, 'lucky tile')} {'turns' if lucky == 1 else 'turn'} " \
           f"{_into(tiles, turned)}"


def explain_lucky_converts(tiles: Iterable[str]) -> Term:
    """`lucky_converts` term by term: the lucky tiles turn the largest minus tiles.

    >>> explain_lucky_converts(["-3", "L", "+5", "-8"])
    Term(what='path tiles', values=(-3, 5, 8), note='1 lucky tile turns -8 into +8')
    """
    tower = tuple(tiles)
    lucky = tower.count(LUCKY)
    minus = sorted((value(t), i) for i, t in enumerate(tower) if is_minus(t))
    turned = sorted(i for _, i in minus[:lucky])
    note = _turning(lucky, tower, turned, "no minus tile to turn") if lucky else ""
    if turned and lucky > len(turned):
        note += f" ({lucky - len(turned)} with nothing left to turn)"
    return _term(tower, set(turned), note)


def explain_lucky_below(tiles: Iterable[str]) -> Term:
    """`lucky_below` term by term: each lucky tile turns the tile directly below it.

    >>> explain_lucky_below(["-5", "L", "+3"]).values
    (5, 3)
    """
    tower = tuple(tiles)
    turned = [i for i in _counted(tower) if i + 1 < len(tower) and tower[i + 1] == LUCKY]
    note = f"the lucky tile above turns {_into(tower, turned)}" if turned else ""
    if LUCKY in tower and not turned:
        note = "no lucky tile lies on a plus or minus tile"
    return _term(tower, set(turned), note)


def explain_lucky_by_count(tiles: Iterable[str]) -> Term:
    """`lucky_by_count` term by term: 1 lucky tile turns the largest minus tile, 2 do
    nothing, 3 or more turn the largest plus tile.

    >>> explain_lucky_by_count(["-5", "+3", "L", "L", "L"]).note
    '3 lucky tiles turn +3 into -3'
    """
    tower = tuple(tiles)
    lucky = tower.count(LUCKY)
    turned: list[tuple[int, int]] = []
    if lucky == 1:
        turned = sorted((value(t), i) for i, t in enumerate(tower) if is_minus(t))[:1]
    elif lucky >= 3:
        turned = sorted((-value(t), i) for i, t in enumerate(tower) if is_plus(t))[:1]
    indexes = [i for _, i in turned]
    note = ""
    if lucky == 2:
        note = "2 lucky tiles change nothing"
    elif lucky:
        note = _turning(lucky, tower, indexes, "no tile to turn")
    return _term(tower, set(indexes), note)


@attrs.frozen
class TowerScoring:
    """One way of scoring a tower of path tiles: the total, and the same term by term (the
    two always agree)."""

    score: Callable[[Iterable[str]], int]
    """The tower's score."""
    explain: Callable[[Iterable[str]], Term]
    """The tower's tiles with the value each counts for, and what the lucky tiles did."""


LUCKY_CONVERTS = TowerScoring(lucky_converts, explain_lucky_converts)
"""VX-SCORE-1: the lucky tiles turn the largest minus tiles."""
LUCKY_BELOW = TowerScoring(lucky_below, explain_lucky_below)
"""VXV-LUCKY-BELOW: each lucky tile turns the tile directly below it."""
LUCKY_BY_COUNT = TowerScoring(lucky_by_count, explain_lucky_by_count)
"""VXV-8: the number of lucky tiles decides."""
