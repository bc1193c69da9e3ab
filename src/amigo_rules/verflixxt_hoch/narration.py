"""What a move of Verflixxt hoch² did, as `Event` values: `move_events(before, move, after)`.

The kinds, with the fields they use (``player`` is the player concerned):

===================  ==================================================================
``lay``              a tile of the shuffled track is laid (``tile``, HO-SETUP-1)
``deal``             a card is dealt to ``player`` (``tile``, HO-SETUP-3)
``turn_up``          ``player`` turns up ``tile`` for the hats (HO-SETUP-4)
``hats``             the lucky hat goes to ``player``, the cursed cap to ``other``; the
                     lucky-hat owner begins (HO-SETUP-4)
``card``             ``player`` plays the card ``tile`` (HO-TURN-1)
``zero``             a 0: nothing moves
``move``             a ``piece`` goes ``value`` tiles (negative: back, HO-HAT-4) from
                     ``origin`` to ``target``, onto ``tile``
``home``             a pawn reaches the finish; ``value`` pawns of the player are home
``take``             the pawn leaving ``origin`` alone takes ``tile`` (a path or risk
                     tile, HO-TURN-2); the moved pawn now stands on ``target``
``token``            ``player`` takes the finish token ``tile`` (HO-FIN-1)
``hat_home``         the hat ``tile`` (``hat+``/``hat-``) reaches the finish and goes to
                     ``player`` (HO-HAT-5)
``hat_take``         ``player`` takes the hat ``tile`` from ``other``'s pawn (HO-HAT-2)
``hat_give``         ``player`` hands the hat ``tile`` to ``other``'s pawn
``hat_swap``         ``player``'s pawn and ``other``'s pawn swap hats (``player`` now
                     wears ``tile``)
``hat_keep``         ``player`` leaves the hats as they are
``attack``           ``player`` attacks from ``origin`` with a pair of ``value``
                     (HO-ATTACK-1); ``pushed`` follows per owner
``pushed``           ``value`` pieces (``piece``: ``pawn`` of ``player``, or ``guard``) go
                     from ``origin`` to ``target``
``gift``             ``tile`` goes from ``player``'s collection to ``other`` (VX-ACT-1)
``gift_nothing``     a Gift without a tile to give
``steal``            ``player`` takes ``tile`` from ``other`` (VX-ACT-2)
``steal_nothing``    a Steal with no tile to take anywhere
``flip``             the action tile on ``origin`` turns to ``tile`` (HO-COMBINE-1)
``stop``             ``player`` declines the second card (HO-TURN-3)
``reshuffle``        the discard pile becomes the draw pile (HO-TURN-4)
``draw``             ``player`` draws ``tile`` (HO-TURN-4)
``over``             the game is over (HO-END-1)
===================  ==================================================================

Cards are secret: with ``player`` given, a card dealt or drawn to someone else is None.
"""

from __future__ import annotations

from ..core.checks import state_of, transition, viewer
from ..core.events import Event
from ..track import ACTIONS, GIFT, STEAL, Board, Lay, left_alone, moved
from .engine import legal_moves
from .moves import GUARD, Attack, Deal, Draw, HatMove, Hats, Move, Play, Steal, Stop, TurnUp
from .state import Phase, State
from .tiles import CARD_VALUE, CARDS, CURSED_CAP, LUCKY_HAT, TOKEN_STACK, TRACK_TILES

_HATS = (LUCKY_HAT, CURSED_CAP)


def move_events(
    before: State, move: Move, after: State, *, player: int | None = None
) -> tuple[Event, ...]:
    """What ``move``, played in ``before``, did on the way to ``after``: the move itself,
    then each consequence in the order the rules carry them out.

    ``after`` must be ``apply(before, move)``. With ``player``, cards of other players are
    None.

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> state = ho.new_game(ho.Rules(players=2), seed=3)
    >>> move = ho.parse_move(state, "card 4o pawn 0")
    >>> [(e.kind, e.tile) for e in move_events(state, move, ho.apply(state, move))]
    [('card', '4o'), ('move', '-8')]
    """
    transition("move_events", State, legal_moves, before, move, after)
    player = viewer(player, before.rules.players)
    mover = before.player
    kind = type(move)
    secret = None if player not in (None, mover) else getattr(move, "card", None)
    if kind is Lay:
        return (Event("lay", tile=move.tile, target=len(before.board.tiles)),)
    if kind is Deal:
        return (Event("deal", mover, tile=secret),)
    if kind is TurnUp:
        out = [Event("turn_up", mover, tile=move.card)]
    elif kind is Hats:
        out = []
    elif kind is Draw:
        out = [Event("reshuffle")] if not any(before.pile) else []
        out.append(Event("draw", mover, tile=secret))
    elif kind is Play:
        out = _play(before, move, after)
    elif kind is Attack:
        out = _attack(before, move, after)
    elif kind is HatMove:
        out = [_hat(before, move)]
    elif kind is Steal:
        out = [Event("steal", mover, other=move.victim, tile=_traded(before, after, mover))]
    elif kind is Stop:
        out = [Event("stop", mover)]
    if before.phase is Phase.HATS and after.phase is Phase.PLAY:
        lucky, cursed = after.hats
        out.append(Event("hats", lucky[0], other=cursed[0]))
    if after.phase is Phase.OVER:
        out.append(Event("over"))
    return tuple(out)


def _traded(before: State, after: State, receiver: int) -> str:
    """The tile that reached ``receiver``'s collection: its last item."""
    return after.towers[receiver][len(before.towers[receiver])]


def _play(before: State, move: Play, after: State) -> list[Event]:
    """A card played: the move, the tile taken or the action run, token and hat home."""
    mover = before.player
    out = [Event("card", mover, tile=move.card)]
    if move.piece is None:
        return [*out, Event("zero", mover)]
    board = before.board
    value = CARD_VALUE[move.card]
    steps = -value if move.reverse else value
    origin = move.position
    target = max(0, min(origin + steps, board.finish))
    out.append(Event("move", mover, piece=move.piece, origin=origin, target=target,
                     tile=board.tiles[target], value=target - origin))
    if move.piece == GUARD:
        return out + _arrivals(before, after)
    alone = board.pieces_at(origin) == 1
    pawns = list(board.pawns)
    pawns[mover] = moved(pawns[mover], origin, target)
    moved_board = Board(board.tiles, tuple(pawns), board.guards)
    left = left_alone(moved_board, origin, False) if alone and target != origin else None
    if left in TRACK_TILES:
        out.append(Event("take", mover, origin=origin, target=target - (target > origin),
                         tile=left))
    if target == board.finish:
        out.append(Event("home", mover, value=pawns[mover].count(target)))
    out += _arrivals(before, after)
    if left in ACTIONS:
        out += _action(before, after, left, origin)
    return out


def _action(before: State, after: State, tile: str, origin: int) -> list[Event]:
    """HO-COMBINE-1: the Gift given (to whoever's collection grew) or the Steal to come."""
    mover = before.player
    out = []
    if tile == GIFT:
        receivers = [p for p, (old, new) in enumerate(zip(before.towers, after.towers,
                                                          strict=True))
                     if p != mover and len(new) > len(old)]
        if receivers:
            out.append(Event("gift", mover, other=receivers[0],
                             tile=_traded(before, after, receivers[0])))
        else:
            out.append(Event("gift_nothing", mover))
    out.append(Event("flip", mover, origin=origin, tile=STEAL if tile == GIFT else GIFT))
    if tile == STEAL and after.phase is not Phase.STEAL:
        out.append(Event("steal_nothing", mover))
    return out


def _arrivals(before: State, after: State) -> list[Event]:
    """Finish tokens taken (HO-FIN-1, by the mover) and hats gone home (HO-HAT-5, to their
    wearers' owners)."""
    out = [Event("token", before.player, tile=TOKEN_STACK[t])
           for t in range(before.tokens, after.tokens)]
    for hat, (worn, now) in zip(_HATS, zip(before.hats, after.hats, strict=True), strict=True):
        if worn is not None and now is None:
            out.append(Event("hat_home", worn[0], tile=hat))
    return out


def _attack(before: State, move: Attack, after: State) -> list[Event]:
    """HO-ATTACK-1: the pair played, every opponent's pawns and the guards pushed."""
    mover = before.player
    board = before.board
    value = CARD_VALUE[before.hands[mover][0]]
    origin = move.position
    target = max(0, min(origin + value, board.finish))
    out = [Event("attack", mover, origin=origin, target=target, value=value,
                 items=before.hands[mover])]
    for q, positions in enumerate(board.pawns):
        if q != mover and origin in positions:
            out.append(Event("pushed", q, piece="pawn", origin=origin, target=target,
                             value=positions.count(origin)))
            if target == board.finish:
                home = after.board.pawns[q].count(target)
                out.append(Event("home", q, value=home))
    if origin in board.guards:
        out.append(Event("pushed", piece=GUARD, origin=origin, target=target,
                         value=board.guards.count(origin)))
    return out + _arrivals(before, after)


def _hat(before: State, move: HatMove) -> Event:
    """HO-HAT-2: what the pawn that arrived did with the hats."""
    mover = before.player
    hats = before.hats
    if move.action == "take":
        index = 0 if move.target == "lucky" else 1
        return Event("hat_take", mover, other=hats[index][0], tile=_HATS[index])
    worn = before.arrived_hat - 1
    if move.action == "give":
        return Event("hat_give", mover, other=int(move.target), tile=_HATS[worn])
    if move.action == "swap":
        return Event("hat_swap", mover, other=hats[1 - worn][0], tile=_HATS[1 - worn])
    return Event("hat_keep", mover)


def setup_events(state: State, *, player: int | None = None) -> tuple[Event, ...]:
    """What the setup of ``state`` (a game just set up) shows: the cards dealt to
    ``player`` (every hand with ``player`` None), the cards turned up for the hats (the
    discard pile) and who got the hats (HO-SETUP-3, HO-SETUP-4).

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> [e.kind for e in setup_events(ho.new_game(ho.Rules(players=2), seed=3), player=0)]
    ['deal', 'turn_up', 'hats']
    """
    player = viewer(player, state_of("setup_events", State, state).rules.players)
    out = [Event("deal", p, items=hand) for p, hand in enumerate(state.hands)
           if player in (None, p)]
    turned = tuple(c for c, n in zip(CARDS, state.discard, strict=True) for _ in range(n))
    out.append(Event("turn_up", items=turned))
    lucky, cursed = state.hats
    if lucky is not None and cursed is not None:
        out.append(Event("hats", lucky[0], other=cursed[0]))
    return tuple(out)
