"""What one player sees: the table, their own hand, the sizes of the other hands and of
the draw pile, the discard pile — never another player's cards."""

from __future__ import annotations

from collections import Counter

import attrs
import numpy as np

from ..core.arrays import ArrayBlock, layout, listing
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
        out = np.zeros(array_length(self.rules), dtype=np.float32)
        players = self.rules.players
        slots = self.rules.track_length
        kinds = len(TILE_KINDS) + 1
        per_slot = kinds + players + 3
        for s, tile in enumerate(self.tiles):
            out[s * per_slot + _TILE_INDEX[tile]] = 1
        for s in range(len(self.tiles), slots):
            out[s * per_slot + kinds - 1] = 1
        for p, positions in enumerate(self.pawns):
            for x in positions:
                out[x * per_slot + kinds + p] += 1
        for g in self.guards:
            out[g * per_slot + kinds + players] += 1
        for i, h in enumerate(self.hats):
            if h is not None:
                out[h[1] * per_slot + kinds + players + 1 + i] = 1
        base = slots * per_slot
        width = len(COLLECTED) + 1
        for p, tower in enumerate(self.towers):
            for tile in tower:
                out[base + p * width + _COLLECTED_INDEX[tile]] += 1
            out[base + p * width + width - 1] = self.hand_sizes[p]
        base += players * width
        for h in self.hats:
            out[base + (players if h is None else h[0])] = 1
            base += players + 1
        for card in self.hand:
            out[base + CARD_INDEX[card]] += 1
        base += len(CARDS)
        out[base : base + len(CARDS)] = self.discard
        base += len(CARDS)
        out[base : base + 6] = (
            self.pile_size, self.tokens, self.plays, self.yellow, self.arrived + 1,
            self.arrived_hat,
        )
        base += 6
        out[base + PHASES.index(self.phase)] = 1
        base += len(PHASES)
        out[base + self.player] = 1
        if self.viewer >= 0:  # none for a SPECTATOR
            out[base + players + self.viewer] = 1
        return out


def array_length(rules: Rules) -> int:
    """The length of `Observation.to_array` for ``rules``."""
    if type(rules) is not Rules:
        raise wrong_type("array_length", Rules, rules)
    players = rules.players
    per_slot = len(TILE_KINDS) + 1 + players + 3
    return (
        rules.track_length * per_slot
        + players * (len(COLLECTED) + 1)
        + 2 * (players + 1)
        + 2 * len(CARDS)
        + 6
        + len(PHASES)
        + 2 * players
    )


def observation_layout(rules: Rules) -> tuple[ArrayBlock, ...]:
    """Which entries of `Observation.to_array` mean what, for ``rules``. Seats are absolute
    (entry ``p`` is player ``p`` whoever views); the viewer is marked at the end."""
    if type(rules) is not Rules:
        raise wrong_type("observation_layout", Rules, rules)
    players = rules.players
    slot = [
        (len(TILE_KINDS) + 1, "one-hot",
         f"the tile: {listing(TILE_KINDS)}, then no tile (not laid yet, or beyond the finish)"),
        (players, "count", "pawns of player 0, 1, … on the slot"),
        (1, "count", "guards on the slot"),
        (1, "flag", "the lucky hat is on a pawn of the slot"),
        (1, "flag", "the cursed cap is on a pawn of the slot"),
    ]
    collection = [
        (len(COLLECTED), "count", f"items of each kind collected: {listing(COLLECTED)}"),
        (1, "count", "cards in hand"),
    ]
    wearer = [
        (players, "one-hot or none", "the player whose pawn wears it"),
        (1, "one-hot or none", "on no pawn (reached the finish, or before the hat draw)"),
    ]
    table = [
        (len(CARDS), "count", f"the viewer's cards of each kind: {listing(CARDS)}"),
        (len(CARDS), "count", "the discard pile's cards of each kind, same order"),
        (1, "count", "cards in the draw pile"),
        (1, "count", "finish tokens taken"),
        (1, "count", "cards played this turn"),
        (1, "flag", "the first card of the turn was yellow (HO-TURN-3)"),
        (1, "count", "the position of the pawn that just moved, plus 1 (0: none)"),
        (1, "count", "that pawn's hat: 0 none, 1 lucky, 2 cursed"),
        (len(PHASES), "one-hot", f"the phase: {listing(p.value for p in PHASES)}"),
        (players, "one-hot", "the active player"),
        (players, "one-hot", "the viewer"),
    ]
    return layout(("track slot", rules.track_length, slot), ("player", players, collection),
                  ("hat (lucky, then cursed)", 2, wearer), ("", 1, table))


def array_bounds(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The least and greatest value of every entry of `Observation.to_array` for ``rules``:
    0 and 1 for the one-hot entries and flags, else the count's maximum."""
    state_of("array_bounds", Rules, rules)
    players = rules.players
    slots = rules.track_length
    kinds = len(TILE_KINDS) + 1
    per_slot = kinds + players + 3
    high = np.ones(array_length(rules), dtype=np.float32)
    for s in range(slots):
        high[s * per_slot + kinds : s * per_slot + kinds + players] = rules.pawns_per_player
        high[s * per_slot + kinds + players] = GUARDS
    base = slots * per_slot
    box = Counter(rules.box()) + Counter(TOKEN_STACK) + Counter(HATS)
    deck = deck_counts(rules)
    for _ in range(players):
        high[base : base + len(COLLECTED)] = [box[k] for k in COLLECTED]
        high[base + len(COLLECTED)] = 2
        base += len(COLLECTED) + 1
    base += 2 * (players + 1)
    high[base : base + len(CARDS)] = 2
    base += len(CARDS)
    high[base : base + len(CARDS)] = deck
    base += len(CARDS)
    high[base : base + 6] = (sum(deck), len(TOKEN_STACK), 2, 1, slots - 1, 2)
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
