"""What a Verflixxt! batch holds (`Batch`), the codes of its tiles and the per-`Rules` facts
(`Shape`) the engine `amigo_rules.batch.verflixxt` reads on every move.

Tiles are coded by their index in `amigo_rules.verflixxt.TILE_KINDS`; ``EMPTY`` is "no
tile"; a path tile lying face down (VXV-10) has the code ``DOWN + code``. Per code the
`tables` give what the rules ask of a tile, face-down tiles as the tile they hide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType

import attrs
import numpy as np

from .. import verflixxt as vx
from ..core import RulesError
from ..core.checks import quote
from ..track import (
    FACE_DOWN,
    FINISH,
    GIFT,
    LUCKY,
    PATH_TILES,
    START,
    STEAL,
    gift_rank,
    is_minus,
    is_plus,
    value,
)
from ..verflixxt import CARDS, PHASES, TILE_KINDS, box, laid_out, path_tiles, shuffled_setup
from ..verflixxt import track_length as vx_track_length
from . import lockstep

EMPTY = len(TILE_KINDS)
"""The code of "no tile": beyond the end of the track, above the top of a tower."""
DOWN = EMPTY + 1
"""A face-down path tile of code ``c`` has the code ``DOWN + c`` (VXV-10)."""
CODES = DOWN + len(TILE_KINDS)
"""The number of tile codes."""
START_CODE, GIFT_CODE, STEAL_CODE = (TILE_KINDS.index(t) for t in (START, GIFT, STEAL))
FIRST_PATH = TILE_KINDS.index(PATH_TILES[0])
"""Path tiles have the codes ``FIRST_PATH + PATH_TILES.index(tile)``."""
ROLL, MOVE, STEALING, FLIP, OVER, LAY = (PHASES.index(p) for p in (
    vx.Phase.ROLL, vx.Phase.MOVE, vx.Phase.STEAL, vx.Phase.FLIP, vx.Phase.OVER, vx.Phase.LAY))
DIE = 6
"""Chance ids 0-5 are the die's faces; a lay of path tile ``k`` is ``DIE + k``."""
CARD_VALUES = np.array(CARDS, dtype=np.int8)
"""The tactical cards (VXV-9) by their index in `CARDS`: -1, 1, … 6."""
CARD_BITS = (1 << np.arange(len(CARDS))).astype(np.int8)[:, None]
"""``int8[7, 1]``: the bit of each card in `Batch.hands`."""
FULL_HAND = (1 << len(CARDS)) - 1
"""A hand of every card."""
UNBATCHED: Mapping[str, str] = {}
"""The options the batch engine does not play, and why: none (every `Rules` is played)."""


@attrs.frozen(eq=False)
class Batch:
    """``n`` games of Verflixxt! under one `Rules`, game ``i`` in column ``i`` of every
    array (the batch axis is last, so that array operations run along it).

    The arrays are read-only and their layout is the engine's own (it may change): read a
    batch through the module's functions, or turn it into states with `to_states`.
    """

    rules: vx.Rules
    """The rules every game of the batch is played under."""
    tiles: np.ndarray
    """``int8[L + 1, n]``: the track by tile code (``EMPTY`` beyond its end, ``DOWN + c``
    face down); ``L`` is the track length at setup."""
    length: np.ndarray
    """``int64[n]``: tiles in the track (the finish lies on ``length - 1`` once laid)."""
    pieces: np.ndarray
    """``int8[players·pawns + guards, n]``: each player's pawn positions, ascending, then
    the guards' positions, ascending (on 0 while a track that places them is laid)."""
    crowd: np.ndarray
    """``int8[L + 1, n]`` (``int16`` with 7-8 players): per position the pawns on it plus
    a guard's weight (one more than all pawns) per guard (derived from ``pieces``, kept for
    speed)."""
    towers: np.ndarray
    """``int8[players, T, n]``: each tower bottom to top by tile code, ``EMPTY`` above;
    ``T`` is the number of path tiles."""
    heights: np.ndarray
    """``int64[players, n]``: tiles in each tower."""
    player: np.ndarray
    """``int64[n]``: the active player."""
    phase: np.ndarray
    """``int64[n]``: the index of the state's `Phase` in ``tuple(Phase)``."""
    roll: np.ndarray
    """``int64[n]``: the die while the phase is MOVE, else 0 (always 0 with VXV-9)."""
    penalty: np.ndarray
    """``int8[2, n]``: VXV-5's penalty, its owner (-1 for none) and its tile code."""
    hands: np.ndarray
    """``int8[players, n]`` with VXV-9 (``[0, n]`` without): each player's hand, bit ``c``
    set while they hold the card ``CARDS[c]``."""
    played: np.ndarray
    """``int8[7, n]`` with VXV-9 (``[0, n]`` without): the cards played this turn in order,
    0 after the last."""

    def __len__(self) -> int:
        return len(self.phase)


@attrs.frozen(eq=False)
class Shape:
    """What the arrays of one `Rules` look like, and the facts the engine needs."""

    players: int
    pawns: int
    guards: int
    length: int
    actions: int
    outcomes: int
    tower: int
    start_to_box: bool
    action_tiles: bool
    shuffled: bool
    guard_weight: int
    """A guard's weight in `Batch.crowd`: more than all pawns together, so that
    ``crowd % guard_weight`` counts the pawns."""
    crowd: type[np.signedinteger]
    """The dtype of `Batch.crowd`: int8 while 8 guards and every pawn fit it."""
    pawned: np.ndarray
    """Per value of `Batch.crowd` (up to every pawn and guard on one tile) whether a pawn
    is among the pieces it counts (``crowd % guard_weight != 0``: a look-up is faster)."""
    laid_guards: bool
    """Whether the guards' places depend on the shuffled track (VXV-1 c, VXV-10: placed
    once it is laid)."""
    roll_one: str | None
    """VXV-2 (``"choice"``) or VXV-7 (``"swap"``)."""
    passed_to_end: bool
    """Whether passed tiles move before the finish after every move (VXV-3, VXV-8b)."""
    early_end: str | None
    """``"first_home"`` (VXV-4), ``"one_pawn_left"`` (VXV-5), ``"sweep"`` (VXV-8b)."""
    cards: bool
    """Tactical cards instead of the die (VXV-9)."""
    hidden_tiles: bool
    """Each turn ends by turning a tile face down (VXV-10)."""
    flip_base: int
    """The id of ``flip 0`` (VXV-10)."""
    plain_turns: bool
    """Whether a turn ends by passing the die, nothing else (the game's hot path)."""
    start_tiles: np.ndarray
    """The track after setup (fixed layouts), or with the path slots ``EMPTY``."""
    start_pieces: np.ndarray
    start_crowd: np.ndarray
    owner: np.ndarray
    """``int8[pieces, 1]``: whose each row of `Batch.pieces` is: a player, or ``players``
    for the guards."""
    path_slots: np.ndarray
    """Where the k-th tile laid lies in the finished track (VX-SETUP-2)."""
    box: np.ndarray
    """Per path tile kind, how many the box holds."""
    watched: np.ndarray
    """The tile codes that get a guard on a shuffled track: lucky, +7, +8 (VX-SETUP-1's
    rule, VXV-1 c) or every plus and lucky tile (VXV-10, on the first 8)."""


@cache
def tables() -> Mapping[str, np.ndarray]:
    """Per tile code: plus value, minus value (positive), lucky, takeable, Gift rank, the
    face-up code (``up``, VXV-10) and the one-hot entry an observation shows (``seen``:
    face-down tiles all alike)."""
    kinds = (*TILE_KINDS, None)
    path = [t in PATH_TILES for t in TILE_KINDS] + [False]

    def both(column: Sequence[object]) -> np.ndarray:
        """``column`` for the face-up codes, then the same for the face-down ones."""
        return np.array([*column, *column[: len(TILE_KINDS)]])

    return lockstep.table(
        plus=both([value(t) if t in PATH_TILES and is_plus(t) else 0 for t in kinds]),
        minus=both([-value(t) if t in PATH_TILES and is_minus(t) else 0 for t in kinds]),
        lucky=both([t == LUCKY for t in kinds]),
        takeable=both(path),
        rank=both([gift_rank(t) if p else 0 for t, p in zip(kinds, path, strict=True)]),
        down=np.arange(CODES) >= DOWN,
        up=np.array([*range(DOWN), *range(len(TILE_KINDS))], dtype=np.int8),
        seen=np.array([*range(DOWN), *[DOWN] * len(TILE_KINDS)]),
    )


NAMES = (*TILE_KINDS, "", *(FACE_DOWN + t for t in TILE_KINDS))
"""The tile of each code (as `amigo_rules.verflixxt.State` writes it)."""


_CODE_OF = MappingProxyType({tile: at for at, tile in enumerate(NAMES) if tile})


def code(tile: str) -> int:
    """The code of ``tile`` (``"?-5"``: face down)."""
    return _CODE_OF[tile]


def _shape_of(rules: vx.Rules) -> Shape:
    if not isinstance(rules, vx.Rules):
        raise RulesError(f"the Verflixxt! batch engine needs verflixxt.Rules, got {quote(rules)}")
    start = laid_out(rules)
    length = vx_track_length(rules)
    tiles = np.full(length + 1, EMPTY, dtype=np.int8)
    slots = np.zeros(0, dtype=np.int64)
    counts = box(rules)
    shuffled = shuffled_setup(rules)
    if shuffled:
        marks = tuple(f"#{k}" for k in range(sum(counts.values())))
        track = (START, *path_tiles(rules, marks), FINISH)
        slots = np.array([track.index(m) for m in marks])
        tiles[: len(track)] = [EMPTY if t in marks else code(t) for t in track]
    else:
        tiles[:length] = [code(t) for t in start.board.tiles]
    board = start.board
    pieces = np.array([x for ps in board.pawns for x in ps] + list(board.guards), np.int8)
    owned = rules.players * rules.pawns_per_player
    owner = np.repeat(np.arange(rules.players + 1),
                      [rules.pawns_per_player] * rules.players + [len(board.guards)])
    weight = owned + 1
    crowd = np.int8 if owned + len(board.guards) * weight <= np.iinfo(np.int8).max else np.int16
    early = "sweep" if rules.negative_lucky_sweep else rules.early_end
    positive = [t for t in PATH_TILES if t == LUCKY or is_plus(t)]
    watched = positive if rules.hidden_tiles else [LUCKY, "+7", "+8"]
    actions = vx.num_actions(rules)
    return Shape(
        players=rules.players,
        pawns=rules.pawns_per_player,
        guards=len(board.guards),
        length=length,
        actions=actions,
        outcomes=vx.num_chance_outcomes(rules),
        tower=sum(counts.values()),
        start_to_box=rules.start_tile_to_box,
        action_tiles=rules.action_tiles,
        shuffled=shuffled,
        guard_weight=weight,
        crowd=crowd,
        pawned=lockstep.read_only(np.arange(owned + len(board.guards) * weight + 1) % weight
                                  != 0),
        laid_guards=shuffled and rules.guards and rules.guard_positions is None,
        roll_one=rules.roll_one,
        passed_to_end=rules.passed_tiles_to_end or rules.negative_lucky_sweep,
        early_end=early,
        cards=rules.tactical_cards,
        hidden_tiles=rules.hidden_tiles,
        flip_base=actions - length if rules.hidden_tiles else actions,
        plain_turns=not (rules.passed_tiles_to_end or early or rules.tactical_cards
                         or rules.hidden_tiles),
        start_tiles=lockstep.read_only(tiles),
        start_pieces=lockstep.read_only(pieces),
        start_crowd=lockstep.read_only(
            crowd_of(pieces[:, None], owned, length, weight).astype(crowd)[:, 0]),
        owner=lockstep.read_only(owner.astype(np.int8)[:, None]),
        path_slots=lockstep.read_only(slots),
        box=lockstep.read_only(np.array([counts[t] for t in PATH_TILES])),
        watched=lockstep.read_only(np.array([code(t) for t in watched])),
    )


shape = lockstep.by_identity(_shape_of)
"""The `Shape` of a `Rules` (remembered by identity); `RulesError` for other rules."""


def crowd_of(pieces: np.ndarray, owned: int, length: int, guard: int) -> np.ndarray:
    """`Batch.crowd` of ``pieces`` (its first ``owned`` rows pawns, the rest guards of
    weight ``guard``), as int64."""
    n = pieces.shape[1]
    weight = np.where(np.arange(len(pieces)) < owned, 1, guard)
    slots = pieces.astype(np.int64) * n + np.arange(n)
    counts = np.bincount(slots.ravel(), np.repeat(weight, n), (length + 1) * n)
    return counts.reshape(length + 1, n).astype(np.int64)


def empty(rules: vx.Rules, n: int) -> Batch:
    """A writable batch of ``n`` games of ``rules`` with nothing filled in."""
    s = shape(rules)
    players = s.players
    return Batch(
        rules,
        tiles=np.full((s.length + 1, n), EMPTY, dtype=np.int8),
        length=np.zeros(n, dtype=np.int64),
        pieces=np.zeros((players * s.pawns + s.guards, n), dtype=np.int8),
        crowd=np.zeros((s.length + 1, n), dtype=s.crowd),
        towers=np.full((players, s.tower, n), EMPTY, dtype=np.int8),
        heights=np.zeros((players, n), dtype=np.int64),
        player=np.zeros(n, dtype=np.int64),
        phase=np.zeros(n, dtype=np.int64),
        roll=np.zeros(n, dtype=np.int64),
        penalty=np.full((2, n), -1, dtype=np.int8),
        hands=np.zeros((players if s.cards else 0, n), dtype=np.int8),
        played=np.zeros((len(CARDS) if s.cards else 0, n), dtype=np.int8),
    )


def tower_scores(towers: np.ndarray, rules: vx.Rules, axis: int = -1) -> np.ndarray:
    """``int64[...]``: the score of towers given by tile codes along ``axis`` (``EMPTY``
    above the top), by the scoring of ``rules``: VX-SCORE-1 (the lucky tiles turn the
    largest minus tiles), VXV-LUCKY-BELOW (each lucky tile flips the tile below it) or
    VXV-8 (one lucky tile turns the largest minus tile, two do nothing, three or more turn
    the largest plus tile), as `amigo_rules.verflixxt.score_tiles`."""
    t = tables()
    if not (rules.lucky_below or rules.negative_lucky):  # VX-SCORE-1
        converted: np.ndarray = (t["plus"] - t["minus"])[towers].sum(axis=axis) + 2 * (
            lockstep.lucky_turned(t["minus"].astype(np.int8)[towers], t["lucky"][towers], axis))
        return converted
    plus, minus, lucky = t["plus"][towers], t["minus"][towers], t["lucky"][towers]
    if rules.lucky_below:
        signed = plus - minus
        flipped = np.zeros(towers.shape, dtype=bool)
        np.moveaxis(flipped, axis, -1)[..., :-1] = np.moveaxis(lucky, axis, -1)[..., 1:]
        below: np.ndarray = np.where(flipped, -signed, signed).sum(axis=axis)
        return below
    count = lucky.sum(axis=axis)
    by_count: np.ndarray = (plus.sum(axis=axis) - minus.sum(axis=axis)
                            + np.where(count == 1, 2 * minus.max(axis=axis, initial=0), 0)
                            - np.where(count >= 3, 2 * plus.max(axis=axis, initial=0), 0))
    return by_count
