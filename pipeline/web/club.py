"""The club's console (``bridgescan serve CLUB``): the director's home for the whole evening.

One Starlette app over a club folder (pipeline/events/club_folder.py): the members, the list
of events, a new event, and for each event its evening (print, scans in, typed
travellers, scoring with live progress) and then the event's console as ``serve OUT`` has
it (review, corrections, audit, publish, the site), mounted under ``/events/SLUG/``. The
same middleware guards all of it: host check, one sign-in for the whole club (the same
secrets and sessions), CSRF on every form, the security headers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, Router
from starlette.types import Receive, Scope, Send

from pipeline.clock import Clock
from pipeline.events.club_folder import ClubEvent, find_event
from pipeline.web.console import Console, guard
from pipeline.web.runs import Runner
from pipeline.web.security import Secrets, Sessions

__all__ = ["ClubConsole", "club_app"]


@dataclass
class ClubConsole:
    """The club console's state: the club folder, the director's secrets and sessions (one
    sign-in for every event), and the runner that scores events in the background."""

    folder: Path
    secrets: Secrets
    sessions: Sessions = field(default_factory=Sessions)
    public: bool = False
    clock: Clock | None = None
    runner: Runner = field(default_factory=Runner)
    _consoles: dict[str, Console] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The club's name as the header shows it: its folder's name."""
        return Path(self.folder).resolve().name.replace("-", " ").replace("_", " ") or "Club"

    def event(self, slug: str) -> ClubEvent | None:
        return find_event(self.folder, slug)

    def console_for(self, found: ClubEvent) -> Console:
        """The event's console (its output folder), sharing the club's secrets and sessions."""
        console = self._consoles.get(found.slug)
        if console is None:
            console = Console(
                found.out_dir, self.secrets, self.sessions, public=self.public, clock=self.clock
            )
            self._consoles[found.slug] = console
        console.title = _event_name(found)
        return console


def _event_name(found: ClubEvent) -> str:
    """The event's name from its event file, parsed again only when the file changed (its
    modification time, size or inode; as ``state.results`` keeps the published results):
    every request of the event's pages asks, among them the progress the page polls each
    second while a run goes on, and parsing the file is some 20 ms of CPU."""
    try:
        stat = found.event_file.stat()
    except OSError:
        return found.slug
    return _event_name_of(found, (stat.st_mtime_ns, stat.st_size, stat.st_ino))


@lru_cache(maxsize=64)
def _event_name_of(found: ClubEvent, signature: tuple[int, int, int]) -> str:
    """The name as the file gives it (its folder's when the file does not read); ``signature``
    only keys the cache."""
    from pipeline.events.eventfile import EventFileError, load_event

    try:
        return load_event(found.event_file).name
    except EventFileError:
        return found.slug


class EventConsoles:
    """``/events/SLUG/...``: the event's console (the routes of ``serve OUT``), on the event's
    output folder; an unknown slug is a 404."""

    def __init__(self, club: ClubConsole) -> None:
        from pipeline.web.routes import all_routes

        self.club = club
        self.router = Router(routes=all_routes())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self.club.event(str(scope.get("path_params", {}).get("slug", "")))
        if found is None:
            await PlainTextResponse("no such event", status_code=404)(scope, receive, send)
            return
        scope.setdefault("state", {})["console"] = self.club.console_for(found)
        await self.router(scope, receive, send)


async def _event_root(request: Request) -> Response:
    """GET /events/SLUG: the event's page is /events/SLUG/ (its console's links are relative)."""
    return RedirectResponse(f"{request.url.path}/", status_code=308)


def club_app(club: ClubConsole, host: str = "127.0.0.1") -> Starlette:
    """The ASGI app of the club's console listening on ``host``: the club's pages, each
    event's evening, and each event's console under ``/events/SLUG/``, behind the
    console's middleware."""
    from pipeline.web.club_routes import club_routes

    routes = [
        *club_routes(),
        Route("/events/{slug}", _event_root, methods=["GET"]),
        Mount("/events/{slug}", app=EventConsoles(club)),
    ]
    app = guard(Starlette(routes=routes), club, host)
    app.state.club = club
    return app
