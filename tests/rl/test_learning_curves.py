"""The learning-curve files of ``benchmarks/rl.py`` (``benchmarks/results/rl-*.json``) and
their picture on the reinforcement-learning page: the picture hook reads them strictly,
draws them with matplotlib, and the page's results table says what the files hold; the
training's reward shaping (``train --shaping``) counts the game's own rewards; the speed
benchmark's random actions are legal and uniform."""

from __future__ import annotations

import copy
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("verflixxt", "exxtra")


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def hook() -> ModuleType:
    return load("pictures_hook", ROOT / "docs" / "hooks" / "pictures.py")


@pytest.fixture(scope="module")
def rl() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return load("rl_benchmark", ROOT / "benchmarks" / "rl.py")
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


@pytest.mark.parametrize("width", [5, 8, 4270])
def test_the_speed_benchmarks_random_actions_are_legal_and_uniform(rl, width):
    """``random_legal`` draws each row's action among its legal ids only, each as often
    (rows of one to all legal ids, widths that leave the words of 8 bytes uneven)."""
    rng = np.random.default_rng(3)
    masks = rng.random((40, width)) < 0.3
    masks[np.arange(40), rng.integers(width, size=40)] = True
    masks[0] = False
    masks[0, width - 1] = True
    masks[1] = True
    counts = np.zeros(masks.shape)
    for _ in range(600):
        actions = rl.random_legal(masks, rng)
        assert masks[np.arange(len(masks)), actions].all()
        counts[np.arange(len(masks)), actions] += 1
    legal = masks.sum(axis=1, keepdims=True)
    expected = np.where(masks, 600 / legal, 0)
    assert counts[0, width - 1] == 600
    chi2 = ((counts - expected) ** 2 / np.where(masks, expected, 1)).sum()
    assert chi2 < masks.sum() - len(masks) + 6 * np.sqrt(2 * (masks.sum() - len(masks)))


@pytest.mark.parametrize("game", GAMES)
def test_committed_curves_are_read(hook, game):
    document = hook.read_curve(hook.RESULTS / f"rl-{game}.json")
    assert document["game"] == game
    assert [row["against"] for row in document["evaluation"]] == [
        "random", {"verflixxt": "greedy", "exxtra": "heuristic"}[game]]
    assert all(row["games"] == 1000 for row in document["evaluation"])


def test_what_the_benchmark_writes_the_hook_reads(hook, rl, tmp_path):
    """``benchmarks/rl.py``'s curve document passes the hook's checks."""
    points = [{"steps": 100 * k, "seconds": k, "win_share": 0.1 * k, "episodes": 9}
              for k in (1, 2, 3)]
    document = rl.curve_document("exxtra", "vector", 256, 0, "heuristic", None, points, 300,
                                 3.0)
    document["evaluation"] = [{"against": "random", "games": 1000, "win_share": 0.5,
                               "low": 0.47, "high": 0.53, "faults": 0}]
    path = tmp_path / "rl-exxtra.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert hook.read_curve(path) == document


GOOD = {
    "format": "amigo-rules learning curve 1", "label": "EXXtra", "players": 4,
    "opponent": "heuristic",
    "curve": [{"steps": 10, "win_share": 0.1, "episodes": 3},
              {"steps": 20, "win_share": 0.2, "episodes": 3}],
    "evaluation": [{"against": "random", "games": 10, "win_share": 0.5, "low": 0.2,
                    "high": 0.8}],
}
BROKEN = [
    (("format",), "another format", "not a curve file"),
    (("players",), 1, "players must be"),
    (("label",), None, "label must be"),
    (("curve",), GOOD["curve"][:1], "at least 2 points"),
    (("curve", 1, "steps"), 10, "steps must increase"),
    (("curve", 0, "win_share"), 1.5, "curve point 0 needs"),
    (("curve", 1, "episodes"), "3", "curve point 1 needs"),
    (("evaluation",), {}, "evaluation must be a list"),
    (("evaluation", 0, "low"), 0.6, "evaluation row 0 needs"),
    (("evaluation", 0, "games"), True, "evaluation row 0 needs"),
]


@pytest.mark.parametrize(("where", "value", "message"), BROKEN,
                         ids=[message for _, _, message in BROKEN])
def test_broken_curve_files_are_refused(hook, tmp_path, where, value, message):
    document = copy.deepcopy(GOOD)
    place = document
    for key in where[:-1]:
        place = place[key]
    place[where[-1]] = value
    path = tmp_path / "curve.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        hook.read_curve(path)
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    assert hook.read_curve(path) == GOOD


def test_unreadable_curve_file(hook, tmp_path):
    path = tmp_path / "curve.json"
    path.write_bytes(b"\xff{")
    with pytest.raises(ValueError, match="not a readable JSON file"):
        hook.read_curve(path)


def test_figure_draws_every_game(hook):
    """One panel per game, titled with its label, its curve and its evaluation's legend;
    the same files give the same SVG."""
    svg = hook.learning_curves(*GAMES)
    assert svg.startswith("<svg") and svg == hook.learning_curves(*GAMES)
    for game in GAMES:
        document = hook.read_curve(hook.RESULTS / f"rl-{game}.json")
        assert document["label"] in svg
        for row in document["evaluation"]:
            assert f"1,000 games against {row['against']}" in svg
    assert hook._svg(svg, "rl.md") == svg  # what the picture block hands on


def test_the_page_table_says_what_the_files_hold(hook):
    """The results table of docs/rl.md: one row per evaluation of each file, in order."""
    page = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    table = re.search(r"<!-- rl-results -->\n(.*?)<!-- /rl-results -->", page, re.S)
    assert table is not None
    rows = [line for line in table.group(1).splitlines()[2:] if line.strip()]
    expected = []
    for game in GAMES:
        document = hook.read_curve(hook.RESULTS / f"rl-{game}.json")
        others = document["players"] - 1
        for row in document["evaluation"]:
            against = row["against"] if others == 1 else f"{others} × {row['against']}"
            expected.append(
                f"| {document['label']} | {against} | {row['games']:,} | "
                f"{row['win_share']:.1%} ({row['low']:.1%} – {row['high']:.1%}) | "
                f"{1 / document['players']:.0%} |")
    assert rows == expected


def test_page_examples_are_slow_and_need_the_rl_extra():
    """The page's examples train networks: they run in the slow suite, where sb3-contrib is
    installed, and never in the default one."""
    page = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    root = load("root_conftest", ROOT / "conftest.py")
    assert root.SLOW in page
    assert root.REQUIRES.findall(page) == ["sb3_contrib"]


def test_shaped_rewards_add_the_potential_difference_to_the_same_games(rl):
    """``shaped``: each reward is the game's own plus ``gamma · Φ(next) − Φ(now)`` (``Φ``
    the learned value's share for the learner's seat, 0 once a game ends); the games and
    the rewards the curve counts are the unshaped environment's."""
    pytest.importorskip("sb3_contrib", reason="the [rl] extra (sb3-contrib) is not installed")
    import numpy as np

    from amigo_rules import exxtra
    from amigo_rules.agents.value import shipped

    plain = rl.environments("exxtra", "vector", 8, 3)
    shaped = rl.shaped(rl.environments("exxtra", "vector", 8, 3), "exxtra", "shipped")
    value, rules, seats = shipped("exxtra"), exxtra.Rules(players=4), np.arange(8) % 4

    def potential(observations):
        return value.of_arrays(rules, observations, seats)[np.arange(8), seats]

    observations = plain.reset()
    assert (shaped.reset() == observations).all()
    ended = 0
    for _ in range(120):
        actions = np.stack(plain.env_method("action_masks")).argmax(axis=1)
        before = potential(observations)
        observations, rewards, dones, _ = plain.step(actions)
        seen, shaped_rewards, shaped_dones, _ = shaped.step(actions)
        assert (seen == observations).all() and (shaped_dones == dones).all()
        assert (shaped.rewards == rewards).all()
        after = np.where(dones, 0.0, potential(observations))
        expected = rewards + rl.HYPERPARAMETERS["gamma"] * after - before
        np.testing.assert_allclose(shaped_rewards, expected, rtol=1e-5, atol=1e-6)
        assert (shaped_rewards != rewards).any()
        ended += int(dones.sum())
    assert ended > 0
