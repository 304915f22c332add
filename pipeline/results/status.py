"""The publication status of an event's results: provisional while anything is open.

Design ("Life of a publication"): results with open review items or blocking findings are
PROVISIONAL, shown as such everywhere they appear; they are official only when nothing is
open. This module is the one place that decides which, per session and for the event, and
says why in a director's words: every publisher (pipeline/publish/) writes the status it is
given, and the correction period (pipeline/corrections/publication_record.py) starts a session's
period only when this module calls that session official.
"""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.doors.session_input import SessionInput
from pipeline.results.model import FindingView, PublicationStatus, blocking_reason

__all__ = ["publication_status", "session_status", "session_blocking"]

_SHOWN = 6  # item ids named in one reason; the rest are counted


def _names(ids: Sequence[str]) -> str:
    shown = ", ".join(ids[:_SHOWN])
    return shown if len(ids) <= _SHOWN else f"{shown} and {len(ids) - _SHOWN} more"


def _waiting_reason(session: int, items: Sequence[str]) -> str:
    count = len(items)
    return (
        f"session {session}: {count} reading{'s' if count != 1 else ''} "
        f"{'wait' if count != 1 else 'waits'} for review ({_names(items)})"
    )


def session_blocking(findings: Sequence[FindingView], session: int) -> tuple[FindingView, ...]:
    """The findings that block publishing ``session``: its own and the event's (no session)."""
    return tuple(f for f in findings if f.blocks_publishing and f.session in ("", str(session)))


def session_status(
    session: int, open_items: Sequence[str], findings: Sequence[FindingView]
) -> PublicationStatus:
    """One session: provisional while a reading of it waits for review or a finding blocks it
    (its own or the event's); official, with its correction period running, otherwise."""
    reasons: list[str] = []
    if open_items:
        reasons.append(_waiting_reason(session, open_items))
    blocking = session_blocking(findings, session)
    if blocking:
        reasons.append(blocking_reason(blocking))
    return PublicationStatus(bool(reasons), tuple(reasons), tuple(open_items))


def publication_status(
    inputs: Sequence[SessionInput], findings: Sequence[FindingView]
) -> PublicationStatus:
    """The event: provisional while any session has open review items or any finding blocks
    publishing (named once, however many sessions it touches)."""
    reasons: list[str] = []
    waiting: list[str] = []
    for data in inputs:
        if data.open_items:
            reasons.append(_waiting_reason(data.session, data.open_items))
            waiting += data.open_items
    blocking = tuple(f for f in findings if f.blocks_publishing)
    if blocking:
        reasons.append(blocking_reason(blocking))
    return PublicationStatus(bool(reasons), tuple(reasons), tuple(waiting))
