"""What the numbers say: seat advantage, game length, how often the leader wins, ties, and
how rule sets differ, from many games on the batch engine (numpy only).

`measure` plays games of one rule set with a batch policy per seat (the game's baseline
agent by default, ``"random"`` as a reference) and returns a `Summary`: per seat the win
share with its 95% interval and the score distribution, the game's length in turns and in
decisions, how often the player leading at half time wins, shared wins. `compare` does so
for several rule sets and gives each one's `Differences` from a reference, with their
intervals.

Runs are deterministic from their seed and streamed: games are played in chunks, counted
into a `Tally` of histograms as they finish and set aside, so memory stays flat however
many games are played; chunks run on any ``concurrent.futures.Executor`` (a process pool,
a Dask cluster) with the same result. A results file keeps a run resumable and is its
compact record (`load` reads it back). `tally_of` counts the same from games of the scalar
engine (a tournament's records), the check that both engines say the same.

>>> from amigo_rules import stats, verflixxt
>>> summary = stats.measure("verflixxt", verflixxt.Rules.classic(players=2), games=300,
...                         seed=7)
>>> [seat.agent for seat in summary.seats]
['greedy', 'greedy']
>>> summary == stats.measure("verflixxt", verflixxt.Rules.classic(players=2), games=300,
...                          seed=7)
True
>>> summary.turns.mean.low < summary.turns.mean.value < summary.turns.mean.high
True
"""

from .records import tally_of
from .run import CHUNK, baseline, compare, load, measure
from .summary import Comparison, Differences, Distribution, Estimate, Seat, Summary
from .tally import STAGES, Histogram, Tally
from .turns import TURNS

__all__ = [
    "CHUNK",
    "STAGES",
    "TURNS",
    "Comparison",
    "Differences",
    "Distribution",
    "Estimate",
    "Histogram",
    "Seat",
    "Summary",
    "Tally",
    "baseline",
    "compare",
    "load",
    "measure",
    "tally_of",
]
