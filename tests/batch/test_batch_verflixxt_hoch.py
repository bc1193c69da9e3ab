"""The Verflixxt hoch² batch engine equals the scalar engine: games played in lockstep, every
move of many states, every view (masks, chance, observations, scores, returns), the setup
of new games, and the errors of bad input."""

from __future__ import annotations

import hashlib
import json

import attrs
import numpy as np
import pytest
from batch_helpers import (
    assert_every_move_matches,
    assert_views_match,
    play_in_lockstep,
    random_ids,
    scattered_states,
)

from amigo_rules import IllegalMoveError, RulesError, StateError, verflixxt, verflixxt_hoch
from amigo_rules.batch import lockstep
from amigo_rules.batch import verflixxt_hoch as batch
from amigo_rules.batch.verflixxt_hoch_moves import choices
from amigo_rules.batch.verflixxt_hoch_turn import drawn_ahead
from amigo_rules.verflixxt_hoch import Phase, Rules

ho = verflixxt_hoch

OPTIONS = {
    "2 players": Rules(players=2),
    "4 players": Rules(players=4),
    "8 players": Rules(players=8),
    "attack": Rules(players=5, attack=True),
    "action tiles": Rules(players=3, action_tiles=True),
    "everything": Rules(players=4, attack=True, action_tiles=True, risk_rank="parity"),
}


def starts(rules: Rules, count: int, rng: np.random.Generator) -> list[ho.State]:
    return [ho.new_game(rules, seed=int(rng.integers(1 << 30))) for _ in range(count)]


@pytest.mark.parametrize("name", OPTIONS)
def test_lockstep_games_equal_the_scalar_engine(name):
    rules = OPTIONS[name]
    rng = np.random.default_rng(len(name))
    states = scattered_states(ho, starts(rules, 5, rng), rng, most=40)
    assert play_in_lockstep(ho, batch, states, rng, check_every=11) > 100


@pytest.mark.rule("HO-TURN-1", "HO-TURN-3", "HO-HAT-2", "HO-HAT-4", "HO-ATTACK-1",
                  "HO-COMBINE-1")
def test_every_move_of_many_states_equals_the_scalar_engine():
    rules = Rules(players=3, attack=True, action_tiles=True, risk_rank="parity")
    rng = np.random.default_rng(4)
    seen = set()
    for seed in range(2):
        state = ho.new_game(rules, seed=seed)
        while not ho.is_terminal(state):
            assert_every_move_matches(ho, batch, state)
            seen.add(state.phase)
            state = ho.apply(state, ho.move_for_action(state, random_ids(ho, [state], rng)[0]))
    assert seen >= {Phase.PLAY, Phase.DOUBLE, Phase.HAT, Phase.DRAW}


def test_round_trip_and_views_of_every_kind_of_node():
    rng = np.random.default_rng(6)
    rules = Rules(players=3, attack=True, action_tiles=True)
    states = scattered_states(ho, starts(rules, 60, rng), rng, most=400)
    phases = {s.phase for s in states}
    assert phases >= {Phase.PLAY, Phase.DOUBLE, Phase.HAT, Phase.DRAW, Phase.OVER}
    stealing = [s for s in scattered_states(ho, starts(rules, 60, rng), rng, most=300)
                if s.phase is Phase.STEAL]
    states += stealing[:3] + states[:2]  # a repeated state comes back as it is
    games = batch.from_states(states)
    assert batch.to_states(games) == tuple(states)
    assert_views_match(ho, batch, games, states)


@pytest.mark.rule("HO-SETUP-1", "HO-SETUP-2", "HO-SETUP-3", "HO-SETUP-4")
@pytest.mark.parametrize("players", [2, 5, 8])
def test_new_games_are_set_up_like_new_game(players):
    rules = Rules(players=players, action_tiles=players == 5)
    games = batch.to_states(batch.new_games(rules, 400, seed=players))
    assert all(ho.from_json(ho.to_json(g)) == g for g in games)  # consistent setups
    assert len({g.board.tiles for g in games}) == 400
    assert {g.phase for g in games} == {Phase.PLAY}
    assert all(g.player == g.hats[0][0] != g.hats[1][0] for g in games)
    lucky = np.bincount([g.hats[0][0] for g in games], minlength=players)
    assert lucky.min() > 400 / players / 2  # every seat wins the lucky hat about as often
    assert batch.to_states(batch.new_games(rules, 400, seed=players)) == games
    explicit = Rules(players=players, layout=("+3", "R5", "-2", "L", "+4"))
    assert batch.to_states(batch.new_games(explicit, 3, seed=0))[0].board == (
        ho.new_game(explicit, seed=0).board)


def test_random_playouts_finish_every_game():
    rules = Rules(players=4, attack=True, action_tiles=True)
    result = batch.random_playouts(rules, 300, seed=5)  # n·16 card indices overflow an int8
    finals = batch.to_states(result.final)
    assert all(ho.is_terminal(s) and ho.from_json(ho.to_json(s)) == s for s in finals)
    assert result.steps == int(result.lengths.sum()) and result.lengths.min() > 50
    np.testing.assert_allclose(batch.returns(result.final).sum(axis=1), 1.0)
    again = batch.random_playouts(rules, 300, seed=5)
    assert batch.to_states(again.final) == finals


REPLAYS = [  # rules, seed, steps, digest of the lengths and the final states' documents
    (Rules(players=2), 1, 10725, "1a8ae613a60d692e"),
    (Rules(players=4), 2, 18536, "39a9d8a4449d73ed"),
    (Rules(players=8), 3, 25243, "2d34a7e6a1f91e46"),
    (Rules(players=4, attack=True, action_tiles=True, risk_rank="parity"), 4, 22032,
     "a6844ab948e3627d"),
]


@pytest.mark.parametrize(("rules", "seed", "steps", "digest"), REPLAYS)
def test_random_playouts_replay_from_their_seed(rules, seed, steps, digest):
    """The same seed plays the same 64 games as the engine did when these were recorded
    (commit e953001): committed statistics and ladder results replay from seeds, so a faster
    engine must draw the same random numbers and use them alike."""
    result = batch.random_playouts(rules, 64, seed)
    played = hashlib.sha256(json.dumps(result.lengths.tolist()).encode())
    for state in batch.to_states(result.final):
        played.update(ho.to_json(state).encode())
    assert (result.steps, played.hexdigest()[:16]) == (steps, digest)


def test_sampling_draws_legal_ids():
    rng = np.random.default_rng(9)
    rules = Rules(players=3)
    games = batch.from_states(scattered_states(ho, starts(rules, 80, rng), rng, most=60))
    mask = batch.legal_action_mask(games)
    probabilities = batch.chance_probabilities(games)
    deciding = mask.any(axis=1)
    chance = probabilities.any(axis=1)
    assert deciding.any() and chance.any()
    for _ in range(10):
        chosen = batch.sample_actions(games, rng)
        assert (chosen[~deciding] == -1).all() and mask[deciding.nonzero()[0],
                                                         chosen[deciding]].all()
        drawn = batch.sample_chance(games, rng)
        assert (drawn[~chance] == -1).all()
        assert (probabilities[chance.nonzero()[0], drawn[chance]] > 0).all()


def test_random_decisions_are_those_of_the_shared_loop_over_choices():
    """`sample_actions` works the rare kinds of node (hat actions, steals) out on their own
    games; its ids and its draws are those of `lockstep.random_decisions` over `choices`."""
    rng = np.random.default_rng(4)
    rules = Rules(players=4, attack=True, action_tiles=True)
    games = batch.from_states(scattered_states(ho, starts(rules, 150, rng), rng, most=120))
    kinds = set(games.phase.tolist())
    assert {ho.PHASES.index(p) for p in (Phase.PLAY, Phase.DOUBLE, Phase.HAT, Phase.STEAL)
            } <= kinds
    for seed in range(5):
        ours, shared = np.random.default_rng(seed), np.random.default_rng(seed)
        ids = batch.sample_actions(games, ours)
        assert np.array_equal(ids, lockstep.random_decisions(
            choices(games), len(games), shared))
        assert ours.random() == shared.random()  # as many draws


def test_chance_draws_each_card_with_its_share_of_the_pile():
    """HO-TURN-4: a draw takes each kind of card with its share of the draw pile, of the
    discard pile once the draw pile is empty (tens of thousands of draws of one state)."""
    rng = np.random.default_rng(4)
    drawing = next(s for s in scattered_states(ho, starts(Rules(players=3), 30, rng), rng,
                                               most=40) if s.phase is Phase.DRAW)
    emptied = attrs.evolve(drawing, pile=(0,) * len(drawing.pile), discard=tuple(
        a + b for a, b in zip(drawing.pile, drawing.discard, strict=True)))
    for state, source in ((drawing, drawing.pile), (emptied, emptied.discard)):
        games = batch.from_states([state] * 40_000)
        drawn = batch.sample_chance(games, rng)
        share = np.array(source) / sum(source)
        got = np.bincount(drawn, minlength=len(share)) / drawn.size
        np.testing.assert_array_equal(got > 0, share > 0)
        assert np.abs(got - share).max() < 5 * np.sqrt(share * (1 - share) / drawn.size).max()
        np.testing.assert_allclose(batch.chance_probabilities(games)[0, : len(share)], share)


def test_cards_drawn_ahead_are_the_piles_next_two_cards():
    """`drawn_ahead` (the turn player's draws, merged into the move that ends the plays)
    draws the next two cards of the draw pile: each pair with the probability of two draws
    one after the other without putting back (tens of thousands of games of one pile), -1
    where the pile holds too few cards (the draw then reshuffles the discard pile)."""
    rng = np.random.default_rng(5)
    state = next(s for s in scattered_states(ho, starts(Rules(players=3), 30, rng), rng,
                                             most=40) if s.phase is Phase.DRAW)
    n = 40_000
    games = lockstep.copied(batch.from_states([state] * (n + 2)))
    games.pile[:] = 0
    games.pile[[3, 7, 12], :n] = np.array([[2], [1], [3]])
    games.pile[5, n] = 1  # one card: no second card ahead; none: none ahead
    cards = drawn_ahead(games, np.arange(n + 2), rng)
    assert cards[:, n:].tolist() == [[5, -1], [-1, -1]]
    pile = games.pile[:, 0]
    kinds = len(pile)
    got = np.bincount(cards[0, :n] * kinds + cards[1, :n], minlength=kinds**2).reshape(
        kinds, kinds) / n
    want = pile[:, None] / 6 * (pile - np.eye(kinds)).clip(0) / 5  # [first, second]
    np.testing.assert_array_equal(got > 0, want > 0)
    assert np.abs(got - want).max() < 5 * np.sqrt(want * (1 - want) / n).max()
    assert (drawn_ahead(games, np.arange(0), rng) == -1).all()


def test_bad_input_is_refused():
    with pytest.raises(StateError, match="being set up"):
        batch.from_states([ho.initial_state(Rules(players=2))])
    with pytest.raises(StateError, match=r"not verflixxt_hoch\.State"):
        batch.from_states([verflixxt.new_game()])
    with pytest.raises(RulesError, match="other rules"):
        batch.from_states([ho.new_game(seed=0), ho.new_game(Rules(players=3), seed=0)])
    with pytest.raises(RulesError, match=r"verflixxt_hoch\.Rules"):
        batch.new_games(verflixxt.Rules(), 2)
    with pytest.raises(RulesError, match="number of games"):
        batch.new_games(Rules(), 0)
    games = batch.new_games(Rules(players=2), 2, seed=0)
    before = batch.to_states(games)
    with pytest.raises(IllegalMoveError, match="game 1: action id 1"):
        batch.step(games, [batch.sample_actions(games, np.random.default_rng())[0], 1])
    with pytest.raises(IllegalMoveError, match="shape"):
        batch.step(games, [0])
    assert batch.to_states(games) == before
    with pytest.raises(RulesError, match="no player 2"):
        batch.observation_array(games, 2)


@pytest.mark.slow
@pytest.mark.parametrize("name", OPTIONS)
def test_thousands_of_lockstep_games_equal_the_scalar_engine(name):
    rules = OPTIONS[name]
    rng = np.random.default_rng(1000 + len(name))
    games = 0
    for _ in range(4):
        states = scattered_states(ho, starts(rules, 100, rng), rng, most=60)
        play_in_lockstep(ho, batch, states, rng, check_every=50)
        games += sum(not ho.is_terminal(s) for s in states)
    assert games > 400 * 3 // 4  # most were still in play: the engines played them out


@pytest.mark.rule("HO-ATTACK-1")
def test_attacks_that_push_hats_equal_the_scalar_engine():
    """Attacks are rare in random games; these are looked for: attacks that push a hat on
    and that push one home, every move of their states compared in one batch with other
    states (the attacks and the hats pushed run over part of a batch)."""
    rules = Rules(players=2, attack=True)
    rng = np.random.default_rng(12)
    found: dict[str, list[ho.State]] = {"on": [], "home": []}
    seed = 0
    while min(len(v) for v in found.values()) < 2 and seed < 200:
        state = ho.new_game(rules, seed=seed)
        seed += 1
        while not ho.is_terminal(state):
            for move in ho.legal_moves(state):
                if isinstance(move, ho.moves.Attack):
                    hats = ho.apply(state, move).hats
                    if hats != state.hats:
                        home = hats.count(None) > state.hats.count(None)
                        found["home" if home else "on"].append(state)
            state = ho.apply(state, ho.move_for_action(state, random_ids(ho, [state], rng)[0]))
    assert min(len(v) for v in found.values()) >= 2
    others = scattered_states(ho, starts(rules, 6, rng), rng, most=80)
    for state in found["on"][:2] + found["home"][:2]:
        ids = ho.legal_action_ids(state)
        states = [state] * ids.size + others
        chosen = np.concatenate([ids, random_ids(ho, others, rng)])
        after = batch.to_states(batch.step(batch.from_states(states), chosen))
        assert after == tuple(ho.apply(s, ho.move_for_action(s, int(i)))
                              for s, i in zip(states, chosen, strict=True))
