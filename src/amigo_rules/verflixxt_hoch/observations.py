"""What one player sees: the table, their own hand, the sizes of the other hands and of
the draw pile, the discard pile — never another player's cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache

import attrs
import numpy as np

from ..core.arrays import ArrayBlock, Place, at, layout, length, listing, places
from ..core.checks import onlooker, state_of, wrong_type
from ..core.nodes import SPECTATOR
from ..track import ACTIONS, FINISH, START
from .rules import Rules
from .setup import GUARDS, deck_counts
from .state import Phase, State
from .tiles import CARD_INDEX, CARDS, COLLECTED, HATS, TOKEN_STACK, TRACK_TILES

TILE_KINDS = (START, FINISH, *TRACK_TILES, *ACTIONS)
"""The one-hot order of a track slot in `Observation.to_array`."""
PHASES = tuple(Phase)
_TILE_INDEX = {t: i for i, t in enumerate(TILE_KINDS)}
_COLLECTED_INDEX = {t: i for i, t in enumerate(COLLECTED)}


@attrs.frozen
class Observation:
    """Player ``viewer``'s view of the table."""

    viewer: int
    """The seat whose view this is."""
    rules: Rules
    """The game's rules."""
    tiles: tuple[str, ...]
    """The track from start to finish."""
    pawns: tuple[tuple[int, ...], ...]
    """Each player's pawn positions, ascending."""
    guards: tuple[int, ...]
    """The guards' positions, ascending."""
    towers: tuple[tuple[str, ...], ...]
    """Per player everything collected, in order: tiles, finish tokens, hats."""
    hats: tuple[tuple[int, int] | None, tuple[int, int] | None]
    """(player, position) of the pawn wearing the lucky hat and the cursed cap, or None."""
    tokens: int
    """Finish tokens taken so far."""
    hand: tuple[str, ...]
    """The viewer's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    pile_size: int
    """How many cards the draw pile holds."""
    discard: tuple[int, ...]
    """The discard pile: how many of each card kind (face up)."""
    player: int
    """The active player."""
    phase: Phase
    """Where the game stands."""
    plays: int
    """Cards played this turn."""
    yellow: bool
    """The first card played this turn was yellow (HO-TURN-3)."""
    arrived: int
    """In the HAT phase, the position of the pawn that just moved; else -1."""
    arrived_hat: int
    """With ``arrived``, which hat that pawn wears (0 none, 1 lucky, 2 cursed)."""
    turned: tuple[str, ...] = ()
    """During the hat draw, the cards turned up so far, in order (HO-SETUP-4)."""

    def to_array(self) -> np.ndarray:
        """A flat float32 encoding of fixed length for the rules (`array_length`).

        Per track slot: tile one-hot (`TILE_KINDS`, then "no tile"), each player's pawn
        count, guard count, lucky hat, cursed cap; per player: collection counts per kind
        (`COLLECTED`), hand size; per hat: wearer one-hot (last entry: home); own hand and
        discard counts per card kind; pile size, tokens taken, cards played, yellow flag,
        arrived position + 1, arrived hat; phase, active player and viewer one-hot.
        """
        where = _places(self.rules)
        out = np.zeros(length(_layout(self.rules)), dtype=np.float32)
        slot = where["tile"][1]  # entry i of slot s of a part at (start, slot): start + s·slot + i
        for s, t in enumerate(self.tiles):
            out[s * slot + _TILE_INDEX[t]] = 1
        for s in range(len(self.tiles), self.rules.track_length):
            out[s * slot + len(TILE_KINDS)] = 1
        pawns, guards = where["pawns"][0], where["guards"][0]
        for p, positions in enumerate(self.pawns):
            for x in positions:
                out[pawns + x * slot + p] += 1
        for g in self.guards:
            out[guards + g * slot] += 1
        for h, worn in zip(self.hats, ("lucky", "cursed"), strict=True):
            if h is not None:
                out[at(where[worn], h[1])] = 1
        for p, tower in enumerate(self.towers):
            base = at(where["items"], p)
            for t in tower:
                out[base + _COLLECTED_INDEX[t]] += 1
            out[at(where["hand_size"], p)] = self.hand_sizes[p]
        for i, h in enumerate(self.hats):  # "nobody" follows the wearers
            out[at(where["wearer"], i, self.rules.players if h is None else h[0])] = 1
        for card in self.hand:
            out[at(where["hand"], 0, CARD_INDEX[card])] += 1
        discard = where["discard"][0]
        out[discard : discard + len(CARDS)] = self.discard
        counts = where["pile"][0]  # then tokens, plays, yellow, arrived, arrived_hat
        out[counts : counts + 6] = (self.pile_size, self.tokens, self.plays, self.yellow,
                                    self.arrived + 1, self.arrived_hat)
        out[at(where["phase"], 0, PHASES.index(self.phase))] = 1
        out[at(where["active"], 0, self.player)] = 1
        if self.viewer >= 0:  # none for a SPECTATOR
            out[at(where["viewer"], 0, self.viewer)] = 1
        return out


@lru_cache(maxsize=64)
def _layout(rules: Rules) -> tuple[ArrayBlock, ...]:
    """The one description of the array: `observation_layout`, `array_length`,
    `array_places`, `array_bounds`, `Observation.to_array` and the batch engine's rows read
    it."""
    players = rules.players
    slot = [
        (len(TILE_KINDS) + 1, "one-hot",
         f"the tile: {listing(TILE_KINDS)}, then no tile (not laid yet, or beyond the finish)",
         "tile"),
        (players, "count", "pawns of player 0, 1, … on the slot", "pawns"),
        (1, "count", "guards on the slot", "guards"),
        (1, "flag", "the lucky hat is on a pawn of the slot", "lucky"),
        (1, "flag", "the cursed cap is on a pawn of the slot", "cursed"),
    ]
    collection = [
        (len(COLLECTED), "count", f"items of each kind collected: {listing(COLLECTED)}",
         "items"),
        (1, "count", "cards in hand", "hand_size"),
    ]
    wearer = [
        (players, "one-hot or none", "the player whose pawn wears it", "wearer"),
        (1, "one-hot or none", "on no pawn (reached the finish, or before the hat draw)",
         "nobody"),
    ]
    table = [
        (len(CARDS), "count", f"the viewer's cards of each kind: {listing(CARDS)}", "hand"),
        (len(CARDS), "count", "the discard pile's cards of each kind, same order", "discard"),
        (1, "count", "cards in the draw pile", "pile"),
        (1, "count", "finish tokens taken", "tokens"),
        (1, "count", "cards played this turn", "plays"),
        (1, "flag", "the first card of the turn was yellow (HO-TURN-3)", "yellow"),
        (1, "count", "the position of the pawn that just moved, plus 1 (0: none)", "arrived"),
        (1, "count", "that pawn's hat: 0 none, 1 lucky, 2 cursed", "arrived_hat"),
        (len(PHASES), "one-hot", f"the phase: {listing(p.value for p in PHASES)}", "phase"),
        (players, "one-hot", "the active player", "active"),
        (players, "one-hot", "the viewer", "viewer"),
    ]
    return layout(("track slot", rules.track_length, slot), ("player", players, collection),
                  ("hat (lucky, then cursed)", 2, wearer), ("", 1, table))


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
    (entry ``p`` is player ``p`` whoever views); the viewer is marked at the end."""
    if type(rules) is not Rules:
        raise wrong_type("observation_layout", Rules, rules)
    return _layout(rules)


def array_bounds(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The least and greatest value of every entry of `Observation.to_array` for ``rules``:
    0 and 1 for the one-hot entries and flags, else the count's maximum."""
    state_of("array_bounds", Rules, rules)
    where = _places(rules)
    players = rules.players
    high = np.ones(length(_layout(rules)), dtype=np.float32)
    for s in range(rules.track_length):
        high[at(where["pawns"], s) : at(where["pawns"], s, players)] = rules.pawns_per_player
        high[at(where["guards"], s)] = GUARDS
    box = Counter(rules.box()) + Counter(TOKEN_STACK) + Counter(HATS)
    deck = deck_counts(rules)
    for p in range(players):
        high[at(where["items"], p) : at(where["items"], p, len(COLLECTED))] = [
            box[k] for k in COLLECTED]
        high[at(where["hand_size"], p)] = 2
    high[at(where["hand"]) : at(where["hand"], 0, len(CARDS))] = 2
    high[at(where["discard"]) : at(where["discard"], 0, len(CARDS))] = deck
    for key, most in (("pile", sum(deck)), ("tokens", len(TOKEN_STACK)), ("plays", 2),
                      ("yellow", 1), ("arrived", rules.track_length - 1), ("arrived_hat", 2)):
        high[at(where[key])] = most
    return np.zeros_like(high), high


def observation(state: State, player: int) -> Observation:
    """What ``player`` sees of ``state``."""
    if type(state) is not State:
        raise wrong_type("observation", State, state)
    player = onlooker(player, state.rules.players)
    board = state.board
    hand = () if player == SPECTATOR else state.hands[player]
    return Observation(
        player, state.rules, board.tiles, board.pawns, board.guards, state.towers, state.hats,
        state.tokens, hand, tuple(len(h) for h in state.hands),
        sum(state.pile), state.discard, state.player, state.phase, state.plays, state.yellow,
        state.arrived, state.arrived_hat, state.turned,
    )
