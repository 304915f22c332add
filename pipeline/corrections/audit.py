"""The audit log: who changed what, when, why and on which law, and a check that nothing was
changed behind the program's back.

``audit_log`` lists the corrections (filtered by session, board, pair or person) and the
versions they made; ``verify_audit`` checks the event store (its hash chain and blobs, and
that it still holds the chain head the current results were published with: an edited,
deleted, inserted or re-chained record is found, and the first broken one named), that
every correction made the version it says, and that every version's files are still the
ones published (their SHA-256 as recorded in the store, the manifests too:
pipeline/corrections/record_check.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pipeline.corrections.inputs import stored_corrections
from pipeline.corrections.published_results import audit_entries
from pipeline.corrections.record_check import newest_published_head, published_problems
from pipeline.corrections.records import HEAD_KEY, PUBLICATION, Publication
from pipeline.results.publication import AuditEntry
from pipeline.store import EventStore, StoreBrokenError

__all__ = ["AuditFilter", "VersionEntry", "AuditReport", "audit_log", "versions", "verify_audit"]


@dataclass(frozen=True)
class AuditFilter:
    """Which corrections to list; None matches all. ``person`` matches the one who made it
    and the director and organizer named in an override (case-insensitive, part of a name)."""

    session: int | None = None
    board: int | None = None
    pair: int | None = None
    person: str | None = None

    def matches(self, entry: AuditEntry) -> bool:
        if self.session is not None and entry.session != self.session:
            return False
        if self.board is not None and entry.board != self.board:
            return False
        if self.pair is not None and self.pair not in _pairs(entry):
            return False
        if self.person is not None:
            needle = self.person.strip().lower()
            if needle not in entry.by.lower() and needle not in entry.override.lower():
                return False
        return True


def _pairs(entry: AuditEntry) -> set[int]:
    pairs = {entry.ns_pair, entry.ew_pair}
    head = entry.before.split(" ", 1)[0]
    if "-" in head:
        ns, _, ew = head.partition("-")
        if ns.isdigit() and ew.isdigit():
            pairs |= {int(ns), int(ew)}
    return pairs


@dataclass(frozen=True)
class VersionEntry:
    """One version in the store's history."""

    publication: Publication
    seq: int


@dataclass(frozen=True)
class AuditReport:
    """What ``verify_audit`` found: records checked, versions checked, and each problem
    (the first broken record of the chain first). Empty ``problems``: all is as published."""

    records: int
    versions: int
    problems: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.problems


def audit_log(store: EventStore, where: AuditFilter | None = None) -> tuple[AuditEntry, ...]:
    """The corrections, oldest first, that ``where`` matches."""
    entries = audit_entries(stored_corrections(store))
    chosen = where or AuditFilter()
    return tuple(entry for entry in entries if chosen.matches(entry))


def versions(store: EventStore) -> tuple[VersionEntry, ...]:
    """Every version published, oldest first."""
    return tuple(
        VersionEntry(record.value, record.seq)
        for record in store.history(PUBLICATION, HEAD_KEY)
        if isinstance(record.value, Publication)
    )


def verify_audit(store: EventStore, out_dir: Path | None = None) -> AuditReport:
    """Check the chain (against the newest head the output folder published), the
    corrections against the versions, and every version's files against the store's record
    of them (record_check.py)."""
    try:
        expect = None if out_dir is None else newest_published_head(out_dir, store.location)
        records = store.check(expect).records
    except StoreBrokenError as error:
        return AuditReport(0, 0, (f"the event store is broken: {error}",))
    problems: list[str] = []
    history = versions(store)
    numbers = [entry.publication.version for entry in history]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"the versions are not numbered 1, 2, 3, ...: {numbers}")
    by_version = {entry.publication.version: entry.publication for entry in history}
    for number, correction in enumerate(stored_corrections(store), start=1):
        if correction.number != number:
            problems.append(f"correction {correction.number} should be correction {number}")
        made = by_version.get(correction.version)
        if made is None or made.corrections != correction.number:
            problems.append(
                f"correction {correction.number} says it made version {correction.version}, "
                "which the publication history does not show"
            )
    if out_dir is not None:
        problems += published_problems(store, Path(out_dir), set(numbers))
    return AuditReport(records, len(history), tuple(problems))
