"""The server's writes to a WebSocket client: the frames of one turn of the event loop go
out in one write (`gathering`, the WebSocket protocol ``serve`` gives uvicorn).

A move sends each seat two or three messages at once (the move's ``event``, the chance
move's, the next ``act``): one WebSocket frame each, as the protocol says, written one at
a time by uvicorn, each a ``send()`` system call — on loopback the kernel's delivery to the
other side with it; a fifth to a quarter of the event loop's time under load. Gathered, the frames
are the same bytes in the same order, in fewer writes. Nothing waits longer than the end
of the loop's turn, and the transport's flow control (``pause_writing``) acts as before:
what one turn gathers is bounded by the connections' send queues
(`seats.SEND_QUEUE`).

A frame of ours need not go the ASGI way either (Starlette's ``send_text``, its exception
wrapper, uvicorn's ``send``: three coroutines and a message dictionary a frame, a tenth
of the loop's time at 200 tables): `gathering`'s protocol offers the app `DIRECT`, which
frames a text and writes it at once, as uvicorn's ``send`` does, whenever that ``send``
would not wait (the connection open and writable); otherwise it declines and the app
sends the ASGI way. `DIRECT` frames the text itself (`text_frame`: a server's frame is a
two-to-ten-byte header and the text, websockets' own bytes; a test holds them alike)
rather than through websockets' frame objects.

A client's message is read the same way on the common path: data that is exactly one
whole text frame, masked and in bounds, arriving while websockets' parser waits for a
new frame (`one_text_frame`), is unmasked here and handed to the app as uvicorn hands it
(its queue, its size limit, its UTF-8 check, its pause of the reading); anything else —
a frame in pieces, two at once, a control frame, a frame over the limit, an unmasked one
— goes to websockets' parser as before, which refuses what it refuses.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, cast

DIRECT = "amigo_rules.send_text"
"""The ASGI scope extension `gathering`'s protocol offers: ``send_text(text) -> bool``
frames ``text`` and writes it now, or declines (False) where uvicorn's ``send`` would
wait or fail (not writable, closing, closed); then the caller sends it the ASGI way."""


class Gathered:
    """A transport whose writes made in one turn of the loop reach ``transport`` as one
    write at the turn's end; everything else is ``transport``'s."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self.transport = transport
        self.loop = loop
        self.pending: list[bytes] = []
        """What was written this turn, not yet handed on."""

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        if not self.pending:
            self.loop.call_soon(self.flush)
        self.pending.append(bytes(data))

    def writelines(self, lines: Any) -> None:
        for data in lines:
            self.write(data)

    def flush(self) -> None:
        """Hand what was written on to the transport (nothing once it is closing: the
        connection is lost)."""
        if not self.pending:
            return
        data = b"".join(self.pending) if len(self.pending) > 1 else self.pending[0]
        self.pending.clear()
        if not self.transport.is_closing():
            self.transport.write(data)

    def get_write_buffer_size(self) -> int:
        return self.transport.get_write_buffer_size() + sum(map(len, self.pending))

    def close(self) -> None:
        """Close after what was written (the transport sends its buffer first)."""
        self.flush()
        self.transport.close()

    def abort(self) -> None:
        self.pending.clear()
        self.transport.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)


def gathering(protocol: Callable[..., asyncio.Protocol]) -> type[asyncio.Protocol]:
    """uvicorn's WebSocket ``protocol`` class (``AutoWebSocketsProtocol``: the one it
    would choose) writing through `Gathered`; uvicorn's sans-I/O protocol (websockets')
    offers `DIRECT` too."""
    base = cast(type[asyncio.Protocol], protocol)

    class GatheringProtocol(base):  # type: ignore[valid-type,misc]
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            gathered = Gathered(cast(asyncio.Transport, transport), asyncio.get_running_loop())
            super().connection_made(cast(asyncio.Transport, gathered))

    chosen: type[asyncio.Protocol] = GatheringProtocol
    if _sans_io(base):
        from websockets.protocol import State

        class DirectProtocol(GatheringProtocol):
            def handle_connect(self, event: Any) -> None:
                super().handle_connect(event)
                scope = getattr(self, "scope", None)  # (none: the handshake was refused)
                if scope is not None:
                    scope["extensions"][DIRECT] = self.send_now

            def send_now(self, text: str) -> bool:
                """What uvicorn's ``send`` does with ``{"type": "websocket.send",
                "text": text}`` when it would not wait; False instead of waiting. The
                frame is written by `text_frame` (websockets' bytes), by websockets
                itself where an extension was agreed, it has bytes of its own to send
                first or it logs its frames."""
                conn = self.conn
                if (self.disconnected or not self.writable.is_set() or self.close_sent
                        or not self.handshake_complete or self.initial_response is not None
                        or conn.state is not State.OPEN):
                    return False
                if conn.extensions or conn.writes or conn.debug:
                    conn.send_text(text.encode())
                    self.transport.write(b"".join(conn.data_to_send()))
                else:
                    self.transport.write(text_frame(text.encode()))
                return True

            def data_received(self, data: bytes) -> None:
                """uvicorn's, but a whole text frame arriving while the parser waits for
                a new one is read here (`one_text_frame`): the same message to the app."""
                payload = one_text_frame(data, self.conn)
                if payload is None:
                    super().data_received(data)
                    return
                self.curr_msg_data_type = "text"  # as uvicorn's ``handle_text``
                self.frames = [payload]
                self.send_receive_event_to_app()

        chosen = DirectProtocol
    chosen.__name__ = chosen.__qualname__ = f"Gathering{base.__name__}"
    return chosen


def text_frame(data: bytes) -> bytes:
    """The frame a server sends for the text message ``data`` (UTF-8): final, unmasked,
    no extension (RFC 6455 §5.2; what websockets writes for it)."""
    length = len(data)
    if length < 126:
        return b"\x81" + length.to_bytes(1, "big") + data
    if length < 65536:
        return b"\x81\x7e" + length.to_bytes(2, "big") + data
    return b"\x81\x7f" + length.to_bytes(8, "big") + data


def one_text_frame(data: bytes, conn: Any) -> bytes | None:
    """The payload of ``data`` if it is exactly one whole text frame from a client
    (final, masked, no reserved bits, length in at most two bytes, within websockets'
    ``max_size`` of ``conn``) and ``conn`` (websockets' `ServerProtocol`, open, no
    extension) waits for a new frame with nothing buffered (its parser at the top of
    its loop: these bytes begin a frame); else None (websockets parses them)."""
    if len(data) < 6 or data[0] != 0x81 or not 0x80 <= data[1] <= 0xFE:
        return None
    length, start = data[1] & 0x7F, 6
    if length == 126:
        length, start = int.from_bytes(data[2:4], "big"), 8
    try:  # (an older websockets names its limit otherwise: it parses them all)
        limits = [x for x in (conn.max_message_size, conn.max_fragment_size) if x is not None]
        if (len(data) != start + length or (limits and length > min(limits))
                or conn.state is not _OPEN or conn.extensions or conn.debug
                or conn.current_size is not None or conn.reader.buffer
                or not _waits_for_a_frame(conn.parser)):
            return None
    except AttributeError:
        return None
    payload: bytes = apply_mask(data[start:], data[start - 4:start])
    return payload


def _waits_for_a_frame(parser: Any) -> bool:
    """Whether websockets' parser generator is suspended at the top of its frame loop
    (``Protocol.parse`` in ``StreamReader.at_eof``), not inside a frame or a handshake."""
    outer, inner = None, parser
    while inner.gi_yieldfrom is not None:
        outer, inner = inner, inner.gi_yieldfrom
    return (outer is not None and inner.gi_code is _AT_EOF
            and outer.gi_code is _PARSE)


_OPEN: Any = None
_AT_EOF: Any = None
_PARSE: Any = None
try:  # (what `one_text_frame` reads of websockets; without it, no receiving here)
    from websockets.protocol import Protocol as _Protocol
    from websockets.protocol import State as _State
    from websockets.streams import StreamReader as _StreamReader

    try:
        from websockets.speedups import apply_mask
    except ImportError:  # pragma: no cover (websockets built without its C part)
        from websockets.utils import apply_mask

    _OPEN, _AT_EOF, _PARSE = (_State.OPEN, _StreamReader.at_eof.__code__,
                              _Protocol.parse.__code__)
except ImportError:  # pragma: no cover (websockets absent: uvicorn's other protocols)
    pass


def _sans_io(protocol: type[asyncio.Protocol]) -> bool:
    """Whether ``protocol`` is uvicorn's sans-I/O WebSocket protocol (or made from it)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
    except ImportError:  # an older uvicorn, or websockets absent
        return False
    return issubclass(protocol, WebSocketsSansIOProtocol)


def direct_sender(websocket: Any) -> Callable[[str], bool] | None:
    """The `DIRECT` send of ``websocket`` (a Starlette ``WebSocket``), if its server
    offers one."""
    extensions = getattr(websocket, "scope", {}).get("extensions") or {}
    sender: Callable[[str], bool] | None = extensions.get(DIRECT)
    return sender
