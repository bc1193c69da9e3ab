"""Whatever a cache or a module constant hands out is read-only (issue 18 item 6): changing
it raises, and a fresh game afterwards is the same as before."""

from __future__ import annotations

import copy
import pickle
from collections import Counter
from types import ModuleType

import attrs
import numpy as np
import pytest
from attrs.exceptions import FrozenInstanceError

from amigo_rules import CHANCE, exxtra, play, verflixxt
from amigo_rules import verflixxt_hoch as hoch
from amigo_rules.agents import RandomAgent
from amigo_rules.batch import exxtra as batch_exxtra
from amigo_rules.batch import verflixxt_arrays as batch_verflixxt
from amigo_rules.core.chance import Outcomes
from amigo_rules.track import BOX
from amigo_rules.verflixxt import setup


def _roll_outcomes() -> Outcomes:
    state = exxtra.new_game(seed=1)
    assert exxtra.current_player(state) == CHANCE
    outcomes = exxtra.chance_outcomes(state)
    assert type(outcomes) is Outcomes
    return outcomes


@pytest.mark.parametrize("name", ["cumulative", "denominator", "anything"])
def test_exxtra_roll_outcomes_cannot_be_changed(name: str) -> None:
    outcomes = _roll_outcomes()
    before = [_sampled_game(s) for s in range(3)]
    with pytest.raises(FrozenInstanceError):
        setattr(outcomes, name, (1,))
    with pytest.raises(FrozenInstanceError):
        delattr(outcomes, name)
    assert outcomes.cumulative == tuple(range(1, 37)) and outcomes.denominator == 36
    assert [_sampled_game(s) for s in range(3)] == before


def _sampled_game(seed: int) -> tuple[str, ...]:
    """The moves of a random EXXtra game whose rolls are drawn from the cached table."""
    record = play(exxtra, [RandomAgent(seed=p) for p in range(3)], exxtra.Rules(players=3),
                  seed=seed, max_moves=200)
    return tuple(map(str, record.moves))


def test_outcomes_copy_and_pickle_keep_their_weights() -> None:
    outcomes = _roll_outcomes()
    for other in (copy.copy(outcomes), copy.deepcopy(outcomes),
                  pickle.loads(pickle.dumps(outcomes))):
        assert type(other) is Outcomes and other == outcomes
        assert (other.cumulative, other.denominator) == (outcomes.cumulative, 36)


def test_laying_outcomes_cannot_be_changed() -> None:
    state = verflixxt.initial_state(verflixxt.Rules.amigo(players=3))
    outcomes = verflixxt.chance_outcomes(state)
    assert type(outcomes) is Outcomes
    with pytest.raises(FrozenInstanceError):
        outcomes.cumulative = (1,)
    assert outcomes.cumulative[-1] == 32 and verflixxt.chance_outcomes(state) is outcomes


def _hoch_track(seed: int) -> tuple[str, ...]:
    return hoch.new_game(hoch.Rules(players=3), seed=seed).board.tiles


def test_hoch_box_is_read_only_and_a_fresh_game_lays_the_whole_track() -> None:
    box = hoch.Rules(players=3).box()
    expected = _hoch_track(4)
    assert len(expected) == hoch.Rules(players=3).track_length
    with pytest.raises(AttributeError):
        box.clear()  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        box["L"] = 0  # type: ignore[index]
    assert hoch.Rules(players=3).box() == box and sum(box.values()) == 32
    assert _hoch_track(4) == expected


def test_verflixxt_box_is_read_only_and_a_fresh_game_is_unchanged() -> None:
    rules = verflixxt.Rules.amigo(players=3)
    expected = verflixxt.new_game(rules, seed=2)
    sweep = verflixxt.Rules(players=6, negative_lucky=True)
    for counts in (setup.box(rules), setup.box(sweep), BOX):
        with pytest.raises(AttributeError):
            counts.clear()  # type: ignore[attr-defined]
        with pytest.raises(TypeError):
            counts["L"] = 0  # type: ignore[index]
    assert Counter(setup.box(rules)) == Counter(BOX) and sum(BOX.values()) == 32
    assert verflixxt.new_game(rules, seed=2) == expected


@pytest.mark.parametrize("game", [exxtra, verflixxt, hoch], ids=lambda g: g.NAME)
def test_rule_texts_are_read_only(game: ModuleType) -> None:
    with pytest.raises(TypeError):
        game.RULE_TEXTS["VX-TURN-1"] = "anything goes"
    assert all(not text.startswith("anything") for text in game.RULE_TEXTS.values())


def test_verflixxt_presets_are_read_only() -> None:
    with pytest.raises(TypeError):
        verflixxt.PRESETS["classic"] = verflixxt.Rules.amigo  # type: ignore[index]
    assert verflixxt.PRESETS["classic"](players=2) == verflixxt.Rules.classic(players=2)


def test_batch_tables_are_read_only() -> None:
    tables = [*batch_verflixxt.tables().values(), *batch_exxtra._faces().values(),
              *batch_exxtra._decisions()]
    shape = batch_verflixxt.shape(verflixxt.Rules.amigo(players=4))
    tables += [value for value in attrs.asdict(shape, recurse=False).values()
               if isinstance(value, np.ndarray)]
    assert len(tables) >= 10
    for table in tables:
        with pytest.raises(ValueError, match="read-only"):
            table[...] = 0
    with pytest.raises(TypeError):
        batch_exxtra._faces()["xs"] = np.zeros(36)  # type: ignore[index]
