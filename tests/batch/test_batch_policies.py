"""The batch policies against the scalar agents: on many positions of random games, the
same value for every legal move (the same floats), and a choice among the best ones."""

from __future__ import annotations

from types import ModuleType

import attrs
import numpy as np
import pytest
from batch_helpers import option_ids, scalar_sweep

from amigo_rules import CHANCE, TERMINAL, exxtra, verflixxt
from amigo_rules.agents import ExxtraHeuristicAgent, VerflixxtGreedyAgent
from amigo_rules.batch import exxtra as exxtra_batch
from amigo_rules.batch import exxtra_heuristic, lockstep, verflixxt_greedy
from amigo_rules.batch import verflixxt as verflixxt_batch
from amigo_rules.core.ties import TIE
from amigo_rules.exxtra import RUNGS, reroll_worth


def positions(engine: ModuleType, rules, n: int, steps: int, seed: int):
    """The batches of ``n`` random games after each of ``steps`` moves."""
    rng = np.random.default_rng(seed)
    games = engine.new_games(rules, n, rng)
    for _ in range(steps):
        chance = engine.current_player(games) == CHANCE
        ids = np.where(chance, engine.sample_chance(games, rng), engine.sample_actions(games, rng))
        games = engine.step(games, np.where(engine.is_terminal(games), 0, ids))
        yield games


GREEDY = (verflixxt, verflixxt_batch, VerflixxtGreedyAgent,
          verflixxt_greedy.verflixxt_greedy_values, verflixxt_greedy.verflixxt_greedy, TIE)
HEURISTIC = (exxtra, exxtra_batch, ExxtraHeuristicAgent, exxtra_heuristic.exxtra_heuristic_values,
             exxtra_heuristic.exxtra_heuristic, 0.0)
CONFIGS = [
    (GREEDY, verflixxt.Rules.classic(players=2)),
    (GREEDY, verflixxt.Rules.amigo(players=3)),
    (GREEDY, verflixxt.Rules.amigo_pro(players=5)),
    (HEURISTIC, exxtra.Rules(players=3)),
    (HEURISTIC, exxtra.Rules(players=6, max_turns=40)),
]
IDS = ["greedy-classic-2", "greedy-amigo-3", "greedy-amigo_pro-5", "heuristic-3",
       "heuristic-6-max_turns"]
SWEEP = scalar_sweep()


def check_policy(kind, rules, n: int, steps: int, seed: int) -> int:
    """Compare the batch policy with the scalar agent on every decision of the positions;
    the number of decisions compared."""
    game, engine, agent_class, values_of, policy, tie = kind
    agent = agent_class(seed=0)
    compared = 0
    rng = np.random.default_rng(seed)
    for games in positions(engine, rules, n, steps, seed):
        values = values_of(games)
        chosen = policy(games, rng)
        for row, state in enumerate(engine.to_states(games)):
            player = game.current_player(state)
            if player < 0:
                assert np.isnan(values[row]).all() and chosen[row] == -1
                continue
            legal = game.legal_moves(state)
            expected = agent.values(game.observation(state, player), legal)
            ids = [game.action_id(state, move) for move in legal]
            assert values[row, ids].tolist() == expected, state
            assert np.isnan(np.delete(values[row], ids)).all()
            best = {i for i, v in zip(ids, expected, strict=True) if v >= max(expected) - tie}
            assert chosen[row] in best
            compared += 1
    return compared


@pytest.mark.parametrize(("kind", "rules"), CONFIGS, ids=IDS)
def test_the_batch_policy_values_every_move_as_the_scalar_agent(kind, rules):
    assert check_policy(kind, rules, n=24, steps=120, seed=1) > 500


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "rules"), [
    *CONFIGS,
    *((GREEDY, verflixxt.PRESETS[p](players=k)) for p in ("classic", "amigo", "amigo_pro")
      for k in (2, 4, 6)),
    *((HEURISTIC, exxtra.Rules(players=k)) for k in (4, 5)),
])
def test_the_batch_policy_values_every_move_as_the_scalar_agent_sweep(kind, rules):
    assert check_policy(kind, rules, n=64, steps=300, seed=7) > 2_000


def test_ties_are_drawn_uniformly_among_the_best_moves():
    rules = verflixxt.Rules.classic(players=2)
    tied = next(
        state
        for games in positions(verflixxt_batch, rules, 16, 60, seed=3)
        for state, values in zip(verflixxt_batch.to_states(games),
                                 verflixxt_greedy.verflixxt_greedy_values(games), strict=True)
        if (values >= np.where(np.isnan(values), -np.inf, values).max() - TIE).sum() > 1
    )
    games = verflixxt_batch.from_states([tied] * 6000)
    values = verflixxt_greedy.verflixxt_greedy_values(games)[0]
    best = np.flatnonzero(values >= np.nanmax(values) - TIE)
    chosen = verflixxt_greedy.verflixxt_greedy(games, np.random.default_rng(0))
    counts = np.bincount(chosen, minlength=len(values))
    assert counts[best].sum() == 6000
    assert (abs(counts[best] / 6000 - 1 / len(best)) < 0.03).all()


VARIANT_MIXES = {
    "cards-faces-down-lucky-below": verflixxt.Rules.amigo(
        tactical_cards=True, hidden_tiles=True, lucky_below=True, players=3),
    "roll-one-negative-lucky-hidden-towers": verflixxt.Rules(
        roll_one="choice", negative_lucky=True, towers="hidden", action_tiles=True, players=4),
    "swaps-passed-tiles-top": verflixxt.Rules.amigo_pro(
        roll_one="swap", passed_tiles_to_end=True, towers="top", players=4),
}


@pytest.mark.parametrize("name", VARIANT_MIXES)
def test_the_greedy_policy_values_every_variant_as_the_scalar_agent(name):
    """Chosen steps (VXV-2), swaps (VXV-7), cards, stop and pass (VXV-9), flips and
    face-down tiles (VXV-10), hidden towers and the other scorings: the same floats."""
    assert check_policy(GREEDY, VARIANT_MIXES[name], n=12, steps=100, seed=2) > 400


@pytest.mark.slow
@pytest.mark.parametrize("options", SWEEP.ALONE + SWEEP.MATRIX, ids=option_ids)
def test_the_greedy_policy_values_every_variant_as_the_scalar_agent_sweep(options):
    assert check_policy(GREEDY, verflixxt.Rules(players=4, **options), n=48, steps=250,
                        seed=5) > 2_000


def test_the_heuristics_numpy_rerolls_equal_the_scalar_functions():
    """The two ways the heuristic values the re-roll of new positions (numpy for many, the
    scalar agent's function for a few) give the same floats."""
    rules = exxtra.Rules(players=4)
    compared = 0
    for games in positions(exxtra_batch, rules, 32, 80, seed=11):
        legal = exxtra_batch.legal_action_mask(games)
        rows = np.flatnonzero(legal.any(axis=1))
        if not rows.size:
            continue
        deciding = exxtra_batch.from_states([exxtra_batch.to_states(games)[r] for r in rows])
        me = deciding.turn % rules.players
        numpy_values = exxtra_heuristic._reroll_values(deciding, me, legal[rows])
        scalar_values = _scalar_rerolls(deciding, np.arange(rows.size), me,
                                                 legal[rows])
        np.testing.assert_array_equal(numpy_values, scalar_values)
        compared += rows.size
    assert compared > 500


def test_the_heuristics_ties_are_drawn_uniformly_among_the_best_decisions():
    """`_best` (the heuristic's choice): only legal decisions of the highest value, each
    equally likely, -1 where nothing is legal."""
    values = np.array([[1.0, 3.0, 3.0, 0.5, 3.0, np.nan, 3.0],
                       [np.nan] * 7,
                       [2.0, np.nan, 9.0, np.nan, np.nan, np.nan, np.nan]])
    rows = np.repeat(values, 6000, axis=0)
    chosen = _best(rows, ~np.isnan(rows), 0.0, np.random.default_rng(0))
    tied, none, single = chosen[:6000], chosen[6000:12000], chosen[12000:]
    counts = np.bincount(tied, minlength=7)
    assert counts[[0, 3, 5]].sum() == 0
    assert (abs(counts[[1, 2, 4, 6]] / 6000 - 1 / 4) < 0.03).all()
    assert (none == -1).all() and (single == 2).all()


def test_the_heuristic_draws_one_uniform_per_game_deciding_or_not():
    """The heuristic's draws do not depend on how many games are at a decision: committed
    results drawn from the generator (the rollout agent's ladder games, the statistics)
    play again only if the stream stays the same. Its choice of game ``i`` is `_best`'s with
    the ``i``-th uniform of the batch's draw."""
    rules = exxtra.Rules(players=4)
    batch = lockstep.copied(exxtra_batch.new_games(rules, 64, 2))
    rng = np.random.default_rng(5)
    mixed = 0
    for _ in range(30):
        deciding = exxtra_batch.legal_action_mask(batch).any(axis=1)
        mixed += 0 < deciding.sum() < len(deciding)  # some games at a decision, some not
        before = np.random.default_rng()
        before.bit_generator.state = rng.bit_generator.state
        ids = exxtra_heuristic.exxtra_heuristic(batch, rng)
        expected = _best(*_table(batch), 0.0, before)
        np.testing.assert_array_equal(ids, expected)
        assert rng.bit_generator.state == before.bit_generator.state
        chance = np.where(deciding, -1, exxtra_batch.sample_chance(batch, rng))
        exxtra_batch.LOCKSTEP.advance(batch, np.where(deciding, ids, chance))
    assert mixed >= 10


def _table(batch):
    values = exxtra_heuristic.exxtra_heuristic_values(batch)
    return values, ~np.isnan(values)


def test_the_heuristic_keeps_one_reroll_worth_for_positions_it_cannot_tell_apart():
    """The re-roll's worth is kept by what `reroll_worth` reads of a position
    (`_positions`): positions with the same key have the same worth by the scalar
    agent's own function, and many positions share a key."""
    rules = exxtra.Rules(players=4)
    worth: dict[bytes, float] = {}
    checked = shared = 0
    for games in positions(exxtra_batch, rules, 48, 150, seed=13):
        legal = exxtra_batch.legal_action_mask(games)
        rows = np.flatnonzero(legal.any(axis=1))
        me = games.turn % rules.players
        keys = exxtra_heuristic._positions(lockstep.rows_of(games, rows), me[rows])
        values = _scalar_rerolls(games, rows, me[rows], legal[rows])
        for key, value in zip(keys, values.tolist(), strict=True):
            shared += key in worth
            assert worth.setdefault(key, value) == value
            checked += 1
    assert checked > 2_000 and shared > 500


def test_the_heuristics_plan_holds_the_best_decisions_for_every_roll_in_hand():
    """A position's plan (`_plan`: worked out once, read at every decision of the turn)
    holds, for every combination the dice show, exactly the decisions the scalar agent
    values highest with that combination in hand, and the re-roll's worth it gives."""
    rules = exxtra.Rules(players=4)
    agent = ExxtraHeuristicAgent(seed=0)
    _, _, row_of, _ = exxtra_heuristic._plan_rolls()
    values = sorted({exxtra.combination(a, b) for a in exxtra.DIE_A for b in exxtra.DIE_B})
    compared = 0
    for step, games in enumerate(positions(exxtra_batch, rules, 16, 120, seed=17)):
        rows = np.flatnonzero(exxtra_batch.legal_action_mask(games).any(axis=1))
        if step % 3 or not rows.size:
            continue
        deciding = lockstep.rows_of(games, rows)
        rerolls, best = exxtra_heuristic._plan(deciding, deciding.turn % rules.players)
        for k, state in enumerate(exxtra_batch.to_states(deciding)):
            for value in values:
                in_hand = attrs.evolve(state, roll=value)
                player = exxtra.current_player(in_hand)
                legal = exxtra.legal_moves(in_hand)
                worth = agent.values(exxtra.observation(in_hand, player), legal)
                ids = {exxtra.action_id(in_hand, move) for move, v in zip(legal, worth,
                                                                       strict=True)
                       if v == max(worth)}
                assert best[k, row_of[value]] == sum(1 << i for i in ids), (state, value)
                assert rerolls[k] == worth[0]  # the re-roll comes first
                compared += 1
    assert compared > 3_000


@pytest.fixture
def small_plans(monkeypatch):
    """Plans kept for 40 positions only: they start afresh again and again."""
    monkeypatch.setattr(exxtra_heuristic, "_PLANS_KEPT", 40)
    exxtra_heuristic._plans.cache_clear()
    yield
    exxtra_heuristic._plans.cache_clear()


def test_the_heuristics_plans_start_afresh_when_full(small_plans):
    """Plans kept for few positions: the store starts afresh again and again and the
    choices stay those of the per-decision values (`_best` with the same draws)."""
    rules = exxtra.Rules(players=5)
    rng = np.random.default_rng(3)
    for games in positions(exxtra_batch, rules, 32, 60, seed=19):
        before = np.random.default_rng()
        before.bit_generator.state = rng.bit_generator.state
        ids = exxtra_heuristic.exxtra_heuristic(games, rng)
        np.testing.assert_array_equal(ids, _best(*_table(games), 0.0, before))
        assert len(exxtra_heuristic._plans(5).rows) <= len(exxtra_heuristic._plans(5).rerolls) == 40


def test_the_heuristics_plans_are_found_by_key_when_keys_collide(small_plans):
    """The store of plans (a hash table, `_Plans`) finds the row of every position it holds
    by its key and no row for the others: keys drawn from few values (many repeated within
    a call), many of them sharing a first slot, through restarts (a store of 40 positions)
    and a call of more keys than it holds."""
    plans = exxtra_heuristic._Plans()
    rng = np.random.default_rng(41)
    held: dict[int, int] = {}
    collided = 0
    for size in [*rng.integers(1, 45, size=300).tolist(), 90]:
        keys = rng.integers(0, 70, size=size) << 40  # low bits alike: many share a slot
        starts = exxtra_heuristic._hashed(keys, len(plans.slots))
        collided += len(starts) - len(np.unique(starts)) - (len(keys) - len(np.unique(keys)))
        before = plans.count
        plans.room(len(keys))
        if plans.count < before or len(keys) > 40:
            held.clear()
        found, slots = plans.find(keys)
        assert [row >= 0 for row in found.tolist()] == [k in held for k in keys.tolist()]
        assert all(held[k] == row for k, row in zip(keys.tolist(), found.tolist(),
                                                     strict=True) if row >= 0)
        new, first = np.unique(keys[found < 0], return_index=True)
        rows = plans.add(new, slots[found < 0][first])
        held.update(zip(new.tolist(), rows.tolist(), strict=True))
        again, _ = plans.find(keys)
        assert again.tolist() == [held[k] for k in keys.tolist()]
        assert plans.rows.tolist() == sorted(held, key=held.__getitem__)
    assert collided > 50


@pytest.fixture
def no_look_ahead(monkeypatch):
    """The turn player looks no double ahead: every double that moves a counter to another
    class is looked up anew, in the batch rounds and in the scalar ones."""
    monkeypatch.setattr(exxtra_heuristic, "_double_reach", lambda: 0)


def _replayed(before, at, moved, ids, agent, check, game=exxtra, tie=0.0):
    """The turn player's moves (``moved``, ``ids``) replayed on the scalar ``game`` from
    the states ``before`` (games ``at`` played): each from a live state that passes
    ``check(row, state, player)``, each decision one the scalar agent values highest
    (within ``tie``). Returns the states after, the moves made per game, and the chance
    moves and decisions."""
    states = list(before)
    made = dict.fromkeys(at.tolist(), 0)
    rolls = decisions = 0
    for row, action in zip(moved.tolist(), ids.tolist(), strict=True):
        state = states[row]
        assert not game.is_terminal(state)
        player = game.current_player(state)
        check(row, state, player)
        move = game.move_for_action(state, action)
        if player == CHANCE:
            rolls += 1
        else:
            legal = game.legal_moves(state)
            worth = agent.values(game.observation(state, player), legal)
            assert worth[legal.index(move)] >= max(worth) - tie, (state, move)
            decisions += 1
        states[row] = game.apply(state, move)
        made[row] += 1
    return states, made, rolls, decisions


def _learners_turns(play, games, before, at, budget, seats, rng, agent, game=exxtra, tie=0.0):
    """A turn player ``play`` with learners (``seats``) on a copy of ``games`` (the states
    ``before``; the games ``at`` with moves ``budget``), its moves replayed (`_replayed`),
    none the learner's.
    Returns the batch played, then the states after, the moves per game, the chance moves
    and the decisions."""
    batch = lockstep.copied(games)
    moved, ids = play(batch, at, rng, budget, seats)
    seat = dict(zip(at.tolist(), seats.tolist(), strict=True))

    def not_the_learner(row, state, player):
        assert player != seat[row]

    return batch, *_replayed(before, at, moved, ids, agent, not_the_learner, game, tie)


@pytest.mark.parametrize("kept", ["default", "small", "no-look-ahead"])
def test_the_heuristics_turns_play_each_decision_as_the_scalar_agent(kept, request):
    """`exxtra_heuristic_turns` plays the turns of the games at a decision to their end:
    replayed on the scalar engine, every decision is one the scalar agent values highest,
    every roll is a roll, each game's moves stop where its turn ends (the next player to
    roll, or the end) or its budget runs out, and the batch holds the replayed states; also
    when the plans start afresh in the middle of the turns (a store of 40 positions), and
    with the plans after a double looked up when it comes (none planned ahead)."""
    if kept == "small":
        request.getfixturevalue("small_plans")
    elif kept == "no-look-ahead":
        request.getfixturevalue("no_look_ahead")
    rules = exxtra.Rules(players=4)
    agent = ExxtraHeuristicAgent(seed=0)
    rng = np.random.default_rng(23)
    decisions = budgets_spent = 0
    for step, games in enumerate(positions(exxtra_batch, rules, 32, 90, seed=29)):
        at = np.flatnonzero(exxtra_batch.legal_action_mask(games).any(axis=1))
        if step % 2 or not at.size:
            continue
        batch = lockstep.copied(games)
        budget = rng.integers(1, 8, size=at.size)
        moved, ids = exxtra_heuristic.exxtra_heuristic_turns(batch, at, rng, budget)
        before = exxtra_batch.to_states(games)

        def in_the_turn(row, state, player, before=before):
            assert state.turn == before[row].turn

        states, made, _, decided = _replayed(before, at, moved, ids, agent, in_the_turn)
        decisions += decided
        for k, row in enumerate(at.tolist()):
            assert made[row] <= budget[k]
            if made[row] < budget[k]:  # the turn ended
                assert exxtra.is_terminal(states[row]) or states[row].turn == before[row].turn + 1
            else:
                budgets_spent += 1
        assert exxtra_batch.to_states(batch) == tuple(states)
    assert decisions > 1_000 and budgets_spent > 50


@pytest.mark.parametrize("kept", ["default", "small"])
def test_the_heuristics_turns_play_every_move_up_to_the_learners_turn(kept, request):
    """With ``seats`` (the learner's seat per game), `exxtra_heuristic_turns` plays every
    move of the games, rolls and the other seats' turns one after the other, from a roll or
    a decision: replayed on the scalar engine, each roll is a roll, each decision one the
    scalar agent values highest and never the learner's, and each game's moves stop at its
    learner's decision, the end, or where its budget runs out; the batch holds the
    replayed states; also when the plans start afresh in the middle (a store of 40)."""
    if kept == "small":
        request.getfixturevalue("small_plans")
    rules = exxtra.Rules(players=4)
    agent = ExxtraHeuristicAgent(seed=0)
    rng = np.random.default_rng(37)
    rolls = decisions = learners = budgets_spent = turns = 0
    for step, games in enumerate(positions(exxtra_batch, rules, 32, 90, seed=41)):
        at = np.flatnonzero(~exxtra_batch.is_terminal(games))
        if step % 2 or not at.size:
            continue
        budget = rng.integers(1, 40, size=at.size)
        seats = rng.integers(0, rules.players, size=at.size)
        before = exxtra_batch.to_states(games)
        batch, states, made, rolled, decided = _learners_turns(
            exxtra_heuristic.exxtra_heuristic_turns, games, before, at, budget, seats, rng,
            agent)
        rolls, decisions = rolls + rolled, decisions + decided
        for k, row in enumerate(at.tolist()):
            assert made[row] <= budget[k]
            if made[row] < budget[k]:  # stopped at the learner's decision or the end
                state = states[row]
                assert exxtra.is_terminal(state) or exxtra.current_player(state) == seats[k]
                learners += not exxtra.is_terminal(state)
            else:
                budgets_spent += 1
            turns += states[row].turn - before[row].turn
        assert exxtra_batch.to_states(batch) == tuple(states)
    assert rolls > 1_000 and decisions > 1_000 and learners > 500 and budgets_spent > 50
    assert turns > 1_000


@pytest.mark.parametrize("look_ahead", [True, False], ids=["look-ahead", "no-look-ahead"])
def test_the_heuristics_scalar_rounds_play_as_its_batch_rounds(look_ahead, request,
                                                              monkeypatch):
    """The turn player's rounds on the scalar engine (`_scalar_turns`, for the last games
    still re-rolling) play as its batch rounds: from the same games and generator, every
    round after the first on the scalar engine or none, the same moves in the same order,
    the same games after and the same draws; also where a double's plan is looked up when
    it comes."""
    if not look_ahead:
        request.getfixturevalue("no_look_ahead")
    rules = exxtra.Rules(players=4)
    moves = doubles = 0
    for step, games in enumerate(positions(exxtra_batch, rules, 128, 60, seed=31)):
        at = np.flatnonzero(exxtra_batch.legal_action_mask(games).any(axis=1))
        if step % 3 or not at.size:
            continue
        budget = np.random.default_rng(step).integers(1, 12, size=at.size)
        played = []
        for scalar in (0, 10**6):
            monkeypatch.setattr(exxtra_heuristic, "_SCALAR_TURNS", scalar)
            batch, rng = lockstep.copied(games), np.random.default_rng(step)
            moved, ids = exxtra_heuristic.exxtra_heuristic_turns(batch, at, rng, budget)
            played.append((moved.tolist(), ids.tolist(), exxtra_batch.to_states(batch),
                           rng.bit_generator.state))
        assert played[0] == played[1]
        states = list(exxtra_batch.to_states(games))
        for row, action in zip(played[0][0], played[0][1], strict=True):
            move = exxtra.move_for_action(states[row], action)
            doubles += isinstance(move, exxtra.Roll) and move.a == move.b != exxtra.X
            states[row] = exxtra.apply(states[row], move)
        moves += len(played[0][0])
    assert moves > 2_000 and doubles > 50


# --- references the batch heuristic is held to ------------------------------------------


def _best(values, legal, tie, rng):
    """The heuristic's choice written plainly: per row a legal column of highest value
    (within ``tie``), each such column equally likely (one uniform double per row); -1 in
    rows with no legal column."""
    return _pick(values, legal, tie, rng.random(len(values)))


def _pick(values, legal, tie, uniforms):
    """`_best` with the rows' uniform doubles given."""
    worth = np.where(legal, values, -np.inf)
    near = legal & (worth >= worth.max(axis=1, keepdims=True) - tie)
    running = near.cumsum(axis=1, dtype=np.int16)
    pick = (uniforms * running[:, -1]).astype(np.int16)
    chosen = (running > pick[:, None]).argmax(axis=1)
    return np.where(running[:, -1] > 0, chosen, -1)


def _scalar_rerolls(batch, rows, me, legal):
    """`exxtra_heuristic._reroll_values` of the games ``rows`` by the scalar agent's own
    `reroll_worth`, game by game (``me`` and ``legal`` of those games): the reference the
    numpy values are held to."""
    players = batch.rules.players
    out = np.empty(rows.size)
    for k, row in enumerate(rows.tolist()):
        counters = tuple(batch.counters[:, row].tolist())
        ladder = tuple(None if rung < 0 else (rung, pair) for rung, pair in
                       zip(batch.rungs[:, row].tolist(), batch.pairs[:, row].tolist(),
                           strict=True))
        rungs = tuple(r for r in range(RUNGS) if legal[k, 1 + r])
        out[k] = reroll_worth(players, counters, ladder, int(me[k]), rungs)
    return out


@pytest.mark.parametrize("rules", [
    verflixxt.Rules.classic(players=2), verflixxt.Rules.amigo(players=3),
    verflixxt.Rules(players=3, tactical_cards=True, hidden_tiles=True, layout="random"),
], ids=["classic-2", "amigo-3", "cards-face-down-3"])
def test_the_greedy_turns_play_every_move_up_to_the_learners_turn(rules):
    """`verflixxt_greedy_turns` plays every move of the games but their learner's, chance
    (rolls, the shuffled track's lays) and the other seats' decisions: replayed on the
    scalar engine, each decision is one the scalar agent values highest (within `TIE`)
    and never the learner's; each game's moves stop at its learner's decision, the end,
    where its budget runs out, or, once few are left after a round, at another seat's
    decision (never at chance); the games not asked for do not move; the batch holds
    the replayed states."""
    agent = VerflixxtGreedyAgent(seed=0)
    rng = np.random.default_rng(43)
    rolls = decisions = learners = budgets_spent = left_over = 0
    for step, games in enumerate(positions(verflixxt_batch, rules, 40, 120, seed=47)):
        live = np.flatnonzero(~verflixxt_batch.is_terminal(games))
        at = live[rng.random(live.size) < 0.9]
        if step % 3 or not at.size:
            continue
        budget = rng.integers(1, 30, size=at.size)
        seats = rng.integers(0, rules.players, size=at.size)
        batch, states, made, rolled, decided = _learners_turns(
            verflixxt_greedy.verflixxt_greedy_turns, games, verflixxt_batch.to_states(games),
            at, budget, seats, rng, agent, verflixxt, TIE)
        rolls, decisions = rolls + rolled, decisions + decided
        others = 0
        for k, row in enumerate(at.tolist()):
            assert made[row] <= budget[k]
            if made[row] < budget[k]:
                state = states[row]
                player = verflixxt.current_player(state)
                assert player != CHANCE
                learners += player == seats[k]
                others += player not in (seats[k], TERMINAL)
            else:
                budgets_spent += 1
        assert others <= max(verflixxt_greedy.FEW, len(games) // 8)
        left_over += others
        assert verflixxt_batch.to_states(batch) == tuple(states)
    assert rolls > 500 or rules.tactical_cards  # no die under VXV-9
    assert decisions > 500 and learners > 500 and budgets_spent > 50 and left_over > 0


def test_the_greedy_turns_lay_a_shuffled_track_then_play_on():
    """From the setup of a shuffled track (VX-SETUP-2, a chance node per tile: the batch's
    own new games come laid), `verflixxt_greedy_turns` lays every tile by the tiles left
    in the box, then rolls and plays the other seats up to the learners' turns."""
    rules = verflixxt.Rules.amigo(players=3)
    games = verflixxt_batch.from_states([verflixxt.initial_state(rules)] * 30)
    batch = lockstep.copied(games)
    at = np.arange(2, 30)
    seats = at % 3
    moved, ids = verflixxt_greedy.verflixxt_greedy_turns(
        batch, at, np.random.default_rng(5), np.full(at.size, 200), seats)
    states, made, chance, _ = _replayed(verflixxt_batch.to_states(games), at, moved, ids,
                                        VerflixxtGreedyAgent(seed=0), lambda *_: None,
                                        verflixxt, TIE)
    assert verflixxt_batch.to_states(batch) == tuple(states)
    assert chance > 28 * verflixxt_batch.shape(rules).tower and made.keys() == set(at.tolist())
    to_move = verflixxt_batch.current_player(batch)[at]
    assert (to_move >= 0).all() and (to_move == seats).sum() > 20
    assert (batch.phase[:2] == games.phase[:2]).all()  # not asked for: as they were
