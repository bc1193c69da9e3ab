"""The batch engine's statistics of the baseline agents agree with a tournament of the same
agents on the scalar engine, figure by figure within the intervals of their differences
(``benchmarks/stats.py crosscheck``: the same comparison at full size); and the comparison
sees a difference where there is one."""

import importlib.util
import sys
from pathlib import Path
from statistics import NormalDist

import pytest

from amigo_rules import stats

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"verflixxt": (2_000, 150), "verflixxt_hoch": (600, 100), "exxtra": (2_000, 150)}
"""Games on the batch engine and in the scalar tournament, per game."""


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("stats_benchmark",
                                                  ROOT / "benchmarks" / "stats.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return module


@pytest.fixture(scope="module")
def scalar(bench):
    """Per game, the scalar tournament's statistics (played once for the module)."""
    return {game: bench.scalar_summary(game, bench.CROSSCHECK[game], stats.baseline(game),
                                       SIZES[game][1], seed=1) for game in SIZES}


@pytest.fixture(scope="module")
def scale(bench, scalar):
    """How much wider than a 95% interval each one is taken: together, the figures of the
    three games then stray by chance for at most 5% of seeds (Bonferroni)."""
    count = sum(len(bench.figures(stats.Differences.between(0, s, s))) for s in scalar.values())
    return NormalDist().inv_cdf(1 - 0.025 / count) / NormalDist().inv_cdf(0.975)


def strays(bench, scale, batch, scalar):
    differences = stats.Differences.between(0, batch, scalar)
    return [(figure, change) for figure, change in bench.figures(differences).items()
            if abs(change.value) > scale * change.half_width]


@pytest.mark.parametrize("game", SIZES)
def test_batch_and_scalar_statistics_agree(bench, scalar, scale, game):
    batch = stats.measure(game, bench.CROSSCHECK[game], games=SIZES[game][0], seed=1)
    assert scalar[game].games == SIZES[game][1]
    assert [s.agent for s in scalar[game].seats] == [s.agent for s in batch.seats]
    assert not strays(bench, scale, batch, scalar[game])


@pytest.mark.parametrize("game", SIZES)
def test_the_comparison_sees_random_players_against_the_baseline(bench, scalar, scale, game):
    batch = stats.measure(game, bench.CROSSCHECK[game], agents="random", games=500, seed=1)
    assert strays(bench, scale, batch, scalar[game])
