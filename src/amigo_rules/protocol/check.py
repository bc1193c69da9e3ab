"""The conformance checker for bot authors: ``python -m amigo_rules.protocol.check COMMAND``.

Plays a few games of every game against the engine (in every seat in turn, the other seats
random), with the protocol's checks on, and says what the engine did wrong; at the end it
sends ``quit`` and checks that the engine exits by itself. Exit code 0 when all is well,
1 when the engine failed a check, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable

from ..agents import RandomAgent
from ..core import GAMES, AgentError, get_game, play
from .engine import QUIT_GRACE, EngineAgent, EngineError

Report = Callable[[str], None]


def check(command: str, *, games: int = 2, move_timeout: float = 5.0,
          handshake_timeout: float = 10.0, report: Report = print) -> list[str]:
    """Play ``games`` games of every game against ``command``; the problems found (empty
    when the engine passed), each told to ``report`` as found, like the games passed."""
    problems: list[str] = []
    engine = EngineAgent(command, handshake_timeout=handshake_timeout,
                         move_timeout=move_timeout)
    try:
        for game in GAMES:
            module = get_game(game)
            players = module.initial_state(None).rules.players
            for number in range(games):
                seat = number % players
                agents: list[object] = [RandomAgent(seed=number * 10 + p)
                                        for p in range(players)]
                agents[seat] = engine
                problem = _one_game(game, agents, seat, number)
                line = f"{game} game {number + 1} (seat {seat}): "
                if problem is None:
                    report(line + "ok")
                else:
                    problems.append(line + problem)
                    report(line + "FAIL: " + problem)
        process = engine.process
        engine.close()
        if process is not None and process.popen.returncode == -signal.SIGKILL:
            problem = f"the engine did not exit within {QUIT_GRACE:g} s of 'quit' (killed)"
            problems.append(problem)
            report("quit: FAIL: " + problem)
        elif process is not None:
            report("quit: ok")
    finally:
        engine.close()
    return problems


def _one_game(game: str, agents: list[object], seat: int, seed: int) -> str | None:
    """What went wrong in one game, or ``None``."""
    try:
        play(game, agents, seed=seed)
    except AgentError as exc:
        cause = exc.__cause__
        if isinstance(cause, EngineError):
            return f"{cause.kind}: {cause}"
        return str(exc)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m amigo_rules.protocol.check",
        description="Check that an engine speaks the seat protocol: play a "
                    "few games of every game against it and say what it did wrong.")
    parser.add_argument("command", nargs="+", help="the engine's command, e.g. node bot.js")
    parser.add_argument("--games", type=int, default=2, help="games per game (default 2)")
    parser.add_argument("--move-timeout", type=float, default=5.0, metavar="SECONDS",
                        help="seconds per move (default 5)")
    args = parser.parse_args(argv)
    command = args.command[0] if len(args.command) == 1 else args.command
    problems = check(command, games=max(1, args.games), move_timeout=args.move_timeout)
    if problems:
        print(f"{len(problems)} problem(s): the engine does not conform", file=sys.stderr)
        return 1
    print("the engine conforms to the seat protocol (version 1)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
