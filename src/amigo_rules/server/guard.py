"""The game server's outer wall (an ASGI middleware around the app): every request names
one of the server's hosts (else 400: DNS rebinding), comes from its own pages or an allowed
origin when it says where it comes from (else 403: a forged cross-site request), and a
``POST`` is JSON (else 415: no form or ``text/plain`` body that a page elsewhere could send
without asking). Every response carries the security headers (`HEADERS`).

A refused WebSocket is accepted and closed with 4000 + the status, as the routes do.
"""

from __future__ import annotations

import json

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .settings import Settings, origin_of

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
    "connect-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
"""The pages run only the package's script and talk only to their own server; no page of
this server may be framed by another site."""
HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
"""The headers of every HTTP response."""
JSON_TYPE = "application/json"


class Guard:
    """The checks of `Settings` around ``app``."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.names = settings.host_names
        self.origins = frozenset(o for o in map(origin_of, settings.allow_origins) if o)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is not None:
            status, message = refusal
            if kind == "http":
                await _answer(send, status, message)
            else:
                await _close(receive, send, 4000 + status, message)
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *HEADERS]}
            await send(message)

        await self.app(scope, receive, guarded)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """The status and reason refusing the request, or None."""
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if _name(host) not in self.names:
            return 400, f"this server does not answer to the host {host[:100]!r}"
        origin = headers.get("origin")
        if origin is not None:
            scheme = {"ws": "http", "wss": "https"}.get(scope["scheme"], scope["scheme"])
            allowed = origin_of(origin)
            if allowed is None or (allowed != origin_of(f"{scheme}://{host}")
                                   and allowed not in self.origins):
                return 403, f"requests from the origin {origin[:100]!r} are not allowed"
        if scope["type"] == "http" and scope["method"] == "POST":
            media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            if media != JSON_TYPE:
                return 415, f"a POST body must be {JSON_TYPE}"
        return None


def _name(host: str) -> str:
    """The name of a ``Host`` header (no port; an IPv6 address without brackets)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


async def _answer(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}, separators=(",", ":")).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", JSON_TYPE.encode()), (b"content-length", str(len(body)).encode()),
        *HEADERS]})
    await send({"type": "http.response.body", "body": body})


async def _close(receive: Receive, send: Send, code: int, reason: str) -> None:
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": code, "reason": reason[:120]})
