"""What a Verflixxt hoch² batch holds (`Batch`), the codes of its tiles, items, cards,
phases and decisions, and the per-`Rules` facts (`Shape`) the engine
`amigo_rules.batch.verflixxt_hoch` reads on every move.

Tiles are coded by their index in `amigo_rules.verflixxt_hoch.TILE_KINDS`, collected items
by `COLLECTED`, cards by `CARDS`; per code the `tables` give what the rules ask of each.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

import attrs
import numpy as np

from .. import verflixxt_hoch as ho
from ..core import RulesError
from ..core.checks import quote
from ..track import ACTIONS, FINISH, GIFT, LUCKY, PATH_TILES, START, STEAL, gift_rank
from ..verflixxt_hoch import (
    CARD_VALUE,
    CARDS,
    COLLECTED,
    CURSED_CAP,
    GUARDS,
    HAT_POINTS,
    LUCKY_HAT,
    PHASES,
    RISK,
    TILE_KINDS,
    TOKEN_STACK,
    TRACK_TILES,
    deck_counts,
    insert_action_tiles,
    is_positive,
)
from . import lockstep

EMPTY = len(TILE_KINDS)
"""The tile code of "no tile" (beyond the finish); tiles are coded by `TILE_KINDS`."""
NO_ITEM = len(COLLECTED)
"""The item code above the top of a collection; items are coded by `COLLECTED`."""
NO_CARD = len(CARDS)
"""The card code of an empty hand slot (it sorts after every card)."""
TRADEABLE = len(TRACK_TILES)
"""Items coded below this are path or risk tiles: the ones Gift and Steal move."""
PLAY, HAT, DOUBLE, STEALING, DRAW, OVER = (PHASES.index(p) for p in (
    ho.Phase.PLAY, ho.Phase.HAT, ho.Phase.DOUBLE, ho.Phase.STEAL, ho.Phase.DRAW,
    ho.Phase.OVER))
PAWN_PIECE, LUCKY_PIECE, CURSED_PIECE, GUARD_PIECE = range(4)
"""The pieces of a play id (`amigo_rules.verflixxt_hoch.action_id`)."""
WORN = np.array([0, 1, 2, 0])
"""The hat each piece of a play wears: none, lucky, cursed, none (a guard)."""
STOP, NONE, TAKE_LUCKY, TAKE_CURSED, SWAP, GIVE = range(6)
"""Decision ids after the plays, relative to ``128 L`` (then attacks and steals)."""


@attrs.frozen(eq=False)
class Batch:
    """``n`` games of Verflixxt hoch² under one `Rules`, game ``i`` in column ``i`` of every
    array (the batch axis is last, so that array operations run along it).

    The arrays are read-only and their layout is the engine's own (it may change): read a
    batch through the module's functions, or turn it into states with `to_states`.
    """

    rules: ho.Rules
    """The rules every game of the batch is played under."""
    tiles: np.ndarray
    """``int8[L + 1, n]``: the track by tile code (`TILE_KINDS`; ``len(TILE_KINDS)``
    beyond the finish)."""
    length: np.ndarray
    """``int64[n]``: tiles in the track."""
    pawns: np.ndarray
    """``int8[players·pawns, n]``: each player's pawn positions, ascending."""
    guards: np.ndarray
    """``int8[guards, n]``: the guards' positions, ascending."""
    hat_owner: np.ndarray
    """``int8[2, n]``: the player whose pawn wears the lucky hat, the cursed cap; -1 for
    none."""
    hat_pos: np.ndarray
    """``int8[2, n]``: where that pawn stands; -1 for none."""
    towers: np.ndarray
    """``int8[players, items, n]``: each collection in order by item code (`COLLECTED`)."""
    heights: np.ndarray
    """``int64[players, n]``: items in each collection."""
    tokens: np.ndarray
    """``int64[n]``: finish tokens taken."""
    hands: np.ndarray
    """``int8[players, 2, n]``: each hand's cards by index in `CARDS`, ascending; 16 for an
    empty slot."""
    pile: np.ndarray
    """``int16[16, n]``: the draw pile's cards of each kind."""
    discard: np.ndarray
    """``int16[16, n]``: the discard pile's cards of each kind."""
    player: np.ndarray
    """``int64[n]``: the active player."""
    phase: np.ndarray
    """``int64[n]``: the index of the state's `Phase` in ``tuple(Phase)``."""
    plays: np.ndarray
    """``int64[n]``: cards played this turn."""
    yellow: np.ndarray
    """``bool[n]``: the first card of the turn was yellow."""
    arrived: np.ndarray
    """``int64[n]``: `amigo_rules.verflixxt_hoch.State.arrived`."""
    arrived_hat: np.ndarray
    """``int64[n]``: `amigo_rules.verflixxt_hoch.State.arrived_hat`."""

    def __len__(self) -> int:
        return len(self.phase)


@attrs.frozen(eq=False)
class Shape:
    """What the arrays of one `Rules` look like, and the facts the engine needs."""

    players: int
    pawns: int
    guards: int
    length: int
    items: int
    base: int
    """``128 L``: the first decision id after the plays."""
    actions: int
    outcomes: int
    deck: np.ndarray
    """``int64[16]``: the deck's cards of each kind."""
    box: np.ndarray
    """``int64[kinds]``: the tile codes laid between start and finish, one per tile."""
    slots: np.ndarray
    """The positions of the shuffled tiles in the track (after the action tiles are
    inserted); empty for an explicit layout."""
    start_tiles: np.ndarray
    """The track with the shuffled slots empty (or the explicit layout, whole)."""
    steps: np.ndarray
    """``int64[base]``: per play id how far its card moves the piece, negative backwards
    (0 for a 0 card)."""


@cache
def tables() -> Mapping[str, np.ndarray]:
    """Per tile code: the item code it becomes when taken, whether it is taken or acts.
    Per item code: plus, minus (positive), lucky, risk value, token value, hat value, Gift
    rank. Per card: value, yellow."""
    items = (*COLLECTED, None)
    tiles = (*TILE_KINDS, None)
    return lockstep.table(
        item=np.array([COLLECTED.index(t) if t in TRACK_TILES else NO_ITEM for t in tiles]),
        takeable=np.array([t in TRACK_TILES for t in tiles]),
        action=np.array([t in ACTIONS for t in tiles]),
        flipped=np.array([TILE_KINDS.index({GIFT: STEAL, STEAL: GIFT}[t]) if t in ACTIONS
                          else i for i, t in enumerate(tiles)]),
        positive=np.array([t is not None and t in TRACK_TILES and is_positive(t)
                           for t in tiles]),
        plus=np.array([int(t) if t in PATH_TILES and t[0] == "+" else 0 for t in items]),
        minus=np.array([-int(t) if t in PATH_TILES and t[0] == "-" else 0 for t in items]),
        lucky=np.array([t == LUCKY for t in items]),
        risk=np.array([int(t[1:]) if t in RISK else 0 for t in items]),
        token=np.array([int(t[1:]) if t is not None and t[0] == "T" else 0 for t in items]),
        hat=np.array([HAT_POINTS if t == LUCKY_HAT else -HAT_POINTS if t == CURSED_CAP else 0
                      for t in items]),
        rank=np.array([gift_rank(t) if t in PATH_TILES else 0 for t in items]),
        value=np.array([CARD_VALUE[c] for c in CARDS] + [0]),
        is_yellow=np.array([c[-1] == "y" for c in CARDS] + [False]),
        stack=np.array([COLLECTED.index(t) for t in TOKEN_STACK]),
    )


def check_rules(rules: ho.Rules | None) -> ho.Rules:
    """``rules`` (the default `Rules` for None); `RulesError` for other than
    `verflixxt_hoch.Rules`."""
    rules = ho.Rules() if rules is None else rules
    if not isinstance(rules, ho.Rules):
        raise RulesError(
            f"the Verflixxt hoch² batch engine needs verflixxt_hoch.Rules, got {quote(rules)}"
        )
    return rules


@cache
def _shape_of(rules: ho.Rules) -> Shape:
    """The `Shape` of ``rules``; `RulesError` for other than `verflixxt_hoch.Rules`."""
    rules = check_rules(rules)
    length = rules.track_length
    box = [t for t in TRACK_TILES for _ in range(rules.box().get(t, 0))]
    tiles = np.full(length + 1, EMPTY, dtype=np.int8)
    if rules.layout is None:
        marks = tuple(f"#{k}" for k in range(len(box)))
        path = insert_action_tiles(marks) if rules.action_tiles else marks
        track = (START, *path, FINISH)
        slots = np.array([track.index(m) for m in marks])
        tiles[: len(track)] = [EMPTY if t in marks else TILE_KINDS.index(t) for t in track]
        positives = sum(is_positive(t) for t in box)
    else:
        slots = np.zeros(0, dtype=np.int64)
        track = (START, *rules.layout, FINISH)
        tiles[:length] = [TILE_KINDS.index(t) for t in track]
        positives = sum(t in TRACK_TILES and is_positive(t) for t in track)
    players = rules.players
    base = len(CARDS) * 8 * length
    kind, place = np.divmod(np.arange(base), 2 * length)  # ``card·4 + piece``, ``origin·2 + back``
    steps = tables()["value"][kind >> 2] * (1 - 2 * (place & 1))
    return Shape(
        players=players,
        pawns=rules.pawns_per_player,
        guards=min(GUARDS, positives),
        length=length,
        items=len(box) + len(TOKEN_STACK) + 2,
        base=base,
        actions=ho.num_actions(rules),
        outcomes=ho.num_chance_outcomes(rules),
        deck=lockstep.read_only(np.array(deck_counts(rules))),
        box=lockstep.read_only(np.array([TILE_KINDS.index(t) for t in box])),
        slots=lockstep.read_only(slots),
        start_tiles=lockstep.read_only(tiles),
        steps=lockstep.read_only(steps),
    )


shape = lockstep.by_identity(_shape_of)
"""The `Shape` of a `Rules` (remembered by identity); `RulesError` for other rules."""


def empty(s: Shape, rules: ho.Rules, n: int) -> Batch:
    """A writable batch of ``n`` games of ``rules`` (of `Shape` ``s``) with nothing filled
    in."""
    players = s.players
    return Batch(
        rules,
        tiles=np.full((s.length + 1, n), EMPTY, dtype=np.int8),
        length=np.zeros(n, dtype=np.int64),
        pawns=np.zeros((players * s.pawns, n), dtype=np.int8),
        guards=np.zeros((s.guards, n), dtype=np.int8),
        hat_owner=np.full((2, n), -1, dtype=np.int8),
        hat_pos=np.full((2, n), -1, dtype=np.int8),
        towers=np.full((players, s.items, n), NO_ITEM, dtype=np.int8),
        heights=np.zeros((players, n), dtype=np.int64),
        tokens=np.zeros(n, dtype=np.int64),
        hands=np.full((players, 2, n), NO_CARD, dtype=np.int8),
        pile=np.zeros((len(CARDS), n), dtype=np.int16),
        discard=np.zeros((len(CARDS), n), dtype=np.int16),
        player=np.zeros(n, dtype=np.int64),
        phase=np.zeros(n, dtype=np.int64),
        plays=np.zeros(n, dtype=np.int64),
        yellow=np.zeros(n, dtype=bool),
        arrived=np.full(n, -1, dtype=np.int64),
        arrived_hat=np.zeros(n, dtype=np.int64),
    )
