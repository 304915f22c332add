"""The deals of an event's sessions, kept in the event store so every publication has them.

A deal file given to ``run`` or ``score`` (``--deals N=FILE``) is recorded as it was read
(its text, one record per session, a later file replacing an earlier one), so each version
published afterwards, by a re-run or a correction, prints the same hand records in the
workbook and on the site without the file being given again. The double-dummy tricks and
the par are worked out at publication time (the ``deals`` extra); without the solver the
hands are printed alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pipeline.events.hand_records import HandRecord, MissingSolverError, analyse
from pipeline.interop.deals import read_deals
from pipeline.store import Append, EventStore

__all__ = ["DEALS", "deals_append", "stored_hands", "deals_changed_since"]

DEALS = "deals"


def _key(session: int) -> str:
    return f"s{session}"


def deals_append(session: int, path: Path) -> Append:
    """The record of a session's deal file, after checking that it reads (``InteropError``
    or ``OSError`` name the file and line otherwise)."""
    data = Path(path).read_bytes()
    read_deals(data, Path(path).name)  # refuse a bad file before anything is recorded
    return Append(DEALS, _key(session), data.decode("utf-8", errors="replace"),
                  "bridgescan", f"deal file {Path(path).name}")  # fmt: skip


def stored_hands(store: EventStore) -> Mapping[int, tuple[HandRecord, ...]]:
    """Each session's hand records from the deals in the store, analysed when the solver is
    there (session -> records; empty when no deals were given)."""
    hands: dict[int, tuple[HandRecord, ...]] = {}
    for key, record in store.current(DEALS).items():
        if not key.startswith("s") or not key[1:].isdigit() or not isinstance(record.value, str):
            continue
        records = read_deals(record.value.encode("utf-8"), record.reason or key)
        try:
            records = analyse(records)
        except MissingSolverError:
            pass  # the hands alone, as the site and the workbook say
        hands[int(key[1:])] = records
    return hands


def deals_changed_since(store: EventStore, seq: int | None) -> bool:
    """Whether a deal file was recorded after record ``seq`` (the last publication's)."""
    return any(seq is None or record.seq > seq for record in store.current(DEALS).values())
