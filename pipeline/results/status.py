"""The publication status of an event's results: provisional while anything is open.

Design ("Life of a publication"): results with open review items or blocking findings are
PROVISIONAL, shown as such everywhere they appear; they are official only when nothing is
open. This module decides which, and says why in a director's words; every publisher
(pipeline/publish/) writes the status it is given.
"""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.doors.session_input import SessionInput
from pipeline.results.model import FindingView, PublicationStatus, blocking_reason

__all__ = ["publication_status"]

_SHOWN = 6  # item ids named in one reason; the rest are counted


def _names(ids: Sequence[str]) -> str:
    shown = ", ".join(ids[:_SHOWN])
    return shown if len(ids) <= _SHOWN else f"{shown} and {len(ids) - _SHOWN} more"


def publication_status(
    inputs: Sequence[SessionInput], findings: Sequence[FindingView]
) -> PublicationStatus:
    """Provisional while a session has open review items or a finding blocks publishing."""
    reasons: list[str] = []
    waiting: list[str] = []
    for data in inputs:
        if data.open_items:
            count = len(data.open_items)
            reasons.append(
                f"session {data.session}: {count} reading{'s' if count != 1 else ''} "
                f"{'wait' if count != 1 else 'waits'} for review ({_names(data.open_items)})"
            )
            waiting += data.open_items
    blocking = tuple(f for f in findings if f.blocks_publishing)
    if blocking:
        reasons.append(blocking_reason(blocking))
    return PublicationStatus(bool(reasons), tuple(reasons), tuple(waiting))
