"""The early ends of the game: VXV-4 (``early_end="first_home"``), VXV-5
(``early_end="one_pawn_left"``) and VXV-8b (``negative_lucky_sweep``)."""

from __future__ import annotations

from ..track import face_up, is_minus, remove_tile, takeable, value
from .state import Phase, State


def early_end(state: State) -> State | None:
    """The game over by ``state.rules.early_end`` after the move just made, or None while
    it goes on. ``state`` is the position after the move, its action and VXV-3."""
    early = state.rules.early_end
    if early == "first_home":
        return _first_home(state)
    if early == "one_pawn_left":
        return _one_pawn_left(state)
    return _last_player_sweeps(state)


def _last_player_sweeps(state: State) -> State | None:
    """VXV-8b: once every player but one is home, that player receives every path tile
    still in the track, in track order (start to finish, so the tile nearest the finish
    ends on top). *Ruling:* the game ends there, as nothing is left to take."""
    board = state.board
    finish = board.finish
    away = [p for p, ps in enumerate(board.pawns) if any(x != finish for x in ps)]
    if len(away) > 1:
        return None
    towers = state.towers
    if away:
        last = away[0]
        swept = [x for x, tile in enumerate(board.tiles) if takeable(tile)]
        towers = tuple(
            (*t, *(face_up(board.tiles[x]) for x in swept)) if p == last else t
            for p, t in enumerate(towers)
        )
        for x in reversed(swept):
            board = remove_tile(board, x)
    return state.at(board, towers, state.player, Phase.OVER)


def _first_home(state: State) -> State | None:
    """VXV-4: once a player has every pawn home, every pawn alone on a path tile makes its
    owner take that tile. *Ruling:* the tiles are taken in track order, start to finish, so
    a tower gets the tile nearest the finish on top."""
    board = state.board
    finish = board.finish
    if not any(all(x == finish for x in ps) for ps in board.pawns):
        return None
    taken = [
        (x, owner)
        for owner, ps in enumerate(board.pawns)
        for x in set(ps)
        if x != finish and takeable(board.tiles[x]) and board.pieces_at(x) == 1
    ]
    taken.sort()
    towers = [list(t) for t in state.towers]
    for x, owner in taken:
        towers[owner].append(face_up(board.tiles[x]))
    for x, _owner in reversed(taken):
        board = remove_tile(board, x)
    return state.at(board, tuple(map(tuple, towers)), state.player, Phase.OVER)


def _one_pawn_left(state: State) -> State | None:
    """VXV-5: once a single pawn is left on the way, its owner takes as a penalty the most
    negative minus tile in the track without a guard and without that pawn (the first such
    tile from the start on a tie of values; none if there is no such tile)."""
    board = state.board
    finish = board.finish
    away = [(x, owner) for owner, ps in enumerate(board.pawns) for x in ps if x != finish]
    if len(away) > 1:
        return None
    penalty = None
    if away:
        last, owner = away[0]
        tiles = board.tiles
        candidates = [
            x for x, tile in enumerate(tiles)
            if is_minus(face_up(tile)) and x != last and x not in board.guards
        ]
        if candidates:  # face-down tiles (VXV-10) count by their value too
            x = min(candidates, key=lambda i: (value(face_up(tiles[i])), i))
            penalty = (owner, face_up(tiles[x]))
            board = remove_tile(board, x)
    return State(
        rules=state.rules, board=board, towers=state.towers, player=state.player,
        phase=Phase.OVER, penalty=penalty, hands=state.hands, played=state.played,
    )



