"""Each game's ``observation_layout`` describes its ``to_array``: the blocks lie end to end
over the whole array, and in every observation of random games (setup included, every
viewer) each part holds what its kind says (a one-hot exactly one 1, a count a whole
number, …), so a misplaced boundary shows."""

from __future__ import annotations

from itertools import pairwise

import pytest
from test_spec_and_length import CONFIGS, IDS, random_game

from amigo_rules import CHANCE
from amigo_rules.core.arrays import misread_parts


def layout_of(game, rules):
    return game.observation_layout(rules)


@pytest.mark.parametrize(("game", "rules"), CONFIGS, ids=IDS)
def test_the_blocks_cover_the_array_end_to_end(game, rules):
    blocks = layout_of(game, rules)
    assert blocks[0].start == 0
    for before, after in pairwise(blocks):
        assert after.start == before.stop
    assert blocks[-1].stop == game.array_length(rules)
    for block in blocks:
        offsets = [part.offset for part in block.parts]
        assert offsets == [sum(p.size for p in block.parts[:i]) for i in range(len(offsets))]


@pytest.mark.parametrize(("game", "rules"), CONFIGS, ids=IDS)
def test_every_observation_fits_the_layout(game, rules):
    blocks = layout_of(game, rules)
    states = random_game(game, rules, seed=1)
    setup = [s for s in states if game.current_player(s) == CHANCE][:40]  # the setup's first
    for step, state in enumerate([*setup, *states[::9], states[-1]]):
        viewer = step % rules.players
        wrong = misread_parts(blocks, game.observation(state, viewer).to_array())
        assert not wrong, (step, viewer, wrong)


def test_a_shifted_boundary_is_caught():
    """The check can fail: the same layout read one entry off misreads the arrays."""
    from amigo_rules import exxtra

    rules = exxtra.Rules(players=3)
    blocks = layout_of(exxtra, rules)
    states = random_game(exxtra, rules, 0)
    shifted = [exxtra.observation(s, 0).to_array()[1:] for s in states]
    assert any(misread_parts(blocks, array) for array in shifted)
