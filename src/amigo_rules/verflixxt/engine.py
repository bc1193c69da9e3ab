"""The turn: who acts, which moves are legal, and what a move does (VX-TURN-*, VX-TAKE-*,
VX-ACT-*, VX-END-1)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ..core import CHANCE, TERMINAL, IllegalMoveError
from ..core.actions import among
from ..core.checks import shown, wrong_type
from ..track import (
    FACE_DOWN,
    GIFT,
    PATH_TILES,
    START,
    STEAL,
    UNTAKEABLE,
    Board,
    Lay,
    flip,
    gift_receiver,
    hand_over,
    lay_outcomes,
    left_alone,
    moved,
    passed_to_end,
    victims,
    without_tile,
)
from .cards import CARDS, card_moves, played_card
from .early_end import early_end
from .moves import (
    GUARD,
    PASS,
    PAWN,
    Flip,
    Move,
    Pass,
    Roll,
    Steal,
    Step,
    Stop,
    Swap,
    roll,
    steal,
    step,
    swap,
)
from .moves import flip as flip_move
from .setup import box, laid_out
from .state import Phase, State


def current_player(state: State) -> int:
    """The player to act, `CHANCE` while the die is to be rolled, or `TERMINAL`."""
    if type(state) is not State:
        raise wrong_type("current_player", State, state)
    phase = state.phase
    if phase is Phase.ROLL:
        return CHANCE
    if phase is Phase.OVER:
        return TERMINAL
    if phase is Phase.LAY:
        return CHANCE
    return state.player


def is_terminal(state: State) -> bool:
    """Whether every pawn is on the finish and nothing is pending (VX-END-1)."""
    if type(state) is not State:
        raise wrong_type("is_terminal", State, state)
    return state.phase is Phase.OVER


@cache
def _die() -> tuple[tuple[Roll, Fraction], ...]:
    sixth = Fraction(1, 6)
    return tuple((roll(v), sixth) for v in range(1, 7))


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """The die's six faces, each 1/6, while a roll is pending (VX-TURN-2); while a shuffled
    track is laid, each kind of tile left in the box by its share (VX-SETUP-2); else ``()``."""
    if type(state) is not State:
        raise wrong_type("chance_outcomes", State, state)
    phase = state.phase
    if phase is Phase.ROLL:
        return _die()
    if phase is Phase.LAY:
        return _lays(state)
    return ()


def _lays(state: State) -> tuple[tuple[Lay, Fraction], ...]:
    return lay_outcomes(box(state.rules), state.board.tiles[1:], PATH_TILES)


def legal_moves(state: State) -> tuple[Move, ...]:
    """The moves of the node, in a stable order.

    Rolls ``roll 1`` … ``roll 6``; then own pawns by position, then movable guards by
    position, one move per (piece kind, tile) (VX-TURN-2, VX-TURN-4); steals by victim.
    On a roll of 1 with ``roll_one="choice"`` each piece move comes as +1, -1, +0, with no
    -1 from position 0 (VXV-2).
    """
    if type(state) is not State:
        raise wrong_type("legal_moves", State, state)
    global _last
    last = _last
    if last[0] is state:
        return last[1]
    moves = _legal(state)
    _last = (state, moves)
    return moves


_last: tuple[State | None, tuple[Move, ...]] = (None, ())
"""The last state `legal_moves` answered, and its moves: ``apply`` checks a move against
them without computing them again (callers ask for the moves, then apply one)."""


def _legal(state: State) -> tuple[Move, ...]:
    phase = state.phase
    if phase is Phase.MOVE:
        plain = _piece_moves(state.board, state.player)
        roll = state.roll
        if roll == 1 and state.rules.roll_one is not None:
            return _roll_one(state, plain)
        if not roll:  # no die: tactical cards (VXV-9)
            return card_moves(state, plain) or (PASS,)
        return plain
    if phase is Phase.ROLL:
        return tuple(m for m, _ in _die())
    if phase is Phase.STEAL:
        return tuple(steal(v) for v in _victims(state))
    if phase is Phase.FLIP:
        return tuple(flip_move(x) for x in _flippable(state.board))
    if phase is Phase.LAY:
        return tuple(m for m, _ in _lays(state))
    return ()


def _piece_moves(board: Board, player: int) -> tuple[Step, ...]:
    """The player's pawns not home by position, then the guards sharing a tile with a pawn
    (VX-TURN-2), one move per (piece kind, tile) (VX-TURN-4)."""
    finish = len(board.tiles) - 1
    pawn_steps, guard_steps = _steps(finish)
    moves = []
    last = -1
    for p in board.pawns[player]:  # ascending: pieces on one tile are neighbours
        if p != last and p != finish:
            moves.append(pawn_steps[p])
            last = p
    guards = board.guards
    if guards:
        occupied = set().union(*board.pawns)
        last = -1
        for g in guards:
            if g != last and g in occupied and g != finish:
                moves.append(guard_steps[g])
                last = g
    return tuple(moves)


@cache
def _steps(finish: int) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """The moves of a pawn and of a guard by the roll from every position before
    ``finish``."""
    return tuple(step(PAWN, p) for p in range(finish)), tuple(step(GUARD, p) for p in
                                                               range(finish))


def _flippable(board: Board) -> list[int]:
    """VXV-10: the unoccupied face-up path tiles, by position."""
    occupied = set(board.guards).union(*board.pawns)
    return [
        x for x, tile in enumerate(board.tiles)
        if x not in occupied and tile[0] != FACE_DOWN and tile not in UNTAKEABLE
    ]


def _roll_one(state: State, plain: tuple[Step, ...]) -> tuple[Move, ...]:
    """The moves of a roll of 1 by ``roll_one``.

    VXV-2: every plain move with its direction +1, -1, +0. VXV-7: the plain moves, then
    the swaps by own tile, adjacent tile (behind first) and opponent.
    """
    if state.rules.roll_one == "choice":
        return tuple(
            step(m.piece, m.position, delta)
            for m in plain
            for delta in (1, -1, 0)
            if delta >= 0 or m.position > 0
        )
    return plain + _swaps(state)


def _swaps(state: State) -> tuple[Swap, ...]:
    """VXV-7: an own pawn with an opponent's pawn one tile behind or ahead; pieces on the
    finish never move. The owner is named only when several opponents stand there."""
    board = state.board
    finish = board.finish
    me = state.player
    swaps = []
    for p in sorted(set(board.pawns[me])):
        if p == finish:
            continue
        for q in (p - 1, p + 1):
            if q < 0 or q == finish:
                continue
            owners = [o for o, ps in enumerate(board.pawns) if o != me and q in ps]
            if len(owners) == 1:
                swaps.append(swap(p, q))
            else:
                swaps.extend(swap(p, q, o) for o in owners)
    return tuple(swaps)


def _victims(state: State) -> tuple[int, ...]:
    return victims(state.towers, state.player)


def apply(state: State, move: Move) -> State:
    """The state after ``move``; the input is never changed.

    Raises `IllegalMoveError` naming the move and why it is not legal here.
    """
    if type(state) is not State:
        raise wrong_type("apply", State, state)
    phase = state.phase
    kind = type(move)
    if phase is Phase.ROLL and kind is Roll and 1 <= move.value <= 6:
        return State(state.rules, state.board, state.towers, state.player, Phase.MOVE,
                     move.value, state.penalty, state.hands, state.played)
    if phase is Phase.MOVE and kind in _TURN_MOVES and among(move, legal_moves(state)):
        if kind is Step:
            if not state.roll:  # no die: the tactical card leaves the hand (VXV-9)
                state = played_card(state, move.delta)
            return _step(state, move)
        if kind is Swap:
            return _swap(state, move)
        if kind is Stop:
            return _close_turn(state)
        return _pass_die(_lay_out_hand(state))
    if phase is Phase.FLIP and kind is Flip and among(move, legal_moves(state)):
        return _pass_die(_turn_down(state, move.position))
    if phase is Phase.STEAL and type(move) is Steal and move.victim in _victims(state):
        return _steal(state, move.victim)
    if phase is Phase.LAY and type(move) is Lay and any(m == move for m, _ in _lays(state)):
        return _lay(state, move.tile)
    raise IllegalMoveError(_why_illegal(state, move))


_TURN_MOVES = frozenset((Step, Swap, Stop, Pass))
"""The kinds of move of the MOVE phase."""


def _why_illegal(state: State, move: object) -> str:
    legal = ", ".join(str(m) for m in legal_moves(state)) or "none"
    if state.phase is Phase.OVER:
        return f"{shown(move)} is not legal: the game is over"
    return f"{shown(move)} is not legal here ({state.phase.value} phase); legal moves: {legal}"


def _lay(state: State, tile: str) -> State:
    """VX-SETUP-2: ``tile`` is laid next; with the last one the setup is complete."""
    board = state.board
    laid = (*board.tiles[1:], tile)
    if len(laid) == sum(box(state.rules).values()):
        return laid_out(state.rules, laid)
    return state.at(Board((*board.tiles, tile), board.pawns), state.towers, 0, Phase.LAY)


def _step(state: State, move: Step) -> State:
    """Move one piece by the roll (or by its ``delta``: VXV-2's direction, VXV-9's card),
    then take the tile left alone or run its action. Staying (delta 0) leaves nothing, so
    takes nothing (VXV-2)."""
    board = state.board
    player = state.player
    origin = move.position
    delta = move.delta
    if delta is None:
        target = min(origin + state.roll, len(board.tiles) - 1)
    elif delta == 0:
        return _end_turn(state, board, state.towers)
    else:
        target = min(origin + delta, len(board.tiles) - 1)
    left = None
    pawns, guards = board.pawns, board.guards
    if move.piece == PAWN:
        if board.alone_at(origin):
            left = left_alone(board, origin, state.rules.start_tile_to_box)
        pawns = (*pawns[:player], moved(pawns[player], origin, target), *pawns[player + 1 :])
    else:
        guards = moved(guards, origin, target)
    towers = state.towers
    if left is None or left in (GIFT, STEAL):
        board = Board(board.tiles, pawns, guards)
    else:
        board = without_tile(board.tiles, pawns, guards, origin)
        if left != START:
            towers = (*towers[:player], (*towers[player], left), *towers[player + 1 :])
    if left == GIFT:
        after = _gift(state.at(board, towers, player, Phase.MOVE, state.roll), origin)
        return _end_turn(after, after.board, after.towers)
    if left == STEAL:
        board = flip(board, origin, GIFT)
        if victims(towers, player):
            return state.at(board, towers, player, Phase.STEAL)
    return _end_turn(state, board, towers)


def _swap(state: State, move: Swap) -> State:
    """VXV-7: the two pawns change places; no tile is taken."""
    board = state.board
    me = state.player
    owner = move.owner
    if owner is None:
        owner = next(o for o, ps in enumerate(board.pawns) if o != me and move.target in ps)
    pawns = tuple(
        moved(ps, move.position, move.target) if o == me
        else moved(ps, move.target, move.position) if o == owner
        else ps
        for o, ps in enumerate(board.pawns)
    )
    board = Board(board.tiles, pawns, board.guards)
    return _end_turn(state, board, state.towers)


def _turn_down(state: State, position: int) -> State:
    """VXV-10: the tile on ``position`` lies face down from now on."""
    tiles = state.board.tiles
    board = Board(
        (*tiles[:position], FACE_DOWN + tiles[position], *tiles[position + 1 :]),
        state.board.pawns,
        state.board.guards,
    )
    return state.at(board, state.towers, state.player, Phase.FLIP)


def _flip(state: State, position: int, side: str) -> State:
    return state.at(flip(state.board, position, side), state.towers, state.player, state.phase,
                    state.roll)


def _gift(state: State, position: int) -> State:
    """VX-ACT-1: give the top tile away by the value order, then flip to Steal."""
    state = _flip(state, position, STEAL)
    receiver = gift_receiver(state.towers, state.player)
    if receiver is None:
        return state
    towers = hand_over(state.towers, state.player, receiver)
    return state.at(state.board, towers, state.player, state.phase, state.roll)


def _steal(state: State, victim: int) -> State:
    """VX-ACT-2: the victim's top tile goes on top of the active player's tower."""
    towers = hand_over(state.towers, victim, state.player)
    return _end_turn(state, state.board, towers)


def _end_turn(state: State, board: Board, towers: tuple[tuple[str, ...], ...]) -> State:
    """The turn of ``state``'s player after its move left ``board`` and ``towers``: pass
    the die clockwise, skipping players whose pawns are all home (VX-TURN-1); first move the
    passed tiles to the end (VXV-3, VXV-8b), end the game early (VXV-4, VXV-5, VXV-8b) or
    let the player turn a tile face down (VXV-10)."""
    rules = state.rules
    player = state.player
    if not (
        rules.passed_tiles_to_end
        or rules.negative_lucky_sweep
        or rules.early_end is not None
        or rules.tactical_cards
        or rules.hidden_tiles
    ):  # the plain game: pass the die (VX-TURN-1), or the game is over (VX-END-1)
        finish = len(board.tiles) - 1
        players = len(board.pawns)
        for k in range(1, players + 1):
            nxt = (player + k) % players
            for p in board.pawns[nxt]:
                if p != finish:
                    return State(rules, board, towers, nxt, Phase.ROLL)
        return State(rules, board, towers, player, Phase.OVER)
    if rules.passed_tiles_to_end or rules.negative_lucky_sweep:
        board = passed_to_end(board)
    if rules.early_end is not None or rules.negative_lucky_sweep:
        over = early_end(state.at(board, towers, player, Phase.OVER))
        if over is not None:
            return over
    state = state.at(board, towers, player, Phase.MOVE, state.roll)
    if rules.tactical_cards:
        going_on = cards_going_on(state)
        if going_on is not None:
            return going_on
    return _close_turn(state)


def cards_going_on(state: State) -> State | None:
    """VXV-9: the turn going on after a card, or None when it ends as it stands: once every
    pawn of the player is home (VX-TURN-1) or no card in hand can be played (also at a sum
    of 7 when the -1 then fits no piece)."""
    board = state.board
    if all(x == board.finish for x in board.pawns[state.player]):
        return None
    going_on = state if state.phase is Phase.MOVE else state.at(board, state.towers,
                                                                 state.player, Phase.MOVE)
    return going_on if type(legal_moves(going_on)[0]) is Step else None


def _close_turn(state: State) -> State:
    """The last action of a turn: turn a tile face down (VXV-10), then pass the die."""
    board = state.board
    if state.rules.hidden_tiles and _flippable(board) and _next_player(board, state.player) >= 0:
        return state.at(board, state.towers, state.player, Phase.FLIP)
    return _pass_die(state)


def _next_player(board: Board, player: int) -> int:
    """The next player clockwise with a pawn on the way (VX-TURN-1), or -1 if none."""
    finish = len(board.tiles) - 1
    players = len(board.pawns)
    for k in range(1, players + 1):
        nxt = (player + k) % players
        if any(p != finish for p in board.pawns[nxt]):
            return nxt
    return -1


def _pass_die(state: State) -> State:
    """The die goes to the next player, or the game is over (VX-TURN-1, VX-END-1)."""
    if state.rules.tactical_cards:
        return _pass_cards(state)
    nxt = _next_player(state.board, state.player)
    if nxt < 0:
        return state.at(state.board, state.towers, state.player, Phase.OVER)
    return state.at(state.board, state.towers, nxt, Phase.ROLL)



def _pass_cards(state: State) -> State:
    """VXV-9: the turn passes clockwise to the next player still in the game; once every
    such player has an empty hand, everyone takes all cards back first."""
    board = state.board
    finish = board.finish
    hands = state.hands
    nxt = _next_player(board, state.player)
    if nxt < 0:
        return State(state.rules, board, state.towers, state.player, Phase.OVER, 0,
                     state.penalty, hands)
    if not any(hands[p] for p, ps in enumerate(board.pawns) if any(x != finish for x in ps)):
        hands = (CARDS,) * len(hands)
    return State(state.rules, board, state.towers, nxt, Phase.MOVE, 0, state.penalty, hands)


def _lay_out_hand(state: State) -> State:
    """VXV-9: a player who cannot play lays the cards in hand out as played."""
    player = state.player
    hands = (*state.hands[:player], (), *state.hands[player + 1 :])
    return State(state.rules, state.board, state.towers, player, state.phase, 0,
                 state.penalty, hands)
