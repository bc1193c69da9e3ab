"""Verflixxt! on numpy: many games of one `Rules` stepped in lockstep, each row equal to
the scalar engine `amigo_rules.verflixxt` move by move.

The presets ``classic``, ``amigo`` and ``amigo_pro`` at 2-6 players are supported (every
rule they use: guards, Gift and Steal, the start tile to the box, the lucky-tile tie-break,
the shuffled track laid by setup chance nodes); other options raise `RulesError`.

>>> from amigo_rules import verflixxt
>>> from amigo_rules.batch import verflixxt as batch
>>> games = batch.new_games(verflixxt.Rules.classic(players=2), 3, seed=0)
>>> batch.current_player(games).tolist()
[-1, -1, -1]
>>> games = batch.step(games, [3, 0, 5])          # roll 4, roll 1, roll 6
>>> games = batch.step(games, [0, 0, 0])          # pawn 0 in every game
>>> [state.board.pawns[0] for state in batch.to_states(games)]
[(0, 0, 4), (0, 0, 1), (0, 0, 6)]
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import attrs
import numpy as np

from .. import verflixxt as vx
from ..core import CHANCE, TERMINAL, RulesError, StateError
from ..track import (
    GIFT,
    LUCKY,
    PATH_TILES,
    START,
    STEAL,
    Board,
    gift_rank,
    is_minus,
    is_plus,
    value,
)
from ..verflixxt.observation import PHASES, TILE_KINDS
from ..verflixxt.serialization import check_state
from ..verflixxt.setup import box, laid_out, path_tiles, shuffled_setup, track_length
from . import lockstep
from .lockstep import Playouts

__all__ = [
    "Batch",
    "Playouts",
    "chance_probabilities",
    "current_player",
    "from_states",
    "is_terminal",
    "legal_action_mask",
    "new_games",
    "observation_array",
    "random_playouts",
    "returns",
    "sample_chance",
    "score",
    "step",
    "to_states",
]

EMPTY = len(TILE_KINDS)
"""The code of "no tile": beyond the end of the track, above the top of a tower."""
_START, _FINISH, _GIFT, _STEAL = (TILE_KINDS.index(t) for t in (START, "F", GIFT, STEAL))
_FIRST_PATH = TILE_KINDS.index(PATH_TILES[0])
"""Path tiles have the codes ``_FIRST_PATH + PATH_TILES.index(tile)``."""
ROLL, MOVE, STEALING, OVER, LAY = (PHASES.index(p) for p in (
    vx.Phase.ROLL, vx.Phase.MOVE, vx.Phase.STEAL, vx.Phase.OVER, vx.Phase.LAY))
DIE = 6
"""Chance ids 0-5 are the die's faces; a lay of path tile ``k`` is ``DIE + k``."""


@attrs.frozen(eq=False)
class Batch:
    """``n`` games of Verflixxt! under one `Rules`, row ``i`` being game ``i``.

    The arrays are read-only and their layout is the engine's own (it may change): read a
    batch through the module's functions, or turn it into states with `to_states`.
    """

    rules: vx.Rules
    tiles: np.ndarray
    """``int8[n, L + 1]``: the track by tile code (`TILE_KINDS` order), ``EMPTY`` beyond
    its end; ``L`` is the track length at setup."""
    length: np.ndarray
    """``int64[n]``: tiles in the track (the finish lies on ``length - 1`` once laid)."""
    pieces: np.ndarray
    """``int64[n, players·pawns + guards]``: each player's pawn positions, ascending, then
    the guards' positions, ascending."""
    towers: np.ndarray
    """``int8[n, players, 32]``: each tower bottom to top by tile code, ``EMPTY`` above."""
    heights: np.ndarray
    """``int64[n, players]``: tiles in each tower."""
    player: np.ndarray
    """``int64[n]``: the active player."""
    phase: np.ndarray
    """``int64[n]``: the index of the state's `Phase` in ``tuple(Phase)``."""
    roll: np.ndarray
    """``int64[n]``: the die while the phase is MOVE, else 0."""

    def __len__(self) -> int:
        return len(self.phase)


@attrs.frozen(eq=False)
class _Shape:
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
    tie_break: bool
    shuffled: bool
    start_tiles: np.ndarray
    """The track after setup (fixed layouts), or with the path slots ``EMPTY``."""
    start_pieces: np.ndarray
    path_slots: np.ndarray
    """Where the k-th tile laid lies in the finished track (VX-SETUP-2)."""
    box: np.ndarray
    """Per path tile kind, how many the box holds."""


@cache
def _tables() -> dict[str, np.ndarray]:
    """Per tile code: plus value, minus value (positive), lucky, takeable, Gift rank."""
    kinds = (*TILE_KINDS, None)
    path = [t in PATH_TILES for t in TILE_KINDS] + [False]
    return {
        "plus": np.array([value(t) if t in PATH_TILES and is_plus(t) else 0 for t in kinds]),
        "minus": np.array([-value(t) if t in PATH_TILES and is_minus(t) else 0 for t in kinds]),
        "lucky": np.array([t == LUCKY for t in kinds]),
        "takeable": np.array(path),
        "rank": np.array([gift_rank(t) if p else 0 for t, p in zip(kinds, path, strict=True)]),
        "names": np.array(TILE_KINDS, dtype=object),
    }


def _code(tile: str) -> int:
    return TILE_KINDS.index(tile)


def supported(rules: vx.Rules) -> str:
    """The preset ``rules`` are (``"classic"``, ``"amigo"``, ``"amigo_pro"``); `RulesError`
    naming the options the batch engine does not play otherwise."""
    if not isinstance(rules, vx.Rules):
        raise RulesError(f"the Verflixxt! batch engine needs verflixxt.Rules, got {rules!r}")
    if not 2 <= rules.players <= 6:
        raise RulesError(
            f"the batch engine plays 2-6 players; Rules.players={rules.players} is not supported"
        )
    differences = []
    for name, preset in vx.PRESETS.items():
        reference = preset(players=rules.players)
        if rules == reference:
            return name
        differences.append([
            f"{f.name}={getattr(rules, f.name)!r}"
            for f in attrs.fields(vx.Rules)
            if getattr(rules, f.name) != getattr(reference, f.name)
        ])
    nearest = min(differences, key=len)
    raise RulesError(
        "the batch engine plays the presets classic, amigo and amigo_pro; not supported: "
        + ", ".join(f"Rules.{d}" for d in nearest)
    )


@cache
def _shape(rules: vx.Rules) -> _Shape:
    supported(rules)
    start = laid_out(rules)
    length = track_length(rules)
    tiles = np.full(length + 1, EMPTY, dtype=np.int8)
    slots = np.zeros(0, dtype=np.int64)
    counts = box(rules)
    if shuffled_setup(rules):
        marks = tuple(f"#{k}" for k in range(sum(counts.values())))
        track = (START, *path_tiles(rules, marks), "F")
        slots = np.array([track.index(m) for m in marks])
        tiles[: len(track)] = [EMPTY if t in marks else _code(t) for t in track]
    else:
        tiles[:length] = [_code(t) for t in start.board.tiles]
    pieces = np.array([x for ps in start.board.pawns for x in ps] + list(start.board.guards))
    return _Shape(
        players=rules.players,
        pawns=rules.pawns_per_player,
        guards=len(start.board.guards),
        length=length,
        actions=vx.num_actions(rules),
        outcomes=vx.num_chance_outcomes(rules),
        tower=sum(counts.values()),
        start_to_box=rules.start_tile_to_box,
        action_tiles=rules.action_tiles,
        tie_break=rules.tie_break_fewer_lucky,
        shuffled=shuffled_setup(rules),
        start_tiles=tiles,
        start_pieces=pieces,
        path_slots=slots,
        box=np.array([counts[t] for t in PATH_TILES]),
    )


# --- states in and out -------------------------------------------------------------------


def _empty(shape: _Shape, rules: vx.Rules, n: int) -> Batch:
    players = shape.players
    return Batch(
        rules,
        tiles=np.full((n, shape.length + 1), EMPTY, dtype=np.int8),
        length=np.zeros(n, dtype=np.int64),
        pieces=np.zeros((n, players * shape.pawns + shape.guards), dtype=np.int64),
        towers=np.full((n, players, shape.tower), EMPTY, dtype=np.int8),
        heights=np.zeros((n, players), dtype=np.int64),
        player=np.zeros(n, dtype=np.int64),
        phase=np.zeros(n, dtype=np.int64),
        roll=np.zeros(n, dtype=np.int64),
    )


def from_states(states: Iterable[vx.State]) -> Batch:
    """The batch whose row ``i`` is ``states[i]``: states of one `Rules`, each checked like
    `amigo_rules.verflixxt.from_json` checks a document (`StateError` if inconsistent)."""
    states = tuple(states)
    if not states:
        raise StateError("from_states needs at least one state")
    for index, state in enumerate(states):
        if not isinstance(state, vx.State):
            raise StateError(f"from_states: item {index} is a {type(state).__name__}, "
                             "not a verflixxt.State")
    rules = states[0].rules
    shape = _shape(rules)
    distinct: dict[vx.State, int] = {}
    rows = np.empty(len(states), dtype=np.int64)
    for index, state in enumerate(states):
        if state.rules != rules:
            raise RulesError(f"from_states: state {index} has other rules than state 0; a "
                             "batch holds games of one Rules")
        rows[index] = distinct.setdefault(state, len(distinct))
    unique = _empty(shape, rules, len(distinct))
    for row, state in enumerate(distinct):
        check_state(state)
        _pack(unique, row, state, shape)
    return lockstep.frozen(lockstep.rows_of(unique, rows))


def _pack(batch: Batch, row: int, state: vx.State, shape: _Shape) -> None:
    board = state.board
    batch.tiles[row, : len(board.tiles)] = [_code(t) for t in board.tiles]
    batch.length[row] = len(board.tiles)
    guards = board.guards if state.phase is not vx.Phase.LAY else (0,) * shape.guards
    batch.pieces[row] = [x for ps in board.pawns for x in ps] + list(guards)
    for p, tower in enumerate(state.towers):
        batch.towers[row, p, : len(tower)] = [_code(t) for t in tower]
        batch.heights[row, p] = len(tower)
    batch.player[row] = state.player
    batch.phase[row] = PHASES.index(state.phase)
    batch.roll[row] = state.roll


def to_states(batch: Batch) -> tuple[vx.State, ...]:
    """The scalar states of the batch's rows: ``to_states(from_states(s)) == tuple(s)``."""
    rules = batch.rules
    shape = _shape(rules)
    names = TILE_KINDS
    players, pawns = shape.players, shape.pawns
    owned = players * pawns
    states = []
    rows = zip(
        batch.tiles.tolist(), batch.length.tolist(), batch.pieces.tolist(),
        batch.towers.tolist(), batch.heights.tolist(), batch.player.tolist(),
        batch.phase.tolist(), batch.roll.tolist(), strict=True,
    )
    for tiles, length, pieces, towers, heights, player, phase, roll in rows:
        board = Board(
            tuple(names[c] for c in tiles[:length]),
            tuple(tuple(pieces[p * pawns : (p + 1) * pawns]) for p in range(players)),
            tuple(pieces[owned:]) if phase != LAY else (),
        )
        stacks = tuple(
            tuple(names[c] for c in tower[:height])
            for tower, height in zip(towers, heights, strict=True)
        )
        states.append(vx.State(rules, board, stacks, player, PHASES[phase], roll))
    return tuple(states)


def new_games(rules: vx.Rules | None = None, n: int = 1, seed: int | None = None) -> Batch:
    """``n`` new games, set up (`amigo_rules.verflixxt.new_game`): a shuffled track is
    drawn for each row from ``seed`` (uniformly; not the tracks of ``new_game(rules,
    seed=…)``)."""
    rules = vx.Rules() if rules is None else rules
    shape = _shape(rules)
    n = lockstep.size(n)
    batch = _empty(shape, rules, n)
    batch.pieces[:] = shape.start_pieces
    if shape.shuffled:
        tiles = np.repeat(np.arange(len(PATH_TILES)) + _FIRST_PATH, shape.box)
        order = np.random.default_rng(seed).permuted(np.tile(tiles, (n, 1)), axis=1)
        _lay_track(batch, np.arange(n), order, shape)
    else:
        batch.tiles[:] = shape.start_tiles
        batch.length[:] = shape.length
    batch.phase[:] = ROLL
    return lockstep.frozen(batch)


def _lay_track(batch: Batch, rows: np.ndarray, laid: np.ndarray, shape: _Shape) -> None:
    """The shuffled track of ``rows`` from their ``laid`` tiles in order (VX-SETUP-2)."""
    tiles = np.broadcast_to(shape.start_tiles, (len(rows), shape.length + 1)).copy()
    tiles[:, shape.path_slots] = laid
    batch.tiles[rows] = tiles
    batch.length[rows] = shape.length


# --- what the rows show ------------------------------------------------------------------


def current_player(batch: Batch) -> np.ndarray:
    """``int64[n]``: the player to act, `CHANCE` or `TERMINAL` per row."""
    phase = batch.phase
    out = np.where((phase == ROLL) | (phase == LAY), CHANCE, batch.player)
    out[phase == OVER] = TERMINAL
    return out


def is_terminal(batch: Batch) -> np.ndarray:
    """``bool[n]``: the rows whose game is over (VX-END-1)."""
    return batch.phase == OVER


def score(batch: Batch) -> np.ndarray:
    """``int64[n, players]``: each player's score as if the game ended now (VX-SCORE-1): the
    lucky tiles turn the largest minus tiles."""
    t = _tables()
    towers = batch.towers
    minus = -np.sort(-t["minus"][towers], axis=2)
    lucky = t["lucky"][towers].sum(axis=2)
    turned = np.arange(towers.shape[2]) < lucky[..., None]
    return t["plus"][towers].sum(axis=2) + np.where(turned, minus, -minus).sum(axis=2)


def returns(batch: Batch) -> np.ndarray:
    """``float64[n, players]``: at a finished game each winner's share (1/k for k winners,
    VX-SCORE-2, with the lucky-tile tie-break where the rules have it); zeros before."""
    scores = score(batch)
    won = scores == scores.max(axis=1, keepdims=True)
    if batch.rules.tie_break_fewer_lucky:
        lucky = _tables()["lucky"][batch.towers].sum(axis=2)
        lucky = np.where(won, lucky, np.iinfo(np.int64).max)
        won &= lucky == lucky.min(axis=1, keepdims=True)
    won &= is_terminal(batch)[:, None]
    winners = won.sum(axis=1, keepdims=True)
    return np.where(won, 1.0 / np.maximum(winners, 1), 0.0)


def _choices(batch: Batch) -> lockstep.Choices:
    """The legal decision ids per decision row: own pawns and movable guards by position
    (VX-TURN-2, VX-TURN-4), steals by victim (VX-ACT-2)."""
    shape = _shape(batch.rules)
    out = []
    rows = np.flatnonzero(batch.phase == MOVE)
    if rows.size:
        pawns, length = shape.pawns, shape.length
        pieces = batch.pieces[rows]
        finish = batch.length[rows, None] - 1
        columns = batch.player[rows, None] * pawns + np.arange(pawns)
        own = np.take_along_axis(pieces, columns, axis=1)
        legal = own != finish
        legal[:, 1:] &= own[:, 1:] != own[:, :-1]
        if shape.guards:
            owned = shape.players * pawns
            guards = pieces[:, owned:]
            watched = (guards[:, :, None] == pieces[:, None, :owned]).any(axis=2)
            movable = watched & (guards != finish)
            movable[:, 1:] &= guards[:, 1:] != guards[:, :-1]
            own = np.concatenate([own, guards + length], axis=1)
            legal = np.concatenate([legal, movable], axis=1)
        out.append((rows, own, legal))
    rows = np.flatnonzero(batch.phase == STEALING)
    if rows.size:
        victims = np.arange(shape.players)
        legal = (batch.heights[rows] > 0) & (victims != batch.player[rows, None])
        out.append((rows, np.broadcast_to(2 * shape.length + victims, legal.shape), legal))
    return out


def legal_action_mask(batch: Batch) -> np.ndarray:
    """``bool[n, num_actions]``: per row the legal decision ids (`action_id`'s); all False
    at chance and terminal rows."""
    shape = _shape(batch.rules)
    return lockstep.mask(_choices(batch), len(batch), shape.actions)


def _left(batch: Batch, rows: np.ndarray) -> np.ndarray:
    """``int64[rows, kinds]``: the path tiles of each kind still in the box while laying."""
    laid = batch.tiles[rows, 1:, None] == np.arange(len(PATH_TILES)) + _FIRST_PATH
    return _shape(batch.rules).box - laid.sum(axis=1)


def chance_probabilities(batch: Batch) -> np.ndarray:
    """``float64[n, num_chance_outcomes]``: per chance row each outcome's probability (the
    die's faces 1/6, VX-TURN-2; each tile kind by its share of the box, VX-SETUP-2); rows of
    decision and terminal nodes all zero."""
    shape = _shape(batch.rules)
    out = np.zeros((len(batch), shape.outcomes))
    out[batch.phase == ROLL, :DIE] = 1 / DIE
    rows = np.flatnonzero(batch.phase == LAY)
    if rows.size:
        left = _left(batch, rows)
        out[rows, DIE:] = left / left.sum(axis=1, keepdims=True)
    return out


def sample_chance(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per chance row an outcome id drawn with its exact probability; -1 at
    decision and terminal rows."""
    ids = np.full(len(batch), -1, dtype=np.int64)
    rows = np.flatnonzero(batch.phase == ROLL)
    ids[rows] = rng.integers(0, DIE, size=rows.size)
    rows = np.flatnonzero(batch.phase == LAY)
    if rows.size:
        left = _left(batch, rows)
        ids[rows] = DIE + lockstep.weighted(_left(batch, rows), rng)
    return ids


# --- moves -------------------------------------------------------------------------------


def step(batch: Batch, action_ids: np.ndarray) -> Batch:
    """The batch after one move per row: a decision id (`amigo_rules.verflixxt.action_id`)
    at a decision row, a chance outcome id at a chance row (``roll V`` is ``V - 1``, ``lay
    T`` is 6 plus the index of ``T`` in `PATH_TILES`). Terminal rows stay as they are
    (their id is ignored).

    Raises `IllegalMoveError` naming the first row whose id is not legal there; ``batch``
    is never changed.
    """
    ids = lockstep.action_ids(batch, action_ids)
    _check(batch, ids)
    out = lockstep.copied(batch)
    _advance(out, ids)
    return lockstep.frozen(out)


def _check(batch: Batch, ids: np.ndarray) -> None:
    lockstep.check_choices(_choices(batch), ids)
    rows = np.flatnonzero(batch.phase == ROLL)
    lockstep.check_chance(rows, ids, np.ones((rows.size, DIE), dtype=bool))
    rows = np.flatnonzero(batch.phase == LAY)
    if rows.size:
        possible = np.concatenate(
            [np.zeros((rows.size, DIE), dtype=bool), _left(batch, rows) > 0], axis=1
        )
        lockstep.check_chance(rows, ids, possible)


def _advance(batch: Batch, ids: np.ndarray) -> None:
    """Apply one legal id per row in place (terminal rows are left alone)."""
    phase = batch.phase
    rolling = phase == ROLL
    moving = np.flatnonzero(phase == MOVE)
    stealing = np.flatnonzero(phase == STEALING)
    laying = np.flatnonzero(phase == LAY)
    if moving.size:
        _move(batch, moving, ids[moving])
    if stealing.size:
        _steal(batch, stealing, ids[stealing])
    if laying.size:
        _lay(batch, laying, ids[laying])
    np.copyto(batch.roll, ids + 1, where=rolling)  # VX-TURN-2
    np.copyto(batch.phase, MOVE, where=rolling)


def _move(batch: Batch, rows: np.ndarray, ids: np.ndarray) -> None:
    """Move a pawn or guard by the roll (VX-TURN-2, VX-TURN-3); take the tile a pawn left
    alone (VX-TAKE-1, VX-TAKE-2) or run its action (VX-TAKE-3, VX-ACT-*); end the turn."""
    shape = _shape(batch.rules)
    tables = _tables()
    pawns, length = shape.pawns, shape.length
    player = batch.player[rows]
    pieces = batch.pieces[rows]
    finish = batch.length[rows] - 1
    guard = ids >= length
    origin = ids - length * guard
    target = np.minimum(origin + batch.roll[rows], finish)
    here = pieces == origin[:, None]
    column = np.arange(pieces.shape[1])
    first = player * pawns
    if shape.guards:
        first = np.where(guard, shape.players * pawns, first)
    block = (column >= first[:, None]) & (column < (first + np.where(guard, shape.guards,
                                                                     pawns))[:, None])
    # The last piece of the block on the origin moves; those beyond it that it passes
    # close up behind it, so the block stays ascending.
    last = pieces.shape[1] - 1 - (here & block)[:, ::-1].argmax(axis=1)
    passed = block & (column > last[:, None]) & (pieces < target[:, None])
    pieces[:, :-1] = np.where(passed[:, 1:], pieces[:, 1:], pieces[:, :-1])
    pieces[np.arange(rows.size), last + passed.sum(axis=1)] = target
    alone = (here.sum(axis=1) == 1) & ~guard
    tile = batch.tiles[rows, origin]
    take = alone & tables["takeable"][tile]
    remove = take | (alone & (tile == _START)) if shape.start_to_box else take
    hit = np.flatnonzero(remove)
    if hit.size:  # the gap closes (VX-TURN-3)
        at = origin[hit]
        pieces[hit] -= pieces[hit] > at[:, None]
        lifted = rows[hit]
        slots = np.arange(length)
        batch.tiles[lifted, :length] = np.take_along_axis(
            batch.tiles[lifted], slots + (slots >= at[:, None]), axis=1
        )
        batch.length[lifted] -= 1
    taken = np.flatnonzero(take)
    if taken.size:
        _push(batch, rows[taken], player[taken], tile[taken])
    batch.pieces[rows] = pieces
    ending = rows
    if shape.action_tiles:
        gift = np.flatnonzero(alone & (tile == _GIFT))
        if gift.size:  # VX-ACT-1
            batch.tiles[rows[gift], origin[gift]] = _STEAL
            _gift(batch, rows[gift], player[gift])
        steal = np.flatnonzero(alone & (tile == _STEAL))
        if steal.size:  # VX-ACT-2
            robbing = rows[steal]
            batch.tiles[robbing, origin[steal]] = _GIFT
            victims = (batch.heights[robbing] > 0) & (
                np.arange(shape.players) != player[steal, None]
            )
            waiting = victims.any(axis=1)
            batch.phase[robbing[waiting]] = STEALING
            batch.roll[robbing[waiting]] = 0
            ending = np.setdiff1d(rows, robbing[waiting], assume_unique=True)
    _end_turn(batch, ending)


def _push(batch: Batch, rows: np.ndarray, players: np.ndarray, tiles: np.ndarray) -> None:
    """Each tile goes on top of its player's tower (VX-TAKE-4)."""
    height = batch.heights[rows, players]
    batch.towers[rows, players, height] = tiles
    batch.heights[rows, players] = height + 1


def _hand_over(batch: Batch, rows: np.ndarray, source: np.ndarray, target: np.ndarray) -> None:
    """``source``'s top tile goes on top of ``target``'s tower (VX-ACT-1, VX-ACT-2)."""
    height = batch.heights[rows, source] - 1
    tiles = batch.towers[rows, source, height]
    batch.towers[rows, source, height] = EMPTY
    batch.heights[rows, source] = height
    _push(batch, rows, target, tiles)


def _gift(batch: Batch, rows: np.ndarray, giver: np.ndarray) -> None:
    """VX-ACT-1: a minus tile goes to the player whose top tile ranks highest, another to
    the lowest; ties to the tied player nearest clockwise; an empty tower gives nothing."""
    heights = batch.heights[rows]
    giving = heights[np.arange(rows.size), giver] > 0
    rows, giver, heights = rows[giving], giver[giving], heights[giving]
    if not rows.size:
        return
    tables = _tables()
    tops = np.take_along_axis(batch.towers[rows], (heights - 1)[:, :, None], axis=2)[:, :, 0]
    rank = tables["rank"][tops]  # an empty tower's "top" is EMPTY, ranked 0
    players = np.arange(batch.heights.shape[1])
    other = players != giver[:, None]
    bad = tables["minus"][tops[np.arange(rows.size), giver]] > 0
    highest = np.where(other, rank, np.iinfo(np.int64).min).max(axis=1)
    lowest = np.where(other, rank, np.iinfo(np.int64).max).min(axis=1)
    tied = other & (rank == np.where(bad, highest, lowest)[:, None])
    distance = (players - giver[:, None]) % len(players)
    receiver = np.where(tied, distance, len(players)).argmin(axis=1)
    _hand_over(batch, rows, giver, receiver)


def _steal(batch: Batch, rows: np.ndarray, ids: np.ndarray) -> None:
    """VX-ACT-2: the chosen victim's top tile goes on the thief's tower; the turn ends."""
    victims = ids - 2 * _shape(batch.rules).length
    _hand_over(batch, rows, victims, batch.player[rows])
    _end_turn(batch, rows)


def _end_turn(batch: Batch, rows: np.ndarray) -> None:
    """The die passes clockwise to the next player with a pawn on the way (VX-TURN-1), or
    the game is over (VX-END-1)."""
    shape = _shape(batch.rules)
    players, pawns = shape.players, shape.pawns
    own = batch.pieces[rows, : players * pawns].reshape(-1, players, pawns)
    on_way = (own != (batch.length[rows] - 1)[:, None, None]).any(axis=2)
    player = batch.player[rows]
    order = (player[:, None] + np.arange(1, players + 1)) % players
    waiting = np.take_along_axis(on_way, order, axis=1)
    nearest = waiting.argmax(axis=1)
    found = waiting[np.arange(rows.size), nearest]
    batch.player[rows] = np.where(found, order[np.arange(rows.size), nearest], player)
    batch.phase[rows] = np.where(found, ROLL, OVER)
    batch.roll[rows] = 0


def _lay(batch: Batch, rows: np.ndarray, ids: np.ndarray) -> None:
    """VX-SETUP-2: the tile goes next in the track; after the last one the action tiles
    and the finish complete it and player 0 rolls."""
    shape = _shape(batch.rules)
    at = batch.length[rows]
    batch.tiles[rows, at] = ids - DIE + _FIRST_PATH
    batch.length[rows] = at + 1
    done = rows[at == shape.tower]
    if done.size:
        _lay_track(batch, done, batch.tiles[done, 1 : shape.tower + 1], shape)
        batch.phase[done] = ROLL


# --- playouts and observations -----------------------------------------------------------


_ENGINE = lockstep.Engine(
    terminal=is_terminal, choices=_choices, sample=sample_chance, advance=_advance
)


def random_playouts(
    rules: vx.Rules | None = None, n: int = 1, seed: int | None = None
) -> Playouts:
    """``n`` new games played to the end: chance nodes drawn with their probabilities,
    decisions uniformly among the legal moves, everything (the shuffled tracks too) from
    one generator seeded with ``seed``."""
    rules = vx.Rules() if rules is None else rules
    rng = np.random.default_rng(seed)
    start = new_games(rules, n, rng)
    return lockstep.play_out(_ENGINE, start, rng)


def observation_array(batch: Batch, player: int | np.ndarray) -> np.ndarray:
    """``float32[n, array_length]``: row ``i`` is
    ``observation(to_states(batch)[i], player).to_array()``; ``player`` is one seat for
    every row or an array of one seat per row."""
    rules = batch.rules
    shape = _shape(rules)
    n, players, length = len(batch), shape.players, shape.length
    viewer = lockstep.seats(player, n, players)
    width = vx.array_length(rules)
    kinds_t = EMPTY + 1
    per_slot = kinds_t + players + 1
    owned = players * shape.pawns
    kinds = len(PATH_TILES)
    stride = 2 * kinds + 1
    row = np.arange(n)[:, None] * width
    towers = batch.towers
    heights = batch.heights
    tower_base = row + length * per_slot + np.arange(players) * stride
    filled = np.arange(shape.tower) < heights[:, :, None]
    tops = np.take_along_axis(towers, (heights - 1)[:, :, None], axis=2)[:, :, 0]
    rest = length * per_slot + players * stride
    rolled = batch.roll > 0
    entries = [
        row + np.arange(length) * per_slot + batch.tiles[:, :length],
        row + batch.pieces[:, :owned] * per_slot + kinds_t + np.arange(owned) // shape.pawns,
        row + batch.pieces[:, owned:] * per_slot + per_slot - 1,
        (tower_base[:, :, None] + towers - _FIRST_PATH)[filled],
        tower_base + kinds + tops - _FIRST_PATH,  # EMPTY lands on the "empty" entry
        row[rolled, 0] + rest + batch.roll[rolled] - 1,
        row[:, 0] + rest + DIE + batch.phase,
        row[:, 0] + rest + DIE + len(PHASES) + batch.player,
        row[:, 0] + rest + DIE + len(PHASES) + players + viewer,
    ]
    flat = np.concatenate([e.ravel() for e in entries])
    return np.bincount(flat, minlength=n * width).reshape(n, width).astype(np.float32)
