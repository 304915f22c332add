"""Records never go back in time: the clock floor of the event store.

Every record is stamped by the one clock (pipeline/clock.py). A stamp earlier than the
store's last record would make the record lie about its order (a version "published" before
the one it replaces; a correction timed "within the period" on a clock that ran backwards,
Law 79C1), so the store refuses it (``ClockBehindError``, exit 3) unless the director says
why. Saying why is itself a record: with ``--clock-correction "REASON"`` (any command, or
``BRIDGESCAN_CLOCK_CORRECTION``) a ``clock`` record is appended first, naming the last time
the store held, the time the clock gives now, who (the machine's user) and the reason; the
records after it are stamped from the corrected clock and the audit lists the correction.
"""

from __future__ import annotations

import getpass
import os
from datetime import datetime

from pipeline.store.errors import ClockBehindError
from pipeline.store.location import StoreLocation
from pipeline.store.record import Append

__all__ = ["CLOCK_KIND", "CLOCK_KEY", "CLOCK_CORRECTION_ENV", "check_floor"]

CLOCK_KIND = "clock"
CLOCK_KEY = "correction"
#: The environment variable ``--clock-correction`` sets: why the clock is behind the store.
CLOCK_CORRECTION_ENV = "BRIDGESCAN_CLOCK_CORRECTION"


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a container)
        return f"uid {os.getuid()}"


def check_floor(at: str, last_at: str | None, last: str, location: StoreLocation) -> Append | None:
    """Nothing when ``at`` (the stamp of the records about to be appended) is not earlier
    than ``last_at`` (the store's last record, described by ``last``); the ``clock`` record
    to append first when it is and a clock correction was given; else ``ClockBehindError``."""
    if last_at is None or datetime.fromisoformat(at) >= datetime.fromisoformat(last_at):
        return None
    reason = os.environ.get(CLOCK_CORRECTION_ENV, "").strip()
    if not reason:
        raise ClockBehindError(
            f"{location}: the clock says {at}, but the store's last record ({last}) was made "
            f"at {last_at}: the clock ran backwards, and nothing was recorded. Set the "
            'machine\'s clock right, or say why with --clock-correction "REASON" (recorded '
            "in the audit)"
        )
    value = {"last_record_at": last_at, "clock_at": at, "reason": reason}
    return Append(CLOCK_KIND, CLOCK_KEY, value, _user(), reason)
