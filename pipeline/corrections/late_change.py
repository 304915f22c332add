"""Refusing a late change: results whose correction period has ended (Law 79C1).

A run or ``score`` whose input would change a line of an official session after its
deadline publishes nothing and says which lines (``LateChange``); such a change is made
with ``correct`` and a Law 79C2 override. Apart from publishing (publication.py) as the
one rule it applies to a change report.
"""

from __future__ import annotations

from datetime import datetime

from pipeline.corrections.records import Publication
from pipeline.results.publication import ChangeReport

__all__ = ["LateChange", "refuse_late"]


class LateChange(ValueError):
    """A run or ``score`` would change results whose correction period has ended (Law 79C1):
    nothing is published; the change needs ``correct`` with a Law 79C2 override."""


def _late_lines(head: Publication, report: ChangeReport, at: datetime) -> list[str]:
    late = []
    for line in report.lines:
        session = head.session(line.session)
        deadline = session.deadline_for(line.board) if session and session.official else None
        if deadline is not None and at >= deadline:
            late.append(
                f"session {line.session}, board {line.board}, {line.ns_pair}-{line.ew_pair}: "
                f"{line.before or '(none)'} -> {line.after or '(none)'}"
            )
    return late


def refuse_late(head: Publication, report: ChangeReport, at: datetime) -> None:
    """Raise ``LateChange`` naming the lines ``report`` changes after their deadline."""
    late = _late_lines(head, report, at)
    if late:
        raise LateChange(
            "these results were published officially and their correction period has ended "
            f"(Law 79C1), but the input now changes them: {'; '.join(late[:5])}"
            + (f" (and {len(late) - 5} more)" if len(late) > 5 else "")
            + ". Put the input back as it was, or make the change with `bridgescan correct` "
            "and a Law 79C2 override (--override --director NAME --organizer NAME)"
        )
