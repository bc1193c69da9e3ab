"""Verflixxt! on numpy: many games of one `Rules` stepped in lockstep, each row equal to
the scalar engine `amigo_rules.verflixxt` move by move.

Every preset and every option of `amigo_rules.verflixxt.Rules` in any combination is
played (2-8 players, every layout with its guards, Gift and Steal, the start tile to the box,
the lucky-tile tie-break, VXV-4, VXV-5, VXV-LUCKY-BELOW, VXV-HIDDEN-TOWERS, the shuffled
track laid by setup chance nodes) except the variants of `UNBATCHED`, which raise `RulesError`.

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

from collections.abc import Iterable, Mapping
from functools import cache

import attrs
import numpy as np

from .. import verflixxt as vx
from ..core import CHANCE, TERMINAL, RulesError, StateError
from ..core.checks import quote
from ..track import (
    FINISH,
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
from ..verflixxt import (
    PHASES,
    TILE_KINDS,
    box,
    laid_out,
    path_tiles,
    shuffled_setup,
    track_length,
)
from . import lockstep
from .lockstep import Playouts

__all__ = [
    "ENGINE",
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
    "sample_actions",
    "sample_chance",
    "score",
    "step",
    "to_states",
]

_EMPTY = len(TILE_KINDS)
"""The code of "no tile": beyond the end of the track, above the top of a tower."""
_START, _GIFT, _STEAL = (TILE_KINDS.index(t) for t in (START, GIFT, STEAL))
_FIRST_PATH = TILE_KINDS.index(PATH_TILES[0])
"""Path tiles have the codes ``_FIRST_PATH + PATH_TILES.index(tile)``."""
_ROLL, _MOVE, _STEALING, _OVER, _LAY = (PHASES.index(p) for p in (
    vx.Phase.ROLL, vx.Phase.MOVE, vx.Phase.STEAL, vx.Phase.OVER, vx.Phase.LAY))
_DIE = 6
"""Chance ids 0-5 are the die's faces; a lay of path tile ``k`` is ``_DIE + k``."""
_FIRST_HOME, _ONE_LEFT = "first_home", "one_pawn_left"
"""The early ends (VXV-4, VXV-5)."""
UNBATCHED = {
    "roll_one": "VXV-2 and VXV-7 add moves of their own to a roll of 1",
    "passed_tiles_to_end": "VXV-3 moves the passed tiles after every move",
    "negative_lucky": "VXV-8 lays its own track and counts lucky tiles by number",
    "tactical_cards": "VXV-9 replaces the die by hands of cards",
    "hidden_tiles": "VXV-10 lays face-down tiles",
}
"""The options the batch engine does not play, and why (each is a state or a decision of
its own that the arrays do not hold); `RulesError` names them."""


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
    """``int8[L + 1, n]``: the track by tile code (the index in
    `amigo_rules.verflixxt.observations.TILE_KINDS`; ``len(TILE_KINDS)`` is "no tile")
    beyond its end; ``L`` is the track length at setup."""
    length: np.ndarray
    """``int64[n]``: tiles in the track (the finish lies on ``length - 1`` once laid)."""
    pieces: np.ndarray
    """``int8[players·pawns + guards, n]``: each player's pawn positions, ascending, then
    the guards' positions, ascending."""
    crowd: np.ndarray
    """``int8[L + 1, n]`` (``int16`` with 7-8 players): per position the pawns on it plus
    a guard's weight (one more than all pawns) per guard (derived from ``pieces``, kept for
    speed)."""
    towers: np.ndarray
    """``int8[players, 32, n]``: each tower bottom to top by tile code, "no tile" above."""
    heights: np.ndarray
    """``int64[players, n]``: tiles in each tower."""
    player: np.ndarray
    """``int64[n]``: the active player."""
    phase: np.ndarray
    """``int64[n]``: the index of the state's `Phase` in ``tuple(Phase)``."""
    roll: np.ndarray
    """``int64[n]``: the die while the phase is MOVE, else 0."""
    penalty: np.ndarray
    """``int8[2, n]``: VXV-5's penalty, its owner (-1 for none) and its tile code."""

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
    shuffled: bool
    guard_weight: int
    """A guard's weight in `Batch.crowd`: more than all pawns together, so that
    ``crowd % guard_weight`` counts the pawns."""
    crowd: type[np.signedinteger]
    """The dtype of `Batch.crowd`: int8 while 8 guards and every pawn fit it."""
    laid_guards: bool
    """Whether the guards' places depend on the shuffled track (VXV-1 c: placed once it is
    laid)."""
    start_tiles: np.ndarray
    """The track after setup (fixed layouts), or with the path slots ``_EMPTY``."""
    start_pieces: np.ndarray
    start_crowd: np.ndarray
    owner: np.ndarray
    """``int8[pieces, 1]``: whose each row of `Batch.pieces` is: a player, or ``players``
    for the guards."""
    path_slots: np.ndarray
    """Where the k-th tile laid lies in the finished track (VX-SETUP-2)."""
    box: np.ndarray
    """Per path tile kind, how many the box holds."""


@cache
def _tables() -> Mapping[str, np.ndarray]:
    """Per tile code: plus value, minus value (positive), lucky, takeable, Gift rank."""
    kinds = (*TILE_KINDS, None)
    path = [t in PATH_TILES for t in TILE_KINDS] + [False]
    return lockstep.table(
        plus=np.array([value(t) if t in PATH_TILES and is_plus(t) else 0 for t in kinds]),
        minus=np.array([-value(t) if t in PATH_TILES and is_minus(t) else 0 for t in kinds]),
        lucky=np.array([t == LUCKY for t in kinds]),
        takeable=np.array(path),
        rank=np.array([gift_rank(t) if p else 0 for t, p in zip(kinds, path, strict=True)]),
    )


def _code(tile: str) -> int:
    return TILE_KINDS.index(tile)


def _supported(rules: vx.Rules) -> None:
    """`RulesError` naming the options of ``rules`` the batch engine does not play."""
    if not isinstance(rules, vx.Rules):
        raise RulesError(f"the Verflixxt! batch engine needs verflixxt.Rules, got {quote(rules)}")
    unplayed = [f"Rules.{name}={getattr(rules, name)!r} ({why})"
                for name, why in UNBATCHED.items() if getattr(rules, name)]
    if unplayed:
        raise RulesError("the batch engine does not play " + "; ".join(unplayed)
                         + "; use the scalar engine")


@cache
def _shape_of(rules: vx.Rules) -> _Shape:
    """The `_Shape` of ``rules``; `RulesError` for rules the engine does not play."""
    _supported(rules)
    start = laid_out(rules)
    length = track_length(rules)
    tiles = np.full(length + 1, _EMPTY, dtype=np.int8)
    slots = np.zeros(0, dtype=np.int64)
    counts = box(rules)
    if shuffled_setup(rules):
        marks = tuple(f"#{k}" for k in range(sum(counts.values())))
        track = (START, *path_tiles(rules, marks), FINISH)
        slots = np.array([track.index(m) for m in marks])
        tiles[: len(track)] = [_EMPTY if t in marks else _code(t) for t in track]
    else:
        tiles[:length] = [_code(t) for t in start.board.tiles]
    board = start.board
    pieces = np.array([x for ps in board.pawns for x in ps] + list(board.guards), np.int8)
    owned = rules.players * rules.pawns_per_player
    owner = np.repeat(np.arange(rules.players + 1),
                      [rules.pawns_per_player] * rules.players + [len(board.guards)])
    weight = owned + 1
    crowd = np.int8 if owned + len(board.guards) * weight <= np.iinfo(np.int8).max else np.int16
    return _Shape(
        players=rules.players,
        pawns=rules.pawns_per_player,
        guards=len(board.guards),
        length=length,
        actions=vx.num_actions(rules),
        outcomes=vx.num_chance_outcomes(rules),
        tower=sum(counts.values()),
        start_to_box=rules.start_tile_to_box,
        action_tiles=rules.action_tiles,
        shuffled=shuffled_setup(rules),
        guard_weight=weight,
        crowd=crowd,
        laid_guards=shuffled_setup(rules) and rules.guards and rules.guard_positions is None,
        start_tiles=lockstep.read_only(tiles),
        start_pieces=lockstep.read_only(pieces),
        start_crowd=lockstep.read_only(
            _crowd(pieces[:, None], owned, length, weight).astype(crowd)[:, 0]),
        owner=lockstep.read_only(owner.astype(np.int8)[:, None]),
        path_slots=lockstep.read_only(slots),
        box=lockstep.read_only(np.array([counts[t] for t in PATH_TILES])),
    )


_shape = lockstep.by_identity(_shape_of)


def _crowd(pieces: np.ndarray, owned: int, length: int, guard: int) -> np.ndarray:
    """`Batch.crowd` of ``pieces`` (its first ``owned`` rows pawns, the rest guards of
    weight ``guard``), as int64."""
    n = pieces.shape[1]
    weight = np.where(np.arange(len(pieces)) < owned, 1, guard)
    slots = pieces.astype(np.int64) * n + np.arange(n)
    counts = np.bincount(slots.ravel(), np.repeat(weight, n), (length + 1) * n)
    return counts.reshape(length + 1, n).astype(np.int64)


# --- states in and out -------------------------------------------------------------------


def _empty(shape: _Shape, rules: vx.Rules, n: int) -> Batch:
    players = shape.players
    return Batch(
        rules,
        tiles=np.full((shape.length + 1, n), _EMPTY, dtype=np.int8),
        length=np.zeros(n, dtype=np.int64),
        pieces=np.zeros((players * shape.pawns + shape.guards, n), dtype=np.int8),
        crowd=np.zeros((shape.length + 1, n), dtype=shape.crowd),
        towers=np.full((players, shape.tower, n), _EMPTY, dtype=np.int8),
        heights=np.zeros((players, n), dtype=np.int64),
        player=np.zeros(n, dtype=np.int64),
        phase=np.zeros(n, dtype=np.int64),
        roll=np.zeros(n, dtype=np.int64),
        penalty=np.full((2, n), -1, dtype=np.int8),
    )


def from_states(states: Iterable[vx.State]) -> Batch:
    """The batch whose game ``i`` is ``states[i]``: states of one `Rules`, each checked
    like `amigo_rules.verflixxt.from_json` checks a document (`StateError` if
    inconsistent)."""
    rules, distinct, rows = lockstep.distinct_states(states, vx)
    shape = _shape(rules)
    unique = _empty(shape, rules, len(distinct))
    for row, state in enumerate(distinct):
        if shape.laid_guards and state.phase is vx.Phase.LAY:
            raise StateError("from_states: a shuffled track with guards (VXV-1 c) is batched "
                             "once laid; this state is still laying it")
        _pack(unique, row, state, shape)
    return lockstep.frozen(lockstep.rows_of(unique, rows))


def _pack(batch: Batch, row: int, state: vx.State, shape: _Shape) -> None:
    board = state.board
    batch.tiles[: len(board.tiles), row] = [_code(t) for t in board.tiles]
    batch.length[row] = len(board.tiles)
    pieces = [x for ps in board.pawns for x in ps] + list(board.guards)
    batch.pieces[:, row] = pieces
    batch.crowd[:, row] = _crowd(batch.pieces[:, row, None], shape.players * shape.pawns,
                                 shape.length, shape.guard_weight)[:, 0]
    for p, tower in enumerate(state.towers):
        batch.towers[p, : len(tower), row] = [_code(t) for t in tower]
        batch.heights[p, row] = len(tower)
    batch.player[row] = state.player
    batch.phase[row] = PHASES.index(state.phase)
    batch.roll[row] = state.roll
    if state.penalty is not None:
        batch.penalty[:, row] = state.penalty[0], _code(state.penalty[1])


def to_states(batch: Batch) -> tuple[vx.State, ...]:
    """The scalar states of the batch's games: ``to_states(from_states(s)) == tuple(s)``."""
    rules = batch.rules
    shape = _shape(rules)
    names = TILE_KINDS
    players, pawns = shape.players, shape.pawns
    owned = players * pawns
    games = zip(
        batch.tiles.T.tolist(), batch.length.tolist(), batch.pieces.T.tolist(),
        batch.towers.transpose(2, 0, 1).tolist(), batch.heights.T.tolist(),
        batch.player.tolist(), batch.phase.tolist(), batch.roll.tolist(),
        batch.penalty.T.tolist(), strict=True,
    )
    states = []
    for tiles, length, pieces, towers, heights, player, phase, roll, penalty in games:
        board = Board(
            tuple(names[c] for c in tiles[:length]),
            tuple(tuple(pieces[p * pawns : (p + 1) * pawns]) for p in range(players)),
            tuple(pieces[owned:]),
        )
        stacks = tuple(
            tuple(names[c] for c in tower[:height])
            for tower, height in zip(towers, heights, strict=True)
        )
        owner, tile = penalty
        states.append(vx.State(rules, board, stacks, player, PHASES[phase], roll,
                               None if owner < 0 else (owner, names[tile])))
    return tuple(states)


def new_games(
    rules: vx.Rules | None, n: int, seed: int | np.random.Generator | None = None
) -> Batch:
    """``n`` new games, set up as by `amigo_rules.verflixxt.new_game`: a shuffled track is
    drawn for each game from ``seed`` (uniformly; not the tracks of ``new_game(rules,
    seed=…)``)."""
    rules = vx.Rules() if rules is None else rules
    shape = _shape(rules)
    n = lockstep.size(n)
    batch = _empty(shape, rules, n)
    batch.pieces[:] = shape.start_pieces[:, None]
    batch.crowd[:] = shape.start_crowd[:, None]
    if shape.shuffled:
        tiles = np.repeat(np.arange(len(PATH_TILES)) + _FIRST_PATH, shape.box)
        order = np.random.default_rng(seed).permuted(np.tile(tiles, (n, 1)), axis=1)
        _lay_track(batch, np.arange(n), order.T, shape)
    else:
        batch.tiles[:] = shape.start_tiles[:, None]
        batch.length[:] = shape.length
    batch.phase[:] = _ROLL
    return lockstep.frozen(batch)


def _lay_track(batch: Batch, rows: np.ndarray, laid: np.ndarray, shape: _Shape) -> None:
    """The shuffled track of ``rows`` from their ``laid`` tiles in order (VX-SETUP-2)."""
    tiles = np.repeat(shape.start_tiles[:, None], len(rows), axis=1)
    tiles[shape.path_slots] = laid
    batch.tiles[:, rows] = tiles
    batch.length[rows] = shape.length
    if shape.laid_guards:  # VXV-1 c: on the lucky tiles, +7 and +8 (VX-SETUP-1's rule)
        watched = np.isin(tiles, [_code(t) for t in (LUCKY, "+7", "+8")])
        owned = shape.players * shape.pawns
        batch.pieces[owned:, rows] = np.argsort(~watched, axis=0, kind="stable")[
            : shape.guards]
        batch.crowd[:, rows] = _crowd(batch.pieces[:, rows], owned, shape.length,
                                      shape.guard_weight)


# --- what the games show -----------------------------------------------------------------


def current_player(batch: Batch) -> np.ndarray:
    """``int64[n]``: per game the player to act, `CHANCE` or `TERMINAL`."""
    phase = batch.phase
    out = np.where((phase == _ROLL) | (phase == _LAY), CHANCE, batch.player)
    out[phase == _OVER] = TERMINAL
    return out


def is_terminal(batch: Batch) -> np.ndarray:
    """``bool[n]``: the games that are over (VX-END-1)."""
    over: np.ndarray = batch.phase == _OVER
    return over


def _lucky(batch: Batch) -> np.ndarray:
    """``int64[n, players]``: the lucky tiles in each tower."""
    lucky: np.ndarray = _tables()["lucky"][batch.towers].sum(axis=1).T
    return lucky


def score(batch: Batch) -> np.ndarray:
    """``int64[n, players]``: each player's score as if the game ended now (VX-SCORE-1): the
    lucky tiles turn the largest minus tiles (VXV-LUCKY-BELOW: each the tile below it)."""
    tables = _tables()
    towers = batch.towers.transpose(2, 0, 1)
    signed = tables["plus"][towers] - tables["minus"][towers]
    if batch.rules.lucky_below:  # VXV-LUCKY-BELOW: a lucky tile flips the one below it
        flipped = np.zeros(towers.shape, dtype=bool)
        flipped[..., :-1] = tables["lucky"][towers[..., 1:]]
        below: np.ndarray = np.where(flipped, -signed, signed).sum(axis=2)
        return below
    scores: np.ndarray = lockstep.lucky_converts(
        tables["plus"][towers], tables["minus"][towers], tables["lucky"][towers])
    owner, tile = batch.penalty.astype(np.int64)
    fined = np.flatnonzero(owner >= 0)  # VXV-5: at face value, beyond any lucky tile
    scores[fined, owner[fined]] -= tables["minus"][tile[fined]]
    return scores


def returns(batch: Batch) -> np.ndarray:
    """``float64[n, players]``: at a finished game each winner's share (1/k for k winners,
    VX-SCORE-2, with the lucky-tile tie-break where the rules have it); zeros before."""
    scores = score(batch)
    won = scores == scores.max(axis=1, keepdims=True)
    if batch.rules.tie_break_fewer_lucky:
        lucky = np.where(won, _lucky(batch), np.iinfo(np.int64).max)
        won &= lucky == lucky.min(axis=1, keepdims=True)
    won &= is_terminal(batch)[:, None]
    winners = won.sum(axis=1, keepdims=True)
    return np.where(won, 1.0 / np.maximum(winners, 1), 0.0)


def _where(mask: np.ndarray) -> np.ndarray:
    """The indices where the 1-d ``mask`` holds."""
    return mask.nonzero()[0]


def _choices(batch: Batch) -> lockstep.Choices:
    """The legal decision ids of the decision games: own pawns and movable guards by
    position (VX-TURN-2, VX-TURN-4), steals by victim (VX-ACT-2)."""
    shape = _shape(batch.rules)
    out = []
    moving = batch.phase == _MOVE
    if moving.any():
        pawns, guards = shape.pawns, shape.guards
        pieces = batch.pieces
        each = np.arange(batch.phase.size)
        finish = (batch.length - 1).astype(np.int8)
        ids = np.empty((pawns + guards, batch.phase.size), dtype=np.int8)
        legal = np.empty(ids.shape, dtype=bool)
        own = ids[:pawns] = pieces.reshape(-1)[
            (batch.player * pawns + np.arange(pawns)[:, None]) * batch.phase.size + each
        ]
        legal[:pawns] = (own != finish) & moving
        legal[1:pawns] &= own[1:] != own[:-1]
        if guards:
            on = pieces[shape.players * pawns :]
            ids[pawns:] = on + shape.length
            at = on.astype(np.intp) * batch.phase.size + each
            watched = batch.crowd.reshape(-1)[at] % shape.guard_weight != 0
            legal[pawns:] = watched & (on != finish) & moving
            legal[pawns + 1 :] &= on[1:] != on[:-1]
        out.append((moving, ids, legal))
    stealing = batch.phase == _STEALING
    if stealing.any():
        victims = np.arange(shape.players)[:, None]
        legal = (batch.heights > 0) & (victims != batch.player) & stealing
        out.append((stealing, np.broadcast_to(2 * shape.length + victims, legal.shape), legal))
    return out


def legal_action_mask(batch: Batch) -> np.ndarray:
    """``bool[n, num_actions]``: per game the legal decision ids (`action_id`'s); all False
    at chance and terminal games."""
    return lockstep.mask(_choices(batch), batch.phase.size, _shape(batch.rules).actions)


def _left(batch: Batch, rows: np.ndarray) -> np.ndarray:
    """``int64[rows, kinds]``: the path tiles of each kind still in the box while laying."""
    laid = batch.tiles[1:, rows, None] == np.arange(len(PATH_TILES)) + _FIRST_PATH
    left: np.ndarray = _shape(batch.rules).box - laid.sum(axis=0)
    return left


def chance_probabilities(batch: Batch) -> np.ndarray:
    """``float64[n, num_chance_outcomes]``: per chance game each outcome's probability (the
    die's faces 1/6, VX-TURN-2; each tile kind by its share of the box, VX-SETUP-2); games
    at decision and terminal nodes all zero."""
    shape = _shape(batch.rules)
    out = np.zeros((batch.phase.size, shape.outcomes))
    out[batch.phase == _ROLL, :_DIE] = 1 / _DIE
    rows = _where(batch.phase == _LAY)
    if rows.size:
        left = _left(batch, rows)
        out[rows, _DIE:] = left / left.sum(axis=1, keepdims=True)
    return out


def sample_chance(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per chance game an outcome id drawn with its exact probability; -1 at
    decision and terminal games."""
    ids = np.full(batch.phase.size, -1, dtype=np.int64)
    rolling = batch.phase == _ROLL
    ids[rolling] = rng.integers(0, _DIE, size=int(rolling.sum()))
    rows = _where(batch.phase == _LAY)
    if rows.size:
        ids[rows] = _DIE + lockstep.weighted(_left(batch, rows), rng)
    return ids


# --- moves -------------------------------------------------------------------------------


def step(batch: Batch, action_ids: np.ndarray) -> Batch:
    """The batch after one move per game: a decision id (`amigo_rules.verflixxt.action_id`)
    at a decision node, a chance outcome id at a chance node (``roll V`` is ``V - 1``,
    ``lay T`` is 6 plus the index of ``T`` in `PATH_TILES`). Finished games stay as they are
    (their id is ignored).

    Raises `IllegalMoveError` naming the first game whose id is not legal there; ``batch``
    is never changed.
    """
    ids = lockstep.action_ids(batch, action_ids)
    _check(batch, ids)
    out = lockstep.copied(batch)
    _advance(out, np.where(is_terminal(batch), -1, ids))
    return lockstep.frozen(out)


def _check(batch: Batch, ids: np.ndarray) -> None:
    lockstep.check_choices(_choices(batch), ids)
    rows = _where(batch.phase == _ROLL)
    lockstep.check_chance(rows, ids, np.ones((rows.size, _DIE), dtype=bool))
    rows = _where(batch.phase == _LAY)
    if rows.size:
        possible = np.concatenate(
            [np.zeros((rows.size, _DIE), dtype=bool), _left(batch, rows) > 0], axis=1
        )
        lockstep.check_chance(rows, ids, possible)


def _advance(batch: Batch, ids: np.ndarray) -> None:
    """Apply one legal id per game in place; games given -1 stay as they are."""
    phase = np.where(ids >= 0, batch.phase, _OVER)
    rolling = phase == _ROLL
    moving = phase == _MOVE
    stealing = _where(phase == _STEALING)
    laying = _where(phase == _LAY)
    ending = _move(batch, moving, ids) if moving.any() else moving
    if stealing.size:  # VX-ACT-2: the victim's top tile goes on the thief's tower
        victims = ids[stealing] - 2 * _shape(batch.rules).length
        _hand_over(batch, stealing, victims, batch.player[stealing])
        ending[stealing] = True
    if ending.any():
        _end_turn(batch, ending)
    if laying.size:
        _lay(batch, laying, ids[laying])
    np.copyto(batch.roll, ids + 1, where=rolling)  # VX-TURN-2
    np.copyto(batch.phase, _MOVE, where=rolling)


def _move(batch: Batch, moving: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """In the ``moving`` games, move a pawn or guard by the roll (VX-TURN-2, VX-TURN-3);
    take the tile a pawn left alone (VX-TAKE-1, VX-TAKE-2) or run its action (VX-TAKE-3,
    VX-ACT-*). Returns the games whose turn ends (all but those now stealing).

    Every game takes part, so that no array is split: the others move player 0's first
    pawn onto its own tile, which changes nothing. The 2-d work is int8 and bool, with
    blends instead of ``np.where``: numpy runs those fastest."""
    shape = _shape(batch.rules)
    tables = _tables()
    length = shape.length
    each = np.arange(batch.phase.size)
    player = batch.player
    pieces, crowd = batch.pieces, batch.crowd
    finish = (batch.length - 1).astype(np.int8)
    guard = moving & (ids >= length)
    origin = np.where(moving, ids - length * guard, pieces[0]).astype(np.int8)
    kind = np.where(guard, shape.players, player * moving).astype(np.int8)
    target = np.where(moving, np.minimum(origin + batch.roll, finish), origin).astype(np.int8)
    # Entries of one game are reached through flat indices (``row·n + game`` into the
    # raveled arrays), which numpy serves several times faster than index pairs.
    n = batch.phase.size
    at_origin = origin.astype(np.intp) * n + each
    at_target = target.astype(np.intp) * n + each
    flat_crowd = crowd.reshape(-1)
    alone = (flat_crowd[at_origin] == 1) & moving  # one pawn and nothing else (VX-TAKE-1)
    weight = (moving * (1 + (shape.guard_weight - 1) * guard)).astype(shape.crowd)
    flat_crowd[at_origin] -= weight
    flat_crowd[at_target] += weight
    # The first piece of its block on the origin moves; the pieces it passes close up
    # behind it, so the block stays ascending.
    block = shape.owner == kind
    first = lockstep.first((pieces == origin) & block)
    rank = np.arange(len(pieces), dtype=np.int8)[:, None]
    passed = block & (rank > first) & (pieces < target)
    _blend(pieces[:-1], pieces[1:], passed[1:])
    slot = first.astype(np.intp) + lockstep.count(passed)
    pieces.reshape(-1)[slot * n + each] = target
    tile = batch.tiles.reshape(-1)[at_origin]
    take = alone & tables["takeable"][tile]
    remove = take | (alone & (tile == _START)) if shape.start_to_box else take
    if remove.any():  # the gap closes (VX-TURN-3)
        tiles = batch.tiles
        gap = remove & (np.arange(length, dtype=np.int8)[:, None] >= origin)
        _blend(tiles[:length], tiles[1:], gap)
        _blend(crowd[:length], crowd[1:], gap)
        pieces -= ((pieces > origin) & remove).view(np.int8)
        np.subtract(batch.length, remove, out=batch.length)
    taken = _where(take)
    if taken.size:
        _push(batch, taken, player[taken], tile[taken])
    ending = moving.copy()
    if shape.action_tiles:
        gift = _where(alone & (tile == _GIFT))
        if gift.size:  # VX-ACT-1
            batch.tiles[origin[gift], gift] = _STEAL
            _gift(batch, gift, player[gift])
        steal = _where(alone & (tile == _STEAL))
        if steal.size:  # VX-ACT-2
            batch.tiles[origin[steal], steal] = _GIFT
            victims = (batch.heights[:, steal] > 0) & (
                np.arange(shape.players)[:, None] != player[steal]
            )
            waiting = steal[victims.any(axis=0)]
            batch.phase[waiting] = _STEALING
            batch.roll[waiting] = 0
            ending[waiting] = False
    return ending


def _blend(out: np.ndarray, source: np.ndarray, where: np.ndarray) -> None:
    """``out`` takes ``source``'s values where ``where`` holds, in place (int8 arrays;
    the source is read before anything is written, so the two may overlap)."""
    out += (source - out) * where.view(np.int8)


def _push(batch: Batch, rows: np.ndarray, players: np.ndarray, tiles: np.ndarray) -> None:
    """Each tile goes on top of its player's tower (VX-TAKE-4)."""
    n = batch.player.size
    at = players * n + rows
    height = batch.heights.reshape(-1)[at]
    batch.towers.reshape(-1)[(players * batch.towers.shape[1] + height) * n + rows] = tiles
    batch.heights.reshape(-1)[at] = height + 1


def _hand_over(batch: Batch, rows: np.ndarray, source: np.ndarray, target: np.ndarray) -> None:
    """``source``'s top tile goes on top of ``target``'s tower (VX-ACT-1, VX-ACT-2)."""
    n = batch.player.size
    at = source * n + rows
    height = batch.heights.reshape(-1)[at] - 1
    top = (source * batch.towers.shape[1] + height) * n + rows
    tiles = batch.towers.reshape(-1)[top]
    batch.towers.reshape(-1)[top] = _EMPTY
    batch.heights.reshape(-1)[at] = height
    _push(batch, rows, target, tiles)


def _gift(batch: Batch, rows: np.ndarray, giver: np.ndarray) -> None:
    """VX-ACT-1: a minus tile goes to the player whose top tile ranks highest, another to
    the lowest; ties to the tied player nearest clockwise; an empty tower gives nothing."""
    giving = batch.heights[giver, rows] > 0
    rows, giver = rows[giving], giver[giving]
    if not rows.size:
        return
    tables = _tables()
    players = np.arange(len(batch.heights))[:, None]
    tops = batch.towers[players, batch.heights[:, rows] - 1, rows]  # _EMPTY when empty
    rank = tables["rank"][tops]  # _EMPTY ranks 0, like an empty tower
    # A minus tile seeks the highest rank, another the lowest: the highest of -rank.
    if_bad = np.where(tables["minus"][tops[giver, np.arange(rows.size)]] > 0, 1, -1)
    key = np.where(players != giver, rank * if_bad, np.iinfo(np.int64).min)
    tied = key == key.max(axis=0)
    distance = (players - giver) % len(players)
    receiver = np.where(tied, distance, len(players)).argmin(axis=0)
    _hand_over(batch, rows, giver, receiver)


def _end_turn(batch: Batch, ending: np.ndarray) -> None:
    """In the ``ending`` games the die passes clockwise to the next player with a pawn on
    the way (VX-TURN-1), or the game is over (VX-END-1)."""
    shape = _shape(batch.rules)
    players, pawns = shape.players, shape.pawns
    player = batch.player
    finish = (batch.length - 1).astype(np.int8)
    # A player's first pawn is their rearmost: on the finish only when all are.
    on_way = batch.pieces[: players * pawns : pawns] != finish
    # Player q sits (q - player - 1) % players seats after the next one; the nearest with a
    # pawn on the way plays next (the player themself comes last).
    after = (np.arange(players, dtype=np.int8)[:, None] - (player + 1).astype(np.int8))
    best = (on_way.view(np.int8) * (players - after % players)).max(axis=0)
    found = best > 0
    early = batch.rules.early_end
    if early == _FIRST_HOME:  # VXV-4: over once a player is home
        found &= on_way.all(axis=0)
    elif early == _ONE_LEFT:  # VXV-5: over once one pawn is left on the way
        away = (batch.pieces[: players * pawns] != finish).sum(axis=0)
        found &= away > 1
    batch.phase[:] = np.where(ending, np.where(found, _ROLL, _OVER), batch.phase)
    batch.player[:] = np.where(ending & found, (player + 1 + players - best) % players, player)
    batch.roll[:] = np.where(ending, 0, batch.roll)
    over = np.flatnonzero(ending & ~found)
    if early == _FIRST_HOME and over.size:
        _sweep(batch, over)
    elif early == _ONE_LEFT and over.size:
        _penalty(batch, over)


def _sweep(batch: Batch, rows: np.ndarray) -> None:
    """VXV-4: a player has every pawn home, so every pawn alone on a path tile makes its
    owner take that tile, in track order (ruling); the tiles taken leave the track."""
    shape = _shape(batch.rules)
    owned = shape.players * shape.pawns
    tiles = batch.tiles[:, rows].astype(np.int64)
    pawns = batch.pieces[:owned, rows].astype(np.int64)
    position = np.arange(len(tiles))[:, None]
    lone = (batch.crowd[:, rows] == 1) & _tables()["takeable"][tiles] & (
        position < batch.length[rows] - 1)
    owner = np.argmax(pawns[:, None] == position, axis=0) // shape.pawns  # the lone pawn's
    for x in np.flatnonzero(lone.any(axis=1)):  # start to finish: the last taken on top
        taking = lone[x]
        _push(batch, rows[taking], owner[x, taking], tiles[x, taking])
    _take_out(batch, rows, lone)


def _penalty(batch: Batch, rows: np.ndarray) -> None:
    """VXV-5: the owner of the one pawn left on the way takes as a penalty the most negative
    minus tile of the track without a guard and without that pawn (the first from the start
    on a tie), which leaves the track; none without such a tile (nor with no pawn left)."""
    shape = _shape(batch.rules)
    owned = shape.players * shape.pawns
    tiles = batch.tiles[:, rows].astype(np.int64)
    pawns = batch.pieces[:owned, rows].astype(np.int64)
    away = pawns != batch.length[rows] - 1
    last = np.where(away.any(axis=0), pawns[np.argmax(away, axis=0), np.arange(rows.size)], -1)
    position = np.arange(len(tiles))[:, None]
    guarded = (batch.pieces[owned:, rows, None].transpose(0, 2, 1) == position).any(axis=0)
    minus = _tables()["minus"][tiles]
    key = np.where((minus > 0) & (position != last) & ~guarded & (last >= 0),
                   minus * len(tiles) - position, -1)  # the largest minus, then the first
    fined = key.max(axis=0) >= 0
    at = np.argmax(key, axis=0)
    rows, at = rows[fined], at[fined]
    batch.penalty[0, rows] = (np.argmax(away, axis=0) // shape.pawns)[fined]
    batch.penalty[1, rows] = tiles[at, np.flatnonzero(fined)]
    _take_out(batch, rows, position == at)


def _take_out(batch: Batch, rows: np.ndarray, gone: np.ndarray) -> None:
    """The tiles ``gone`` (``bool[L + 1, rows]``) leave the track of the games ``rows``; the
    others close up in order, and every piece moves back by the tiles gone before it."""
    shape = _shape(batch.rules)
    tiles = batch.tiles[:, rows]
    position = np.arange(len(tiles))[:, None]
    kept = np.argsort(gone, axis=0, kind="stable")
    left = batch.length[rows] - gone.sum(axis=0)
    batch.tiles[:, rows] = np.where(position < left, np.take_along_axis(tiles, kept, axis=0),
                                    _EMPTY)
    pieces = batch.pieces[:, rows].astype(np.int64)
    before = np.cumsum(gone, axis=0) - gone  # tiles gone before each position
    batch.pieces[:, rows] = pieces - np.take_along_axis(before, pieces, axis=0)
    batch.length[rows] = left
    batch.crowd[:, rows] = _crowd(batch.pieces[:, rows], shape.players * shape.pawns,
                                  shape.length, shape.guard_weight)


def _lay(batch: Batch, rows: np.ndarray, ids: np.ndarray) -> None:
    """VX-SETUP-2: the tile goes next in the track; after the last one the action tiles
    and the finish complete it and player 0 rolls."""
    shape = _shape(batch.rules)
    at = batch.length[rows]
    batch.tiles[at, rows] = ids - _DIE + _FIRST_PATH
    batch.length[rows] = at + 1
    done = rows[at == shape.tower]
    if done.size:
        _lay_track(batch, done, batch.tiles[1 : shape.tower + 1, done], shape)
        batch.phase[done] = _ROLL


# --- playouts and observations -----------------------------------------------------------


def sample_actions(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision node a legal decision id drawn uniformly among
    the legal moves (a random player); -1 at chance and terminal nodes."""
    return lockstep.random_decisions(_choices(batch), batch.phase.size, rng)


ENGINE = lockstep.Engine(
    terminal=is_terminal, sample=sample_chance, decide=sample_actions, advance=_advance
)
"""The game's `lockstep.Engine`: the shared loop's functions over a whole batch. Its
``advance(batch, ids)`` applies ids in place without checking them, for callers that
take ids from the legal mask (`step` checks, and copies)."""


def random_playouts(
    rules: vx.Rules | None, n: int, seed: int | None = None
) -> Playouts:
    """``n`` new games played to the end: chance nodes drawn with their probabilities,
    decisions uniformly among the legal moves, everything (the shuffled tracks too) from
    one generator seeded with ``seed``."""
    rng = np.random.default_rng(seed)
    return lockstep.play_out(ENGINE, new_games(rules, n, rng), rng)


def observation_array(batch: Batch, player: int | np.ndarray) -> np.ndarray:
    """``float32[n, array_length]``: row ``i`` is
    ``observation(to_states(batch)[i], player).to_array()``; ``player`` is one seat for
    every row or an array of one seat per row."""
    rules = batch.rules
    shape = _shape(rules)
    n, players, length = batch.phase.size, shape.players, shape.length
    viewer = lockstep.seats(player, n, players)
    width = vx.array_length(rules)
    kinds_t = _EMPTY + 1
    per_slot = kinds_t + players + 1
    owned = players * shape.pawns
    kinds = len(PATH_TILES)
    hidden = rules.towers != "open"
    stride = 2 * kinds + 1 + hidden
    row = np.arange(n)[:, None] * width
    towers = batch.towers.transpose(2, 0, 1)
    heights = batch.heights.T
    tower_base = row + length * per_slot + np.arange(players) * stride
    filled = np.arange(shape.tower) < heights[:, :, None]
    tops = np.take_along_axis(towers, (heights - 1)[:, :, None], axis=2)[:, :, 0]
    top_seen = np.ones(heights.shape, dtype=bool)
    if hidden:  # VXV-HIDDEN-TOWERS: the others' towers by size (and with "top" their top)
        others = np.arange(players) != viewer[:, None]
        top_seen = ~others | (rules.towers == "top") | (heights == 0)
        seen = filled & ~others[:, :, None]
        seen |= filled & (top_seen & others)[:, :, None] & (
            np.arange(shape.tower) == heights[:, :, None] - 1)
        unseen = filled.sum(axis=2) - seen.sum(axis=2)
        filled = seen
    rest = length * per_slot + players * stride
    pieces = batch.pieces.T.astype(np.int64)
    rolled = batch.roll > 0
    entries = [
        row + np.arange(length) * per_slot + batch.tiles[:length].T,
        row + pieces[:, :owned] * per_slot + kinds_t + np.arange(owned) // shape.pawns,
        row + pieces[:, owned:] * per_slot + per_slot - 1,
        (tower_base[:, :, None] + towers - _FIRST_PATH)[filled],
        (tower_base + kinds + tops - _FIRST_PATH)[top_seen],  # _EMPTY: the "empty" entry
        row[rolled, 0] + rest + batch.roll[rolled] - 1,
        row[:, 0] + rest + _DIE + batch.phase,
        row[:, 0] + rest + _DIE + len(PHASES) + batch.player,
        row[:, 0] + rest + _DIE + len(PHASES) + players + viewer,
    ]
    flat = np.concatenate([e.ravel() for e in entries])
    out = np.bincount(flat, minlength=n * width).reshape(n, width).astype(np.float32)
    if hidden:
        out.reshape(-1)[tower_base + 2 * kinds + 1] = unseen
    return out
