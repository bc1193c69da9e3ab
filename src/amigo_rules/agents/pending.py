"""What a player stands to gain without another move of theirs: the tiles under their pawns
standing alone in the tile-track games (`Pending`), the rung of their pair in EXXtra
(`ladder`). The search's cut-off evaluations and the fitted value of the tile games read
it."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from ..track import PATH_TILES, crowds, face_up
from ..verflixxt_hoch import TRACK_TILES

__all__ = ["TAKEABLE", "Pending", "ladder", "pending_for"]


class Pending:
    """Per player of a tile-track game, what the tiles under their pawns standing alone
    would add to their score: a pawn alone on a tile takes it when it moves on (VX-TAKE-1),
    unless another piece joins it first. Gains are kept by (rules, tower, tile)."""

    def __init__(self, score_tiles: Callable[..., int], takeable: frozenset[str]) -> None:
        self.score_tiles = score_tiles
        """The game's ``score_tiles(tiles, rules)``."""
        self.takeable = takeable
        """The tiles a pawn can take."""
        self.gains: dict[tuple[Any, tuple[str, ...], str], int] = {}
        """The memo of `gain`, cleared when it grows past 200,000 entries."""

    def gain(self, rules: Any, tower: tuple[str, ...], tile: str) -> int:
        """What putting ``tile`` on ``tower`` adds to its score under ``rules``."""
        key = (rules, tower, tile)
        gain = self.gains.get(key)
        if gain is None:
            if len(self.gains) > 200_000:
                self.gains.clear()
            score_tiles = self.score_tiles
            gain = self.gains[key] = score_tiles((*tower, tile), rules) - score_tiles(tower, rules)
        return gain

    def __call__(self, state: Any) -> list[float]:
        board, towers, rules = state.board, state.towers, state.rules
        tiles = board.tiles
        pieces = crowds(board.pawns, board.guards)
        takeable = self.takeable
        gains: list[float] = []
        for player, own in enumerate(board.pawns):
            gain = 0.0
            for x in own:
                if pieces[x] == 1:
                    tile = face_up(tiles[x])
                    if tile in takeable:
                        gain += self.gain(rules, towers[player], tile)
            gains.append(gain)
        return gains


def ladder(state: Any) -> list[float]:
    """EXXtra: per player the rung of their pair on the ladder, the spaces it advances
    their counter at the start of their next turn unless it is sent home first
    (EX-TURN-1)."""
    return [0 if pair is None else pair[0] for pair in state.ladder]


def pending_for(game: ModuleType) -> Callable[[Any], list[float]] | None:
    """The per-player pending gains of ``game``'s evaluation, or None."""
    name = getattr(game, "NAME", "")
    if name in ("verflixxt", "verflixxt_hoch"):
        return Pending(game.score_tiles, TAKEABLE[name])
    return ladder if name == "exxtra" else None


TAKEABLE = {"verflixxt": frozenset(PATH_TILES), "verflixxt_hoch": frozenset(TRACK_TILES)}
"""Per tile-track game, the tiles a pawn takes by leaving them alone."""
