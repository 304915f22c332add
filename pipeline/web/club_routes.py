"""Every address of the club's console (``bridgescan serve CLUB``), in one table.

GET pages are open to anyone who can reach the console; every POST needs a signed-in
director with the session's CSRF token (``require_director``, ``require_director_upload``),
except signing in itself. Each event's console (the routes of pipeline/web/routes.py) is
mounted under ``/events/SLUG/`` by pipeline/web/club.py, after these.
"""

from __future__ import annotations

from starlette.routing import Route

from pipeline.web.auth import login, login_page, logout
from pipeline.web.club_events import new_event_page, new_event_post
from pipeline.web.club_pages import club_home, members_import, members_page, members_post
from pipeline.web.evening import evening_page, print_pdf, progress_json, score_post, upload_post
from pipeline.web.files import static_file
from pipeline.web.routes import no_icon
from pipeline.web.typed_entry import entry_page, entry_post

__all__ = ["club_routes"]


def club_routes() -> list[Route]:
    return [
        Route("/", club_home, methods=["GET"]),
        Route("/login", login_page, methods=["GET"]),
        Route("/login", login, methods=["POST"]),
        Route("/logout", logout, methods=["POST"]),
        Route("/members", members_page, methods=["GET"]),
        Route("/members", members_post, methods=["POST"]),
        Route("/members/import", members_import, methods=["POST"]),
        Route("/events/new", new_event_page, methods=["GET"]),
        Route("/events/new", new_event_post, methods=["POST"]),
        Route("/events/{slug}/", evening_page, methods=["GET"]),
        Route("/events/{slug}/progress.json", progress_json, methods=["GET"]),
        Route("/events/{slug}/score", score_post, methods=["POST"]),
        Route("/events/{slug}/scans", upload_post, methods=["POST"]),
        Route("/events/{slug}/print/{what}.pdf", print_pdf, methods=["GET"]),
        Route("/events/{slug}/entry", entry_page, methods=["GET"]),
        Route("/events/{slug}/entry", entry_post, methods=["POST"]),
        Route("/static/{name}", static_file, methods=["GET"]),
        Route("/favicon.ico", no_icon, methods=["GET"]),
    ]
