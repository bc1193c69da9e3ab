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
sends the ASGI way. What a client receives is unchanged; the limits on what it sends,
the handshake and its checks are not on this path.
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
                "text": text}`` when it would not wait; False instead of waiting."""
                if (self.disconnected or not self.writable.is_set() or self.close_sent
                        or not self.handshake_complete or self.initial_response is not None
                        or self.conn.state is not State.OPEN):
                    return False
                self.conn.send_text(text.encode())
                self.transport.write(b"".join(self.conn.data_to_send()))
                return True

        chosen = DirectProtocol
    chosen.__name__ = chosen.__qualname__ = f"Gathering{base.__name__}"
    return chosen


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
