"""Verflixxt! on numpy: many games of one `Rules` stepped in lockstep, each row equal to
the scalar engine `amigo_rules.verflixxt` move by move.

Every `amigo_rules.verflixxt.Rules` is played: every preset and every option in any
combination, 2-8 players (every layout with its guards, Gift and Steal, the start tile to
the box, the lucky-tile tie-break, the roll of 1 of VXV-2 and VXV-7, the passed tiles of
VXV-3, the early ends of VXV-4, VXV-5 and VXV-8b, VXV-8's lucky tiles, the tactical cards of
VXV-9, the face-down tiles of VXV-10, VXV-LUCKY-BELOW, VXV-HIDDEN-TOWERS, the shuffled
track laid by setup chance nodes).

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

import numpy as np

from .. import verflixxt as vx
from ..core import CHANCE, TERMINAL
from ..core.deprecation import renamed
from ..track import PATH_TILES, Board
from ..verflixxt import CARDS, PHASES
from . import lockstep
from .lockstep import Playouts
from .verflixxt_arrays import (
    CARD_BITS,
    DIE,
    FIRST_PATH,
    FULL_HAND,
    LAY,
    MOVE,
    NAMES,
    OVER,
    ROLL,
    Batch,
    code,
    crowd_of,
    empty,
    shape,
    tables,
    tower_scores,
)
from .verflixxt_arrays import UNBATCHED as UNBATCHED  # empty: every Rules is played
from .verflixxt_moves import choices
from .verflixxt_turn import apply_ids, lay_track

__all__ = [
    "LOCKSTEP",
    "Batch",
    "Playouts",
    "advance",
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


# --- states in and out -------------------------------------------------------------------


def from_states(states: Iterable[vx.State], *, check: bool = True) -> Batch:
    """The batch whose game ``i`` is ``states[i]``: states of one `Rules`, each checked
    like `amigo_rules.verflixxt.from_json` checks a document (`StateError` if
    inconsistent); ``check=False`` skips that check, for states the scalar engine made
    (about ten times faster)."""
    rules, distinct, rows = lockstep.distinct_states(states, vx, check)
    unique = empty(rules, len(distinct))
    for row, state in enumerate(distinct):
        _pack(unique, row, state)
    s = shape(rules)
    unique.crowd[:] = crowd_of(unique.pieces, s.players * s.pawns, s.length, s.guard_weight)
    # every state distinct (the scalar tail's): the packed batch is the batch itself
    return lockstep.frozen(unique if len(distinct) == rows.size else
                           lockstep.rows_of(unique, rows))


def _pack(batch: Batch, row: int, state: vx.State) -> None:
    board = state.board
    batch.tiles[: len(board.tiles), row] = [code(t) for t in board.tiles]
    batch.length[row] = len(board.tiles)
    pieces = [x for ps in board.pawns for x in ps] + list(board.guards)
    batch.pieces[: len(pieces), row] = pieces  # guards on 0 until a laid track places them
    for p, tower in enumerate(state.towers):
        batch.towers[p, : len(tower), row] = [code(t) for t in tower]
        batch.heights[p, row] = len(tower)
    batch.player[row] = state.player
    batch.phase[row] = PHASES.index(state.phase)
    batch.roll[row] = state.roll
    if state.penalty is not None:
        batch.penalty[:, row] = state.penalty[0], code(state.penalty[1])
    for p, hand in enumerate(state.hands):
        batch.hands[p, row] = sum(1 << CARDS.index(v) for v in hand)
    batch.played[: len(state.played), row] = state.played


def to_states(batch: Batch) -> tuple[vx.State, ...]:
    """The scalar states of the batch's games: ``to_states(from_states(s)) == tuple(s)``."""
    rules = batch.rules
    s = shape(rules)
    players, pawns = s.players, s.pawns
    owned = players * pawns
    games = zip(
        batch.tiles.T.tolist(), batch.length.tolist(), batch.pieces.T.tolist(),
        batch.towers.transpose(2, 0, 1).tolist(), batch.heights.T.tolist(),
        batch.player.tolist(), batch.phase.tolist(), batch.roll.tolist(),
        batch.penalty.T.tolist(), batch.hands.T.tolist(),
        batch.played.T.tolist(), strict=True,
    )
    states = []
    for (tiles, length, pieces, towers, heights, player, phase, roll, penalty, hands,
         played) in games:
        laying = phase == LAY and s.laid_guards  # the guards come with the laid track
        board = Board(
            tuple(NAMES[c] for c in tiles[:length]),
            tuple(tuple(pieces[p * pawns : (p + 1) * pawns]) for p in range(players)),
            () if laying else tuple(pieces[owned:]),
        )
        stacks = tuple(
            tuple(NAMES[c] for c in tower[:height])
            for tower, height in zip(towers, heights, strict=True)
        )
        owner, tile = penalty
        states.append(vx.State(
            rules, board, stacks, player, PHASES[phase], roll,
            None if owner < 0 else (owner, NAMES[tile]),
            tuple(tuple(v for c, v in enumerate(CARDS) if hand >> c & 1) for hand in hands),
            tuple(v for v in played if v),
        ))
    return tuple(states)


def new_games(
    rules: vx.Rules | None, n: int, seed: int | np.random.Generator | None = None
) -> Batch:
    """``n`` new games, set up as by `amigo_rules.verflixxt.new_game`: a shuffled track is
    drawn for each game from ``seed`` (uniformly; not the tracks of ``new_game(rules,
    seed=…)``)."""
    rules = vx.Rules() if rules is None else rules
    s = shape(rules)
    n = lockstep.size(n)
    batch = empty(rules, n)
    batch.pieces[:] = s.start_pieces[:, None]
    batch.crowd[:] = s.start_crowd[:, None]
    if s.shuffled:
        tiles = np.repeat(np.arange(len(PATH_TILES)) + FIRST_PATH, s.box)
        order = np.random.default_rng(seed).permuted(np.tile(tiles, (n, 1)), axis=1)
        lay_track(batch, np.arange(n), order.T, s)
    else:
        batch.tiles[:] = s.start_tiles[:, None]
        batch.length[:] = s.length
    batch.phase[:] = MOVE if s.cards else ROLL
    batch.hands[:] = FULL_HAND
    return lockstep.frozen(batch)


# --- what the games show -----------------------------------------------------------------


def current_player(batch: Batch) -> np.ndarray:
    """``int64[n]``: per game the player to act, `CHANCE` or `TERMINAL`."""
    phase = batch.phase
    out = np.where((phase == ROLL) | (phase == LAY), CHANCE, batch.player)
    out[phase == OVER] = TERMINAL
    return out


def is_terminal(batch: Batch) -> np.ndarray:
    """``bool[n]``: the games that are over (VX-END-1, or early: VXV-4, VXV-5, VXV-8b)."""
    over: np.ndarray = batch.phase == OVER
    return over


def score(batch: Batch) -> np.ndarray:
    """``int64[n, players]``: each player's score as if the game ended now (VX-SCORE-1,
    VXV-LUCKY-BELOW or VXV-8), with VXV-5's penalty tile at face value."""
    tall = int(batch.heights.max(initial=0))  # the slots above are all EMPTY
    scores = tower_scores(batch.towers[:, :tall], batch.rules, axis=1).T
    owner, tile = batch.penalty.astype(np.int64)
    fined = np.flatnonzero(owner >= 0)  # VXV-5: at face value, beyond any lucky tile
    scores[fined, owner[fined]] -= tables()["minus"][tile[fined]]
    return scores


def returns(batch: Batch) -> np.ndarray:
    """``float64[n, players]``: at a finished game each winner's share (1/k for k winners,
    VX-SCORE-2, with the lucky-tile tie-break where the rules have it); zeros before."""
    scores = score(batch)
    won = scores == scores.max(axis=1, keepdims=True)
    if batch.rules.tie_break_fewer_lucky:
        lucky = tables()["lucky"][batch.towers].sum(axis=1).T
        lucky = np.where(won, lucky, np.iinfo(np.int64).max)
        won &= lucky == lucky.min(axis=1, keepdims=True)
    won &= is_terminal(batch)[:, None]
    winners = won.sum(axis=1, keepdims=True)
    return np.where(won, 1.0 / np.maximum(winners, 1), 0.0)


def legal_action_mask(batch: Batch) -> np.ndarray:
    """``bool[n, num_actions]``: per game the legal decision ids (`action_id`'s); all False
    at chance and terminal games."""
    return lockstep.mask(choices(batch), batch.phase.size, shape(batch.rules).actions)


def _left(batch: Batch, rows: np.ndarray) -> np.ndarray:
    """``int64[rows, kinds]``: the path tiles of each kind still in the box while laying."""
    laid = batch.tiles[1:, rows, None] == np.arange(len(PATH_TILES)) + FIRST_PATH
    left: np.ndarray = shape(batch.rules).box - laid.sum(axis=0)
    return left


def chance_probabilities(batch: Batch) -> np.ndarray:
    """``float64[n, num_chance_outcomes]``: per chance game each outcome's probability (the
    die's faces 1/6, VX-TURN-2; each tile kind by its share of the box, VX-SETUP-2); games
    at decision and terminal nodes all zero."""
    out = np.zeros((batch.phase.size, shape(batch.rules).outcomes))
    out[batch.phase == ROLL, :DIE] = 1 / DIE
    rows = (batch.phase == LAY).nonzero()[0]
    if rows.size:
        left = _left(batch, rows)
        out[rows, DIE:] = left / left.sum(axis=1, keepdims=True)
    return out


def sample_chance(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per chance game an outcome id drawn with its exact probability; -1 at
    decision and terminal games."""
    ids = np.full(batch.phase.size, -1, dtype=np.int64)
    rolling = batch.phase == ROLL
    ids[rolling] = rng.integers(0, DIE, size=int(rolling.sum()))
    rows = (batch.phase == LAY).nonzero()[0]
    if rows.size:
        ids[rows] = DIE + lockstep.weighted(_left(batch, rows), rng)
    return ids


def sample_actions(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision node a legal decision id drawn uniformly among
    the legal moves (a random player); -1 at chance and terminal nodes."""
    return lockstep.random_decisions(choices(batch), batch.phase.size, rng)


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
    apply_ids(out, np.where(is_terminal(batch), -1, ids))
    return lockstep.frozen(out)


def _check(batch: Batch, ids: np.ndarray) -> None:
    lockstep.check_choices(choices(batch), ids)
    rows = np.flatnonzero(batch.phase == ROLL)
    lockstep.check_chance(rows, ids, np.ones((rows.size, DIE), dtype=bool))
    rows = (batch.phase == LAY).nonzero()[0]
    if rows.size:
        possible = np.concatenate(
            [np.zeros((rows.size, DIE), dtype=bool), _left(batch, rows) > 0], axis=1
        )
        lockstep.check_chance(rows, ids, possible)


def advance(batch: Batch, action_ids: np.ndarray) -> None:
    """Apply one id per game to ``batch`` **in place**, unchecked: ids taken from
    `legal_action_mask`, `sample_actions` or `sample_chance` (an illegal id leaves the game
    in a state the rules never reach); -1 and finished games stay as they are. Only the
    games that move are worked on: when they are few, as a sub-batch of their own.

    ``batch`` must be writable (`amigo_rules.batch.lockstep.copied` of a batch;
    `StateError` otherwise); `step` is the checked form that returns a new batch.

    >>> from amigo_rules import verflixxt
    >>> from amigo_rules.batch import lockstep
    >>> games = lockstep.copied(new_games(verflixxt.Rules.classic(players=2), 2))
    >>> advance(games, np.array([3, -1]))          # game 0 rolls a 4, game 1 waits
    >>> current_player(games).tolist()
    [0, -1]
    """
    ids = lockstep.action_ids(batch, action_ids)
    lockstep.advance(apply_ids, batch, ids, is_terminal(batch))


LOCKSTEP = lockstep.Functions(
    terminal=is_terminal, sample=sample_chance, decide=sample_actions, advance=apply_ids
)
"""The game's `lockstep.Functions`: the shared loop's functions over a whole batch (its
``advance``, `advance`'s work without the checks and the sub-batch: the loop feeds it
writable batches of games in play, -1 where nothing moves)."""


def random_playouts(
    rules: vx.Rules | None, n: int, seed: int | None = None
) -> Playouts:
    """``n`` new games played to the end: chance nodes drawn with their probabilities,
    decisions uniformly among the legal moves, everything (the shuffled tracks too) from
    one generator seeded with ``seed``."""
    rng = np.random.default_rng(seed)
    return lockstep.play_out(LOCKSTEP, new_games(rules, n, rng), rng)


# --- observations ------------------------------------------------------------------------


def observation_array(
    batch: Batch, player: int | np.ndarray, *, out: np.ndarray | None = None
) -> np.ndarray:
    """``float32[n, array_length]``: row ``i`` is
    ``observation(to_states(batch)[i], player).to_array()`` (face-down tiles hidden,
    VXV-10; other towers as VXV-HIDDEN-TOWERS shows them; every hand and the cards played,
    open as in VXV-9); ``player`` is one seat for every row or an array of one seat per row.
    With ``out`` (``float32[n, array_length]``, preallocated by the caller) the rows are
    written into it and it is returned."""
    rules = batch.rules
    s = shape(rules)
    n, players, length = batch.phase.size, s.players, s.length
    viewer = lockstep.seats(player, n, players)
    width = vx.array_length(rules)
    where = vx.array_places(rules)  # the scalar observation's layout, read by key
    per_slot = where["tile"][1]
    owned = players * s.pawns
    hidden = rules.towers != "open"
    row = np.arange(n)[:, None] * width
    tall = max(int(batch.heights.max(initial=0)), 1)  # the slots above are all EMPTY
    towers = batch.towers[:, :tall].transpose(2, 0, 1)
    heights = batch.heights.T
    top_base = row + where["top"][0] + np.arange(players) * where["top"][1]
    filled = np.arange(tall) < heights[:, :, None]
    tops = np.take_along_axis(towers, (heights - 1)[:, :, None], axis=2)[:, :, 0]
    top_seen = np.ones(heights.shape, dtype=bool)
    if hidden:  # VXV-HIDDEN-TOWERS: the others' towers by size (and with "top" their top)
        others = np.arange(players) != viewer[:, None]
        top_seen = ~others | (rules.towers == "top") | (heights == 0)
        seen = filled & ~others[:, :, None]
        seen |= filled & (top_seen & others)[:, :, None] & (
            np.arange(tall) == heights[:, :, None] - 1)
        unseen = filled.sum(axis=2) - seen.sum(axis=2)
        filled = seen
    pieces = batch.pieces.T.astype(np.int64)
    rolled = batch.roll > 0
    tiles = batch.tiles[:length].T
    ones = [  # entries that are 1 (one-hot): written at once
        row + np.arange(length) * per_slot + (tables()["seen"][tiles] if rules.hidden_tiles
                                              else tiles),
        # EMPTY lands on the "empty" entry, which follows the top tiles
        (top_base + tops - FIRST_PATH)[top_seen],
        row[rolled, 0] + where["die"][0] + batch.roll[rolled] - 1,
        row[:, 0] + where["phase"][0] + batch.phase,
        row[:, 0] + where["active"][0] + batch.player,
        row[:, 0] + where["viewer"][0] + viewer,
    ]
    if s.cards:  # VXV-9: every hand, then the cards played this turn
        hands = (batch.hands.T[:, :, None] & CARD_BITS[:, 0]).reshape(n, -1) != 0
        played = batch.played.T
        ones += [(row + where["hand"][0] + np.arange(players * len(CARDS)))[hands],
                 (row + where["played"][0] + np.maximum(played, 0))[played != 0]]
    # counts (a player's pawns on a slot, guards on a slot, tiles of a kind in a tower):
    # counted into dense bins per game (a few thousand), each kind written as one block
    game = np.arange(n)[:, None]
    on_slot = (game * length + pieces[:, :owned]) * players + np.arange(owned) // s.pawns
    guarded = game * length + pieces[:, owned:]
    if s.laid_guards:  # none while the track is laid
        guarded = guarded[batch.phase != LAY]
    kinds = len(PATH_TILES)
    in_tower = ((game[:, :, None] * players + np.arange(players)[:, None]) * kinds + towers
                - FIRST_PATH)[filled]
    out = lockstep.observation_rows(out, (n, width))
    out.fill(0)
    out.reshape(-1)[np.concatenate([e.ravel() for e in ones])] = 1
    for place, count, bins, size in (
        (where["pawns"], length, on_slot, players),
        (where["guards"], length, guarded, 1),
        (where["tower"], players, in_tower, kinds),
    ):
        at = place[0] + place[1] * np.arange(count)[:, None] + np.arange(size)
        out[:, at] = np.bincount(bins.ravel(), minlength=n * count * size).reshape(
            n, count, size)
    if hidden:
        out.reshape(-1)[row + where["unseen"][0] + np.arange(players) * where["unseen"][1]] \
            = unseen
    return out


__getattr__ = renamed(__name__, {"ENGINE": "LOCKSTEP"}, globals())
