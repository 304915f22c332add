"""The director's console as an ASGI app: every route behind the console's middleware.

Why Starlette: it comes with Prefect already (no new dependency), it is the small ASGI
toolkit FastAPI itself is built on, and a console of a few HTML forms needs its routing,
requests and responses, not FastAPI's schemas; uvicorn (also with Prefect) serves it.

The pages call the same functions as the command line (``pipeline.doors.scans.review``,
``pipeline.corrections``, ``pipeline.publish``) and write the same append-only records, so
a director can decide one item here and the next with ``bridgescan review resolve``.
Security: pipeline/web/security.py (secrets, sessions, CSRF, binding),
pipeline/web/console.py (host names through Starlette's TrustedHostMiddleware, cookie,
headers), pipeline/web/files.py (paths).
"""

from __future__ import annotations

from starlette.applications import Starlette

from pipeline.web.console import Console, guard
from pipeline.web.routes import all_routes

__all__ = ["Console", "console_app"]


def console_app(console: Console, host: str = "127.0.0.1") -> Starlette:
    """The ASGI app of ``console`` listening on ``host``: the routes of
    pipeline/web/routes.py behind the middleware (host check, session cookie, security
    headers)."""
    return guard(Starlette(routes=all_routes()), console, host)
