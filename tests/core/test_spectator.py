"""A spectator (`amigo_rules.SPECTATOR`, a viewer at no seat) sees only what is public:
nothing any one player alone may see, and two positions that differ only in what is not
public look exactly alike to them (docs/concepts.md, "What a seat sees")."""

from __future__ import annotations

import numpy as np
import pytest
from test_hidden_surfaces import CONFIGS, random_game, twins

from amigo_rules import SPECTATOR, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core.text import plain
from amigo_rules.verflixxt import HIDDEN
from amigo_rules.words import Teller


def shown(module, step):
    before, move, after = step
    teller = Teller.of(module, before.rules, SPECTATOR)
    return {
        "render_text": module.render_text(after, player=SPECTATOR),
        "render_svg": module.render_svg(after, player=SPECTATOR),
        "narration": plain(teller.lines(module.move_events(before, move, after,
                                                           player=SPECTATOR))),
        "visible_notation": module.visible_notation(before, move, player=SPECTATOR),
    }


@pytest.mark.parametrize("name", list(CONFIGS))
def test_a_spectator_sees_alike_what_is_not_public(name):
    module, rules = CONFIGS[name]
    rng = np.random.default_rng(1)
    pairs = 0
    for index, step in enumerate(random_game(module, rules, 1)):
        if index % 13:
            continue
        mine = None
        for twin in twins(module, step, SPECTATOR, rng):
            mine = mine or shown(module, step)
            assert shown(module, twin) == mine, f"{name}, move {index}: {step[1]}"
            pairs += 1
    assert (pairs > 0) == (name != "exxtra")  # EXXtra hides nothing


def test_a_spectator_sees_no_hand_and_no_hidden_tower():
    state = ho.new_game(ho.Rules(players=3), seed=2)
    seen = ho.observation(state, SPECTATOR)
    assert seen.hand == () and seen.hand_sizes == (2, 2, 2) and seen.viewer == SPECTATOR
    assert "as a spectator sees it" in ho.render_svg(state, player=SPECTATOR)
    rules = verflixxt.Rules.amigo(towers="top", players=3)
    for _, _, state in random_game(verflixxt, rules, 2):
        if all(len(tower) > 1 for tower in state.towers):
            break
    seen = verflixxt.observation(state, SPECTATOR)
    assert all(tower[:-1] == (HIDDEN,) * (len(tower) - 1) and tower[-1] != HIDDEN
               for tower in seen.towers)
    seat = verflixxt.observation(state, 0)
    assert seat.towers[0] == state.towers[0] != seen.towers[0]
    assert seen.to_array().shape == seat.to_array().shape
    # every tile counted (by its kind, or as unseen), and no viewer marked
    assert seen.to_array().sum() == seat.to_array().sum() - 1
