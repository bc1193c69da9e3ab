"""The Verflixxt! batch engine equals the scalar engine: games played in lockstep, every
move of many states, every view (masks, chance, observations, scores, returns), and the
errors of bad input."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from batch_helpers import (
    assert_every_move_matches,
    assert_views_match,
    option_ids,
    play_in_lockstep,
    random_ids,
    scalar_sweep,
    scattered_states,
)

from amigo_rules import CHANCE, IllegalMoveError, RulesError, StateError, exxtra, verflixxt
from amigo_rules.batch import verflixxt as batch
from amigo_rules.track import BOX, Board
from amigo_rules.verflixxt import Phase, Rules, State

PRESETS = tuple(verflixxt.PRESETS)


def starts(rules: Rules, count: int, rng: np.random.Generator) -> list[State]:
    """New games; with a shuffled track half of them from `initial_state`, before it is
    laid (VX-SETUP-2, VXV-1 c, VXV-10)."""
    games = [verflixxt.new_game(rules, seed=int(rng.integers(1 << 30))) for _ in range(count)]
    if rules.layout == "random":
        games[::2] = [verflixxt.initial_state(rules)] * len(games[::2])
    return games


@pytest.mark.parametrize(("preset", "players"), [("classic", 3), ("amigo", 4), ("amigo_pro", 5),
                                                 ("classic", 2), ("amigo_pro", 6)])
def test_lockstep_games_equal_the_scalar_engine(preset, players):
    rules = verflixxt.PRESETS[preset](players=players)
    rng = np.random.default_rng(players)
    states = scattered_states(verflixxt, starts(rules, 6, rng), rng, most=6)
    assert play_in_lockstep(verflixxt, batch, states, rng, check_every=9) > 100


@pytest.mark.parametrize("preset", PRESETS)
def test_every_move_of_many_states_equals_the_scalar_engine(preset):
    rules = verflixxt.PRESETS[preset](players=4)
    rng = np.random.default_rng(7)
    state = verflixxt.initial_state(rules)
    seen = 0
    while not verflixxt.is_terminal(state):
        assert_every_move_matches(verflixxt, batch, state)
        state = verflixxt.apply(state, verflixxt.move_for_action(
            state, random_ids(verflixxt, [state], rng)[0]))
        seen += 1
    assert seen > 100


def make_state(rules, prefix, pawns, towers, *, player=0, roll=0) -> State:
    """A state built by hand, checked like a JSON document: the track begins with
    ``prefix`` and goes on with the box's other path tiles (those in no tower)."""
    rest = Counter(BOX)
    rest.subtract(t for t in (*prefix, *(t for tower in towers for t in tower)) if t in BOX)
    tiles = (*prefix, *sorted(rest.elements()), "F")
    phase = Phase.MOVE if roll else Phase.ROLL
    state = State(rules, Board(tiles, pawns), tuple(map(tuple, towers)), player, phase, roll)
    return verflixxt.from_json(verflixxt.to_json(state))


AMIGO_TRACK = ("S", "-1", "+2", "gift", "-3", "steal", "L", "+5", "-8", "gift", "gift")


@pytest.mark.rule("VX-ACT-1")
@pytest.mark.parametrize("top", ["-4", "+3", "L"])
@pytest.mark.parametrize("giver", [0, 2, 3])
def test_gift_ties_and_value_order_as_the_scalar_engine(top, giver):
    """The giver's pawn leaves the gift tile alone; the other towers' tops tie in pairs, so
    the receiver depends on the value order and on the nearest player clockwise."""
    rules = Rules.amigo(players=4)
    towers = [["+1", "L"], ["-5", "L"], ["+6", "-6"], ["-7", "-6"]]
    towers[giver] = ["-1", top]
    pawns = [(0, 0, 0)] * 4
    pawns[giver] = (0, 0, 3)
    state = make_state(rules, AMIGO_TRACK, tuple(pawns), towers, player=giver, roll=2)
    assert_every_move_matches(verflixxt, batch, state)
    after = batch.to_states(batch.step(batch.from_states([state]), [3]))[0]  # pawn 3
    assert after.board.tiles[3] == "steal" and after.towers[giver] == ("-1",)


@pytest.mark.rule("VX-ACT-2")
def test_steal_as_the_scalar_engine():
    rules = Rules.amigo(players=3)
    state = make_state(rules, AMIGO_TRACK, ((0, 0, 5), (0, 0, 0), (0, 0, 0)),
                       [["+1"], ["L"], ["-2"]], roll=1)
    assert_every_move_matches(verflixxt, batch, state)
    stealing = batch.step(batch.from_states([state]), [5])  # pawn 5 leaves the Steal tile
    assert batch.current_player(stealing).tolist() == [0]
    length = verflixxt.spec(rules).num_actions - rules.players
    assert batch.legal_action_mask(stealing)[0].nonzero()[0].tolist() == [length + 1,
                                                                          length + 2]
    assert_every_move_matches(verflixxt, batch, batch.to_states(stealing)[0])


def test_round_trip_of_every_kind_of_node():
    rng = np.random.default_rng(3)
    rules = Rules.amigo(players=3)
    states = scattered_states(verflixxt, [verflixxt.initial_state(rules)] * 40, rng, most=400)
    stealing = make_state(rules, AMIGO_TRACK, ((0, 0, 5), (0, 0, 0), (0, 0, 0)),
                          [["+1"], ["L"], []], roll=3)
    stealing = verflixxt.apply(stealing, verflixxt.parse_move(stealing, "pawn 5"))
    states = [*states, stealing, states[0]]  # a repeated state comes back as it is
    assert {s.phase for s in states} == {Phase.LAY, Phase.ROLL, Phase.MOVE, Phase.STEAL,
                                         Phase.OVER}
    games = batch.from_states(states)
    assert batch.to_states(games) == tuple(states)
    assert_views_match(verflixxt, batch, games, states)


@pytest.mark.rule("VX-TAKE-2")
def test_the_start_tile_goes_to_the_box_as_in_the_scalar_engine():
    rules = Rules.amigo(players=3)
    state = make_state(rules, AMIGO_TRACK, ((0, 1, 4), (1, 1, 2), (2, 2, 2)), [[], [], []],
                       roll=1)
    assert_every_move_matches(verflixxt, batch, state)
    after = batch.to_states(batch.step(batch.from_states([state]), [0]))[0]  # pawn 0
    assert after.board.tiles[:2] == ("-1", "+2") and after.board.pawns[0] == (0, 0, 3)


def test_new_games_are_set_up_like_new_game():
    for preset in ("classic", "amigo_pro"):
        rules = verflixxt.PRESETS[preset](players=5)
        games = batch.to_states(batch.new_games(rules, 3, seed=1))
        assert games == (verflixxt.new_game(rules),) * 3
    rules = Rules.amigo(players=2)
    games = batch.to_states(batch.new_games(rules, 50, seed=2))
    assert len({g.board.tiles for g in games}) == 50
    assert all(verflixxt.from_json(verflixxt.to_json(g)) == g for g in games)
    assert batch.to_states(batch.new_games(rules, 50, seed=2)) == games


@pytest.mark.parametrize("preset", PRESETS)
def test_random_playouts_finish_every_game(preset):
    rules = verflixxt.PRESETS[preset](players=3)
    result = batch.random_playouts(rules, 40, seed=5)
    finals = batch.to_states(result.final)
    assert all(verflixxt.is_terminal(s) for s in finals)
    assert all(verflixxt.from_json(verflixxt.to_json(s)) == s for s in finals)
    assert result.steps == int(result.lengths.sum()) and result.lengths.min() > 50
    np.testing.assert_array_equal(batch.returns(result.final).sum(axis=1), 1.0)
    again = batch.random_playouts(rules, 40, seed=5)
    assert batch.to_states(again.final) == finals
    assert again.lengths.tolist() == result.lengths.tolist()


def test_chance_sampling_draws_only_possible_outcomes_at_chance_nodes():
    rules = Rules.amigo(players=2)
    rng = np.random.default_rng(0)
    games = batch.from_states(scattered_states(
        verflixxt, [verflixxt.initial_state(rules)] * 30 + [verflixxt.new_game(rules)] * 30,
        rng, most=80))
    probabilities = batch.chance_probabilities(games)
    chance = batch.current_player(games) == CHANCE
    assert chance.any() and not chance.all()
    for _ in range(20):
        ids = batch.sample_chance(games, rng)
        assert (ids[~chance] == -1).all()
        assert (probabilities[chance.nonzero()[0], ids[chance]] > 0).all()
    # The die is uniform: 6,000 rolls from one roll node.
    rolls = batch.sample_chance(batch.new_games(Rules.classic(players=2), 6000), rng)
    counts = np.bincount(rolls, minlength=6)
    assert counts.sum() == 6000 and counts.min() > 900 and counts.max() < 1100


@pytest.mark.rule("VX-TURN-4")
def test_random_actions_are_uniform_over_distinct_moves():
    """Two pawns on the start, one with two guards on position 9: three moves (pawn 0,
    pawn 9, guard 9), each a third of the time."""
    rules = Rules.classic(players=2)
    start = verflixxt.new_game(rules)
    guards = (9, 9, 11, 12, 13, 14, 21, 22)
    board = Board(start.board.tiles, ((0, 0, 9), (0, 0, 0)), guards)
    state = State(rules, board, start.towers, 0, Phase.MOVE, 3)
    games = batch.from_states([state] * 6000)
    ids = batch.sample_actions(games, np.random.default_rng(2))
    counts = {i: (ids == i).sum() for i in (0, 9, 34 + 9)}
    assert sum(counts.values()) == 6000 and all(1800 < c < 2200 for c in counts.values())
    assert (batch.sample_actions(batch.new_games(rules, 3), np.random.default_rng()) == -1).all()


def test_observation_array_for_one_seat_per_game():
    rules = Rules.classic(players=3)
    rng = np.random.default_rng(1)
    states = scattered_states(verflixxt, [verflixxt.new_game(rules)] * 6, rng, most=60)
    seats = np.array([0, 1, 2, 2, 1, 0])
    expected = [verflixxt.observation(s, int(p)).to_array() for s, p in zip(states, seats,
                                                                           strict=True)]
    got = batch.observation_array(batch.from_states(states), seats)
    np.testing.assert_array_equal(got, np.array(expected))



@pytest.mark.parametrize("rules", [Rules.classic(players=3), Rules(players=4, towers="top")],
                         ids=["classic-3", "hidden-towers-4"])
def test_observation_array_counts_pieces_and_tower_tiles_that_share_a_place(rules):
    """The counts of the observation (a player's pawns on a slot, guards on a slot, tiles
    of a kind in a tower) are written where several pieces or tiles share one place."""
    rng = np.random.default_rng(4)
    states = scattered_states(verflixxt, [verflixxt.new_game(rules)] * 30, rng, most=300)
    expected = np.array([verflixxt.observation(s, 1).to_array() for s in states])
    where = verflixxt.array_places(rules)
    slots = expected[:, : verflixxt.track_length(rules) * where["tile"][1]].reshape(
        len(states), -1, where["tile"][1])
    pawns = slots[:, 1:-1, where["pawns"][0] : where["pawns"][0] + rules.players]
    towers = expected[:, where["tower"][0] : where["tower"][0] + where["tower"][1]]
    assert pawns.max() > 1 and towers.max() > 1  # shared places between start and finish
    np.testing.assert_array_equal(batch.observation_array(batch.from_states(states), 1),
                                  expected)


# --- bad input ---------------------------------------------------------------------------


def test_every_rules_is_batched():
    """No option is left to the scalar engine: each variant plays its games to the end."""
    assert batch.UNBATCHED == {}
    for options in ({"roll_one": "choice"}, {"roll_one": "swap"}, {"passed_tiles_to_end": True},
                    {"negative_lucky": True, "negative_lucky_sweep": True},
                    {"tactical_cards": True}, {"hidden_tiles": True}):
        finals = batch.to_states(batch.random_playouts(Rules(players=3, **options), 8, 1).final)
        assert all(verflixxt.is_terminal(s) for s in finals)
        assert all(verflixxt.from_json(verflixxt.to_json(s)) == s for s in finals)


def test_bad_batches_of_states_are_refused():
    with pytest.raises(StateError, match="at least one"):
        batch.from_states([])
    with pytest.raises(StateError, match="item 1"):
        batch.from_states([verflixxt.new_game(), "roll 3"])
    with pytest.raises(RulesError, match="other rules"):
        batch.from_states([verflixxt.new_game(), verflixxt.new_game(Rules.classic(players=3))])
    with pytest.raises(RulesError, match=r"verflixxt\.Rules"):
        batch.new_games(exxtra.Rules(), 2)
    with pytest.raises(RulesError, match="number of games"):
        batch.new_games(Rules(), 0)
    good = verflixxt.new_game()
    tampered = State(good.rules, Board((*good.board.tiles[:-2], "F"), good.board.pawns,
                                       good.board.guards), good.towers, 0, Phase.ROLL)
    with pytest.raises(StateError, match="state 1 is inconsistent: tiles are not conserved"):
        batch.from_states([good, tampered])
    listed = State(good.rules, Board(list(good.board.tiles), good.board.pawns,
                                     good.board.guards), good.towers, 0, Phase.ROLL)
    with pytest.raises(StateError, match="state 0 is malformed"):
        batch.from_states([listed])


def test_illegal_ids_are_refused_naming_the_game_and_nothing_changes():
    rules = Rules.classic(players=2)
    games = batch.step(batch.new_games(rules, 3), [2, 2, 2])  # roll 3 everywhere
    before = batch.to_states(games)
    for ids, message in [
        ([0, 5, 0], "game 1: action id 5"),  # no pawn on position 5
        ([0, 0, 34], "game 2: action id 34"),  # a guard without a pawn beside it
        ([0, 0, 68], "game 2"),  # a steal without action tiles
        ([0, 0, -1], "game 2"),
        ([0, 0], "shape"),
        ([0.0, 0.0, 0.0], "integer"),
    ]:
        with pytest.raises(IllegalMoveError, match=message):
            batch.step(games, ids)
    assert batch.to_states(games) == before
    with pytest.raises(IllegalMoveError, match="game 0: chance outcome id 6"):
        batch.step(batch.new_games(rules, 1), [6])
    with pytest.raises(RulesError, match="no player 2"):
        batch.observation_array(games, 2)


def test_finished_games_stay_and_batches_are_read_only():
    rules = Rules.classic(players=2)
    done = batch.random_playouts(rules, 2, seed=0).final
    assert batch.to_states(batch.step(done, [123, -7])) == batch.to_states(done)
    with pytest.raises(ValueError, match="read-only"):
        done.pieces[0, 0] = 3
    assert len(done) == 2


# --- the variants ------------------------------------------------------------------------


VARIANTS = {
    "VXV-1a": Rules(layout="plus_before_lucky", players=3),
    "VXV-1b": Rules(layout="lucky_last", players=2),
    "VXV-1c": Rules(layout="random", players=3),
    "VXV-6, 7 players": Rules.classic(players=7),
    "VXV-6, 8 players": Rules.amigo(players=8),
    "VXV-LUCKY-BELOW": Rules.classic(lucky_below=True, players=3),
    "VXV-HIDDEN-TOWERS": Rules.amigo(towers="hidden", players=3),
    "VXV-HIDDEN-TOWERS top": Rules.classic(towers="top", players=3),
    "options mixed": Rules.amigo_pro(action_tiles=True, guards=False, players=4),
    "VXV-4": Rules.amigo(early_end="first_home", players=4),
    "VXV-5": Rules.classic(early_end="one_pawn_left", players=3),
    "explicit layout": Rules(layout=("+1", "-3", "L", "gift", "+5", "-8", "+7", "L", "-2"),
                             guard_positions=(2, 5), action_tiles=True, players=2),
    "VXV-2": Rules(roll_one="choice", players=3),
    "VXV-3": Rules.amigo_pro(passed_tiles_to_end=True, players=3),
    "VXV-7": Rules(roll_one="swap", players=4),
    "VXV-8": Rules(negative_lucky=True, players=5),
    "VXV-8b": Rules(negative_lucky=True, negative_lucky_sweep=True, players=3),
    "VXV-9": Rules.amigo(tactical_cards=True, players=3),
    "VXV-10": Rules(hidden_tiles=True, action_tiles=True, players=4),
    "VXV-9, VXV-10 mixed": Rules(tactical_cards=True, hidden_tiles=True, early_end="first_home",
                                 towers="top", players=2),
    "VXV-LUCKY-BELOW, VXV-5": Rules(lucky_below=True, early_end="one_pawn_left", players=3),
}


@pytest.mark.parametrize("name", VARIANTS)
def test_variants_in_lockstep_equal_the_scalar_engine(name):
    rules = VARIANTS[name]
    rng = np.random.default_rng(len(name))
    states = scattered_states(verflixxt, starts(rules, 5, rng), rng, most=30)
    assert play_in_lockstep(verflixxt, batch, states, rng, check_every=4) > 20


@pytest.mark.rule("VXV-1", "VXV-2", "VXV-6", "VXV-7", "VXV-9", "VXV-10", "VXV-LUCKY-BELOW")
@pytest.mark.parametrize("name", ["VXV-1c", "VXV-2", "VXV-6, 8 players", "VXV-7", "VXV-9",
                                  "VXV-10", "VXV-LUCKY-BELOW"])
def test_every_move_of_a_variant_equals_the_scalar_engine(name):
    rules = VARIANTS[name]
    rng = np.random.default_rng(3)
    state = verflixxt.new_game(rules, seed=5)
    while not verflixxt.is_terminal(state):
        assert_every_move_matches(verflixxt, batch, state)
        state = verflixxt.apply(state, verflixxt.move_for_action(
            state, random_ids(verflixxt, [state], rng)[0]))


def last_positions(rules: Rules, games: int) -> list[State]:
    """The position before the last move of random games."""
    rng = np.random.default_rng(2)
    out = []
    for seed in range(games):
        state = verflixxt.new_game(rules, seed=seed)
        while not verflixxt.is_terminal(state):
            before = state
            state = verflixxt.apply(state, verflixxt.move_for_action(
                state, random_ids(verflixxt, [state], rng)[0]))
        out.append(before)
    return out


@pytest.mark.rule("VXV-4")
def test_the_first_home_sweep_equals_the_scalar_engine():
    """Every move of positions whose next move may bring a player's last pawn home while
    other pawns stand alone on path tiles equals the scalar engine."""
    rules = Rules.classic(early_end="first_home", players=3)
    swept = 0
    for before in last_positions(rules, 12):
        assert_every_move_matches(verflixxt, batch, before)
        ids = verflixxt.legal_action_ids(before)
        after = batch.to_states(batch.step(batch.from_states([before] * ids.size), ids))
        swept += any(sum(map(len, s.towers)) > sum(map(len, before.towers)) + 1 for s in after)
    assert swept >= 3  # the sweep took tiles besides the move's own


@pytest.mark.rule("VXV-5")
def test_the_penalty_of_the_last_pawn_equals_the_scalar_engine():
    rules = Rules.classic(early_end="one_pawn_left", players=3)
    fined = 0
    for before in last_positions(rules, 12):
        assert_every_move_matches(verflixxt, batch, before)
        ids = verflixxt.legal_action_ids(before)
        games = batch.step(batch.from_states([before] * ids.size), ids)
        states = batch.to_states(games)
        assert batch.score(games).tolist() == [list(verflixxt.score(s)) for s in states]
        fined += any(s.penalty is not None for s in states)
    assert fined >= 3


@pytest.mark.rule("VXV-8")
def test_the_last_player_sweep_equals_the_scalar_engine():
    """VXV-8b: every move of positions whose move may send all players but one home; the
    last one then receives the track."""
    swept = 0
    for before in last_positions(VARIANTS["VXV-8b"], 12):
        assert_every_move_matches(verflixxt, batch, before)
        ids = verflixxt.legal_action_ids(before)
        after = batch.to_states(batch.step(batch.from_states([before] * ids.size), ids))
        swept += any(sum(map(len, s.towers)) > sum(map(len, before.towers)) + 1 for s in after)
    assert swept >= 3


@pytest.mark.rule("VXV-5", "VXV-LUCKY-BELOW")
def test_the_penalty_counts_under_every_scoring():
    """VXV-5's penalty tile is scored at face value with VXV-LUCKY-BELOW too."""
    result = batch.random_playouts(VARIANTS["VXV-LUCKY-BELOW, VXV-5"], 60, seed=1)
    states = batch.to_states(result.final)
    assert sum(s.penalty is not None for s in states) > 10
    assert batch.score(result.final).tolist() == [list(verflixxt.score(s)) for s in states]
    assert batch.returns(result.final).tolist() == [list(verflixxt.returns(s)) for s in states]


@pytest.mark.rule("VXV-7")
def test_a_swap_names_the_opponent_where_several_stand():
    """Player 0's pawn on 5 may swap with player 1's or player 3's pawn on 4 (named), or
    with player 2's alone on 6 (unnamed); no tile is taken."""
    rules = VARIANTS["VXV-7"]
    start = verflixxt.new_game(rules)
    board = Board(start.board.tiles, ((0, 0, 5), (0, 2, 4), (0, 0, 6), (0, 0, 4)),
                  start.board.guards)
    state = State(rules, board, start.towers, 0, Phase.MOVE, 1)
    swaps = [str(m) for m in verflixxt.legal_moves(state) if type(m) is verflixxt.Swap]
    assert swaps == ["swap 5 4 1", "swap 5 4 3", "swap 5 6"]
    assert_every_move_matches(verflixxt, batch, state)


@pytest.mark.rule("VXV-3")
def test_passed_tiles_move_to_the_end_as_in_the_scalar_engine():
    """Every move of the positions of random games just before tiles were passed."""
    rules = VARIANTS["VXV-3"]
    rng = np.random.default_rng(4)
    passing = []
    for seed in range(16):
        state = verflixxt.new_game(rules, seed=seed)
        while not verflixxt.is_terminal(state):
            move = verflixxt.move_for_action(state, random_ids(verflixxt, [state], rng)[0])
            after, events = verflixxt.apply_events(state, move)
            if any(e.kind == "passed_to_end" for e in events):
                passing.append(state)
            state = after
    assert len(passing) >= 6
    for state in passing:
        assert_every_move_matches(verflixxt, batch, state)


@pytest.mark.rule("VXV-9")
def test_tactical_turns_as_the_scalar_engine():
    """In lockstep games of cards with action tiles every way a turn of cards goes is met:
    it goes on after a steal, ends by ``stop`` or when no card fits, a player passes, and
    the hands come back."""
    rules = VARIANTS["VXV-9"]
    rng = np.random.default_rng(9)
    states = [verflixxt.new_game(rules, seed=k) for k in range(16)]
    games = batch.from_states(states)
    seen = Counter()
    while not all(verflixxt.is_terminal(s) for s in states):
        ids = random_ids(verflixxt, states, rng)
        games = batch.step(games, ids)
        after = [s if i < 0 else verflixxt.apply(s, verflixxt.move_for_action(s, i))
                 for s, i in zip(states, ids, strict=True)]
        for s, a, i in zip(states, after, ids, strict=True):
            if i >= 0:
                move = str(verflixxt.move_for_action(s, i))
                seen[move if move in ("stop", "pass") else "card"] += 1
                seen["after steal"] += s.phase is Phase.STEAL and a.phase is Phase.MOVE \
                    and a.player == s.player
                seen["hands back"] += sum(map(len, a.hands)) > sum(map(len, s.hands))
        states = after
        assert batch.to_states(games) == tuple(states)
    assert all(seen[k] > 0 for k in ("card", "stop", "pass", "after steal", "hands back")), seen


@pytest.mark.rule("VXV-10")
def test_face_down_tiles_are_hidden_in_the_observations():
    """The batch holds each face-down tile's value; its observation shows only that the
    tile lies face down, as the scalar observation does."""
    rules = VARIANTS["VXV-10"]
    rng = np.random.default_rng(10)
    states = scattered_states(verflixxt, [verflixxt.new_game(rules, seed=k) for k in range(8)],
                              rng, most=90)
    down = [sum(t[0] == "?" for t in s.board.tiles) for s in states]
    assert min(down) >= 1
    games = batch.from_states(states)
    assert batch.to_states(games) == tuple(states)
    assert_views_match(verflixxt, batch, games, states)
    hidden = len(verflixxt.TILE_KINDS) + 1  # the slot entry of a face-down tile
    per_slot = hidden + 1 + rules.players + 1
    slots = verflixxt.track_length(rules)
    shown = batch.observation_array(games, 0)[:, : slots * per_slot].reshape(8, slots, -1)
    assert shown[:, :, hidden].sum(axis=1).tolist() == down


@pytest.mark.rule("VXV-1", "VXV-10")
@pytest.mark.parametrize("name", ["VXV-1c", "VXV-10"])
def test_guards_of_a_shuffled_track_are_placed_once_it_is_laid(name):
    """The guards stand on the tiles the track brings (VXV-1 c: lucky, +7, +8; VXV-10: the
    first 8 plus or lucky tiles): none while it is laid, placed with its last tile."""
    rules = VARIANTS[name]
    games = batch.to_states(batch.new_games(rules, 30, seed=4))
    assert all(verflixxt.from_json(verflixxt.to_json(g)) == g for g in games)
    assert games == tuple(verflixxt.laid_out(rules, tuple(t for t in g.board.tiles if t in BOX))
                          for g in games)
    assert len({g.board.guards for g in games}) > 1  # they follow each track's tiles
    state = verflixxt.initial_state(rules)
    laying = batch.from_states([state])
    assert batch.to_states(laying) == (state,)
    rng = np.random.default_rng(2)
    while state.phase is Phase.LAY:
        assert_views_match(verflixxt, batch, laying, [state])
        lay = random_ids(verflixxt, [state], rng)
        state = verflixxt.apply(state, verflixxt.move_for_action(state, lay[0]))
        laying = batch.step(laying, lay)
    assert batch.to_states(laying) == (state,) and len(state.board.guards) == 8


# --- every preset and player count, thousands of games ------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("preset", PRESETS)
def test_thousands_of_lockstep_games_equal_the_scalar_engine(preset, players):
    rules = verflixxt.PRESETS[preset](players=players)
    rng = np.random.default_rng(100 * players + PRESETS.index(preset))
    games = 0
    for _ in range(4):
        states = scattered_states(verflixxt, starts(rules, 50, rng), rng, most=40)
        play_in_lockstep(verflixxt, batch, states, rng, check_every=25)
        games += sum(not verflixxt.is_terminal(s) for s in states)
    assert games > 200 * 3 // 4  # most were still in play: the engines played them out


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_thousands_of_variant_games_equal_the_scalar_engine(name):
    rules = VARIANTS[name]
    rng = np.random.default_rng(7 * len(name))
    for _ in range(3):
        states = scattered_states(verflixxt, starts(rules, 100, rng), rng, most=40)
        play_in_lockstep(verflixxt, batch, states, rng, check_every=50)


# --- every option alone and in the scalar sweep's combinations ----------------------------


SWEEP = scalar_sweep()


def sweep(rules: Rules, games: int, seed: int) -> None:
    """``games`` random games of ``rules`` (50 to a batch) in lockstep with the scalar
    engine."""
    rng = np.random.default_rng(seed)
    for start in range(0, games, 50):
        states = scattered_states(verflixxt, starts(rules, min(50, games - start), rng), rng,
                                  most=40)
        play_in_lockstep(verflixxt, batch, states, rng, check_every=25)


@pytest.mark.slow
@pytest.mark.parametrize("options", SWEEP.ALONE, ids=option_ids)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_option_alone_in_lockstep_sweep(options, players):
    sweep(Rules.classic(players=players, **options), 100, players)


@pytest.mark.slow
@pytest.mark.parametrize("options", SWEEP.MATRIX, ids=option_ids)
@pytest.mark.parametrize("players", [2, 4, 6, 7])
def test_variants_combine_in_lockstep_sweep(options, players):
    sweep(Rules(players=players, **options), 100, players)


@pytest.mark.slow
@pytest.mark.parametrize("options", [dict(zip(SWEEP.OPTIONS, values, strict=True)) for values
                                     in itertools.product(*SWEEP.OPTIONS.values())],
                         ids=option_ids)
def test_variant_matrix_in_lockstep_sweep(options):
    sweep(Rules.amigo_pro(players=3, action_tiles=True, **options), 20, len(str(options)))
