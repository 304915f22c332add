"""Running the console: on 127.0.0.1 unless told otherwise, with the sign-in address printed.

``serve`` is what ``bridgescan serve OUT`` runs (uvicorn in the foreground, Ctrl+C stops
it); ``ConsoleThread`` runs the same app in a background thread on a free port, for the
browser tests and for anyone embedding the console.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import uvicorn

from pipeline.web.app import Console, console_app
from pipeline.web.club import ClubConsole, club_app
from pipeline.web.security import Secrets, check_bind

__all__ = ["DEFAULT_PORT", "serve", "ConsoleThread", "sign_in_url"]

DEFAULT_PORT = 8315


def sign_in_url(host: str, port: int, token: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/login?token={token}"


def serve(
    folder: Path,
    host: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    *,
    public: bool = False,
    password: str | None = None,
    say: Callable[[str], None] = print,
    store: str | None = None,
) -> None:
    """Serve the console until interrupted (BindRefused for a public address without
    ``public``): the club's console for a club folder (pipeline/web/club.py), else the
    console of one event's output folder."""
    from pipeline.events.club_folder import is_club_folder

    check_bind(host, public)
    # Bound before anything is said: with the port taken (another program, a console already
    # running) the sign-in address printed below, token and all, would lead to that program.
    listening = _listening(host, port)
    secrets = Secrets(password)
    if is_club_folder(folder) and store is None:
        Path(folder).mkdir(parents=True, exist_ok=True)
        club = ClubConsole(Path(folder), secrets, public=public)
        app = club_app(club, host)
        say(f"bridgescan club console for {folder}")
        club.runner.prepare()
    else:
        console = Console(Path(folder), secrets, public=public, store=store)
        app = console_app(console, host)
        say(f"bridgescan console for {folder}")
    say(f"  sign in as the director: {sign_in_url(host, port, secrets.token)}")
    say(f"  viewing needs no sign-in: http://{host}:{port}/")
    if public:
        say("  listening beyond this machine (--public): anyone on the network can view")
    say("  Ctrl+C stops the console")
    try:
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listening])
    except KeyboardInterrupt:  # Ctrl+C is how the console stops (exit 0), as uvicorn.run has it
        pass


def _listening(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` for the console (``OSError`` when it is taken)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
    try:
        listening.bind((host, port))
    except OSError:
        listening.close()
        raise
    return listening


class ConsoleThread:
    """The console on a free port of ``host`` in a background thread (start, then stop)."""

    def __init__(self, console: Console | ClubConsole, host: str = "127.0.0.1") -> None:
        check_bind(host, console.public)
        self.console = console
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind((host, 0))
        self.host = host
        self.port = self._socket.getsockname()[1]
        if isinstance(console, ClubConsole):
            app = club_app(console, host)
        else:
            app = console_app(console, host)
        config = uvicorn.Config(app, log_level="warning", lifespan="off")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self, timeout: float = 10.0) -> ConsoleThread:
        if isinstance(self.console, ClubConsole):
            self.console.runner.prepare()
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the console did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._socket.close()
