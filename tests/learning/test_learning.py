"""Learning a value by self-play: chunks of games drawn from their own seeds, TD(λ)
targets, the fit, rounds that resume where they stopped, and the same value from the same
arguments on every executor (this process, a process pool, a Dask cluster)."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import attrs
import numpy as np
import pytest

from amigo_rules import exxtra, verflixxt, verflixxt_hoch
from amigo_rules.agents.features import FEATURES
from amigo_rules.agents.model import ValueModel, softmax, standardising, to_json
from amigo_rules.core import ArgumentError, RulesError
from amigo_rules.learning import Fit, Settings, learn
from amigo_rules.learning.fit import _gradients, cross_entropy, fit, fresh
from amigo_rules.learning.selfplay import Task, play

CLASSIC = verflixxt.Rules.classic(players=3)
FOUR = exxtra.Rules(players=4)
TINY = Settings(hidden=4, chunk=6, evaluate=6, keep=0.5, fit=Fit(epochs=2, batch=256))


@pytest.fixture(scope="module")
def model():
    return learn("exxtra", games=12, rounds=1, rules=[FOUR], settings=TINY)


def test_a_chunk_depends_on_its_seed_and_key_alone(model):
    task = Task("exxtra", FOUR, 10, 5, (1, 0, 3), model=model, lam=0.5, keep=0.4,
                epsilon=0.1)
    first, again = play(task), play(task)
    for name in ("features", "targets", "outcomes"):
        assert np.array_equal(getattr(first, name), getattr(again, name))
    assert (first.games, first.steps) == (again.games, again.steps) == (10, first.steps)
    other = play(attrs.evolve(task, key=(1, 0, 4)))
    assert other.steps != first.steps or not np.array_equal(other.targets, first.targets)
    assert first.features.shape[1:] == (4, len(FEATURES["exxtra"]))
    assert len(first.features) == len(first.targets) == len(first.outcomes) > 0


def test_monte_carlo_targets_are_the_results():
    chunk = play(Task("verflixxt", CLASSIC, 4, 1, (0, 0, 0), opponent="greedy", keep=0.5))
    assert np.array_equal(chunk.targets, chunk.outcomes)
    assert np.allclose(chunk.outcomes.sum(axis=1), 1)
    assert chunk.share == 0 and chunk.games == 4


def test_td_targets_mix_the_values_estimates_with_the_result(model):
    # with λ = 0 a position's target is the value's estimate of the position after it:
    # keeping every position, each target but a game's last is the next kept estimate
    task = Task("exxtra", FOUR, 1, 2, (0, 0, 1), model=model, lam=0.0, keep=1.0)
    chunk = play(task)
    estimates = model.shares(chunk.features.astype(np.float64))
    assert np.allclose(chunk.targets[:-1], estimates[1:], atol=1e-6)
    assert np.array_equal(chunk.targets[-1], chunk.outcomes[-1])
    halfway = play(attrs.evolve(task, lam=0.5))
    assert np.allclose(halfway.targets[:-1], 0.5 * estimates[1:] + 0.5 * halfway.targets[1:],
                       atol=1e-5)


def test_evaluation_games_count_the_values_seat(model):
    chunk = play(Task("exxtra", FOUR, 8, 3, (2, 1, 0), model=model, opponent="heuristic"))
    assert chunk.games == 8 and 0 <= chunk.share <= 8
    assert len(chunk.features) == 0


def test_the_gradients_are_the_cross_entropys():
    rng = np.random.default_rng(0)
    width = len(FEATURES["exxtra"])
    model = fresh("exxtra", FEATURES["exxtra"], rng.normal(size=(50, 3, width)), 5, rng)
    model = attrs.evolve(model, linear=rng.normal(size=width), out=rng.normal(size=5))
    z = rng.normal(size=(7, 3, width))
    targets = softmax(rng.normal(size=(7, 3)))
    params = [model.linear, model.hidden, model.bias, model.out]
    grads = _gradients(params, z, targets)

    def loss(ps):
        m = attrs.evolve(model, linear=ps[0], hidden=ps[1], bias=ps[2], out=ps[3],
                         mean=np.zeros(width), scale=np.ones(width))
        return cross_entropy(m, z, targets)

    for k, (p, g) in enumerate(zip(params, grads, strict=True)):
        index = tuple(rng.integers(n) for n in p.shape)
        bumped = [q.copy() for q in params]
        bumped[k][index] += 1e-6
        assert (loss(bumped) - loss(params)) / 1e-6 == pytest.approx(g[index], abs=1e-4)


def test_a_fit_recovers_a_linear_value():
    rng = np.random.default_rng(1)
    names = FEATURES["exxtra"]
    features = rng.normal(size=(4000, 4, len(names)))
    truth = rng.normal(size=len(names))
    targets = softmax(features @ truth)
    start = fresh("exxtra", names, features, 0, rng)
    fitted = fit(start, features, targets, Fit(epochs=30, batch=500, rate=0.05), rng)
    assert cross_entropy(fitted, features, targets) < cross_entropy(start, features, targets)
    assert np.allclose(fitted.linear / fitted.scale, truth, atol=0.05)


def test_a_stopped_run_resumes_to_the_same_value(tmp_path):
    whole = learn("exxtra", games=12, rounds=2, seed=3, rules=[FOUR], settings=TINY,
                  out=tmp_path / "whole.json")
    stages = []

    def stop(stage, done, total):
        stages.append(stage)
        if stage == "round 1: games" and done == 1:
            raise KeyboardInterrupt

    out = tmp_path / "resumed.json"
    with pytest.raises(KeyboardInterrupt):
        learn("exxtra", games=12, rounds=2, seed=3, rules=[FOUR], settings=TINY, out=out,
              progress=stop)
    assert not out.exists() and (tmp_path / "resumed.json.work" / "round-0").is_dir()
    resumed = learn("exxtra", games=12, rounds=2, seed=3, rules=[FOUR], settings=TINY,
                    out=out, progress=stages.append and None)
    assert to_json(resumed) == to_json(whole) == out.read_text()
    assert [e["round"] for e in resumed.training["curve"]] == [0, 1]
    assert resumed.training["curve"][1]["games"] == 12
    with pytest.raises(RulesError, match="holds the work of another run"):
        learn("exxtra", games=12, rounds=2, seed=4, rules=[FOUR], settings=TINY, out=out)


def test_a_run_begun_before_a_setting_existed_resumes_at_its_default(tmp_path):
    """A work directory whose ``run.json`` lacks a setting added since (it played by the
    default) goes on; one that lacks it while the run asks for another value, or holds no
    such document, is another run's."""
    out = tmp_path / "value.json"
    first = learn("exxtra", games=4, rounds=1, seed=2, rules=[FOUR], settings=TINY, out=out)
    marker = tmp_path / "value.json.work" / "run.json"
    run = json.loads(marker.read_text())
    del run["settings"]["turn"], run["settings"]["dice"]
    marker.write_text(json.dumps(run))
    again = learn("exxtra", games=4, rounds=1, seed=2, rules=[FOUR], settings=TINY, out=out)
    assert to_json(again) == to_json(first)
    with pytest.raises(RulesError, match="holds the work of another run"):
        learn("exxtra", games=4, rounds=1, seed=2, rules=[FOUR],
              settings=attrs.evolve(TINY, dice=True), out=out)
    for hostile in ("{not json", "[" * 100_000 + "]" * 100_000):  # nested past the stack
        marker.write_text(hostile)
        with pytest.raises(RulesError, match="holds the work of another run"):
            learn("exxtra", games=4, rounds=1, seed=2, rules=[FOUR], settings=TINY, out=out)


def test_every_executor_learns_the_same_value(tmp_path):
    distributed = pytest.importorskip("distributed")
    options = {"games": 12, "rounds": 2, "seed": 9, "rules": [CLASSIC],
               "settings": attrs.evolve(TINY, chunk=3)}
    alone = to_json(learn("verflixxt", **options))
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        pooled = to_json(learn("verflixxt", executor=pool, **options))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        clustered = to_json(learn("verflixxt", executor=client.get_executor(), **options))
    assert pooled == alone == clustered


@pytest.mark.parametrize(("arguments", "error", "message"), [
    ({"game": "chess"}, RulesError, "unknown game .chess."),
    ({"games": 2, "rounds": 3}, RulesError, "at least rounds"),
    ({"games": 0}, RulesError, "games must be at least 1"),
    ({"settings": Settings(lam=2.0)}, RulesError, "lam, epsilon and against"),
    ({"settings": Settings(chunk=0)}, RulesError, "chunk and window at least 1"),
    ({"settings": Settings(window=0)}, RulesError, "chunk and window at least 1"),
    ({"settings": {"hidden": 3}}, ArgumentError, "settings must be Settings"),
    ({"executor": "pool"}, ArgumentError, "executor must be"),
    ({"rules": [CLASSIC]}, RulesError, "exxtra's Rules"),
])
def test_bad_arguments_are_refused(arguments, error, message):
    options = {"game": "exxtra", "games": 4, "rounds": 1, **arguments}
    with pytest.raises(error, match=message):
        learn(options.pop("game"), **options)


def test_a_model_is_a_value_model(model):
    assert isinstance(model, ValueModel) and model.game == "exxtra"
    assert model.training["curve"][0]["evaluation_games"] == 6


def test_a_share_of_self_play_games_is_played_against_the_baselines(monkeypatch):
    import amigo_rules.learning.rounds as rounds

    seen = []

    def recording(task):
        seen.append(task)
        return play(task)

    monkeypatch.setattr(rounds, "play", recording)
    learn("exxtra", games=16, rounds=2, rules=[FOUR],
          settings=attrs.evolve(TINY, chunk=2, evaluate=0, against=0.5))
    second = [t for t in seen if t.key[0] == 1]
    assert [t.opponent for t in second] == [None, "heuristic"] * 2
    assert all(t.model is not None for t in second)
    assert all(t.opponent == "heuristic" and t.model is None for t in seen if t.key[0] == 0)


def test_against_the_baselines_the_values_own_seat_is_the_one_that_sees(model, monkeypatch):
    # the value plays seat i % players of game i: its positions are learned as that seat
    # sees them, since what is learned is the chance of the seat that plays by the value
    from amigo_rules.agents.value import BATCH

    engine = BATCH["exxtra"]
    viewers = []

    def observing(games, viewer):
        viewers.append(np.asarray(viewer).copy())
        return observation_array(games, viewer)

    observation_array = engine.observation_array
    monkeypatch.setattr(engine, "observation_array", observing)
    task = Task("exxtra", FOUR, 8, 4, (1, 0, 0), model=model, opponent="heuristic", keep=1.0)
    play(task)
    assert np.array_equal(viewers[0], np.arange(8) % 4)  # every game is live at the start
    viewers.clear()
    play(attrs.evolve(task, opponent=None))  # self-play: each game's viewer drawn at random
    assert not np.array_equal(viewers[0], np.arange(8) % 4)
    assert set(viewers[0]) <= set(range(4))


def test_a_round_fits_the_games_of_its_window_from_a_fresh_start(monkeypatch):
    import amigo_rules.learning.rounds as rounds

    played, fits = [], []

    def recording(task):
        chunk = play(task)
        played.append((task.key, len(chunk.features)))
        return chunk

    def fitting(start, features, targets, settings, rng, progress=None):
        fits.append((start, len(features)))
        return fit(start, features, targets, settings, rng, progress)

    monkeypatch.setattr(rounds, "play", recording)
    monkeypatch.setattr(rounds, "fit", fitting)
    learn("exxtra", games=18, rounds=3, rules=[FOUR],
          settings=attrs.evolve(TINY, chunk=2, evaluate=0, window=2, restart=True))
    kept = {key: size for key, size in played}

    def positions(round_, held=True):
        # the last chunk of a round (index 2) is held out of its own round's fit
        return sum(kept[(round_, 0, i)] for i in range(3 - held))

    assert [size for _, size in fits] == [
        positions(0), positions(0, held=False) + positions(1),
        positions(1, held=False) + positions(2)]
    # each fit starts afresh: its hidden units' output weights are zero
    assert all(start.out is not None and not start.out.any() for start, _ in fits)
    monkeypatch.setattr(rounds, "fit", fitting)
    fits.clear()
    learn("exxtra", games=12, rounds=2, rules=[FOUR],
          settings=attrs.evolve(TINY, chunk=2, evaluate=0))
    assert fits[1][0].out.any()  # without restart, round 1 goes on from round 0's model


def test_the_value_can_play_its_whole_turn_and_the_dice_in_self_play_and_evaluation(
        monkeypatch):
    import amigo_rules.learning.rounds as rounds
    import amigo_rules.learning.selfplay as selfplay

    seen, turns = [], []

    def recording(task):
        seen.append(task)
        return play(task)

    def one_ply(*args, turn=False, dice=False, **kwargs):
        turns.append((turn, dice))  # recorded; played without the dice, which cost seconds
        return selfplay_one_ply(*args, turn=turn, **kwargs)

    selfplay_one_ply = selfplay.one_ply
    monkeypatch.setattr(rounds, "play", recording)
    monkeypatch.setattr(selfplay, "one_ply", one_ply)
    hoch = verflixxt_hoch.Rules(players=3)
    learn("verflixxt_hoch", games=2, rounds=2, rules=[hoch],
          settings=attrs.evolve(TINY, chunk=1, evaluate=1, turn=True, dice=True))
    valued = [t for t in seen if t.model is not None]
    assert {t.key[:2] for t in valued} == {(1, 0), (1 << 20, 1)}  # self-play, evaluation
    assert all(t.turn and t.dice for t in valued)
    assert turns and all(turn == (True, True) for turn in turns)


def test_standardising_sums_in_parts_to_numpys_bits():
    """The mean and scale, summed a few rows at a time (millions of positions do not fit as
    float64), are numpy's of the whole array to the last bit (the range is wide enough
    that adding up each part's sum instead would differ); a constant feature gets 1."""
    rng = np.random.default_rng(5)
    features = (rng.standard_normal((101, 3, 5))
                * np.exp(rng.uniform(-30, 30, (101, 3, 5)))).astype(np.float32)
    features[..., 2] = 7.0
    flat = features.reshape(-1, 5).astype(np.float64)
    mean, scale = standardising(features, rows=7)
    assert np.array_equal(mean, flat.mean(axis=0))
    assert np.array_equal(scale, np.where(flat.std(axis=0) > 1e-9, flat.std(axis=0), 1.0))
    assert scale[2] == 1.0
