"""The game server's ASGI application (Starlette): the HTTP API and WebSocket seats, the
pages, and the limits that keep one client from holding up the others. The routes read
the tables; every change goes through the `Hall` (``hall.py``), their one owner; the
`Guard` (``guard.py``) checks each request's host, origin and body type first.

Errors are ``{"error": message}`` with 400 (a bad request: not JSON, a wrong field or
type, an unknown field; a ``Host`` the server does not answer to), 401 (no token), 403 (a
wrong token; the record before the end; an ``engine:`` seat without the operator token or
where engines are not allowed; a request from another site's page), 404 (no such table,
seat or page), 405, 409 (a stale ``move_number``, not your turn), 413 (a body over
`MAX_BODY`), 415 (a ``POST`` that is not JSON), 422 (an illegal move), 429 (a limit
reached; ``Retry-After`` says when to try again).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import math
import re
import secrets
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..agents import AGENTS
from ..core import GAMES, SPECTATOR, checks, get_game, jsonio
from ..core.errors import AmigoRulesError
from ..core.svg import ink_on, player_colour
from ..protocol import messages
from ..protocol.engine import split_command
from .guard import HEADERS, Guard
from .hall import OVER, WAITING, Hall, Room, new_row
from .limits import Window
from .rows import OPEN, TIMEOUTS, Clock, Storage
from .seats import (
    NO_ENGINES,
    PLAYER_KINDS,
    TOO_BIG,
    Connection,
    default_agent,
    house_agent,
    kind_of,
)
from .settings import Settings, played_seed
from .tables import Refused, token_hash

__all__ = ["MAX_BODY", "MAX_FRAME", "MAX_KIND", "MAX_SEATS", "MAX_TABLES", "MAX_TOKEN",
           "create_app"]

MAX_BODY = 64 * 1024
"""The largest request body (bytes); a larger one is answered 413."""
MAX_FRAME = 64 * 1024
"""The largest WebSocket message from a client (bytes, whatever server runs the app); a
larger one closes the connection (1009)."""
MAX_SEATS = 8
"""The most seats a table may have."""
MAX_KIND = 1000
"""The longest seat kind (an engine's command line included)."""
MAX_TOKEN = 200
"""The longest token read (a longer one is refused without a database query)."""
MAX_TABLES = 100
"""Tables listed by ``GET /api/tables`` (the newest)."""
STATIC = Path(__file__).parent / "static"
"""The folder of the pages' files."""
PAGES = {"lobby": "Tables", "play": "Play", "watch": "Watch"}
"""Each page's title; its body is ``STATIC/pages/NAME.html``, set in the one
``pages/shell.html`` that every page shares (its head: the style sheet, the script; the
content security policy is a header of every response, `guard.HEADERS`); a table's pages
(play, watch) begin with ``pages/table-top.html`` where they say ``{table_top}`` (the game,
the status line, the clock, the players)."""
CREATE_FIELDS = frozenset({"game", "rules", "seats", "seed", "clock"})
"""The fields of a ``POST /api/tables`` body (another field is a 400)."""
MOVE_FIELDS = frozenset({"move_number", "id", "move"})
"""The fields of a move's body (another field is a 400)."""
CLAIM_FIELDS = frozenset({"name"})
"""The fields of an open seat's claim."""
CLOCK_FIELDS = frozenset({"move_seconds", "on_timeout"})
"""The fields of a table's ``clock``."""
MAX_MOVE_SECONDS = 7 * 86400
"""The longest time for a move a clock takes (a week)."""
SEED_TEXT = re.compile(r"[0-9]{1,39}")
"""A seed given as a string (a page's, exact where a JavaScript number is not)."""
PYTHON_WORDS = re.compile(r"\b(None|True|False)\b")
"""Python's words for JSON's ``null``, ``true``, ``false`` in a library's message."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,50}")
"""A table id as the server makes them (`new_row`); any other is no table (404)."""
SEAT_NUMBER = re.compile(r"[0-9]{1,2}")
"""A seat number in a path: ASCII digits only."""


def _game_facts() -> list[dict[str, Any]]:
    """`Server.games`' answer: from the games' registry and their agents'."""
    facts = []
    for name in GAMES:
        spec = get_game(name).spec(get_game(name).Rules())
        agents = list(AGENTS[name])
        facts.append({"game": name, "players": spec.players, "min_players": spec.min_players,
                      "max_players": spec.max_players, "agents": agents,
                      "default_agent": default_agent(name),
                      "seats": [*PLAYER_KINDS, OPEN, *(f"agent:{a}" for a in agents)]})
    return facts


GAME_FACTS = _game_facts()
"""Each game's facts for the lobby (`Server.games`)."""


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status)


def _json(text: str, status: int = 200) -> Response:
    return Response(text, status, media_type="application/json")


async def _body(request: Request, fields: frozenset[str]) -> dict[str, Any]:
    """The request's JSON object (at most `MAX_BODY` bytes, only ``fields``)."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > MAX_BODY:
        raise Refused(413, f"the body is over {MAX_BODY} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refused(413, f"the body is over {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks))
    except json.JSONDecodeError:
        raise Refused(400, "the body is not JSON") from None
    except RecursionError:
        raise Refused(400, "the body is nested too deep") from None
    except ValueError:  # Python's limit on an integer's digits (a number, not a seed)
        raise Refused(400, "an integer in the body is too large") from None
    if not isinstance(data, dict):
        raise Refused(400, "the body must be a JSON object")
    unknown = sorted(set(data) - fields)
    if unknown:
        raise Refused(400, f"unknown field {unknown[0][:50]!r} (fields: "
                           f"{', '.join(sorted(fields))})")
    return data


def _bearer(connection: HTTPConnection) -> str | None:
    """The ``Authorization: Bearer`` token of a request, if any."""
    header = connection.headers.get("authorization", "")
    return header[7:].strip() or None if header[:7].lower() == "bearer " else None


def _json_words(message: str) -> str:
    """A library's message as a JSON client reads it: ``null``, ``true``, ``false``."""
    return PYTHON_WORDS.sub(lambda m: {"None": "null", "True": "true",
                                       "False": "false"}[m.group(1)], message)


def _clock(value: Any) -> Clock | None:
    """A table's ``clock`` from a request body (null: none)."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - CLOCK_FIELDS:
        raise Refused(400, "'clock' must be null or {\"move_seconds\": S, \"on_timeout\": "
                           "\"forfeit\" or \"agent\"}")
    seconds: Any = value.get("move_seconds")
    timeout = value.get("on_timeout", "forfeit")
    if (type(seconds) not in (int, float) or not math.isfinite(seconds)
            or not 0 < seconds <= MAX_MOVE_SECONDS):
        raise Refused(400, f"'clock.move_seconds' must be a number of seconds above 0, at "
                           f"most {MAX_MOVE_SECONDS}")
    if timeout not in TIMEOUTS:
        raise Refused(400, "'clock.on_timeout' must be \"forfeit\" or \"agent\"")
    return Clock(float(seconds), timeout)


def _seed(value: Any) -> Any:
    """A seed as given: an integer, a string of digits (exact: a page's), or null."""
    if type(value) is str:
        if not SEED_TEXT.fullmatch(value):
            raise Refused(400, "'seed' must be an integer, a string of digits or null")
        return int(value)
    return value


def _name(data: dict[str, Any]) -> str:
    """A claimant's name from a request body."""
    name = data.get("name")
    if type(name) is not str or not name.strip() or len(name) > messages.MAX_NAME:
        raise Refused(400, f"'name' must be a string of 1 … {messages.MAX_NAME} characters")
    if (bad := messages.UNSHOWABLE.search(name)) is not None:  # as a `ready`'s name
        raise Refused(400, f"'name' must hold no control or bidirectional override "
                           f"character, got U+{ord(bad[0]):04X}")
    return name.strip()


def _table_row(data: dict[str, Any], settings: Settings, operator: bool) -> Any:
    """A new table's row from a ``POST /api/tables`` body (``operator``: the request
    carries the operator token); its seed mixed with the server's secret when a person or
    a remote bot sits at it."""
    game = data.get("game")
    if type(game) is not str or len(game) > 50:
        raise Refused(400, "'game' must be a game's name")
    seats = data.get("seats")
    if (not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS
            or not all(type(s) is str and 0 < len(s) <= MAX_KIND for s in seats)):
        raise Refused(400, f"'seats' must be a list of 1 … {MAX_SEATS} seat kinds")
    seed = _seed(data.get("seed"))
    clock = _clock(data.get("clock"))
    try:
        module = get_game(game)
        given = data.get("rules")
        if given is not None and not isinstance(given, dict):
            raise Refused(400, "'rules' must be an object or null")
        rules = jsonio.rules_from_data(module.Rules, {"players": len(seats), **(given or {})},
                                       partial=True)
        seed = checks.seed(seed)
        for kind in seats:
            prefix, _, rest = kind.partition(":")
            if kind in PLAYER_KINDS or kind == OPEN:
                continue
            if prefix == "engine":
                if not settings.allow_engines:
                    raise Refused(403, NO_ENGINES)
                if not operator:
                    raise Refused(403, "an engine: seat needs the operator token "
                                       "(Authorization: Bearer ADMIN_TOKEN)")
                split_command(rest)
            elif prefix == "agent":
                house_agent(rest, module.NAME)
            else:
                raise Refused(400, f"unknown seat kind {kind[:50]!r} (human, remote, open, "
                                   f"agent:NAME, engine:COMMAND)")
        rules_json = json.dumps(jsonio.rules_to_data(rules), separators=(",", ":"))
    except Refused:
        raise
    except AmigoRulesError as exc:
        raise Refused(400, _json_words(str(exc))[:500]) from None
    except RecursionError:
        raise Refused(400, "the rules are nested too deep") from None
    if rules.players != len(seats):
        raise Refused(400, f"{len(seats)} seats for {rules.players} players")
    seed = secrets.randbits(63) if seed is None else seed
    if any(kind in PLAYER_KINDS or kind == OPEN for kind in seats):
        seed = played_seed(settings.seed_secret, seed)
    return new_row(module.NAME, rules_json, seed, seats, clock)


class Server:
    """The routes over one `Hall`."""

    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.settings = settings
        """The operator's options."""
        self.hall = Hall(storage, settings)
        """The tables this process holds: the one owner of their state."""
        self.creations = Window(settings.max_creates_per_minute, 60.0)
        """Table creations per client address in the last minute."""
        self.admin_hash = (None if settings.admin_token is None
                           else token_hash(settings.admin_token))
        """The operator token's SHA-256 hex (compared in constant time), or None."""
        self.static = {p.name: p for p in STATIC.iterdir() if p.is_file()} \
            if STATIC.is_dir() else {}
        """The pages' files by name."""
        shell, top = ((STATIC / "pages" / f"{part}.html").read_text()
                      for part in ("shell", "table-top"))
        self.pages = {
            name: shell.replace("{title}", title).replace(
                "{body}", (STATIC / "pages" / f"{name}.html").read_text()
                .replace("{table_top}\n", top))
            for name, title in PAGES.items()
        }
        """Each page's HTML, whole."""

    # ------------------------------------------------------------------ helpers

    @contextlib.asynccontextmanager
    async def _room(self, table_id: str) -> AsyncIterator[Room]:
        """The table ``table_id``, in use while the block runs; `Refused` (404) if none."""
        if not TABLE_ID.fullmatch(table_id):
            raise Refused(404, "no such table")
        async with self.hall.using(table_id) as room:
            if room is None:
                raise Refused(404, "no such table")
            yield room

    @contextlib.asynccontextmanager
    async def _seat(self, connection: HTTPConnection, *,
                    query: bool) -> AsyncIterator[tuple[Room, int]]:
        """The table and seat of the path, the token checked (the ``Authorization: Bearer``
        header; with ``query``, a WebSocket's, the ``token`` query parameter instead)."""
        async with self._room(connection.path_params["id"]) as room:
            seat = self._seat_number(room, connection.path_params["seat"])
            token = connection.query_params.get("token") if query else _bearer(connection)
            if not token:
                raise Refused(401, "a token is needed (Authorization: Bearer TOKEN)")
            if room.kinds[seat] == OPEN:  # taken through another process, maybe
                await self.hall.reseat(room)
                if room.kinds[seat] == OPEN:
                    raise Refused(403, "this seat is open: take it first (POST …/claim)")
            expected = room.table.token_hashes[seat]
            if (len(token) > MAX_TOKEN or expected is None
                    or not hmac.compare_digest(token_hash(token), expected)):
                raise Refused(403, "this token does not grant this seat")
            yield room, seat

    @staticmethod
    def _seat_number(room: Room, text: str) -> int:
        """The seat a path names; `Refused` (404) if the table has none such."""
        if not (SEAT_NUMBER.fullmatch(text) and int(text) < len(room.kinds)):
            raise Refused(404, f"no seat {text[:10]!r} at this table")
        return int(text)

    def _operator(self, request: Request) -> bool:
        """Whether the request carries the operator token."""
        token = _bearer(request)
        return (token is not None and self.admin_hash is not None and len(token) <= MAX_TOKEN
                and hmac.compare_digest(token_hash(token), self.admin_hash))

    def _facts(self, room: Room) -> dict[str, Any]:
        """A table's public facts."""
        table = room.table
        row = table.row
        names = room.shown_names()
        seats = [{"seat": i, "kind": kind, "name": names[i], "connected": room.connected(i)}
                 for i, kind in enumerate(room.kinds)]
        facts: dict[str, Any] = {
            "table": room.id, "game": row.game, "rules": jsonio.rules_to_data(table.rules),
            "players": len(room.kinds), "names": names, "seats": seats,
            "colours": [{"fill": player_colour(p), "ink": ink_on(player_colour(p))}
                        for p in range(len(room.kinds))],
            "move_number": table.move_number,
            "to_move": table.player if table.player >= 0 else None,
            "status": room.status, "created": row.created, "since": room.since,
            "clock": None if row.clock is None else attrs.asdict(row.clock),
            "deadline_ms": (None if table.deadline is None
                            else max(0, round((table.deadline - time.time()) * 1000))),
            "rematch": room.rematch}
        if room.status == OVER:
            facts["winners"] = list(table.module.winners(table.state))
            facts["seed"] = row.seed
            if table.forfeited is not None:
                facts["forfeit"] = table.forfeited
        return facts

    # ------------------------------------------------------------------ HTTP

    async def create(self, request: Request) -> Response:
        """``POST /api/tables``: a new table; its seats' tokens and links (201)."""
        client = request.client.host if request.client is not None else ""
        wait = self.creations.take(client)
        if wait:
            raise Refused(429, f"at most {self.settings.max_creates_per_minute} tables a "
                               f"minute from one address", retry_after=wait)
        row = _table_row(await _body(request, CREATE_FIELDS), self.settings,
                         self._operator(request))
        tokens = await self.hall.create(row)
        seats = [{"seat": i, "kind": kind, "token": token,
                  "url": None if token is None else f"/play/{row.id}/{i}#{token}"}
                 for i, (kind, token) in enumerate(zip(row.seats, tokens, strict=True))]
        return JSONResponse({"table": row.id, "seats": seats}, 201)

    async def list_tables(self, request: Request) -> Response:
        """``GET /api/tables``: the newest tables, public facts only."""
        listed = await self.hall.list(MAX_TABLES)
        return JSONResponse({"tables": [
            {"table": r.id, "game": r.game, "seats": list(r.seats),
             "status": WAITING if status != OVER and OPEN in r.seats else status,
             "open": [seat for seat, kind in enumerate(r.seats) if kind == OPEN],
             "move_number": moves, "created": r.created,
             "clock": None if r.clock is None else attrs.asdict(r.clock),
             **({"winners": list(r.winners)} if status == OVER else
                {"to_move": r.to_move, "since": r.updated or r.created})}
            for r, status, moves in listed]})

    async def games(self, request: Request) -> Response:
        """``GET /api/games``: each game the server plays, its number of players, the seat
        kinds a table of it takes and the agent a clock lets play a missed move."""
        return JSONResponse({"games": GAME_FACTS})

    async def claim(self, request: Request) -> Response:
        """``POST /api/tables/TABLE/seats/SEAT/claim`` ``{"name"}``: take an open seat
        (201, its token and link; 409 once taken)."""
        async with self._room(request.path_params["id"]) as room:
            seat = self._seat_number(room, request.path_params["seat"])
            name = _name(await _body(request, CLAIM_FIELDS))
            if room.status == OVER:
                raise Refused(409, "the game is over")
            token = await self.hall.claim(room, seat, name)
            return JSONResponse({"seat": seat, "token": token,
                                 "url": f"/play/{room.id}/{seat}#{token}"}, 201)

    async def rematch(self, request: Request) -> Response:
        """``POST /api/tables/TABLE/rematch`` (any seat's token, a body ``{}``): the table
        of the rematch (201 when made now, 200 when made before)."""
        async with self._room(request.path_params["id"]) as room:
            token = _bearer(request)
            if not token:
                raise Refused(401, "a token is needed (Authorization: Bearer TOKEN)")
            hashed = token_hash(token) if len(token) <= MAX_TOKEN else ""
            if not any(expected is not None and hmac.compare_digest(hashed, expected)
                       for expected in room.table.token_hashes):
                raise Refused(403, "this token grants no seat of this table")
            await _body(request, frozenset())
            table_id, made = await self.hall.rematch(room)
            return JSONResponse({"table": table_id}, 201 if made else 200)

    async def table(self, request: Request) -> Response:
        """``GET /api/tables/TABLE``: the table's public facts."""
        async with self._room(request.path_params["id"]) as room:
            await self.hall.read_names(room)
            return JSONResponse(self._facts(room))

    async def seat_view(self, request: Request) -> Response:
        """``GET /api/tables/TABLE/seats/SEAT`` (with the seat's token): what it sees."""
        async with self._seat(request, query=False) as (room, seat):
            return _json(room.table.seat_view(seat))

    async def move(self, request: Request) -> Response:
        """``POST /api/tables/TABLE/seats/SEAT/moves`` (with the token): play a move."""
        async with self._seat(request, query=False) as (room, seat):
            data = await _body(request, MOVE_FIELDS)
            if "move_number" not in data:
                raise Refused(400, "'move_number' is missing")
            await self.hall.play(room, seat, data["move_number"], data.get("id"),
                                 data.get("move"))
            return _json(room.table.seat_view(seat))

    async def record(self, request: Request) -> Response:
        """``GET /api/tables/TABLE/record``: the game's record, once it is over."""
        async with self._room(request.path_params["id"]) as room:
            if room.status != OVER:
                raise Refused(403, "the record is shown once the game is over")
            await self.hall.read_names(room)
            names = [name or kind for name, kind in zip(room.shown_names(), room.kinds,
                                                        strict=True)]
            return _json(room.table.record(names).to_json())

    async def board(self, request: Request) -> Response:
        """``GET /api/tables/TABLE/board.svg``: the board as a spectator sees it."""
        async with self._room(request.path_params["id"]) as room:
            svg = await self.hall.worked(room.table.svg, SPECTATOR)
        return Response(svg, media_type="image/svg+xml")

    async def seat_board(self, request: Request) -> Response:
        """``GET /api/tables/TABLE/seats/SEAT/board.svg`` (the token in the header): the
        seat's board."""
        async with self._seat(request, query=False) as (room, seat):
            svg = await self.hall.worked(room.table.svg, seat)
        return Response(svg, media_type="image/svg+xml")

    def file(self, name: str) -> Response:
        """A file of the pages' folder, by name (only those there: no path)."""
        path = self.static.get(name)
        if path is None:
            raise Refused(404, "no such page")
        return FileResponse(path)

    async def static_file(self, request: Request) -> Response:
        """``GET /static/FILE``: a file of the pages."""
        return self.file(request.path_params["file"])

    # ------------------------------------------------------------------ WebSockets

    async def ws_seat(self, websocket: WebSocket) -> None:
        """The WebSocket ``/ws/tables/TABLE/seats/SEAT?token=TOKEN``: a seat's connection
        (a newer one to the same seat replaces it)."""
        try:
            async with self._seat(websocket, query=True) as (room, seat):
                kind = kind_of(room.kinds[seat])
                if kind not in PLAYER_KINDS:
                    raise Refused(403, "the server plays this seat")
                await self._serve(websocket, room, seat, previews=kind == "human")
        except Refused as failure:
            await _refuse(websocket, failure)

    async def ws_watch(self, websocket: WebSocket) -> None:
        """The WebSocket ``/ws/tables/TABLE/watch``: a spectator's connection."""
        try:
            async with self._room(websocket.path_params["id"]) as room:
                await self._serve(websocket, room, SPECTATOR, previews=False)
        except Refused as failure:
            await _refuse(websocket, failure)

    async def _serve(self, websocket: WebSocket, room: Room, viewer: int, *,
                     previews: bool) -> None:
        """``hello``, the events so far, the ``act`` when due; then the client's
        messages until it leaves."""
        await websocket.accept()
        try:
            connection = await self.hall.join(room, websocket, viewer, previews=previews)
        except Refused as failure:
            await websocket.close(4000 + failure.status, str(failure)[:120])
            return
        try:
            await self._listen(websocket, room, connection)
        finally:
            self.hall.leave(room, connection)

    async def _listen(self, websocket: WebSocket, room: Room, connection: Connection) -> None:
        while not connection.closed:
            try:
                frame = await websocket.receive()
            except (WebSocketDisconnect, RuntimeError):
                return
            if frame["type"] == "websocket.disconnect":
                return
            data = frame.get("text")
            if data is None:
                data = frame.get("bytes")
            if data is None:
                continue
            if len(data) > MAX_FRAME or (type(data) is str and len(data) * 4 > MAX_FRAME
                                         and len(data.encode()) > MAX_FRAME):
                self.hall.leave(room, connection, TOO_BIG)
                return
            delay = connection.bucket.wait()
            if delay:  # a flood: read no faster than the limit (the client's sends wait)
                if not connection.throttled:
                    connection.throttled = True
                    connection.push(_error_line(
                        f"too many messages: {self.settings.max_messages_per_second} a "
                        f"second at most, the others wait"))
                await asyncio.sleep(delay)
            await self._hear(room, connection, data)

    async def _hear(self, room: Room, connection: Connection, data: str | bytes) -> None:
        """What a client's message does: ``ready`` names the seat, ``move`` plays, ``info``
        is ignored; an ``error`` message answers what cannot be done (the seat stays)."""
        try:
            message = messages.read_seat(data)
        except messages.ProtocolError as exc:
            connection.push(_error_line(str(exc)))
            return
        kind = message["type"]
        if kind == "ready":
            await self.hall.name(room, connection, message["name"])
        elif kind == "move":
            if connection.viewer == SPECTATOR:
                connection.push(_error_line("a spectator plays no moves"))
                return
            try:
                await self.hall.play(room, connection.viewer, message["move_number"],
                                     message.get("id"), message.get("move"))
            except Refused as refused:
                connection.push(_error_line(str(refused)))
                connection.again(room.table)


async def _refuse(websocket: WebSocket, failure: Refused) -> None:
    """A WebSocket refused: accepted and closed with 4000 + the HTTP status."""
    await websocket.accept()
    await websocket.close(4000 + failure.status, str(failure)[:120])


def _error_line(text: str) -> str:
    return messages.text(messages.error(text[:500]))


async def _failure(request: Request, exc: Exception) -> Response:
    if isinstance(exc, Refused):
        response = _error(exc.status, str(exc))
        if exc.retry_after is not None:
            response.headers["Retry-After"] = str(exc.retry_after)
        return response
    if isinstance(exc, HTTPException):
        return _error(exc.status_code, str(exc.detail))
    raise exc


async def _crash(request: Request, exc: Exception) -> Response:
    """A bug's 500, with the security headers (outside the `Guard`) and no traceback."""
    response = _error(500, "the server failed to answer (see its log)")
    for name, value in HEADERS:
        response.headers[name.decode()] = value.decode()
    return response


def create_app(storage: Storage, settings: Settings | None = None) -> Starlette:
    """The server's ASGI app over ``storage`` (see `open_storage`) with the operator's
    ``settings`` (the defaults: no engines, every limit at its default)."""
    server = Server(storage, Settings() if settings is None else settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.hall.start()
        try:
            yield
        finally:
            await server.hall.stop()

    def page(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            return HTMLResponse(server.pages[name])
        return endpoint

    routes = [
        Route("/", page("lobby")),
        Route("/play/{id}/{seat}", page("play")),
        Route("/watch/{id}", page("watch")),
        Route("/static/{file}", server.static_file),
        Route("/api/tables", server.create, methods=["POST"]),
        Route("/api/tables", server.list_tables, methods=["GET"]),
        Route("/api/games", server.games),
        Route("/api/tables/{id}/rematch", server.rematch, methods=["POST"]),
        Route("/api/tables/{id}/seats/{seat}/claim", server.claim, methods=["POST"]),
        Route("/api/tables/{id}", server.table),
        Route("/api/tables/{id}/record", server.record),
        Route("/api/tables/{id}/board.svg", server.board),
        Route("/api/tables/{id}/seats/{seat}", server.seat_view),
        Route("/api/tables/{id}/seats/{seat}/board.svg", server.seat_board),
        Route("/api/tables/{id}/seats/{seat}/moves", server.move, methods=["POST"]),
        WebSocketRoute("/ws/tables/{id}/seats/{seat}", server.ws_seat),
        WebSocketRoute("/ws/tables/{id}/watch", server.ws_watch),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Guard, settings=server.settings)],
                    exception_handlers={Refused: _failure, HTTPException: _failure,
                                        Exception: _crash})
    app.state.server = server
    return app
