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
from dataclasses import dataclass

from pipeline.doors.session_input import SessionInput

__all__ = [
    "FindingView",
    "PublicationStatus",
    "blocking_reason",
    "publication_status",
    "session_status",
    "session_blocking",
]


@dataclass(frozen=True)
class FindingView:
    """A validation finding as the findings sheet shows it."""

    severity: str  # "error" / "warning" / "info"
    code: str
    session: str
    where: str
    message: str
    suggestion: str = ""

    @property
    def blocks_publishing(self) -> bool:
        """Errors block publishing, and so does "pending": the results are not complete yet
        (a barometer's later rounds, pipeline/results/barometer.py)."""
        return self.severity in ("error", "pending")


@dataclass(frozen=True)
class PublicationStatus:
    """Whether the results may be read as final: provisional while anything is open.

    Results are provisional while a reading waits in the review queue or a finding blocks
    publishing, and every publisher says so where the results appear (a banner on every
    sheet, the JSON's ``status``, the terminal; the federation's masterpoint file is withheld).
    They are official only when nothing is open. ``reasons`` are one line each, in words a
    director reads; ``waiting`` names the open review items.
    """

    provisional: bool = False
    reasons: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return "PROVISIONAL" if self.provisional else "OFFICIAL"

    @property
    def banner(self) -> str:
        """The line every sheet and page carries."""
        if not self.provisional:
            return "OFFICIAL: nothing waits for review and no finding blocks publishing"
        return "PROVISIONAL, not final: " + "; ".join(self.reasons)


def blocking_reason(blocking: tuple[FindingView, ...]) -> str:
    """The status line for findings that block publishing (codes named, plural right);
    results not complete yet ("pending") are said in their own words first."""
    parts = [f"session {f.session}: {f.message}" for f in blocking if f.severity == "pending"]
    others = [f for f in blocking if f.severity != "pending"]
    if others:
        count = len(others)
        codes = ", ".join(sorted({f.code for f in others}))
        verb = "blocks" if count == 1 else "block"
        parts.append(
            f"{count} finding{'s' if count != 1 else ''} {verb} publishing ({codes}; see Findings)"
        )
    return "; ".join(parts)


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
