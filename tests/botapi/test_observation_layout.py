"""Each game's ``observation_layout`` describes its ``to_array``: the blocks lie end to end
over the whole array, and in every observation of random games (setup included, every
viewer) each part holds what its kind says (a one-hot exactly one 1, a count a whole
number, …), so a misplaced boundary shows."""

from __future__ import annotations

from itertools import pairwise

import pytest
from test_spec_and_length import CONFIGS, IDS, random_game

from amigo_rules import CHANCE, verflixxt, verflixxt_hoch
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


@pytest.mark.parametrize(("game", "rules"), CONFIGS, ids=IDS)
def test_every_part_has_the_key_its_code_writes_it_by(game, rules):
    """`to_array`, `array_length`, the bounds and the batch rows all read the one layout
    through its keys (`array_places`)."""
    blocks = layout_of(game, rules)
    where = game.array_places(rules)
    keys = [part.key for block in blocks for part in block.parts]
    assert all(keys) and len(set(keys)) == len(keys) == len(where)
    for block in blocks:
        for part in block.parts:
            assert where[part.key] == (block.start + part.offset, block.width)


def test_the_parts_the_batch_engines_write_together_lie_together():
    """The batch rows write some neighbouring parts in one go: Verflixxt!'s "empty" after
    the top tiles, hoch²'s cursed cap after the lucky hat, "nobody" after the wearers, the
    six counts of the table in a row."""
    from amigo_rules.track import PATH_TILES

    vx = verflixxt.array_places(verflixxt.Rules(towers="top"))
    assert vx["empty"][0] == vx["top"][0] + len(PATH_TILES)
    ho = verflixxt_hoch.array_places(verflixxt_hoch.Rules())
    assert ho["cursed"][0] == ho["lucky"][0] + 1
    assert ho["nobody"][0] == ho["wearer"][0] + verflixxt_hoch.Rules().players
    counts = ["pile", "tokens", "plays", "yellow", "arrived", "arrived_hat"]
    assert [ho[key][0] - ho["pile"][0] for key in counts] == list(range(6))
