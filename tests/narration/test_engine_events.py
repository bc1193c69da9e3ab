"""The engine is the one source of what a move did: ``apply_events`` gives ``apply``'s state
with events that, replayed on the table before the move, rebuild the table after it field
by field (track, pawns, guards, towers, hats, tokens, hands, piles, counters, ladder), in
random games of every game and rule set from the setup on; ``move_events`` are those events,
only redacted for a viewer."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import attrs
import pytest
from replaying import random_game
from tables import ExxtraTable, HochTable, VerflixxtTable

from amigo_rules import exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core import ArgumentError, RulesError

VX_RULES = [
    verflixxt.Rules.classic(),
    verflixxt.Rules.amigo(players=3),
    verflixxt.Rules.amigo_pro(action_tiles=True, towers="top", players=7),
    verflixxt.Rules(roll_one="choice", start_tile_to_box=True),
    verflixxt.Rules(roll_one="swap", passed_tiles_to_end=True, players=2),
    verflixxt.Rules(early_end="first_home", players=2),
    verflixxt.Rules(early_end="one_pawn_left", roll_one="choice", players=2),
    verflixxt.Rules(negative_lucky=True, negative_lucky_sweep=True),
    verflixxt.Rules(tactical_cards=True, players=3),
    verflixxt.Rules(tactical_cards=True, players=2),
    verflixxt.Rules(layout=("gift", "steal", "-1", "+2"), action_tiles=True, guards=False,
                    players=2),
    verflixxt.Rules.amigo(hidden_tiles=True, towers="hidden"),
    verflixxt.Rules(tactical_cards=True, hidden_tiles=True, passed_tiles_to_end=True),
]
HO_RULES = [
    ho.Rules(players=2),
    ho.Rules(players=3, attack=True, action_tiles=True),
    ho.Rules(players=5, action_tiles=True, risk_rank="parity", attack=True),
    ho.Rules(players=2, layout=("gift", "steal", "+3", "-4"), action_tiles=True),
]
EX_RULES = [exxtra.Rules(players=3), exxtra.Rules(players=6, max_turns=30)]
TABLES: dict[ModuleType, Any] = {verflixxt: VerflixxtTable, ho: HochTable, exxtra: ExxtraTable}
SAMPLE: dict[ModuleType, list[Any]] = {verflixxt: VX_RULES, ho: HO_RULES, exxtra: EX_RULES}
SHORT = range(1, 9)
"""Seeds for the rule sets of a four-tile track: short games, rare events."""


def documented_kinds(module: ModuleType) -> set[str]:
    """The event kinds of a narration module's table."""
    return {kind for line in module.narration.__doc__.splitlines() if line.startswith("``")
            for kind in re.findall(r"``(\w+)``", line.split("  ")[0])}


def check_game(module: ModuleType, rules: Any, seed: int) -> set[str]:
    """Every move's events rebuild the table; every viewer's events are the same events,
    only redacted. Returns the kinds of event seen."""
    kinds: set[str] = set()
    for before, move, after in random_game(module, rules, seed, from_setup=True):
        assert module.apply_events(before, move)[0] == after
        events = module.move_events(before, move, after)
        table = TABLES[module](before)
        for event in events:
            table.apply(event, before)
        table.check(after, events)
        kinds |= {e.kind for e in events}
        assert module.apply_events(before, move)[1] == events
        for viewer in range(rules.players):
            seen = module.move_events(before, move, after, player=viewer)
            assert len(seen) == len(events)
            for mine, full in zip(seen, events, strict=True):
                assert mine in (full, attrs.evolve(full, item=None)) or (
                    mine == attrs.evolve(full, items=mine.items)
                    and all(a in (b, "?") for a, b in zip(mine.items, full.items, strict=True))
                ), (mine, full)
    return kinds


@pytest.mark.parametrize("module", [verflixxt, ho, exxtra], ids=lambda m: m.__name__)
def test_events_rebuild_the_table(module: ModuleType) -> None:
    """A game of each rule set of the sample (several on a four-tile track); together
    they show every documented kind of event."""
    kinds: set[str] = set()
    for rules in SAMPLE[module]:
        short = getattr(rules, "layout", None) is not None and len(rules.layout) == 4
        for seed in SHORT if short else (1,):
            kinds |= check_game(module, rules, seed)
    assert kinds == documented_kinds(module)


def test_move_events_refuses_a_state_the_move_does_not_lead_to() -> None:
    state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    for module, before in ((verflixxt, state), (ho, ho.new_game(ho.Rules(players=2), seed=1)),
                           (exxtra, exxtra.new_game())):
        move = module.legal_moves(before)[0]
        with pytest.raises(ArgumentError, match="after"):
            module.move_events(before, move, before)


def _variant_classes() -> Iterator[verflixxt.Rules]:
    """A Verflixxt! rule set for every combination of the variant options' classes."""
    options: dict[str, tuple[Any, ...]] = {
        "roll_one": (None, "choice", "swap"),
        "passed_tiles_to_end": (False, True),
        "early_end": (None, "first_home", "one_pawn_left"),
        "tactical_cards": (False, True),
        "hidden_tiles": (False, True),
        "towers": ("open", "hidden"),
    }
    for preset in ("classic", "amigo"):
        for values in itertools.product(*options.values()):
            try:
                yield verflixxt.PRESETS[preset](**dict(zip(options, values, strict=True)))
            except RulesError:
                continue


@pytest.mark.slow
@pytest.mark.parametrize("rules", list(_variant_classes()), ids=repr)
def test_events_rebuild_the_table_in_every_variant_class(rules: verflixxt.Rules) -> None:
    for seed in range(3):
        check_game(verflixxt, rules, seed)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("module", "rules"), [(m, r) for m, rules in SAMPLE.items() for r in rules], ids=repr)
def test_events_rebuild_the_table_over_many_games(module: ModuleType, rules: Any) -> None:
    for seed in range(2, 30):
        check_game(module, rules, seed)
