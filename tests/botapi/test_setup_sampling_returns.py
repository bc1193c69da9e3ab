"""``initial_state`` (setup as chance nodes), ``sample_state``, ``returns``,
``legal_action_ids`` and copying, on every game."""

from __future__ import annotations

import copy
from collections import Counter
from fractions import Fraction

import attrs
import numpy as np
import pytest

from amigo_rules import CHANCE, TERMINAL, StateError, exxtra, play, verflixxt, verflixxt_hoch
from amigo_rules.agents import RandomAgent
from amigo_rules.core import sample_chance

ho = verflixxt_hoch


def run_setup(game, state, rng):
    """Sample chance nodes until the first decision; check each node's probabilities."""
    steps = 0
    while game.current_player(state) == CHANCE:
        outcomes = game.chance_outcomes(state)
        assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
        ids = game.legal_action_ids(state)
        assert ids.tolist() == [game.action_id(state, m) for m, _ in outcomes]
        state = game.apply(state, sample_chance(game, state, rng))
        steps += 1
    return state, steps


@pytest.mark.rule("VX-SETUP-2")
def test_verflixxt_lays_a_shuffled_track_tile_by_tile():
    rules = verflixxt.Rules.amigo(players=3)
    start = verflixxt.initial_state(rules)
    assert verflixxt.current_player(start) == CHANCE and start.board.tiles == ("S",)
    outcomes = dict((str(m), p) for m, p in verflixxt.chance_outcomes(start))
    assert outcomes["lay L"] == Fraction(6, 32) and outcomes["lay -5"] == Fraction(2, 32)
    after = verflixxt.apply(start, verflixxt.parse_move(start, "lay L"))
    assert dict((str(m), p) for m, p in verflixxt.chance_outcomes(after))["lay L"] == \
        Fraction(5, 31)
    first, steps = run_setup(verflixxt, start, np.random.default_rng(4))
    assert steps == 32 + 1  # every tile, then the first roll
    assert first.phase is verflixxt.Phase.MOVE and verflixxt.current_player(first) == 0
    assert [i for i, t in enumerate(first.board.tiles) if t == "gift"] == [9, 18, 27, 36]
    rolled, _ = run_setup(verflixxt, verflixxt.new_game(rules, seed=4), np.random.default_rng())
    assert rolled.phase is first.phase and len(rolled.board.tiles) == len(first.board.tiles)
    # The chain and new_game build the same game from the same tiles.
    game = verflixxt.new_game(rules, seed=11)
    state = start
    for tile in game.board.tiles[1:-1]:
        if tile != "gift":
            state = verflixxt.apply(state, verflixxt.parse_move(state, f"lay {tile}"))
    assert state == game


def test_verflixxt_fixed_layouts_have_no_setup_chance():
    rules = verflixxt.Rules.classic(players=4)
    assert verflixxt.initial_state(rules) == verflixxt.new_game(rules, seed=3)
    assert verflixxt.num_chance_outcomes(rules) == 6
    assert verflixxt.num_chance_outcomes(verflixxt.Rules.amigo()) == 25


@pytest.mark.rule("HO-SETUP-1", "HO-SETUP-3", "HO-SETUP-4")
def test_hoch_lays_deals_and_draws_the_hats_as_chance_nodes():
    rules = ho.Rules(players=3)
    start = ho.initial_state(rules)
    state, steps = run_setup(ho, start, np.random.default_rng(2))
    assert state.phase is ho.Phase.PLAY and state.player == state.hats[0][0]
    assert steps >= 32 + 2 * 3 + 3
    # Step by step: the track, then two cards to each seat in order, then the hat draw.
    state = start
    kinds = []
    while ho.current_player(state) == CHANCE:
        move = ho.chance_outcomes(state)[0][0]
        kinds.append((type(move).__name__, state.player))
        state = ho.apply(state, move)
        assert ho.from_json(ho.to_json(state)) == state
    assert [k for k, _ in kinds[:32]] == ["Lay"] * 32
    assert kinds[32:38] == [("Deal", 0), ("Deal", 0), ("Deal", 1), ("Deal", 1), ("Deal", 2),
                            ("Deal", 2)]
    assert [k for k, _ in kinds[38:]] == ["TurnUp"] * len(kinds[38:])
    assert ho.hat_draw(3, [int(c[:-1]) for c in ["-1y"] * 3]).next == 0


@pytest.mark.rule("HO-SETUP-4")
def test_hoch_hats_are_drawn_at_random_when_the_pile_runs_out():
    # 2 players, 6 cards: 4 dealt, 2 turned up; both show a 3: the tie cannot be broken.
    rules = ho.Rules(players=2, deck=((3, 3, 3),), layout=("+3", "-1"))
    state = ho.initial_state(rules)
    for card in ("3y", "3y", "3o", "3o", "3y", "3o"):
        kind = "deal" if state.phase is ho.Phase.DEAL else "turn"
        state = ho.apply(state, ho.parse_move(state, f"{kind} {card}"))
    outcomes = ho.chance_outcomes(state)
    assert [(str(m), p) for m, p in outcomes] == [("hats 0 1", Fraction(1, 2)),
                                                  ("hats 1 0", Fraction(1, 2))]
    after = ho.apply(state, outcomes[1][0])
    assert after.hats == ((1, 0), (0, 0)) and after.player == 1
    assert ho.legal_action_ids(state).tolist() == [72 + 0 * 2 + 1, 72 + 1 * 2 + 0]


def test_setup_states_are_validated_on_the_way_in():
    state = ho.apply(ho.initial_state(ho.Rules(players=2)), ho.Lay("R5"))
    text = ho.to_json(state).replace('"R5"', '"R9"')
    with pytest.raises(StateError):
        ho.from_json(text)
    dealt = ho.initial_state(ho.Rules(players=2, layout=("+3", "-1")))
    dealt = ho.apply(dealt, ho.Deal("6y"))
    assert ho.from_json(ho.to_json(dealt)) == dealt
    with pytest.raises(StateError):
        ho.from_json(ho.to_json(dealt).replace('"player":0', '"player":1'))
    laying = verflixxt.apply(verflixxt.initial_state(verflixxt.Rules.amigo()), verflixxt.Lay("L"))
    assert verflixxt.from_json(verflixxt.to_json(laying)) == laying
    with pytest.raises(StateError):
        verflixxt.from_json(verflixxt.to_json(laying).replace('"towers":[[]', '"towers":[["L"]'))


def test_exxtra_has_no_setup_randomness():
    assert exxtra.initial_state() == exxtra.new_game(seed=5)


# -- sample_state ----------------------------------------------------------------------------


def advanced(game, rules, seed, moves):
    record = play(game, [RandomAgent(seed=p) for p in range(rules.players)], rules, seed=seed,
                  max_moves=moves)
    return record.final_state


def samples(game, state, viewer, n=30):
    obs = game.observation(state, viewer)
    rng = np.random.default_rng(0)
    drawn = [game.sample_state(obs, rng) for _ in range(n)]
    for sampled in drawn:
        assert game.observation(sampled, viewer) == obs
        assert game.from_json(game.to_json(sampled)) == sampled
    return drawn


def test_sample_state_deals_the_unseen_hoch_cards():
    state = advanced(ho, ho.Rules(players=4), seed=3, moves=150)
    drawn = samples(ho, state, viewer=1)
    assert all(s.hands[1] == state.hands[1] for s in drawn)
    others = {s.hands[0] + s.hands[2] + s.hands[3] for s in drawn}
    assert len(others) > 5  # it varies
    assert all(sum(s.pile) == sum(state.pile) for s in drawn)


def test_sample_state_deals_face_down_tiles_and_hidden_towers():
    rules = verflixxt.Rules.classic(players=3, hidden_tiles=True, layout="random",
                                    towers="hidden")
    state = advanced(verflixxt, rules, seed=2, moves=120)
    assert any(t.startswith("?") for t in state.board.tiles)
    drawn = samples(verflixxt, state, viewer=0)
    assert len({s.board.tiles for s in drawn}) > 5
    assert len({s.towers[1] for s in drawn}) > 5
    assert all(s.towers[0] == state.towers[0] for s in drawn)  # the viewer's own tower
    total = Counter(t.lstrip("?") for t in drawn[0].board.tiles if t not in ("S", "F"))
    total += Counter(t for tower in drawn[0].towers for t in tower)
    assert total == Counter(t.lstrip("?") for t in state.board.tiles if t not in ("S", "F")) \
        + Counter(t for tower in state.towers for t in tower)


@pytest.mark.parametrize(
    ("game", "rules"),
    [(verflixxt, verflixxt.Rules.amigo(players=3)), (exxtra, exxtra.Rules(players=4))],
)
def test_sample_state_of_a_perfect_information_game_is_the_state(game, rules):
    state = advanced(game, rules, seed=1, moves=60)
    assert samples(game, state, viewer=2, n=3) == [state] * 3


def test_sample_state_refuses_an_impossible_observation():
    state = advanced(ho, ho.Rules(players=2), seed=1, moves=40)
    obs = ho.observation(state, 0)
    with pytest.raises(StateError):
        ho.sample_state(attrs.evolve(obs, pile_size=obs.pile_size + 5), np.random.default_rng())


# -- returns, ids, copies ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "rules"),
    [(verflixxt, verflixxt.Rules.classic(players=3)), (ho, ho.Rules(players=2)),
     (exxtra, exxtra.Rules(players=3))],
)
def test_returns_share_the_win_and_are_zero_before(game, rules):
    record = play(game, [RandomAgent(seed=p) for p in range(rules.players)], rules, seed=9)
    end = record.final_state
    winners = game.winners(end)
    assert game.returns(end) == tuple(1 / len(winners) if p in winners else 0.0
                                      for p in range(rules.players))
    assert sum(game.returns(end)) == pytest.approx(1.0)
    assert game.returns(game.new_game(rules, seed=9)) == (0.0,) * rules.players


def test_returns_of_a_truncated_exxtra_game_are_zero():
    rules = exxtra.Rules(players=3, max_turns=2)
    record = play(exxtra, [RandomAgent(seed=p) for p in range(3)], rules, seed=1)
    assert exxtra.is_terminal(record.final_state) and exxtra.returns(record.final_state) == \
        (0.0, 0.0, 0.0)


@pytest.mark.parametrize(
    ("game", "rules"),
    [(verflixxt, verflixxt.Rules.amigo(players=4, roll_one="swap")),
     (verflixxt, verflixxt.Rules.classic(tactical_cards=True, hidden_tiles=True,
                                         layout="random")),
     (ho, ho.Rules(players=3, attack=True, action_tiles=True)),
     (exxtra, exxtra.Rules(players=5))],
)
def test_legal_action_ids_agree_with_action_id_and_the_mask(game, rules):
    rng = np.random.default_rng(0)
    state = game.initial_state(rules)
    for _ in range(400):
        if game.current_player(state) == TERMINAL:
            break
        legal = game.legal_moves(state)
        ids = game.legal_action_ids(state)
        assert ids.dtype == np.int64
        assert ids.tolist() == [game.action_id(state, m) for m in legal]
        if game.current_player(state) != CHANCE:
            assert np.flatnonzero(game.legal_action_mask(state)).tolist() == sorted(ids)
        state = game.apply(state, legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("game", [verflixxt, ho, exxtra])
def test_states_are_their_own_copies(game):
    state = game.new_game(seed=1)
    assert copy.copy(state) is state and copy.deepcopy(state) is state
    assert copy.deepcopy({"s": state})["s"] is state
