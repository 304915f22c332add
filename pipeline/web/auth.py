"""Signing in and out of the console with the director's token or password.

``GET /login?token=...`` is the address printed when the console starts: opening it signs
that browser in (the token stays valid until the console stops, so a second laptop can use
it too). ``POST /login`` takes the token or the password from the form. Signing in gives
the browser a new session (new id, new CSRF token).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from pipeline.web.http import base_of, console_of, page, redirect, require_console_form, session_of

__all__ = ["login_page", "login", "logout"]


def _signed_in(request: Request) -> Response:
    console = console_of(request)
    session = console.sessions.sign_in(session_of(request))
    request.state.session = session
    session.say("done", "Signed in as the director: you can decide review items and correct.")
    return redirect(base_of(request) + "/")


async def login_page(request: Request) -> Response:
    """GET /login: the form; with ``?token=`` (the printed address) signs in at once."""
    token = request.query_params.get("token")
    console = console_of(request)
    if token is not None:
        if console.secrets.check(token):
            return _signed_in(request)
        session_of(request).say("error", "That sign-in address is not this console's.")
    return page(request, "login.html", title="Sign in", has_password=console.secrets.has_password)


@require_console_form
async def login(request: Request, fields: dict[str, str]) -> Response:
    """POST /login: the token or the password, from the console's own form."""
    console = console_of(request)
    wait = console.secrets.locked()
    if wait:
        session_of(request).say("error", f"Too many wrong tries: wait {wait:.0f} s and try again.")
        return redirect(base_of(request) + "/login")
    if console.secrets.check(fields.get("secret", "")):
        return _signed_in(request)
    session_of(request).say("error", "That is not the director's password or token.")
    return redirect(base_of(request) + "/login")


@require_console_form
async def logout(request: Request, fields: dict[str, str]) -> Response:
    """POST /logout: the session ends (a CSRF token is needed, so no page can sign you out)."""
    console = console_of(request)
    console.sessions.sign_out(session_of(request))
    fresh = console.sessions.new()
    fresh.say("done", "Signed out.")
    request.state.session = fresh
    return redirect(base_of(request) + "/")
