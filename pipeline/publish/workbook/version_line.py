"""The line every sheet of the result workbook carries about its publication: the version,
when it was published (in the event's own time zone), and each session's correction
deadline (Law 79C), so a printout always says which version it is and until when it can be
corrected.
"""

from __future__ import annotations

from pipeline.clock import local_text, zone_name
from pipeline.results.model.event import EventResults

__all__ = ["publication_line"]


def publication_line(results: EventResults) -> str | None:
    """``Version 3, published 2026-11-24 21:55 (Europe/Stockholm) · corrections until
    22:10 (Law 79C)``: what every sheet says about the version it belongs to."""
    view = results.publication
    if view is None:
        return None
    zone = view.time_zone
    parts = [
        f"Version {view.version}, published {local_text(view.published_at, zone)} "
        f"({zone_name(zone)})"
    ]
    several = len(view.sessions) > 1
    for s in view.sessions:
        label = f"S{s.session} " if several else ""
        if s.deadline is None:
            parts.append(f"{label}PROVISIONAL: no correction period yet")
        else:
            state = "ended" if s.passed else "Law 79C"
            reopened = "".join(
                f", board {board} until {local_text(until, zone)} (Law 92B)"
                for board, until in s.reopened
            )
            parts.append(
                f"{label}corrections until {local_text(s.deadline, zone)} ({state}){reopened}"
            )
    if view.late:
        parts.append("made under a Law 79C2 override (see the Audit sheet)")
    return " · ".join(parts)
