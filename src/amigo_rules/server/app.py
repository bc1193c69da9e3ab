"""The game server's ASGI application (Starlette): the HTTP API and WebSocket
seats, the pages, and the limits that keep one client from holding up the others.

Errors are ``{"error": message}`` with 400 (a bad request: not JSON, a wrong field or
type, an unknown field), 401 (no token), 403 (a wrong token; the record before the end;
an engine seat where engines are not allowed), 404 (no such table, seat or page),
405, 409 (a stale ``move_number``, not your turn), 413 (a body over `MAX_BODY`), 422 (an
illegal move).
"""

from __future__ import annotations

import contextlib
import hmac
import json
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..core import SPECTATOR, checks, get_game, jsonio
from ..core.errors import AmigoRulesError
from ..protocol import messages
from ..protocol.engine import split_command
from .hall import Hall, Seated, new_row
from .rows import Storage
from .seats import NO_ENGINES, PLAYER_KINDS, REPLACED, Connection, house_agent, kind_of
from .tables import Refused, token_hash

__all__ = ["MAX_BODY", "MAX_FRAME", "MAX_KIND", "MAX_SEATS", "MAX_TABLES", "MAX_TOKEN",
           "create_app"]

MAX_BODY = 64 * 1024
"""The largest request body (bytes); a larger one is answered 413."""
MAX_FRAME = 64 * 1024
"""The largest WebSocket message from a client (bytes); a larger one closes it (1009)."""
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
``pages/shell.html`` that every page shares (its head: the content security policy, the
style sheet, the script)."""
CREATE_FIELDS = frozenset({"game", "rules", "seats", "seed"})
"""The fields of a ``POST /api/tables`` body (another field is a 400)."""
MOVE_FIELDS = frozenset({"move_number", "id", "move"})
"""The fields of a move's body (another field is a 400)."""


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status)


def _json(text: str, status: int = 200) -> Response:
    return Response(text, status, media_type="application/json")


async def _body(request: Request, fields: frozenset[str]) -> dict[str, Any]:
    """The request's JSON object (at most `MAX_BODY` bytes, only ``fields``)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise Refused(413, f"the body is over {MAX_BODY} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refused(413, f"the body is over {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks))
    except (ValueError, RecursionError):
        raise Refused(400, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise Refused(400, "the body must be a JSON object")
    unknown = sorted(set(data) - fields)
    if unknown:
        raise Refused(400, f"unknown field {unknown[0][:50]!r} (fields: "
                           f"{', '.join(sorted(fields))})")
    return data


def _table_row(data: dict[str, Any], allow_engines: bool) -> Any:
    """A new table's row from a ``POST /api/tables`` body."""
    game = data.get("game")
    if type(game) is not str or len(game) > 50:
        raise Refused(400, "'game' must be a game's name")
    seats = data.get("seats")
    if (not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS
            or not all(type(s) is str and 0 < len(s) <= MAX_KIND for s in seats)):
        raise Refused(400, f"'seats' must be a list of 1 … {MAX_SEATS} seat kinds")
    seed = data.get("seed")
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
            if kind in PLAYER_KINDS:
                continue
            if prefix == "engine":
                if not allow_engines:
                    raise Refused(403, NO_ENGINES)
                split_command(rest)
            elif prefix == "agent":
                house_agent(rest, module.NAME)
            else:
                raise Refused(400, f"unknown seat kind {kind[:50]!r} (human, remote, "
                                   f"agent:NAME, engine:COMMAND)")
    except Refused:
        raise
    except AmigoRulesError as exc:
        raise Refused(400, str(exc)[:500]) from None
    if rules.players != len(seats):
        raise Refused(400, f"{len(seats)} seats for {rules.players} players")
    rules_json = json.dumps(jsonio.rules_to_data(rules), separators=(",", ":"))
    return new_row(module.NAME, rules_json, secrets.randbits(63) if seed is None else seed,
                   seats)


class Server:
    """The routes over one `Hall`."""

    def __init__(self, storage: Storage, allow_engines: bool) -> None:
        self.hall = Hall(storage, allow_engines=allow_engines)
        """The tables this process holds (and whether they may seat ``engine:COMMAND``)."""
        self.static = {p.name: p for p in STATIC.iterdir() if p.is_file()} \
            if STATIC.is_dir() else {}
        """The pages' files by name."""
        shell = (STATIC / "pages" / "shell.html").read_text()
        self.pages = {
            name: shell.replace("{title}", title).replace(
                "{body}", (STATIC / "pages" / f"{name}.html").read_text())
            for name, title in PAGES.items()
        }
        """Each page's HTML, whole."""

    # ------------------------------------------------------------------ helpers

    async def _table(self, table_id: str) -> Seated:
        if len(table_id) > 50:
            raise Refused(404, "no such table")
        seated = await self.hall.open(table_id)
        if seated is None:
            raise Refused(404, "no such table")
        return seated

    async def _seat(self, connection: HTTPConnection, *, query: bool) -> tuple[Seated, int]:
        """The table and seat of the path, the token checked (the ``Authorization: Bearer``
        header; with ``query`` the ``token`` query parameter too)."""
        seated = await self._table(connection.path_params["id"])
        text = connection.path_params["seat"]
        players = len(seated.table.row.seats)
        if not (text.isdigit() and len(text) < 3 and int(text) < players):
            raise Refused(404, f"no seat {text[:10]!r} at this table")
        seat = int(text)
        header = connection.headers.get("authorization", "")
        token = header[7:].strip() if header[:7].lower() == "bearer " else None
        if token is None and query:
            token = connection.query_params.get("token")
        if not token:
            raise Refused(401, "a token is needed (Authorization: Bearer TOKEN)")
        expected = seated.table.token_hashes[seat]
        if (len(token) > MAX_TOKEN or expected is None
                or not hmac.compare_digest(token_hash(token), expected)):
            raise Refused(403, "this token does not grant this seat")
        return seated, seat

    def _facts(self, seated: Seated, table_id: str) -> dict[str, Any]:
        """A table's public facts."""
        table = seated.table
        row = table.row
        names = seated.names()
        seats = [{"seat": i, "kind": kind, "name": names[i],
                  "connected": i in seated.bots or i in seated.seats}
                 for i, kind in enumerate(row.seats)]
        waiting = any(kind_of(k) in PLAYER_KINDS and i not in seated.seats
                      for i, k in enumerate(row.seats))
        status = "over" if table.over else "waiting" if waiting else "playing"
        facts: dict[str, Any] = {
            "table": table_id, "game": row.game, "rules": jsonio.rules_to_data(table.rules),
            "players": len(row.seats), "names": names, "seats": seats,
            "move_number": table.move_number,
            "to_move": table.player if table.player >= 0 else None,
            "status": status, "created": row.created}
        if table.over:
            facts["winners"] = list(table.module.winners(table.state))
            facts["seed"] = row.seed
            if table.forfeited is not None:
                facts["forfeit"] = table.forfeited
        return facts

    # ------------------------------------------------------------------ HTTP

    async def create(self, request: Request) -> Response:
        """``POST /api/tables``: a new table; its seats' tokens and links (201)."""
        row = _table_row(await _body(request, CREATE_FIELDS), self.hall.allow_engines)
        tokens = await self.hall.create(row)
        seats = [{"seat": i, "kind": kind, "token": token,
                  "url": None if token is None else f"/play/{row.id}/{i}#{token}"}
                 for i, (kind, token) in enumerate(zip(row.seats, tokens, strict=True))]
        return JSONResponse({"table": row.id, "seats": seats}, 201)

    async def list_tables(self, request: Request) -> Response:
        """``GET /api/tables``: the newest tables, public facts only."""
        rows = await self.hall.list(MAX_TABLES)
        return JSONResponse({"tables": [
            {"table": r.id, "game": r.game, "seats": list(r.seats), "status": r.status,
             "move_number": moves, "created": r.created,
             **({"winners": list(r.winners)} if r.status == "over" else {})}
            for r, moves in rows]})

    async def table(self, request: Request) -> Response:
        """``GET /api/tables/TABLE``: the table's public facts."""
        table_id = request.path_params["id"]
        seated = await self._table(table_id)
        await self.hall.read_names(seated)
        return JSONResponse(self._facts(seated, table_id))

    async def seat_view(self, request: Request) -> Response:
        """``GET /api/tables/TABLE/seats/SEAT`` (with the seat's token): what it sees."""
        seated, seat = await self._seat(request, query=False)
        return _json(seated.table.seat_view(seat))

    async def move(self, request: Request) -> Response:
        """``POST /api/tables/TABLE/seats/SEAT/moves`` (with the token): play a move."""
        seated, seat = await self._seat(request, query=False)
        data = await _body(request, MOVE_FIELDS)
        if "move_number" not in data:
            raise Refused(400, "'move_number' is missing")
        await self.hall.play(seated, seat, data["move_number"], data.get("id"),
                             data.get("move"))
        return _json(seated.table.seat_view(seat))

    async def record(self, request: Request) -> Response:
        """``GET /api/tables/TABLE/record``: the game's record, once it is over."""
        seated = await self._table(request.path_params["id"])
        if not seated.table.over:
            raise Refused(403, "the record is shown once the game is over")
        await self.hall.read_names(seated)
        names = [name or kind for name, kind in zip(seated.names(), seated.table.row.seats,
                                                    strict=True)]
        return _json(seated.table.record(names).to_json())

    async def board(self, request: Request) -> Response:
        """``GET /api/tables/TABLE/board.svg``: the board as a spectator sees it."""
        seated = await self._table(request.path_params["id"])
        return Response(seated.table.svg(SPECTATOR), media_type="image/svg+xml")

    async def seat_board(self, request: Request) -> Response:
        """``GET /api/tables/TABLE/seats/SEAT/board.svg`` (with the token): the seat's
        board."""
        seated, seat = await self._seat(request, query=True)
        return Response(seated.table.svg(seat), media_type="image/svg+xml")

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
            seated, seat = await self._seat(websocket, query=True)
        except Refused as failure:
            await websocket.accept()
            await websocket.close(4000 + failure.status, str(failure)[:120])
            return
        kind = kind_of(seated.table.row.seats[seat])
        if kind not in PLAYER_KINDS:
            await websocket.accept()
            await websocket.close(4403, "the server plays this seat")
            return
        await self._serve(websocket, seated, seat, previews=kind == "human")

    async def ws_watch(self, websocket: WebSocket) -> None:
        """The WebSocket ``/ws/tables/TABLE/watch``: a spectator's connection."""
        try:
            seated = await self._table(websocket.path_params["id"])
        except Refused as failure:
            await websocket.accept()
            await websocket.close(4000 + failure.status, str(failure)[:120])
            return
        await self._serve(websocket, seated, SPECTATOR, previews=False)

    async def _serve(self, websocket: WebSocket, seated: Seated, viewer: int, *,
                     previews: bool) -> None:
        """``hello``, the events so far, the ``act`` when due; then the client's
        messages until it leaves."""
        await websocket.accept()
        connection = Connection(websocket, viewer, previews=previews)
        connection.start()
        if viewer != SPECTATOR:
            former = seated.seats.get(viewer)
            if former is not None:
                former.close(REPLACED)
                seated.connections.discard(former)
            seated.seats[viewer] = connection
        seated.connections.add(connection)
        connection.push(seated.table.hello(viewer))
        connection.update(seated.table)
        try:
            await self._listen(websocket, seated, connection)
        finally:
            seated.connections.discard(connection)
            if seated.seats.get(viewer) is connection:
                del seated.seats[viewer]
            connection.close(1000)

    async def _listen(self, websocket: WebSocket, seated: Seated,
                      connection: Connection) -> None:
        while not connection.closed:
            try:
                frame = await websocket.receive()
            except (WebSocketDisconnect, RuntimeError):
                return
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is None and frame.get("bytes") is not None:
                text = frame["bytes"].decode("utf-8", "replace")
            if text is None:
                continue
            if len(text) > MAX_FRAME:
                connection.close(1009)
                return
            answer = await self._hear(seated, connection, text)
            if answer is not None:
                connection.push(answer)

    async def _hear(self, seated: Seated, connection: Connection, text: str) -> str | None:
        """What a client's message does: ``ready`` names the seat, ``move`` plays, ``info``
        is ignored; an ``error`` message answers what cannot be done (the seat stays)."""
        try:
            message = messages.read_seat(text)
        except messages.ProtocolError as exc:
            return _error_line(str(exc))
        kind = message["type"]
        if kind == "ready":
            connection.name = message["name"]
            if connection.viewer >= 0:
                await self.hall.name(seated, connection.viewer, message["name"])
        elif kind == "move":
            if connection.viewer == SPECTATOR:
                return _error_line("a spectator plays no moves")
            try:
                await self.hall.play(seated, connection.viewer, message["move_number"],
                                     message.get("id"), message.get("move"))
            except Refused as refused:
                connection.acted = -1  # the act again, if the seat is still to move
                connection.push(_error_line(str(refused)))
                connection.update(seated.table)
        return None


def _error_line(text: str) -> str:
    return messages.encode(messages.error(text[:500])).decode().rstrip("\n")


async def _failure(request: Request, exc: Exception) -> Response:
    if isinstance(exc, Refused):
        return _error(exc.status, str(exc))
    if isinstance(exc, HTTPException):
        return _error(exc.status_code, str(exc.detail))
    raise exc


def create_app(storage: Storage, *, allow_engines: bool = False) -> Starlette:
    """The server's ASGI app over ``storage`` (see `open_storage`); ``allow_engines``
    lets tables seat ``engine:COMMAND`` (programs run on this machine)."""
    server = Server(storage, allow_engines)

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
                    exception_handlers={Refused: _failure,
                                        HTTPException: _failure})
    app.state.server = server
    return app
