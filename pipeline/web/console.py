"""The console's state and the middleware every request passes through.

``Console`` holds the output folder, the director's secrets and the sessions; ``guard``
puts the middleware in front of an app: Starlette's ``TrustedHostMiddleware`` refuses host
names other than this machine's (DNS rebinding), then ``ConsoleMiddleware`` gives each
browser its session cookie (HttpOnly, SameSite=Strict) and puts the security headers (a
strict Content-Security-Policy among them) on every response.

Why not Starlette's ``SessionMiddleware``: it keeps the session in a signed cookie (with
itsdangerous, which bridgescan does not install), so the browser holds it and a server
cannot end it. The console keeps its sessions in its own memory (``Sessions``): signing in
replaces the id, signing out or stopping the console ends it, and the cookie holds only
a random id, read with Starlette's cookie parser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import HTTPConnection
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pipeline.clock import Clock
from pipeline.web.security import SESSION_COOKIE, Secrets, Session, Sessions

__all__ = [
    "SECURITY_HEADERS",
    "THIS_MACHINE",
    "Console",
    "ConsoleMiddleware",
    "Gate",
    "allowed_hosts",
    "guard",
]

# The names of this machine a browser may use (docs/console.md, "Listening").
THIS_MACHINE = ("127.0.0.1", "localhost", "[::1]")

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


def allowed_hosts(host: str, public: bool) -> list[str]:
    """The Host names the console answers: this machine's (a page of another site that
    points its own name at 127.0.0.1 must not reach the console: DNS rebinding) and the
    loopback address it listens on; any name when listening ``public``."""
    if public:
        return ["*"]
    listening = f"[{host}]" if ":" in host else host
    return list(dict.fromkeys((*THIS_MACHINE, listening.lower())))


def guard(app: Starlette, console: Gate, host: str = "127.0.0.1") -> Starlette:
    """``app`` behind the host check, then the session cookie and the security headers."""
    app.add_middleware(ConsoleMiddleware, console=console)
    # Added last, so it runs first: a refused host name gets no session.
    app.add_middleware(HostCheck, allowed_hosts=allowed_hosts(host, console.public))
    return app


class HostCheck:
    """Starlette's ``TrustedHostMiddleware`` decides; a name it refuses is answered with
    what to type instead, not only its "Invalid host header" (a director who opened the
    console by the laptop's network name needs to know it answers at 127.0.0.1)."""

    _PASSED = "bridgescan.host_checked"  # set in the scope when the name was accepted
    _REFUSAL = (
        "unknown host name: this console answers at http://127.0.0.1 (or the address given "
        "with --host); `bridgescan serve --public` answers any name"
    )

    def __init__(self, app: ASGIApp, allowed_hosts: list[str]) -> None:
        self.app = app
        self.checked = TrustedHostMiddleware(self._accepted, allowed_hosts, www_redirect=False)

    async def _accepted(self, scope: Scope, receive: Receive, send: Send) -> None:
        scope[self._PASSED] = True
        await self.app(scope, receive, send)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def answer(message: Message) -> None:
            if scope.get(self._PASSED):
                await send(message)
            elif message["type"] == "http.response.start":
                refusal = PlainTextResponse(self._REFUSAL, status_code=message["status"])
                await refusal(scope, receive, send)

        await self.checked(scope, receive, answer)


class Gate(Protocol):
    """What the middleware needs of a console (one event's, or the club's)."""

    sessions: Sessions
    public: bool


class ConsoleMiddleware:
    """The session cookie and the security headers on every response."""

    def __init__(self, app: ASGIApp, console: Gate) -> None:
        self.app = app
        self.console = console

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cookie = HTTPConnection(scope).cookies.get(SESSION_COOKIE)
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
