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

from collections.abc import Iterable

import numpy as np

from .. import verflixxt_hoch as ho
from ..core import CHANCE, TERMINAL, StateError
from ..core.chance import sample_outcome
from ..core.deprecation import renamed
from ..track import Board
from ..verflixxt_hoch import CARDS, COLLECTED, PHASES, TILE_KINDS, hat_draw, hat_ties
from . import lockstep
from .lockstep import Playouts
from .verflixxt_hoch_arrays import (
    DRAW,
    NO_CARD,
    OVER,
    PLAY,
    Batch,
    check_rules,
    empty,
    shape,
    tables,
)
from .verflixxt_hoch_moves import choices, random_decisions
from .verflixxt_hoch_turn import apply_ids, drawn_from

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


_SETUP_PHASES = (ho.Phase.LAY, ho.Phase.DEAL, ho.Phase.HATS)


# --- states in and out -------------------------------------------------------------------


def from_states(states: Iterable[ho.State], *, check: bool = True) -> Batch:
    """The batch whose game ``i`` is ``states[i]``: states of one `Rules`, each checked like
    `amigo_rules.verflixxt_hoch.from_json` checks a document (`StateError` if inconsistent
    or still in a setup phase); ``check=False`` skips the document check, for states the
    scalar engine made (about ten times faster)."""
    rules, distinct, rows = lockstep.distinct_states(states, ho, check)
    s = shape(rules)
    unique = empty(s, rules, len(distinct))
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
    s = shape(rules)
    players, pawns = s.players, s.pawns
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
            tuple(tuple(CARDS[c] for c in hand if c != NO_CARD) for hand in hands),
            tuple(pile), tuple(discard), player, PHASES[phase], plays, yellow, arrived, worn,
        ))
    return tuple(states)


def new_games(
    rules: ho.Rules | None, n: int, seed: int | np.random.Generator | None = None
) -> Batch:
    """``n`` new games, set up as by `amigo_rules.verflixxt_hoch.new_game` (HO-SETUP-1 …
    HO-SETUP-4): per game a shuffled track, the guards, the cards dealt and the hats drawn,
    everything from ``seed`` (not the games of ``new_game(rules, seed=…)``)."""
    rules = check_rules(rules)
    s = shape(rules)
    n = lockstep.size(n)
    rng = np.random.default_rng(seed)
    batch = empty(s, rules, n)
    tiles = np.repeat(s.start_tiles[:, None], n, axis=1)
    if s.slots.size:  # HO-SETUP-1
        tiles[s.slots] = rng.permuted(np.tile(s.box, (n, 1)), axis=1).T
    batch.tiles[:] = tiles
    batch.length[:] = s.length
    positive = tables()["positive"][tiles]  # HO-SETUP-2
    batch.guards[:] = np.argsort(~positive, axis=0, kind="stable")[: s.guards]
    cards = np.repeat(np.arange(len(CARDS), dtype=np.int8), s.deck)
    order = rng.permuted(np.tile(cards, (n, 1)), axis=1)
    players = s.players
    dealt = np.sort(order[:, : 2 * players].reshape(n, players, 2), axis=2)  # HO-SETUP-3
    batch.hands[:] = dealt.transpose(1, 2, 0)
    turned = _hat_draws(rules, order[:, 2 * players :], rng, batch)  # HO-SETUP-4
    cards_used = np.arange(order.shape[1])
    used = cards_used < 2 * players + turned[:, None]
    shown = used & (cards_used >= 2 * players)
    flat = order + len(CARDS) * np.arange(n)[:, None]
    batch.pile[:] = s.deck[:, None] - _counts(flat[used], n)
    batch.discard[:] = _counts(flat[shown], n)
    batch.hat_pos[:] = 0
    batch.player[:] = batch.hat_owner[0]
    batch.phase[:] = PLAY
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
    values = tables()["value"][order]
    first = values[:, :players]
    top = first.max(axis=1, keepdims=True)
    lucky = first.argmax(axis=1)
    second = np.where(np.arange(players) == lucky[:, None], -2, first)
    cursed = second.argmax(axis=1)
    clear = ((first == top).sum(axis=1) == 1) & (
        (second == second.max(axis=1, keepdims=True)).sum(axis=1) == 1)
    turned = np.full(len(order), players)
    owners = np.stack([lucky, cursed])
    for game in lockstep.indices(~clear):
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
    out = np.where(batch.phase == DRAW, CHANCE, batch.player)
    out[batch.phase == OVER] = TERMINAL
    return out


def is_terminal(batch: Batch) -> np.ndarray:
    """``bool[n]``: the games that are over (HO-END-1)."""
    over: np.ndarray = batch.phase == OVER
    return over


def score(batch: Batch) -> np.ndarray:
    """``int64[n, players]``: each player's score as if the game ended now (HO-SCORE-1):
    path tiles by VX-SCORE-1 (lucky tiles turn the largest minus tiles), risk tiles by
    HO-RISK-1, finish tokens and hats."""
    t = tables()
    towers = batch.towers[:, : int(batch.heights.max(initial=0))]  # the rest: NO_ITEM
    face = t["plus"] - t["minus"] + t["token"] + t["hat"]  # per item: lucky and risk aside
    risk = t["risk"][towers]
    odd = (risk > 0).sum(axis=1) % 2
    scores: np.ndarray = (
        face[towers].sum(axis=1)
        + 2 * lockstep.lucky_turned(t["minus"].astype(np.int8)[towers], t["lucky"][towers],
                                    axis=1)
        + (1 - 2 * odd) * risk.sum(axis=1)
    )
    return scores.T


def returns(batch: Batch) -> np.ndarray:
    """``float64[n, players]``: at a finished game each winner's share (1/k for k winners,
    HO-SCORE-1); zeros before."""
    scores = score(batch)
    won = (scores == scores.max(axis=1, keepdims=True)) & is_terminal(batch)[:, None]
    winners = won.sum(axis=1, keepdims=True)
    return np.where(won, 1.0 / np.maximum(winners, 1), 0.0)


# --- decisions ---------------------------------------------------------------------------


def legal_action_mask(batch: Batch) -> np.ndarray:
    """``bool[n, num_actions]``: per game the legal decision ids (`action_id`'s); all False
    at chance and terminal games."""
    return lockstep.mask(choices(batch), batch.phase.size, shape(batch.rules).actions)


def _source(batch: Batch) -> np.ndarray:
    """``int16[16, n]``: the pile each game would draw from: the draw pile, or the discard
    pile once it is empty (HO-TURN-4)."""
    source: np.ndarray = np.where(batch.pile.any(axis=0), batch.pile, batch.discard)
    return source


def chance_probabilities(batch: Batch) -> np.ndarray:
    """``float64[n, num_chance_outcomes]``: per drawing game each card kind's share of the
    pile it is drawn from (HO-TURN-4); other games all zero."""
    out = np.zeros((batch.phase.size, shape(batch.rules).outcomes))
    rows = lockstep.indices(batch.phase == DRAW)
    if rows.size:
        source = _source(batch)[:, rows].T
        out[rows, : len(CARDS)] = source / source.sum(axis=1, keepdims=True)
    return out


def sample_chance(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per drawing game a card drawn with its exact probability (one integer
    draw per game); -1 at the other games."""
    ids = np.empty(batch.phase.size, dtype=np.int64)
    ids.fill(-1)
    drawing = lockstep.indices(batch.phase == DRAW)
    if drawing.size:
        ids[drawing] = _drawn(batch, drawing, rng)
    return ids


def _drawn(batch: Batch, drawing: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The cards drawn in the games ``drawing`` (each at a draw), in order: `sample_chance`'s
    draws."""
    source = batch.pile.take(drawing, axis=1)
    empty = ~source.any(axis=0)
    if empty.any():  # as `_source`
        source[:, empty] = batch.discard.take(drawing[empty], axis=1)
    return drawn_from(source, rng)


def sample_actions(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision node a legal decision id drawn uniformly among
    the legal moves (a random player); -1 at chance and terminal nodes."""
    return random_decisions(batch, rng)


# --- moves -------------------------------------------------------------------------------


def step(batch: Batch, action_ids: np.ndarray) -> Batch:
    """The batch after one move per game: a decision id (`amigo_rules.verflixxt_hoch.action_id`)
    at a decision node, ``draw C`` (the index of ``C`` in `CARDS`) at a draw. Finished games
    stay as they are (their id is ignored).

    Raises `IllegalMoveError` naming the first game whose id is not legal there; ``batch``
    is never changed.
    """
    ids = lockstep.action_ids(batch, action_ids)
    lockstep.check_choices(choices(batch), ids)
    rows = lockstep.indices(batch.phase == DRAW)
    lockstep.check_chance(rows, ids, _source(batch)[:, rows].T > 0)
    out = lockstep.copied(batch)
    apply_ids(out, np.where(is_terminal(batch), -1, ids))
    return lockstep.frozen(out)


# --- playouts and observations -----------------------------------------------------------


def advance(batch: Batch, action_ids: np.ndarray) -> None:
    """Apply one id per game to the writable ``batch`` in place, unchecked, as
    `amigo_rules.batch.verflixxt.advance` does; `step` is the checked form."""
    ids = lockstep.action_ids(batch, action_ids)
    lockstep.advance(apply_ids, batch, ids, is_terminal(batch))


LOCKSTEP = lockstep.Functions(
    terminal=is_terminal, sample=sample_chance, decide=sample_actions, advance=apply_ids
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
    s = shape(rules)
    n, players, length = batch.phase.size, s.players, s.length
    viewer = lockstep.seats(player, n, players)
    width = ho.array_length(rules)
    where = ho.array_places(rules)  # the scalar observation's layout, read by key
    per_slot = where["tile"][1]
    row = np.arange(n)[:, None] * width
    owner, pos = batch.hat_owner.T.astype(np.int64), batch.hat_pos.T.astype(np.int64)
    worn = owner >= 0
    towers = batch.towers.transpose(2, 0, 1).astype(np.int64)
    filled = np.arange(s.items) < batch.heights.T[:, :, None]
    items, collected = where["items"]
    wearer, hat_stride = where["wearer"]
    hands = batch.hands.reshape(players, 2, n)[viewer, :, np.arange(n)].astype(np.int64)
    entries = [
        row + np.arange(length) * per_slot + batch.tiles[:length].T,
        row + batch.pawns.T.astype(np.int64) * per_slot + where["pawns"][0]
        + np.arange(players * s.pawns) // s.pawns,
        row + batch.guards.T.astype(np.int64) * per_slot + where["guards"][0],
        # the lucky hat's entry, then the cursed cap's
        (row + pos * per_slot + where["lucky"][0] + np.arange(2))[worn],
        (row[:, :, None] + items + np.arange(players)[:, None] * collected + towers)[filled],
        # "nobody" follows the wearers
        row + wearer + np.arange(2) * hat_stride + np.where(worn, owner, players),
        (row + where["hand"][0] + hands)[hands != NO_CARD],
        row[:, 0] + where["phase"][0] + batch.phase,
        row[:, 0] + where["active"][0] + batch.player,
        row[:, 0] + where["viewer"][0] + viewer,
    ]
    flat = np.concatenate([e.ravel() for e in entries])
    out = lockstep.observation_rows(out, (n, width))
    out[...] = np.bincount(flat, minlength=n * width).reshape(n, width)
    sizes = where["hand_size"][0]
    out[:, sizes : sizes + players * collected : collected] = (batch.hands != NO_CARD).sum(
        axis=1).T
    out[:, where["discard"][0] : where["discard"][0] + len(CARDS)] = batch.discard.T
    counts = where["pile"][0]  # then tokens, plays, yellow, arrived, arrived_hat
    out[:, counts : counts + 6] = np.stack([
        batch.pile.sum(axis=0), batch.tokens, batch.plays, batch.yellow, batch.arrived + 1,
        batch.arrived_hat,
    ], axis=1)
    return out


__getattr__ = renamed(__name__, {"ENGINE": "LOCKSTEP"}, globals())
