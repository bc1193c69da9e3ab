"""The features of the tile-track games' positions (Verflixxt!, Verflixxt hoch²), read off
observation arrays (`Observation.to_array`, the batch engines' ``observation_array``): only
what the viewing seat may see.

Per seat: the score as if the game ended now (VX-SCORE-1; hoch² HO-SCORE-1), what the
tiles under its pawns standing alone would add (VX-TAKE-1), its lead over the best other
seat, how far its pawns have come, how good the tiles within a die's reach ahead of them
are, its tower's spare lucky tiles and unturned minus tiles, its place in the turn order;
for the whole table how far the game has come and what the track still holds. hoch² adds
the risk tiles' parity (HO-RISK-1), finish tokens, the hats and the cards in hand.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import attrs
import numpy as np

from ... import verflixxt as vx
from ... import verflixxt_hoch as ho
from ...track import PATH_TILES, crowds

__all__ = [
    "HOCH", "VERFLIXXT", "hoch_features", "hoch_observation_features", "verflixxt_features",
    "verflixxt_observation_features",
]

REACH = 6
"""Slots ahead of a pawn counted as within its reach (a die's faces; hoch²'s cards)."""
SCALE = 20.0
"""Points are divided by this (a game's scores run to a few dozen)."""

_COMMON = (
    "score", "pending", "lead", "lead_pending", "progress", "rear", "front", "home",
    "ahead", "spare_lucky", "unturned", "tower", "hidden", "to_move", "later", "roll",
    "late", "plus_left", "minus_left", "seats", "score_late", "pending_late", "lead_late",
)
VERFLIXXT = (*_COMMON, "viewer")
"""The features of a seat in Verflixxt!, in order (``viewer``: the seat that sees, the one
whose chances a value learned against the baselines gives, appended last so that a value
learned before it reads the leading columns)."""
HOCH = (*_COMMON, "risk", "tokens", "lucky_hat", "cursed_cap", "hand", "hand_sum", "hand_top",
        "viewer", "tokens_left")
"""The features of a seat in Verflixxt hoch², in order."""

_PLUS = np.array([int(t[1:]) if t.startswith("+") else 0 for t in PATH_TILES], dtype=np.float64)
_MINUS = np.array([int(t[1:]) if t.startswith("-") else 0 for t in PATH_TILES],
                  dtype=np.float64)
_MAGNITUDES = np.arange(10, 0, -1, dtype=np.float64)
"""The minus tiles' magnitudes, largest first."""
_MINUS_REVERSED = [PATH_TILES.index(f"-{m}") for m in range(10, 0, -1)]
_LUCKY = PATH_TILES.index("L")


@attrs.frozen
class Layout:
    """Where a tile-track game's observation array keeps what the features read."""

    players: int
    slots: int
    slot_start: int
    slot_width: int
    kinds: tuple[str, ...]
    """The track slot's one-hot tile kinds (then "no tile", and further unknown kinds)."""
    kind_width: int
    player_start: int
    player_width: int
    turn_start: int
    """The start of the single group after the players (die or cards, phase, seats)."""
    turn_width: int
    viewer: int
    """The start of the viewer's one-hot (where the game's `array_places` puts it)."""


def _layout(blocks: tuple[Any, ...], kinds: tuple[str, ...], players: int, viewer: int
            ) -> Layout:
    slot, player, turn = (next(b for b in blocks if b.name == name) for name in
                          ("track slot", "player", ""))
    return Layout(players, slot.count, slot.start, slot.width, kinds, slot.parts[0].size,
                  player.start, player.width, turn.start, turn.width, viewer)


def _path_parts(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Of towers given as counts of `PATH_TILES` (``[..., 19]``): the score by VX-SCORE-1
    (the lucky tiles turn the largest minus tiles), the gain of one more tile of each path
    kind (``[..., 19]``), the spare lucky tiles, and the sum of the unturned minus tiles'
    magnitudes."""
    plus = counts @ _PLUS
    minus_total = counts @ _MINUS
    held = counts[..., _MINUS_REVERSED]  # minus tiles by magnitude, largest first
    lucky = counts[..., _LUCKY]
    above = np.cumsum(held, axis=-1) - held
    turned = np.clip(lucky[..., None] - above, 0.0, held)
    turned_sum = turned @ _MAGNITUDES
    score = plus - minus_total + 2 * turned_sum
    unturned = held - turned
    # the smallest turned and the largest unturned magnitude (0 where none)
    smallest = np.where(turned > 0, _MAGNITUDES, np.inf).min(axis=-1)
    largest = np.where(unturned > 0, _MAGNITUDES, 0.0).max(axis=-1)
    spare = np.maximum(lucky - held.sum(axis=-1), 0.0)
    value = _MINUS
    minus_gain = np.where(
        (spare > 0)[..., None], value,
        np.where(np.isinf(smallest)[..., None], -value,
                 np.maximum(-value, value - 2 * np.where(np.isinf(smallest), 0.0,
                                                         smallest)[..., None])))
    gains = np.where(value > 0, minus_gain, _PLUS)
    gains[..., _LUCKY] = 2 * largest
    return score, gains, spare, minus_total - turned_sum


@attrs.frozen
class _Track:
    """The parts shared by both games, per row: tile kind codes per slot, pawn counts per
    slot and player, pieces per slot, the track's length."""

    kind: np.ndarray
    """``int[n, slots]``"""
    pawns: np.ndarray
    """``float[n, slots, players]``"""
    pieces: np.ndarray
    """``float[n, slots]``: pawns and guards."""
    length: np.ndarray
    """``float[n]``: tiles in the track, start and finish included."""


def _track(arrays: np.ndarray, lay: Layout) -> _Track:
    n = arrays.shape[0]
    slots = arrays[:, lay.slot_start : lay.slot_start + lay.slots * lay.slot_width].reshape(
        n, lay.slots, lay.slot_width)
    kind = (slots[:, :, : lay.kind_width] @ np.arange(lay.kind_width, dtype=np.float32)
            ).astype(np.intp)  # one-hot: the index of its 1
    pawns = slots[:, :, lay.kind_width : lay.kind_width + lay.players].astype(np.float64)
    guards = slots[:, :, lay.kind_width + lay.players].astype(np.float64)
    laid = kind != len(lay.kinds)
    return _Track(kind, pawns, pawns.sum(axis=2) + guards, laid.sum(axis=1).astype(np.float64))


def _common(track: _Track, lay: Layout, score: np.ndarray, slot_gain: np.ndarray,
            plus_left: np.ndarray, minus_left: np.ndarray, spare: np.ndarray,
            unturned: np.ndarray, tower: np.ndarray, hidden: np.ndarray, active: np.ndarray,
            roll: np.ndarray, more: list[np.ndarray]) -> np.ndarray:
    """The features of `_COMMON` and then the game's own ``more`` (each ``[n,
    players]``), ``[n, players, 23 + len(more)]``, from the game-specific parts: per seat
    its score, the gain of each slot's tile (``[n, players, slots]``), spare lucky tiles,
    unturned minus points, tower size and unseen tiles; per row what the track holds, the
    active seat and the die shown."""
    players = score.shape[1]
    pawns = track.pawns.transpose(0, 2, 1)  # [n, players, slots]
    alone = (pawns == 1) & (track.pieces[:, None, :] == 1)
    pending = (alone * slot_gain).sum(axis=2)
    own = pawns.sum(axis=2)
    position = np.arange(lay.slots, dtype=np.float64)
    last = np.maximum(track.length - 1, 1.0)[:, None]
    present = pawns > 0
    progress = (pawns @ position) / np.maximum(own, 1.0) / last
    rear = np.where(present, position, np.inf).min(axis=2) / last
    front = np.where(present, position, -np.inf).max(axis=2) / last
    home = np.take_along_axis(pawns, (track.length - 1).astype(np.intp)[:, None, None]
                              .repeat(players, axis=1), axis=2)[:, :, 0]
    # the best tile within reach of each slot (the finish and beyond count nothing)
    inside = position[None, :] < (track.length - 1)[:, None]
    gain = np.where(inside[:, None, :], slot_gain, 0.0)
    best = np.zeros_like(gain)
    for d in range(1, REACH + 1):
        np.maximum(best[:, :, :-d], gain[:, :, d:], out=best[:, :, :-d])
    ahead = (pawns * best).sum(axis=2) / np.maximum(own, 1.0)
    seats = np.arange(players)
    others = np.where(seats[None, :, None] == seats[None, None, :], -np.inf,
                      score[:, None, :]).max(axis=2)
    lead = score - others
    total = score + pending
    lead_pending = total - np.where(seats[None, :, None] == seats[None, None, :], -np.inf,
                                    total[:, None, :]).max(axis=2)
    late = (progress * own).sum(axis=1, keepdims=True) / np.maximum(own.sum(axis=1,
                                                                             keepdims=True), 1)
    late = np.broadcast_to(late, score.shape)
    to_move = (active[:, None] == seats[None, :]).astype(np.float64)
    later = ((seats[None, :] - active[:, None]) % players) / max(players - 1, 1)
    columns = [
        score / SCALE, pending / SCALE, lead / SCALE, lead_pending / SCALE, progress,
        np.where(own > 0, rear, 1.0), np.where(own > 0, front, 1.0),
        home / np.maximum(own, 1.0), ahead / 8, spare, unturned / SCALE, tower / SCALE,
        hidden / 10, to_move, later, to_move * roll[:, None] / 6, late,
        np.broadcast_to(plus_left[:, None], score.shape) / 100,
        np.broadcast_to(minus_left[:, None], score.shape) / 100,
        np.full(score.shape, 1 / players), score * late / SCALE, pending * late / SCALE,
        lead * late / SCALE, *more,
    ]
    return np.stack(columns, axis=2)


def _slot_gains(track: _Track, kinds: tuple[str, ...], gains: np.ndarray,
                extra: dict[str, np.ndarray] | None = None) -> np.ndarray:
    """``[n, players, slots]``: what the tile on each slot would add to each seat's score,
    from per-seat gains of the path tiles (``[n, players, 19]``) and of other kinds."""
    n, players, _ = gains.shape
    table = np.zeros((n, players, len(kinds) + 8))  # unknown kinds (no tile …) count 0
    for code, kind in enumerate(kinds):
        if kind in PATH_TILES:
            table[:, :, code] = gains[:, :, PATH_TILES.index(kind)]
        elif extra is not None and kind in extra:
            table[:, :, code] = extra[kind]
    index = np.broadcast_to(track.kind[:, None, :], (n, players, track.kind.shape[1]))
    return np.take_along_axis(table, index, axis=2)


def _left(track: _Track, kinds: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Per row the points of the plus and of the minus path tiles still in the track."""
    plus = np.zeros(len(kinds) + 8)
    minus = np.zeros(len(kinds) + 8)
    for code, kind in enumerate(kinds):
        if kind in PATH_TILES:
            plus[code] = _PLUS[PATH_TILES.index(kind)]
            minus[code] = _MINUS[PATH_TILES.index(kind)]
    return plus[track.kind].sum(axis=1), minus[track.kind].sum(axis=1)


def _one_hot_index(part: np.ndarray) -> np.ndarray:
    """The index of the 1 of each row of a one-hot part (-1 where none)."""
    return np.where(part.any(axis=1), part.argmax(axis=1), -1)


def _viewer(lay: Layout, arrays: np.ndarray) -> np.ndarray:
    """``float64[n, players]``: the viewer's one-hot of each array."""
    return arrays[:, lay.viewer : lay.viewer + lay.players].astype(np.float64)


@cache
def _layout_of(rules: vx.Rules | ho.Rules) -> Layout:
    game = vx if isinstance(rules, vx.Rules) else ho
    return _layout(game.observation_layout(rules), game.TILE_KINDS, rules.players,
                   game.array_places(rules)["viewer"][0])


def _read(rules: vx.Rules | ho.Rules, arrays: np.ndarray) -> tuple[Layout, _Track, np.ndarray]:
    """The layout of ``rules``, the track of each row, and each player's group ``[n,
    players, width]``."""
    lay = _layout_of(rules)
    groups = arrays[:, lay.player_start : lay.player_start + lay.players * lay.player_width]
    return lay, _track(arrays, lay), groups.reshape(len(arrays), lay.players, lay.player_width
                                                    ).astype(np.float64)


def verflixxt_features(rules: vx.Rules, arrays: np.ndarray, active: np.ndarray) -> np.ndarray:
    """``float64[n, players, len(VERFLIXXT)]`` of observation arrays of Verflixxt! (the
    seat whose turn it is: ``active``)."""
    lay, track, towers = _read(rules, arrays)
    n, players = towers.shape[:2]
    counts = towers[:, :, : len(PATH_TILES)]
    hidden = (towers[:, :, 2 * len(PATH_TILES) + 1] if lay.player_width > 2 * len(PATH_TILES)
              + 1 else np.zeros((n, players)))
    score, gains, spare, unturned = _path_parts(counts)
    die = _one_hot_index(arrays[:, lay.turn_start : lay.turn_start + 6]) + 1
    plus_left, minus_left = _left(track, lay.kinds)
    return _common(track, lay, score, _slot_gains(track, lay.kinds, gains), plus_left,
                   minus_left, spare, unturned, counts.sum(axis=2) + hidden, hidden, active,
                   die.astype(np.float64),
                   [_viewer(lay, arrays)])


_RISK = ("R3", "R4", "R5", "R6", "R7")
_TOKENS = ("T2", "T3", "T4", "T5", "T6")


def hoch_features(rules: ho.Rules, arrays: np.ndarray, active: np.ndarray) -> np.ndarray:
    """``float64[n, players, len(HOCH)]`` of observation arrays of Verflixxt hoch² (the
    seat whose turn it is: ``active``)."""
    lay, track, items = _read(rules, arrays)
    n, players = items.shape[:2]
    collected = ho.COLLECTED
    counts = items[:, :, [collected.index(t) for t in PATH_TILES]]
    path, gains, spare, unturned = _path_parts(counts)
    risk_values = np.array([int(t[1:]) for t in _RISK], dtype=np.float64)
    risks = items[:, :, [collected.index(t) for t in _RISK]]
    odd = risks.sum(axis=2) % 2
    risk_sum = risks @ risk_values
    sign = 1 - 2 * odd
    tokens = items[:, :, [collected.index(t) for t in _TOKENS]] @ np.array(
        [int(t[1:]) for t in _TOKENS], dtype=np.float64)
    hats = 10 * (items[:, :, collected.index("hat+")] - items[:, :, collected.index("hat-")])
    score = path + sign * risk_sum + tokens + hats
    # one more risk tile turns the parity (HO-RISK-1)
    risk_gain = {t: -sign * (risk_sum + v) - sign * risk_sum
                 for t, v in zip(_RISK, risk_values, strict=True)}
    hand = items[:, :, len(collected)]
    # the group after the players: the hats (two one-hot-or-none groups of players + 1)
    hats_start = lay.player_start + players * lay.player_width
    worn = arrays[:, hats_start : hats_start + 2 * (players + 1)].reshape(n, 2, players + 1)
    lucky_hat, cursed_cap = worn[:, 0, :players], worn[:, 1, :players]
    cards = len(ho.CARDS)
    table = arrays[:, hats_start + 2 * (players + 1) :]
    own_cards = table[:, :cards].astype(np.float64)
    card_values = np.array([int(c[:-1]) for c in ho.CARDS], dtype=np.float64)
    at = 2 * cards
    tokens_taken = table[:, at + 1]
    is_viewer = _viewer(lay, arrays)
    hand_sum = own_cards @ card_values
    hand_top = np.where(own_cards > 0, card_values, -1.0).max(axis=1)
    plus_left, minus_left = _left(track, lay.kinds)
    return _common(track, lay, score, _slot_gains(track, lay.kinds, gains, risk_gain),
                   plus_left, minus_left, spare, unturned, items[:, :, : len(collected)]
                   .sum(axis=2), np.zeros((n, players)), active, np.zeros(n), [
                       sign * risk_sum / SCALE, tokens / 10, lucky_hat, cursed_cap, hand / 2,
                       is_viewer * hand_sum[:, None] / 12, is_viewer * hand_top[:, None] / 6,
                       is_viewer, np.broadcast_to(tokens_taken[:, None], (n, players)) / 8])


# --- one observation at a time: the same features without arrays (for the search) ---------

_PATH_INDEX = {tile: i for i, tile in enumerate(PATH_TILES)}
_RISK_VALUES = {t: int(t[1:]) for t in _RISK}
_TOKEN_VALUES = {t: int(t[1:]) for t in _TOKENS}


@attrs.frozen
class _Tower:
    """What the features read of one tower (hoch²: collection), by `_tower`."""

    score: float
    gains: dict[str, float]
    """What one more tile of each kind would add (path and risk tiles)."""
    spare: float
    unturned: float
    hidden: float
    risk: float
    """hoch²: the risk tiles' points with their sign (HO-RISK-1)."""
    tokens: float


@cache
def _tower(tower: tuple[str, ...]) -> _Tower:
    """`_Tower` of a tower given bottom to top (``"?"`` for a tile not seen), scored by
    `_path_parts` as the arrays are."""
    counts = np.zeros(len(PATH_TILES))
    for tile in tower:
        if tile in _PATH_INDEX:
            counts[_PATH_INDEX[tile]] += 1
    path, gains, spare, unturned = (np.asarray(a).item() if np.ndim(a) == 0 else a
                                    for a in _path_parts(counts))
    gain = {tile: float(g) for tile, g in zip(PATH_TILES, gains, strict=True)}
    risks = [_RISK_VALUES[t] for t in tower if t in _RISK_VALUES]
    sign = -1 if len(risks) % 2 else 1
    for tile, value in _RISK_VALUES.items():
        gain[tile] = float(-sign * (sum(risks) + value) - sign * sum(risks))
    tokens = sum(_TOKEN_VALUES.get(t, 0) for t in tower)
    hats = 10 * (tower.count("hat+") - tower.count("hat-"))
    return _Tower(float(path) + sign * sum(risks) + tokens + hats, gain, float(spare),
                  float(unturned), float(tower.count("?")), float(sign * sum(risks)),
                  float(tokens))


@cache
def _left_of(tiles: tuple[str, ...]) -> tuple[float, float]:
    """The points of the plus and of the minus path tiles in the track."""
    plus = sum(_PLUS[_PATH_INDEX[t]] for t in tiles if t in _PATH_INDEX)
    minus = sum(_MINUS[_PATH_INDEX[t]] for t in tiles if t in _PATH_INDEX)
    return float(plus), float(minus)


def _common_rows(observation: Any, towers: list[_Tower], active: int, roll: int
                 ) -> list[list[float]]:
    """The features of `_COMMON` of one observation, per seat (as `_common`)."""
    tiles = observation.tiles
    finish = len(tiles) - 1
    last = max(finish, 1)
    pieces = crowds(observation.pawns, observation.guards)
    players = len(towers)
    pending, progress, parts = [], [], []
    for own, tower in zip(observation.pawns, towers, strict=True):
        gain = tower.gains
        count = max(len(own), 1)
        reach = 0.0
        for x in own:
            best = 0.0
            for y in range(x + 1, min(x + REACH + 1, finish)):
                best = max(best, gain.get(tiles[y], 0.0))
            reach += best
        pending.append(sum(gain.get(tiles[x], 0.0) for x in own if pieces[x] == 1))
        progress.append(sum(own) / count / last)
        parts.append((min(own) / last if own else 1.0, max(own) / last if own else 1.0,
                      own.count(finish) / count, reach / count))
    moved = sum(sum(own) for own in observation.pawns)
    late = moved / max(sum(len(own) for own in observation.pawns), 1) / last
    plus_left, minus_left = _left_of(tiles)
    scores = [t.score for t in towers]
    totals = [s + g for s, g in zip(scores, pending, strict=True)]
    rows = []
    for p, tower in enumerate(towers):
        lead = scores[p] - max(s for q, s in enumerate(scores) if q != p)
        lead_pending = totals[p] - max(t for q, t in enumerate(totals) if q != p)
        rear, front, home, ahead = parts[p]
        to_move = 1.0 if p == active else 0.0
        rows.append([
            scores[p] / SCALE, pending[p] / SCALE, lead / SCALE, lead_pending / SCALE,
            progress[p], rear, front, home, ahead / 8, tower.spare, tower.unturned / SCALE,
            (len(observation.towers[p])) / SCALE, tower.hidden / 10, to_move,
            ((p - active) % players) / max(players - 1, 1), to_move * roll / 6, late,
            plus_left / 100, minus_left / 100, 1 / players, scores[p] * late / SCALE,
            pending[p] * late / SCALE, lead * late / SCALE,
        ])
    return rows


def verflixxt_observation_features(observation: vx.Observation) -> np.ndarray:
    """``float64[players, len(VERFLIXXT)]``: `verflixxt_features` of one observation."""
    towers = [_tower(t) for t in observation.towers]
    rows = _common_rows(observation, towers, observation.player, observation.roll)
    for p, row in enumerate(rows):
        row.append(1.0 if p == observation.viewer else 0.0)
    return np.array(rows)


def hoch_observation_features(observation: ho.Observation) -> np.ndarray:
    """``float64[players, len(HOCH)]``: `hoch_features` of one observation."""
    towers = [_tower(t) for t in observation.towers]
    rows = _common_rows(observation, towers, observation.player, 0)
    viewer = observation.viewer
    values = [int(card[:-1]) for card in observation.hand]
    lucky, cursed = observation.hats
    for p, (row, tower) in enumerate(zip(rows, towers, strict=True)):
        mine = 1.0 if p == viewer else 0.0
        row += [tower.risk / SCALE, tower.tokens / 10,
                1.0 if lucky is not None and lucky[0] == p else 0.0,
                1.0 if cursed is not None and cursed[0] == p else 0.0,
                observation.hand_sizes[p] / 2, mine * sum(values) / 12,
                mine * max(values, default=-1) / 6, mine, observation.tokens / 8]
    return np.array(rows)


