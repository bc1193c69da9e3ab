"""Scoring a tower of path tiles (VX-SCORE-1 and the lucky-below variant)."""

from __future__ import annotations

from collections.abc import Iterable

from .tiles import LUCKY, is_minus, is_plus, value


def lucky_converts(tiles: Iterable[str]) -> int:
    """VX-SCORE-1: plus tiles add, minus tiles subtract, each lucky tile turns one minus tile
    positive — the largest ones, the choice that maximises the score.

    >>> lucky_converts(["-1", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "L", "L",
    ...                 "+2", "+3", "+4", "+8"])
    11
    """
    plus = 0
    minus: list[int] = []
    lucky = 0
    for tile in tiles:
        if tile == LUCKY:
            lucky += 1
        elif is_plus(tile):
            plus += value(tile)
        elif is_minus(tile):
            minus.append(-value(tile))
    minus.sort(reverse=True)
    return plus + sum(minus[:lucky]) - sum(minus[lucky:])


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
    plus: list[int] = []
    minus: list[int] = []
    lucky = 0
    for tile in tower:
        if tile == LUCKY:
            lucky += 1
        elif is_plus(tile):
            plus.append(value(tile))
        elif is_minus(tile):
            minus.append(value(tile))
    total = sum(plus) + sum(minus)
    if lucky == 1 and minus:
        total -= 2 * min(minus)
    elif lucky >= 3 and plus:
        total -= 2 * max(plus)
    return total
