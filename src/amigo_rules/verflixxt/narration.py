"""What a move of Verflixxt! did, as `Event` values: `move_events(before, move, after)`.

The kinds, with the fields they use (``player`` is the player concerned):

======================  ===============================================================
``lay``                 a tile of the shuffled track is laid (``tile``, at ``target``)
``roll``                the die shows ``value`` (VX-TURN-2)
``card``                a tactical card ``value`` is played (VXV-9)
``move``                a ``piece`` goes ``value`` tiles (negative: back) from ``origin``
                        to ``target``, onto ``tile``
``stay``                the ``piece`` on ``origin`` stays (a 1 played as +0, VXV-2)
``swap``                the pawn on ``origin`` changes places with ``other``'s pawn on
                        ``target`` (VXV-7)
``home``                a pawn reaches the finish; ``value`` pawns of the player are home
``take``                the pawn leaving ``origin`` alone takes ``tile`` (VX-TAKE-1); the
                        moved piece now stands on ``target`` (the gap closed)
``start_to_box``        the start tile leaves the track (VX-TAKE-2)
``gift``                ``tile`` goes from ``player``'s tower to ``other`` (VX-ACT-1)
``gift_nothing``        a Gift with an empty tower: nothing is given
``steal``               ``player`` takes ``tile`` from ``other``'s tower (VX-ACT-2)
``steal_nothing``       a Steal with no tile to take anywhere
``flip``                the action tile on ``origin`` turns to ``tile`` (``gift``/``steal``)
``turn_down``           the path tile ``tile`` on ``origin`` is turned face down (VXV-10)
``stop``, ``pass``      the turn ends (VXV-9); ``pass`` lays out the cards ``items``
``hands_back``          every player takes all seven cards back (VXV-9)
``passed_to_end``       the passed tiles ``items`` move to before the finish (VXV-3)
``end_take``            at the early end the pawn's owner takes ``items`` (VXV-4)
``penalty``             the owner of the last pawn takes ``tile`` as a penalty (VXV-5)
``sweep``               the last player receives the tiles ``items`` left (VXV-8b)
``over``                the game is over
======================  ===============================================================

Hidden information is shown to a ``player`` as the table shows it: a face-down tile (VXV-10)
is None (``?`` among ``items``) until taken, then its taker sees it, and so does everyone
unless the towers are hidden (VXV-HIDDEN-TOWERS), which also hide a tile given or stolen
from all but the two players concerned. At the end every tower is shown.
"""

from __future__ import annotations

from ..core.checks import state_of, transition, viewer
from ..core.events import Event
from ..track import (
    FACE_DOWN,
    GIFT,
    START,
    STEAL,
    Board,
    Lay,
    destination,
    flip,
    gift_receiver,
    hand_over,
    left_alone,
    moved,
    passed_to_end,
    remove_tile,
    victims,
)
from .cards import CARDS
from .engine import legal_moves
from .moves import PAWN, Flip, Move, Pass, Roll, Steal, Step, Stop, Swap
from .observations import HIDDEN
from .state import Phase, State

Towers = tuple[tuple[str, ...], ...]


def move_events(
    before: State, move: Move, after: State, *, player: int | None = None
) -> tuple[Event, ...]:
    """What ``move``, played in ``before``, did on the way to ``after``: the move itself,
    then each consequence in the order the rules carry them out.

    ``after`` must be ``apply(before, move)``. With ``player``, tiles that player may not
    see are None (`observation` decides).

    >>> from amigo_rules import verflixxt
    >>> state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    >>> for text in ("roll 2", "pawn 0", "roll 3", "pawn 0", "roll 1", "pawn 2"):
    ...     move = verflixxt.parse_move(state, text)
    ...     after = verflixxt.apply(state, move)
    ...     found = move_events(state, move, after)
    ...     state = after
    >>> [(e.kind, e.tile) for e in found]
    [('move', '-3'), ('take', '-2')]
    """
    transition("move_events", State, legal_moves, before, move, after)
    player = viewer(player, before.rules.players)
    mover = before.player
    kind = type(move)
    if kind is Lay:
        return (Event("lay", tile=move.tile, target=len(before.board.tiles)),)
    if kind is Roll:
        return (Event("roll", mover, value=move.value),)
    out: list[Event] = []
    board, towers = before.board, before.towers
    if kind is Step:
        if not before.roll:
            out.append(Event("card", mover, value=move.delta))
        board, towers = _step(before, move, player, out)
    elif kind is Steal:
        out.append(Event("steal", mover, other=move.victim,
                         tile=_traded(before, player, move.victim, mover)))
        towers = hand_over(towers, move.victim, mover)
    elif kind is Swap:
        owner = move.owner
        if owner is None:
            owner = next(o for o, ps in enumerate(board.pawns) if o != mover
                         and move.target in ps)
        out.append(Event("swap", mover, other=owner, origin=move.position, target=move.target))
    elif kind is Flip:
        out.append(Event("turn_down", mover, origin=move.position,
                         tile=board.tiles[move.position]))
        return (*out, *_after_turn(before, after))
    elif kind is Stop:
        out.append(Event("stop", mover))
    elif kind is Pass:
        laid = tuple(map(str, before.hands[mover]))
        out.append(Event("pass", mover, items=laid))
        return (*out, *_after_turn(before, after))
    if after.phase is Phase.STEAL:
        return tuple(out)
    return (*out, *_end_of_turn(before, board, towers, after, player))


def _traded(state: State, viewer: int | None, source: int, target: int) -> str | None:
    """The top tile of ``source``'s tower going to ``target`` as ``viewer`` sees it: hidden
    towers (VXV-HIDDEN-TOWERS) show it only to the two players concerned."""
    tile = state.towers[source][-1]
    if viewer is None or viewer in (source, target) or state.rules.towers != "hidden":
        return tile
    return None


def _on_track(tile: str, viewer: int | None) -> str | None:
    """A track tile as ``viewer`` sees it: a face-down tile (VXV-10) as None."""
    return tile if viewer is None or tile[0] != FACE_DOWN else None


def _step(
    before: State, move: Step, viewer: int | None, out: list[Event]
) -> tuple[Board, Towers]:
    """The piece's move and the tile it leaves: taken, boxed, or its action run."""
    board, towers = before.board, before.towers
    mover = before.player
    origin = move.position
    steps = before.roll if move.delta is None else move.delta
    if steps == 0:
        out.append(Event("stay", mover, piece=move.piece, origin=origin))
        return board, towers
    target = destination(board, origin, steps)
    out.append(Event("move", mover, piece=move.piece, origin=origin, target=target,
                     tile=_on_track(board.tiles[target], viewer), value=target - origin))
    if move.piece != PAWN:
        return Board(board.tiles, board.pawns, moved(board.guards, origin, target)), towers
    alone = board.pieces_at(origin) == 1
    pawns = list(board.pawns)
    pawns[mover] = moved(pawns[mover], origin, target)
    board = Board(board.tiles, tuple(pawns), board.guards)
    left = left_alone(board, origin, before.rules.start_tile_to_box) if alone else None
    if left == GIFT:
        board = flip(board, origin, STEAL)
        receiver = gift_receiver(towers, mover)
        if receiver is None:
            out.append(Event("gift_nothing", mover))
        else:
            out.append(Event("gift", mover, other=receiver,
                             tile=_traded(before, viewer, mover, receiver)))
            towers = hand_over(towers, mover, receiver)
        out.append(Event("flip", mover, origin=origin, tile=STEAL))
    elif left == STEAL:
        board = flip(board, origin, GIFT)
        out.append(Event("flip", mover, origin=origin, tile=GIFT))
        if not victims(towers, mover):
            out.append(Event("steal_nothing", mover))
    elif left is not None:
        board = remove_tile(board, origin)
        now = target - (target > origin)
        if left == START:
            out.append(Event("start_to_box", mover, target=now))
        else:
            towers = (*towers[:mover], (*towers[mover], left), *towers[mover + 1 :])
            out.append(Event("take", mover, origin=origin, target=now,
                             tile=_taken(before, viewer, origin, left)))
    if target == before.board.finish:
        out.append(Event("home", mover, value=board.pawns[mover].count(board.finish)))
    return board, towers


def _taken(before: State, viewer: int | None, origin: int, tile: str) -> str | None:
    """A tile taken from the track as ``viewer`` sees it: face up it was seen by all; face
    down (VXV-10) only its taker sees it, and everyone once it shows on the tower."""
    face_down = before.board.tiles[origin][0] == FACE_DOWN
    if viewer is None or viewer == before.player or not face_down:
        return tile
    return None if before.rules.towers == "hidden" else tile


def _end_of_turn(
    before: State, board: Board, towers: Towers, after: State, viewer: int | None
) -> list[Event]:
    """What the end of the turn did: passed tiles moved (VXV-3, VXV-8b), the early ends
    (VXV-4, VXV-5, VXV-8b), the cards taken back (VXV-9), the end of the game."""
    out: list[Event] = []
    rules = before.rules
    if rules.passed_tiles_to_end or rules.negative_lucky_sweep:
        shifted = passed_to_end(board)
        if shifted is not board:  # the rearmost pawn moved back by one per tile passed
            count = min(map(min, board.pawns)) - min(map(min, shifted.pawns))
            passed = shifted.tiles[-1 - count : -1]
            out.append(Event("passed_to_end", items=tuple(
                _on_track(t, viewer) or HIDDEN for t in passed)))
    if after.phase is Phase.OVER:
        kind = "sweep" if rules.negative_lucky_sweep else "end_take"
        for p, (mid, end) in enumerate(zip(towers, after.towers, strict=True)):
            if len(end) > len(mid):
                out.append(Event(kind, p, items=end[len(mid) :]))
        if after.penalty is not None and before.penalty is None:
            out.append(Event("penalty", after.penalty[0], tile=after.penalty[1]))
    return out + _after_turn(before, after)


def _after_turn(before: State, after: State) -> list[Event]:
    """The cards taken back (VXV-9) and the end of the game."""
    out: list[Event] = []
    hands = after.hands
    if hands and after.phase is not Phase.OVER and hands != before.hands and all(
        h == CARDS for h in hands
    ):
        out.append(Event("hands_back"))
    if after.phase is Phase.OVER:
        out.append(Event("over"))
    return out


def setup_events(state: State, *, player: int | None = None) -> tuple[Event, ...]:
    """What the setup did, seen by ``player``: none in Verflixxt! beyond the table
    itself, which every player sees."""
    player = viewer(player, state_of("setup_events", State, state).rules.players)
    return ()
