"""``to_json`` / ``from_json``: the versioned state document, validated on the way in."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core import StateError, jsonio
from ..track import ACTIONS, BOX, FINISH, GIFT, PATH_TILES, START, Board
from .rules import Rules
from .setup import guard_positions, path_tiles
from .state import Phase, State

NAME = "verflixxt"


def to_json(state: State) -> str:
    """The state as a versioned JSON document (``schema: amigo-rules/state``)."""
    board = state.board
    return jsonio.dump(
        "state",
        NAME,
        {
            "rules": jsonio.rules_to_data(state.rules),
            "state": {
                "tiles": list(board.tiles),
                "pawns": [list(p) for p in board.pawns],
                "guards": list(board.guards),
                "towers": [list(t) for t in state.towers],
                "player": state.player,
                "phase": state.phase.value,
                "roll": state.roll,
            },
        },
    )


def _phase(value: Any) -> Phase:
    try:
        return Phase(jsonio.string(value))
    except ValueError:
        raise StateError(f"{value!r} is not one of {[p.value for p in Phase]}") from None


def from_json(text: str) -> State:
    """Read a document of `to_json`, checking every invariant; raises `StateError` only."""
    data = jsonio.load(text, "state", NAME)
    rules = jsonio.rules_from_data(Rules, data.get("rules"))
    body = jsonio.field(data, "state", lambda v: v if isinstance(v, dict) else _not_object())
    ints = jsonio.array(jsonio.integer)
    strings = jsonio.array(jsonio.string)
    board = Board(
        jsonio.field(body, "tiles", strings),
        jsonio.field(body, "pawns", jsonio.array(ints)),
        jsonio.field(body, "guards", ints),
    )
    state = State(
        rules,
        board,
        jsonio.field(body, "towers", jsonio.array(strings)),
        jsonio.field(body, "player", jsonio.integer),
        jsonio.field(body, "phase", _phase),
        jsonio.field(body, "roll", jsonio.integer),
    )
    check_state(state)
    return state


def _not_object() -> Any:
    raise StateError("not an object")


def check_state(state: State) -> None:
    """Raise `StateError` unless ``state`` is one the rules can reach."""
    rules, board, towers = state.rules, state.board, state.towers
    tiles = board.tiles
    _check_track(rules, tiles)
    finish = len(tiles) - 1
    if len(board.pawns) != rules.players:
        raise StateError(f"pawns: {len(board.pawns)} players, the rules say {rules.players}")
    for p, positions in enumerate(board.pawns):
        if len(positions) != rules.pawns_per_player:
            raise StateError(f"pawns: player {p} has {len(positions)}, not "
                             f"{rules.pawns_per_player}")
        _check_positions(f"pawns of player {p}", positions, finish)
    expected_guards = len(guard_positions(rules, (START, *path_tiles(rules), FINISH)))
    if len(board.guards) != expected_guards:
        raise StateError(f"guards: {len(board.guards)} guards, the rules place {expected_guards}")
    _check_positions("guards", board.guards, finish)
    if len(towers) != rules.players:
        raise StateError(f"towers: {len(towers)} towers for {rules.players} players")
    for p, tower in enumerate(towers):
        bad = [t for t in tower if t not in PATH_TILES]
        if bad:
            raise StateError(f"towers: player {p} holds {bad}, which are not path tiles")
    expected = _path_multiset(rules)
    held = Counter(t for t in tiles if t in PATH_TILES) + Counter(t for w in towers for t in w)
    if held != expected:
        missing, extra = expected - held, held - expected
        raise StateError(f"tiles are not conserved: missing {dict(missing)}, extra {dict(extra)}")
    if rules.start_tile_to_box and tiles[0] == START and not board.pieces_at(0):
        raise StateError("the start tile is empty but still in the track (start_tile_to_box)")
    _check_turn(state, finish)


def _check_track(rules: Rules, tiles: tuple[str, ...]) -> None:
    known = {START, FINISH, *ACTIONS, *PATH_TILES}
    unknown = sorted({t for t in tiles if t not in known})
    if unknown:
        raise StateError(f"tiles: unknown tiles {unknown}")
    if not tiles or tiles[-1] != FINISH or tiles.count(FINISH) != 1:
        raise StateError("tiles: the finish tile must be last, once")
    if START in tiles[1:] or (tiles[0] != START and not rules.start_tile_to_box):
        raise StateError("tiles: the start tile must be first (it leaves only with "
                         "start_tile_to_box)")
    laid = path_tiles(rules)
    actions = sum(t in ACTIONS for t in tiles)
    if actions != sum(t in ACTIONS for t in laid):
        raise StateError(f"tiles: {actions} action tiles, the layout has "
                         f"{sum(t in ACTIONS for t in laid)}")
    if rules.layout != "random":
        order = iter(GIFT if t in ACTIONS else t for t in laid)
        rest = [GIFT if t in ACTIONS else t for t in tiles if t not in (START, FINISH)]
        if not all(t in order for t in rest):
            raise StateError("tiles: the track is not in the order of the layout")


def _check_positions(what: str, positions: tuple[int, ...], finish: int) -> None:
    if any(not 0 <= x <= finish for x in positions):
        raise StateError(f"{what}: positions {list(positions)} outside the track 0 … {finish}")
    if list(positions) != sorted(positions):
        raise StateError(f"{what}: positions {list(positions)} are not in ascending order")


def _check_turn(state: State, finish: int) -> None:
    players = state.rules.players
    if not 0 <= state.player < players:
        raise StateError(f"player {state.player} is not a player of this game")
    if (state.roll != 0) != (state.phase is Phase.MOVE) or not 0 <= state.roll <= 6:
        raise StateError(f"roll {state.roll} does not fit the {state.phase.value} phase")
    all_home = all(x == finish for ps in state.board.pawns for x in ps)
    if state.phase is Phase.OVER and not all_home:
        raise StateError("phase 'over' while pawns are still on the way")
    if state.phase in (Phase.ROLL, Phase.MOVE) and all(
        x == finish for x in state.board.pawns[state.player]
    ):
        raise StateError(f"player {state.player} is to play with every pawn home")
    if state.phase is Phase.STEAL and not any(
        t for p, t in enumerate(state.towers) if p != state.player
    ):
        raise StateError("phase 'steal' with nothing to steal")


def _path_multiset(rules: Rules) -> Counter[str]:
    if isinstance(rules.layout, tuple):
        return Counter(t for t in rules.layout if t in PATH_TILES)
    return Counter(BOX)

