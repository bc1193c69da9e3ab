"""Nobody sees through the server what their seat may not see: for every hidden-information
configuration, two tables that differ only in what seat ``s`` cannot see give ``s``
byte-identical answers (HTTP seat view, its board picture, every WebSocket message), and
spectators (who see only what is public) likewise.

The two tables: ``A`` from a seed, played until something is hidden from ``s``; ``B`` from
a state drawn consistent with what ``s`` sees of ``A`` then (``sample_state``); then the
same player moves in both, chance outcomes that differ where ``s`` (and a spectator) sees
the same in both (the library's observation and narration as the premise)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from server_helpers import Client, bearer
from starlette.testclient import TestClient

from amigo_rules import CHANCE, SPECTATOR, TERMINAL, get_game
from amigo_rules.core import jsonio
from amigo_rules.server import TableRow, open_storage, tables
from amigo_rules.server.app import create_app
from amigo_rules.server.tables import token_hash

CONFIGURATIONS = [
    ("verflixxt", {"players": 3, "towers": "hidden", "hidden_tiles": True}, 0),
    ("verflixxt", {"players": 2, "towers": "top"}, 1),
    ("verflixxt", {"players": 2, "hidden_tiles": True}, 0),
    ("verflixxt_hoch", {"players": 3}, 0),
    ("verflixxt_hoch", {"players": 2}, 1),
]
SEED_A, SEED_B = 21, 22
TRIES = 20
WARM_UP = 200
"""Moves played at most before the twins part (a game that hides nothing at its setup)."""
STEPS = 40


def seen(module: Any, state: Any, viewer: int) -> Any:
    return module.observation(state, viewer)


def twin_games(game: str, options: dict[str, Any],
               s: int) -> tuple[Any, Any, list[tuple[str, str]]]:
    """``A``'s and ``B``'s first states and the moves both play, ``s``'s and a spectator's
    view the same all along."""
    module = get_game(game)
    rules = module.Rules(**options)
    a = module.new_game(rules, seed=SEED_A)
    rng = np.random.default_rng(5)
    for _ in range(WARM_UP):  # until something is hidden from the seat
        if module.sample_state(seen(module, a, s), rng) != a:
            break
        legal = module.legal_moves(a)
        a = module.apply(a, legal[int(rng.integers(len(legal)))])
    best: tuple[Any, bool, list[tuple[str, str]]] | None = None
    for _ in range(TRIES):  # the other setup that lets the twins go on longest
        b = module.sample_state(seen(module, a, s), rng)
        if b == a:
            continue
        moves, last_a, last_b = lockstep(module, a, b, s, rng)
        if best is None or len(moves) > len(best[2]):
            best = (b, last_a != last_b, moves)
        if len(moves) == STEPS and last_a != last_b:
            break
    assert best is not None, "no other state looks the same to the seat"
    b, parted, moves = best
    assert parted
    assert len(moves) >= 8, f"only {len(moves)} moves look the same to the seat"
    return a, b, moves


def lockstep(module: Any, a: Any, b: Any, s: int,
             rng: np.random.Generator) -> tuple[list[tuple[str, str]], Any, Any]:
    """The moves both games play (and their last states), ``s`` and a spectator seeing the
    same in both after each: the same player moves, and chance outcomes that differ where
    they can (a card drawn by another player)."""
    moves: list[tuple[str, str]] = []
    for _ in range(STEPS):
        if module.current_player(a) == TERMINAL:
            break
        chance = module.current_player(a) == CHANCE
        ours, theirs = list(module.legal_moves(a)), list(module.legal_moves(b))
        rng.shuffle(ours)  # type: ignore[arg-type]
        same = [(m, n) for m in ours for n in theirs if str(m) == str(n)]
        other = [(m, n) for m in ours for n in theirs if chance and str(m) != str(n)]
        pairs = other + same if rng.random() < 0.5 else same + other
        for move, move_b in pairs:
            after_a, after_b = module.apply(a, move), module.apply(b, move_b)
            if all(seen(module, after_a, v) == seen(module, after_b, v)
                   and module.move_events(a, move, after_a, player=v)
                   == module.move_events(b, move_b, after_b, player=v)
                   for v in (s, SPECTATOR)):
                a, b = after_a, after_b
                moves.append((str(move), str(move_b)))
                break
        else:
            break
    return moves, a, b


def settled(module: Any, first: Any, moves: list[tuple[str, str]], cut: int) -> int:
    """The most moves, at most ``cut``, after which chance is not to move (a table read
    back draws the chance moves due, each twin from its own seed: those may differ in what
    the seat sees)."""
    states = [first]
    for text, _ in moves[:cut]:
        states.append(module.apply(states[-1], module.parse_move(states[-1], text)))
    while cut > 0 and module.current_player(states[cut]) == CHANCE:
        cut -= 1
    return cut


@pytest.fixture(params=CONFIGURATIONS,
                ids=lambda c: f"{c[0]}-{'-'.join(map(str, c[1].values()))}-seat{c[2]}")
def twins(request: pytest.FixtureRequest, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, int, list[int]]]:
    game, options, s = request.param
    module = get_game(game)
    first_a, first_b, moves = twin_games(game, options, s)
    rules_json = json.dumps(jsonio.rules_to_data(first_a.rules))
    database = f"sqlite:///{tmp_path / 'twins.sqlite3'}"
    storage = open_storage(database)
    players = first_a.rules.players
    tokens = [f"token-{p}" for p in range(players)]
    cuts = sorted({settled(module, first_a, moves, cut) for cut in (len(moves) // 2, len(moves))})
    for side, (name, seed) in enumerate((("a", SEED_A), ("b", SEED_B))):
        for cut in cuts:
            table_id = f"{name}{cut}"
            storage.create(TableRow(table_id, module.NAME, rules_json, seed,
                                    ("human",) * players, time.time()),
                           [token_hash(t) for t in tokens])
            for number, pair in enumerate(moves[:cut]):
                assert storage.append(table_id, number, [pair[side]])
    storage.close()
    real_setup = tables.setup_state
    monkeypatch.setattr(tables, "setup_state", lambda m, r, seed: first_b if seed == SEED_B
                        else first_a if seed == SEED_A else real_setup(m, r, seed))
    app_storage = open_storage(database)
    with Client(create_app(app_storage)) as client:
        yield client, s, cuts
    app_storage.close()


def receive(socket: Any, count: int) -> list[str]:
    return [socket.receive_text() for _ in range(count)]


def test_a_seat_and_a_spectator_see_the_same_at_tables_differing_only_in_what_they_cannot_see(
        twins: tuple[TestClient, int, list[int]]) -> None:
    client, s, cuts = twins
    for cut in cuts:
        answers = []
        for name in ("a", "b"):
            url = f"/api/tables/{name}{cut}/seats/{s}"
            view = client.get(url, headers=bearer(f"token-{s}"))
            assert view.status_code == 200
            board = client.get(f"{url}/board.svg", headers=bearer(f"token-{s}")).text
            to_move = bool(view.json()["legal"])
            with client.websocket_connect(f"/ws/tables/{name}{cut}/seats/{s}?token=token-{s}"
                                          ) as socket:
                frames = receive(socket, 1 + cut + to_move)
            answers.append((view.content, board, frames))
        assert answers[0] == answers[1]
        view_json = json.loads(answers[0][0])
        assert len(view_json["events"]) == cut
        frames = [json.loads(f) for f in answers[0][2]]
        assert frames[0]["seed"] is None
        if len(frames) > cut + 1:
            assert frames[-1]["type"] == "act" and len(frames[-1]["previews"]) == len(
                frames[-1]["legal"])
        answers = []
        for name in ("a", "b"):
            board = client.get(f"/api/tables/{name}{cut}/board.svg")
            assert board.status_code == 200
            facts = client.get(f"/api/tables/{name}{cut}").json()
            del facts["table"], facts["created"], facts["since"]
            with client.websocket_connect(f"/ws/tables/{name}{cut}/watch") as socket:
                frames = receive(socket, 1 + cut)
            answers.append((board.text, facts, frames))
        assert answers[0] == answers[1]
        assert json.loads(answers[0][2][0])["seat"] is None
