"""A move's ``event`` worded once for the viewers who read the same (`tables.Told`): every
viewer's line is what wording it for that viewer alone gives (`told_event`), in every game
and in the variants with hidden information, whatever order the viewers read in. The
``end``'s score sheet is worked out once for every viewer: each viewer's is its own."""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from amigo_rules import exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core import SPECTATOR, jsonio
from amigo_rules.core.text import plain
from amigo_rules.protocol import messages
from amigo_rules.protocol.host import end_of, told_event
from amigo_rules.server import TableRow
from amigo_rules.server.tables import LiveTable, _line
from amigo_rules.words import Teller, result_lines, score_sheet

CONFIGS = [
    (verflixxt, verflixxt.Rules(players=2)),
    (verflixxt, verflixxt.Rules(players=4, towers="hidden")),
    (verflixxt, verflixxt.Rules.amigo(towers="hidden", hidden_tiles=True, action_tiles=True,
                                      players=3)),
    (verflixxt, verflixxt.Rules(tactical_cards=True, players=3)),
    (ho, ho.Rules(players=4)),
    (ho, ho.Rules(players=3, attack=True, action_tiles=True)),
    (exxtra, exxtra.Rules(players=4)),
]


def alone(table: LiveTable, number: int, viewer: int) -> str:
    """Step ``number``'s line for ``viewer`` worded for it alone, as before the sharing."""
    step = table.steps[number]
    teller = Teller.of(table.module, table.rules, viewer, names=table.names)
    message = told_event(table.module, step.before, step.move, step.after, number,
                         step.events, viewer, teller, hidden=table.hidden)
    if number in table.substituted:
        message["text"] += (f" ({table.label(step.mover)}'s time ran out: "
                            f"{table.substituted[number]} played this move)")
    return _line(message)


@pytest.mark.parametrize("module, rules", CONFIGS,
                         ids=[f"{m.NAME}-{r.players}-{i}" for i, (m, r) in enumerate(CONFIGS)])
def test_every_viewers_shared_line_is_its_own_wording(module: ModuleType, rules: Any) -> None:
    rules_json = json.dumps(jsonio.rules_to_data(rules))
    viewers = [*range(rules.players), SPECTATOR]
    worded = read = 0
    for seed in range(2):
        row = TableRow("t", module.NAME, rules_json, seed, ("human",) * rules.players, 0.0)
        table = LiveTable(row, [None] * rules.players)
        table.rename([f"Zoë {seat}" for seat in range(rules.players)])
        table.extend(table.plan(None))
        rng = np.random.default_rng(seed)
        late = viewers[int(rng.integers(len(viewers)))]  # joins at the end
        while not table.over and table.move_number < 300:
            legal = table.legal()[1]
            chosen = legal[int(rng.integers(len(legal)))]["id"]
            if rng.random() < 0.05:
                table.substituted[table.move_number] = "greedy"
            table.extend(table.plan(table.resolve(table.player, table.move_number, chosen,
                                                  None)))
            for viewer in rng.permutation([v for v in viewers if v != late]).tolist():
                table.event_lines(viewer)
        for viewer in viewers:
            lines = table.event_lines(viewer)
            assert lines == [alone(table, n, viewer) for n in range(len(table.steps))]
            read += len(lines)
        worded += sum(map(len, table.told))
    assert worded < read  # the spectator's lines, at least, are another viewer's


def test_a_line_is_shared_only_between_viewers_whose_words_are_the_same() -> None:
    """A seat's own move says "you" to it alone (and a move naming another seat says
    "your" to that one); the spectator's line is a seat's where that seat is not named.
    At a table of two seats and nobody else, nothing is noted for sharing."""
    for module, players in ((verflixxt, 2), (ho, 4)):
        rules = module.Rules(players=players)
        row = TableRow("t", module.NAME, json.dumps(jsonio.rules_to_data(rules)), 3,
                       ("human",) * players, 0.0)
        table = LiveTable(row, [None] * players)
        for viewer in (*range(players), SPECTATOR):  # connected before the deal
            table.event_lines(viewer)
        table.extend(table.plan(None))
        while table.move_number < 40:
            table.extend(table.plan(table.resolve(table.player, table.move_number,
                                                  table.legal()[1][0]["id"], None)))
        lines = {viewer: table.event_lines(viewer) for viewer in (*range(players), SPECTATOR)}
        for number, step in enumerate(table.steps):
            if step.mover >= 0:
                own = lines[step.mover][number]
                assert "you " in json.loads(own)["text"]
                assert all(own != lines[v][number] for v in lines if v != step.mover)
        shared = sum(lines[v][n] is lines[SPECTATOR][n] for v in range(players)
                     for n in range(len(table.steps)))
        assert shared >= (players - 2) * len(table.steps)
    two = LiveTable(TableRow("t", "verflixxt", json.dumps(jsonio.rules_to_data(
        verflixxt.Rules(players=2))), 3, ("human",) * 2, 0.0), [None] * 2)
    two.extend(two.plan(None))
    while two.move_number < 20:
        two.extend(two.plan(two.resolve(two.player, two.move_number,
                                        two.legal()[1][0]["id"], None)))
        for viewer in (0, 1):
            two.event_lines(viewer)
    assert two.told == []


def own_end(table: LiveTable, viewer: int) -> str:
    """The ``end`` for ``viewer`` worked out for it alone, as before the sharing."""
    message = end_of(table.module, table.state, "rules")
    message["explanation"] = plain(result_lines(table.module, table.state, viewer,
                                                names=table.names))
    message["sheet"] = score_sheet(table.module, table.state, viewer,
                                   names=table.names).to_data()
    return messages.text(message)


@pytest.mark.parametrize("module, rules", CONFIGS,
                         ids=[f"{m.NAME}-{r.players}-{i}" for i, (m, r) in enumerate(CONFIGS)])
def test_every_viewers_end_is_its_own(module: ModuleType, rules: Any) -> None:
    row = TableRow("t", module.NAME, json.dumps(jsonio.rules_to_data(rules)), 5,
                   ("human",) * rules.players, 0.0)
    table = LiveTable(row, [None] * rules.players)
    table.extend(table.plan(None))
    rng = np.random.default_rng(5)
    while not table.over:
        legal = table.legal()[1]
        table.extend(table.plan(table.resolve(table.player, table.move_number,
                                              legal[int(rng.integers(len(legal)))]["id"],
                                              None)))
    viewers = [*range(rules.players), SPECTATOR]
    for names in (None, [f"Zoë {seat}" for seat in range(rules.players)]):
        if names is not None:
            table.rename(names)
        ends = [table.end(viewer) for viewer in viewers]
        assert ends == [own_end(table, viewer) for viewer in viewers]
        assert len(set(ends)) == rules.players + 1  # "(you)" on each seat's own row
