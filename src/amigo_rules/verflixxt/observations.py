"""What one player sees: in Verflixxt! everything on the table is public, except other
players' towers with ``towers="top"`` / ``"hidden"`` (VXV-HIDDEN-TOWERS)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from types import MappingProxyType

import attrs
import numpy as np

from ..core.arrays import ArrayBlock, Place, at, layout, length, listing, places
from ..core.checks import onlooker, state_of, wrong_type
from ..track import ACTIONS, FACE_DOWN, FINISH, PATH_TILES, START
from .cards import CARDS
from .rules import Rules
from .setup import box, guard_positions, path_tiles, track_length
from .state import Phase, State

TILE_KINDS = (START, FINISH, *ACTIONS, *PATH_TILES)
"""The one-hot order of a track slot in `Observation.to_array`."""
PHASES = tuple(Phase)
HIDDEN = "?"
"""A tile the viewer cannot see (VXV-HIDDEN-TOWERS)."""


@cache
def _tile_index() -> Mapping[str, int]:
    return MappingProxyType({**{t: i for i, t in enumerate(TILE_KINDS)},
                             HIDDEN: len(TILE_KINDS) + 1})


@attrs.frozen
class Observation:
    """Player ``viewer``'s view of the table."""

    viewer: int
    """The seat whose view this is."""
    rules: Rules
    """The game's rules."""
    tiles: tuple[str, ...]
    """The track from start to finish (``"?"`` for a face-down tile, VXV-10)."""
    pawns: tuple[tuple[int, ...], ...]
    """Each player's pawn positions, ascending."""
    guards: tuple[int, ...]
    """The guards' positions, ascending."""
    towers: tuple[tuple[str, ...], ...]
    """Each player's tower, bottom to top (``"?"`` where hidden, VXV-HIDDEN-TOWERS)."""
    player: int
    """The active player."""
    phase: Phase
    """Where the game stands."""
    roll: int
    """The die rolled this turn while ``phase`` is MOVE, else 0."""
    penalty: tuple[int, str] | None = None
    """The VXV-5 penalty ``(player, tile)`` once the game is over (public)."""
    hands: tuple[tuple[int, ...], ...] = ()
    """VXV-9: every player's tactical cards (public: played cards lie open)."""
    played: tuple[int, ...] = ()
    """VXV-9: the cards the active player has played this turn."""

    def to_array(self) -> np.ndarray:
        """A flat float32 encoding of fixed length for the rules (`array_length`).

        Per track slot: tile one-hot (`TILE_KINDS`, then "no tile", then with
        ``hidden_tiles`` a face-down tile, VXV-10), each player's pawn
        count, guard count; per player: tower counts per path tile and the top tile
        one-hot (last entry: empty), and with hidden towers (VXV-HIDDEN-TOWERS) the number
        of tiles the viewer cannot see (a hidden top sets no top entry); then roll, phase,
        active player and viewer one-hot; with ``tactical_cards`` (VXV-9) per player the
        cards in hand, then the cards played this turn (one entry per card -1, 1 … 6).
        """
        rules = self.rules
        where = _places(rules)
        out = np.zeros(length(_layout(rules)), dtype=np.float32)
        index = _tile_index()
        tiles = self.tiles
        slot = where["tile"][1]  # entry i of slot s of a part at (start, slot): start + s·slot + i
        for s in range(track_length(rules)):
            out[s * slot + (index[tiles[s]] if s < len(tiles) else len(TILE_KINDS))] = 1
        pawns, guards = where["pawns"][0], where["guards"][0]
        for p, positions in enumerate(self.pawns):
            for x in positions:
                out[pawns + x * slot + p] += 1
        for g in self.guards:
            out[guards + g * slot] += 1
        for p, tower in enumerate(self.towers):
            base = at(where["tower"], p)
            for t in tower:
                if t == HIDDEN:
                    out[at(where["unseen"], p)] += 1
                else:
                    out[base + PATH_TILES.index(t)] += 1
            if not tower:
                out[at(where["empty"], p)] = 1
            elif tower[-1] != HIDDEN:
                out[at(where["top"], p, PATH_TILES.index(tower[-1]))] = 1
        if self.roll:
            out[at(where["die"], 0, self.roll - 1)] = 1
        out[at(where["phase"], 0, PHASES.index(self.phase))] = 1
        out[at(where["active"], 0, self.player)] = 1
        if self.viewer >= 0:  # none for a SPECTATOR
            out[at(where["viewer"], 0, self.viewer)] = 1
        if rules.tactical_cards:
            for p, hand in enumerate(self.hands):
                for value in hand:
                    out[at(where["hand"], p, CARDS.index(value))] = 1
            for value in self.played:
                out[at(where["played"], 0, CARDS.index(value))] = 1
        return out


@lru_cache(maxsize=64)
def _layout(rules: Rules) -> tuple[ArrayBlock, ...]:
    """The one description of the array: `observation_layout`, `array_length`,
    `array_places`, `array_bounds`, `Observation.to_array` and the batch engine's rows read
    it."""
    players = rules.players
    kinds = len(PATH_TILES)
    hidden = rules.towers != "open"
    cards = len(CARDS) if rules.tactical_cards else 0
    slot = [
        (len(TILE_KINDS) + 1 + rules.hidden_tiles, "one-hot",
         f"the tile: {listing(TILE_KINDS)}, then no tile (not laid yet, or beyond the finish)"
         + (", then a face-down tile (VXV-10)" if rules.hidden_tiles else ""), "tile"),
        (players, "count", "pawns of player 0, 1, … on the slot", "pawns"),
        (1, "count", "guards on the slot", "guards"),
    ]
    tower = [
        (kinds, "count", f"tiles of each kind in the tower: {listing(PATH_TILES)}", "tower"),
        (kinds, "one-hot or none", "the top tile, same order (none when it is hidden)", "top"),
        (1, "one-hot or none", "the tower is empty", "empty"),
        (hidden, "count", "tiles of the tower the viewer cannot see (VXV-HIDDEN-TOWERS)",
         "unseen"),
    ]
    turn = [
        (6, "one-hot or none", "the die rolled this turn, 1 … 6 (none before the roll)", "die"),
        (len(PHASES), "one-hot", f"the phase: {listing(p.value for p in PHASES)}", "phase"),
        (players, "one-hot", "the active player", "active"),
        (players, "one-hot", "the viewer", "viewer"),
    ]
    hands = [(cards, "flag", f"VXV-9: tactical cards in hand, {listing(CARDS)}", "hand")]
    played = [(cards, "flag", "VXV-9: cards the active player has played this turn", "played")]
    return layout(("track slot", track_length(rules), slot), ("player", players, tower),
                  ("", 1, turn), ("player", players if cards else 0, hands), ("", 1, played))


@lru_cache(maxsize=64)
def _places(rules: Rules) -> Mapping[str, Place]:
    return places(_layout(rules))


def array_length(rules: Rules) -> int:
    """The length of `Observation.to_array` for ``rules``."""
    if type(rules) is not Rules:
        raise wrong_type("array_length", Rules, rules)
    return length(_layout(rules))


def array_places(rules: Rules) -> Mapping[str, Place]:
    """Where each part of `Observation.to_array` lies, by its key (`core.arrays.places`
    of `observation_layout`): what the batch engine writes its rows by."""
    return _places(state_of("array_places", Rules, rules))


def observation_layout(rules: Rules) -> tuple[ArrayBlock, ...]:
    """Which entries of `Observation.to_array` mean what, for ``rules``. Seats are absolute
    (entry ``p`` is player ``p`` whoever views); the viewer is marked at the end.

    >>> blocks = observation_layout(Rules())
    >>> [(b.name, b.start, b.count, b.width) for b in blocks]  # doctest: +NORMALIZE_WHITESPACE
    [('track slot', 0, 34, 29), ('player', 986, 4, 39), ('', 1142, 1, 20)]
    """
    if type(rules) is not Rules:
        raise wrong_type("observation_layout", Rules, rules)
    return _layout(rules)


def array_bounds(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The least and greatest value of every entry of `Observation.to_array` for ``rules``:
    0 and 1 for the one-hot entries, else the count's maximum (pawns per player on a slot,
    guards, tiles of a kind in a tower, hidden tiles)."""
    state_of("array_bounds", Rules, rules)
    where = _places(rules)
    players = rules.players
    high = np.ones(length(_layout(rules)), dtype=np.float32)
    tiles = (START, *path_tiles(rules), FINISH)
    guards = len(guard_positions(rules, tiles))
    for s in range(track_length(rules)):
        high[at(where["pawns"], s) : at(where["pawns"], s, players)] = rules.pawns_per_player
        high[at(where["guards"], s)] = guards
    counts = box(rules)
    for p in range(players):
        high[at(where["tower"], p) : at(where["tower"], p, len(PATH_TILES))] = [
            counts[t] for t in PATH_TILES]
        if "unseen" in where:
            high[at(where["unseen"], p)] = sum(counts.values())
    return np.zeros_like(high), high


def observation(state: State, player: int) -> Observation:
    """What ``player`` sees of ``state``: the whole table, other players' towers as
    ``"?"`` tiles where the rules hide them (VXV-HIDDEN-TOWERS: ``"hidden"`` shows only
    their size, ``"top"`` their size and top tile; a player always sees their own), and
    face-down track tiles as ``"?"`` (VXV-10)."""
    if type(state) is not State:
        raise wrong_type("observation", State, state)
    rules = state.rules
    player = onlooker(player, rules.players)
    board = state.board
    tiles = board.tiles
    if rules.hidden_tiles:  # VXV-10: face-down tiles show no value
        tiles = tuple(HIDDEN if t[0] == FACE_DOWN else t for t in tiles)
    towers = state.towers
    if rules.towers != "open":
        towers = tuple(
            tower if p == player else _masked(tower, rules.towers == "top")
            for p, tower in enumerate(towers)
        )
    return Observation(
        player, rules, tiles, board.pawns, board.guards, towers,
        state.player, state.phase, state.roll, state.penalty, state.hands, state.played,
    )


def _masked(tower: tuple[str, ...], show_top: bool) -> tuple[str, ...]:
    if show_top and tower:
        return (HIDDEN,) * (len(tower) - 1) + tower[-1:]
    return (HIDDEN,) * len(tower)
