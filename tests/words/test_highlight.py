"""``render_svg(state, highlight=events)`` marks the last move (issue 36): the tiles or
spaces it passed and reached, where it began, the pieces it moved, and says it; in every
game, from positions alone (so the events may be anyone's view of the move)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from steps import CONFIGS, ident, steps

from amigo_rules import SPECTATOR, ArgumentError, exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core import Event
from amigo_rules.track.svg import route

SVG = "{http://www.w3.org/2000/svg}"


def marks(picture: str) -> dict[str, int]:
    """How many marks of each class the picture holds."""
    root = ET.fromstring(picture)
    found: dict[str, int] = {}
    for element in root.iter():
        kind = element.get("class")
        if kind:
            found[kind] = found.get(kind, 0) + 1
    return found


def caption(picture: str) -> str:
    return " ".join(t.text or "" for t in ET.fromstring(picture).iter(f"{SVG}text")
                    if (t.text or "").startswith("Last move") or "→" in (t.text or ""))


def played(module, state, *texts):
    for text in texts:
        move = module.parse_move(state, text)
        before = state
        state, events = module.apply_events(state, move)
    return before, state, events


@pytest.mark.rule("VX-TAKE-1", "VX-TURN-3")
def test_a_pawn_that_takes_its_tile_is_marked_where_the_track_closed_up():
    """``pawn 2`` with a 1 leaves the -2 alone: taken, the gap closes; the pawn that went
    to 3 now stands on 2, the tile it passed and reached is 2, its start is gone."""
    state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    _, after, events = played(verflixxt, state, "roll 2", "pawn 0", "roll 3", "pawn 0",
                              "roll 1", "pawn 2")
    assert [e.kind for e in events] == ["move", "take"]
    assert route(events) == (frozenset({2}), None, frozenset({("pawn", 0, 2)}),
                             "Last move: P0: pawn 2 → 3, now on 2")
    picture = verflixxt.render_svg(after, highlight=events, names=["Ann", "Bo"])
    assert marks(picture) == {"amigo-last": 1, "amigo-last-piece": 1}
    assert "Last move: Ann: pawn 2 → 3, now on 2" in caption(picture)
    assert "last move" in picture  # the legend says what the marks are


def test_a_move_off_the_start_marks_its_route_its_start_and_its_pawn():
    state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    _, after, events = played(verflixxt, state, "roll 2", "pawn 0")
    assert route(events) == (frozenset({1, 2}), 0, frozenset({("pawn", 0, 2)}),
                             "Last move: P0: pawn 0 → 2")
    picture = verflixxt.render_svg(after, highlight=events)
    assert marks(picture) == {"amigo-last": 2, "amigo-last-start": 1, "amigo-last-piece": 1}
    assert verflixxt.render_svg(after, highlight=()) == verflixxt.render_svg(after)
    assert "last move" not in verflixxt.render_svg(after)


@pytest.mark.rule("HO-HAT-1", "HO-ATTACK-1")
def test_hoch_names_the_hatted_pawn_and_rings_the_pushed_pieces():
    cursed = route([Event("card", 1, item="5o"),
                    Event("move", 1, piece="cursed", origin=6, target=11, item="-4", value=5),
                    Event("take", 1, origin=6, target=10, item="±7")],
                   pieces=ho.narration.HAT_PAWNS)
    assert cursed == (frozenset({6, 7, 8, 9, 10}), None, frozenset({("pawn", 1, 10)}),
                      "Last move: P1: the cursed-cap pawn 6 → 11, now on 10")
    attack = route([Event("attack", 0, origin=5, target=9, value=4),
                    Event("pushed", 1, piece="pawn", origin=5, target=9, value=1),
                    Event("pushed", None, piece="guard", origin=5, target=9, value=2)])
    assert attack == (frozenset({6, 7, 8, 9}), 5,
                      frozenset({("pawn", 1, 9), ("guard", -1, 9)}),
                      "Last move: P0 attacks 5 → 9")


def test_exxtra_marks_the_pair_placed_the_counters_moved_and_a_new_roll():
    state = exxtra.new_game(exxtra.Rules(players=3))
    _, rolled, events = played(exxtra, state, "roll 3-3")
    assert [e.kind for e in events] == ["roll", "double"]
    picture = exxtra.render_svg(rolled, highlight=events, names=["Ann", "Bo", "Cy"])
    # the spaces 1-3 the double moved over, and the dice waiting: four bands; the counter
    assert marks(picture) == {"amigo-last": 4, "amigo-last-piece": 1}
    assert "Last move: Ann rolls 3-3 (33); Ann's counter 0 → 3" in caption(picture)
    _, placed, events = played(exxtra, rolled, "place 2")
    picture = exxtra.render_svg(placed, highlight=events)
    assert marks(picture) == {"amigo-last": 1}  # the pair on rung 2
    assert re.search(r"Last move: P0 places 33 on rung 2", caption(picture))


@pytest.mark.parametrize("config", CONFIGS, ids=ident)
def test_every_move_can_be_marked_and_any_view_of_it_marks_the_same(config):
    """For every move of random games: the picture with its events marks at least one
    thing whenever the move moved a piece, is well-formed, and is the same whether the
    events are all shown or redacted for the viewer (the marks read positions only)."""
    module, rules = config
    moving = 0
    for before, _, after, events in steps(module, rules, seed=5, limit=60):
        for viewer in (None, SPECTATOR, 0):
            seen = module.redact_events(before, events, player=viewer)
            picture = module.render_svg(after, player=viewer, highlight=seen)
            assert picture == module.render_svg(after, player=viewer, highlight=events)
        found = marks(picture)
        if any(e.kind in ("move", "double", "advance", "x_end", "place", "attack")
               and e.origin != e.target for e in events) and not any(
                e.kind == "passed_to_end" for e in events):
            moving += 1
            assert found.get("amigo-last", 0) + found.get("amigo-last-piece", 0) > 0, events
    assert moving


@pytest.mark.parametrize("module", [verflixxt, ho, exxtra], ids=lambda m: m.NAME)
def test_a_highlight_that_is_not_events_is_refused(module):
    state = module.new_game(seed=1)
    for wrong in ("pawn 3", 3, [1, 2], module.legal_moves(state)[0], [state]):
        with pytest.raises(ArgumentError, match="highlight must be None or the events"):
            module.render_svg(state, highlight=wrong)
