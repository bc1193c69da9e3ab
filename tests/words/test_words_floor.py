"""The words floor (issue 35): one floor words every game's events through what each game
hands out (``wording``, ``redact_events``); a viewer's events are filtered from the events
already computed, a preview plays each legal move once, old names still work."""

from __future__ import annotations

import ast
import itertools
import re
import warnings
from pathlib import Path
from types import SimpleNamespace

import attrs
import pytest
from steps import CONFIGS, ident, steps

import amigo_rules
from amigo_rules import SPECTATOR, exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core import Event
from amigo_rules.core.visibility import visible_notation_from
from amigo_rules.protocol.host import told_event
from amigo_rules.words import Teller, foreseen, seen_move
from amigo_rules.words.narrator import QUIET

WORDS = Path(amigo_rules.__file__).parent / "words"


def test_the_words_floor_knows_no_game():
    """No module of the floor imports a game package, nor tells a game's things apart by
    their spelling (the risk tile's ``R``, verflixxt's ``HIDDEN``)."""
    games = {f"amigo_rules.{name}" for name in amigo_rules.GAMES}
    found = []
    for path in sorted(WORDS.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom):
                module = ("amigo_rules." if node.level else "") + (node.module or "")
                names = {module, *(f"{module}.{a.name}" for a in node.names)}
                if node.level == 2 and node.module is None:  # from .. import verflixxt
                    names = {f"amigo_rules.{a.name}" for a in node.names}
                found += [f"{path.name}: {n}" for n in names
                          if any(n == g or n.startswith(g + ".") for g in games)]
        found += [f"{path.name}: {m}" for m in re.findall(r"\[0\] == \"R\"|HIDDEN", source)]
    assert len(list(WORDS.glob("*.py"))) >= 5
    assert not found, found


def test_every_game_hands_out_its_wording_and_redaction():
    for module in (verflixxt, ho, exxtra):
        assert {"wording", "redact_events"} <= set(module.__all__)
        wording = module.wording(module.Rules())
        assert wording.pawns == getattr(module.Rules(), "pawns_per_player", None)
    assert ho.wording(ho.Rules()).noun("R5") == "risk tile"
    assert ho.wording(ho.Rules()).worth("hat-") == -10
    assert verflixxt.wording(verflixxt.Rules()).item("-3") == ("-3", "minus")


@pytest.mark.parametrize("config", CONFIGS, ids=ident)
def test_redacted_events_are_the_viewers_move_events(config):
    module, rules = config
    for before, move, after, events in steps(module, rules, seed=4, limit=150):
        for viewer in (None, SPECTATOR, *range(rules.players)):
            assert module.redact_events(before, events, player=viewer) == \
                module.move_events(before, move, after, player=viewer)


class Sealed(SimpleNamespace):
    """A game module with only the functions given: anything else (playing a move again)
    fails the test."""

    def __getattr__(self, name):
        raise AssertionError(f"{name} called: the move was played again")


@pytest.mark.parametrize("config", CONFIGS, ids=ident)
def test_told_event_filters_the_events_already_computed(config):
    """``told_event`` (its signature kept) words each viewer's events from the step's own,
    never calling ``apply``, ``apply_events`` or ``move_events``: the same message as
    telling ``move_events(before, move, after, player=viewer)``."""
    module, rules = config
    sealed = Sealed(current_player=module.current_player, redact_events=module.redact_events)
    hidden = module.spec(rules).has_hidden_information
    hidden_moves = 0
    for number, (before, move, after, events) in enumerate(steps(module, rules, seed=2,
                                                                 limit=120)):
        for viewer in (SPECTATOR, *range(rules.players)):
            teller = Teller.of(module, rules, viewer)
            message = told_event(sealed, before, move, after, number, events, viewer, teller,
                                 hidden=hidden)
            seen = module.move_events(before, move, after, player=viewer)
            notation = visible_notation_from(move, module.current_player(before), seen,
                                     module.move_events(before, move, after))
            assert message["move"] == notation
            assert message["text"] == teller.sentence(seen)
            assert "\n" not in message["text"]
            hidden_moves += notation is None
    assert hidden_moves or module is not ho  # hoch²'s deals and draws are hidden


@pytest.mark.parametrize("config", CONFIGS, ids=ident)
def test_a_preview_plays_each_legal_move_once(config):
    module, rules = config
    for state, _, _, _ in steps(module, rules, seed=6, limit=60):
        player = module.current_player(state)
        if player < 0:
            continue
        legal = module.legal_moves(state)
        played = []

        def apply_events(s, m, module=module, played=played):
            played.append(m)
            return module.apply_events(s, m)

        sealed = Sealed(apply_events=apply_events, redact_events=module.redact_events,
                        observation=module.observation, wording=module.wording,
                        consistent_states=module.consistent_states)
        told = foreseen(sealed, state, legal, player)
        assert played == list(legal)
        after = [module.apply(state, m) for m in legal]
        # what the mover may know: the narration told to them, cut by the game's foresight
        expected = [module.move_events(state, m, a, player=player)
                    for m, a in zip(legal, after, strict=True)]
        cut = module.wording(rules).foresee
        seen = module.observation(state, player)
        if module.consistent_states(seen, 1) is None:
            expected = [cut(events, seen) for events in expected]
        assert told == expected


def test_seen_move_hides_another_seats_card_and_its_notation():
    state = ho.initial_state(ho.Rules(players=2))
    while state.phase.value == "lay":
        state = ho.apply(state, ho.chance_outcomes(state)[0][0])
    move = ho.chance_outcomes(state)[0][0]
    _, events = ho.apply_events(state, move)
    notation, seen = seen_move(ho, state, move, events, 1)
    assert notation is None and [e.item for e in seen] == [None]
    assert seen_move(ho, state, move, events, 0) == (str(move), events)


def preview(module, rules, state, player):
    teller = Teller.of(module, rules, player)
    legal = module.legal_moves(state)
    return legal, [teller.preview_line(events)
                   for events in foreseen(module, state, legal, player)]


def effect(events):
    """What a move's events do that its notation does not say."""
    return tuple(attrs.evolve(e, origin=None, value=None if e.kind == "move" else e.value)
                 for e in events if e.kind not in QUIET)


@pytest.mark.parametrize("config", CONFIGS, ids=ident)
def test_previews_that_differ_in_effect_read_differently(config):
    """Two legal moves whose foreseeable events differ, beyond what the move's own
    notation says beside its preview (the card played, the pair placed: the kinds a
    preview leaves out; where a piece starts and how far it goes), have different
    previews (issue 36: ``card 1o pawn 2`` and ``card 1o cursed 2`` both read "→ 3 (-7)",
    yet only one moves the cursed cap)."""
    module, rules = config
    compared = 0
    for state, _, _, _ in steps(module, rules, seed=3, limit=120):
        player = module.current_player(state)
        if player < 0:
            continue
        legal = module.legal_moves(state)
        told = foreseen(module, state, legal, player)
        teller = Teller.of(module, rules, player)
        lines = [teller.preview_line(events) for events in told]
        for i, j in itertools.combinations(range(len(legal)), 2):
            effects = [effect(told[k]) for k in (i, j)]
            if effects[0] != effects[1]:
                compared += 1
                assert lines[i] != lines[j], (legal[i], legal[j], lines[i])
    assert compared


@pytest.mark.rule("HO-HAT-1")
def test_the_cursed_cap_is_named_in_its_preview():
    teller = Teller.of(ho, ho.Rules(players=2))
    pawn = teller.preview_line([Event("card", 0, item="1o"),
                                Event("move", 0, piece="pawn", origin=2, target=3, item="-7",
                                      value=1)])
    cursed = teller.preview_line([Event("card", 0, item="1o"),
                                  Event("move", 0, piece="cursed", origin=2, target=3,
                                        item="-7", value=1)])
    assert pawn == "→ 3 (-7)"
    assert cursed == "the cursed-cap pawn → 3 (-7)"


@pytest.mark.rule("HO-FIN-1")
def test_a_finish_token_reads_alike_on_the_board_in_the_text_and_in_the_log():
    """One notation, ``T4``: the state's and the observation's, told apart from the path
    tile ``+4`` in the same collection (a lucky tile turns path tiles, never tokens)."""
    rules = ho.Rules(players=2)
    for seed in range(40):
        for _, _, after, events in steps(ho, rules, seed):
            token = next((e.item for e in events if e.kind == "token"), None)
            if token is None:
                continue
            log = Teller.of(ho, rules).sentence(events)
            board = ho.render_svg(after)
            text = ho.render_text(after)
            assert f"the finish token {token}" in log
            assert re.search(rf">{token}</text>", board)
            assert f"+{token[1:]} (token)" not in board
            assert any(token in line.split("│")[1] for line in text.splitlines()
                       if "│" in line)  # in the taker's collection
            return
    pytest.fail("no finish token taken in 40 games")


def test_old_names_still_work_with_a_deprecation_warning():
    with pytest.warns(DeprecationWarning, match=r"amigo_rules\.narrator\.Teller .*"
                      r"amigo_rules\.words\.narrator\.Teller"):
        from amigo_rules.narrator import Teller as Former
    assert Former is Teller
    with pytest.warns(DeprecationWarning, match=r"Teller\.of"):
        former = Teller(1, 3)
    event = Event("home", 1, value=3)
    assert former.sentence([event]) == "you have every pawn home"
    assert former.sentence([event]) == Teller.of(verflixxt, verflixxt.Rules(), 1).sentence(
        [event])
    with pytest.warns(DeprecationWarning, match=r"Event\.tile .* Event\.item"):
        old = Event("take", 0, tile="-3")
    assert old == Event("take", 0, item="-3")
    with pytest.warns(DeprecationWarning, match=r"Event\.tile"):
        assert old.tile == "-3"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from amigo_rules.foresee import foreseen as kept_foreseen
        from amigo_rules.scoresheet import result_lines as kept_result_lines
        from amigo_rules.words import result_lines
    assert kept_foreseen is foreseen and kept_result_lines is result_lines
