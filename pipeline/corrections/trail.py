"""The acts of the audit trail besides corrections: review decisions and clock corrections.

A review decision is one audited act whichever door it came through (the console,
``review resolve``, an imported review.xlsx or decisions.jsonl, a ``correct --review-item``):
each is a ``decision`` record in the event store, and each is listed here with who, when,
what, why, the door it came through and the version that first published it. A decision
that was published at once as a correction (the console, ``correct --review-item``) is
listed once, as that correction, which names its review item. A clock correction (the
clock was behind the store's last record and the director said why: pipeline/store/
clock_floor.py) is an act of its own. Everything is listed in the order it was recorded,
which is time order: the store refuses a record earlier than its last one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from pipeline.corrections.records import CORRECTION, DECISION, HEAD_KEY, PUBLICATION, Publication
from pipeline.doors.scans.review import Decision
from pipeline.store import EventStore
from pipeline.store.clock_floor import CLOCK_KEY, CLOCK_KIND

__all__ = ["TrailEntry", "trail_entries"]


@dataclass(frozen=True)
class TrailEntry:
    """One act of the trail that is not a correction.

    ``kind``: ``review decision`` or ``clock correction``; ``seq`` its record; ``at`` when
    the store recorded it; ``by`` who; ``what`` the act in one line; ``why`` the note or the
    reason; ``door`` how it came in (``resolve``, ``import of review.xlsx (sha256 ...)``);
    ``published_in`` the first version that included it (None: not published yet).
    """

    kind: str
    seq: int
    at: datetime
    by: str
    what: str
    why: str
    door: str = ""
    published_in: int | None = None


def _first_version(publications: list[tuple[int, Publication]], seq: int) -> int | None:
    for published_seq, publication in publications:
        if (publication.inputs_as_of or published_seq) >= seq:
            return publication.version
    return None


def trail_entries(store: EventStore) -> list[TrailEntry]:
    """Review decisions (not published as a correction) and clock corrections, oldest first."""
    corrections = {record.seq for record in store.current(CORRECTION).values()}
    publications = [(r.seq, r.value) for r in store.history(PUBLICATION, HEAD_KEY)
                    if isinstance(r.value, Publication)]  # fmt: skip
    out = []
    for key in store.current(DECISION):
        for record in store.history(DECISION, key):
            decision = record.value
            if not isinstance(decision, Decision) or record.seq - 1 in corrections:
                continue  # appended with its correction: listed as that correction
            flag = " (override)" if decision.override else ""
            out.append(TrailEntry(
                "review decision", record.seq, datetime.fromisoformat(record.recorded_at),
                decision.who, f"review item {decision.item}: {decision.value}{flag}",
                decision.note, decision.source, _first_version(publications, record.seq),
            ))  # fmt: skip
    for record in store.history(CLOCK_KIND, CLOCK_KEY):
        value = record.value
        out.append(TrailEntry(
            "clock correction", record.seq, datetime.fromisoformat(record.recorded_at),
            record.actor,
            f"the clock said {value['clock_at']}, the store's last record was made at "
            f"{value['last_record_at']}",
            record.reason,
        ))  # fmt: skip
    return sorted(out, key=lambda entry: entry.seq)
