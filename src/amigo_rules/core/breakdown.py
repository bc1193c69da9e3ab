"""Scores explained: each game's ``explain_score(state)`` gives, per player, the terms that
add up to ``score(state)``, each with the values it counts, so the arithmetic can be shown."""

from __future__ import annotations

import attrs


@attrs.frozen
class Term:
    """One part of a score: what it counts, the value of each counted item, a note."""

    what: str
    """What is counted: ``"path tiles"``, ``"risk tiles"``, ``"finish tokens"``, …"""
    values: tuple[int, ...]
    """The value each item counts for, in collection order (after lucky tiles and risk
    parity acted)."""
    note: str = ""
    """Why the values are what they are (``"a lucky tile turns -8 into +8"``), or empty."""

    @property
    def points(self) -> int:
        """The term's points: the sum of its values."""
        return sum(self.values)


@attrs.frozen
class Breakdown:
    """How one player's score comes about: ``sum(term.points) == total == score[player]``."""

    player: int
    """The seat whose score this is."""
    terms: tuple[Term, ...]
    """The parts of the score, in the order the rules count them."""
    name: str = attrs.field(
        default=attrs.Factory(lambda self: f"P{self.player}", takes_self=True))
    """What the seat is called: the name given to ``explain_score`` as every picture shows
    it (`amigo_rules.core.names`), else ``P2``."""

    @property
    def total(self) -> int:
        """The score: the sum of the terms' points."""
        return sum(term.points for term in self.terms)
