"""``play``'s move previews (amigo_rules/foresee.py) are exact: a tile shows iff the player can know
it before the move, whatever its odds; without hidden information a preview is the
narration of the real move."""

import attrs
import numpy as np
import pytest

import amigo_rules
from amigo_rules import CHANCE, exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core import chance_rng, sample_chance
from amigo_rules.track import FACE_DOWN, FINISH, LUCKY, START, Board, remove_tile
from amigo_rules.verflixxt import HIDDEN
from amigo_rules.verflixxt.setup import box
from amigo_rules.verflixxt.state import Phase, State
from amigo_rules.words import foreseen

HIDDEN_TILES = verflixxt.Rules(hidden_tiles=True, players=2)


def track_state(first_face_up):
    """Player 0 to move a pawn by 1 off the first tile after the start, alone there: six
    lucky tiles and the -9 lie in the track after the start, the -9 fourth, the rest of
    the box in the open towers. Face down, the first tile is lucky with odds 6/7."""
    track = [LUCKY, LUCKY, LUCKY, "-9", LUCKY, LUCKY, LUCKY]
    tiles = (START, *(t if x == 0 and first_face_up else FACE_DOWN + t
                      for x, t in enumerate(track)), FINISH)
    rest = [t for t, n in box(HIDDEN_TILES).items() for _ in range(n) if t not in track]
    rest += ["-9"] * (box(HIDDEN_TILES)["-9"] - 1)
    pawns = ((0, 0, 1), (0, 0, 0))
    return State(HIDDEN_TILES, Board(tiles, pawns, ()), (tuple(rest[:12]), tuple(rest[12:])),
                 0, Phase.MOVE, 1)


def taken(state, seat=0):
    """The tile each of ``seat``'s moves would take as previewed, by move."""
    legal = verflixxt.legal_moves(state)
    return {str(move): [e.item for e in events if e.kind == "take"]
            for move, events in zip(legal, foreseen(verflixxt, state, legal, seat),
                                    strict=True)}


@pytest.mark.rule("VXV-10")
def test_a_likely_face_down_tile_is_not_foreseen():
    state = track_state(first_face_up=False)
    seen = verflixxt.observation(state, 0)
    rng = np.random.default_rng(0)
    odds = [verflixxt.sample_state(seen, rng).board.tiles[1] for _ in range(200)]
    assert FACE_DOWN + LUCKY in odds and FACE_DOWN + "-9" in odds  # likely, not certain
    assert taken(state)["pawn 1"] == [None]
    real = verflixxt.apply(state, verflixxt.parse_move(state, "pawn 1"))
    assert LUCKY in real.towers[0][-1:]  # the move does take the lucky tile


@pytest.mark.rule("VXV-10")
def test_a_face_up_tile_is_foreseen():
    assert taken(track_state(first_face_up=True))["pawn 1"] == [LUCKY]


def amigo_state(towers, phase, roll=0):
    """An amigo game of 3 at ``phase``: tiles 30, 31, 33, 34 (-7, -3, +7, -6) are in the
    towers (+7 player 0's, -6 player 1's, -3 and -7 player 2's, -7 on top), player 0's
    third pawn alone on the Gift at 9."""
    state = verflixxt.new_game(verflixxt.Rules.amigo(towers=towers, players=3), seed=1)
    board = attrs.evolve(state.board, pawns=((0, 0, 9), (0, 0, 0), (0, 0, 0)))
    assert [board.tiles[x] for x in (9, 30, 31, 33, 34)] == ["gift", "-7", "-3", "+7", "-6"]
    for x in (34, 33, 31, 30):
        board = remove_tile(board, x)
    return attrs.evolve(state, board=board, towers=(("+7",), ("-6",), ("-3", "-7")),
                        phase=phase, roll=roll)


@pytest.mark.rule("VXV-HIDDEN-TOWERS")
@pytest.mark.parametrize(("towers", "shown"), [("hidden", [None, None]),
                                               ("top", ["-6", "-7"]),
                                               ("open", ["-6", "-7"])])
def test_a_stolen_tile_shows_iff_the_top_is_in_view(towers, shown):
    state = amigo_state(towers, Phase.STEAL)
    legal = verflixxt.legal_moves(state)
    told = foreseen(verflixxt, state, legal, 0)
    assert [[e.item for e in events if e.kind == "steal"] for events in told] == [
        [tile] for tile in shown]


@pytest.mark.rule("VX-ACT-1")
@pytest.mark.parametrize(("towers", "gift"), [("hidden", []),
                                              ("top", [(2, "+7")]),
                                              ("open", [(2, "+7")])])
def test_a_gift_shows_iff_its_receiver_is_in_view(towers, gift):
    state = amigo_state(towers, Phase.MOVE, roll=1)
    move = verflixxt.parse_move(state, "pawn 9")
    (events,) = foreseen(verflixxt, state, [move], 0)
    assert [(e.other, e.item) for e in events if e.kind == "gift"] == gift
    assert events[0].kind == "move"  # the move itself is foreseen
    real = verflixxt.move_events(state, move, verflixxt.apply(state, move), player=0)
    assert [(e.other, e.item) for e in real if e.kind == "gift"] == [(2, "+7")]


OPEN = {
    "classic": (verflixxt, verflixxt.Rules.classic(players=3)),
    "amigo": (verflixxt, verflixxt.Rules.amigo(players=3)),
    "hoch": (ho, ho.Rules(players=3, attack=True, action_tiles=True)),
    "exxtra": (exxtra, exxtra.Rules(players=3)),
}


def decisions(module, rules, seed):
    """(state, seat) at every decision of a seeded game of random moves."""
    rng = chance_rng(seed)
    state = module.new_game(rules, seed=seed)
    while module.current_player(state) != amigo_rules.TERMINAL:
        seat = module.current_player(state)
        if seat == CHANCE:
            state = module.apply(state, sample_chance(module, state, rng))
            continue
        yield state, seat
        legal = module.legal_moves(state)
        state = module.apply(state, legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("name", list(OPEN))
def test_without_hidden_tiles_a_preview_is_the_narration(name):
    """Nothing on the table hidden (hoch²'s secret cards are drawn by chance, never by the
    mover): every preview is the real move's narration told to its mover."""
    module, rules = OPEN[name]
    count = 0
    for state, seat in decisions(module, rules, seed=2):
        legal = module.legal_moves(state)
        told = [module.move_events(state, m, module.apply(state, m), player=seat)
                for m in legal]
        assert foreseen(module, state, legal, seat) == told
        count += 1
    assert count > 10


def agreed(module, state, move, seat, limit=64):
    """The events of ``move`` told to ``seat`` in every state ``seat`` cannot tell from
    ``state`` (None when there are more than ``limit``): per event, the tellings."""
    seen = module.observation(state, seat)
    states = module.consistent_states(seen, limit)
    if states is None:
        return None
    told = [module.move_events(s, move, module.apply(s, move), player=seat) for s in states]
    return list(zip(*told, strict=False))


def check_exact(module, state, seat):
    """Every preview of ``seat``'s moves in ``state`` against the consistent states: a tile
    shows iff they all agree on it, an event only while they agree on all but its tiles.
    Returns how many moves were checked."""
    legal = module.legal_moves(state)
    checked = 0
    for move, events in zip(legal, foreseen(module, state, legal, seat), strict=True):
        tellings = agreed(module, state, move, seat)
        if tellings is None:
            continue
        checked += 1
        for event, alike in zip(events, tellings, strict=False):
            bare = {attrs.evolve(e, item=None, items=()) for e in alike}
            assert bare == {attrs.evolve(event, item=None, items=())}, (move, event)
            tiles = {e.item for e in alike}
            assert event.item == (tiles.pop() if len(tiles) == 1 else None), (move, event)
            items = list(zip(*(e.items for e in alike), strict=True))
            assert [HIDDEN if len(set(i)) > 1 else i[0] for i in items] == list(
                event.items) or set(event.items) == {HIDDEN}, (move, event)
        cut = len(events)
        if cut < len(tellings):  # a preview stops where the states differ, or before a
            alike = tellings[cut]  # Gift or penalty it does not reason about (foresee.py)
            assert len({attrs.evolve(e, item=None, items=()) for e in alike}) > 1 or \
                alike[0].kind in ("gift", "penalty"), move
    return checked


@pytest.mark.rule("VXV-10")
@pytest.mark.rule("VXV-HIDDEN-TOWERS")
def test_previews_are_exact_against_every_consistent_state():
    assert check_exact(verflixxt, track_state(first_face_up=False), 0) > 0
    assert check_exact(verflixxt, track_state(first_face_up=True), 0) > 0
    for towers in ("hidden", "top"):
        assert check_exact(verflixxt, amigo_state(towers, Phase.STEAL), 0) == 2
        assert check_exact(verflixxt, amigo_state(towers, Phase.MOVE, roll=1), 0) > 0


EXACT = {
    "hidden_tiles": verflixxt.Rules(hidden_tiles=True, players=3),
    "hidden_towers": verflixxt.Rules.amigo(towers="hidden", players=3),
    "top_towers": verflixxt.Rules.amigo_pro(towers="top", players=3),
    "tactical_cards": verflixxt.Rules.amigo_pro(tactical_cards=True, towers="hidden",
                                                players=3),
}


def exact_game(name, seed):
    """`check_exact` at every decision of a seeded game of random moves."""
    return sum(check_exact(verflixxt, state, seat)
               for state, seat in decisions(verflixxt, EXACT[name], seed))


@pytest.mark.parametrize("name", list(EXACT))
def test_previews_are_exact_in_a_game(name):
    assert exact_game(name, seed=4) > 10


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5, 12))
@pytest.mark.parametrize("name", list(EXACT))
def test_previews_are_exact_in_games(name, seed):
    assert exact_game(name, seed) > 10
