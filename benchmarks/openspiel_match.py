"""`MCTSAgent` against OpenSpiel's Python search bots at equal time per move: two players,
seats alternating (game ``i`` seats our agent at ``i % 2``), OpenSpiel's loop.

    python benchmarks/openspiel_match.py --config hidden --bot ismcts --agent mcts:100 \\
        --games 200 --out ladder.jsonl       # appends ladder rows; resumable
    python benchmarks/ladder.py table ladder.jsonl

Equal time: a first game (not recorded) measures both sides' CPU seconds per decision with
OpenSpiel's bot at 20 simulations; the bot then gets the simulations per move that cost it
the time our agent takes. It searches with random rollouts, ``uct_c`` 1.4 (``MCTSBot``
searches the true state, hidden towers included). Every row records both sides' CPU
seconds and decisions. Needs the ``openspiel`` extra. Run by hand; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from ladder import CONFIGS, rules_of

CONFIGS_2 = ("hidden", "hoch", "classic")
"""The two-player configurations of the match."""
LIMIT = 2000
"""OpenSpiel's move limit for games without one (hoch²); a truncated game has no winner."""


def make_bot(kind: str, game, simulations: int, seed: int):
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if kind == "ismcts":
        return ismcts.ISMCTSBot(game, evaluator, 1.4, simulations, random_state=rng)
    return mcts.MCTSBot(game, 1.4, simulations, evaluator, random_state=rng)


def calibrate(kind: str, agent: str, config: str) -> int:
    """The simulations per move of OpenSpiel's bot that take the CPU time ``agent`` takes
    per decision, from a game (not recorded) with the bot at 20 simulations."""
    trial = 20
    row = play_one(config, agent, kind, trial, 1_000_000)
    ours = row["seconds"] / row["decisions"]
    theirs = row["baseline_seconds"] / row["baseline_decisions"]
    return max(1, round(trial * ours / theirs))


def load(config: str):
    from amigo_rules.adapters import openspiel

    rules = rules_of(config, 2)
    spec = CONFIGS[config][0]
    bounded = openspiel.load_game(spec, rules).max_game_length()
    return openspiel.load_game(spec, rules, max_game_length=None if bounded else LIMIT)


def play_one(config: str, agent: str, kind: str, simulations: int, index: int) -> dict:
    """Game ``index``: our agent at seat ``index % 2``, OpenSpiel's bot at the other; each
    side's CPU seconds and decisions."""
    from amigo_rules.adapters import openspiel
    from amigo_rules.agents import make_agent

    game = load(config)
    seat = index % 2
    bots = [openspiel.AgentBot(make_agent(agent, CONFIGS[config][0], seed=10_000 + index)),
            make_bot(kind, game, simulations, index)]
    seconds, decisions = [0.0, 0.0], [0, 0]
    rng = np.random.default_rng(index)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            side = int(state.current_player() != seat)
            start = time.process_time()
            action = bots[side].step(state)
            seconds[side] += time.process_time() - start
            decisions[side] += 1
            state.apply_action(action)
        moves += 1
    return {
        "config": config, "agent": agent, "baseline": f"openspiel-{kind}:{simulations}",
        "game": index, "seat": seat, "share": state.returns()[seat], "moves": moves,
        "seconds": round(seconds[0], 3), "decisions": decisions[0],
        "baseline_seconds": round(seconds[1], 3), "baseline_decisions": decisions[1],
        "players": 2,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", choices=CONFIGS_2, required=True)
    parser.add_argument("--bot", choices=("ismcts", "mcts"), required=True)
    parser.add_argument("--agent", default="mcts:100")
    parser.add_argument("--simulations", type=int, help="the bot's (default: calibrated)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--out", default="ladder.jsonl")
    args = parser.parse_args(argv)
    simulations = args.simulations
    if simulations is None:
        simulations = calibrate(args.bot, args.agent, args.config)
        print(f"OpenSpiel {args.bot}: {simulations} simulations per move", flush=True)
    out = Path(args.out)
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done.add((row["config"], row["agent"], row["baseline"], row["game"]))
    baseline = f"openspiel-{args.bot}:{simulations}"
    with out.open("a") as sink:
        for index in range(args.first, args.first + args.games):
            if (args.config, args.agent, baseline, index) in done:
                continue
            row = play_one(args.config, args.agent, args.bot, simulations, index)
            sink.write(json.dumps(row) + "\n")
            sink.flush()


if __name__ == "__main__":
    sys.exit(main())
