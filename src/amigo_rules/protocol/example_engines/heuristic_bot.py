#!/usr/bin/env python3
"""A simple heuristic seat-protocol engine in Python's standard library alone, for every
game. It reads only the messages: the observation document and the legal moves' notation.

- EXXtra: re-roll a low first roll, else place the dice on the highest free rung;
- Verflixxt! and hoch²: prefer moves that reach further along the track (the largest
  number in the notation), a steal over anything else, and never a move it cannot read.

    python heuristic_bot.py     # speaks the protocol on stdin/stdout
"""

import json
import re
import sys


def exxtra(observation, legal):
    """Re-roll a first roll of a low combination; else the highest rung offered."""
    moves = [entry["move"] for entry in legal]
    roll = observation["roll"]
    if "reroll" in moves and roll is not None and roll < 40:
        return legal[moves.index("reroll")]
    places = [entry for entry in legal if entry["move"].startswith("place")]
    if places:
        return max(places, key=lambda entry: int(entry["move"].split()[1]))
    return legal[0]


def track(observation, legal):
    """Steal when offered, else the move naming the largest number (furthest along)."""
    for entry in legal:
        if entry["move"].startswith("steal"):
            return entry

    def reach(entry):
        numbers = [int(n) for n in re.findall(r"-?\d+", entry["move"])]
        return sum(numbers)

    return max(legal, key=reach)


def main():
    game = None
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            game = message["game"]
            reply = {"type": "ready", "name": "heuristic_bot.py", "version": "1.0",
                     "author": "amigo-rules examples", "protocol": 1}
        elif kind == "act":
            document = message["observation"]["observation"]
            choose = exxtra if game == "exxtra" else track
            choice = choose(document, message["legal"])
            reply = {"type": "move", "move_number": message["move_number"], "id": choice["id"]}
        elif kind == "quit":
            return
        else:
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
