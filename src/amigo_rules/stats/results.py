"""A run's results file: its parameters, the chunks done and their tally, rewritten whole
(`write_atomic`) as chunks finish, so that an interrupted run goes on where it stopped and
a finished one is a compact record of millions of games (histograms, not games).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import attrs

from ..core import StateError, get_game
from ..core.checks import quote
from ..core.files import write_atomic
from ..core.jsonio import rules_from_data, rules_to_data
from .play import Setup
from .tally import Tally

FORMAT = "amigo-rules stats results 1"
"""The ``format`` of a results file."""
_KEYS = ("format", "game", "rules", "agents", "games", "seed", "chunk", "done", "cpu_seconds",
         "tally")


@attrs.define
class Run:
    """A run so far: the chunks done, their tally and the CPU time they took."""

    setup: Setup
    """What the run plays."""
    done: set[int]
    """The indices of the chunks counted in `tally`."""
    tally: Tally
    """What the chunks done counted."""
    cpu_seconds: float = 0.0
    """Their CPU time, summed over the workers."""

    @property
    def complete(self) -> bool:
        """Whether every chunk is done."""
        return len(self.done) == self.setup.chunks

    def add(self, index: int, tally: Tally, seconds: float) -> None:
        """Count chunk ``index``."""
        self.tally.merge(tally)
        self.done.add(index)
        self.cpu_seconds += seconds

    def to_data(self) -> dict[str, Any]:
        """The results file's document."""
        setup = self.setup
        return {"format": FORMAT, "game": setup.game, "rules": rules_to_data(setup.rules),
                "agents": list(setup.agents), "games": setup.games, "seed": setup.seed,
                "chunk": setup.chunk, "done": _ranges(sorted(self.done)),
                "cpu_seconds": round(self.cpu_seconds, 3), "tally": self.tally.to_data()}

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the results file (whole: a reader sees the old file or the new one)."""
        write_atomic(path, json.dumps(self.to_data(), separators=(",", ":")) + "\n")


def read(path: str | os.PathLike[str]) -> Run:
    """The run in the results file at ``path``, checked: `StateError` naming what is wrong
    (`OSError` if it cannot be read)."""
    where = Path(path).name
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StateError(f"{where}: not a results file of the statistics ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StateError(f"{where}: not a results file of the statistics (format {FORMAT!r})")
    if set(data) != set(_KEYS):
        raise StateError(f"{where}: a results file has the keys {', '.join(_KEYS)}; got "
                         f"{quote(sorted(data))}")
    try:
        return _progress(data)
    except StateError as exc:
        raise StateError(f"{where}: {exc}") from None


def _progress(data: dict[str, Any]) -> Run:
    try:
        module = get_game(data["game"])
    except (ValueError, TypeError):
        raise StateError(f"no game {quote(data['game'])}") from None
    rules = rules_from_data(module.Rules, data["rules"])
    agents = data["agents"]
    if not (isinstance(agents, list) and len(agents) == rules.players
            and all(isinstance(a, str) for a in agents)):
        raise StateError(f"agents must name one policy per seat, got {quote(agents)}")
    for key in ("games", "seed", "chunk"):
        if type(data[key]) is not int or data[key] < (key != "seed"):
            raise StateError(f"{key} must be a {'non-negative' if key == 'seed' else 'positive'}"
                             f" integer, got {quote(data[key])}")
    if not isinstance(data["cpu_seconds"], int | float) or data["cpu_seconds"] < 0:
        raise StateError(f"cpu_seconds must be a non-negative number, got "
                         f"{quote(data['cpu_seconds'])}")
    setup = Setup(module.NAME, rules, tuple(agents), data["games"], data["seed"], data["chunk"])
    done = _chunks(data["done"], setup.chunks)
    tally = Tally.from_data(data["tally"])
    if tally.players != rules.players:
        raise StateError(f"the tally has {tally.players} seats, the rules {rules.players}")
    if tally.games != sum(setup.size(i) for i in done):
        raise StateError(f"the tally counts {tally.games} games, the chunks done hold "
                         f"{sum(setup.size(i) for i in done)}")
    return Run(setup, done, tally, float(data["cpu_seconds"]))


def _ranges(indices: list[int]) -> list[list[int]]:
    """Sorted ``indices`` as ``[first, last]`` runs."""
    runs: list[list[int]] = []
    for index in indices:
        if runs and runs[-1][1] == index - 1:
            runs[-1][1] = index
        else:
            runs.append([index, index])
    return runs


def _chunks(data: Any, chunks: int) -> set[int]:
    """The chunk indices of `_ranges`'s runs, checked to lie in ``0 … chunks - 1``."""
    done: set[int] = set()
    if not isinstance(data, list):
        raise StateError(f"done must list [first, last] runs of chunks, got {quote(data)}")
    for run in data:
        if not (isinstance(run, list) and len(run) == 2 and all(type(x) is int for x in run)
                and 0 <= run[0] <= run[1] < chunks):
            raise StateError(f"done: {quote(run)} is not a run [first, last] of chunks 0 … "
                             f"{chunks - 1}")
        done.update(range(run[0], run[1] + 1))
    return done
