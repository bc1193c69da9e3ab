"""``learn``: a game's value learned by self-play on the batch engine, in rounds, resumable.

Round 0 plays games between the game's baseline agents (``greedy``, EXXtra's
``heuristic``) and fits a fresh model to their results. Every later round plays games of
self-play by the value of the round before (`amigo_rules.agents.value.one_ply` in every
seat, a share ``epsilon`` of its moves at random, with ``turn`` its whole turn one ply;
with ``against``, that share of the games with the value in one seat and the baselines in
the others) and fits that value further to TD(λ) targets (`amigo_rules.learning.
selfplay`). After each fit, the value plays ``evaluate`` games against three baselines
(its seat rotated; the same games every round): the learning curve.

Everything is written to a work directory as it is done (the chunks of games, each
round's model and evaluation), so that a run stopped at any point goes on from there when
started again with the same arguments; the result depends only on the arguments, never on
the executor or on where the run was stopped.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs
import numpy as np

from .. import exxtra, verflixxt, verflixxt_hoch
from ..agents.features import FEATURES
from ..agents.model import ValueModel, from_json, write
from ..core import ArgumentError, RulesError, checks, get_game
from ..core.checks import quote
from ..core.jsonio import rules_to_data
from .fit import Fit, cross_entropy, fit, fresh
from .selfplay import Chunk, Task, play

__all__ = ["BASELINES", "Progress", "Settings", "default_rules", "learn"]

Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``: ``stage`` says what is under way (``"round 2:
games"``, ``"round 2: fit"``, ``"round 2: evaluation"``), ``done`` of ``total`` steps."""

BASELINES = {"verflixxt": "greedy", "verflixxt_hoch": "greedy", "exxtra": "heuristic"}
"""Per game, the batch policy of round 0 and of the evaluation games."""


def default_rules(game: str) -> tuple[Any, ...]:
    """The rules a game's value learns on by default: the four-player games of the
    ladder (Verflixxt!: classic and amigo)."""
    return {
        "verflixxt": (verflixxt.Rules.classic(players=4), verflixxt.Rules.amigo(players=4)),
        "verflixxt_hoch": (verflixxt_hoch.Rules(players=4),),
        "exxtra": (exxtra.Rules(players=4),),
    }[game]


@attrs.frozen
class Settings:
    """How a value learns (the defaults are what the shipped values were learned with)."""

    hidden: int = 32
    """Hidden units of the model (0: a linear model)."""
    lam: float = 1.0
    """λ of the TD(λ) targets of the self-play rounds: 1, the games' results
    (Monte-Carlo targets), learned best; below 1 the value's own estimates count."""
    epsilon: float = 0.03
    """The share of self-play moves made at random."""
    keep: float = 0.3
    """The share of the positions of the games kept as training data."""
    chunk: int = 256
    """Games per chunk: what one task of the executor plays."""
    evaluate: int = 1024
    """Games against the baselines after each round (0: none)."""
    dice: bool = False
    """Whether the value averages its moves over the roll or draw after them, in self-play
    and in the evaluation games (``value:dice``)."""
    turn: bool = False
    """Whether the value's one-ply policy, in self-play and in the evaluation games,
    plays its whole turn as one ply (``value:turn``: hoch²'s double move, HO-TURN-3)."""
    against: float = 0.0
    """The share of the self-play rounds' games in which the value plays one seat against
    the baselines instead of every seat; their positions are learned as that seat sees
    them."""
    window: int = 1
    """Each round's model is fitted to the games of this many rounds, its own and those
    before it (1: its own)."""
    restart: bool = False
    """Each round's model is fitted from a fresh start instead of from the model of the
    round before."""
    fit: Fit = attrs.field(factory=Fit)
    """How each round's model is fitted."""

    def to_data(self) -> dict[str, Any]:
        """The settings as JSON data."""
        return attrs.asdict(self)


def _check(games: int, rounds: int, seed: int, settings: Settings) -> None:
    checks.positive(games, "games")
    checks.positive(rounds, "rounds")
    checks.seed(seed)
    if games < rounds:
        raise RulesError(f"games ({games}) must be at least rounds ({rounds})")
    if not all(0 <= x <= 1 for x in (settings.lam, settings.epsilon, settings.against)) or not (
            0 < settings.keep <= 1):
        raise RulesError("lam, epsilon and against must lie in [0, 1], keep in (0, 1]")
    if settings.hidden < 0 or settings.chunk < 1 or settings.evaluate < 0 or settings.window < 1:
        raise RulesError("hidden and evaluate must be at least 0, chunk and window at least 1")


def learn(
    game: str,
    *,
    games: int = 40_000,
    rounds: int = 8,
    seed: int = 0,
    out: str | Path | None = None,
    work: str | Path | None = None,
    executor: Executor | None = None,
    settings: Settings | None = None,
    rules: Sequence[Any] | None = None,
    progress: Progress | None = None,
) -> ValueModel:
    """Learn ``game``'s value from ``games`` games of self-play in ``rounds`` rounds (an
    equal share each) and return it; with ``out``, also write it there (`amigo_rules.
    agents.model.write`).

    Args:
        game: a game's name.
        games: games played in all rounds (at least ``rounds``).
        rounds: rounds of playing and fitting.
        seed: every game and every fit is drawn from it: the same arguments give the same
            value (to the last bit on one machine).
        out: where to write the value.
        work: the work directory (default: ``out`` with ``.work`` appended; without both,
            nothing is kept). A directory of another run (other arguments) is refused.
        executor: any ``concurrent.futures.Executor`` (a process pool, Dask's
            ``client.get_executor()``) playing the chunks of games; None plays them here.
        settings: `Settings` (default ``Settings()``).
        rules: the rules of the games, the chunks taking them in turn (default
            `default_rules`).
        progress: called as each step is done (`Progress`).

    The model's ``training`` records the arguments and, per round, the games so far, the
    positions fitted, the cross-entropy of held-out positions' results and the win share
    against the baselines with its 95% interval.
    """
    name = get_game(game).NAME
    if name not in FEATURES:
        raise RulesError(f"no learned value for {quote(name)}")
    settings = Settings() if settings is None else settings
    if type(settings) is not Settings:
        raise ArgumentError(f"settings must be Settings, got {checks.type_name(settings)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ArgumentError(f"executor must be a concurrent.futures.Executor or None, got "
                            f"{checks.type_name(executor)}")
    _check(games, rounds, seed, settings)
    configs = tuple(default_rules(name) if rules is None else rules)
    if not configs or not all(isinstance(r, get_game(name).Rules) for r in configs):
        raise RulesError(f"rules must be a non-empty sequence of {name}'s Rules")
    run = {"game": name, "games": games, "rounds": rounds, "seed": seed,
           "settings": settings.to_data(), "rules": [rules_to_data(r) for r in configs]}
    store = _Store.open(work, out, run)
    curve: list[dict[str, Any]] = []
    model: ValueModel | None = None
    played = 0
    earlier: list[list[Chunk]] = []  # the chunks of the rounds before, within the window
    for round_ in range(rounds):
        share = games // rounds + (round_ < games % rounds)
        chunks = _play_round(name, configs, seed, round_, share, model, settings, store,
                             executor, progress)
        played += share
        earlier = earlier[len(earlier) + 1 - settings.window :] if settings.window > 1 else []
        model, entry = _fit_round(name, seed, round_, model, chunks, earlier, settings, store,
                                  progress)
        earlier.append(chunks)
        entry["games"] = played
        if settings.evaluate:
            entry.update(_evaluate(name, configs[0], seed, round_, model, settings, store,
                                   executor, progress))
        curve.append(entry)
    assert model is not None
    model = attrs.evolve(model, training={**run, "curve": curve})
    if out is not None:
        write(model, out)
    return model


def _tasks(name: str, configs: tuple[Any, ...], seed: int, key: tuple[int, ...], games: int,
           settings: Settings, **task: Any) -> list[Task]:
    """The chunks of ``games`` games, each with its key ``(*key, index)``."""
    count = math.ceil(games / settings.chunk)
    return [Task(name, configs[i % len(configs)], min(settings.chunk, games - i * settings.chunk),
                 seed, (*key, i), **task) for i in range(count)]


def _run(tasks: list[Task], executor: Executor | None, store: _Store, folder: str,
         progress: Progress | None, stage: str) -> list[Chunk]:
    """Every task's chunk, in order: from the store, else played (on ``executor``) and
    stored as it comes."""
    chunks: list[Chunk | None] = [store.chunk(folder, i) for i in range(len(tasks))]
    todo = [i for i, chunk in enumerate(chunks) if chunk is None]
    done = len(tasks) - len(todo)
    if progress is not None:
        progress(stage, done, len(tasks))
    for i, chunk in zip(todo, _played([tasks[i] for i in todo], executor), strict=True):
        store.keep(folder, i, chunk)
        chunks[i] = chunk
        done += 1
        if progress is not None:
            progress(stage, done, len(tasks))
    return [c for c in chunks if c is not None]


def _played(tasks: list[Task], executor: Executor | None) -> Iterator[Chunk]:
    if executor is None:
        yield from map(play, tasks)
        return
    futures = [executor.submit(play, task) for task in tasks]
    try:
        for future in futures:
            yield future.result()
    finally:
        for future in futures:
            future.cancel()


def _play_round(name: str, configs: tuple[Any, ...], seed: int, round_: int, games: int,
                model: ValueModel | None, settings: Settings, store: _Store,
                executor: Executor | None, progress: Progress | None) -> list[Chunk]:
    if model is None:
        tasks = _tasks(name, configs, seed, (round_, 0), games, settings,
                       opponent=BASELINES[name], keep=settings.keep)
    else:
        tasks = _tasks(name, configs, seed, (round_, 0), games, settings, model=model,
                       lam=settings.lam, keep=settings.keep, epsilon=settings.epsilon,
                       dice=settings.dice, turn=settings.turn)
        # a share ``against`` of the chunks, spread evenly: one seat against the baselines
        tasks = [attrs.evolve(task, opponent=BASELINES[name])
                 if int((i + 1) * settings.against) > int(i * settings.against) else task
                 for i, task in enumerate(tasks)]
    return _run(tasks, executor, store, f"round-{round_}", progress, f"round {round_}: games")


def _fit_round(name: str, seed: int, round_: int, model: ValueModel | None,
               chunks: list[Chunk], earlier: list[list[Chunk]], settings: Settings,
               store: _Store, progress: Progress | None) -> tuple[ValueModel, dict[str, Any]]:
    """The round's model (stored, or fitted to its chunks, the last of them held out, and
    those of the ``earlier`` rounds) and its curve entry."""
    held = chunks[-1:] if len(chunks) > 1 else []
    fitted = [c for before in earlier for c in before] + chunks[: len(chunks) - len(held)]
    features = np.concatenate([c.features for c in fitted])
    targets = np.concatenate([c.targets for c in fitted])
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(round_, 2)))
    found = store.model(round_, name)
    if found is None:
        start = (model if model is not None and not settings.restart
                 else fresh(name, FEATURES[name], features, settings.hidden, rng))
        stage = f"round {round_}: fit"

        def fitting(done: int, total: int) -> None:
            if progress is not None:
                progress(stage, done, total)

        found = fit(start, features, targets, settings.fit, rng, fitting)
        store.keep_model(round_, found)
    entry: dict[str, Any] = {
        "round": round_, "positions": len(features),
        "steps": int(sum(c.steps for c in chunks)),
    }
    if held:
        entry["held_out"] = round(cross_entropy(found, held[0].features, held[0].outcomes), 5)
    return found, entry


def _evaluate(name: str, rules: Any, seed: int, round_: int, model: ValueModel,
              settings: Settings, store: _Store, executor: Executor | None,
              progress: Progress | None) -> dict[str, Any]:
    """The value's win share against the baselines, one seat each game, with the half
    width of its 95% interval."""
    tasks = _tasks(name, (rules,), seed, (1 << 20, 1), settings.evaluate, settings,
                   model=model, opponent=BASELINES[name], dice=settings.dice,
                   turn=settings.turn)
    chunks = _run(tasks, executor, store, f"round-{round_}/evaluation", progress,
                  f"round {round_}: evaluation")
    games = sum(c.games for c in chunks)
    share = sum(c.share for c in chunks) / max(games, 1)
    # a share lies in [0, 1]: its variance is at most share * (1 - share)
    half = 1.96 * math.sqrt(share * (1 - share) / max(games, 1))
    return {"evaluation_games": games, "win_share": round(share, 5),
            "interval": round(half, 5), "against": BASELINES[name]}


def _recorded(marker: Path) -> Any:
    """The arguments a work directory's ``run.json`` records, a setting it lacks (added to
    `Settings` after the run began) taken at its default, which the run played by; None
    if it is not such a document."""
    try:
        found = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # a decode error is a ValueError
        return None
    if isinstance(found, dict) and isinstance(found.get("settings"), dict):
        found["settings"] = {**Settings().to_data(), **found["settings"]}
    return found


class _Store:
    """The work directory: ``run.json`` (the arguments), ``round-R/chunk-I.npz``,
    ``round-R/model.json``, ``round-R/evaluation/chunk-I.npz``; or nothing at all."""

    def __init__(self, root: Path | None) -> None:
        self.root = root

    @classmethod
    def open(cls, work: str | Path | None, out: str | Path | None, run: dict[str, Any]
             ) -> _Store:
        if work is None and out is None:
            return cls(None)
        root = Path(work) if work is not None else Path(str(out) + ".work")
        root.mkdir(parents=True, exist_ok=True)
        marker = root / "run.json"
        text = json.dumps(run, indent=1, sort_keys=True)
        if marker.exists():
            if _recorded(marker) != json.loads(text):
                raise RulesError(f"{root} holds the work of another run (other arguments); "
                                 f"remove it or choose another work directory")
        else:
            marker.write_text(text, encoding="utf-8")
        return cls(root)

    def _path(self, folder: str, index: int) -> Path | None:
        return None if self.root is None else self.root / folder / f"chunk-{index:05d}.npz"

    def chunk(self, folder: str, index: int) -> Chunk | None:
        path = self._path(folder, index)
        if path is None or not path.exists():
            return None
        with np.load(path, allow_pickle=False) as data:
            return Chunk(data["features"], data["targets"], data["outcomes"],
                         int(data["games"]), int(data["steps"]), float(data["share"]))

    def keep(self, folder: str, index: int, chunk: Chunk) -> None:
        path = self._path(folder, index)
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(path.name + ".part")
        with part.open("wb") as file:
            np.savez(file, features=chunk.features, targets=chunk.targets,
                     outcomes=chunk.outcomes, games=chunk.games, steps=chunk.steps,
                     share=chunk.share)
        part.replace(path)

    def model(self, round_: int, game: str) -> ValueModel | None:
        if self.root is None:
            return None
        path = self.root / f"round-{round_}" / "model.json"
        return from_json(path.read_bytes(), game, source=str(path)) if path.exists() else None

    def keep_model(self, round_: int, model: ValueModel) -> None:
        if self.root is not None:
            (self.root / f"round-{round_}").mkdir(parents=True, exist_ok=True)
            write(model, self.root / f"round-{round_}" / "model.json")

