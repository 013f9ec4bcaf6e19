"""How `magie serve` refuses a request: `HTTPProblem` (a status and a message), raised anywhere in
a route, and the handlers that turn it, an unknown address and a body that does not validate into
the contract's `{"error": "message", ...}` (docs/web.md).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..i18n import LANGUAGES


class HTTPProblem(Exception):
    """A request refused with `status` and a message (and optional details, sent as more fields
    of the JSON error)."""

    def __init__(self, status: int, message: str, **extra: Any):
        self.status = status
        self.message = message
        self.extra = extra


def check_lang(lang: str) -> str:
    """`lang` when the interface speaks it; raises `HTTPProblem` 400 otherwise."""
    if lang not in LANGUAGES:
        raise HTTPProblem(400, f"lang: expected one of {', '.join(LANGUAGES)}, not {lang[:20]!r}", field="lang")
    return lang


async def _problem(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPProblem)
    return JSONResponse({"error": exc.message, **exc.extra}, status_code=exc.status)


async def _http(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    message = f"no such address: {request.url.path}" if exc.status_code == 404 else str(exc.detail)
    return JSONResponse({"error": message}, status_code=exc.status_code)


async def _invalid(request: Request, exc: Exception) -> JSONResponse:
    """A body or query that does not validate: every problem, the first one in `error`."""
    assert isinstance(exc, RequestValidationError)
    problems = []
    for err in exc.errors():
        loc = [str(x) for x in err.get("loc", ()) if x not in ("body", "query")]
        where = ".".join(loc) or "body"
        msg = err.get("msg", "invalid")
        if err.get("type") == "value_error" and "error" in err.get("ctx", {}):
            msg = str(err["ctx"]["error"])    # our validator's own words, without pydantic's prefix
        elif err.get("type") == "json_invalid":
            where, msg = "body", "the body is not valid JSON"
        problems.append({"field": where, "message": msg})
    first = problems[0] if problems else {"field": "body", "message": "invalid"}
    return JSONResponse({"error": f"{first['field']}: {first['message']}", "field": first["field"],
                         "problems": problems}, status_code=400)


def install_handlers(app: FastAPI) -> None:
    """Answer every refusal of `app` as the contract's JSON error."""
    app.add_exception_handler(HTTPProblem, _problem)
    app.add_exception_handler(StarletteHTTPException, _http)
    app.add_exception_handler(RequestValidationError, _invalid)


__all__ = ["HTTPProblem", "check_lang", "install_handlers"]
