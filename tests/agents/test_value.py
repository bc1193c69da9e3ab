"""The learned values: their weights files (exact round trips, every broken or foreign file
refused with `WeightsError`), their shares, the one-ply agent (the scalar agent and the
batch policy are one computation; expectimax over the dice), the registry names and the
search's learned evaluation."""

from __future__ import annotations

import json
import math

import attrs
import numpy as np
import pytest
from test_playouts import decisions

from amigo_rules import AmigoRulesError, exxtra, play, verflixxt, verflixxt_hoch
from amigo_rules.agents import MCTSAgent, make_agent
from amigo_rules.agents.features import FEATURES
from amigo_rules.agents.model import FORMAT, LIMIT, from_json, read, to_json, write
from amigo_rules.agents.playouts import evaluation_for, prior_for
from amigo_rules.agents.value import (
    BATCH,
    LearnedValue,
    ValueAgent,
    load,
    looked_ahead,
    move_values,
    one_ply,
    shipped,
)
from amigo_rules.batch import lockstep
from amigo_rules.core import RulesError, WeightsError
from amigo_rules.learning import Fit, Settings, learn

GAMES = {
    "verflixxt": verflixxt.Rules.classic(players=4),
    "verflixxt_hoch": verflixxt_hoch.Rules(players=3),
    "exxtra": exxtra.Rules(players=4),
}
MODULES = {"verflixxt": verflixxt, "verflixxt_hoch": verflixxt_hoch, "exxtra": exxtra}


@pytest.fixture(scope="module")
def models():
    """A small model per game, learned from a few games in seconds."""
    return {game: learn(game, games=8, rounds=1, rules=[rules],
                        settings=Settings(hidden=4, chunk=8, evaluate=0, fit=Fit(epochs=1)))
            for game, rules in GAMES.items()}


@pytest.mark.parametrize("game", GAMES)
def test_a_model_round_trips_exactly(models, game, tmp_path):
    model = models[game]
    assert model.kind == "mlp" and model.features == FEATURES[game]
    path = tmp_path / "value.json"
    write(model, path)
    again = read(path, game)
    assert to_json(again) == to_json(model) == path.read_text()
    x = np.random.default_rng(0).normal(size=(5, 3, len(model.features)))
    assert np.array_equal(again.shares(x), model.shares(x))
    assert np.allclose(model.shares(x).sum(axis=1), 1)
    linear = attrs.evolve(model, hidden=None, bias=None, out=None)
    assert from_json(to_json(linear)).kind == "linear"


def test_the_shipped_values_load_and_their_files_are_small():
    for game in GAMES:
        value = shipped(game)
        assert value.model.game == game
        assert value.model.features == FEATURES[game][: len(value.model.features)]
        assert len(to_json(value.model)) < 1_000_000
        assert value.model.training["games"] >= 10_000


def document(model, change):
    data = json.loads(to_json(model))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="other"), "not a learned value's weights"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d["features"].reverse(), "not this version's features of exxtra"),
    (lambda d: d["features"].pop(0), "not this version's features of exxtra"),
    (lambda d: d["features"].append("viewer"), "not this version's features of exxtra"),
    (lambda d: d.update(features=[]), "not this version's features of exxtra"),
    (lambda d: d.update(features="counter"), "not this version's features of exxtra"),
    (lambda d: d["linear"].pop(), r"linear must have the shape \(20,\)"),
    (lambda d: d["mean"].__setitem__(0, "x"), "mean must be numbers"),
    (lambda d: d["scale"].__setitem__(0, 0.0), "scale must be positive"),
    (lambda d: d["hidden"].__setitem__(0, [math.inf] * 4), "hidden must be finite"),
    (lambda d: d.update(hidden=[1, 2]), "hidden must be a matrix"),
    (lambda d: d.pop("bias"), "bias must have the shape"),
    (lambda d: d.update(training=[]), "training must be an object"),
])
def test_a_broken_weights_document_is_refused(models, change, message):
    with pytest.raises(WeightsError, match=message) as caught:
        from_json(document(models["exxtra"], change), source="mine.json")
    assert str(caught.value).startswith("mine.json: ")
    assert isinstance(caught.value, AmigoRulesError)


def test_a_value_learned_before_the_last_features_reads_the_leading_ones(models):
    # features are only appended (``viewer`` came last): an older file names the leading
    # ones, its numbers have their shape, and it values positions by those columns alone
    model = models["exxtra"]
    older = json.loads(to_json(model))
    width = len(FEATURES["exxtra"]) - 1
    older["features"] = older["features"][:width]
    for key in ("mean", "scale", "linear"):
        older[key] = older[key][:width]
    older["hidden"] = older["hidden"][:width]
    loaded = from_json(json.dumps(older), "exxtra")
    assert loaded.features == FEATURES["exxtra"][:width]
    x = np.random.default_rng(1).normal(size=(6, 4, width + 1))
    changed = x.copy()
    changed[..., width] += 5  # the column it does not know changes nothing
    assert np.array_equal(loaded.shares(x), loaded.shares(changed))
    assert np.array_equal(loaded.shares(x), loaded.shares(x[..., :width].copy()))
    assert not np.array_equal(model.shares(x), model.shares(changed))
    with pytest.raises(WeightsError, match=r"linear must have the shape \(19,\)"):
        from_json(json.dumps({**older, "linear": model.linear.tolist()}))


def test_a_foreign_corrupt_or_missing_file_is_refused(models, tmp_path):
    path = tmp_path / "value.json"
    write(models["exxtra"], path)
    with pytest.raises(WeightsError, match="weights for exxtra, not verflixxt"):
        load(path, "verflixxt")
    with pytest.raises(WeightsError, match="not a JSON document"):
        from_json(b"\x89PNG\r\n")
    path.write_text(path.read_text()[:100])
    with pytest.raises(WeightsError, match=f"{path}: not a JSON document"):
        read(path)
    with pytest.raises(WeightsError, match="cannot be read"):
        read(tmp_path / "missing.json")
    with pytest.raises(WeightsError, match="cannot be read") as caught:  # a hostile name
        read(tmp_path / "\x1b]0;x\x07\u202eevil.json")
    assert "\\x1b]0;x\\x07\\u202eevil.json: cannot be read" in str(caught.value)
    assert not any(c in str(caught.value) for c in "\x1b\x07\u202e")
    path.write_bytes(b" " * (LIMIT + 1))
    with pytest.raises(WeightsError, match="larger than"):
        read(path)
    assert FORMAT in to_json(models["exxtra"])


@pytest.mark.parametrize("game", GAMES)
def test_values_are_shares_seen_by_a_seat(models, game):
    value = LearnedValue(models[game])
    module = MODULES[game]
    for state in decisions(module, GAMES[game], seed=1, every=6):
        shares = value(state)
        assert len(shares) == GAMES[game].players and sum(shares) == pytest.approx(1)
        assert all(0 < s < 1 for s in shares)
        seat = module.current_player(state)
        assert value.of_observation(module.observation(state, seat)) == shares


def test_a_finished_game_is_valued_by_its_result(models):
    record = play("exxtra", [make_agent("heuristic", "exxtra", seed=p) for p in range(4)],
                  GAMES["exxtra"], seed=2)
    value = LearnedValue(models["exxtra"])
    assert value(record.final_state) == exxtra.returns(record.final_state)
    engine = BATCH["exxtra"]
    assert value.of_batch(engine.from_states([record.final_state])).tolist() == [
        list(exxtra.returns(record.final_state))]


@pytest.mark.parametrize("game", GAMES)
def test_the_agent_plays_the_batch_policys_values(models, game):
    # the scalar agent values each legal move as the batch engine values its id
    module, value = MODULES[game], LearnedValue(models[game])
    agent = ValueAgent(seed=0, weights=models[game])
    engine = value.engine
    checked = 0
    for state in decisions(module, GAMES[game], seed=2, every=4):
        seat = module.current_player(state)
        legal = module.legal_moves(state)
        mine = agent.values(module.observation(state, seat), legal)
        batch = move_values(value, engine.from_states([state]))[0]
        ids = [module.action_id(state, m) for m in legal]
        assert mine == pytest.approx(batch[ids].tolist())
        assert np.isnan(np.delete(batch, ids)).all()
        expected = [value(module.apply(state, m), seat)[seat] for m in legal]
        assert mine == pytest.approx(expected)
        checked += 1
    assert checked > 5


def test_expectimax_over_the_dice_averages_each_roll(models):
    value = LearnedValue(models["verflixxt"])
    agent = ValueAgent(seed=0, weights=value, dice=True)
    state = next(iter(decisions(verflixxt, GAMES["verflixxt"], seed=3, every=5)))
    seat = verflixxt.current_player(state)
    legal = verflixxt.legal_moves(state)
    expected = []
    for move in legal:
        after = verflixxt.apply(state, move)
        outcomes = verflixxt.chance_outcomes(after)
        expected.append(sum(float(p) * value(verflixxt.apply(after, roll), seat)[seat]
                            for roll, p in outcomes) if outcomes else value(after)[seat])
    assert agent.values(verflixxt.observation(state, seat), legal) == pytest.approx(expected)


def test_looking_no_decision_ahead_is_the_expectimax_over_the_dice(models):
    value = LearnedValue(models["verflixxt"])
    engine = value.engine
    for state in decisions(verflixxt, GAMES["verflixxt"], seed=4, every=7):
        seat = verflixxt.current_player(state)
        games = engine.from_states([state])
        ids = np.flatnonzero(engine.legal_action_mask(games)[0])
        after = engine.step(lockstep.rows_of(games, np.zeros(ids.size, np.intp)), ids)
        assert looked_ahead(value, after, seat, 0, np.random.default_rng(0)).tolist() == (
            pytest.approx(move_values(value, games, dice=True)[0, ids].tolist()))


def shares_ahead(value, state, viewer, ahead):
    """``viewer``'s expected share ``ahead`` decisions after ``state``, on the scalar engine:
    every roll followed, every decision the mover's best by ``value`` (None on a tie)."""
    if verflixxt.is_terminal(state):
        return verflixxt.returns(state)[viewer]
    outcomes = verflixxt.chance_outcomes(state)
    if outcomes:
        parts = [shares_ahead(value, verflixxt.apply(state, roll), viewer, ahead)
                 for roll, _ in outcomes]
        if None in parts:
            return None
        return sum(float(p) * part for (_, p), part in zip(outcomes, parts, strict=True))
    if ahead == 0:
        return value(state, viewer)[viewer]
    mover = verflixxt.current_player(state)
    after = [verflixxt.apply(state, move) for move in verflixxt.legal_moves(state)]
    worth = [value(a, mover)[mover] for a in after]
    best = sorted(worth, reverse=True)
    if len(best) > 1 and best[0] - best[1] < 1e-6:
        return None
    return shares_ahead(value, after[worth.index(best[0])], viewer, ahead - 1)


def test_looking_ahead_follows_the_dice_and_the_next_decisions(models):
    """``value:2``: each move's share after every roll and the next two decisions (each
    the mover's best by the value one ply deep), computed again on the scalar engine."""
    value = LearnedValue(models["verflixxt"])
    agent = ValueAgent(seed=0, weights=value, ahead=2)
    checked = 0
    for state in decisions(verflixxt, GAMES["verflixxt"], seed=5, every=9):
        seat = verflixxt.current_player(state)
        legal = verflixxt.legal_moves(state)
        expected = [shares_ahead(value, verflixxt.apply(state, m), seat, 2) for m in legal]
        if None in expected:  # a tie: the agent's generator decides it
            continue
        assert agent.values(verflixxt.observation(state, seat), legal) == pytest.approx(
            expected)
        checked += 1
    assert checked >= 5


def whole_turn(value, state, mover):
    """``mover``'s share after ``state`` with the rest of its turn played best by ``value``,
    on the scalar engine: while ``mover`` decides again, the best of its next moves."""
    if verflixxt_hoch.current_player(state) != mover:
        return value(state, mover)[mover]
    return max(whole_turn(value, verflixxt_hoch.apply(state, move), mover)
               for move in verflixxt_hoch.legal_moves(state))


def test_a_whole_turn_is_one_ply(models):
    """``value:turn``: a hoch² move after which the mover plays again (the double move,
    HO-TURN-3) is worth the best of the mover's next moves; other moves their one-ply
    value."""
    value = LearnedValue(models["verflixxt_hoch"])
    agent = ValueAgent(seed=0, weights=value, turn=True)
    plain = ValueAgent(seed=0, weights=value)
    doubles = 0
    for state in decisions(verflixxt_hoch, GAMES["verflixxt_hoch"], seed=6, every=3):
        seat = verflixxt_hoch.current_player(state)
        legal = verflixxt_hoch.legal_moves(state)
        after = [verflixxt_hoch.apply(state, move) for move in legal]
        again = [verflixxt_hoch.current_player(a) == seat for a in after]
        # the agent samples the hands it cannot see; they change neither value
        observation = verflixxt_hoch.observation(state, seat)
        mine = agent.values(observation, legal)
        assert mine == pytest.approx([whole_turn(value, a, seat) for a in after])
        one = plain.values(observation, legal)
        assert [m for m, a in zip(mine, again, strict=True) if not a] == pytest.approx(
            [o for o, a in zip(one, again, strict=True) if not a])
        doubles += any(again) and mine != pytest.approx(one)
    assert doubles >= 3


def test_in_verflixxt_and_exxtra_every_decision_ends_a_ply(models):
    for game in ("verflixxt", "exxtra"):
        value = LearnedValue(models[game])
        for state in decisions(MODULES[game], GAMES[game], seed=7, every=6):
            games = value.engine.from_states([state])
            assert np.array_equal(move_values(value, games, turn=True),
                                  move_values(value, games), equal_nan=True)


def test_the_batch_policy_plays_best_moves_and_explores(models):
    value = LearnedValue(models["exxtra"])
    engine = value.engine
    games = engine.new_games(GAMES["exxtra"], 64)
    games = engine.step(games, engine.sample_chance(games, np.random.default_rng(0)))
    values = move_values(value, games)
    chosen = one_ply(value, games, np.random.default_rng(1))
    assert (values[np.arange(64), chosen] >= np.nanmax(values, axis=1) - 1e-9).all()
    explored = one_ply(value, games, np.random.default_rng(1), epsilon=1.0)
    assert (~np.isnan(values[np.arange(64), explored])).all()
    assert (explored != chosen).any()
    waiting = engine.new_games(GAMES["exxtra"], 3)  # every game rolls first: no decision
    assert one_ply(value, waiting, np.random.default_rng(0)).tolist() == [-1, -1, -1]


@pytest.mark.parametrize("game", GAMES)
def test_the_registry_builds_value_agents_that_play_a_game(models, game, tmp_path):
    path = tmp_path / "mine.json"
    write(models[game], path)
    rules = GAMES[game]
    agents = [make_agent(f"value:{path}", game, seed=0),
              make_agent(f"value:dice:{path}", game, seed=1),
              *[make_agent("random", game, seed=p) for p in range(rules.players - 2)]]
    assert agents[1].dice and agents[0].weights == str(path)
    assert make_agent(f"value:turn:{path}", game).turn
    record = play(game, agents, rules, seed=1, max_moves=3000)
    assert len(record.moves) > 10
    ahead = make_agent(f"value:1:{path}", game, seed=2)
    assert (ahead.ahead, ahead.dice) == (1, True)
    record = play(game, [ahead, *[make_agent("random", game, seed=p)
                                  for p in range(rules.players - 1)]], rules, seed=2,
                  max_moves=3000)
    assert len(record.moves) > 10


def test_bad_value_agent_names_and_arguments_are_refused():
    with pytest.raises(RulesError, match="bad parameters for agent 'value'"):
        make_agent("value:deep", "verflixxt")
    with pytest.raises(WeightsError, match="cannot be read"):
        ValueAgent(weights="nowhere.json").value_of(verflixxt)
    with pytest.raises(AmigoRulesError, match="dice must be True or False"):
        ValueAgent(dice="yes")
    with pytest.raises(AmigoRulesError, match="turn must be True or False"):
        ValueAgent(turn=1)
    with pytest.raises(AmigoRulesError, match="turn and ahead exclude each other"):
        ValueAgent(turn=True, ahead=1)
    for ahead in (-1, 5, True, 1.0):
        with pytest.raises(AmigoRulesError, match="ahead must be a whole number from 0 to 4"):
            ValueAgent(ahead=ahead)
    for name in ("value:5", "value:1:2", "value:-1", "value:turn:1"):
        with pytest.raises(RulesError, match="bad parameters for agent 'value'"):
            make_agent(name, "verflixxt")


def test_the_search_takes_the_learned_evaluation(models):
    assert evaluation_for(exxtra, kind="learned") is shipped("exxtra")
    agent = make_agent("mcts:30:default:2:default:default:learned", "verflixxt", seed=0)
    assert agent.evaluation == "learned"
    state = next(iter(decisions(verflixxt, GAMES["verflixxt"], seed=3, every=5)))
    seat = verflixxt.current_player(state)
    move = agent.act(verflixxt.observation(state, seat), verflixxt.legal_moves(state))
    assert move in verflixxt.legal_moves(state)
    prior = prior_for(exxtra, "learned")
    value = shipped("exxtra")
    for state in decisions(exxtra, GAMES["exxtra"], seed=4, every=3):
        moves = exxtra.legal_moves(state)
        ranks = prior(state, moves)
        values = value.move_values(state, moves)
        me = exxtra.current_player(state)
        assert values == [value(exxtra.apply(state, m), me)[me] for m in moves]
        assert ranks[values.index(max(values))] == 1 and min(ranks) == 0
    searched = make_agent("mcts:30:default:0:default:1:learned", "exxtra", seed=0)
    assert searched.act(exxtra.observation(state, me), moves) in moves
    with pytest.raises(RulesError, match="evaluation must be one of"):
        MCTSAgent(evaluation="deep")
    with pytest.raises(RulesError, match="evaluation must be one of"):
        evaluation_for(exxtra, kind="deep")
