"""Request helpers of the console's pages: forms, origin and CSRF checks, rendering.

Every page is rendered by the site's Jinja2 environment (autoescaping always on) with the
console's templates on top; every change goes through ``require_director``: the request
must come from the console's own origin, carry the session's CSRF token, and the session
must have signed in with the director's secret.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs, urlsplit

from jinja2 import Environment
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from pipeline.publish.web.render import environment
from pipeline.web.console import Console
from pipeline.web.security import Session, Sessions
from pipeline.web.state import event_state

__all__ = [
    "MAX_FORM_BYTES",
    "base_of",
    "club_of",
    "FormError",
    "form",
    "page",
    "forbidden",
    "redirect",
    "OTHER_SITE",
    "form_refused",
    "require_console_form",
    "require_director",
    "same_origin",
    "session_of",
    "console_of",
]

MAX_FORM_BYTES = 64_000


class FormError(ValueError):
    """A form that cannot be read (too big, not a form)."""


def session_of(request: Request) -> Session:
    return request.state.session  # type: ignore[no-any-return]


def console_of(request: Request) -> Console:
    return request.state.console  # type: ignore[no-any-return]


async def form(request: Request) -> dict[str, str]:
    """An URL-encoded form, checked: the same origin, the session's CSRF token.

    Raises FormError for a body that is not a small URL-encoded form; the caller answers
    403 through ``forbidden`` when the origin or the token is wrong (``csrf_ok``). The body
    is read here, not by Starlette's ``request.form()``: that caps each field (1 MB) and
    their number, not the whole form, and a console form is a few short fields."""
    kind = request.headers.get("content-type", "").split(";")[0].strip()
    if kind != "application/x-www-form-urlencoded":
        raise FormError("the console takes HTML forms only")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            raise FormError("the form is too big")
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=400)
    except (UnicodeDecodeError, ValueError) as error:
        raise FormError(f"the form cannot be read: {error}") from None
    return {key: values[0] for key, values in fields.items()}


def same_origin(request: Request) -> bool:
    """A POST must come from the console's own pages: Origin (or Referer) names this host."""
    host = request.headers.get("host", "")
    origin = request.headers.get("origin")
    if origin is not None:
        return origin != "null" and urlsplit(origin).netloc == host
    referer = request.headers.get("referer")
    if referer is not None:
        return urlsplit(referer).netloc == host
    return True  # neither header (an old browser, or a script of the director's own)


def base_of(request: Request) -> str:
    """Where an event's console pages sit: "" for ``serve OUT``; ``/events/SLUG`` for an
    event of the club's console (``serve CLUB``), so every link and redirect is relative to it."""
    return str(request.scope.get("root_path", "")).rstrip("/")


def club_of(request: Request) -> Any:
    """The club's console (pipeline/web/club.py) when serving a club folder, else None."""
    return getattr(request.app.state, "club", None)


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A console page: the console's templates on top of the site's (shared stylesheet).

    An event's pages extend ``console_base.html`` with the event's state; the club's own
    pages (members, the list of events) extend ``club_base.html``."""
    session = session_of(request)
    console = console_of(request)
    state = None
    if isinstance(console, Console):
        state = event_state(console.out_dir, console.store)
        if state.problem and console.title:  # nothing published yet: the event file's name
            state = replace(state, title=console.title)
    context.setdefault("layout", "console_base.html" if state is not None else "club_base.html")
    context.setdefault("base", base_of(request))  # an event page of the club's own routes
    html = (
        _environment()
        .get_template(template)
        .render(
            session=session,
            messages=session.take_flash(),
            state=state,
            club=club_of(request),
            asset_base="/static/",
            **context,
        )
    )
    return HTMLResponse(html, status_code=status)


@lru_cache(maxsize=1)
def _environment() -> Environment:
    return environment("pipeline.web")


def forbidden(request: Request, message: str) -> HTMLResponse:
    return page(request, "message.html", status=403, title="Not allowed", message=message)


Handler = Callable[[Request, dict[str, str]], Awaitable[Response]]


OTHER_SITE = "This form was sent from another web site."
OUT_OF_DATE = "The form was out of date (the console restarted?). Reload the page and try again."
SIGN_IN_FIRST = "Sign in with the director's password or token first."


def form_refused(request: Request, fields: dict[str, str], *, director: bool) -> Response | None:
    """The answer to a form the console will not act on, else None: the CSRF token is not
    this session's, or (``director``) the session has not signed in. The origin is checked
    before the body is read (``same_origin``)."""
    session = session_of(request)
    if not Sessions.csrf_ok(session, fields.get("csrf")):
        return forbidden(request, OUT_OF_DATE)
    if director and not session.director:
        return forbidden(request, SIGN_IN_FIRST)
    return None


def _guarded(handler: Handler, *, director: bool) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        if not same_origin(request):
            return forbidden(request, OTHER_SITE)
        try:
            fields = await form(request)
        except FormError as error:
            return forbidden(request, str(error))
        return form_refused(request, fields, director=director) or await handler(request, fields)

    return endpoint


def require_director(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """A POST handler that only a signed-in director may run, with a valid CSRF token."""
    return _guarded(handler, director=True)


def require_console_form(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """A POST any browser may send (signing in or out), but only from the console's own
    page, carrying its session's CSRF token: no other site can sign a browser in or out."""
    return _guarded(handler, director=False)


def redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)
