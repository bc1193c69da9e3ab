"""``learn``: a game's value learned by self-play (`amigo_rules.learning.learn`), with a
progress bar, on worker processes or a Dask cluster, resumable from its work directory."""

from __future__ import annotations

import time
from collections.abc import Mapping
from contextlib import ExitStack
from typing import Any

import click
from rich import progress as bar

from .. import learning
from ..core import AmigoRulesError, get_game
from .literal import literal
from .options import CONTEXT, GAME, GAMES_HELP, console
from .tournament import INTERRUPTED, executor_for, exit_now

DEFAULTS = learning.Settings()


@click.command(context_settings=CONTEXT, epilog=GAMES_HELP)
@GAME
@click.option("--games", "count", type=click.IntRange(min=1), default=40_000,
              show_default=True, help="Games of self-play in all rounds.")
@click.option("--rounds", type=click.IntRange(min=1), default=8, show_default=True,
              help="Rounds of playing and fitting (round 0: the baseline agents' games).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Every game and fit is drawn from it: the same options, the same value.")
@click.option("--out", required=True, type=click.Path(dir_okay=False), metavar="FILE",
              help="Where to write the weights (JSON).")
@click.option("--work", type=click.Path(file_okay=False), metavar="DIR",
              help="Work directory, kept to resume [default: FILE.work].")
@click.option("--hidden", type=click.IntRange(min=0), default=DEFAULTS.hidden,
              show_default=True, help="Hidden units of the model (0: linear).")
@click.option("--lambda", "lam", type=click.FloatRange(0, 1),
              default=DEFAULTS.lam, show_default=True,
              help="λ of the TD(λ) targets (1: the games' results).")
@click.option("--against", type=click.FloatRange(0, 1), default=DEFAULTS.against,
              show_default=True,
              help="Share of the self-play games with the value in one seat against the "
                   "baseline agents.")
@click.option("--window", type=click.IntRange(min=1), default=DEFAULTS.window,
              show_default=True,
              help="Rounds of games each round's model is fitted to (its own and those "
                   "before it).")
@click.option("--restart/--no-restart", default=DEFAULTS.restart, show_default=True,
              help="Fit each round's model from a fresh start, not from the round before's.")
@click.option("--dice/--no-dice", default=DEFAULTS.dice, show_default=True,
              help="The value averages each move over the roll or draw after it, in "
                   "self-play and in the evaluation games.")
@click.option("--turn/--no-turn", default=DEFAULTS.turn, show_default=True,
              help="The value plays its whole turn as one ply (hoch²'s double move), in "
                   "self-play and in the evaluation games.")
@click.option("--epochs", type=click.IntRange(min=1), default=DEFAULTS.fit.epochs,
              show_default=True, help="Passes over the positions in each round's fit.")
@click.option("--evaluate", type=click.IntRange(min=0), default=DEFAULTS.evaluate,
              show_default=True, help="Games against the baseline agents after each round.")
@click.option("--workers", type=click.IntRange(min=1), default=2, show_default=True,
              help="Worker processes playing the games (1: play in this process).")
@click.option("--scheduler", metavar="ADDRESS",
              help="Play on the Dask cluster of this scheduler (needs amigo-rules[dask]).")
def learn(game: str, count: int, rounds: int, seed: int, out: str, work: str | None,
          hidden: int, lam: float, against: float, window: int, restart: bool, dice: bool,
          turn: bool, epochs: int, evaluate: int, workers: int, scheduler: str | None) -> None:
    """Learn GAME's value by self-play on the batch engine and write its weights to FILE.

    Ctrl-C stops (exit code 130); the same command resumes from the work directory. Load
    the weights with agent names value:FILE or amigo_rules.agents.value.load(FILE).
    """
    if scheduler is not None and workers > 1:
        raise click.UsageError("--workers and --scheduler exclude each other: with a "
                               "scheduler, the cluster's workers play")
    name = get_game(game).NAME
    settings = learning.Settings(hidden=hidden, lam=lam, against=against, window=window,
                                 restart=restart, dice=dice, turn=turn,
                                 evaluate=evaluate,
                                 fit=learning.Fit(epochs=epochs))
    out_console, err = console(), console(stderr=True)
    started = time.perf_counter()
    columns = (bar.TextColumn("{task.description}"), bar.BarColumn(),
               bar.MofNCompleteColumn(), bar.TimeElapsedColumn())
    try:
        with ExitStack() as stack:
            executor = stack.enter_context(executor_for(workers, scheduler))
            shown = stack.enter_context(bar.Progress(*columns, console=err, transient=True))
            task = shown.add_task(f"{name}: starting", total=None)

            def progress(stage: str, done: int, total: int) -> None:
                shown.update(task, description=f"{name}, {stage}", completed=done, total=total)

            model = learning.learn(name, games=count, rounds=rounds, seed=seed, out=out,
                                   work=work, executor=executor, settings=settings,
                                   progress=progress)
    except KeyboardInterrupt:
        err.print(f"interrupted: run the same command to resume from "
                  f"{work or out + '.work'}", soft_wrap=True, markup=False)
        if workers > 1 and scheduler is None:
            exit_now(INTERRUPTED)
        raise SystemExit(INTERRUPTED) from None
    except (AmigoRulesError, OSError) as exc:
        raise click.ClickException(literal(str(exc), limit=None).plain) from None
    print_curve(out_console, model.training)
    out_console.print(f"wrote {out} ({model.kind}, {len(model.features)} features) in "
                      f"{time.perf_counter() - started:.0f} s", soft_wrap=True, markup=False)


def print_curve(out: Any, training: Mapping[str, Any]) -> None:
    """The learning curve: per round the games so far, positions fitted, held-out
    cross-entropy and the win share against the baselines."""
    for entry in training.get("curve", []):
        line = (f"round {entry['round']}: {entry['games']:,} games, "
                f"{entry['positions']:,} positions")
        if "held_out" in entry:
            line += f", held-out cross-entropy {entry['held_out']:.4f}"
        if "win_share" in entry:
            line += (f", {100 * entry['win_share']:.1f}% ± {100 * entry['interval']:.1f} of "
                     f"{entry['evaluation_games']:,} games against {entry['against']}")
        out.print(line, soft_wrap=True, markup=False)
