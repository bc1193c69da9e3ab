"""Scenario helpers for the Verflixxt! tests: states built from the public API."""

from __future__ import annotations

from amigo_rules import verflixxt
from amigo_rules.track import Board
from amigo_rules.verflixxt import Phase, Rules, State

CLASSIC = (
    "S",
    *(f"-{n}" for n in range(1, 9)),
    *("L",) * 6,
    *(f"+{n}" for n in range(1, 9)),
    *(f"-{n}" for n in range(1, 11)),
    "F",
)


def make_state(
    rules: Rules,
    pawns,
    *,
    tiles=None,
    guards=None,
    towers=None,
    player: int = 0,
    roll: int = 0,
    phase: Phase | None = None,
    hands=None,
    played=(),
) -> State:
    """A state of ``rules`` with pieces and towers as given, validated like a JSON load."""
    start = verflixxt.new_game(rules, seed=0)
    tiles = start.board.tiles if tiles is None else tuple(tiles)
    guards = start.board.guards if guards is None else tuple(guards)
    towers = ((),) * rules.players if towers is None else tuple(tuple(t) for t in towers)
    if rules.tactical_cards:  # VXV-9: no die; hands full unless given
        phase = phase or Phase.MOVE
        hands = start.hands if hands is None else tuple(tuple(sorted(h)) for h in hands)
    else:
        phase = phase or (Phase.MOVE if roll else Phase.ROLL)
        hands = ()
    board = Board(tiles, tuple(tuple(sorted(p)) for p in pawns), tuple(sorted(guards)))
    state = State(rules, board, towers, player, phase, roll, None, hands, tuple(played))
    # Round-trip through the validating reader: scenarios must be reachable-looking states.
    return verflixxt.from_json(verflixxt.to_json(state))


def play(state: State, *texts: str) -> State:
    """Apply moves given in notation, one after the other."""
    for text in texts:
        state = verflixxt.apply(state, verflixxt.parse_move(state, text))
    return state


def moves(state: State) -> list[str]:
    return [str(m) for m in verflixxt.legal_moves(state)]
