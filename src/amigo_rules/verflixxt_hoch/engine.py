"""The turn: who acts, which moves are legal, what a move does (HO-TURN-*, HO-FIN-1,
HO-HAT-*, HO-END-1)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from operator import attrgetter
from types import MappingProxyType
from typing import TypedDict, TypeVar, cast

import attrs

from ..core import CHANCE, TERMINAL, IllegalMoveError
from ..core.actions import among
from ..core.chance import by_counts
from ..core.checks import shown, type_name, wrong_type
from ..core.errors import ArgumentError
from ..core.events import Event, Sink
from ..core.memo import LastAnswer
from ..track import (
    ACTIONS,
    GIFT,
    STEAL,
    Board,
    Lay,
    Towers,
    flip,
    lay_outcomes,
    left_alone,
    moved,
    without_tile,
)
from .gifts import gift, stolen, victims
from .moves import (
    CURSED,
    GUARD,
    LUCKY,
    PAWN,
    PIECES,
    STOP,
    Attack,
    Deal,
    Draw,
    HatMove,
    Hats,
    Move,
    Play,
    Steal,
    Stop,
    TurnUp,
    attack,
    deal,
    draw,
    hat,
    play,
    steal,
    turn_up,
)
from .setup import dealt, hat_ties, hats_given, track_laid, turned_up
from .state import NO_HAT, Hat, Phase, State
from .tiles import (
    CARD_INDEX,
    CARD_VALUE,
    CARDS,
    CURSED_CAP,
    LUCKY_HAT,
    TOKEN_STACK,
    TRACK_TILES,
    is_yellow,
)


class Changes(TypedDict, total=False):
    """Fields of the next state that differ from the current one: a move's consequences are
    gathered here (each step adds to the one dict) and the next state is built once."""

    board: Board
    towers: Towers
    hats: tuple[Hat, Hat]
    tokens: int
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    player: int
    phase: Phase
    plays: int
    yellow: bool
    arrived: int
    arrived_hat: int


_FIELDS = tuple(a.name for a in attrs.fields(State))
_VALUES = attrgetter(*_FIELDS)
_INDEX = {name: index for index, name in enumerate(_FIELDS)}


def _evolve(state: State, changes: Changes) -> State:
    """``attrs.evolve`` without its introspection (State has no validators)."""
    values = list(_VALUES(state))
    for name, value in changes.items():
        values[_INDEX[name]] = value
    return State(*values)


T = TypeVar("T")

_HAT_OF_PIECE = {LUCKY: 1, CURSED: 2}
_HAT_NAMES = ("lucky", "cursed")
_HAT_TILES = (LUCKY_HAT, CURSED_CAP)


_SETUP = frozenset((Phase.LAY, Phase.DEAL, Phase.HATS))
"""The setup's chance phases (HO-SETUP-1, HO-SETUP-3, HO-SETUP-4)."""


def current_player(state: State) -> int:
    """The player to act, `CHANCE` while a card is to be drawn (or the setup is drawn), or
    `TERMINAL`."""
    if type(state) is not State:
        raise wrong_type("current_player", State, state)
    phase = state.phase
    if phase is Phase.DRAW or phase in _SETUP:
        return CHANCE
    if phase is Phase.OVER:
        return TERMINAL
    return state.player


def is_terminal(state: State) -> bool:
    """Whether every pawn has reached the finish (HO-END-1)."""
    if type(state) is not State:
        raise wrong_type("is_terminal", State, state)
    return state.phase is Phase.OVER


def _draws(source: tuple[int, ...]) -> tuple[tuple[Draw, Fraction], ...]:
    return by_counts(_kinds(draw), source)


@cache
def _kinds(move: Callable[[str], Move]) -> tuple[Move, ...]:
    """``move`` of every card kind, in card order (``draw -1y`` … ``draw 6o``)."""
    return tuple(move(card) for card in CARDS)


def _source(state: State) -> tuple[int, ...]:
    """The pile a card is drawn from: the draw pile, or the discard pile reshuffled."""
    return state.pile if any(state.pile) else state.discard


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """HO-TURN-4: each card kind left in the draw pile (the discard pile once the draw pile
    is empty), with probability its share of that pile. In the setup: the next tile by the
    tiles left (HO-SETUP-1), the card dealt or turned up by the pile (HO-SETUP-3/4), the hats
    at random once the pile runs out during a tie. ``()`` elsewhere."""
    if type(state) is not State:
        raise wrong_type("chance_outcomes", State, state)
    phase = state.phase
    if phase is Phase.DRAW:
        return _draws(_source(state))
    if phase in _SETUP:
        return _setup_outcomes(state)
    return ()


def _setup_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    phase = state.phase
    if phase is Phase.LAY:
        return lay_outcomes(state.rules.box(), state.board.tiles[1:], TRACK_TILES)
    if phase is Phase.HATS and not any(state.pile):
        return hat_ties(state.rules.players, [CARD_VALUE[c] for c in state.turned])
    kind = deal if phase is Phase.DEAL else turn_up
    return by_counts(_kinds(kind), state.pile)


def legal_moves(state: State) -> tuple[Move, ...]:
    """The moves of the node, in a stable order.

    Card plays by card (in card order: -1y, -1o, 0y, … 6o), then own pawns by position
    (hatless, lucky, cursed; the cursed cap's reverse direction right after its normal
    one), then guards by position, then attacks by position (HO-ATTACK-1); ``stop`` last
    in the double-move phase. Hat actions:
    take, swap, give by player, then ``hat none``. Steals by victim. Draws by card.
    """
    if type(state) is not State:
        raise wrong_type("legal_moves", State, state)
    return _MOVES(state)


def _legal(state: State) -> tuple[Move, ...]:
    phase = state.phase
    if phase is Phase.PLAY:
        hand = state.hands[state.player]
        pieces = _pieces(state)
        plays: list[Move] = []
        for card in dict.fromkeys(hand):
            plays += _plays(state, card, pieces)
        if state.rules.attack and CARD_VALUE[hand[0]] == CARD_VALUE[hand[-1]]:
            plays += _attacks(state, CARD_VALUE[hand[0]])
        return tuple(plays)
    if phase is Phase.DRAW:
        return tuple(m for m, _ in _draws(_source(state)))
    if phase is Phase.HAT:
        return _hat_options(state)
    if phase is Phase.DOUBLE:
        return (*_plays(state, state.hands[state.player][0], _pieces(state)), STOP)
    if phase is Phase.STEAL:
        return tuple(steal(v) for v in victims(state.towers, state.player))
    if phase in _SETUP:
        return tuple(m for m, _ in _setup_outcomes(state))
    return ()


def _pieces(state: State) -> list[tuple[str, int]]:
    """The pieces the active player may move, as (piece, position): own pawns not home by
    position — hatless, then the one with the lucky hat, then the one with the cursed cap —
    then the guards sharing a tile with a pawn (VX-TURN-2), once per tile (VX-TURN-4)."""
    board = state.board
    player = state.player
    finish = len(board.tiles) - 1
    own = board.pawns[player]
    lucky, cursed = state.hats
    pieces = []
    last = -1
    for x in own:  # ascending: pawns on one tile are neighbours
        if x in (finish, last):
            continue
        last = x
        here = (player, x)
        wears_lucky = lucky == here
        wears_cursed = cursed == here
        if own.count(x) > wears_lucky + wears_cursed:
            pieces.append((PAWN, x))
        if wears_lucky:
            pieces.append((LUCKY, x))
        if wears_cursed:
            pieces.append((CURSED, x))
    guards = board.guards
    if guards:
        occupied = set().union(*board.pawns)
        last = -1
        for g in guards:
            if g != last and g != finish and g in occupied:
                pieces.append((GUARD, g))
                last = g
    return pieces


def _plays(state: State, card: str, pieces: list[tuple[str, int]]) -> list[Play]:
    """HO-TURN-1, HO-HAT-3, HO-HAT-4: every way to play ``card`` on the ``pieces``."""
    value = CARD_VALUE[card]
    if value == 0:
        return [play(card)]
    board = state.board
    finish = len(board.tiles) - 1
    rows, reverse = _play_rows(card, state.rules.track_length)
    out = []
    for piece, x in pieces:
        if piece is LUCKY:  # it must come home last (HO-HAT-3)
            if x + value < finish or sum(p != finish for p in board.pawns[state.player]) == 1:
                out.append(rows[LUCKY][x])
        elif piece is CURSED:  # either way (HO-HAT-4)
            if value > 0 or x > 0:
                out.append(rows[CURSED][x])
            if x - value >= 0 or value < 0:
                out.append(reverse[x])
        else:
            out.append(rows[piece][x])
    return out


@cache
def _play_rows(
    card: str, length: int
) -> tuple[Mapping[str, tuple[Play, ...]], tuple[Play, ...]]:
    """``card`` played on each kind of piece from every position of a track of ``length``
    tiles, and on the cursed cap the other way (read-only: cached)."""
    rows = {piece: tuple(play(card, piece, x) for x in range(length)) for piece in PIECES}
    return MappingProxyType(rows), tuple(play(card, CURSED, x, True) for x in range(length))


def _attacks(state: State, value: int) -> tuple[Attack, ...]:
    """HO-ATTACK-1: own pawns in play sharing a tile with an opponent's pawn or a guard.

    A pair of 0s is a pair too: its attack pushes nobody but plays both cards and draws
    two. Not offered when it would push a lucky-hat pawn home while its owner keeps another
    pawn in play (ruling).
    """
    board = state.board
    player = state.player
    finish = len(board.tiles) - 1
    lucky = state.hats[0]
    out = []
    for x in sorted(set(board.pawns[player])):
        if x == finish:
            continue
        others = x in board.guards or any(
            x in ps for q, ps in enumerate(board.pawns) if q != player
        )
        if not others:
            continue
        if (
            lucky is not None
            and lucky[1] == x
            and lucky[0] != player
            and x + value >= finish
            and any(y not in (x, finish) for y in board.pawns[lucky[0]])
        ):
            continue
        out.append(attack(x))
    return tuple(out)


def _hat_options(state: State) -> tuple[HatMove, ...]:
    """HO-HAT-2: what the pawn that just arrived may do with the hats on its tile."""
    out = _hat_actions(state.board, state.hats, state.arrived, state.arrived_hat)
    return (*out, hat("none"))


def _hat_actions(
    board: Board, hats: tuple[Hat, Hat], tile: int, worn: int
) -> tuple[HatMove, ...]:
    out = []
    if worn == NO_HAT:
        for i in (0, 1):
            h = hats[i]
            if h is not None and h[1] == tile:
                out.append(hat("take", _HAT_NAMES[i]))
        return tuple(out)
    other = hats[2 - worn]
    if other is not None and other[1] == tile:
        out.append(hat("swap"))
    for q, positions in enumerate(board.pawns):
        here = (q, tile)
        if tile in positions and positions.count(tile) > (hats[0] == here) + (hats[1] == here):
            out.append(hat("give", str(q)))
    return tuple(out)


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
    if (isinstance(move, Play) and phase in (Phase.PLAY, Phase.DOUBLE)
            and among(move, legal_moves(state))):
        return _play(state, move, events)
    if (isinstance(move, Draw) and phase is Phase.DRAW and move.card in CARD_INDEX
            and _source(state)[CARD_INDEX[move.card]]):
        return _draw(state, move.card, events)
    if isinstance(move, HatMove) and phase is Phase.HAT and among(move, legal_moves(state)):
        return _hat(state, move, events)
    if isinstance(move, Attack) and phase is Phase.PLAY and among(move, legal_moves(state)):
        return _attack(state, move.position, events)
    if isinstance(move, Stop) and phase is Phase.DOUBLE:
        if events is not None:
            events.append(Event("stop", state.player))
        return _evolve(state, _end_of_plays(state, {}))
    if (isinstance(move, Steal) and phase is Phase.STEAL
            and move.victim in victims(state.towers, state.player)):
        return _steal(state, move.victim, events)
    if phase in _SETUP and any(type(m) is type(move) and m == move
                               for m, _ in _setup_outcomes(state)):
        return _set_up(state, move, events)
    raise IllegalMoveError(_why_illegal(state, move))


def apply_events(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """`apply` and what the move did: the move itself, then each consequence in the order
    the rules carry them out, everything shown (`move_events` hides other players' cards).
    The event kinds are listed in `amigo_rules.verflixxt_hoch.narration`.

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> state = ho.new_game(ho.Rules(players=2), seed=3)
    >>> after, events = apply_events(state, ho.parse_move(state, "card 4o pawn 0"))
    >>> [(e.kind, e.item) for e in events]
    [('card', '4o'), ('move', '-8')]
    """
    out: list[Event] = []
    after = apply(state, move, events=out)
    if after.phase is Phase.OVER:
        out.append(Event("over"))
    return after, tuple(out)


def _set_up(state: State, move: Move, out: Sink) -> State:
    """One chance outcome of the setup (HO-SETUP-1, HO-SETUP-3, HO-SETUP-4)."""
    if isinstance(move, Lay):
        if out is not None:
            out.append(Event("lay", item=move.tile, target=len(state.board.tiles)))
        laid = (*state.board.tiles[1:], move.tile)
        if len(laid) < sum(state.rules.box().values()):
            board = Board((*state.board.tiles, move.tile), state.board.pawns)
            return _evolve(state, {"board": board})
        return track_laid(state, laid)
    if isinstance(move, Deal):
        if out is not None:
            out.append(Event("deal", state.player, item=move.card))
        return dealt(state, move.card)
    if isinstance(move, TurnUp):
        if out is not None:
            out.append(Event("turn_up", state.player, item=move.card))
        after = turned_up(state, move.card)
    else:
        after = hats_given(state, cast(Hats, move))
    if out is not None and after.phase is Phase.PLAY:
        lucky, cursed = after.hats
        if lucky is not None and cursed is not None:
            out.append(Event("hats", lucky[0], other=cursed[0]))
    return after


def _why_illegal(state: State, move: object) -> str:
    if state.phase is Phase.OVER:
        return f"{shown(move)} is not legal: the game is over"
    legal = ", ".join(str(m) for m in legal_moves(state)) or "none"
    return f"{shown(move)} is not legal here ({state.phase.value} phase); legal moves: {legal}"


def _replace(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    return (*items[:index], item, *items[index + 1 :])


def _play(state: State, move: Play, out: Sink) -> State:
    """Play a card: move the piece, take the tile left alone, finish token, hats home."""
    player = state.player
    card = move.card
    hand = state.hands[player]
    at = hand.index(card)
    index = CARD_INDEX[card]
    changes: Changes = {
        "hands": _replace(state.hands, player, hand[:at] + hand[at + 1 :]),
        "discard": _replace(state.discard, index, state.discard[index] + 1),
        "plays": state.plays + 1,
        "yellow": is_yellow(card) if state.plays == 0 else state.yellow,
    }
    if out is not None:
        out.append(Event("card", player, item=card))
    if move.piece is None:
        if out is not None:
            out.append(Event("zero", player))
        return _evolve(state, _after_move(state, changes))
    board = state.board
    towers = state.towers
    hats = state.hats
    tokens = state.tokens
    value = CARD_VALUE[card]
    steps = -value if move.reverse else value
    origin = move.position
    finish = len(board.tiles) - 1
    target = max(0, min(origin + steps, finish))
    if out is not None:
        out.append(Event("move", player, piece=move.piece, origin=origin, target=target,
                         item=board.tiles[target], value=target - origin))
    exact = origin + steps == finish
    stayed = target == origin
    worn = _HAT_OF_PIECE.get(move.piece, NO_HAT)
    action = None
    if move.piece == GUARD:
        board = Board(board.tiles, board.pawns, moved(board.guards, origin, target))
    else:
        alone = board.alone_at(origin)
        pawns = _replace(board.pawns, player, moved(board.pawns[player], origin, target))
        if worn:
            hats = _worn(hats, worn - 1, (player, target))
        left = left_alone(board, origin, False) if alone and target != origin else None
        if left in ACTIONS:  # HO-COMBINE-1 (VX-TAKE-3): the tile stays, its action runs
            action, left = left, None
        if left is None:
            board = Board(board.tiles, pawns, board.guards)
        else:
            board = without_tile(board.tiles, pawns, board.guards, origin)
            towers = _replace(towers, player, (*towers[player], left))
            hats = _shifted_hats(hats, origin)
            target -= target > origin
            finish -= 1
            if out is not None:
                out.append(Event("take", player, origin=origin, target=target, item=left))
        if out is not None and target == finish:
            out.append(Event("home", player, value=board.pawns[player].count(finish)))
    if exact and tokens < len(TOKEN_STACK):
        towers = _replace(towers, player, (*towers[player], TOKEN_STACK[tokens]))
        if out is not None:
            out.append(Event("token", player, item=TOKEN_STACK[tokens]))
        tokens += 1
    if worn and target == finish:
        towers = _replace(towers, player, (*towers[player], _HAT_TILES[worn - 1]))
        hats = _worn(hats, worn - 1, None)
        if out is not None:
            out.append(Event("hat_home", player, item=_HAT_TILES[worn - 1]))
    hat_next = bool(
        move.piece != GUARD
        and target != finish
        and not stayed
        and _hat_actions(board, hats, target, worn)
    )
    changes.update({"board": board, "towers": towers, "hats": hats, "tokens": tokens})
    if action is not None:  # HO-COMBINE-1: after the move and its tile taking, then flip
        changes["board"] = flip(board, origin, STEAL if action == GIFT else GIFT)
        if action == GIFT:
            changes["towers"] = given = gift(towers, player, state.rules.risk_rank)
            if out is not None:
                out.append(_gift_event(towers, given, player))
                out.append(Event("flip", player, origin=origin, item=STEAL))
        elif victims(towers, player):
            if out is not None:
                out.append(Event("flip", player, origin=origin, item=GIFT))
            changes.update({"phase": Phase.STEAL, "arrived": target if hat_next else -1,
                            "arrived_hat": worn if hat_next else NO_HAT})
            return _evolve(state, changes)
        elif out is not None:
            out.append(Event("flip", player, origin=origin, item=GIFT))
            out.append(Event("steal_nothing", player))
    return _evolve(state, _after_action(state, changes, target if hat_next else -1, worn))


def _worn(hats: tuple[Hat, Hat], index: int, hat: Hat) -> tuple[Hat, Hat]:
    """``hats`` with the hat ``index`` (0 lucky, 1 cursed) at ``hat``."""
    return (hat, hats[1]) if index == 0 else (hats[0], hat)


def _shifted_hats(hats: tuple[Hat, Hat], origin: int) -> tuple[Hat, Hat]:
    """The hats once the tile at ``origin`` left the track (the gap closed)."""
    lucky, cursed = hats
    return (
        (lucky[0], lucky[1] - 1) if lucky is not None and lucky[1] > origin else lucky,
        (cursed[0], cursed[1] - 1) if cursed is not None and cursed[1] > origin else cursed,
    )


def _gift_event(before: Towers, after: Towers, giver: int) -> Event:
    """VX-ACT-1: the tile ``giver``'s Gift handed over, from the towers before and after."""
    for p, (old, new) in enumerate(zip(before, after, strict=True)):
        if p != giver and len(new) > len(old):
            return Event("gift", giver, other=p, item=new[-1])
    return Event("gift_nothing", giver)


def _after_action(state: State, changes: Changes, arrived: int, worn: int) -> Changes:
    """The end of a play: game over, the hat action of the pawn that arrived, or on."""
    if _over(changes.get("board", state.board)):
        changes.update({"phase": Phase.OVER, "plays": 0, "yellow": False, "arrived": -1,
                        "arrived_hat": NO_HAT})
        return changes
    if arrived >= 0:
        changes.update({"phase": Phase.HAT, "arrived": arrived, "arrived_hat": worn})
        return changes
    return _after_move(state, changes)


def _steal(state: State, victim: int, out: Sink) -> State:
    """VX-ACT-2 in hoch²: the victim's top-most path or risk tile goes on top of the active
    player's collection; then the pending hat action, if any."""
    towers = stolen(state.towers, victim, state.player)
    if out is not None:
        out.append(Event("steal", state.player, other=victim, item=towers[state.player][-1]))
    changes: Changes = {"towers": towers, "arrived": -1, "arrived_hat": NO_HAT}
    return _evolve(state, _after_action(state, changes, state.arrived, state.arrived_hat))


def _attack(state: State, origin: int, out: Sink) -> State:
    """HO-ATTACK-1: both cards push every opponent pawn and every guard on the tile (a pair
    of 0s pushes nobody, yet both cards are played and two drawn).

    Rulings: pushed pieces take no tile and make no hat action; each pushed piece landing
    exactly on the finish earns the attacker a finish token; pushed hats that reach the
    finish go to their wearers' owners.
    """
    player = state.player
    hand = state.hands[player]
    value = CARD_VALUE[hand[0]]
    discard = state.discard
    for card in hand:
        discard = _replace(discard, CARD_INDEX[card], discard[CARD_INDEX[card]] + 1)
    board = state.board
    finish = len(board.tiles) - 1
    target = max(0, min(origin + value, finish))
    if out is not None:
        out.append(Event("attack", player, origin=origin, target=target, value=value,
                         items=hand))
    pushed = 0
    pawns = []
    for q, positions in enumerate(board.pawns):
        if q != player and origin in positions:
            count = positions.count(origin)
            pushed += count
            positions = tuple(sorted(target if y == origin else y for y in positions))
            if out is not None:
                out.append(Event("pushed", q, piece=PAWN, origin=origin, target=target,
                                 value=count))
                if target == finish:
                    out.append(Event("home", q, value=positions.count(target)))
        pawns.append(positions)
    guards = board.guards
    if origin in guards:
        pushed += guards.count(origin)
        if out is not None:
            out.append(Event("pushed", piece=GUARD, origin=origin, target=target,
                             value=guards.count(origin)))
        guards = tuple(sorted(target if g == origin else g for g in guards))
    towers = state.towers
    tokens = state.tokens
    if origin + value == finish:
        for _ in range(pushed):
            if tokens < len(TOKEN_STACK):
                towers = _replace(towers, player, (*towers[player], TOKEN_STACK[tokens]))
                if out is not None:
                    out.append(Event("token", player, item=TOKEN_STACK[tokens]))
                tokens += 1
    hats = state.hats
    for i, h in enumerate(hats):
        if h is not None and h[0] != player and h[1] == origin:
            if target == finish:
                towers = _replace(towers, h[0], (*towers[h[0]], _HAT_TILES[i]))
                hats = _worn(hats, i, None)
                if out is not None:
                    out.append(Event("hat_home", h[0], item=_HAT_TILES[i]))
            else:
                hats = _worn(hats, i, (h[0], target))
    board = Board(board.tiles, tuple(pawns), guards)
    changes: Changes = {
        "board": board, "towers": towers, "hats": hats, "tokens": tokens, "discard": discard,
        "hands": _replace(state.hands, player, ()), "plays": 2, "yellow": False,
    }
    if _over(board):
        changes.update({"phase": Phase.OVER, "plays": 0})
        return _evolve(state, changes)
    return _evolve(state, _end_of_plays(state, changes))


def _hat(state: State, move: HatMove, out: Sink) -> State:
    """HO-HAT-2: take, hand over or swap a hat (or leave the hats as they are)."""
    hats = state.hats
    player = state.player
    here = (player, state.arrived)
    worn = state.arrived_hat
    if move.action == "take":
        i = _HAT_NAMES.index(move.target)
        if out is not None:
            out.append(Event("hat_take", player, other=cast(tuple[int, int], hats[i])[0],
                             item=_HAT_TILES[i]))
        hats = _worn(hats, i, here)
    elif move.action == "give":
        if out is not None:
            out.append(Event("hat_give", player, other=int(move.target),
                             item=_HAT_TILES[worn - 1]))
        hats = _worn(hats, worn - 1, (int(move.target), state.arrived))
    elif move.action == "swap":
        i = worn - 1
        if out is not None:
            out.append(Event("hat_swap", player, other=cast(tuple[int, int], hats[1 - i])[0],
                             item=_HAT_TILES[1 - i]))
        hats = _worn(_worn(hats, i, hats[1 - i]), 1 - i, here)
    elif out is not None:
        out.append(Event("hat_keep", player))
    return _evolve(state, _after_move(state, {"hats": hats}))


def _in_play(board: Board, player: int) -> bool:
    """Whether ``player`` has a pawn short of the finish (pawns are ascending)."""
    return board.pawns[player][0] != len(board.tiles) - 1


def _over(board: Board) -> bool:
    """HO-END-1: every pawn has reached the finish."""
    finish = len(board.tiles) - 1
    return all(ps[0] == finish for ps in board.pawns)


def _after_move(state: State, changes: Changes) -> Changes:
    """HO-TURN-3: after a yellow first card the player may play the second card too."""
    changes.update({"phase": Phase.PLAY, "arrived": -1, "arrived_hat": NO_HAT})
    player = state.player
    if (
        changes.get("plays", state.plays) == 1
        and changes.get("yellow", state.yellow)
        and changes.get("hands", state.hands)[player]
        and _in_play(changes.get("board", state.board), player)
    ):
        changes["phase"] = Phase.DOUBLE
        return changes
    return _end_of_plays(state, changes)


def _end_of_plays(state: State, changes: Changes) -> Changes:
    """HO-TURN-4: draw back up to 2 cards (none once every own pawn is home)."""
    player = state.player
    if len(changes.get("hands", state.hands)[player]) < 2 and _in_play(
        changes.get("board", state.board), player
    ):
        changes["phase"] = Phase.DRAW
        return changes
    return _next_player(state, changes)


def _draw(state: State, card: str, out: Sink) -> State:
    pile, discard = state.pile, state.discard
    if not any(pile):
        pile, discard = discard, (0,) * len(CARDS)
        if out is not None:
            out.append(Event("reshuffle"))
    if out is not None:
        out.append(Event("draw", state.player, item=card))
    index = CARD_INDEX[card]
    pile = _replace(pile, index, pile[index] - 1)
    player = state.player
    hand = tuple(sorted((*state.hands[player], card), key=CARD_INDEX.__getitem__))
    changes: Changes = {"hands": _replace(state.hands, player, hand), "pile": pile,
                        "discard": discard}
    if len(hand) < 2:
        return _evolve(state, changes)
    return _evolve(state, _next_player(state, changes))


def _next_player(state: State, changes: Changes) -> Changes:
    """Pass clockwise, skipping players with every pawn home (HO-TURN-5)."""
    board = changes.get("board", state.board)
    players = len(board.pawns)
    for k in range(1, players + 1):
        nxt = (state.player + k) % players
        if _in_play(board, nxt):
            changes.update({"player": nxt, "phase": Phase.PLAY, "plays": 0, "yellow": False,
                            "arrived": -1, "arrived_hat": NO_HAT})
            return changes
    changes.update({"phase": Phase.OVER, "plays": 0, "yellow": False})
    return changes


_MOVES: LastAnswer[State, tuple[Move, ...]] = LastAnswer(_legal)
"""The last state `legal_moves` answered, and its moves (`apply` asks right after it)."""
