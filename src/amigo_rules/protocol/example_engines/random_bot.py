#!/usr/bin/env python3
"""A complete seat-protocol engine in Python's standard library alone: it plays a uniformly
random legal move in every game (Verflixxt!, Verflixxt hoch², EXXtra).

    python random_bot.py        # speaks the protocol on stdin/stdout
"""

import json
import random
import sys


def main():
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            rng.seed(message.get("seed"))
            reply = {"type": "ready", "name": "random_bot.py", "version": "1.0",
                     "protocol": 1}
        elif kind == "act":
            choice = rng.choice(message["legal"])
            reply = {"type": "move", "move_number": message["move_number"], "id": choice["id"]}
        elif kind == "quit":
            return
        else:  # event, end, error, and any type a later protocol adds
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
