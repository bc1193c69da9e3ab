"""The turn: who acts, which moves are legal, and what a move does (VX-TURN-*, VX-TAKE-*,
VX-ACT-*, VX-END-1)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import cast

from ..core import CHANCE, TERMINAL, IllegalMoveError
from ..core.actions import among
from ..core.checks import shown, type_name, wrong_type
from ..core.errors import ArgumentError
from ..core.events import Event, Sink
from ..core.memo import LastAnswer
from ..track import (
    FACE_DOWN,
    GIFT,
    PATH_TILES,
    START,
    STEAL,
    UNTAKEABLE,
    Board,
    Lay,
    Towers,
    flip,
    gift_receiver,
    hand_over,
    lay_outcomes,
    left_alone,
    moved,
    passed_tiles,
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
    return _MOVES(state)


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


def apply(state: State, move: Move, *, events: Sink = None) -> State:
    """The state after ``move``; the input is never changed.

    With ``events`` (a list) the move's events are appended to it, everything shown
    (`apply_events` returns them); without, nothing is spent on them.

    Raises `IllegalMoveError` naming the move and why it is not legal here.
    """
    if type(state) is not State:
        raise wrong_type("apply", State, state)
    if events is not None and type(events) is not list:
        raise ArgumentError(f"apply: events must be a list or None, got {type_name(events)}")
    phase = state.phase
    if phase is Phase.ROLL and isinstance(move, Roll) and 1 <= move.value <= 6:
        if events is not None:
            events.append(Event("roll", state.player, value=move.value))
        return state.at(state.board, state.towers, state.player, Phase.MOVE, move.value)
    if phase is Phase.MOVE and type(move) in _TURN_MOVES and among(move, _MOVES(state)):
        if isinstance(move, Step):
            if not state.roll:  # no die: the tactical card leaves the hand (VXV-9)
                if events is not None:
                    events.append(Event("card", state.player, value=move.delta))
                state = played_card(state, cast(int, move.delta))
            return _step(state, move, events)
        if isinstance(move, Swap):
            return _swap(state, move, events)
        if isinstance(move, Stop):
            if events is not None:
                events.append(Event("stop", state.player))
            return _close_turn(state, state.board, state.towers, events)
        if events is not None:
            events.append(Event("pass", state.player, items=tuple(map(str,
                                                                   state.hands[state.player]))))
        state = _lay_out_hand(state)
        return _pass_die(state, state.board, state.towers, events)
    if phase is Phase.FLIP and isinstance(move, Flip) and among(move, legal_moves(state)):
        if events is not None:
            events.append(Event("turn_down", state.player, origin=move.position,
                             item=state.board.tiles[move.position]))
        state = _turn_down(state, move.position)
        return _pass_die(state, state.board, state.towers, events)
    if phase is Phase.STEAL and isinstance(move, Steal) and move.victim in _victims(state):
        return _steal(state, move.victim, events)
    if phase is Phase.LAY and isinstance(move, Lay) and any(m == move for m, _ in _lays(state)):
        if events is not None:
            events.append(Event("lay", item=move.tile, target=len(state.board.tiles)))
        return _lay(state, move.tile)
    raise IllegalMoveError(_why_illegal(state, move))


def apply_events(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """`apply` and what the move did: the move itself, then each consequence in the order
    the rules carry them out, everything shown (`move_events` redacts them for a player).
    The event kinds are listed in `amigo_rules.verflixxt.narration`.

    >>> from amigo_rules import verflixxt
    >>> state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    >>> state, events = apply_events(state, verflixxt.parse_move(state, "roll 2"))
    >>> events
    (Event(kind='roll', player=0, other=None, piece=None, origin=None, target=None, \
item=None, value=2, items=()),)
    """
    out: list[Event] = []
    after = apply(state, move, events=out)
    if after.phase is Phase.OVER:
        out.append(Event("over"))
    return after, tuple(out)


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


def _step(state: State, move: Step, out: Sink) -> State:
    """Move one piece by the roll (or by its ``delta``: VXV-2's direction, VXV-9's card),
    then take the tile left alone or run its action. Staying (delta 0) leaves nothing, so
    takes nothing (VXV-2)."""
    board = state.board
    player = state.player
    origin = move.position
    delta = move.delta
    finish = len(board.tiles) - 1
    if delta is None:
        target = min(origin + state.roll, finish)
    elif delta == 0:
        if out is not None:
            out.append(Event("stay", player, piece=move.piece, origin=origin))
        return _end_turn(state, board, state.towers, out)
    else:
        target = min(origin + delta, finish)
    if out is not None:
        out.append(Event("move", player, piece=move.piece, origin=origin, target=target,
                         item=board.tiles[target], value=target - origin))
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
        if out is not None:
            now = target - (target > origin)
            out.append(Event("start_to_box", player, target=now) if left == START else
                       Event("take", player, origin=origin, target=now, item=left))
    if left == GIFT:
        board, towers = _gift(board, towers, player, origin, out)
    elif left == STEAL:
        board = flip(board, origin, GIFT)
        stealing = victims(towers, player)
        if out is not None:
            out.append(Event("flip", player, origin=origin, item=GIFT))
            if not stealing:
                out.append(Event("steal_nothing", player))
        if stealing:
            if out is not None and target == finish:
                out.append(_home(board, player))
            return state.at(board, towers, player, Phase.STEAL)
    if out is not None and target == finish and move.piece == PAWN:
        out.append(_home(board, player))
    return _end_turn(state, board, towers, out)


def _home(board: Board, player: int) -> Event:
    """A pawn of ``player`` reached the finish: how many are home now."""
    return Event("home", player, value=board.pawns[player].count(len(board.tiles) - 1))


def _swap(state: State, move: Swap, out: Sink) -> State:
    """VXV-7: the two pawns change places; no tile is taken."""
    board = state.board
    me = state.player
    owner = move.owner
    if owner is None:
        owner = next(o for o, ps in enumerate(board.pawns) if o != me and move.target in ps)
    if out is not None:
        out.append(Event("swap", me, other=owner, origin=move.position, target=move.target))
    pawns = tuple(
        moved(ps, move.position, move.target) if o == me
        else moved(ps, move.target, move.position) if o == owner
        else ps
        for o, ps in enumerate(board.pawns)
    )
    board = Board(board.tiles, pawns, board.guards)
    return _end_turn(state, board, state.towers, out)


def _turn_down(state: State, position: int) -> State:
    """VXV-10: the tile on ``position`` lies face down from now on."""
    tiles = state.board.tiles
    board = Board(
        (*tiles[:position], FACE_DOWN + tiles[position], *tiles[position + 1 :]),
        state.board.pawns,
        state.board.guards,
    )
    return state.at(board, state.towers, state.player, Phase.FLIP)


def _gift(board: Board, towers: Towers, player: int, position: int,
          out: Sink) -> tuple[Board, Towers]:
    """VX-ACT-1: give the top tile away by the value order, then flip to Steal."""
    receiver = gift_receiver(towers, player)
    if out is not None:
        out.append(Event("gift_nothing", player) if receiver is None else
                   Event("gift", player, other=receiver, item=towers[player][-1]))
        out.append(Event("flip", player, origin=position, item=STEAL))
    if receiver is not None:
        towers = hand_over(towers, player, receiver)
    return flip(board, position, STEAL), towers


def _steal(state: State, victim: int, out: Sink) -> State:
    """VX-ACT-2: the victim's top tile goes on top of the active player's tower."""
    if out is not None:
        out.append(Event("steal", state.player, other=victim, item=state.towers[victim][-1]))
    towers = hand_over(state.towers, victim, state.player)
    return _end_turn(state, state.board, towers, out)


def _end_turn(state: State, board: Board, towers: Towers, out: Sink) -> State:
    """The turn of ``state``'s player after its move left ``board`` and ``towers``: pass
    the die clockwise, skipping players whose pawns are all home (VX-TURN-1); first move the
    passed tiles to the end (VXV-3, VXV-8b), end the game early (VXV-4, VXV-5, VXV-8b) or
    let the player turn a tile face down (VXV-10)."""
    rules = state.rules
    if not (
        rules.passed_tiles_to_end
        or rules.negative_lucky_sweep
        or rules.early_end is not None
        or rules.tactical_cards
        or rules.hidden_tiles
    ):  # the plain game (the hot path): nothing happens before the die passes
        return _pass_die(state, board, towers, out)
    player = state.player
    if rules.passed_tiles_to_end or rules.negative_lucky_sweep:
        if out is not None and (passed := passed_tiles(board)):
            out.append(Event("passed_to_end", items=tuple(board.tiles[i] for i in passed)))
        board = passed_to_end(board)
    if rules.early_end is not None or rules.negative_lucky_sweep:
        over = early_end(state.at(board, towers, player, Phase.OVER))
        if over is not None:
            if out is not None:
                out += _ended_early(towers, over)
            return over
    state = state.at(board, towers, player, Phase.MOVE, state.roll)
    if rules.tactical_cards:
        going_on = cards_going_on(state)
        if going_on is not None:
            return going_on
    return _close_turn(state, board, towers, out)


def _ended_early(towers: Towers, over: State) -> list[Event]:
    """What an early end (VXV-4, VXV-5, VXV-8b) gave each player, from ``towers`` to the
    final state ``over``."""
    kind = "sweep" if over.rules.negative_lucky_sweep else "end_take"
    out = [Event(kind, p, items=end[len(mid) :])
           for p, (mid, end) in enumerate(zip(towers, over.towers, strict=True))
           if len(end) > len(mid)]
    if over.penalty is not None:
        out.append(Event("penalty", over.penalty[0], item=over.penalty[1]))
    return out


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


def _close_turn(state: State, board: Board, towers: Towers, out: Sink) -> State:
    """The last action of a turn: turn a tile face down (VXV-10), then pass the die."""
    if state.rules.hidden_tiles and _flippable(board) and _next_player(board, state.player) >= 0:
        return state.at(board, towers, state.player, Phase.FLIP)
    return _pass_die(state, board, towers, out)


def _next_player(board: Board, player: int) -> int:
    """The next player clockwise with a pawn on the way (VX-TURN-1), or -1 if none."""
    finish = len(board.tiles) - 1
    pawns = board.pawns
    players = len(pawns)
    for k in range(1, players + 1):
        nxt = (player + k) % players
        for p in pawns[nxt]:
            if p != finish:
                return nxt
    return -1


def _pass_die(state: State, board: Board, towers: Towers, out: Sink) -> State:
    """The die goes to the next player, or the game is over (VX-TURN-1, VX-END-1); the
    turn ended with ``board`` and ``towers``."""
    if state.rules.tactical_cards:
        return _pass_cards(state, board, towers, out)
    nxt = _next_player(board, state.player)
    if nxt < 0:
        return state.at(board, towers, state.player, Phase.OVER)
    return state.at(board, towers, nxt, Phase.ROLL)


def _pass_cards(state: State, board: Board, towers: Towers, out: Sink) -> State:
    """VXV-9: the turn passes clockwise to the next player still in the game; once every
    such player has an empty hand, everyone takes all cards back first."""
    finish = board.finish
    hands = state.hands
    nxt = _next_player(board, state.player)
    if nxt < 0:
        return State(rules=state.rules, board=board, towers=towers, player=state.player,
                     phase=Phase.OVER, penalty=state.penalty, hands=hands)
    if not any(hands[p] for p, ps in enumerate(board.pawns) if any(x != finish for x in ps)):
        hands = (CARDS,) * len(hands)
        if out is not None:
            out.append(Event("hands_back"))
    return State(rules=state.rules, board=board, towers=towers, player=nxt, phase=Phase.MOVE,
                 penalty=state.penalty, hands=hands)


def _lay_out_hand(state: State) -> State:
    """VXV-9: a player who cannot play lays the cards in hand out as played."""
    player = state.player
    hands = (*state.hands[:player], (), *state.hands[player + 1 :])
    return State(rules=state.rules, board=state.board, towers=state.towers, player=player,
                 phase=state.phase, penalty=state.penalty, hands=hands)


_MOVES: LastAnswer[State, tuple[Move, ...]] = LastAnswer(_legal)
"""The last state `legal_moves` answered, and its moves (`apply` asks right after it)."""
