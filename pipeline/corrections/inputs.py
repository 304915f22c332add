"""What a publication is scored from, kept in the event store so a correction can re-score the
whole event in a second, without reading a scan or an entry file again.

Per session the store holds:
- the traveller rows as the doors gave them (kind ``row``, one record per line, superseded
  when a re-run changes a line; a tombstone ``None`` when a line went away);
- a ``ScoredInput`` (kind ``scored-input``): the files, the import's cell findings, the
  review items still open and the order of the rows, i.e. everything ``score_event``
  needs besides the rows;
- the accepted corrections (kind ``correction``, ``pipeline.corrections.records``), applied
  on top of the rows in the order they were made, by the run as much as by ``correct``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from pipeline.corrections.records import CORRECTION, Correction
from pipeline.doors.session_input import SessionInput, WaitingLine
from pipeline.store import Append, EventStore
from pipeline.validation import ColumnResolver, Finding, field_column
from pipeline.validation.findings import FIELDS
from scoring.event import Event
from scoring.traveller import TravellerRow

__all__ = [
    "ROW",
    "SCORED_INPUT",
    "ScoredInput",
    "row_key",
    "row_keys",
    "line_key",
    "record_rows",
    "record_input",
    "stored_corrections",
    "apply_corrections",
    "stored_inputs",
]

ROW = "row"
SCORED_INPUT = "scored-input"


@dataclass(frozen=True)
class ScoredInput:
    """A session's input besides its rows: where it came from, the import's findings, the
    review items still open (the session stays provisional while there are any), the store
    keys of its rows in the order they were scored, and the lines whose result waits for
    review (scored as played but not known, never as missing)."""

    session: int
    files: tuple[str, ...]
    import_findings: tuple[Finding, ...]
    open_items: tuple[str, ...]
    row_keys: tuple[str, ...]
    columns: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    """Per row key, (field, column) where a finding names a cell other than the field: the
    letter in a workbook, the header in a CSV."""
    waiting: tuple[WaitingLine, ...] = ()


def line_key(row: TravellerRow) -> tuple[str, int, int, int]:
    """A result line's identity on its traveller: section, board and the two pairs."""
    return (row.section, row.board, row.ns_pair, row.ew_pair)


def row_key(session: int, row: TravellerRow) -> str:
    """The store key of a traveller line: session, section, board and the two pairs."""
    return f"s{session}/{row.section}/b{row.board}/{row.ns_pair}-{row.ew_pair}"


def row_keys(session: int, rows: Sequence[TravellerRow]) -> list[str]:
    """The store keys of a session's rows; a line typed twice keeps both (``...#2``), so the
    duplicate is still found when the session is scored again from the store."""
    seen: dict[str, int] = {}
    keys = []
    for row in rows:
        key = row_key(session, row)
        seen[key] = seen.get(key, 0) + 1
        keys.append(key if seen[key] == 1 else f"{key}#{seen[key]}")
    return keys


def _actor(row: TravellerRow) -> str:
    source = row.source
    if source is not None and source.column and source.column.startswith("review: "):
        return source.column  # decided by a person in the review queue
    if source is not None and source.page is not None:
        return "scanner"
    return "typed"


def record_rows(store: EventStore, session: int, rows: Sequence[TravellerRow]) -> int:
    """Store the session's rows as the doors gave them; returns how many were new or changed
    (0 on a re-run). A row stored before that is not among ``rows`` any more (a decision
    rejected it) gets a tombstone, so the store's current view is the rows that were scored.
    """
    before = store.current(ROW, f"s{session}/")
    entries = [Append(ROW, key, row, actor=_actor(row))
               for key, row in zip(row_keys(session, rows), rows, strict=True)]  # fmt: skip
    keys = {entry.key for entry in entries}
    entries += [
        Append(ROW, key, None, actor="bridgescan", reason="no longer on the travellers")
        for key, stored in before.items()
        if key not in keys and stored.value is not None
    ]
    written = store.append_many(entries)  # one transaction: all rows or none
    return sum(
        1
        for entry, record in zip(entries, written, strict=True)
        if entry.key not in before or before[entry.key].seq != record.seq
    )


def record_input(store: EventStore, data: SessionInput, open_items: Iterable[str] = ()) -> None:
    """Keep what ``data`` was scored from besides its rows (files, findings, open items)."""
    store.append_many([_input_record(data, open_items)])


def _input_record(data: SessionInput, open_items: Iterable[str]) -> Append:
    keys = row_keys(data.session, data.rows)
    columns = []
    for key, row in zip(keys, data.rows, strict=True):
        named = tuple(
            (name, column)
            for name in FIELDS
            if (column := data.columns(row, name)) is not None and column != name
        )
        if named:
            columns.append((key, named))
    value = ScoredInput(data.session, tuple(data.files), tuple(data.import_findings),
                        tuple(open_items), tuple(keys), tuple(columns),
                        tuple(data.waiting))  # fmt: skip
    return Append(SCORED_INPUT, f"s{data.session}", value)


def _resolver(rows: Mapping[str, TravellerRow | None], meta: ScoredInput) -> ColumnResolver:
    by_row: dict[TravellerRow, dict[str, str]] = {}
    for key, named in meta.columns:
        row = rows.get(key)
        if row is not None:
            by_row.setdefault(row, dict(named))

    def columns(row: TravellerRow, field_name: str) -> str | None:
        return by_row.get(row, {}).get(field_name, field_name)

    return columns


def stored_corrections(store: EventStore, as_of: int | None = None) -> list[Correction]:
    """Every accepted correction, in the order they were made (up to record ``as_of``)."""
    found = [r.value for r in store.current(CORRECTION, as_of=as_of).values()]
    return sorted((c for c in found if isinstance(c, Correction)), key=lambda c: c.number)


def apply_corrections(
    rows: Sequence[TravellerRow], corrections: Iterable[Correction]
) -> tuple[TravellerRow, ...]:
    """The rows with each correction applied in turn: the line it corrected is replaced by
    the corrected line (or taken off, or added when the result was missing and is still not
    there), so applying the corrections again to rows that already hold them adds nothing."""
    out = list(rows)
    for correction in corrections:
        # The line it corrected; for a result that was missing (or a review item decided in
        # the correction), the line the doors may since have brought themselves.
        line = correction.before if correction.before is not None else correction.after
        index = None
        if line is not None:
            target = line_key(line)
            index = next((i for i, r in enumerate(out) if line_key(r) == target), None)
        if correction.after is None:
            if index is not None:
                del out[index]
        elif index is not None:
            out[index] = correction.after
        else:
            out.append(correction.after)
    return tuple(out)


def stored_inputs(
    store: EventStore,
    event: Event,
    corrections: Sequence[Correction] | None = None,
    as_of: int | None = None,
) -> tuple[tuple[SessionInput, ...], Mapping[int, tuple[str, ...]]]:
    """Every session's input as last scored (or as it was at record ``as_of``), with the
    corrections applied; and the review items still open per session. Sessions with nothing
    stored are left out (one whose every reading waits for review is kept, rowless)."""
    if corrections is None:
        corrections = stored_corrections(store, as_of)
    inputs: list[SessionInput] = []
    open_items: dict[int, tuple[str, ...]] = {}
    for session in event.sessions:
        number = session.number
        rows = {k: r.value for k, r in store.current(ROW, f"s{number}/", as_of).items()}
        stored = store.latest(SCORED_INPUT, f"s{number}", as_of)
        meta = stored.value if stored is not None else None
        resolver: ColumnResolver = field_column
        if isinstance(meta, ScoredInput):
            ordered = [v for k in meta.row_keys if (v := rows.get(k)) is not None]
            listed = set(meta.row_keys)
            ordered += [v for k, v in rows.items() if k not in listed and v is not None]
            files, findings, still_open = meta.files, meta.import_findings, meta.open_items
            waiting = meta.waiting
            resolver = _resolver(rows, meta)
        else:
            ordered = [v for v in rows.values() if v is not None]
            files, findings, still_open, waiting = (), (), (), ()
        mine = [c for c in corrections if c.session == number]
        if not ordered and not mine and not still_open:
            continue  # nothing stored; a session whose readings all wait is kept
        stored_input = SessionInput(number, tuple(ordered), files, tuple(findings), resolver,
                                    tuple(waiting), tuple(still_open))  # fmt: skip
        corrected = with_corrections(stored_input, mine)
        open_items[number] = corrected.open_items
        inputs.append(corrected)
    return tuple(inputs), open_items


def with_corrections(data: SessionInput, corrections: Sequence[Correction]) -> SessionInput:
    """The session's input with ``corrections`` applied: their lines in, and a review item
    they decided (or a line waiting for review that one of them brought) no longer open or
    waiting, so the line is counted once, as decided."""
    corrected = apply_corrections(data.rows, corrections)
    decided = {c.review_item for c in corrections if c.review_item}
    present = {(r.board, r.ns_pair, r.ew_pair) for r in corrected}
    waiting = tuple(w for w in data.waiting if w.item not in decided
                    and (w.board, w.ns_pair, w.ew_pair) not in present)  # fmt: skip
    still_open = tuple(item for item in data.open_items if item not in decided)
    return replace(data, rows=corrected, waiting=waiting, open_items=still_open)
