"""The turn: who acts, which moves are legal, and what a move does (VX-TURN-*, VX-TAKE-*,
VX-ACT-*, VX-END-1)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ..core import CHANCE, TERMINAL, IllegalMoveError
from ..track import GIFT, START, STEAL, Board, gift_rank, is_minus, left_alone, moved, remove_tile
from .moves import GUARD, PAWN, Move, Roll, Steal, Step, roll, steal, step
from .state import Phase, State


def current_player(state: State) -> int:
    """The player to act, `CHANCE` while the die is to be rolled, or `TERMINAL`."""
    phase = state.phase
    if phase is Phase.ROLL:
        return CHANCE
    if phase is Phase.OVER:
        return TERMINAL
    return state.player


def is_terminal(state: State) -> bool:
    """Whether every pawn is on the finish and nothing is pending (VX-END-1)."""
    return state.phase is Phase.OVER


@cache
def _die() -> tuple[tuple[Roll, Fraction], ...]:
    sixth = Fraction(1, 6)
    return tuple((roll(v), sixth) for v in range(1, 7))


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """The die's six faces, each 1/6, while a roll is pending (VX-TURN-2); else ``()``."""
    return _die() if state.phase is Phase.ROLL else ()


def legal_moves(state: State) -> tuple[Move, ...]:
    """The moves of the node, in a stable order.

    Rolls ``roll 1`` … ``roll 6``; then own pawns by position, then movable guards by
    position, one move per (piece kind, tile) (VX-TURN-2, VX-TURN-4); steals by victim.
    """
    phase = state.phase
    if phase is Phase.MOVE:
        board = state.board
        finish = len(board.tiles) - 1
        own = board.pawns[state.player]
        pawns = tuple(step(PAWN, p) for p in sorted(set(own)) if p != finish)
        guards = tuple(
            step(GUARD, g)
            for g in sorted(set(board.guards))
            if g != finish and board.has_pawn_at(g)
        )
        return pawns + guards
    if phase is Phase.ROLL:
        return tuple(m for m, _ in _die())
    if phase is Phase.STEAL:
        return tuple(steal(v) for v in _victims(state))
    return ()


def _victims(state: State) -> tuple[int, ...]:
    towers = state.towers
    return tuple(v for v in range(len(towers)) if v != state.player and towers[v])


def apply(state: State, move: Move) -> State:
    """The state after ``move``; the input is never changed.

    Raises `IllegalMoveError` naming the move and why it is not legal here.
    """
    phase = state.phase
    if phase is Phase.MOVE and type(move) is Step and move in legal_moves(state):
        return _step(state, move)
    if phase is Phase.ROLL and type(move) is Roll and 1 <= move.value <= 6:
        return State(state.rules, state.board, state.towers, state.player, Phase.MOVE, move.value)
    if phase is Phase.STEAL and type(move) is Steal and move.victim in _victims(state):
        return _steal(state, move.victim)
    raise IllegalMoveError(_why_illegal(state, move))


def _why_illegal(state: State, move: object) -> str:
    legal = ", ".join(str(m) for m in legal_moves(state)) or "none"
    if state.phase is Phase.OVER:
        return f"{move!s} is not legal: the game is over"
    return f"{move!s} is not legal here ({state.phase.value} phase); legal moves: {legal}"


def _step(state: State, move: Step) -> State:
    """Move one piece by the roll, then take the tile left alone or run its action."""
    board = state.board
    player = state.player
    origin = move.position
    target = min(origin + state.roll, len(board.tiles) - 1)
    left = None
    if move.piece == PAWN:
        alone = board.pieces_at(origin) == 1
        pawns = board.pawns
        pawns = (*pawns[:player], moved(pawns[player], origin, target), *pawns[player + 1 :])
        board = Board(board.tiles, pawns, board.guards)
        if alone:
            left = left_alone(board, origin, state.rules.start_tile_to_box)
    else:
        board = Board(board.tiles, board.pawns, moved(board.guards, origin, target))
    towers = state.towers
    if left is None or left in (GIFT, STEAL):
        pass
    else:
        board = remove_tile(board, origin)
        if left != START:
            towers = (*towers[:player], (*towers[player], left), *towers[player + 1 :])
    after = State(state.rules, board, towers, player, Phase.MOVE, state.roll)
    if left == GIFT:
        return _end_turn(_gift(after, origin))
    if left == STEAL:
        after = _flip(after, origin, GIFT)
        if _victims(after):
            return State(after.rules, after.board, after.towers, player, Phase.STEAL)
    return _end_turn(after)


def _flip(state: State, position: int, side: str) -> State:
    tiles = state.board.tiles
    board = Board(
        (*tiles[:position], side, *tiles[position + 1 :]), state.board.pawns, state.board.guards
    )
    return State(state.rules, board, state.towers, state.player, state.phase, state.roll)


def _gift(state: State, position: int) -> State:
    """VX-ACT-1: give the top tile away by the value order, then flip to Steal."""
    state = _flip(state, position, STEAL)
    giver = state.player
    towers = state.towers
    if not towers[giver]:
        return state
    tile = towers[giver][-1]
    players = len(towers)
    others = [(giver + k) % players for k in range(1, players)]
    ranks = [gift_rank(towers[p][-1] if towers[p] else None) for p in others]
    best = max(ranks) if is_minus(tile) else min(ranks)
    receiver = others[ranks.index(best)]
    towers = tuple(
        t[:-1] if p == giver else (*t, tile) if p == receiver else t for p, t in enumerate(towers)
    )
    return State(state.rules, state.board, towers, giver, state.phase, state.roll)


def _steal(state: State, victim: int) -> State:
    """VX-ACT-2: the victim's top tile goes on top of the active player's tower."""
    towers = state.towers
    tile = towers[victim][-1]
    thief = state.player
    towers = tuple(
        t[:-1] if p == victim else (*t, tile) if p == thief else t for p, t in enumerate(towers)
    )
    return _end_turn(State(state.rules, state.board, towers, thief, Phase.STEAL))


def _end_turn(state: State) -> State:
    """Pass the die clockwise, skipping players whose pawns are all home (VX-TURN-1)."""
    board = state.board
    finish = len(board.tiles) - 1
    players = len(board.pawns)
    for k in range(1, players + 1):
        nxt = (state.player + k) % players
        if any(p != finish for p in board.pawns[nxt]):
            return State(state.rules, board, state.towers, nxt, Phase.ROLL)
    return State(state.rules, board, state.towers, state.player, Phase.OVER)
