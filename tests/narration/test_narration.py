"""The narration of every game: ``move_events`` (the engine's events, checked against the
tables in test_engine_events.py) hides what a player may not see, covers every documented
kind of event, and the command line tells each kind in words, "you" only for the viewer's
own events."""

from __future__ import annotations

import re

import pytest
from replaying import random_game

import amigo_rules
from amigo_rules import exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core import Event, chance_rng, sample_chance
from amigo_rules.core.text import plain
from amigo_rules.words import Teller
from amigo_rules.words.narrator import TELLERS

VX_RULES = [
    verflixxt.Rules.classic(),
    verflixxt.Rules.amigo(players=3),
    verflixxt.Rules.amigo(players=2),
    verflixxt.Rules(passed_tiles_to_end=True, roll_one="swap"),
    verflixxt.Rules(early_end="first_home"),
    verflixxt.Rules(early_end="one_pawn_left", roll_one="choice"),
    verflixxt.Rules(negative_lucky=True, negative_lucky_sweep=True),
    verflixxt.Rules(tactical_cards=True, players=2),
    verflixxt.Rules(hidden_tiles=True, towers="hidden"),
    verflixxt.Rules.amigo_pro(action_tiles=True, towers="top", players=7),
]
HO_RULES = [
    ho.Rules(players=2),
    ho.Rules(players=3, attack=True, action_tiles=True),
    ho.Rules(players=5, action_tiles=True, risk_rank="parity"),
]
EX_RULES = [exxtra.Rules(players=3), exxtra.Rules(players=6, max_turns=30)]


def documented_kinds(module) -> set[str]:
    """The event kinds of a narration module's table."""
    return {kind for line in module.__doc__.splitlines() if line.startswith("``")
            for kind in re.findall(r"``(\w+)``", line.split("  ")[0])}


def told(module, before, move, after, viewer=None):
    return module.move_events(before, move, after, player=viewer)


def test_the_setup_chains_are_told():
    for module, rules, kinds in [
        (ho, ho.Rules(players=3), {"lay", "deal", "turn_up", "hats"}),
        (verflixxt, verflixxt.Rules.amigo(), {"lay"}),
    ]:
        state, rng, seen = module.initial_state(rules), chance_rng(1), set()
        while module.current_player(state) == amigo_rules.CHANCE and \
                state.phase.value in ("lay", "deal", "hats"):
            move = sample_chance(module, state, rng)
            after = module.apply(state, move)
            seen |= {e.kind for e in told(module, state, move, after, viewer=0)}
            state = after
        assert seen == kinds


def sentence(teller, event) -> str:
    return "".join(text for text, _ in teller.words(event))


def scripted(state, module, *texts):
    """(before, move, after) of each move written in ``texts``."""
    out = []
    for text in texts:
        move = module.parse_move(state, text)
        after = module.apply(state, move)
        out.append((state, move, after))
        state = after
    return out


@pytest.mark.rule("VX-ACT-1", "VX-ACT-2")
def test_gift_and_steal_with_nothing_to_hand_over():
    rules = verflixxt.Rules(layout=("gift", "steal", "-1", "+2"), action_tiles=True,
                            guards=False, players=2)
    steps = scripted(verflixxt.new_game(rules), verflixxt, "roll 2", "pawn 0", "roll 1",
                     "pawn 0", "roll 1", "pawn 2", "roll 1", "pawn 1")
    kinds = [[e.kind for e in told(verflixxt, *step)] for step in steps]
    assert kinds[5] == ["move", "flip", "steal_nothing"]
    assert kinds[7] == ["move", "gift_nothing", "flip"]


@pytest.mark.rule("HO-COMBINE-1")
def test_hoch_gift_and_steal_with_nothing_to_hand_over():
    rules = ho.Rules(players=2, layout=("gift", "steal", "+3", "-4"), action_tiles=True)
    state = ho.new_game(rules, seed=0)
    seen = set()
    for seed in range(40):
        for before, move, after in random_game(ho, rules, seed):
            seen |= {e.kind for e in told(ho, before, move, after)}
        if {"gift_nothing", "steal_nothing"} <= seen:
            break
    assert {"gift_nothing", "steal_nothing"} <= seen, seen
    assert state.board.tiles[1:3] == ("gift", "steal")


@pytest.mark.parametrize(
    ("game", "configs"),
    [(verflixxt, VX_RULES), (ho, HO_RULES), (exxtra, EX_RULES)],
    ids=["verflixxt", "verflixxt_hoch", "exxtra"],
)
def test_every_documented_kind_happens_and_is_told(game, configs):
    """Random games of the variants show every kind of the table but the few a scenario
    above checks; the command line has words for every one, and they never say "you" to
    an onlooker or for another player's event."""
    from importlib import import_module

    narration = import_module(f"{game.__name__}.narration")
    documented = documented_kinds(narration)
    assert set(TELLERS) >= documented
    seen: dict[str, Event] = {}
    for rules in configs:
        for seed in range(2):
            steps = random_game(game, rules, seed)
            for event in game.setup_events(steps[0][0]):
                seen.setdefault(event.kind, event)
            for before, move, after in steps:
                for event in told(game, before, move, after):
                    seen.setdefault(event.kind, event)
    rare = {"lay", "gift_nothing", "steal_nothing"}
    assert documented - set(seen) <= rare, documented - set(seen)
    assert set(seen) <= documented
    def teller(viewer):
        return Teller.of(game, configs[0], viewer)

    for kind, event in seen.items():
        onlooker = sentence(teller(None), event)
        assert onlooker and not re.search(r"\byou(r)?\b", onlooker), (kind, onlooker)
        for p in {event.player, event.other} - {None}:
            mine = sentence(teller(p), event)
            if re.search(rf"\bP{p}\b", onlooker):
                assert re.search(r"\byou(r)?\b", mine) and f"P{p}" not in mine, (kind, mine)
            else:
                assert mine == onlooker, (kind, mine)
        third = next(q for q in range(9) if q not in (event.player, event.other))
        assert sentence(teller(third), event) == onlooker


@pytest.mark.rule("VXV-HIDDEN-TOWERS")
def test_hidden_towers_hide_gifts_and_steals_from_the_others():
    rules = verflixxt.Rules.amigo(towers="hidden", players=3)
    traded = 0
    for seed in range(4):
        for before, move, after in random_game(verflixxt, rules, seed):
            for e in told(verflixxt, before, move, after):
                if e.kind not in ("gift", "steal"):
                    continue
                traded += 1
                for viewer in range(3):
                    seen = {x.kind: x for x in told(verflixxt, before, move, after, viewer)}
                    concerned = viewer in (e.player, e.other)
                    assert (seen[e.kind].item is not None) == concerned
    assert traded


@pytest.mark.rule("HO-SETUP-3", "HO-TURN-4")
def test_cards_drawn_or_dealt_are_told_to_their_owner_only():
    state = ho.new_game(ho.Rules(players=3), seed=2)
    setup = ho.setup_events(state, player=1)
    assert [e.items for e in setup if e.kind == "deal"] == [state.hands[1]]
    draws = 0
    for before, move, after in random_game(ho, ho.Rules(players=3), 5):
        if isinstance(move, ho.Draw):
            draws += 1
            for viewer in range(3):
                (draw,) = [e for e in told(ho, before, move, after, viewer) if e.kind == "draw"]
                assert (draw.item == move.card) == (viewer == before.player)
                assert draw.item in (None, move.card)
    assert draws


def test_the_teller_says_you_only_to_the_viewer_and_merges_a_card_with_its_move():
    state = ho.new_game(ho.Rules(players=2), seed=3)
    move = ho.parse_move(state, "card 4o pawn 0")
    events = told(ho, state, move, ho.apply(state, move))
    assert plain(Teller.of(ho, state.rules, 0).lines(events)).splitlines() == [
        "you play 4o: move pawn 0 → 4, onto -8"]
    assert plain(Teller.of(ho, state.rules, 1).lines(events)).splitlines() == [
        "P0 plays 4o: moves pawn 0 → 4, onto -8"]


@pytest.mark.parametrize("kind", ["hat_take", "hat_give", "hat_swap"])
def test_a_hat_action_between_a_players_own_pawns_says_their_own(kind):
    """Issue 20: "P2 swaps hats with P2's pawn" names the mover twice."""
    event = Event(kind, 2, other=2, item="hat+")
    rules = ho.Rules(players=3)
    onlooker = "".join(t for t, _ in Teller.of(ho, rules).words(event))
    mine = "".join(t for t, _ in Teller.of(ho, rules, 2).words(event))
    assert "their own pawn" in onlooker and "P2's" not in onlooker, onlooker
    assert "your own pawn" in mine and "your pawn" not in mine, mine
    other = "".join(t for t, _ in Teller.of(ho, rules).words(Event(kind, 2, other=1,
                                                                     item="hat+")))
    assert "P1's pawn" in other, other
