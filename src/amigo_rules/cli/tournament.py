"""Measuring bots: ``tournament`` (any agents, rotated seats, worker processes or a Dask
cluster, resumable results) and ``simulate`` (fixed seats, seeds S+k), both on the arena's
machinery (`amigo_rules.arena`)."""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
import signal
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from typing import Any, NoReturn

import click
from rich import progress as bar
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import arena
from ..arena import ratings
from ..arena.plan import SEATINGS, Match
from ..arena.runner import Progress, run
from ..arena.tournament import agent_specs
from ..arena.worker import Setup
from ..core import AmigoRulesError, RulesError, get_game
from ..core.jsonio import rules_to_data
from .literal import MESSAGE_LIMIT, literal
from .options import (
    CONTEXT,
    GAME,
    GAMES_HELP,
    agents_listed,
    bot_names,
    console,
    fresh_seed,
    game_options,
    game_rules,
    rules_options,
)
from .palette import player_label

INTERRUPTED = 130
"""The exit code after Ctrl-C (128 + SIGINT), as shells report it."""


@contextmanager
def progress_bar(out: Console, description: str) -> Iterator[Progress]:
    """A progress bar fed by the arena's ``progress(finished, planned)`` calls; games found
    in a results file start it where they leave off (not counted in its speed)."""
    columns = (bar.TextColumn("{task.description}"), bar.BarColumn(),
               bar.MofNCompleteColumn(), bar.TimeElapsedColumn(), bar.TimeRemainingColumn())
    with bar.Progress(*columns, console=out, transient=True) as progress:
        tasks: list[Any] = []

        def update(finished: int, planned: int) -> None:
            if not tasks:
                tasks.append(progress.add_task(description, total=planned, completed=finished))
            progress.update(tasks[0], completed=finished)

        yield update


# ---------------------------------------------------------------- tournament


def ignore_interrupts() -> None:
    """Worker processes leave Ctrl-C to the command, which stops them itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class QuietProcess(multiprocessing.get_context("spawn").Process):  # type: ignore[misc]
    """A worker process started with Ctrl-C blocked: the pool starts workers on demand, and
    one still importing when Ctrl-C comes would print a KeyboardInterrupt traceback before
    ``ignore_interrupts`` runs. The blocked signal mask is inherited through ``exec``; the
    command's own Ctrl-C stays pending until ``start`` returns, so none is lost."""

    def start(self) -> None:
        if not hasattr(signal, "pthread_sigmask"):  # Windows: the initializer alone
            super().start()
            return
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            super().start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


class QuietContext(type(multiprocessing.get_context("spawn"))):  # type: ignore[misc]
    """The spawn context, its processes started by `QuietProcess`."""

    Process = QuietProcess


@contextmanager
def executor_for(workers: int, scheduler: str | None) -> Iterator[Executor | None]:
    """The executor the options ask for: none (this process), a process pool, or Dask."""
    if scheduler is not None:
        from ..arena import dask

        with ExitStack() as stack:
            try:
                executor = stack.enter_context(dask.executor(scheduler, timeout="10s"))
            except ImportError as exc:
                raise click.ClickException(str(exc)) from None
            except OSError as exc:
                raise click.ClickException(f"cannot reach the scheduler {scheduler}: {exc}") \
                    from None
            yield executor
        return
    if workers == 1:
        yield None
        return
    pool = ProcessPoolExecutor(workers, mp_context=QuietContext(),
                               initializer=ignore_interrupts)
    yield pool  # after Ctrl-C, see exit_now
    pool.shutdown()


def exit_now(code: int) -> NoReturn:
    """Stop the worker processes and leave at once, skipping the process pool's own
    winding down: it would finish the chunks in flight first, and stopped by force, Python
    3.11's pool reports an error over the futures already cancelled (fixed in 3.12)."""
    sys.stdout.flush()
    sys.stderr.flush()
    for child in multiprocessing.active_children():  # the pool's workers
        child.terminate()
    os._exit(code)


@click.command(context_settings=CONTEXT, epilog=GAMES_HELP)
@GAME
@click.option("--agents", "agent_list", required=True, metavar="NAME[:PARAM…],…",
              help="The agents, registered names with their parameters (greedy,mcts:200): "
                   + agents_listed() + ".")
@click.option("--games", "count", type=click.IntRange(min=1), required=True,
              help="Number of games.")
@rules_options
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Game i is seeded from the seed and i: the same options, the same games.")
@click.option("--seating", type=click.Choice(SEATINGS), default="rotate", show_default=True,
              help="rotate: every agent plays every seat equally often; random: shuffled.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (1: play in this process).")
@click.option("--scheduler", metavar="ADDRESS",
              help="Play on the Dask cluster of this scheduler (needs amigo-rules[dask]).")
@click.option("--results", type=click.Path(dir_okay=False), metavar="FILE",
              help="JSON-lines file of the games; run again to resume where it stopped.")
@click.option("--move-timeout", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
              help="Seconds a bot may take per move; one that overruns forfeits its game.")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv", "markdown"]),
              default="table",
              show_default=True, help="How to print the standings.")
def tournament(game: str, agent_list: str, count: int, preset: str | None, players: int | None,
               variants: tuple[str, ...], seed: int, seating: str, workers: int,
               scheduler: str | None, results: str | None, move_timeout: float | None,
               fmt: str) -> None:
    """Play many games of GAME between agents, seats rotated, and rank the agents.

    Ctrl-C stops cleanly (exit code 130): the games finished are in --results, and the same
    command resumes from there.
    """
    _, rules = game_rules(game, preset, players, variants)
    names = [name.strip() for name in agent_list.split(",")]
    try:
        agent_specs(names, get_game(game).NAME)
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="'--agents'") from None
    if scheduler is not None and workers > 1:
        raise click.UsageError("--workers and --scheduler exclude each other: with a "
                               "scheduler, the cluster's workers play")
    out, err = console(), console(stderr=True)
    started = time.perf_counter()
    finished: list[int] = []

    def progress(done: int, planned: int) -> None:
        finished.append(done)
        update(done, planned)

    try:
        with ExitStack() as stack:
            executor = stack.enter_context(executor_for(workers, scheduler))
            update = stack.enter_context(progress_bar(err, f"{game}, {count} games"))
            result = arena.tournament(
                game, names, rules=rules, games=count, seed=seed, seating=seating,
                executor=executor, results=results, move_timeout=move_timeout,
                progress=progress,
            )
    except KeyboardInterrupt:
        kept = f"; {finished[-1]} of {count} games are in {results}: run the same command " \
               "to resume" if results and finished else ""
        err.print(f"interrupted{kept}", soft_wrap=True, markup=False)
        if workers > 1 and scheduler is None:
            exit_now(INTERRUPTED)
        raise SystemExit(INTERRUPTED) from None
    except (AmigoRulesError, OSError) as exc:
        raise click.ClickException(literal(str(exc), limit=None).plain) from None
    elapsed = time.perf_counter() - started
    resumed = finished[0] if finished else 0
    if fmt == "table":
        print_standings(out, result, seed)
    elif fmt == "json":
        click.echo(json.dumps(standings_document(result, seed), indent=2))
    elif fmt == "markdown":
        click.echo(markdown_standings(result))
    else:
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=list(result.rows()[0]))
        writer.writeheader()
        writer.writerows(result.rows())
        click.echo(text.getvalue(), nl=False)
    played = count - resumed
    note = err if fmt != "table" else out
    if played:
        from_file = f", {resumed} from {results}" if resumed else ""
        note.print(f"{count} games ({played} played now{from_file}) in {elapsed:.2f} s "
                   f"({played / elapsed:.1f} games/s)", soft_wrap=True, markup=False)
    else:
        note.print(f"all {count} games were in {results}", soft_wrap=True, markup=False)
    if result.faults:
        first = result.faults[0]
        where = f"; their records are in {results}" if results else ""
        note.print(Text.assemble(
            f"{len(result.faults)} games forfeited by a faulty agent, the first: game "
            f"{first.index}, ", literal(first.message, limit=MESSAGE_LIMIT), where),
            soft_wrap=True)


def standings_cells(result: arena.TournamentResult) -> tuple[list[str], list[list[str]]]:
    """The standings as headers and rows of text, for the table and for Markdown."""
    rows = result.rows()
    rated = "mu" in rows[0]
    headers = ["agent", "games", "seats", "win %", "95% CI", "score", "faults"]
    cells = []
    for row in rows:
        mean = "–" if row["mean_score"] is None else f"{row['mean_score']:.1f}"
        line = [row["agent"], str(row["games"]), str(row["seats"]),
                f"{100 * row['win_share']:.1f}",
                f"{100 * row['ci_low']:.1f}–{100 * row['ci_high']:.1f}", mean,
                str(row["faults"])]
        if rated:
            line.append(f"{row['mu']:.1f} ± {row['sigma']:.1f}")
        cells.append(line)
    return headers + (["rating"] if rated else []), cells


LEGEND = ("win %: share of the win per seat (a shared win counts 1/k, a forfeit 0), with its "
          "95% confidence interval; score: mean per seat")


def print_standings(out: Console, result: arena.TournamentResult, seed: int) -> None:
    """The standings table and, between agents that met, the head-to-head table."""
    headers, cells = standings_cells(result)
    table = Table(title=f"{result.game}: {len(result.games)} games, seed {seed}")
    for header in headers:
        table.add_column(header, justify="left" if header == "agent" else "right",
                         no_wrap=True)
    for line in cells:
        table.add_row(*(literal(cell) for cell in line))
    out.print(table)
    rated = "rating" in headers
    out.print(LEGEND + ("; rating: openskill μ ± σ" if rated else ""))
    if not rated:
        out.print(f"no ratings: {ratings.INSTALL}", markup=False)
    order = [line[0] for line in cells]
    if len(order) > 1:
        matrix = Table(title="head to head",
                       caption="% of games the row agent placed before the column one (ties: ½)")
        matrix.add_column("")
        for name in order:
            matrix.add_column(literal(name), justify="right")
        for a in order:
            pairs = [result.pairwise.get((a, b)) for b in order]
            matrix.add_row(literal(a), *("–" if pair is None else f"{100 * pair.score:.0f}"
                                         for pair in pairs))
        out.print(matrix)


def markdown_standings(result: arena.TournamentResult) -> str:
    """The standings as a Markdown table (``--format markdown``)."""
    headers, cells = standings_cells(result)
    align = ["---"] + ["--:"] * (len(headers) - 1)
    return "\n".join("| " + " | ".join(literal(cell).plain for cell in line) + " |"
                     for line in [headers, align, *cells])


def standings_document(result: arena.TournamentResult, seed: int) -> dict[str, Any]:
    """The standings as one JSON document (``--format json``)."""
    return {
        "game": result.game,
        "rules": rules_to_data(result.rules),
        "seed": seed,
        "games": len(result.games),
        "standings": result.rows(),
        "pairwise": [
            {"agent": a, "opponent": b, "games": p.games, "ahead": p.ahead,
             "behind": p.behind, "tied": p.tied, "score": p.score}
            for (a, b), p in result.pairwise.items()
        ],
        "faults": [
            {"index": f.index, "seat": f.seat, "agent": f.agent, "kind": f.kind,
             "message": f.message}
            for f in result.faults
        ],
    }


# ---------------------------------------------------------------- simulate


@click.command(context_settings=CONTEXT, epilog=GAMES_HELP)
@GAME
@click.option("--games", "count", type=click.IntRange(min=1), required=True,
              help="Number of games.")
@game_options
def simulate(game: str, count: int, preset: str | None, players: int | None, seed: int | None,
             bots: str | None, variants: tuple[str, ...]) -> None:
    """Play many games of GAME between bots and show per-seat results.

    Game k uses seed S+k; seat i always gets bot i of --bots.
    """
    _, rules = game_rules(game, preset, players, variants)
    names = bot_names(game, bots, rules.players)
    seed = fresh_seed(seed)
    out = console()
    setup = Setup(get_game(game).NAME, rules, {name: name for name in names})
    matches = [Match(k, seed + k, tuple(names)) for k in range(count)]
    started = time.perf_counter()
    with progress_bar(out, f"{game}, seeds {seed}…{seed + count - 1}") as update:
        games = run(setup, matches, progress=update)
    elapsed = time.perf_counter() - started
    finished = [g for g in games if not g.faults]
    out.print(seat_table(game, names, finished))
    out.print(f"{len(finished)} games in {elapsed:.2f} s ({count / elapsed:.1f} games/s), "
              f"seeds {seed}…{seed + count - 1}")
    faults = [fault for g in games for fault in g.faults]
    if faults:
        first = faults[0]
        several = f"{len(faults)} games forfeited, the first: " if len(faults) > 1 else ""
        raise click.ClickException(
            f"{several}agent {literal(repr(first.agent)).plain} failed in the game of seed "
            f"{matches[first.index].seed}: "
            f"{literal(first.message, limit=MESSAGE_LIMIT).plain}; the {len(finished)} "
            "finished games are shown above"
        )


def seat_table(game: str, names: list[str], games: list[arena.GameResult]) -> Table:
    """Per seat: the agent, its win rate (shared wins count 1/k), its scores."""
    table = Table(title=f"{game}: {len(games)} games")
    for header in ("seat", "agent", "win rate", "mean", "min", "median", "max"):
        table.add_column(header, justify="left" if header in ("seat", "agent") else "right")
    for seat, name in enumerate(names):
        mine = [g.scores[seat] for g in games]
        figures = (
            [f"{statistics.fmean(mine):.1f}", str(min(mine)),
             f"{statistics.median(mine):g}", str(max(mine))]
            if mine else ["–"] * 4
        )
        wins = sum(g.shares[seat] for g in games)
        rate = f"{wins / len(games):.1%}" if games else "–"
        table.add_row(player_label(seat), literal(name), rate, *figures)
    return table
