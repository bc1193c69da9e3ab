"""Scenario helpers for the Verflixxt hoch² tests: states built from the public API."""

from __future__ import annotations

from collections import Counter

from amigo_rules import verflixxt_hoch as ho
from amigo_rules.track import Board
from amigo_rules.verflixxt_hoch import Phase, Rules, State

CARDS = tuple(f"{v}{c}" for v in range(-1, 7) for c in "yo")

# S=0, -1=1, -2=2, R4=3, -4=4, R5=5, -5=6, F=7: no positive tile, so no guard.
PLAIN = ("-1", "-2", "R4", "-4", "R5", "-5")
# S=0, -1=1, +3=2, L=3, -2=4, R4=5, +5=6, F=7: guards on 2, 3 and 6.
GUARDED = ("-1", "+3", "L", "-2", "R4", "+5")


def rules(players: int = 2, layout=PLAIN, **options) -> Rules:
    return Rules(players=players, layout=layout, **options)


def deck(r: Rules) -> Counter:
    out = Counter()
    for value, yellow, orange in r.deck:
        out[f"{value}y"] += yellow
        out[f"{value}o"] += orange
    return out


def make_state(
    r: Rules,
    pawns,
    *,
    hands=None,
    hats=((0, 0), (1, 0)),
    tiles=None,
    guards=None,
    towers=None,
    tokens: int = 0,
    discard=None,
    pile=None,
    player: int = 0,
    phase: Phase = Phase.PLAY,
    plays: int = 0,
    yellow: bool = False,
    arrived: int = -1,
    arrived_hat: int = 0,
) -> State:
    """A state of ``r`` as given; the draw pile (else the discard pile) is the rest of the
    deck unless given.
    Validated by a JSON round trip."""
    start = ho.new_game(r, seed=0)
    tiles = start.board.tiles if tiles is None else ("S", *tiles, "F")
    guards = start.board.guards if guards is None else tuple(sorted(guards))
    towers = ((),) * r.players if towers is None else tuple(tuple(t) for t in towers)
    hands = (("1y", "2o"),) * r.players if hands is None else hands
    hands = tuple(tuple(sorted(h, key=CARDS.index)) for h in hands)
    rest = deck(r) - Counter(c for h in hands for c in h)
    if pile is None:
        discard_counts = Counter(discard or ())
        pile_counts = rest - discard_counts
    else:
        pile_counts = Counter(pile)
        discard_counts = rest - pile_counts if discard is None else Counter(discard)
    board = Board(tiles, tuple(tuple(sorted(p)) for p in pawns), guards)
    state = State(
        r, board, towers, tuple(hats), tokens, hands,
        tuple(pile_counts[c] for c in CARDS), tuple(discard_counts[c] for c in CARDS),
        player, phase, plays, yellow, arrived, arrived_hat,
    )
    return ho.from_json(ho.to_json(state))


def play(state: State, *texts: str) -> State:
    """Apply moves given in notation, one after the other."""
    for text in texts:
        state = ho.apply(state, ho.parse_move(state, text))
    return state


def moves(state: State) -> list[str]:
    return [str(m) for m in ho.legal_moves(state)]
