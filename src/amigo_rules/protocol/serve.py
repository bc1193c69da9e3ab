"""The seat side of the protocol: any of our agents as an engine.

``python -m amigo_rules.protocol.serve NAME`` serves a registered agent (``random``,
``heuristic``, ``mcts:200``), built afresh for every game from the ``hello``'s game and seed.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

import numpy as np

from .. import __version__
from ..agents import make_agent
from ..core import GAMES, agent_name, decide, get_game
from ..core.errors import AmigoRulesError
from . import messages


def serve(agent: Any, *, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Play ``agent`` over the protocol on ``stdin``/``stdout`` (the process's by default)
    until ``quit`` or the end of the input; 0 then, 1 after a message it cannot read
    (said on stderr). ``agent`` is an agent, or a registered agent name built for each
    game (seeded from the ``hello``'s seed and seat)."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    seat = Seat(agent)
    while line := stdin.readline(messages.MAX_LINE + 2):
        try:
            message = messages.read_host(line)
            answer = None if message is None else seat.hear(message)
        except (AmigoRulesError, KeyError) as exc:
            print(f"serve: {type(exc).__name__}: {exc}", file=sys.stderr)
            return 1
        if answer == messages.QUIT:
            return 0
        if answer is not None:
            stdout.write(messages.encode(answer).decode())
            stdout.flush()
    return 0


class Seat:
    """One agent's seat across games: what to answer to each host message."""

    def __init__(self, agent: Any) -> None:
        self.source = agent
        self.agent: Any = None if isinstance(agent, str) else agent
        self.module: Any = None
        self.rng = np.random.default_rng(0)

    def hear(self, message: messages.Message) -> messages.Message | None:
        """The answer to ``message`` (`messages.QUIT` to stop), or ``None``."""
        kind = message["type"]
        if kind == "hello":
            self.module = get_game(message["game"])
            seed = message.get("seed")
            seed = seed if type(seed) is int else None
            if isinstance(self.source, str):
                self.agent = make_agent(self.source, self.module.NAME,
                                        seed=None if seed is None else seed + message["seat"])
            self.rng = np.random.default_rng(seed)
            return {"type": "ready", "name": agent_name(self.agent), "version": __version__,
                    "author": "amigo-rules", "protocol": messages.PROTOCOL}
        if kind == "act":
            return self.act(message)
        if kind == "quit":
            return messages.QUIT
        return None

    def act(self, message: messages.Message) -> messages.Message:
        """Our agent's move: the host's legal moves matched to the game's own (the table
        rebuilt from the observation, as the agent could see it)."""
        if self.module is None:
            raise messages.ProtocolError("'act' before 'hello'")
        module = self.module
        observation = module.observation_from_json(json.dumps(message["observation"]))
        ours = {str(m): m for m in module.legal_moves(module.sample_state(observation, self.rng))}
        by_move = {}
        for entry in message["legal"]:
            if entry["move"] not in ours:
                raise messages.ProtocolError(f"'act': {entry['move']!r} is not a legal move here")
            by_move[ours[entry["move"]]] = entry["id"]
        move = decide(self.agent, observation, tuple(by_move))
        return {"type": "move", "move_number": message["move_number"], "id": by_move[move]}


def main(argv: list[str] | None = None) -> int:
    """``python -m amigo_rules.protocol.serve NAME``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m amigo_rules.protocol.serve AGENT  (e.g. random, mcts:200)",
              file=sys.stderr)
        return 2
    for game in GAMES:
        try:
            make_agent(args[0], game, seed=0)
            break
        except AmigoRulesError:
            continue
    else:
        print(f"serve: no game has an agent {args[0]!r}", file=sys.stderr)
        return 2
    return serve(args[0])


if __name__ == "__main__":
    sys.exit(main())
