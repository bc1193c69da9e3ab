"""The committed statistics of the games' pages ("What the numbers say"): a million games
or more of the baseline agents per configuration, on the batch engine
(`amigo_rules.stats`), each kept in ``benchmarks/results/stats/NAME.json`` (histograms,
not games; the docs hook reads them).

    python benchmarks/stats.py list                  # the configurations and their files
    python benchmarks/stats.py speed [NAME …]        # games per CPU second, a chunk each
    python benchmarks/stats.py run --workers 2 [--presets | --variants | NAME …]
                                                     # resumable: run again after a stop
    python benchmarks/stats.py crosscheck [GAME …] [--batch 100000] [--scalar 2000] [--seed S]
                                                     # batch against scalar tournaments

A configuration is named ``GAME[-PRESET]-Np[-VARIANT]``: the presets of every game at 2-6
players (EXXtra at 3-6), and every variant of the command line at 4 players on its preset
(VXV-6 is Verflixxt! at 7 and 8 players). Its seed is the CRC-32 of its name, so that the
runs are independent of each other and the same whenever they are made. A configuration
runs in ``benchmarks/results/stats/running/`` (not committed) and moves beside the others
when finished.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from amigo_rules import GameRecord, exxtra, stats, verflixxt, verflixxt_hoch
from amigo_rules.arena import tournament
from amigo_rules.cli.games import view
from amigo_rules.core import StateError

RESULTS = Path(__file__).resolve().parent / "results" / "stats"
GAMES = 1_000_000
PRESETS = {  # game: (presets, player counts)
    "verflixxt": (("classic", "amigo", "amigo_pro"), range(2, 7)),
    "verflixxt_hoch": (("standard",), range(2, 7)),
    "exxtra": ((None,), range(3, 7)),
}
VARIANT_PRESET = {"action_tiles": {"verflixxt": "amigo_pro"}}
"""The preset a variant is measured on when not the game's first."""
VXV_6 = ("verflixxt", "classic", (7, 8))
"""Seven and eight players (VXV-6), a player count rather than an option."""

log = logging.getLogger("stats")


def name(game: str, preset: str | None, players: int, variant: str | None = None) -> str:
    """A configuration's name."""
    parts = [game, *([preset] if preset else []), f"{players}p", *([variant] if variant else [])]
    return "-".join(parts)


def configurations() -> dict[str, tuple[str, str | None, int, tuple[str, ...]]]:
    """Every configuration: name -> (game, preset, players, variants)."""
    out = {}
    for game, (presets, counts) in PRESETS.items():
        for preset in presets:
            for players in counts:
                out[name(game, preset, players)] = (game, preset, players, ())
    for game, (presets, _) in PRESETS.items():
        for variant in view(game).variants:
            preset = VARIANT_PRESET.get(variant, {}).get(game, presets[0])
            out[name(game, preset, 4, variant)] = (game, preset, 4, (variant,))
    game, preset, counts = VXV_6
    for players in counts:
        out[name(game, preset, players)] = (game, preset, players, ())
    return out


def is_preset(config: str) -> bool:
    _, _, players, variants = configurations()[config]
    return not variants and players <= 6


def rules_of(config: str):
    game, preset, players, variants = configurations()[config]
    return view(game).make_rules(preset, players, variants)


def seed_of(config: str) -> int:
    return zlib.crc32(config.encode())


def path_of(config: str) -> Path:
    """Where a configuration's finished results are (what the docs read)."""
    return RESULTS / f"{config}.json"


def running_path(config: str) -> Path:
    """Where its results are while it runs (not in git), moved to `path_of` when done."""
    return RESULTS / "running" / f"{config}.json"


def run_one(config: str, games: int, executor) -> None:
    game = configurations()[config][0]
    path = running_path(config)
    path.parent.mkdir(parents=True, exist_ok=True)
    started, last = time.monotonic(), [0.0]

    def progress(finished: int, planned: int) -> None:
        now = time.monotonic()
        if now - last[0] >= 60 or finished == planned:
            last[0] = now
            log.info("%s: %d of %d games (%.0f s)", config, finished, planned, now - started)

    summary = stats.measure(game, rules_of(config), games=games, seed=seed_of(config),
                            executor=executor, results=path, progress=progress)
    path.replace(path_of(config))
    log.info("%s done: %d games, %.0f CPU s (%.0f games per CPU s)", config, summary.games,
             summary.cpu_seconds, summary.games / max(summary.cpu_seconds, 1e-9))


def command_run(args) -> None:
    chosen = selection(args)
    RESULTS.mkdir(parents=True, exist_ok=True)
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for config in chosen:
            try:
                if stats.load(path_of(config)).games == args.games:
                    log.info("%s: already done", config)
                    continue
            except (OSError, StateError):
                pass
            run_one(config, args.games, executor)
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)


def selection(args) -> list[str]:
    every = configurations()
    unknown = [c for c in args.names if c not in every]
    if unknown:
        sys.exit(f"unknown configurations {unknown}; see: python benchmarks/stats.py list")
    if args.names:
        return list(args.names)
    if args.presets:
        return [c for c in every if is_preset(c)]
    if args.variants:
        return [c for c in every if not is_preset(c)]
    return list(every)


def command_list(_args) -> None:
    for config in configurations():
        path = path_of(config)
        try:
            summary = stats.load(path)
            state = f"{summary.games:,} games, {summary.cpu_seconds:,.0f} CPU s"
        except OSError:
            state = "running" if running_path(config).exists() else "not run"
        except StateError as exc:
            state = f"unfinished or unreadable: {exc}"
        print(f"{config:42} {'preset' if is_preset(config) else 'variant':8} {state}")


def command_speed(args) -> None:
    for config in selection(args):
        try:
            summary = stats.measure(configurations()[config][0], rules_of(config),
                                    games=args.games, seed=seed_of(config))
        except Exception as exc:  # a variant the batch engine does not play yet
            print(f"{config:42} {type(exc).__name__}: {exc}", flush=True)
            continue
        rate = summary.games / summary.cpu_seconds
        print(f"{config:42} {rate:8.0f} games/CPU s  {args.total / rate / 3600:6.2f} CPU h "
              f"per {args.total:,} games", flush=True)


CROSSCHECK = {
    "verflixxt": verflixxt.Rules.classic(players=3),
    "verflixxt_hoch": verflixxt_hoch.Rules(players=3),
    "exxtra": exxtra.Rules(players=3),
}
"""The rules of the cross-check: three players (EXXtra's fewest)."""


def scalar_summary(game: str, rules, agent: str, games: int, seed: int) -> stats.Summary:
    """The statistics of a tournament of the scalar engine, ``agent`` in every seat, each
    game's record replayed (`amigo_rules.stats.tally_of`)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.jsonl"
        tournament(game, [agent], rules=rules, games=games, seed=seed, results=path)
        lines = path.read_text(encoding="utf-8").splitlines()[1:]
    records = [GameRecord.from_json(json.dumps(json.loads(line)["record"])) for line in lines]
    return stats.Summary(game, rules, (agent,) * rules.players, seed, 0,
                         stats.tally_of(records))


def crosscheck(game: str, batch_games: int, scalar_games: int, seed: int = 0
               ) -> tuple[stats.Summary, stats.Summary, stats.Differences]:
    """The baseline agents' statistics on the batch engine and in a tournament of the
    scalar engine, and the scalar's differences from the batch's."""
    rules, agent = CROSSCHECK[game], stats.baseline(game)
    batch = stats.measure(game, rules, agents=agent, games=batch_games, seed=seed)
    scalar = scalar_summary(game, rules, agent, scalar_games, seed)
    return batch, scalar, stats.Differences.between(0, batch, scalar)


def figures(differences: stats.Differences) -> dict[str, stats.Estimate]:
    """Every difference of a comparison by name."""
    return {
        **{f"P{seat} win share": d for seat, d in enumerate(differences.win)},
        **{f"P{seat} mean score": d for seat, d in enumerate(differences.score)},
        "mean turns": differences.turns, "mean decisions": differences.decisions,
        "half-time leader's win share": differences.half_time,
        "share of shared wins": differences.shared,
    }


def command_crosscheck(args) -> None:
    unknown = [game for game in args.games if game not in CROSSCHECK]
    if unknown:
        sys.exit(f"no cross-check of {unknown}; the games are {', '.join(CROSSCHECK)}")
    for game in args.games or CROSSCHECK:
        batch, scalar, differences = crosscheck(game, args.batch, args.scalar, args.seed)
        print(f"\n{game}, 3 players, {stats.baseline(game)}: {batch.games:,} batch games, "
              f"{scalar.games:,} scalar games (scalar - batch, 95% interval)")
        values = {**{f"P{s} win share": (b.win.value, c.win.value)
                     for s, (b, c) in enumerate(zip(batch.seats, scalar.seats, strict=True))},
                  **{f"P{s} mean score": (b.score.mean.value, c.score.mean.value)
                     for s, (b, c) in enumerate(zip(batch.seats, scalar.seats, strict=True))},
                  "mean turns": (batch.turns.mean.value, scalar.turns.mean.value),
                  "mean decisions": (batch.decisions.mean.value, scalar.decisions.mean.value),
                  "half-time leader's win share": (batch.half_time.value, scalar.half_time.value),
                  "share of shared wins": (batch.shared.value, scalar.shared.value)}
        for figure, change in figures(differences).items():
            mark = "" if change.low <= 0 <= change.high else "  outside"
            b, c = values[figure]
            print(f"  {figure:30} batch {b:9.4f}  scalar {c:9.4f}  {change.value:+.4f} "
                  f"[{change.low:+.4f}, {change.high:+.4f}]{mark}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="the configurations and their files")
    listing.set_defaults(action=command_list)
    for command, action in (("run", command_run), ("speed", command_speed)):
        sub = commands.add_parser(command)
        sub.add_argument("names", nargs="*", metavar="NAME")
        sub.add_argument("--presets", action="store_true", help="the presets only")
        sub.add_argument("--variants", action="store_true", help="the variants only")
        sub.set_defaults(action=action)
    run = commands.choices["run"]
    run.add_argument("--games", type=int, default=GAMES)
    run.add_argument("--workers", type=int, default=1)
    speed = commands.choices["speed"]
    speed.add_argument("--games", type=int, default=stats.CHUNK)
    speed.add_argument("--total", type=int, default=GAMES)
    check = commands.add_parser("crosscheck", help="batch against scalar tournaments")
    check.add_argument("games", nargs="*", metavar="GAME", help=", ".join(CROSSCHECK))
    check.add_argument("--batch", type=int, default=100_000)
    check.add_argument("--scalar", type=int, default=2_000)
    check.add_argument("--seed", type=int, default=0)
    check.set_defaults(action=command_crosscheck)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    args.action(args)


if __name__ == "__main__":
    main()
