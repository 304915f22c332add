"""One clock for publication times, correction deadlines and the audit log.

Everything that stamps a time asks :func:`now`, which is the machine's clock in UTC unless
``BRIDGESCAN_NOW`` is set (an ISO 8601 time with its offset, e.g. ``2026-11-16T21:40:00+01:00``
or ``...Z``): that is how a test, or a director re-playing an evening, sets the time for a
whole command. Functions that decide by the clock also take a ``clock`` argument
(``Clock``, any function returning an aware time) so tests can pass one directly.

Times are stored in UTC and shown in the event's own time zone (``event.time_zone``, an IANA
name read with ``zoneinfo``; empty means the machine's own zone).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = [
    "ENV_NOW",
    "Clock",
    "ClockError",
    "now",
    "system_clock",
    "parse_instant",
    "parse_wall_time",
    "zone",
    "zone_name",
    "local_text",
    "utc_text",
]

ENV_NOW = "BRIDGESCAN_NOW"

Clock = Callable[[], datetime]
"""A function giving the current time, aware (any zone; it is converted to UTC)."""


class ClockError(ValueError):
    """A time or a time zone that cannot be read."""


def parse_instant(text: str) -> datetime:
    """An ISO 8601 time with its offset (``Z`` allowed), in UTC; a time without an offset is
    refused, since it would mean a different instant on every machine."""
    try:
        value = datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise ClockError(f"{text!r} is not an ISO 8601 time (2026-11-16T21:40:00+01:00)") from None
    if value.tzinfo is None or value.utcoffset() is None:
        raise ClockError(f"{text!r} has no UTC offset (add +01:00, or Z for UTC)")
    return value.astimezone(UTC)


def system_clock() -> datetime:
    """The machine's clock in UTC, or ``BRIDGESCAN_NOW`` when set."""
    fixed = os.environ.get(ENV_NOW, "").strip()
    if fixed:
        return parse_instant(fixed)
    return datetime.now(UTC)


def now(clock: Clock | None = None) -> datetime:
    """The current time in UTC from ``clock`` (default: :func:`system_clock`)."""
    value = (clock or system_clock)()
    if value.tzinfo is None:
        raise ClockError("a clock must give aware times (with a time zone)")
    return value.astimezone(UTC)


def zone(name: str) -> tzinfo:
    """The time zone called ``name`` (IANA, e.g. ``Europe/Stockholm``); empty: the machine's."""
    if not name:
        local = datetime.now(UTC).astimezone().tzinfo
        assert local is not None
        return local
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ClockError(
            f"unknown time zone {name!r} (an IANA name such as Europe/Stockholm or UTC)"
        ) from None


def zone_name(name: str) -> str:
    """The name to print for a zone: the IANA name, or the machine's zone abbreviation."""
    if name:
        return name
    return datetime.now(UTC).astimezone().tzname() or "local time"


def parse_wall_time(text: str, zone_name_: str) -> datetime:
    """A wall-clock time as a director writes it (``2026-11-23 19:00``) in the event's zone,
    as an aware time; a time with its own offset keeps it."""
    cleaned = text.strip().replace("T", " ")
    try:
        value = datetime.fromisoformat(cleaned)
    except ValueError:
        raise ClockError(f"{text!r} is not a date and time (YYYY-MM-DD HH:MM)") from None
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone(zone_name_))
    return value


def local_text(value: datetime, zone_name_: str, seconds: bool = False) -> str:
    """``2026-11-16 21:40`` in the event's zone (with seconds when asked)."""
    shown = value.astimezone(zone(zone_name_))
    return shown.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def utc_text(value: datetime) -> str:
    """ISO 8601 in UTC with microseconds, as stored."""
    return value.astimezone(UTC).isoformat(timespec="microseconds")
