"""Setting up a game (HO-SETUP-1 … HO-SETUP-4): track, guards, cards, hats.

All setup randomness is drawn from the seed; in-play draws are chance nodes.
"""

from __future__ import annotations

import numpy as np

from ..core import checks
from ..core.checks import wrong_type
from ..track import FINISH, GIFT, START, Board
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


def allocate_hats(
    first: list[str], turn_up, rng: np.random.Generator
) -> tuple[int, int]:
    """HO-SETUP-4: (lucky-hat owner, cursed-cap owner) from each player's turned-up card.

    Tied players keep turning up cards (``turn_up()``, None once the pile is exhausted:
    the tie is then broken at random). Players who lost the tie for the lucky hat compete
    for the cap with the value they tied with.
    """

    def best(candidates: list[int], values: list[int]) -> int:
        top = max(values[p] for p in candidates)
        tied = [p for p in candidates if values[p] == top]
        while len(tied) > 1:
            cards = [turn_up() for _ in tied]
            if any(c is None for c in cards):
                return tied[int(rng.integers(len(tied)))]
            again = [CARD_VALUE[c] for c in cards]
            tied = [p for p, v in zip(tied, again, strict=True) if v == max(again)]
        return tied[0]

    values = [CARD_VALUE[c] for c in first]
    players = list(range(len(first)))
    lucky = best(players, values)
    cursed = best([p for p in players if p != lucky], values)
    return lucky, cursed


def new_game(rules: Rules | None = None, *, seed: int | None = None) -> State:
    """A new game: track shuffled, guards placed, cards dealt, hats allocated.

    >>> state = new_game(Rules(players=2), seed=0)
    >>> len(state.board.tiles), state.board.pawns, [len(h) for h in state.hands]
    (33, ((0, 0, 0), (0, 0, 0)), [2, 2])
    """
    rules = Rules() if rules is None else rules
    if type(rules) is not Rules:
        raise wrong_type("new_game", Rules, rules)
    rng = np.random.default_rng(checks.seed(seed))
    if rules.layout is None:
        box = sorted(rules.box().elements())
        path = tuple(box[i] for i in rng.permutation(len(box)))
        if rules.action_tiles:  # HO-COMBINE-1: Gift side up after every 8 tiles (VX-SETUP-2)
            path = insert_action_tiles(path)
    else:
        path = rules.layout
    tiles = (START, *path, FINISH)
    counts = deck_counts(rules)
    cards = [c for c, n in zip(CARDS, counts, strict=True) for _ in range(n)]
    order = [cards[i] for i in rng.permutation(len(cards))]
    players = rules.players
    hands = tuple(tuple(sorted(order[2 * p : 2 * p + 2], key=CARD_INDEX.__getitem__))
                  for p in range(players))
    rest = iter(order[2 * players :])
    turned: list[str] = []

    def turn_up() -> str | None:
        card = next(rest, None)
        if card is not None:
            turned.append(card)
        return card

    first = [turn_up() for _ in range(players)]
    lucky, cursed = allocate_hats([c for c in first if c is not None], turn_up, rng)
    discard = [0] * len(CARDS)
    for card in turned:
        discard[CARD_INDEX[card]] += 1
    pile = [0] * len(CARDS)
    for card in rest:
        pile[CARD_INDEX[card]] += 1
    board = Board(tiles, ((0,) * rules.pawns_per_player,) * players, guard_positions(tiles))
    return State(
        rules, board, ((),) * players, ((lucky, 0), (cursed, 0)), 0, hands, tuple(pile),
        tuple(discard), lucky, Phase.PLAY,
    )
