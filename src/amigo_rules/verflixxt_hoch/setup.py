"""Setting up a game (HO-SETUP-1 … HO-SETUP-4): track, guards, cards, hats — as chance
nodes from `initial_state`, sampled from a seed by `new_game`."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs
import numpy as np

from ..core import ArgumentError, RulesError, checks, sample_outcome
from ..core.checks import rules_of
from ..track import FINISH, GIFT, START, Board, sorted_tiles
from .moves import Hats
from .rules import Rules
from .state import Phase, State
from .tiles import CARD_INDEX, CARD_VALUE, CARDS, is_positive

GUARDS = 8


def deck_counts(rules: Rules) -> tuple[int, ...]:
    """How many cards of each kind (in `CARDS` order) the deck holds."""
    counts = dict.fromkeys(CARDS, 0)
    for value, yellow, orange in rules.deck:
        counts[f"{value}y"] = yellow
        counts[f"{value}o"] = orange
    return tuple(counts[c] for c in CARDS)


def insert_action_tiles(path: tuple[str, ...]) -> tuple[str, ...]:
    """HO-COMBINE-1: a Gift tile after each of the first four groups of 8 tiles; with 31
    tiles the fourth group has 7 and its Gift lies directly before the finish.

    >>> insert_action_tiles(tuple(str(n) for n in range(31)))[-3:]
    ('29', '30', 'gift')
    """
    out: list[str] = []
    for i in range(0, 32, 8):
        out += [*path[i : i + 8], GIFT]
    return (*out, *path[32:])


def guard_positions(tiles: tuple[str, ...]) -> tuple[int, ...]:
    """HO-SETUP-2: the first 8 positive (plus or lucky) tiles from the start."""
    return tuple(i for i, t in enumerate(tiles) if is_positive(t))[:GUARDS]


@attrs.frozen
class HatDraw:
    """Where the hat draw stands (HO-SETUP-4): the owners once decided, else the players
    of the round being turned up and how many of them have turned up a card."""

    lucky: int | None = None
    """The owner of the lucky hat once decided, else None."""
    cursed: int | None = None
    """The owner of the cursed cap once decided, else None."""
    group: tuple[int, ...] = ()
    """The players turning up a card in this round: everyone, then the tied ones."""
    turned: int = 0
    """How many of ``group`` have turned up their card of this round."""

    @property
    def done(self) -> bool:
        """Whether both hats have their owners."""
        return self.cursed is not None

    @property
    def next(self) -> int:
        """The player to turn up the next card."""
        return self.group[self.turned]


def hat_draw(players: int, values: Sequence[int]) -> HatDraw:
    """Replay the hat draw (HO-SETUP-4) over the ``values`` of the cards turned up, in order.

    Every player turns up a card; the highest takes the lucky hat, the next the cursed cap;
    players tied for a place turn up again, in seat order, until one is higher. *Ruling:*
    players who lost the tie for the lucky hat compete for the cap with the value they tied
    with, against the others' first cards.

    >>> hat_draw(3, [6, 6, 2, 3, 5])  # 0 and 1 tie on 6; 5 beats 3: 1 lucky; 0's 6 beats 2
    HatDraw(lucky=1, cursed=0, group=(), turned=0)
    >>> hat_draw(3, [6, 4, 4]).next  # 1 and 2 tie for the cap: 1 turns up first
    1
    """
    players = checks.integer(players, "players")
    if players < 2:
        raise RulesError(f"a hat draw needs at least 2 players, got {players}")
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise ArgumentError(f"values must be a sequence of card values, got "
                            f"{checks.type_name(values)}")
    values = [checks.integer(v, "a card value") for v in values]
    at = 0

    def round_of(group: Sequence[int]) -> tuple[Sequence[int], HatDraw | None]:
        nonlocal at
        if len(values) - at < len(group):
            return (), HatDraw(group=tuple(group), turned=len(values) - at)
        at += len(group)
        return values[at - len(group) : at], None

    first, pending = round_of(range(players))
    if pending is not None:
        return pending

    def best(candidates: list[int], lucky: int | None) -> tuple[int, HatDraw | None]:
        top = max(first[p] for p in candidates)
        tied = [p for p in candidates if first[p] == top]
        while len(tied) > 1:
            again, pending = round_of(tied)
            if pending is not None:
                return -1, attrs.evolve(pending, lucky=lucky)
            tied = [p for p, v in zip(tied, again, strict=True) if v == max(again)]
        return tied[0], None

    lucky, pending = best(list(range(players)), None)
    if pending is not None:
        return pending
    cursed, pending = best([p for p in range(players) if p != lucky], lucky)
    return pending if pending is not None else HatDraw(lucky, cursed)


def hat_ties(players: int, values: Sequence[int]) -> tuple[tuple[Hats, Fraction], ...]:
    """The hats' owners drawn at random once the pile runs out during a tie (HO-SETUP-4's
    ruling): each tied player equally likely; a tie for the cap that follows is drawn too."""
    draw = hat_draw(players, values)
    first = values[:players]
    outcomes = []
    for lucky in (draw.group if draw.lucky is None else (draw.lucky,)):
        share = Fraction(1, len(draw.group)) if draw.lucky is None else Fraction(1)
        if draw.lucky is None:
            others = [p for p in range(players) if p != lucky]
            top = max(first[p] for p in others)
            cursed = [p for p in others if first[p] == top]
        else:
            cursed = list(draw.group)
        outcomes += [(Hats(lucky, c), share / len(cursed)) for c in cursed]
    return tuple(outcomes)


def initial_state(rules: Rules | None = None) -> State:
    """The game before its setup's randomness: chance nodes lay the shuffled track tile by
    tile (HO-SETUP-1, ``lay R5``), deal two cards to each player (HO-SETUP-3, ``deal 3y``)
    and turn up cards for the hats (HO-SETUP-4, ``turn 6o``), each by the composition left.

    >>> state = initial_state(Rules(players=2))
    >>> state.phase.value, state.board.tiles
    ('lay', ('S',))
    """
    rules = rules_of(Rules, rules, "initial_state")
    players = rules.players
    board = Board((START,), ((0,) * rules.pawns_per_player,) * players)
    state = State(rules, board, ((),) * players, (None, None), 0, ((),) * players,
                  deck_counts(rules), (0,) * len(CARDS), 0, Phase.LAY)
    return state if rules.layout is None else track_laid(state, rules.layout)


def new_game(rules: Rules | None = None, *, seed: int | None = None) -> State:
    """A new game: track shuffled, guards placed, cards dealt, hats allocated — the chance
    nodes of `initial_state` sampled from ``seed``.

    >>> state = new_game(Rules(players=2), seed=0)
    >>> len(state.board.tiles), state.board.pawns, [len(h) for h in state.hands]
    (33, ((0, 0, 0), (0, 0, 0)), [2, 2])
    """
    rules = rules_of(Rules, rules, "new_game")
    rng = np.random.default_rng(checks.seed(seed))
    state = initial_state(rules)
    if state.phase is Phase.LAY:
        box = sorted_tiles(rules.box())
        state = track_laid(state, tuple(box[i] for i in rng.permutation(len(box))))
    cards = [c for c, n in zip(CARDS, deck_counts(rules), strict=True) for _ in range(n)]
    order = iter([cards[i] for i in rng.permutation(len(cards))])
    while state.phase is not Phase.PLAY:
        if state.phase is Phase.DEAL:
            state = dealt(state, next(order))
        elif any(state.pile):
            state = turned_up(state, next(order))
        else:
            state = hats_given(state, sample_outcome(hat_ties(
                rules.players, [CARD_VALUE[c] for c in state.turned]), rng))
    return state




def track_laid(state: State, path: tuple[str, ...]) -> State:
    """The state once the tiles ``path`` are laid (HO-SETUP-1, action tiles inserted by
    HO-COMBINE-1 on a shuffled track) and the guards placed (HO-SETUP-2): dealing begins."""
    rules = state.rules
    if rules.layout is None and rules.action_tiles:  # Gift side up after every 8 tiles
        path = insert_action_tiles(path)
    tiles = (START, *path, FINISH)
    board = Board(tiles, state.board.pawns, guard_positions(tiles))
    return attrs.evolve(state, board=board, phase=Phase.DEAL)


def dealt(state: State, card: str) -> State:
    """HO-SETUP-3: ``card`` goes to the player being dealt to; two each, in seat order."""
    player = state.player
    hand = tuple(sorted((*state.hands[player], card), key=CARD_INDEX.__getitem__))
    hands = (*state.hands[:player], hand, *state.hands[player + 1 :])
    state = attrs.evolve(state, hands=hands, pile=_less(state.pile, card))
    if len(hand) < 2:
        return state
    if player + 1 < state.rules.players:
        return attrs.evolve(state, player=player + 1)
    return attrs.evolve(state, player=0, phase=Phase.HATS)


def turned_up(state: State, card: str) -> State:
    """HO-SETUP-4: ``card`` is turned up from the pile onto the discard pile."""
    index = CARD_INDEX[card]
    discard = (*state.discard[:index], state.discard[index] + 1, *state.discard[index + 1 :])
    turned = (*state.turned, card)
    state = attrs.evolve(state, pile=_less(state.pile, card), discard=discard, turned=turned)
    draw = hat_draw(state.rules.players, [CARD_VALUE[c] for c in turned])
    if draw.done:
        return hats_given(state, Hats(draw.lucky, draw.cursed))
    return attrs.evolve(state, player=draw.next)


def hats_given(state: State, hats: Hats) -> State:
    """The hats go onto a pawn of their owners (all on the start); the lucky-hat owner plays
    first (HO-SETUP-4)."""
    return attrs.evolve(state, hats=((hats.lucky, 0), (hats.cursed, 0)), player=hats.lucky,
                        phase=Phase.PLAY, turned=())


def _less(counts: tuple[int, ...], card: str) -> tuple[int, ...]:
    index = CARD_INDEX[card]
    return (*counts[:index], counts[index] - 1, *counts[index + 1 :])
