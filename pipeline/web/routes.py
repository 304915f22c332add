"""Every address of the console, in one table (what a reviewer checks for who may change what).

GET pages are open to anyone who can reach the console; every POST goes through
``require_director`` (signed in, CSRF token, same origin) except signing in itself, which
checks the token and the origin.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pipeline.web.auth import login, login_page, logout
from pipeline.web.corrections import audit_page, correction_page, correction_post, publish_post
from pipeline.web.files import crop, site_file, static_file
from pipeline.web.http import page
from pipeline.web.review import decide, queue_page

__all__ = ["all_routes", "home"]


async def home(request: Request) -> Response:
    """GET /: the event, its status and what waits for the director."""
    return page(request, "home.html", title="Console")


async def no_icon(request: Request) -> Response:
    """GET /favicon.ico: none (browsers ask for it on every visit)."""
    return Response(status_code=204)


def all_routes() -> list[Route]:
    return [
        Route("/", home, methods=["GET"]),
        Route("/login", login_page, methods=["GET"]),
        Route("/login", login, methods=["POST"]),
        Route("/logout", logout, methods=["POST"]),
        Route("/review", queue_page, methods=["GET"]),
        Route("/review/decide", decide, methods=["POST"]),
        Route("/review/crop", crop, methods=["GET"]),
        Route("/corrections", correction_page, methods=["GET"]),
        Route("/corrections", correction_post, methods=["POST"]),
        Route("/audit", audit_page, methods=["GET"]),
        Route("/publish", publish_post, methods=["POST"]),
        Route("/static/{name}", static_file, methods=["GET"]),
        Route("/site/{path:path}", site_file, methods=["GET"]),
        Route("/favicon.ico", no_icon, methods=["GET"]),
    ]
