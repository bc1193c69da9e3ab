"""Verflixxt hoch² on numpy: many games of one `Rules` stepped in lockstep, each row equal
to the scalar engine `amigo_rules.verflixxt_hoch` move by move.

Every option is played (2-8 players, any deck, shuffled or explicit layouts, the attack
variant HO-ATTACK-1, the action tiles of HO-COMBINE-1 with either ``risk_rank``); a batch
holds games once they are set up (`new_games` draws the setup of HO-SETUP-1 … HO-SETUP-4
for each game), so `from_states` refuses states still in a setup phase.

>>> from amigo_rules import verflixxt_hoch as ho
>>> from amigo_rules.batch import verflixxt_hoch as batch
>>> state = ho.new_game(ho.Rules(players=2), seed=3)
>>> games = batch.from_states([state, state])
>>> move = ho.parse_move(state, "card 4o pawn 0")
>>> games = batch.step(games, [ho.action_id(state, move)] * 2)
>>> batch.to_states(games)[0] == ho.apply(state, move)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

import attrs
import numpy as np

from .. import verflixxt_hoch as ho
from ..core import CHANCE, TERMINAL, RulesError, StateError
from ..core.chance import sample_outcome
from ..core.checks import quote
from ..core.deprecation import renamed
from ..track import ACTIONS, FINISH, GIFT, LUCKY, PATH_TILES, START, STEAL, Board, gift_rank
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
    hat_draw,
    hat_ties,
    insert_action_tiles,
    is_positive,
)
from . import lockstep
from .lockstep import Playouts

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

_EMPTY = len(TILE_KINDS)
"""The tile code of "no tile" (beyond the finish); tiles are coded by `TILE_KINDS`."""
_NO_ITEM = len(COLLECTED)
"""The item code above the top of a collection; items are coded by `COLLECTED`."""
_NO_CARD = len(CARDS)
"""The card code of an empty hand slot (it sorts after every card)."""
_TRADEABLE = len(TRACK_TILES)
"""Items coded below this are path or risk tiles: the ones Gift and Steal move."""
_PLAY, _HAT, _DOUBLE, _STEALING, _DRAW, _OVER = (PHASES.index(p) for p in (
    ho.Phase.PLAY, ho.Phase.HAT, ho.Phase.DOUBLE, ho.Phase.STEAL, ho.Phase.DRAW,
    ho.Phase.OVER))
_SETUP_PHASES = (ho.Phase.LAY, ho.Phase.DEAL, ho.Phase.HATS)
_PAWN, _LUCKY, _CURSED, _GUARD = range(4)
"""The pieces of a play id (`amigo_rules.verflixxt_hoch.action_id`)."""
_WORN = np.array([0, 1, 2, 0])
"""The hat each piece of a play wears: none, lucky, cursed, none (a guard)."""
_STOP, _NONE, _TAKE_LUCKY, _TAKE_CURSED, _SWAP, _GIVE = range(6)
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
class _Shape:
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


@cache
def _tables() -> Mapping[str, np.ndarray]:
    """Per tile code: the item code it becomes when taken, whether it is taken or acts.
    Per item code: plus, minus (positive), lucky, risk value, token value, hat value, Gift
    rank. Per card: value, yellow."""
    items = (*COLLECTED, None)
    tiles = (*TILE_KINDS, None)
    return lockstep.table(
        item=np.array([COLLECTED.index(t) if t in TRACK_TILES else _NO_ITEM for t in tiles]),
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


_HAT_ITEMS = np.array([COLLECTED.index(LUCKY_HAT), COLLECTED.index(CURSED_CAP)])


def _check_rules(rules: ho.Rules | None) -> ho.Rules:
    rules = ho.Rules() if rules is None else rules
    if not isinstance(rules, ho.Rules):
        raise RulesError(
            f"the Verflixxt hoch² batch engine needs verflixxt_hoch.Rules, got {quote(rules)}"
        )
    return rules


@cache
def _shape_of(rules: ho.Rules) -> _Shape:
    """The `_Shape` of ``rules``; `RulesError` for other than `verflixxt_hoch.Rules`."""
    rules = _check_rules(rules)
    length = rules.track_length
    box = [t for t in TRACK_TILES for _ in range(rules.box().get(t, 0))]
    tiles = np.full(length + 1, _EMPTY, dtype=np.int8)
    if rules.layout is None:
        marks = tuple(f"#{k}" for k in range(len(box)))
        path = insert_action_tiles(marks) if rules.action_tiles else marks
        track = (START, *path, FINISH)
        slots = np.array([track.index(m) for m in marks])
        tiles[: len(track)] = [_EMPTY if t in marks else TILE_KINDS.index(t) for t in track]
        positives = sum(is_positive(t) for t in box)
    else:
        slots = np.zeros(0, dtype=np.int64)
        track = (START, *rules.layout, FINISH)
        tiles[:length] = [TILE_KINDS.index(t) for t in track]
        positives = sum(t in TRACK_TILES and is_positive(t) for t in track)
    players = rules.players
    return _Shape(
        players=players,
        pawns=rules.pawns_per_player,
        guards=min(GUARDS, positives),
        length=length,
        items=len(box) + len(TOKEN_STACK) + 2,
        base=len(CARDS) * 8 * length,
        actions=ho.num_actions(rules),
        outcomes=ho.num_chance_outcomes(rules),
        deck=lockstep.read_only(np.array(deck_counts(rules))),
        box=lockstep.read_only(np.array([TILE_KINDS.index(t) for t in box])),
        slots=lockstep.read_only(slots),
        start_tiles=lockstep.read_only(tiles),
    )


_shape = lockstep.by_identity(_shape_of)


def _where(mask: np.ndarray) -> np.ndarray:
    """The indices where the 1-d ``mask`` holds (``np.flatnonzero`` without its Python
    layers, which cost more than the work on a batch of a few thousand games)."""
    return mask.nonzero()[0]


# --- states in and out -------------------------------------------------------------------


def _empty(shape: _Shape, rules: ho.Rules, n: int) -> Batch:
    players = shape.players
    return Batch(
        rules,
        tiles=np.full((shape.length + 1, n), _EMPTY, dtype=np.int8),
        length=np.zeros(n, dtype=np.int64),
        pawns=np.zeros((players * shape.pawns, n), dtype=np.int8),
        guards=np.zeros((shape.guards, n), dtype=np.int8),
        hat_owner=np.full((2, n), -1, dtype=np.int8),
        hat_pos=np.full((2, n), -1, dtype=np.int8),
        towers=np.full((players, shape.items, n), _NO_ITEM, dtype=np.int8),
        heights=np.zeros((players, n), dtype=np.int64),
        tokens=np.zeros(n, dtype=np.int64),
        hands=np.full((players, 2, n), _NO_CARD, dtype=np.int8),
        pile=np.zeros((len(CARDS), n), dtype=np.int16),
        discard=np.zeros((len(CARDS), n), dtype=np.int16),
        player=np.zeros(n, dtype=np.int64),
        phase=np.zeros(n, dtype=np.int64),
        plays=np.zeros(n, dtype=np.int64),
        yellow=np.zeros(n, dtype=bool),
        arrived=np.full(n, -1, dtype=np.int64),
        arrived_hat=np.zeros(n, dtype=np.int64),
    )


def from_states(states: Iterable[ho.State], *, check: bool = True) -> Batch:
    """The batch whose game ``i`` is ``states[i]``: states of one `Rules`, each checked like
    `amigo_rules.verflixxt_hoch.from_json` checks a document (`StateError` if inconsistent
    or still in a setup phase); ``check=False`` skips the document check, for states the
    scalar engine made (about ten times faster)."""
    rules, distinct, rows = lockstep.distinct_states(states, ho, check)
    shape = _shape(rules)
    unique = _empty(shape, rules, len(distinct))
    for row, state in enumerate(distinct):
        if state.phase in _SETUP_PHASES:
            raise StateError(
                f"from_states: a state in the {state.phase.value} phase is still being set up;"
                " the batch engine holds games once set up (new_games draws the setup)"
            )
        _pack(unique, row, state)
    return lockstep.frozen(lockstep.rows_of(unique, rows))


def _pack(batch: Batch, row: int, state: ho.State) -> None:
    board = state.board
    batch.tiles[: len(board.tiles), row] = [TILE_KINDS.index(t) for t in board.tiles]
    batch.length[row] = len(board.tiles)
    batch.pawns[:, row] = [x for ps in board.pawns for x in ps]
    batch.guards[:, row] = board.guards
    for i, hat in enumerate(state.hats):
        if hat is not None:
            batch.hat_owner[i, row], batch.hat_pos[i, row] = hat
    for p, tower in enumerate(state.towers):
        batch.towers[p, : len(tower), row] = [COLLECTED.index(t) for t in tower]
        batch.heights[p, row] = len(tower)
        batch.hands[p, : len(state.hands[p]), row] = [CARDS.index(c) for c in state.hands[p]]
    batch.tokens[row] = state.tokens
    batch.pile[:, row] = state.pile
    batch.discard[:, row] = state.discard
    batch.player[row] = state.player
    batch.phase[row] = PHASES.index(state.phase)
    batch.plays[row] = state.plays
    batch.yellow[row] = state.yellow
    batch.arrived[row] = state.arrived
    batch.arrived_hat[row] = state.arrived_hat


def to_states(batch: Batch) -> tuple[ho.State, ...]:
    """The scalar states of the batch's games: ``to_states(from_states(s)) == tuple(s)``."""
    rules = batch.rules
    shape = _shape(rules)
    players, pawns = shape.players, shape.pawns
    games = zip(
        batch.tiles.T.tolist(), batch.length.tolist(), batch.pawns.T.tolist(),
        batch.guards.T.tolist(), batch.hat_owner.T.tolist(), batch.hat_pos.T.tolist(),
        batch.towers.transpose(2, 0, 1).tolist(), batch.heights.T.tolist(),
        batch.tokens.tolist(), batch.hands.transpose(2, 0, 1).tolist(), batch.pile.T.tolist(),
        batch.discard.T.tolist(), batch.player.tolist(), batch.phase.tolist(),
        batch.plays.tolist(), batch.yellow.tolist(), batch.arrived.tolist(),
        batch.arrived_hat.tolist(), strict=True,
    )
    states = []
    for (tiles, length, pieces, guards, owners, positions, towers, heights, tokens, hands,
         pile, discard, player, phase, plays, yellow, arrived, worn) in games:
        board = Board(
            tuple(TILE_KINDS[c] for c in tiles[:length]),
            tuple(tuple(pieces[p * pawns : (p + 1) * pawns]) for p in range(players)),
            tuple(guards),
        )
        lucky, cursed = (None if o < 0 else (o, x) for o, x in zip(owners, positions,
                                                                   strict=True))
        states.append(ho.State(
            rules, board,
            tuple(tuple(COLLECTED[c] for c in t[:h]) for t, h in zip(towers, heights,
                                                                      strict=True)),
            (lucky, cursed), tokens,
            tuple(tuple(CARDS[c] for c in hand if c != _NO_CARD) for hand in hands),
            tuple(pile), tuple(discard), player, PHASES[phase], plays, yellow, arrived, worn,
        ))
    return tuple(states)


def new_games(
    rules: ho.Rules | None, n: int, seed: int | np.random.Generator | None = None
) -> Batch:
    """``n`` new games, set up as by `amigo_rules.verflixxt_hoch.new_game` (HO-SETUP-1 …
    HO-SETUP-4): per game a shuffled track, the guards, the cards dealt and the hats drawn,
    everything from ``seed`` (not the games of ``new_game(rules, seed=…)``)."""
    rules = _check_rules(rules)
    shape = _shape(rules)
    n = lockstep.size(n)
    rng = np.random.default_rng(seed)
    batch = _empty(shape, rules, n)
    tiles = np.repeat(shape.start_tiles[:, None], n, axis=1)
    if shape.slots.size:  # HO-SETUP-1
        tiles[shape.slots] = rng.permuted(np.tile(shape.box, (n, 1)), axis=1).T
    batch.tiles[:] = tiles
    batch.length[:] = shape.length
    positive = _tables()["positive"][tiles]  # HO-SETUP-2
    batch.guards[:] = np.argsort(~positive, axis=0, kind="stable")[: shape.guards]
    cards = np.repeat(np.arange(len(CARDS), dtype=np.int8), shape.deck)
    order = rng.permuted(np.tile(cards, (n, 1)), axis=1)
    players = shape.players
    dealt = np.sort(order[:, : 2 * players].reshape(n, players, 2), axis=2)  # HO-SETUP-3
    batch.hands[:] = dealt.transpose(1, 2, 0)
    turned = _hat_draws(rules, order[:, 2 * players :], rng, batch)  # HO-SETUP-4
    cards_used = np.arange(order.shape[1])
    used = cards_used < 2 * players + turned[:, None]
    shown = used & (cards_used >= 2 * players)
    flat = order + len(CARDS) * np.arange(n)[:, None]
    batch.pile[:] = shape.deck[:, None] - _counts(flat[used], n)
    batch.discard[:] = _counts(flat[shown], n)
    batch.hat_pos[:] = 0
    batch.player[:] = batch.hat_owner[0]
    batch.phase[:] = _PLAY
    return lockstep.frozen(batch)


def _counts(flat: np.ndarray, n: int) -> np.ndarray:
    """``int64[16, n]``: the cards of each kind among ``flat`` (``game·16 + card``)."""
    return np.bincount(flat, minlength=len(CARDS) * n).reshape(n, len(CARDS)).T


def _hat_draws(
    rules: ho.Rules, order: np.ndarray, rng: np.random.Generator, batch: Batch
) -> np.ndarray:
    """HO-SETUP-4 for every game from its cards after the deal, in order: the hats' owners
    into ``batch``; returns how many cards each game turned up. A first round without a
    tie for either hat is decided at once; the others replay `hat_draw`."""
    players = rules.players
    values = _tables()["value"][order]
    first = values[:, :players]
    top = first.max(axis=1, keepdims=True)
    lucky = first.argmax(axis=1)
    second = np.where(np.arange(players) == lucky[:, None], -2, first)
    cursed = second.argmax(axis=1)
    clear = ((first == top).sum(axis=1) == 1) & (
        (second == second.max(axis=1, keepdims=True)).sum(axis=1) == 1)
    turned = np.full(len(order), players)
    owners = np.stack([lucky, cursed])
    for game in _where(~clear):
        row = values[game].tolist()
        for k in range(players + 2, len(row) + 1):  # a tie round turns up 2 cards or more
            draw = hat_draw(players, row[:k])
            if draw.done:
                owners[:, game] = draw.lucky, draw.cursed
                turned[game] = k
                break
        else:  # the pile ran out during a tie: the hats are drawn at random
            hats = sample_outcome(hat_ties(players, row), rng)
            owners[:, game] = hats.lucky, hats.cursed
            turned[game] = len(row)
    batch.hat_owner[:] = owners
    return turned


# --- what the games show -----------------------------------------------------------------


def current_player(batch: Batch) -> np.ndarray:
    """``int64[n]``: per game the player to act, `CHANCE` (a draw) or `TERMINAL`."""
    out = np.where(batch.phase == _DRAW, CHANCE, batch.player)
    out[batch.phase == _OVER] = TERMINAL
    return out


def is_terminal(batch: Batch) -> np.ndarray:
    """``bool[n]``: the games that are over (HO-END-1)."""
    over: np.ndarray = batch.phase == _OVER
    return over


def score(batch: Batch) -> np.ndarray:
    """``int64[n, players]``: each player's score as if the game ended now (HO-SCORE-1):
    path tiles by VX-SCORE-1 (lucky tiles turn the largest minus tiles), risk tiles by
    HO-RISK-1, finish tokens and hats."""
    tables = _tables()
    towers = batch.towers.transpose(2, 0, 1)
    risk = tables["risk"][towers]
    odd = (risk > 0).sum(axis=2) % 2
    scores: np.ndarray = (
        lockstep.lucky_converts(tables["plus"][towers], tables["minus"][towers],
                                tables["lucky"][towers])
        + (1 - 2 * odd) * risk.sum(axis=2)
        + tables["token"][towers].sum(axis=2)
        + tables["hat"][towers].sum(axis=2)
    )
    return scores


def returns(batch: Batch) -> np.ndarray:
    """``float64[n, players]``: at a finished game each winner's share (1/k for k winners,
    HO-SCORE-1); zeros before."""
    scores = score(batch)
    won = (scores == scores.max(axis=1, keepdims=True)) & is_terminal(batch)[:, None]
    winners = won.sum(axis=1, keepdims=True)
    return np.where(won, 1.0 / np.maximum(winners, 1), 0.0)


# --- decisions ---------------------------------------------------------------------------


def _choices(batch: Batch) -> lockstep.Choices:
    """The legal decision ids of the decision games: card plays by card and piece
    (HO-TURN-1, HO-HAT-3, HO-HAT-4), attacks (HO-ATTACK-1), ``stop`` (HO-TURN-3), hat
    actions (HO-HAT-2) and steals (HO-COMBINE-1)."""
    shape = _shape(batch.rules)
    phase = batch.phase
    out: lockstep.Choices = []
    carding = (phase == _PLAY) | (phase == _DOUBLE)
    if carding.any():
        out.append(_plays(batch, carding))
    hatting = phase == _HAT
    if hatting.any():
        out.append(_hat_choices(batch, hatting))
    stealing = phase == _STEALING
    if stealing.any():
        victims = _holders(batch) & (np.arange(shape.players)[:, None] != batch.player)
        ids = shape.base + 5 + shape.players + shape.length + np.arange(shape.players)
        out.append((stealing, ids[:, None], victims & stealing))
    return out


def _holders(batch: Batch) -> np.ndarray:
    """``bool[players, n]``: the collections holding a path or risk tile."""
    held: np.ndarray = np.any(batch.towers < _TRADEABLE, axis=1)
    return held


def _plays(batch: Batch, carding: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per card in hand (each kind once; in the DOUBLE phase the one left) and piece: own
    pawns by position, the lucky hat's pawn, the cursed cap's both ways, the guards beside a
    pawn (VX-TURN-2, VX-TURN-4); a 0 card alone; then attacks and ``stop``. The ids are
    int16 (numpy runs those fastest), written in place into one array."""
    shape = _shape(batch.rules)
    tables = _tables()
    length, p = shape.length, shape.pawns
    n = batch.phase.size
    each = np.arange(n)
    finish = (batch.length - 1).astype(np.int16)
    player = batch.player
    own = batch.pawns.reshape(-1)[(player * p + np.arange(p)[:, None]) * n + each].astype(
        np.int16)
    hand = batch.hands.reshape(-1)[(player * 2 + np.arange(2)[:, None]) * n + each].astype(
        np.int16)
    held = (hand != _NO_CARD) & carding
    held[1] &= (hand[1] != hand[0]) & (batch.phase == _PLAY)
    value = tables["value"][hand].astype(np.int16)
    first = np.ones(own.shape, dtype=bool)
    first[1:] = own[1:] != own[:-1]
    owner, pos = batch.hat_owner, batch.hat_pos.astype(np.int16)
    mine = owner == player
    count = (own[:, None] == own).sum(axis=0)
    hatted = (mine[:, None] & (pos[:, None] == own)).sum(axis=0)
    guards = batch.guards.astype(np.int16)
    piece_ids, pieces = _piece_rows(p, shape.guards, length)
    x = np.empty((pieces, n), dtype=np.int16)  # where each candidate piece stands
    ok = np.empty(x.shape, dtype=bool)  # whether it may move
    x[:p], x[p], x[p + 1 : p + 3], x[p + 3 :] = own, pos[0], pos[1], guards
    ok[:p] = (own != finish) & first & (count > hatted)
    ok[p], ok[p + 1 : p + 3] = mine[0], mine[1]
    ok[p + 3 :] = (guards != finish) & (batch.pawns[:, None] == batch.guards).any(axis=0)
    ok[p + 4 :] &= guards[1:] != guards[:-1]
    attacks = p if batch.rules.attack else 0
    ids = np.empty((2 * pieces + 2 + attacks + 1, n), dtype=np.int16)
    legal = np.empty(ids.shape, dtype=bool)
    by_card = hand * (8 * length)  # ``card C`` alone, and the base of every play of C
    np.add(by_card[:, None], 2 * x + piece_ids, out=ids[: 2 * pieces].reshape(2, pieces, n))
    plays = legal[: 2 * pieces].reshape(2, pieces, n)
    np.logical_and((held & (value != 0))[:, None], ok, out=plays)
    in_play = (own != finish).sum(axis=0)
    plays[:, p] &= (pos[0] + value < finish) | (in_play == 1)  # HO-HAT-3
    plays[:, p + 1] &= (value > 0) | (pos[1] > 0)  # HO-HAT-4
    plays[:, p + 2] &= (pos[1] - value >= 0) | (value < 0)
    at = 2 * pieces
    ids[at : at + 2], legal[at : at + 2] = by_card, held & (value == 0)
    if attacks:
        ids[at + 2 : at + 2 + p] = shape.base + 5 + shape.players + own
        legal[at + 2 : at + 2 + p] = _attackable(batch, own, first, hand, value) & (
            batch.phase == _PLAY)
    ids[-1], legal[-1] = shape.base + _STOP, batch.phase == _DOUBLE
    return carding, ids, legal


@cache
def _piece_rows(pawns: int, guards: int, length: int) -> tuple[np.ndarray, int]:
    """Per candidate piece of `_plays` (own pawns, the lucky hat's pawn, the cursed cap's
    both ways, the guards) what its play id adds to twice its position: its kind in the
    play id and the cursed cap's other way (``int16[pieces, 1]``); and how many there
    are."""
    kind = np.array([_PAWN] * pawns + [_LUCKY, _CURSED, _CURSED] + [_GUARD] * guards)
    back = np.array([0] * pawns + [0, 0, 1] + [0] * guards)
    return lockstep.read_only((kind * 2 * length + back).astype(np.int16)[:, None]), len(kind)


def _attackable(
    batch: Batch, own: np.ndarray, first: np.ndarray, hand: np.ndarray, value: np.ndarray
) -> np.ndarray:
    """HO-ATTACK-1: per own pawn (first of its tile) whether a pair of equal cards may
    attack from its tile: an opponent's pawn or a guard shares it, and no lucky-hat pawn of
    an opponent would be pushed home while its owner keeps another pawn in play. Only the
    games holding a pair are looked at."""
    shape = _shape(batch.rules)
    last = np.where(hand[1] == _NO_CARD, hand[0], hand[1])
    pair = (hand[0] != _NO_CARD) & (value[0] == _tables()["value"][last])
    legal = np.zeros(own.shape, dtype=bool)
    games = _where(pair & (batch.phase == _PLAY))
    if not games.size:
        return legal
    own, player, finish = own[:, games], batch.player[games], batch.length[games] - 1
    pawns = batch.pawns[:, games].reshape(shape.players, shape.pawns, 1, games.size)
    on = (pawns == own).sum(axis=1)
    mine = np.arange(shape.players)[:, None, None] == player
    others = ((on * ~mine).sum(axis=0) + (batch.guards[:, games, None].transpose(0, 2, 1)
                                          == own).sum(axis=0)) > 0
    owner = batch.hat_owner[0, games].astype(np.int64)
    pos = batch.hat_pos[0, games].astype(np.int64)
    theirs = pawns[np.maximum(owner, 0), :, 0, np.arange(games.size)].T
    elsewhere = ((theirs != pos) & (theirs != finish)).any(axis=0)
    blocked = ((owner >= 0) & (owner != player) & (pos == own)
               & (own + value[0, games] >= finish) & elsewhere)
    legal[:, games] = (own != finish) & first[:, games] & others & ~blocked
    return legal


def _hat_choices(
    batch: Batch, hatting: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """HO-HAT-2: take (a hatless pawn), swap or give (a pawn wearing a hat), or none."""
    shape = _shape(batch.rules)
    tile = batch.arrived
    worn = batch.arrived_hat
    owner, pos = batch.hat_owner, batch.hat_pos
    there = (owner >= 0) & (pos == tile)
    bare = worn == 0
    other = np.where(worn == 1, there[1], there[0])
    on = (batch.pawns.reshape(shape.players, shape.pawns, -1) == tile).sum(axis=1)
    seats = np.arange(shape.players)[:, None]
    hats_here = ((owner[:, None] == seats) & (pos[:, None] == tile)).sum(axis=0)
    give = (on > hats_here) & ~bare
    legal = np.vstack([hatting, bare & there[0], bare & there[1], ~bare & other, give])
    ids = shape.base + np.concatenate([[_NONE, _TAKE_LUCKY, _TAKE_CURSED, _SWAP],
                                       _GIVE + np.arange(shape.players)])
    return hatting, ids[:, None], legal & hatting


def legal_action_mask(batch: Batch) -> np.ndarray:
    """``bool[n, num_actions]``: per game the legal decision ids (`action_id`'s); all False
    at chance and terminal games."""
    return lockstep.mask(_choices(batch), batch.phase.size, _shape(batch.rules).actions)


def _source(batch: Batch) -> np.ndarray:
    """``int16[16, n]``: the pile each game would draw from: the draw pile, or the discard
    pile once it is empty (HO-TURN-4)."""
    source: np.ndarray = np.where(batch.pile.any(axis=0), batch.pile, batch.discard)
    return source


def chance_probabilities(batch: Batch) -> np.ndarray:
    """``float64[n, num_chance_outcomes]``: per drawing game each card kind's share of the
    pile it is drawn from (HO-TURN-4); other games all zero."""
    out = np.zeros((batch.phase.size, _shape(batch.rules).outcomes))
    rows = _where(batch.phase == _DRAW)
    if rows.size:
        source = _source(batch)[:, rows].T
        out[rows, : len(CARDS)] = source / source.sum(axis=1, keepdims=True)
    return out


def sample_chance(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per drawing game a card drawn with its exact probability (one integer
    draw per game); -1 at the other games."""
    ids = np.full(batch.phase.size, -1, dtype=np.int64)
    drawing = _where(batch.phase == _DRAW)
    if not drawing.size:
        return ids
    pile, discard = batch.pile[:, drawing], batch.discard[:, drawing]
    source = np.where(pile.any(axis=0), pile, discard).astype(np.int64)  # as `_source`
    pick = rng.integers(0, source.sum(axis=0))
    running = source[0].copy()
    card = np.zeros(drawing.size, dtype=np.int64)
    for count in source[1:]:  # the card is the first kind whose running total passes pick
        card += running <= pick
        running += count
    ids[drawing] = card
    return ids


def sample_actions(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision node a legal decision id drawn uniformly among
    the legal moves (a random player); -1 at chance and terminal nodes."""
    return lockstep.random_decisions(_choices(batch), batch.phase.size, rng)


# --- moves -------------------------------------------------------------------------------


def step(batch: Batch, action_ids: np.ndarray) -> Batch:
    """The batch after one move per game: a decision id (`amigo_rules.verflixxt_hoch.action_id`)
    at a decision node, ``draw C`` (the index of ``C`` in `CARDS`) at a draw. Finished games
    stay as they are (their id is ignored).

    Raises `IllegalMoveError` naming the first game whose id is not legal there; ``batch``
    is never changed.
    """
    ids = lockstep.action_ids(batch, action_ids)
    lockstep.check_choices(_choices(batch), ids)
    rows = _where(batch.phase == _DRAW)
    lockstep.check_chance(rows, ids, _source(batch)[:, rows].T > 0)
    out = lockstep.copied(batch)
    _apply(out, np.where(is_terminal(batch), -1, ids))
    return lockstep.frozen(out)


@attrs.define
class _Then:
    """Where each game's move leads, gathered over one `_apply`: each step of the end of
    a turn then runs once, over every game that reaches it (rows of a step are disjoint:
    one move per game)."""

    action: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = attrs.Factory(list)
    """`_after_action`: games, the position of the pawn that arrived (or -1), its hat."""
    move: list[np.ndarray] = attrs.Factory(list)
    """`_after_move`: games."""
    plays_end: list[np.ndarray] = attrs.Factory(list)
    """`_end_of_plays`: games."""
    next: list[np.ndarray] = attrs.Factory(list)
    """`_next_player`: games."""


def _apply(batch: Batch, ids: np.ndarray) -> None:
    """Apply one legal id per game in place; games given -1 stay as they are."""
    shape = _shape(batch.rules)
    phase = np.where(ids >= 0, batch.phase, _OVER)
    base = shape.base
    then = _Then()
    carding = (phase == _PLAY) | (phase == _DOUBLE)
    rows = _where(carding & (ids < base))
    if rows.size:
        _play(batch, rows, ids[rows], then)
    then.plays_end.append(_where((phase == _DOUBLE) & (ids == base + _STOP)))
    rows = _where((phase == _PLAY) & (ids >= base))
    if rows.size:
        _attack(batch, rows, ids[rows] - base - 5 - shape.players, then)
    rows = _where(phase == _HAT)
    if rows.size:
        _hat(batch, rows, ids[rows] - base, then)
    rows = _where(phase == _STEALING)
    if rows.size:
        _steal(batch, rows, ids[rows] - base - 5 - shape.players - shape.length, then)
    rows = _where(phase == _DRAW)
    if rows.size:
        _draw(batch, rows, ids[rows], then)
    if then.action:
        rows, arrived, worn = (np.concatenate(x) for x in zip(*then.action, strict=True))
        then.move.append(_after_action(batch, rows, arrived, worn))
    if then.move:
        then.plays_end.append(_after_move(batch, np.concatenate(then.move)))
    rows = np.concatenate(then.plays_end)
    if rows.size:
        then.next.append(_end_of_plays(batch, rows))
    if then.next:
        _next_player(batch, np.concatenate(then.next))


def _hand_at(batch: Batch, rows: np.ndarray, player: np.ndarray) -> np.ndarray:
    """The flat indices of ``player``'s first hand slot in games ``rows`` (the second is
    ``n`` further): numpy serves flat indices several times faster than index tuples."""
    at: np.ndarray = player * 2 * batch.phase.size + rows
    return at


def _play(batch: Batch, rows: np.ndarray, ids: np.ndarray, then: _Then) -> None:
    """HO-TURN-1, HO-TURN-2, HO-FIN-1, HO-HAT-4/5: play a card, move its piece, take the
    tile left alone (or run its action, HO-COMBINE-1), the finish token, a hat home."""
    shape = _shape(batch.rules)
    tables = _tables()
    length = shape.length
    card = ids // (8 * length)
    piece = ids // (2 * length) % 4
    origin = ids // 2 % length
    reverse = ids % 2 == 1
    player = batch.player[rows]
    n = batch.phase.size
    hands = batch.hands.reshape(-1)
    at = _hand_at(batch, rows, player)
    hand0, hand1 = hands[at].astype(np.int64), hands[at + n].astype(np.int64)
    hands[at] = np.where(hand0 == card, hand1, hand0)
    hands[at + n] = _NO_CARD
    batch.discard.reshape(-1)[card * n + rows] += 1
    first = batch.plays[rows] == 0
    batch.yellow[rows] = np.where(first, tables["is_yellow"][card], batch.yellow[rows])
    batch.plays[rows] += 1
    value = tables["value"][card]
    zero = value == 0
    then.move.append(rows[zero])
    moving = ~zero
    rows, player, origin, piece = rows[moving], player[moving], origin[moving], piece[moving]
    steps = np.where(reverse[moving], -value[moving], value[moving])
    finish = batch.length[rows] - 1
    target = np.minimum(np.maximum(origin + steps, 0), finish)
    exact = origin + steps == finish
    stayed = target == origin
    worn = _WORN[piece]
    guard = piece == _GUARD
    if guard.any():
        _move_guard(batch, rows[guard], origin[guard], target[guard])
    pawn = ~guard
    alone = _alone(batch, rows, origin)
    leaves = pawn & alone & ~stayed
    _move_pawn(batch, rows[pawn], player[pawn], origin[pawn], target[pawn])
    for i in (0, 1):
        mine = worn == i + 1
        batch.hat_pos[i, rows[mine]] = target[mine]
    tile = batch.tiles[origin, rows]
    take = leaves & tables["takeable"][tile]
    if take.any():
        _remove_tile(batch, rows[take], origin[take])
        _push(batch, rows[take], player[take], tables["item"][tile[take]])
        target = target - (take & (target > origin))
        finish = finish - take
    token = exact & (batch.tokens[rows] < len(TOKEN_STACK))
    if token.any():
        _take_token(batch, rows[token], player[token])
    home = (worn > 0) & (target == finish)
    if home.any():
        _hat_home(batch, rows[home], worn[home] - 1)
    hat_next = pawn & (target != finish) & ~stayed & _hat_possible(batch, rows, target, worn)
    arrived = np.where(hat_next, target, -1)
    acting = leaves & tables["action"][tile]
    waiting = np.zeros(rows.size, dtype=bool)
    if acting.any():
        waiting = _act(batch, rows, acting, origin, tile, player, arrived, worn)
    rest = ~waiting
    then.action.append((rows[rest], arrived[rest], worn[rest]))


def _alone(batch: Batch, rows: np.ndarray, origin: np.ndarray) -> np.ndarray:
    """Whether exactly one piece stands on ``origin`` in each of the games ``rows``
    (VX-TAKE-1); every game is counted (the others at -1, where nothing stands)."""
    at = np.full(batch.phase.size, -1, dtype=np.int8)
    at[rows] = origin
    pieces = (batch.pawns == at).sum(axis=0, dtype=np.int8) + (batch.guards == at).sum(
        axis=0, dtype=np.int8)
    alone: np.ndarray = pieces[rows] == 1
    return alone


def _move_guard(batch: Batch, rows: np.ndarray, origin: np.ndarray, target: np.ndarray) -> None:
    """One guard on ``origin`` moves to ``target``; the guards stay ascending: the first
    on ``origin`` leaves its column, and the target goes in before the first guard beyond
    it (a sort per game would cost numpy a call of its sort per column)."""
    guards = batch.guards[:, rows]
    if len(guards) == 1:
        batch.guards[0, rows] = target
        return
    slot = np.arange(len(guards))[:, None]
    gone = (guards == origin).argmax(axis=0)
    rest = np.where(slot[:-1] < gone, guards[:-1], guards[1:])  # the others, ascending
    at = (rest < target).sum(axis=0)
    batch.guards[:, rows] = np.where(slot < at, np.vstack([rest, rest[-1:]]), np.where(
        slot == at, target, np.vstack([rest[:1], rest])))


def _move_pawn(
    batch: Batch, rows: np.ndarray, player: np.ndarray, origin: np.ndarray, target: np.ndarray
) -> None:
    """One of ``player``'s pawns on ``origin`` moves to ``target``; they stay ascending."""
    pawns = _shape(batch.rules).pawns
    at = (player * pawns + np.arange(pawns)[:, None]) * batch.phase.size + rows
    flat = batch.pawns.reshape(-1)
    own = flat[at].astype(np.int64)
    one = (own == origin).argmax(axis=0)
    own[one, np.arange(rows.size)] = target
    for last in range(pawns - 1, 0, -1):  # a bubble sort of the few pawns, row by row
        for k in range(last):
            low = np.minimum(own[k], own[k + 1])
            own[k + 1] = np.maximum(own[k], own[k + 1])
            own[k] = low
    flat[at] = own


def _remove_tile(batch: Batch, rows: np.ndarray, origin: np.ndarray) -> None:
    """The tile on ``origin`` leaves the track and the gap closes (VX-TURN-3): every piece
    and hat beyond moves one back. Every game takes part (the others cut beyond their
    track), blending int8 arrays, which numpy runs faster than gathering the games."""
    cut = np.full(batch.phase.size, np.iinfo(np.int8).max, dtype=np.int8)
    cut[rows] = origin
    tiles = batch.tiles
    gap = np.arange(len(tiles) - 1, dtype=np.int8)[:, None] >= cut
    tiles[:-1] += (tiles[1:] - tiles[:-1]) * gap.view(np.int8)
    batch.length[rows] -= 1
    for array in (batch.pawns, batch.guards, batch.hat_pos):
        array -= (array > cut).view(np.int8)


def _push(batch: Batch, rows: np.ndarray, player: np.ndarray, items: np.ndarray) -> None:
    """Each item goes on top of its player's collection (VX-TAKE-4)."""
    n = batch.phase.size
    at = player * n + rows
    heights = batch.heights.reshape(-1)
    height = heights[at]
    batch.towers.reshape(-1)[(player * batch.towers.shape[1] + height) * n + rows] = items
    heights[at] = height + 1


def _take_token(batch: Batch, rows: np.ndarray, player: np.ndarray) -> None:
    """HO-FIN-1: the top finish token goes to ``player``."""
    _push(batch, rows, player, _tables()["stack"][batch.tokens[rows]])
    batch.tokens[rows] += 1


def _hat_home(batch: Batch, rows: np.ndarray, hat: np.ndarray) -> None:
    """HO-HAT-5: the hat reaches the finish and goes to its wearer's owner."""
    owner = batch.hat_owner[hat, rows].astype(np.int64)
    _push(batch, rows, owner, _HAT_ITEMS[hat])
    batch.hat_owner[hat, rows] = -1
    batch.hat_pos[hat, rows] = -1


def _hat_possible(
    batch: Batch, rows: np.ndarray, tile: np.ndarray, worn: np.ndarray
) -> np.ndarray:
    """Whether a pawn wearing ``worn`` that arrived on ``tile`` has a hat action there
    (HO-HAT-2): a hatless one meets a hat; one wearing a hat meets the other hat or a pawn
    without one."""
    owner, pos = batch.hat_owner, batch.hat_pos
    there = [(owner[i][rows] >= 0) & (pos[i][rows] == tile) for i in (0, 1)]
    possible: np.ndarray = there[0] | there[1]
    wearing = _where(worn > 0)
    if wearing.size:  # a pawn without a hat is there when pawns outnumber the hats there
        on = (batch.pawns[:, rows[wearing]] == tile[wearing]).sum(axis=0)
        hats = there[0][wearing].view(np.int8) + there[1][wearing].view(np.int8)
        other = np.where(worn[wearing] == 1, there[1][wearing], there[0][wearing])
        possible[wearing] = other | (on > hats)
    return possible


def _act(
    batch: Batch, rows: np.ndarray, acting: np.ndarray, origin: np.ndarray, tile: np.ndarray,
    player: np.ndarray, arrived: np.ndarray, worn: np.ndarray,
) -> np.ndarray:
    """HO-COMBINE-1 (VX-ACT-1/2): the action tile left alone flips; a Gift gives the
    mover's top tile away, a Steal waits for the victim's choice when there is one. Returns
    the games (of ``rows``) now stealing."""
    tables = _tables()
    batch.tiles[origin[acting], rows[acting]] = tables["flipped"][tile[acting]]
    gift = acting & (tile == TILE_KINDS.index(GIFT))
    if gift.any():
        _gift(batch, rows[gift], player[gift])
    steal = acting & ~gift
    held = _holders(batch)[:, rows] & (np.arange(_shape(batch.rules).players)[:, None]
                                       != player)
    waiting: np.ndarray = steal & held.any(axis=0)
    stealing = rows[waiting]
    batch.phase[stealing] = _STEALING
    batch.arrived[stealing] = arrived[waiting]
    batch.arrived_hat[stealing] = np.where(arrived[waiting] >= 0, worn[waiting], 0)
    return waiting


def _top(batch: Batch, rows: np.ndarray, player: np.ndarray) -> np.ndarray:
    """The index of the top-most path or risk tile of each collection, -1 if none."""
    tower = batch.towers[player, :, rows].T
    ranks = np.arange(len(tower))[:, None]
    top: np.ndarray = np.where(tower < _TRADEABLE, ranks, -1).max(axis=0)
    return top


def _hand_over(batch: Batch, rows: np.ndarray, source: np.ndarray, target: np.ndarray) -> None:
    """``source``'s top-most path or risk tile goes on top of ``target``'s collection (the
    items above it close up)."""
    top = _top(batch, rows, source)
    tower = batch.towers[source, :, rows].T
    item = tower[top, np.arange(rows.size)]
    above = np.arange(len(tower) - 1)[:, None] >= top
    tower[:-1] = np.where(above, tower[1:], tower[:-1])
    tower[-1] = _NO_ITEM
    batch.towers[source, :, rows] = tower.T
    batch.heights[source, rows] -= 1
    _push(batch, rows, target, item)


def _gift(batch: Batch, rows: np.ndarray, giver: np.ndarray) -> None:
    """VX-ACT-1 on hoch² collections: the giver's top path or risk tile goes to the player
    whose top tile ranks highest (a bad tile) or lowest (a good one), ties to the nearest
    clockwise; risk tiles rank by ``risk_rank``; nothing happens without such a tile."""
    tables = _tables()
    towers = batch.towers[:, :, rows].astype(np.int64)  # [players, items, games]
    depth = np.arange(towers.shape[1])[:, None]
    tops = np.where(towers < _TRADEABLE, depth, -1).max(axis=1)
    each = np.arange(rows.size)
    tiles = towers[np.arange(len(towers))[:, None], np.maximum(tops, 0), each]
    ranks = np.where(tops >= 0, tables["rank"][tiles], 0)
    risk = tables["risk"][tiles]
    if batch.rules.risk_rank == "parity":  # ±N by the holder's parity
        odd = (tables["risk"][towers] > 0).sum(axis=1) % 2
        ranks = np.where((tops >= 0) & (risk > 0), (1 - 2 * odd) * risk, ranks)
    giving = tops[giver, each] >= 0
    tile = tiles[giver, each]
    if batch.rules.risk_rank == "zero":
        bad = (tables["minus"][tile] > 0) | (risk[giver, each] > 0)
    else:
        bad = (tables["minus"][tile] > 0) | ((risk[giver, each] > 0)
                                             & (ranks[giver, each] < 0))
    players = len(towers)
    seats = np.arange(players)[:, None]
    key = np.where(seats != giver, ranks * np.where(bad, 1, -1), np.iinfo(np.int64).min)
    tied = key == key.max(axis=0)
    receiver = np.where(tied, (seats - giver) % players, players).argmin(axis=0)
    _hand_over(batch, rows[giving], giver[giving], receiver[giving])


def _after_action(
    batch: Batch, rows: np.ndarray, arrived: np.ndarray, worn: np.ndarray
) -> np.ndarray:
    """The end of a play: game over (HO-END-1), the hat action of the pawn that arrived
    (HO-HAT-2), or on: returns the games that go on (to `_after_move`)."""
    over = _over(batch, rows)
    _finish(batch, rows[over])
    hat = ~over & (arrived >= 0)
    batch.phase[rows[hat]] = _HAT
    batch.arrived[rows[hat]] = arrived[hat]
    batch.arrived_hat[rows[hat]] = worn[hat]
    on: np.ndarray = rows[~over & ~hat]
    return on


def _finish(batch: Batch, rows: np.ndarray) -> None:
    batch.phase[rows] = _OVER
    batch.plays[rows] = 0
    batch.yellow[rows] = False
    batch.arrived[rows] = -1
    batch.arrived_hat[rows] = 0


def _over(batch: Batch, rows: np.ndarray) -> np.ndarray:
    """HO-END-1: every pawn has reached the finish."""
    rearmost = batch.pawns[:: _shape(batch.rules).pawns]  # each player's, on the finish
    over: np.ndarray = (rearmost[:, rows] == batch.length[rows] - 1).all(axis=0)  # when all are
    return over


def _in_play(batch: Batch, rows: np.ndarray, player: np.ndarray) -> np.ndarray:
    """Whether ``player`` has a pawn short of the finish (the first is the rearmost)."""
    at = player * _shape(batch.rules).pawns * batch.phase.size + rows
    first = batch.pawns.reshape(-1)[at]
    playing: np.ndarray = first != batch.length[rows] - 1
    return playing


def _after_move(batch: Batch, rows: np.ndarray) -> np.ndarray:
    """HO-TURN-3: after a yellow first card the player may play the second card too; returns
    the other games (to `_end_of_plays`)."""
    batch.phase[rows] = _PLAY
    batch.arrived[rows] = -1
    batch.arrived_hat[rows] = 0
    player = batch.player[rows]
    double = (
        (batch.plays[rows] == 1) & batch.yellow[rows]
        & (batch.hands.reshape(-1)[_hand_at(batch, rows, player)] != _NO_CARD)
        & _in_play(batch, rows, player)
    )
    batch.phase[rows[double]] = _DOUBLE
    single: np.ndarray = rows[~double]
    return single


def _end_of_plays(batch: Batch, rows: np.ndarray) -> np.ndarray:
    """HO-TURN-4: draw back up to 2 cards (none once every own pawn is home); returns the
    games that pass the turn (to `_next_player`)."""
    player = batch.player[rows]
    second = _hand_at(batch, rows, player) + batch.phase.size
    drawing = (batch.hands.reshape(-1)[second] == _NO_CARD) & _in_play(batch, rows, player)
    batch.phase[rows[drawing]] = _DRAW
    passing: np.ndarray = rows[~drawing]
    return passing


def _next_player(batch: Batch, rows: np.ndarray) -> None:
    """Pass clockwise, skipping players with every pawn home (HO-TURN-5, HO-END-1)."""
    if not rows.size:
        return
    shape = _shape(batch.rules)
    players = shape.players
    first = batch.pawns[:: shape.pawns][:, rows]
    on_way = first != batch.length[rows] - 1
    after = (np.arange(players)[:, None] - batch.player[rows] - 1) % players
    best = (on_way * (players - after)).max(axis=0)
    found = best > 0
    batch.player[rows[found]] = (batch.player[rows] + players - best + 1)[found] % players
    batch.phase[rows] = np.where(found, _PLAY, _OVER)
    batch.plays[rows] = 0
    batch.yellow[rows] = False
    batch.arrived[rows[found]] = -1
    batch.arrived_hat[rows[found]] = 0


def _draw(batch: Batch, rows: np.ndarray, card: np.ndarray, then: _Then) -> None:
    """HO-TURN-4: the card from the draw pile (the discard pile reshuffled once it is
    empty) into the hand, kept in card order; the turn passes once the hand holds two."""
    refill = rows[~np.any(batch.pile, axis=0)[rows]]
    batch.pile[:, refill] = batch.discard[:, refill]
    batch.discard[:, refill] = 0
    n = batch.phase.size
    batch.pile.reshape(-1)[card * n + rows] -= 1
    hands = batch.hands.reshape(-1)
    at = _hand_at(batch, rows, batch.player[rows])
    hand0 = hands[at]
    single = hand0 == _NO_CARD
    hands[at] = np.where(single, card, np.minimum(hand0, card))
    hands[at + n] = np.where(single, _NO_CARD, np.maximum(hand0, card))
    then.next.append(rows[~single])


def _hat(batch: Batch, rows: np.ndarray, action: np.ndarray, then: _Then) -> None:
    """HO-HAT-2: take, hand over or swap a hat, or leave them as they are."""
    player = batch.player[rows]
    tile = batch.arrived[rows]
    worn = batch.arrived_hat[rows]
    owner, pos = batch.hat_owner, batch.hat_pos
    for i, take in ((0, _TAKE_LUCKY), (1, _TAKE_CURSED)):
        mine = action == take
        owner[i, rows[mine]] = player[mine]
        pos[i, rows[mine]] = tile[mine]
    give = action >= _GIVE
    owner[worn[give] - 1, rows[give]] = action[give] - _GIVE
    swap = action == _SWAP
    games, wearer, other = rows[swap], worn[swap] - 1, 2 - worn[swap]
    owner[wearer, games], pos[wearer, games] = owner[other, games], pos[other, games]
    owner[other, games], pos[other, games] = player[swap], tile[swap]
    then.move.append(rows)


def _steal(batch: Batch, rows: np.ndarray, victim: np.ndarray, then: _Then) -> None:
    """VX-ACT-2 in hoch²: the victim's top-most path or risk tile goes to the thief; then
    the pending hat action, if any."""
    _hand_over(batch, rows, victim, batch.player[rows])
    arrived, worn = batch.arrived[rows].copy(), batch.arrived_hat[rows].copy()
    batch.arrived[rows] = -1
    batch.arrived_hat[rows] = 0
    then.action.append((rows, arrived, worn))


def _attack(batch: Batch, rows: np.ndarray, origin: np.ndarray, then: _Then) -> None:
    """HO-ATTACK-1: both cards push every opponent pawn and every guard on the tile by
    their value (rulings: no tile taken, no hat action; a finish token per piece pushed
    exactly home; pushed hats reaching the finish go to their wearers' owners)."""
    shape = _shape(batch.rules)
    players, pawns = shape.players, shape.pawns
    player = batch.player[rows]
    n = batch.phase.size
    hands = batch.hands.reshape(-1)
    at = _hand_at(batch, rows, player)
    hand0, hand1 = hands[at].astype(np.int64), hands[at + n].astype(np.int64)
    discard = batch.discard.reshape(-1)
    discard[hand0 * n + rows] += 1
    paired = hand1 != _NO_CARD
    discard[(hand1 * n + rows)[paired]] += 1
    value = _tables()["value"][hand0]
    finish = batch.length[rows] - 1
    target = np.minimum(np.maximum(origin + value, 0), finish)
    block = batch.pawns[:, rows].reshape(players, pawns, rows.size).astype(np.int64)
    theirs = (np.arange(players)[:, None, None] != player) & (block == origin)
    block = np.sort(np.where(theirs, target, block), axis=1)
    batch.pawns[:, rows] = block.reshape(players * pawns, rows.size)
    guards = batch.guards[:, rows].astype(np.int64)
    pushed_guards = guards == origin
    batch.guards[:, rows] = np.sort(np.where(pushed_guards, target, guards), axis=0)
    pushed = theirs.sum(axis=(0, 1)) + pushed_guards.sum(axis=0)
    exact = origin + value == finish
    for k in range(int(np.where(exact, pushed, 0).max(initial=0))):
        token = exact & (k < pushed) & (batch.tokens[rows] < len(TOKEN_STACK))
        _take_token(batch, rows[token], player[token])
    for i in (0, 1):
        owner = batch.hat_owner[i, rows]
        hit = (owner >= 0) & (owner != player) & (batch.hat_pos[i, rows] == origin)
        home = hit & (target == finish)
        _hat_home(batch, rows[home], np.full(int(home.sum()), i))
        moved = hit & ~home
        batch.hat_pos[i, rows[moved]] = target[moved]
    hands[at] = _NO_CARD
    hands[at + n] = _NO_CARD
    batch.plays[rows] = 2
    batch.yellow[rows] = False
    over = _over(batch, rows)
    batch.phase[rows[over]] = _OVER
    batch.plays[rows[over]] = 0
    then.plays_end.append(rows[~over])


# --- playouts and observations -----------------------------------------------------------


def advance(batch: Batch, action_ids: np.ndarray) -> None:
    """Apply one id per game to the writable ``batch`` in place, unchecked, as
    `amigo_rules.batch.verflixxt.advance` does; `step` is the checked form."""
    ids = lockstep.action_ids(batch, action_ids)
    lockstep.advance(_apply, batch, ids, is_terminal(batch))


LOCKSTEP = lockstep.Functions(
    terminal=is_terminal, sample=sample_chance, decide=sample_actions, advance=_apply
)
"""The game's `lockstep.Functions`: the shared loop's functions over a whole batch (its
``advance``, `advance`'s work without the checks and the sub-batch: the loop feeds it
writable batches of games in play, -1 where nothing moves)."""


def random_playouts(rules: ho.Rules | None, n: int, seed: int | None = None) -> Playouts:
    """``n`` new games played to the end: cards drawn with their probabilities, decisions
    uniformly among the legal moves, everything (the setups too) from one generator seeded
    with ``seed``. A game ends with probability 1 but has no bound on its length."""
    rng = np.random.default_rng(seed)
    return lockstep.play_out(LOCKSTEP, new_games(rules, n, rng), rng)


def observation_array(
    batch: Batch, player: int | np.ndarray, *, out: np.ndarray | None = None
) -> np.ndarray:
    """``float32[n, array_length]``: row ``i`` is
    ``observation(to_states(batch)[i], player).to_array()``; ``player`` is one seat for
    every row or an array of one seat per row. With ``out`` (``float32[n, array_length]``,
    preallocated by the caller) the rows are written into it and it is returned."""
    rules = batch.rules
    shape = _shape(rules)
    n, players, length = batch.phase.size, shape.players, shape.length
    viewer = lockstep.seats(player, n, players)
    width = ho.array_length(rules)
    where = ho.array_places(rules)  # the scalar observation's layout, read by key
    per_slot = where["tile"][1]
    row = np.arange(n)[:, None] * width
    owner, pos = batch.hat_owner.T.astype(np.int64), batch.hat_pos.T.astype(np.int64)
    worn = owner >= 0
    towers = batch.towers.transpose(2, 0, 1).astype(np.int64)
    filled = np.arange(shape.items) < batch.heights.T[:, :, None]
    items, collected = where["items"]
    wearer, hat_stride = where["wearer"]
    hands = batch.hands.reshape(players, 2, n)[viewer, :, np.arange(n)].astype(np.int64)
    entries = [
        row + np.arange(length) * per_slot + batch.tiles[:length].T,
        row + batch.pawns.T.astype(np.int64) * per_slot + where["pawns"][0]
        + np.arange(players * shape.pawns) // shape.pawns,
        row + batch.guards.T.astype(np.int64) * per_slot + where["guards"][0],
        # the lucky hat's entry, then the cursed cap's
        (row + pos * per_slot + where["lucky"][0] + np.arange(2))[worn],
        (row[:, :, None] + items + np.arange(players)[:, None] * collected + towers)[filled],
        # "nobody" follows the wearers
        row + wearer + np.arange(2) * hat_stride + np.where(worn, owner, players),
        (row + where["hand"][0] + hands)[hands != _NO_CARD],
        row[:, 0] + where["phase"][0] + batch.phase,
        row[:, 0] + where["active"][0] + batch.player,
        row[:, 0] + where["viewer"][0] + viewer,
    ]
    flat = np.concatenate([e.ravel() for e in entries])
    out = lockstep.observation_rows(out, (n, width))
    out[...] = np.bincount(flat, minlength=n * width).reshape(n, width)
    sizes = where["hand_size"][0]
    out[:, sizes : sizes + players * collected : collected] = (batch.hands != _NO_CARD).sum(
        axis=1).T
    out[:, where["discard"][0] : where["discard"][0] + len(CARDS)] = batch.discard.T
    counts = where["pile"][0]  # then tokens, plays, yellow, arrived, arrived_hat
    out[:, counts : counts + 6] = np.stack([
        batch.pile.sum(axis=0), batch.tokens, batch.plays, batch.yellow, batch.arrived + 1,
        batch.arrived_hat,
    ], axis=1)
    return out


__getattr__ = renamed(__name__, {"ENGINE": "LOCKSTEP"}, globals())
