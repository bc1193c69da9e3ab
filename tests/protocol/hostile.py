"""Hostile engines for the tests: ``python hostile.py MODE`` plays random legal moves, but
with one misbehaviour (MODE) each; stdlib only."""

import json
import os
import random
import sys
import time

MODE = sys.argv[1]


def send(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def message(**fields) -> None:
    send(json.dumps(fields).encode() + b"\n")


if MODE == "deaf" and "family" in sys.argv and os.fork() == 0:
    time.sleep(60)  # a child that only the engine's process group being killed ends
    os._exit(0)
if MODE == "banner":
    send(b"MyEngine 1.0 starting up...\n")
if MODE == "silent":
    time.sleep(60)
for line in sys.stdin.buffer:
    got = json.loads(line)
    kind = got["type"]
    if kind == "hello":
        if MODE == "fork":
            if os.fork() == 0:  # a child left behind in the engine's process group
                time.sleep(60)
                os._exit(0)
            sys.exit(0)
        message(type="ready", name=f"hostile-{MODE}", version="0")
    elif kind == "act":
        number = got["move_number"]
        choice = random.choice(got["legal"])["id"]
        if MODE == "big":
            send(b'{"type": "info", "text": "' + b"x" * (2 << 20) + b'"}\n')
        elif MODE == "binary":
            send(bytes(range(256)) * 4 + b"\n")
        elif MODE == "half":
            send(b'{"type": "move", "move_num')
            time.sleep(60)
        elif MODE == "stale":
            message(type="move", move_number=number + 1, id=choice)
        elif MODE == "wrong-id":
            message(type="move", move_number=number, id=10**6)
        elif MODE == "wrong-move":
            message(type="move", move_number=number, move="fly away")
        elif MODE == "disagree":  # one legal move's id, another's notation
            other = [m["move"] for m in got["legal"] if m["id"] != choice] or ["fly away"]
            message(type="move", move_number=number, id=choice, move=other[0])
        elif MODE == "crash":
            print("something went badly wrong", file=sys.stderr, flush=True)
            sys.exit(3)
        elif MODE == "noisy":  # megabytes of logging on stderr must not block it
            sys.stderr.write("log line " * 100 + "\n" * 1)
            sys.stderr.write(("x" * 1000 + "\n") * 3000)
            sys.stderr.flush()
            message(type="move", move_number=number, id=choice)
        else:
            message(type="move", move_number=number, id=choice)
    elif kind == "quit" and MODE not in ("deaf", "lingering"):
        sys.exit(0)
if MODE == "lingering":  # reads on after 'quit'; at the end of its input, waits to be let go
    folder = sys.argv[2]
    open(os.path.join(folder, "input-closed"), "w").close()
    while not os.path.exists(os.path.join(folder, "let-go")):
        time.sleep(0.01)
if MODE == "deaf":  # ignores the end of its input too
    time.sleep(60)
