"""What the server writes, made cheaper and kept the same: a move's messages encoded by
orjson exactly as `messages.text` writes them (`tables._line`), the observation documents'
fields too (`tables._compact`), the frames of one turn of the event loop gathered into
one write (`wire.Gathered`, the WebSocket protocol of ``serve``) and written without the
ASGI round (`wire.DIRECT`) — the same bytes, fewer system calls; the frames written and
a client's frames read by hand (`wire.text_frame`, `wire.one_text_frame`) — websockets'
bytes, websockets' reading."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import uvicorn_thread
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosed
from websockets.frames import Opcode
from websockets.protocol import Protocol, Side, State
from websockets.server import ServerProtocol
from websockets.sync.client import connect
from websockets.uri import parse_uri

from amigo_rules import get_game
from amigo_rules.core import SPECTATOR, jsonio
from amigo_rules.protocol import messages
from amigo_rules.server import TableRow, seats, wire
from amigo_rules.server.app import MAX_FRAME
from amigo_rules.server.remote import RandomRemote
from amigo_rules.server.seats import Connection
from amigo_rules.server.tables import LiveTable, _compact, _document, _line

# ---------------------------------------------------------------- the lines

TEXT = st.text(st.characters() | st.sampled_from("\x00\x1f\x7f\"\\\u2028é◀\ud800"))
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12)
RAW = st.builds(lambda value: messages.Raw(json.dumps(value, separators=(",", ":"))), VALUES)


@settings(max_examples=400)
@given(st.dictionaries(TEXT, VALUES | RAW, max_size=6))
def test_a_moves_line_is_what_messages_text_writes(message: dict[str, Any]) -> None:
    """Strings of any character (control characters, quotes, non-ASCII, lone surrogates),
    integers beyond 64 bits, nested lists and objects, embedded documents: the same
    text (without looking for documents, where there are none: an ``event``'s)."""
    assert _line(message) == messages.text(message)
    if messages.Raw not in map(type, message.values()):
        assert _line(message, raw=False) == messages.text(message)


@pytest.mark.parametrize("game, players", [("verflixxt", 2), ("verflixxt", 4),
                                           ("verflixxt_hoch", 4), ("exxtra", 3)])
def test_every_event_and_act_of_random_games_is_what_messages_text_writes(
        game: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lines of whole games, every viewer's (names with non-ASCII letters), as the
    library's own writer writes them; orjson writes them all (`messages.text` is not
    called)."""
    from amigo_rules.server import tables

    def unused(message: messages.Message) -> str:
        raise AssertionError(f"messages.text wrote {message}")

    module = get_game(game)
    rules_json = json.dumps(jsonio.rules_to_data(module.Rules(players=players)))
    lines: dict[str, list[str]] = {}
    text = messages.text
    for writer in ("orjson", "text"):
        if writer == "orjson":
            monkeypatch.setattr(messages, "text", unused)
        else:
            monkeypatch.setattr(messages, "text", text)
            monkeypatch.setattr(tables, "_line", lambda message, raw=True: text(message))
        written = lines[writer] = []
        for seed in range(3):
            row = TableRow("t", game, rules_json, seed, ("human",) * players, 0.0)
            table = LiveTable(row, [None] * players)
            table.rename([f"Zoë {seat}" for seat in range(players)])
            table.extend(table.plan(None))
            rng = np.random.default_rng(seed)
            while not table.over:
                seat = table.player
                written.append(table.act(seat, previews=True) or "")
                written.append(table.seat_view(seat))
                legal = json.loads(written[-2])["legal"]
                chosen = legal[int(rng.integers(len(legal)))]["id"]
                table.extend(table.plan(table.resolve(seat, table.move_number, chosen, None)))
            for viewer in (*range(players), SPECTATOR):
                written += table.event_lines(viewer)
    assert lines["orjson"] == lines["text"]
    assert len(lines["text"]) > 100


@settings(max_examples=300)
@given(st.dictionaries(TEXT, VALUES, max_size=6))
def test_the_fields_writer_writes_what_jsonio_compact_writes(value: dict[str, Any]) -> None:
    """Non-ASCII text and integers beyond 64 bits too (`jsonio.compact` writes those)."""
    assert _compact(value) == jsonio.compact(value)


@pytest.mark.parametrize("game, options", [
    ("verflixxt", {"players": 2}),
    ("verflixxt", {"players": 3, "towers": "hidden", "hidden_tiles": True,
                   "action_tiles": True, "tactical_cards": True}),
    ("verflixxt_hoch", {"players": 4, "attack": True, "action_tiles": True}),
    ("exxtra", {"players": 3})])
def test_the_servers_observation_documents_are_the_games_own(
        game: str, options: dict[str, Any]) -> None:
    """Every seat's document at every turn of random games, its fields written by orjson
    (`tables._compact`), is the text the game's ``observation_to_json`` writes."""
    module = get_game(game)
    rules = module.Rules(**options)
    documents = 0
    for seed in range(2):
        state = module.new_game(rules, seed=seed)
        rng = np.random.default_rng(seed)
        while not module.is_terminal(state):
            for seat in range(rules.players):
                observation = module.observation(state, seat)
                assert _document(module, observation) == module.observation_to_json(
                    observation)
                documents += 1
            if module.current_player(state) < 0:
                moves = [move for move, _ in module.chance_outcomes(state)]
            else:
                moves = list(module.legal_moves(state))
            state = module.apply(state, moves[int(rng.integers(len(moves)))])
    assert documents > 100


# ---------------------------------------------------------------- gathered writes


class Transport:
    """A transport that records its writes."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = self.aborted = False

    def write(self, data: bytes) -> None:
        assert not self.closed, "written after its close"
        self.writes.append(data)

    def is_closing(self) -> bool:
        return self.closed or self.aborted

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True

    def get_write_buffer_size(self) -> int:
        return 5

    def get_extra_info(self, name: str) -> Any:
        return {"peername": ("127.0.0.1", 9)}.get(name)


async def _turns(gathered: wire.Gathered, transport: Transport) -> None:
    gathered.write(b"one")
    gathered.write(b"")
    gathered.writelines([b"two", bytearray(b"three")])
    assert transport.writes == []
    assert gathered.get_write_buffer_size() == 5 + 11
    await asyncio.sleep(0)  # the turn's end
    assert transport.writes == [b"onetwothree"]
    gathered.write(b"four")
    await asyncio.sleep(0)
    assert transport.writes == [b"onetwothree", b"four"]
    await asyncio.sleep(0)
    assert transport.writes == [b"onetwothree", b"four"]


def test_the_writes_of_one_turn_reach_the_transport_as_one() -> None:
    transport = Transport()

    async def main() -> None:
        gathered = wire.Gathered(transport, asyncio.get_running_loop())  # type: ignore[arg-type]
        await _turns(gathered, transport)
        assert gathered.get_extra_info("peername") == ("127.0.0.1", 9)  # the transport's

    asyncio.run(main())


def test_a_close_sends_what_was_written_first_an_abort_drops_it() -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        closing, aborting, lost = Transport(), Transport(), Transport()
        for transport in (closing, aborting, lost):
            gathered = wire.Gathered(transport, loop)  # type: ignore[arg-type]
            gathered.write(b"last words")
            if transport is closing:
                gathered.close()
                assert (transport.writes, transport.closed) == ([b"last words"], True)
            elif transport is aborting:
                gathered.abort()
                assert transport.aborted
            else:
                transport.closed = True  # the connection was lost meanwhile
            await asyncio.sleep(0)
            assert transport.writes == ([b"last words"] if transport is closing else [])

    asyncio.run(main())


async def _play(url: str, game: str, players: int) -> list[list[str]]:
    """Each seat's messages from a game of random remote bots. A bot calls itself what
    the words call a seat without a name (``P0`` …): whether a line was worded before or
    after another seat's ``ready`` arrived does not change it."""
    async with httpx2.AsyncClient(base_url=url) as client:
        made = (await client.post("/api/tables", json={
            "game": game, "seats": ["remote"] * players, "seed": 7})).json()
    bots = [RandomRemote(seed=seat["seat"], name=f"P{seat['seat']}") for seat in made["seats"]]
    await asyncio.gather(*(bot.play(
        f"ws{url[4:]}/ws/tables/{made['table']}/seats/{seat['seat']}?token={seat['token']}")
        for bot, seat in zip(bots, made["seats"], strict=True)))
    return [bot.messages for bot in bots]


def _count_by_hand(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts, from now on, of the frames read by hand (``read``, `wire.one_text_frame`)
    and of the lines sent directly (``direct``, `wire.DIRECT`)."""
    counts = {"read": 0, "direct": 0}
    one_text_frame, direct_sender = wire.one_text_frame, wire.direct_sender

    def counted_read(data: bytes, conn: Any) -> bytes | None:
        payload = one_text_frame(data, conn)
        counts["read"] += payload is not None
        return payload

    def counted_sender(websocket: Any) -> Any:
        send = direct_sender(websocket)
        if send is None:
            return None

        def counted(text: str) -> bool:
            sent = send(text)
            counts["direct"] += sent
            return sent

        return counted

    monkeypatch.setattr(wire, "one_text_frame", counted_read)
    monkeypatch.setattr(seats, "direct_sender", counted_sender)
    return counts


def test_a_game_over_gathered_writes_is_the_same_in_fewer_writes(
        database: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two servers with the same secret, one writing each frame at once (uvicorn's own
    protocol, its frames compressed), one gathering them (``serve``'s protocol and
    settings): each seat of a hoch² table of four random remote bots reads the same
    messages from both, and the gathering one hands the transport fewer writes than it
    was given frames, writes most frames directly (`wire.text_frame`) and reads most of
    the bots' moves by hand (`wire.one_text_frame`)."""
    assert AutoWebSocketsProtocol is not None
    writes = flushes = 0
    write, flush = wire.Gathered.write, wire.Gathered.flush

    def counted_write(self: wire.Gathered, data: bytes) -> None:
        nonlocal writes
        writes += 1
        write(self, data)

    def counted_flush(self: wire.Gathered) -> None:
        nonlocal flushes
        flushes += bool(self.pending)
        flush(self)

    counts = _count_by_hand(monkeypatch)
    monkeypatch.setattr(wire.Gathered, "write", counted_write)
    monkeypatch.setattr(wire.Gathered, "flush", counted_flush)
    secret = b"s" * 32
    read = {}
    for name, ws in (("plain", "auto"), ("gathered", wire.gathering(AutoWebSocketsProtocol))):
        with uvicorn_thread(f"sqlite:///{tmp_path / name}.sqlite3", seed_secret=secret,
                            ws=ws, deflate=name == "plain") as url:  # (as ``serve``: off)
            read[name] = asyncio.run(_play(url, "verflixxt_hoch", 4))
    assert read["gathered"] == read["plain"]
    assert all(json.loads(seen[-1])["type"] == "end" for seen in read["plain"])
    frames = sum(map(len, read["plain"]))
    assert writes >= frames  # every frame went through it (and the handshakes)
    assert flushes < frames * 0.7, (flushes, frames)
    assert frames * 0.5 < counts["direct"] < frames  # most direct; the hello the ASGI way
    acts = sum(json.loads(line)["type"] == "act" for seen in read["plain"] for line in seen)
    assert acts * 0.5 < counts["read"] <= acts + 4  # most moves (and readies) read by hand


def test_with_compression_agreed_serves_protocol_leaves_the_frames_to_websockets(
        database: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve``'s protocol under a uvicorn that agrees per-message compression (an app
    embedded elsewhere): its direct frames are websockets' (compressed), nothing is read
    by hand, and every seat reads what uvicorn's own protocol sends."""
    assert AutoWebSocketsProtocol is not None
    counts = _count_by_hand(monkeypatch)

    def by_hand(data: bytes) -> bytes:
        raise AssertionError("a frame written by hand with compression agreed")

    monkeypatch.setattr(wire, "text_frame", by_hand)
    read = {}
    for name, ws in (("plain", "auto"), ("compressed", wire.gathering(AutoWebSocketsProtocol))):
        with uvicorn_thread(f"sqlite:///{tmp_path / name}.sqlite3", seed_secret=b"c" * 32,
                            ws=ws, deflate=True) as url:
            read[name] = asyncio.run(_play(url, "verflixxt", 2))
    assert read["compressed"] == read["plain"]
    assert json.loads(read["plain"][0][-1])["type"] == "end"
    assert counts["read"] == 0 and counts["direct"] > sum(map(len, read["plain"])) * 0.5


def test_a_line_goes_direct_only_while_nothing_before_it_waits() -> None:
    """`wire.DIRECT` writes a line at once while the writer waits with nothing queued; a
    line it declines (the client not writable) is queued, and so is every line after
    it until the writer has sent them (the ASGI way): the order stays."""
    direct: list[str] = []
    asgi: list[str] = []
    writable = True
    release = asyncio.Event()

    class Socket:
        def __init__(self) -> None:
            self.scope = {"extensions": {wire.DIRECT: self.send_now}}

        def send_now(self, text: str) -> bool:
            if writable:
                direct.append(text)
            return writable

        async def send_text(self, text: str) -> None:
            await release.wait()
            asgi.append(text)

        async def close(self, code: int = 1000) -> None:
            pass

    async def run() -> None:
        nonlocal writable
        connection = Connection(Socket(), 0, previews=False)  # type: ignore[arg-type]
        connection.push("hello")  # the writer has not started: queued
        connection.start()
        release.set()
        await asyncio.sleep(0.01)
        connection.push("a")
        connection.push("b")
        writable = False
        release.clear()
        connection.push("c")
        writable = True
        connection.push("d")  # "c" waits for the writer: after it
        await asyncio.sleep(0.01)
        assert (direct, asgi) == (["a", "b"], ["hello"])
        release.set()
        await asyncio.sleep(0.01)
        connection.push("e")
        assert (direct, asgi) == (["a", "b", "e"], ["hello", "c", "d"])
        connection.close(1000)
        await asyncio.sleep(0.01)

    asyncio.run(run())


# ---------------------------------------------------------------- frames by hand

SIZES = [0, 1, 125, 126, 127, 1000, 65535, 65536, 70000]
"""Payload lengths at and around the frame header's three length forms."""


def _open_pair(max_size: int = MAX_FRAME) -> tuple[ServerProtocol, ClientProtocol]:
    """websockets' server and client protocols after a handshake between them."""
    client = ClientProtocol(parse_uri("ws://127.0.0.1/"))
    client.send_request(client.connect())
    server = ServerProtocol(max_size=max_size)
    server.receive_data(b"".join(client.data_to_send()))
    request = server.events_received()[0]
    server.send_response(server.accept(request))
    client.receive_data(b"".join(server.data_to_send()))
    assert server.state is client.state is State.OPEN
    return server, client


@pytest.mark.parametrize("size", SIZES)
def test_a_frame_written_by_hand_is_websockets_own(size: int) -> None:
    """`wire.text_frame` writes the bytes websockets writes for the same text (what
    `wire.DIRECT` sends), ASCII or not."""
    for text in ("x" * size, ("é◀" * size)[:size]):
        server, _ = _open_pair()
        server.send_text(text.encode())
        assert wire.text_frame(text.encode()) == b"".join(server.data_to_send())


@pytest.mark.parametrize("size", SIZES)
def test_a_clients_frame_read_by_hand_is_what_websockets_reads(size: int) -> None:
    """`wire.one_text_frame` reads a client's whole text frame as websockets does (the
    payload, unmasked; a payload of 64 KiB or more, with its eight-byte length, it leaves
    to websockets), and leaves websockets' parser where it was: the next frame, read by
    websockets, comes out whole."""
    server, client = _open_pair(max_size=300_000)
    for text in ("m" * size, ("é◀" * size)[:size]):
        client.send_text(text.encode())
        data = b"".join(client.data_to_send())
        assert wire.one_text_frame(data, server) == (
            text.encode() if len(text.encode()) < 65536 else None)
        server.receive_data(data)  # what websockets makes of the same bytes
        assert [(f.opcode, f.data) for f in server.events_received()] == [
            (Opcode.TEXT, text.encode())]


def test_what_is_not_one_whole_text_frame_is_left_to_websockets() -> None:
    """Anything but one whole, masked, final text frame within the size limit, arriving
    at a frame's start, goes to websockets' parser (None): a frame in two pieces (and
    the frame after the first piece), two frames at once, a binary, ping or close
    frame, a fragment, a reserved bit, an unmasked frame, a frame over the limit, one
    with an eight-byte length, a frame before the handshake's end."""
    server, client = _open_pair(max_size=1000)

    def sent(make: Any) -> bytes:
        make()
        return b"".join(client.data_to_send())

    move = sent(lambda: client.send_text(b'{"type":"move","move_number":3,"id":1}'))
    assert wire.one_text_frame(move, server) is not None
    refused = {
        "two at once": move + move,
        "a piece": move[:-1],
        "binary": sent(lambda: client.send_binary(b"abc")),
        "ping": sent(lambda: client.send_ping(b"")),
        "reserved bit": bytes([move[0] | 0x40]) + move[1:],
        "unmasked": bytes([0x81, 3]) + b"abc",
        "too big": sent(lambda: client.send_text(b"x" * 1001)),
        "eight-byte length": bytes([0x81, 0xFF]) + (3).to_bytes(8, "big") + move[2:6] + b"abc",
    }
    refused["a fragment"] = sent(lambda: client.send_text(b"abc", fin=False))
    client.send_continuation(b"", fin=True)  # (the fragment's end: the client's state)
    client.data_to_send()
    for name, data in refused.items():
        assert wire.one_text_frame(data, server) is None, name
    server.receive_data(move[:2])  # websockets read a frame's header, nothing is left
    assert wire.one_text_frame(move, server) is None  # (bytes that look like a frame)
    server.receive_data(move[2:])
    assert [f.data for f in server.events_received()] == [move_payload(move)]
    assert wire.one_text_frame(move, server) is not None  # at a frame's start again
    fresh = ServerProtocol(max_size=1000)  # no handshake yet
    assert wire.one_text_frame(move, fresh) is None


def move_payload(frame: bytes) -> bytes:
    """The unmasked payload of a short masked frame."""
    return bytes(b ^ frame[2 + i % 4] for i, b in enumerate(frame[6:]))


def test_serves_reading_takes_frames_in_pieces_together_and_refuses_bad_ones(
        database: str) -> None:
    """``serve``'s protocol (frames read by hand where they can be) over a real socket: a
    frame in two pieces and two frames in one write are read (by websockets); a text
    frame that is not UTF-8 closes its connection with 1007, an unmasked one with 1002, one
    over the limit with 1009, the table playing on."""
    client = Protocol(Side.CLIENT, state=State.OPEN)

    def frame(text: bytes) -> bytes:
        client.send_text(text)
        return b"".join(client.data_to_send())

    def ready(name: str) -> bytes:
        return frame(json.dumps({"type": "ready", "name": name}).encode())

    def name_of(url: str, table: str) -> str | None:
        name: str | None = httpx2.get(f"{url}/api/tables/{table}").json()["names"][0]
        return name

    def named(url: str, table: str, name: str) -> None:
        deadline = time.monotonic() + 30  # (a hang guard)
        while name_of(url, table) != name:
            assert time.monotonic() < deadline, name
            time.sleep(0.02)

    assert AutoWebSocketsProtocol is not None
    with uvicorn_thread(database, ws=wire.gathering(AutoWebSocketsProtocol),
                        deflate=False) as url:
        made = httpx2.post(f"{url}/api/tables", json={
            "game": "verflixxt", "seats": ["remote", "remote"]}).json()
        where = (f"ws{url[4:]}/ws/tables/{made['table']}/seats/0?token="
                 f"{made['seats'][0]['token']}")
        with connect(where) as socket_:
            socket_.recv(5)  # hello
            split = ready("in two pieces")
            socket_.socket.sendall(split[:3])
            time.sleep(0.05)  # (the server reads the first piece alone)
            socket_.socket.sendall(split[3:])
            named(url, made["table"], "in two pieces")
            socket_.socket.sendall(ready("first") + ready("second"))
            named(url, made["table"], "second")
        for data, code in ((frame(b"\xff\xfe not UTF-8"), 1007),
                           (bytes([0x81, 3]) + b"abc", 1002),  # not masked
                           (frame(b"x" * (MAX_FRAME + 1)), 1009)):
            with connect(where, max_size=None) as socket_:
                socket_.recv(5)
                socket_.socket.sendall(data)
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        socket_.recv(30)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == code
        assert name_of(url, made["table"]) == "second"
