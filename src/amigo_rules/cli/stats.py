"""``amigo-rules stats``: what many games on the batch engine say about a game's rules
(`amigo_rules.stats`): per seat the win share and scores, the game's length, how often
the leader wins; several rule sets side by side, each against the preset alone."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from ..batch.policies import POLICIES
from ..core import AmigoRulesError, RulesError, get_game
from ..stats import Comparison, Distribution, Estimate, Summary, compare
from .literal import literal
from .options import CONTEXT, GAME, GAMES_HELP, PRESET, console, load_view, make_rules
from .palette import player_label
from .tournament import INTERRUPTED, executor_for, exit_now, progress_bar


def policies_listed() -> str:
    """Every game's batch policies, for the help of ``--agents``."""
    return "; ".join(f"{game}: {', '.join(names)}" for game, names in POLICIES.items())


@click.command(context_settings=CONTEXT, epilog=GAMES_HELP)
@GAME
@PRESET
@click.option("--variant", "variants", multiple=True, metavar="NAME[+NAME…]",
              help="A rule set to set beside the preset alone, repeatable; NAME+NAME "
                   "combines variants (see 'amigo-rules variants GAME').")
@click.option("--players", "player_counts", multiple=True, type=click.IntRange(min=1),
              metavar="N", help="Number of players, repeatable: every rule set at each "
                                "(default: 4).")
@click.option("--games", "count", type=click.IntRange(min=1), default=10_000,
              show_default=True, help="Games per rule set.")
@click.option("--agents", "agent_list", metavar="NAME,…",
              help="Batch policies by seat, cycled (default: the game's baseline). "
                   + policies_listed() + ".")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Rule set i plays from seed S+i: the same options, the same numbers.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (1: play in this process).")
@click.option("--scheduler", metavar="ADDRESS",
              help="Play on the Dask cluster of this scheduler (needs amigo-rules[dask]).")
def stats(game: str, preset: str | None, variants: tuple[str, ...],
          player_counts: tuple[int, ...], count: int, agent_list: str | None, seed: int,
          as_json: bool, workers: int, scheduler: str | None) -> None:
    """Play many games of GAME on the batch engine and say what they show: each seat's
    win share (95% interval) and scores, the game's length in turns and decisions, how
    often the player leading at half time wins, shared wins.

    With --variant or several --players, the rule sets side by side, each variant against
    the preset alone at as many players (Δ: the difference and its 95% interval).
    """
    view = load_view(game)
    name = get_game(game).NAME
    base = preset or view.default_preset or name
    labels, rule_sets = [], []
    for players in dict.fromkeys(player_counts or (view.default_players,)):
        for chosen in ("", *variants):
            rule_sets.append(make_rules(view, preset, players, tuple(filter(None,
                                                                            chosen.split("+")))))
            labels.append(f"{chosen or base}, {players} players")
    agents = None if agent_list is None else [a.strip() for a in agent_list.split(",")]
    if scheduler is not None and workers > 1:
        raise click.UsageError("--workers and --scheduler exclude each other: with a "
                               "scheduler, the cluster's workers play")
    out, err = console(), console(stderr=True)
    started = time.perf_counter()
    try:
        with ExitStack() as stack:
            executor = stack.enter_context(executor_for(workers, scheduler))
            update = stack.enter_context(
                progress_bar(err, f"{name}, {len(rule_sets)} × {count:,} games"))
            comparison = compare(name, rule_sets, agents=agents, games=count, seed=seed,
                                 executor=executor, progress=update)
    except KeyboardInterrupt:
        err.print("interrupted", markup=False)
        if workers > 1 and scheduler is None:
            exit_now(INTERRUPTED)
        raise SystemExit(INTERRUPTED) from None
    except RulesError as exc:  # an agent unknown, or rules the batch engine does not play
        raise click.UsageError(literal(str(exc), limit=None).plain) from None
    except AmigoRulesError as exc:
        raise click.ClickException(literal(str(exc), limit=None).plain) from None
    elapsed = time.perf_counter() - started
    if as_json:
        document = comparison.to_document()
        for label, rule_set in zip(labels, document["rule_sets"], strict=True):
            rule_set["label"] = label
        click.echo(json.dumps(document, indent=2))
    elif len(rule_sets) == 1:
        print_summary(out, labels[0], comparison.summaries[0])
    else:
        print_comparison(out, labels, comparison, by_players=bool(variants))
    played = count * len(rule_sets)
    (err if as_json else out).print(
        f"{played:,} games in {elapsed:.1f} s ({played / elapsed:,.0f} games/s), seed {seed}",
        soft_wrap=True, markup=False)


def _percent(estimate: Estimate) -> str:
    return f"{100 * estimate.value:.1f}"


def _interval(estimate: Estimate, scale: float = 100) -> str:
    return f"{scale * estimate.low:.1f}–{scale * estimate.high:.1f}"


def _spread(distribution: Distribution) -> str:
    """``mean (median m, 5–95%: a–b)``."""
    return (f"{distribution.mean.value:.1f} (median {distribution.quantile(0.5)}, "
            f"5–95%: {distribution.quantile(0.05)}–{distribution.quantile(0.95)})")


def print_summary(out: Console, label: str, summary: Summary) -> None:
    """One rule set: a row per seat, then the game's figures."""
    table = Table(title=f"{summary.game}, {label}: {summary.games:,} games")
    for header in ("seat", "agent", "win %", "95% CI", "score", "5–95%", "led ½", "won"):
        table.add_column(header, justify="left" if header in ("seat", "agent") else "right",
                         no_wrap=True)
    for seat in summary.seats:
        score = seat.score
        table.add_row(player_label(seat.seat), literal(seat.agent), _percent(seat.win),
                      _interval(seat.win), f"{score.mean.value:.1f}",
                      f"{score.quantile(0.05)}–{score.quantile(0.95)}", f"{seat.led_at_half:,}",
                      f"{_percent(seat.won_when_led)}%")
    out.print(table)
    out.print(f"turns per game: {_spread(summary.turns)}", markup=False)
    out.print(f"decisions per game: {_spread(summary.decisions)}", markup=False)
    out.print(f"the player leading alone at half time wins {_percent(summary.half_time)}% "
              f"({_interval(summary.half_time)}) of {summary.led_at_half:,} games; shared "
              f"wins: {_percent(summary.shared)}% of games", markup=False)
    out.print("win %: share of the win (a shared win counts 1/k), with its 95% confidence "
              "interval; score: mean and 5–95% range; led ½: games the seat led alone at half "
              "time, won: its share of the win in them", markup=False)


def _delta(estimate: Estimate, scale: float = 100) -> str:
    return f"{scale * estimate.value:+.1f}±{scale * estimate.half_width:.1f}"


def print_comparison(out: Console, labels: list[str], comparison: Comparison, *,
                     by_players: bool) -> None:
    """Rule sets side by side, a column each and a row per figure; ``by_players``: a table
    per number of players, under each figure of a variant its difference from the preset
    alone."""
    summaries, differences = comparison.summaries, comparison.differences
    groups = [[i for i, s in enumerate(summaries) if s.players == players]
              for players in dict.fromkeys(s.players for s in summaries)] if by_players \
        else [list(range(len(summaries)))]
    for chosen in groups:
        players = max(summaries[i].players for i in chosen)
        table = Table(title=f"{summaries[0].game}: {summaries[0].games:,} games per rule set")
        table.add_column("")
        for i in chosen:
            table.add_column(literal(labels[i]), justify="right")
        for title, value, change, scale in _figures(players):
            cells = []
            for i in chosen:
                shown = value(summaries[i])
                cell = "–" if shown is None else f"{shown:.1f}"
                difference = differences[i]
                if difference is not None and shown is not None:
                    cell += "\n" + _delta(change(difference), scale)
                cells.append(cell)
            table.add_row(title, *cells)
        out.print(table)
    out.print("win %: share of the win (a shared win counts 1/k); turns, decisions: mean per "
              "game; leader ½ wins: the share of the win of the player leading alone at half "
              "time; shared: games with a shared win."
              + (" Under a figure of a variant: its difference from the preset alone (± the "
                 "95% interval of the difference)." if by_players else ""), markup=False)


def _figures(players: int) -> list[tuple[str, Any, Any, float]]:
    """The rows of a comparison: (title, the figure of a summary, its difference, the
    scale it is shown at)."""
    return [
        *((f"{player_label(seat)} win %", lambda s, seat=seat: None if seat >= s.players
           else 100 * s.seats[seat].win.value, lambda d, seat=seat: d.win[seat], 100)
          for seat in range(players)),
        ("turns", lambda s: s.turns.mean.value, lambda d: d.turns, 1),
        ("decisions", lambda s: s.decisions.mean.value, lambda d: d.decisions, 1),
        ("leader ½ wins %", lambda s: 100 * s.half_time.value, lambda d: d.half_time, 100),
        ("shared %", lambda s: 100 * s.shared.value, lambda d: d.shared, 100),
    ]
