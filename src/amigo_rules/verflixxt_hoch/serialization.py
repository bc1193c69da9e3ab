"""``to_json`` / ``from_json``: the versioned state document, validated on the way in."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from ..core import StateError, jsonio
from ..core.checks import quote, wrong_type
from ..track import (
    ACTIONS,
    FINISH,
    START,
    Board,
    check_pawns,
    check_positions,
    sorted_tiles,
    table_from_data,
    table_to_data,
)
from .engine import _hat_actions
from .gifts import victims
from .rules import Rules
from .setup import dealt, deck_counts, guard_positions, initial_state, track_laid, turned_up
from .state import NO_HAT, Phase, State
from .tiles import CARD_INDEX, CARDS, COLLECTED, HATS, TOKEN_STACK, TOKENS, TRACK_TILES

NAME = "verflixxt_hoch"
"""The game's registered name."""
_FIELDS = ("tiles", "pawns", "guards", "towers", "hats", "tokens", "hands", "pile", "discard",
           "player", "phase", "plays", "yellow", "arrived", "arrived_hat")


def to_json(state: State) -> str:
    """The state as a versioned JSON document (``schema: amigo-rules/state``); ``turned``
    is written only during the hat draw (HO-SETUP-4)."""
    if type(state) is not State:
        raise wrong_type("to_json", State, state)
    return jsonio.dump_state(NAME, state.rules, {
        **table_to_data(state.board, state.towers),
        "hats": [None if h is None else list(h) for h in state.hats],
        "tokens": state.tokens,
        "hands": [list(h) for h in state.hands],
        "pile": list(state.pile),
        "discard": list(state.discard),
        "player": state.player,
        "phase": state.phase.value,
        "plays": state.plays,
        "yellow": state.yellow,
        "arrived": state.arrived,
        "arrived_hat": state.arrived_hat,
        **({"turned": list(state.turned)} if state.turned else {}),
    })


def _pair(value: Any) -> tuple[int, int]:
    pair = jsonio.array(jsonio.integer)(value)
    if len(pair) != 2:
        raise StateError(f"{quote(value)} is not a [player, position] pair")
    return pair


def _hats(value: Any) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    hats = jsonio.array(jsonio.optional(_pair))(value)
    if len(hats) != 2:
        raise StateError(f"{quote(value)} is not [lucky hat, cursed cap]")
    return hats


def from_json(text: str) -> State:
    """Read a document of `to_json`, checking every invariant; raises `StateError` only."""
    rules, body = jsonio.load_state(text, NAME, Rules)
    jsonio.keys(body, _FIELDS, ("turned",), what="field 'state'")
    ints = jsonio.array(jsonio.integer)
    strings = jsonio.array(jsonio.string)
    board, towers = table_from_data(body)
    state = State(
        rules,
        board,
        towers,
        jsonio.field(body, "hats", _hats),
        jsonio.field(body, "tokens", jsonio.integer),
        jsonio.field(body, "hands", jsonio.array(strings)),
        jsonio.field(body, "pile", ints),
        jsonio.field(body, "discard", ints),
        jsonio.field(body, "player", jsonio.integer),
        jsonio.field(body, "phase", jsonio.member(Phase)),
        jsonio.field(body, "plays", jsonio.integer),
        jsonio.field(body, "yellow", jsonio.boolean),
        jsonio.field(body, "arrived", jsonio.integer),
        jsonio.field(body, "arrived_hat", jsonio.integer),
        jsonio.field(body, "turned", strings) if "turned" in body else (),
    )
    check_state(state)
    return state


def check_state(state: State) -> None:
    """Raise `StateError` unless ``state`` is one the rules can reach."""
    if state.phase in (Phase.LAY, Phase.DEAL, Phase.HATS):
        _check_setup(state)
        return
    if state.turned:
        raise StateError("turned: cards are turned up for the hats only during the setup")
    rules, board = state.rules, state.board
    tiles = board.tiles
    known = {START, FINISH, *TRACK_TILES, *(ACTIONS if rules.action_tiles else ())}
    unknown = sorted({t for t in tiles if t not in known})
    if unknown:
        raise StateError(f"tiles: unknown tiles {quote(unknown)}")
    if len(tiles) < 2 or tiles[0] != START or tiles[-1] != FINISH or tiles.count(START) != 1 \
            or tiles.count(FINISH) != 1:
        raise StateError("tiles: the start tile must be first and the finish last, once each")
    actions = sum(t in ACTIONS for t in tiles)
    if actions != rules.action_count:
        raise StateError(f"tiles: {actions} action tiles, the rules lay {rules.action_count}")
    finish = len(tiles) - 1
    players = rules.players
    check_pawns(board, players, rules.pawns_per_player)
    laid = rules.layout if rules.layout is not None else sorted_tiles(rules.box())
    expected_guards = len(guard_positions((START, *laid, FINISH)))
    if len(board.guards) != expected_guards:
        raise StateError(f"guards: {len(board.guards)} guards, the rules place {expected_guards}")
    check_positions("guards", board.guards, finish)
    _check_collections(state)
    _check_hats(state, finish)
    _check_cards(state)
    _check_turn(state, finish)


def _check_setup(state: State) -> None:
    """A state of the setup must replay from `initial_state`: its track laid from the box,
    the cards in hand dealt in seat order, the cards turned up drawn for the hats."""
    rules, tiles = state.rules, state.board.tiles
    expected = initial_state(rules)
    if state.phase is Phase.LAY:
        laid = tiles[1:]
        if expected.phase is not Phase.LAY or tiles[:1] != (START,) \
                or any(t not in TRACK_TILES for t in laid) or Counter(laid) - Counter(rules.box()) \
                or len(laid) >= sum(rules.box().values()):
            raise StateError("tiles: the track being laid is not drawn from the box")
        expected = attrs.evolve(expected, board=Board(tiles, expected.board.pawns))
    elif expected.phase is Phase.LAY:
        laid = tuple(t for t in tiles[1:-1] if t not in ACTIONS)
        if tiles[:1] != (START,) or tiles[-1:] != (FINISH,) or Counter(laid) != rules.box():
            raise StateError("tiles: the track laid is not the box's tiles")
        expected = track_laid(expected, laid)
    for player, hand in enumerate(state.hands):
        for card in hand:
            if card not in CARD_INDEX or expected.phase is not Phase.DEAL \
                    or expected.player != player or not expected.pile[CARD_INDEX[card]]:
                raise StateError(f"hands: player {quote(player)}'s {quote(list(hand))} were not "
                                 "dealt so")
            expected = dealt(expected, card)
    for card in state.turned:
        if expected.phase is not Phase.HATS or card not in CARD_INDEX \
                or not expected.pile[CARD_INDEX[card]]:
            raise StateError(f"turned: {quote(list(state.turned))} were not turned up so")
        expected = turned_up(expected, card)
    if state != expected:
        raise StateError(f"the {state.phase.value} phase of the setup does not replay to this "
                         "state")


def _check_collections(state: State) -> None:
    towers = state.towers
    if len(towers) != state.rules.players:
        raise StateError(f"towers: {len(towers)} collections for {state.rules.players} players")
    allowed = set(COLLECTED)
    for p, tower in enumerate(towers):
        bad = [t for t in tower if t not in allowed]
        if bad:
            raise StateError(f"towers: player {p} holds {quote(bad)}, which are not collectable")
    held = Counter(t for t in state.board.tiles if t in TRACK_TILES)
    held += Counter(t for w in towers for t in w if t in TRACK_TILES)
    expected = Counter(state.rules.box())
    if held != expected:
        raise StateError(f"tiles are not conserved: missing {quote(dict(expected - held))}, extra "
                         f"{quote(dict(held - expected))}")
    if not 0 <= state.tokens <= len(TOKEN_STACK):
        raise StateError(f"tokens: {quote(state.tokens)} taken, the stack has {len(TOKEN_STACK)}")
    taken = Counter(t for w in towers for t in w if t in TOKENS)
    if taken != Counter(TOKEN_STACK[: state.tokens]):
        raise StateError(f"tokens: the collections hold {quote(dict(taken))}, but the top "
                         f"{quote(state.tokens)} tokens of the stack were taken")


def _check_hats(state: State, finish: int) -> None:
    board = state.board
    for i, (h, name) in enumerate(zip(state.hats, HATS, strict=True)):
        home = sum(w.count(name) for w in state.towers)
        if h is None:
            if home != 1:
                raise StateError(f"hats: {name} is neither on a pawn nor in one collection")
            continue
        if home:
            raise StateError(f"hats: {name} is on a pawn and in a collection")
        player, position = h
        if not 0 <= player < state.rules.players or position not in board.pawns[player] \
                or position == finish:
            raise StateError(f"hats: {name} is on {quote(list(h))}, where no pawn of that player "
                             "is in play")
        if i == 1 and h == state.hats[0] and board.pawns[player].count(position) < 2:
            raise StateError("hats: both hats on one pawn")


def _check_cards(state: State) -> None:
    players = state.rules.players
    if len(state.hands) != players:
        raise StateError(f"hands: {len(state.hands)} hands for {players} players")
    held = [0] * len(CARDS)
    for p, hand in enumerate(state.hands):
        if any(c not in CARD_INDEX for c in hand) or len(hand) > 2:
            raise StateError(f"hands: player {p} holds {quote(list(hand))}")
        if list(hand) != sorted(hand, key=CARD_INDEX.__getitem__):
            raise StateError(f"hands: player {p}'s cards are not in card order")
        for c in hand:
            held[CARD_INDEX[c]] += 1
    for what, counts in (("pile", state.pile), ("discard", state.discard)):
        if len(counts) != len(CARDS) or any(n < 0 for n in counts):
            raise StateError(f"{what}: {quote(list(counts))} is not a count per card kind")
    total = tuple(h + a + b for h, a, b in zip(held, state.pile, state.discard, strict=True))
    if total != deck_counts(state.rules):
        raise StateError("cards are not conserved: hands, draw and discard piles do not add "
                         "up to the deck")


def _check_turn(state: State, finish: int) -> None:
    players = state.rules.players
    player, phase = state.player, state.phase
    if not 0 <= player < players:
        raise StateError(f"player {quote(player)} is not a player of this game")
    hand = len(state.hands[player])
    in_play = any(x != finish for x in state.board.pawns[player])
    for p, h in enumerate(state.hands):
        if p != player and len(h) != 2 and any(x != finish for x in state.board.pawns[p]):
            raise StateError(f"hands: player {p}, still in play, holds {len(h)} cards")
    if not 0 <= state.plays <= 2 or (state.yellow and not state.plays):
        raise StateError(f"plays {quote(state.plays)} / yellow {state.yellow} are inconsistent")
    pending = phase is Phase.HAT or (phase is Phase.STEAL and state.arrived != -1)
    if not pending and (state.arrived != -1 or state.arrived_hat != NO_HAT):
        raise StateError(f"arrived {quote(state.arrived)} outside the hat phase")
    if phase is Phase.OVER:
        if not all(x == finish for ps in state.board.pawns for x in ps):
            raise StateError("phase 'over' while pawns are still on the way")
        return
    if phase is Phase.STEAL:  # the move may have brought the thief's last pawn home
        if not state.rules.action_tiles or not victims(state.towers, player) \
                or not 1 <= state.plays <= 2 or hand != 2 - state.plays \
                or (state.arrived != -1 and not _pending_hat(state, finish)):
            raise StateError(f"the steal phase does not fit plays {quote(state.plays)}, {hand} "
                             "cards in hand and the collections")
        return
    if not in_play:
        raise StateError(f"player {quote(player)} is to play with every pawn home")
    if phase is Phase.PLAY:
        ok = state.plays == 0 and hand == 2
    elif phase is Phase.DOUBLE:
        ok = state.plays == 1 and state.yellow and hand == 1
    elif phase is Phase.DRAW:
        ok = state.plays >= 1 and hand < 2 and (any(state.pile) or any(state.discard))
    else:
        ok = state.plays >= 1 and hand == 2 - state.plays and _pending_hat(state, finish)
    if not ok:
        raise StateError(f"the {phase.value} phase does not fit plays {quote(state.plays)}, "
                         f"{hand} cards in hand")


def _pending_hat(state: State, finish: int) -> bool:
    """Whether ``arrived``/``arrived_hat`` name a pawn of the active player able to act."""
    player = state.player
    return (
        0 <= state.arrived < finish
        and state.arrived in state.board.pawns[player]
        and state.arrived_hat in (0, 1, 2)
        and (
            state.arrived_hat == NO_HAT
            or state.hats[state.arrived_hat - 1] == (player, state.arrived)
        )
        and bool(_hat_actions(state.board, state.hats, state.arrived, state.arrived_hat))
    )
