"""The console's state and the middleware every request passes through.

``Console`` holds the output folder, the director's secrets and the sessions;
``ConsoleMiddleware`` refuses host names other than this machine's (DNS rebinding), gives
each browser its session cookie (HttpOnly, SameSite=Strict) and puts the security headers
(a strict Content-Security-Policy among them) on every response.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pipeline.clock import Clock
from pipeline.web.security import SESSION_COOKIE, Secrets, Session, Sessions, is_loopback

__all__ = ["SECURITY_HEADERS", "Console", "ConsoleMiddleware", "Gate", "host_allowed"]

SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; "
        "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
}


@dataclass
class Console:
    """The console's state: the output folder, the director's secrets, the sessions."""

    out_dir: Path
    secrets: Secrets
    sessions: Sessions = field(default_factory=Sessions)
    public: bool = False  # listening beyond this machine: any Host header is accepted
    clock: Clock | None = None  # the corrections' clock (pipeline.clock); None: the machine's
    store: str | None = None  # --store (a path or URL); None: BRIDGESCAN_STORE, then OUT's file

    title: str = ""  # the event's name before anything is published (the club's console)

    def host_allowed(self, host: str | None) -> bool:
        return host_allowed(host, self.public)


def host_allowed(host: str | None, public: bool) -> bool:
    """Loopback names only (a page of another site that points its own name at 127.0.0.1
    must not reach the console: DNS rebinding); any name when listening ``public``."""
    if public:
        return True
    if not host:
        return False
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    if host.startswith("["):
        name = host[1:].split("]", 1)[0]
    return is_loopback(name)


class Gate(Protocol):
    """What the middleware needs of a console (one event's, or the club's)."""

    sessions: Sessions

    def host_allowed(self, host: str | None) -> bool: ...


class ConsoleMiddleware:
    """Host check, the session cookie and the security headers on every response."""

    def __init__(self, app: ASGIApp, console: Gate) -> None:
        self.app = app
        self.console = console

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if not self.console.host_allowed(headers.get("host")):
            response = PlainTextResponse("unknown host name: use http://127.0.0.1", 400)
            await response(scope, receive, send)
            return
        cookie = _cookie(headers.get("cookie", ""), SESSION_COOKIE)
        session = self.console.sessions.get(cookie) or self.console.sessions.new()
        state = scope.setdefault("state", {})
        state["session"] = session
        state["console"] = self.console

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                out = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    out[name] = value
                current: Session = state["session"]
                if current.id != cookie:
                    out.append(
                        "set-cookie",
                        f"{SESSION_COOKIE}={current.id}; Path=/; HttpOnly; SameSite=Strict",
                    )
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _cookie(header: str, name: str) -> str | None:
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None
