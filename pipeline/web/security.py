"""What keeps the director's console safe on a club laptop: who may change things, forms that
only the console itself can submit, addresses it may listen on.

- **The director's secret.** A one-time token is made at every start and printed with the
  login address (as notebook servers do); a password of the director's own can be given as
  well (``--password-file`` or ``BRIDGESCAN_DIRECTOR_PASSWORD``). Either opens a session.
  Viewing is open; every change needs a signed-in session. Secrets are compared in constant
  time, and after ``MAX_FAILURES`` wrong tries the login pauses for ``LOCKOUT`` seconds.
- **Sessions.** A random id in an HttpOnly, SameSite=Strict cookie, kept only in this
  process's memory; signing in gives a new id (no session fixation); sessions end after
  ``SESSION_HOURS`` or when the server stops.
- **CSRF.** Every session has its own random token; every form carries it, and every POST
  whose token does not match is refused, signed in or not. A POST from another origin
  (Origin/Referer naming another host) is refused before that.
- **Binding.** ``check_bind`` refuses any address that is not the machine's own (loopback)
  unless the caller says ``public=True`` (``--public``).
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = [
    "SESSION_COOKIE",
    "MAX_FAILURES",
    "LOCKOUT",
    "BindRefused",
    "check_bind",
    "is_loopback",
    "Session",
    "Sessions",
    "Secrets",
]

SESSION_COOKIE = "bridgescan_console"
SESSION_HOURS = 12
MAX_FAILURES = 10
LOCKOUT = 60.0


class BindRefused(ValueError):
    """The console was asked to listen on an address other machines can reach."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only: ``localhost``, 127.0.0.0/8 or ::1."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name: it may resolve to anything


def check_bind(host: str, public: bool) -> None:
    """Refuse a public address unless ``public``: the console changes official results."""
    if not is_loopback(host) and not public:
        raise BindRefused(
            f"{host} is reachable from other machines; the console listens on 127.0.0.1 "
            "unless you give --public (then anyone on the network can view the results and "
            "try the director's secret)"
        )


@dataclass
class Session:
    """One browser's visit: its CSRF token, whether it signed in, the name it last used."""

    id: str
    csrf: str
    created: float
    director: bool = False
    name: str = ""
    flash: list[tuple[str, str]] = field(default_factory=list)  # (kind, message)

    def say(self, kind: str, message: str) -> None:
        """A message for the next page this browser sees (``done`` or ``error``)."""
        self.flash.append((kind, message))

    def take_flash(self) -> list[tuple[str, str]]:
        messages, self.flash = self.flash, []
        return messages


def _token() -> str:
    return secrets.token_urlsafe(32)


class Sessions:
    """The sessions of this server process (memory only: a restart signs everyone out)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._by_id: dict[str, Session] = {}
        self._clock = clock

    def get(self, session_id: str | None) -> Session | None:
        session = self._by_id.get(session_id or "")
        if session is None:
            return None
        if self._clock() - session.created > SESSION_HOURS * 3600:
            del self._by_id[session.id]
            return None
        return session

    def new(self) -> Session:
        session = Session(id=_token(), csrf=_token(), created=self._clock())
        self._by_id[session.id] = session
        return session

    def sign_in(self, old: Session) -> Session:
        """A fresh session (new id and CSRF token) for a browser that gave the secret."""
        self._by_id.pop(old.id, None)
        session = self.new()
        session.director = True
        session.name = old.name
        session.flash = old.flash
        return session

    def sign_out(self, session: Session) -> None:
        self._by_id.pop(session.id, None)

    @staticmethod
    def csrf_ok(session: Session | None, token: str | None) -> bool:
        if session is None or not token:
            return False
        return hmac.compare_digest(session.csrf.encode(), token.encode())


class Secrets:
    """The director's secrets: this start's token and an optional password."""

    def __init__(self, password: str | None = None, token: str | None = None) -> None:
        self.token = token or secrets.token_urlsafe(24)
        self._password = password or None
        self._failures = 0
        self._locked_until = 0.0

    @property
    def has_password(self) -> bool:
        return self._password is not None

    def locked(self) -> float:
        """Seconds until a login may be tried again (0 when it may)."""
        return max(0.0, self._locked_until - time.monotonic())

    def check(self, given: str) -> bool:
        """Whether ``given`` is the token or the password; counts failures."""
        if self.locked():
            return False
        given_bytes = given.strip().encode()
        good = hmac.compare_digest(given_bytes, self.token.encode())
        if self._password is not None:
            good = hmac.compare_digest(given_bytes, self._password.encode()) or good
        if good:
            self._failures = 0
            return True
        self._failures += 1
        if self._failures >= MAX_FAILURES:
            self._failures = 0
            self._locked_until = time.monotonic() + LOCKOUT
        return False
