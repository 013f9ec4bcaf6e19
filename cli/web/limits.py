"""The request body limit of `magie serve`: an ASGI middleware that refuses a body over its limit
with a 400 before the app reads it, so no request makes the server hold more than that in memory.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi.responses import JSONResponse

from .uploads import MAX_BODY as MAX_UPLOAD_BODY
from .uploads import MAX_FILE_BYTES

MAX_BODY = 64 * 1024
"""The largest request body, in bytes, except an uploaded save or edition."""
MAX_SAVE_BODY = 8 * 1024 * 1024
"""The largest uploaded save (a save carries its edition, about 30 kB, and one line per answer)."""
MAX_STUDIO_BODY = 2 * MAX_FILE_BYTES + 64 * 1024
"""The largest text the studio checks (an edition file, its characters escaped in JSON)."""


class BodyLimit:
    """ASGI middleware: refuse a request body over the limit with a 400 before the app reads it
    (the limit is `MAX_SAVE_BODY` for an uploaded save, `MAX_BODY` otherwise)."""

    def __init__(self, app: Callable[..., Awaitable[None]]):
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = {"/api/games/resume": MAX_SAVE_BODY, "/api/editions": MAX_UPLOAD_BODY,
                 "/api/studio/check": MAX_STUDIO_BODY}.get(scope.get("path", ""), MAX_BODY)
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, receive, send)     # a disconnect: let the app see it
                return
            body = message.get("body", b"")
            size += len(body)
            if size > limit:
                response = JSONResponse({"error": f"the request body is larger than {limit} bytes"}, status_code=400)
                await response(scope, receive, send)
                return
            chunks.append(body)
            more = message.get("more_body", False)
        whole = b"".join(chunks)
        sent = False

        async def replay() -> dict:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
