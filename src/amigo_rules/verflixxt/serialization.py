"""``to_json`` / ``from_json``: the versioned state document, validated on the way in."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core import StateError, jsonio
from ..core.checks import quote, wrong_type
from ..track import (
    ACTIONS,
    FACE_DOWN,
    FINISH,
    GIFT,
    PATH_TILES,
    START,
    Board,
    check_pawns,
    check_positions,
    face_up,
    is_minus,
    table_from_data,
    table_to_data,
)
from .cards import CARDS, LIMIT
from .engine import cards_going_on, legal_moves
from .rules import Rules
from .setup import box, guard_positions, path_tiles, shuffled_setup
from .state import Phase, State

NAME = "verflixxt"
"""The game's registered name."""
_FIELDS = ("tiles", "pawns", "guards", "towers", "player", "phase", "roll")
_CARD_FIELDS = ("hands", "played")
"""The fields of the state object with tactical cards (VXV-9) only."""


def to_json(state: State) -> str:
    """The state as a versioned JSON document (``schema: amigo-rules/state``); ``penalty``
    is written only when there is one (VXV-5), ``hands`` and ``played`` only with tactical
    cards (VXV-9)."""
    if type(state) is not State:
        raise wrong_type("to_json", State, state)
    cards = (
        {"hands": [list(h) for h in state.hands], "played": list(state.played)}
        if state.rules.tactical_cards
        else {}
    )
    return jsonio.dump_state(NAME, state.rules, {
        **table_to_data(state.board, state.towers),
        "player": state.player,
        "phase": state.phase.value,
        "roll": state.roll,
        **({} if state.penalty is None else {"penalty": list(state.penalty)}),
        **cards,
    })


def from_json(text: str) -> State:
    """Read a document of `to_json`, checking every invariant; raises `StateError` only."""
    rules, body = jsonio.load_state(text, NAME, Rules)
    cards = _CARD_FIELDS if rules.tactical_cards else ()
    jsonio.keys(body, (*_FIELDS, *cards), ("penalty",), what="field 'state'")
    ints = jsonio.array(jsonio.integer)
    board, towers = table_from_data(body)
    state = State(
        rules=rules,
        board=board,
        towers=towers,
        player=jsonio.field(body, "player", jsonio.integer),
        phase=jsonio.field(body, "phase", jsonio.member(Phase)),
        roll=jsonio.field(body, "roll", jsonio.integer),
        penalty=_penalty(body.get("penalty")),
        hands=jsonio.field(body, "hands", jsonio.array(ints)) if cards else (),
        played=jsonio.field(body, "played", ints) if cards else (),
    )
    check_state(state)
    return state


def _penalty(value: Any) -> tuple[int, str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise StateError(f"field 'penalty': {quote(value)} is not [player, tile]")
    return (jsonio.integer(value[0]), jsonio.string(value[1]))


def check_state(state: State) -> None:
    """Raise `StateError` unless ``state`` is one the rules can reach."""
    if state.phase is Phase.LAY:
        _check_laying(state)
        return
    rules, board, towers = state.rules, state.board, state.towers
    tiles = board.tiles
    _check_track(rules, tiles)
    finish = len(tiles) - 1
    check_pawns(board, rules.players, rules.pawns_per_player)
    expected_guards = len(guard_positions(rules, (START, *path_tiles(rules), FINISH)))
    if len(board.guards) != expected_guards:
        raise StateError(f"guards: {len(board.guards)} guards, the rules place {expected_guards}")
    check_positions("guards", board.guards, finish)
    if len(towers) != rules.players:
        raise StateError(f"towers: {len(towers)} towers for {rules.players} players")
    for p, tower in enumerate(towers):
        bad = [t for t in tower if t not in PATH_TILES]
        if bad:
            raise StateError(f"towers: player {p} holds {quote(bad)}, which are not path tiles")
    expected = _path_multiset(rules)
    laid = (face_up(t) for t in tiles)
    held = Counter(t for t in laid if t in PATH_TILES) + Counter(t for w in towers for t in w)
    if state.penalty is not None:
        _check_penalty(state, state.penalty)
        held[state.penalty[1]] += 1
    if held != expected:
        missing, extra = expected - held, held - expected
        raise StateError(f"tiles are not conserved: missing {quote(dict(missing))}, "
                         f"extra {quote(dict(extra))}")
    if rules.start_tile_to_box and tiles[0] == START and not board.pieces_at(0):
        raise StateError("the start tile is empty but still in the track (start_tile_to_box)")
    _check_turn(state, finish)


def _check_laying(state: State) -> None:
    """VX-SETUP-2: while a shuffled track is laid, the tiles laid so far come from the box
    and nothing has happened yet."""
    rules, board = state.rules, state.board
    laid = board.tiles[1:]
    if not shuffled_setup(rules):
        raise StateError("phase 'lay' without a shuffled layout")
    if board.tiles[:1] != (START,) or any(t not in PATH_TILES for t in laid):
        raise StateError("tiles: a track being laid holds the start tile, then path tiles")
    over = Counter(laid) - Counter(box(rules))
    if over or len(laid) >= sum(box(rules).values()):
        raise StateError(f"tiles: {len(laid)} laid, more than the box holds: {quote(dict(over))}")
    fresh = State(rules=rules,
                  board=Board(board.tiles, ((0,) * rules.pawns_per_player,) * rules.players),
                  towers=((),) * rules.players, player=0, phase=Phase.LAY,
                  hands=(CARDS,) * rules.players if rules.tactical_cards else ())
    if state != fresh:
        raise StateError("phase 'lay': pieces, towers and cards must be as set up, player 0")


def _check_track(rules: Rules, tiles: tuple[str, ...]) -> None:
    known = {START, FINISH, *ACTIONS, *PATH_TILES}
    if rules.hidden_tiles:  # VXV-10
        known |= {FACE_DOWN + t for t in PATH_TILES}
    unknown = sorted({t for t in tiles if t not in known})
    if unknown:
        raise StateError(f"tiles: unknown tiles {quote(unknown)}")
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
    moving = rules.passed_tiles_to_end or rules.negative_lucky_sweep
    if rules.layout != "random" and not moving:
        order = iter(GIFT if t in ACTIONS else t for t in laid)
        rest = [GIFT if t in ACTIONS else t for t in tiles if t not in (START, FINISH)]
        if not all(t in order for t in rest):
            raise StateError("tiles: the track is not in the order of the layout")


def _check_penalty(state: State, penalty: tuple[int, str]) -> None:
    """VXV-5: a minus tile taken by a player at the end of an ``one_pawn_left`` game."""
    owner, tile = penalty
    if state.rules.early_end != "one_pawn_left" or state.phase is not Phase.OVER:
        raise StateError("penalty: only at the end of a game with early_end='one_pawn_left'")
    if not 0 <= owner < state.rules.players or tile not in PATH_TILES or not is_minus(tile):
        raise StateError(f"penalty: {quote([owner, tile])} is not [player, minus tile]")


def _check_turn(state: State, finish: int) -> None:
    players = state.rules.players
    if not 0 <= state.player < players:
        raise StateError(f"player {quote(state.player)} is not a player of this game")
    rules = state.rules
    if state.phase is Phase.ROLL and rules.tactical_cards:
        raise StateError("phase 'roll': tactical_cards replace the die (VXV-9)")
    if state.phase is Phase.STEAL and not rules.action_tiles:
        raise StateError("phase 'steal' needs action_tiles (VX-ACT-2)")
    rolled = state.phase is Phase.MOVE and not rules.tactical_cards
    if (state.roll != 0) != rolled or not 0 <= state.roll <= 6:
        raise StateError(f"roll {quote(state.roll)} does not fit the {state.phase.value} phase")
    pawns = state.board.pawns
    early = state.rules.early_end
    if early == "first_home":  # VXV-4
        over = any(all(x == finish for x in ps) for ps in pawns)
    elif early == "one_pawn_left":  # VXV-5
        over = sum(x != finish for ps in pawns for x in ps) <= 1
    elif state.rules.negative_lucky_sweep:  # VXV-8b
        early = "negative_lucky_sweep"
        over = sum(any(x != finish for x in ps) for ps in pawns) <= 1
    else:  # VX-END-1
        over = all(x == finish for ps in pawns for x in ps)
    if state.phase is Phase.OVER and not over:
        raise StateError("phase 'over' while pawns are still on the way")
    if state.phase in (Phase.ROLL, Phase.MOVE) and over and early is not None:
        raise StateError(f"the game should be over ({early})")
    if state.phase in (Phase.ROLL, Phase.MOVE) and all(
        x == finish for x in state.board.pawns[state.player]
    ):
        raise StateError(f"player {quote(state.player)} is to play with every pawn home")
    if state.phase is Phase.STEAL and not any(
        t for p, t in enumerate(state.towers) if p != state.player
    ):
        raise StateError("phase 'steal' with nothing to steal")
    _check_cards(state)
    if state.phase is Phase.FLIP:
        flippable = legal_moves(state)
        if not state.rules.hidden_tiles or not flippable:
            raise StateError("phase 'flip' without hidden_tiles or a tile to turn")


def _check_cards(state: State) -> None:
    """VXV-9: hands only with tactical cards, each a set of the seven cards; the cards
    played this turn are out of the active player's hand and add up to at most 6, or to 7
    while the -1 is still in hand. A turn with cards played goes on (phase move) exactly
    while a card can be played; one that ended at 7 did so because the -1 fitted no piece."""
    hands, played = state.hands, state.played
    if not state.rules.tactical_cards:
        if hands or played:
            raise StateError("hands / played: only with tactical_cards")
        return
    if len(hands) != state.rules.players:
        raise StateError(f"hands: {len(hands)} hands for {state.rules.players} players")
    for p, hand in enumerate(hands):
        if list(hand) != sorted(set(hand)) or not set(hand) <= set(CARDS):
            raise StateError(f"hands: player {p} holds {quote(list(hand))}, not distinct cards of "
                             f"{list(CARDS)} in ascending order")
    if len(set(played)) != len(played) or not set(played) <= set(CARDS):
        raise StateError(f"played: {quote(list(played))} are not distinct cards")
    hand = hands[state.player]
    total = sum(played)
    if set(played) & set(hand):
        raise StateError(f"played: {quote(list(played))} are still in hand")
    if total > LIMIT + (-1 in hand):
        raise StateError(f"played: {quote(list(played))} add up to {total}, more than {LIMIT} "
                         f"(7 only while the -1 is in hand)")
    if not played or state.phase not in (Phase.MOVE, Phase.FLIP):
        return
    going_on = cards_going_on(state) is not None
    if state.phase is Phase.MOVE and not going_on:
        raise StateError(f"phase 'move' after {quote(list(played))}, but no card can be played: "
                         "the turn would have ended")
    if state.phase is Phase.FLIP and total > LIMIT and going_on:
        raise StateError(f"phase 'flip' at a sum of {total}: the turn goes on with the -1")


def _path_multiset(rules: Rules) -> Counter[str]:
    return Counter(box(rules))
