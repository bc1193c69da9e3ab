"""The strength ladder: one agent against three copies of a game's baseline agent, at four
players, seats rotated (game ``i`` seats the agent at ``i % 4``; every pairing plays the same
seeds). The result of a game is the agent's share of the win (1/k among k winners).

    python benchmarks/ladder.py run --config classic --agent mcts:400 --games 400 \\
        --workers 2 --out ladder.jsonl          # appends one line per game; resumable
    python benchmarks/ladder.py table ladder.jsonl     # the markdown table of the docs
    python benchmarks/ladder.py table benchmarks/results/ladder.jsonl.gz   # the docs' runs
    python benchmarks/ladder.py speed --agent mcts:400 --agent mcts:400:random:full
                                                  # simulations per second, per game
    python benchmarks/ladder.py speed --agent mcts:400 … --out results/search-speed.json
    python benchmarks/ladder.py fit --games 60    # fits the evaluation's SHARPNESS

Configurations: ``classic`` and ``amigo`` (Verflixxt!, baseline ``greedy``), ``hoch``
(Verflixxt hoch², ``greedy``), ``exxtra`` (``heuristic``). Agents are registry names
(``random``, ``greedy``, ``mcts:400``, ``mcts:400:random:full`` …). Run by hand; nothing is
asserted.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import html
import json
import math
import os
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

PLAYERS = 4
CONFIGS = {
    "classic": ("verflixxt", "greedy"),
    "amigo": ("verflixxt", "greedy"),
    "hidden": ("verflixxt", "greedy"),
    "hoch": ("verflixxt_hoch", "greedy"),
    "exxtra": ("exxtra", "heuristic"),
}
"""Configuration name: (game, baseline agent)."""
LABELS = {"classic": "Verflixxt! classic", "amigo": "Verflixxt! amigo",
          "hidden": "Verflixxt! hidden towers", "hoch": "Verflixxt hoch²", "exxtra": "EXXtra"}
COPIES = ("", "one", "two", "three", "four", "five")


def rules_of(config: str, players: int = PLAYERS):
    from amigo_rules import exxtra, verflixxt, verflixxt_hoch

    return {
        "classic": lambda: verflixxt.Rules.classic(players=players),
        "amigo": lambda: verflixxt.Rules.amigo(players=players),
        "hidden": lambda: verflixxt.Rules.classic(players=players, towers="hidden"),
        "hoch": lambda: verflixxt_hoch.Rules(players=players),
        "exxtra": lambda: exxtra.Rules(players=players),
    }[config]()


class Timed:
    """Wraps an agent, adding up the seconds and the searched decisions it takes."""

    def __init__(self, agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.simulations = 0

    def act(self, observation, legal_moves):
        start = time.perf_counter()
        move = self.agent.act(observation, legal_moves)
        self.seconds += time.perf_counter() - start
        if len(legal_moves) > 1:
            self.simulations += getattr(self.agent, "simulations", 0)
        return move


def play_one(config: str, agent: str, index: int, baseline: str | None = None,
             players: int = PLAYERS) -> dict:
    """Game ``index`` of ``agent`` against ``players - 1`` copies of ``baseline`` (default:
    the configuration's)."""
    from amigo_rules import play
    from amigo_rules.agents import make_agent

    game = CONFIGS[config][0]
    baseline = baseline or CONFIGS[config][1]
    seat = index % players
    tested = Timed(make_agent(agent, game, seed=10_000 + index))
    agents = [
        tested if p == seat else make_agent(baseline, game, seed=100 * index + p)
        for p in range(players)
    ]
    record = play(game, agents, rules_of(config, players), seed=index)
    winners = record.winners
    share = 1 / len(winners) if seat in winners else 0.0
    row = {
        "config": config, "agent": agent, "baseline": baseline, "game": index, "seat": seat,
        "share": share, "moves": len(record.moves), "seconds": round(tested.seconds, 3),
        "simulations": tested.simulations,
    }
    return row if players == PLAYERS else {**row, "players": players}


def key(row: dict) -> tuple:
    """The row of the table a game belongs to: configuration, agent, opponents, players
    (and settings other than the defaults, in ``results/ladder-settings.jsonl.gz``)."""
    agent = row["agent"] + (f" ({row['settings']})" if "settings" in row else "")
    return row["config"], agent, row["baseline"], row.get("players", PLAYERS)


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            if "settings" not in row:
                done.add((*key(row), row["game"]))
    baseline = args.against or CONFIGS[args.config][1]
    todo = [i for i in range(args.first, args.first + args.games)
            if (args.config, args.agent, baseline, args.players, i) not in done]
    with ProcessPoolExecutor(args.workers) as pool, out.open("a") as sink:
        futures = [pool.submit(play_one, args.config, args.agent, i, baseline, args.players)
                   for i in todo]
        for future in futures:
            sink.write(json.dumps(future.result()) + "\n")
            sink.flush()


def interval(shares: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its normal 95% confidence interval."""
    n = len(shares)
    mean = sum(shares) / n
    var = sum((s - mean) ** 2 for s in shares) / max(1, n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def order(item: tuple[tuple[str, str, str, int], list]) -> tuple:
    """Rows by configuration, then four players before fewer; random, the baseline, MCTS
    by simulations, the rest."""
    (config, agent, baseline, players), _ = item
    base, *params = agent.split(" ")[0].split(":")
    rank = {"random": 0, CONFIGS[config][1]: 1, "mcts": 2}.get(base, 3)
    sims = int(params[0]) if base == "mcts" and params else 0
    return (list(CONFIGS).index(config), -players, rank, sims, agent, baseline)


def read_rows(paths) -> dict[tuple[str, str, str, int], list[dict]]:
    """The games of results files (``.jsonl``, or gzipped ``.jsonl.gz``) by table row
    (`key`), in the table's order."""
    rows: dict[tuple[str, str, str, int], list[dict]] = defaultdict(list)
    for path in map(Path, paths):
        text = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" \
            else path.read_text()
        for line in text.splitlines():
            row = json.loads(line)
            rows[key(row)].append(row)
    return dict(sorted(rows.items(), key=order))


def share_text(mean: float, half: float) -> str:
    """A win share as the table writes it: ``77.2% ± 4.1`` (percentage points)."""
    return f"{100 * mean:.1f}% ± {100 * half:.1f}"


def shown(agent: str) -> str:
    """An agent's name as the tables write it: in a code span (a file's path with a line
    break allowed after each ``/``), its settings after it in words (``mcts:400 (its
    settings)``; ``mcts:400:default:default:default:default:learned`` is `mcts:400`
    (learned value))."""
    name, _, settings = agent.partition(" ")
    parts = name.split(":")
    if len(parts) == 7 and set(parts[2:6]) == {"default"}:
        name, settings = ":".join(parts[:2]), f"({parts[6]} value)"
    code = (f"<code>{html.escape(name).replace('/', '/<wbr>')}</code>" if "/" in name
            else f"`{name}`")  # a path may break after its slashes, a name nowhere
    return code + (f" {settings}" if settings else "")


def table_lines(rows: dict[tuple[str, str, str, int], list[dict]]) -> list[str]:
    """The markdown table of `read_rows`: win share per configuration and agent."""
    lines = ["| game | agent | against | players | games | win share (95% CI) |",
             "|---|---|---|---:|---:|---:|"]
    for (config, agent, baseline, players), games in rows.items():
        text = share_text(*interval([g["share"] for g in games]))
        lines.append(f"| {LABELS[config]} | {shown(agent)} | "
                     f"{COPIES[players - 1]} {shown(baseline)} | "
                     f"{players} | {len(games)} | {text} |")
    return lines


def table(args: argparse.Namespace) -> None:
    """The markdown table of the results files: win share per configuration and agent.
    Speed is left to ``speed`` (the games' seconds depend on the machine's load)."""
    print("\n".join(table_lines(read_rows(args.files))))


def positions(config: str, games: int, every: int = 7) -> list[tuple[object, tuple]]:
    """(observation, legal moves) of every ``every``-th decision with a choice, from games
    between the baseline agents."""
    from amigo_rules import CHANCE, TERMINAL, get_game
    from amigo_rules.agents import make_agent
    from amigo_rules.core import chance_rng, decide, sample_chance

    game, baseline = CONFIGS[config]
    module = get_game(game)
    found = []
    for index in range(games):
        agents = [make_agent(baseline, game, seed=p) for p in range(PLAYERS)]
        state = module.new_game(rules_of(config), seed=index)
        rng = chance_rng(index)
        decisions = 0
        while (player := module.current_player(state)) != TERMINAL:
            if player == CHANCE:
                move = sample_chance(module, state, rng)
            else:
                legal = module.legal_moves(state)
                observation = module.observation(state, player)
                if len(legal) > 1:
                    decisions += 1
                    if decisions % every == 0:
                        found.append((observation, legal))
                move = decide(agents[player], observation, legal)
            state = module.apply(state, move)
    return found


SPEED_FORMAT = "amigo-rules search speed 1"
"""The ``format`` of the results file ``speed --out`` writes."""


def speed(args: argparse.Namespace) -> None:
    """Simulations per CPU second of each agent on the same positions, per configuration,
    and CPU milliseconds per decision (the only figure of an agent without simulations,
    such as ``rollout:100``); ``--out`` also writes them as a results file."""
    from amigo_rules.agents import make_agent

    document = {"format": SPEED_FORMAT, "date": datetime.date.today().isoformat(),
                "games": args.games, "players": PLAYERS, "cores": os.cpu_count(),
                "load": round(os.getloadavg()[0], 1), "agents": args.agent, "rows": []}
    print(f"{'config':<8} {'agent':<26} {'decisions':>9} {'sims/s':>8} {'ms/decision':>11}")
    for config in args.configs or CONFIGS:
        found = positions(config, args.games)
        for name in args.agent:
            agent = make_agent(name, CONFIGS[config][0], seed=0)
            start = time.process_time()
            for observation, legal in found:
                agent.act(observation, legal)
            elapsed = time.process_time() - start
            rate = (agent.simulations * len(found) / elapsed
                    if hasattr(agent, "simulations") else None)
            document["rows"].append({"config": config, "agent": name, "decisions": len(found),
                                     "simulations_per_second": rate,
                                     "ms_per_decision": 1000 * elapsed / len(found)})
            per_second = f"{rate:>8,.0f}" if rate is not None else f"{'—':>8}"
            print(f"{config:<8} {name:<26} {len(found):>9} {per_second} "
                  f"{1000 * elapsed / len(found):>11.1f}", flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.out}")


def tables(document: dict) -> dict[str, str]:
    """The tables of a ``speed --out`` results file: ``simulations``, simulations per CPU
    second of each agent (a row) in each configuration (a column); ``decisions``, CPU
    milliseconds per decision likewise."""
    cells = {(row["config"], row["agent"]): row for row in document["rows"]}
    configs = list(dict.fromkeys(row["config"] for row in document["rows"]))
    found = {}
    for name, field, text in (("simulations", "simulations_per_second", "{:,.0f}"),
                              ("decisions", "ms_per_decision", "{:,.1f}")):
        lines = ["| agent | " + " | ".join(LABELS[config] for config in configs) + " |",
                 "|---|" + "---:|" * len(configs)]
        for agent in document["agents"]:
            values = [cells[config, agent][field] for config in configs]
            lines.append(f"| {shown(agent)} | " + " | ".join(
                "—" if value is None else text.format(value) for value in values) + " |")
        found[name] = "\n".join(lines)
    return found


def fit(args: argparse.Namespace) -> None:
    """Fit ``b`` and ``w`` of the cut-off evaluation ``softmax(b * (score + w * pending))``
    to the winners of baseline games by maximum likelihood, over every 5th position."""
    import numpy as np

    from amigo_rules import get_game, play
    from amigo_rules.agents import make_agent
    from amigo_rules.agents.playouts import pending_for

    for config in args.configs or CONFIGS:
        game, baseline = CONFIGS[config]
        module = get_game(game)
        pending = pending_for(module)
        scores, gains, shares = [], [], []
        for index in range(args.games):
            agents = [make_agent(baseline, game, seed=100 * index + p) for p in range(PLAYERS)]
            record = play(game, agents, rules_of(config), seed=50_000 + index)
            share = [1 / len(record.winners) if p in record.winners else 0.0
                     for p in range(PLAYERS)]
            state = module.new_game(rules_of(config), seed=50_000 + index)
            for step, move in enumerate(record.moves):
                state = module.apply(state, move)
                if step % 5 == 0 and not module.is_terminal(state):
                    scores.append(module.score(state))
                    gains.append(pending(state) if pending else [0] * PLAYERS)
                    shares.append(share)
        x, g, w = (np.asarray(a, dtype=float) for a in (scores, gains, shares))
        weights = np.linspace(0, 1, 11) if pending else (0.0,)
        grid = [(b, weight) for b in np.linspace(0, 0.5, 101) for weight in weights]
        values = [likelihood(x + weight * g, w, b) for b, weight in grid]
        best = int(np.argmax(values))
        b, weight = grid[best]
        plain = max(likelihood(x, w, c) for c, _ in grid)
        print(f"{config:<8} positions {len(x):>6}  b = {b:.3f}  w = {weight:.1f}  "
              f"log-likelihood {values[best]:.4f} (w = 0: {plain:.4f}; "
              f"uniform {likelihood(x, w, 0.0):.4f})", flush=True)


def likelihood(measure, shares, b: float) -> float:
    """Mean log-likelihood of the win shares under ``softmax(b * measure)``, per position."""
    import numpy as np

    z = b * measure
    z = z - z.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float((shares * log_p).sum(axis=1).mean())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play_parser = sub.add_parser("run", help="play games, appending results to --out")
    play_parser.add_argument("--config", choices=CONFIGS, required=True)
    play_parser.add_argument("--agent", required=True, help="registry name, e.g. mcts:400")
    play_parser.add_argument("--against", help="the other seats' agent (default: baseline)")
    play_parser.add_argument("--players", type=int, default=PLAYERS)
    play_parser.add_argument("--games", type=int, default=400)
    play_parser.add_argument("--first", type=int, default=0, help="index of the first game")
    play_parser.add_argument("--workers", type=int, default=2)
    play_parser.add_argument("--out", default="ladder.jsonl")
    play_parser.set_defaults(func=run)
    table_parser = sub.add_parser("table", help="print the markdown table of results files")
    table_parser.add_argument("files", nargs="+")
    table_parser.set_defaults(func=table)
    speed_parser = sub.add_parser("speed", help="simulations per second on baseline games")
    speed_parser.add_argument("--agent", action="append", required=True)
    speed_parser.add_argument("--config", dest="configs", action="append", choices=CONFIGS)
    speed_parser.add_argument("--games", type=int, default=3, help="games to take positions from")
    speed_parser.add_argument("--out", help="also write the figures to this results file")
    speed_parser.set_defaults(func=speed)
    fit_parser = sub.add_parser("fit", help="fit the cut-off evaluation's sharpness")
    fit_parser.add_argument("--config", dest="configs", action="append", choices=CONFIGS)
    fit_parser.add_argument("--games", type=int, default=60)
    fit_parser.set_defaults(func=fit)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    sys.exit(main())
