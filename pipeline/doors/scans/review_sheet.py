"""The review workbook (review.xlsx): the queue on paper, and decisions filled in to import.

Printed on A4 landscape, one item per line: where it is, why it waits, the crop beside it,
the numbered candidates, and three columns to fill in (Decision, By, Note). A director can
work through it on screen or on paper and bring the decisions back with ``bridgescan review
import OUT review.xlsx``: each decision is checked like one typed with ``review resolve``,
the whole file is refused when any decision is (nothing half-imported), and the import
itself is recorded in the event store with the file's SHA-256, so the store says where each
decision came from. An old ``decisions.jsonl`` imports the same way.

Every value from the scan is written as text, never as a formula (pipeline/xlsx.py).
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Mapping, Sequence
from copy import copy
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.doors.scans.review import (
    Decision,
    DecisionRefused,
    ReviewError,
    ReviewItem,
    item_state,
)
from pipeline.doors.scans.review_checks import check_decision
from pipeline.doors.scans.review_decisions import decision_time, record_decision
from pipeline.doors.scans.review_values import interpret

if TYPE_CHECKING:
    from pipeline.store import EventStore

__all__ = [
    "SHEET_NAME",
    "IMPORT_KIND",
    "write_sheet",
    "FilledDecision",
    "read_decision_file",
    "import_decisions",
    "unimported",
]

SHEET_NAME = "Review"
IMPORT_KIND = "review-import"
_HEADERS = ("Item", "Where", "Why", "Crop", "Candidates", "Decision", "By", "Note", "Decided")
_WIDTHS = (20, 20, 30, 74, 44, 24, 12, 18, 24)
_CROP_PX = 520  # crop width on the sheet; column D is 74 characters (~7 px each) wide
_FILL_IN = "FFF2CC"
_FILL_IN_COLUMNS = (6, 7, 8)  # Decision, By, Note


def _candidates_text(item: ReviewItem) -> str:
    lines = []
    for k, c in enumerate(item.candidates, start=1):
        sure = "" if c.probability is None else f", p={c.probability:.2f}"
        mark = "" if c.fits else " [does not fit]"
        lines.append(f"{k}. {c.text}{mark} ({c.why}{sure})")
    if item.kind == "page":
        lines.append("reject | keep | board N")
    return "\n".join(lines)


def write_sheet(
    items: Sequence[ReviewItem], path: Path, decisions: Mapping[str, Decision] | None = None
) -> Path:
    """The queue as a printable sheet with the crops embedded and fill-in columns."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.styles.cell_style import StyleArray

    from pipeline.files import atomic_write
    from pipeline.xlsx import put, save_xlsx, set_text

    decisions = decisions or {}
    wb = Workbook()
    ws = wb.active
    ws.title = SHEET_NAME
    open_count = sum(1 for i in items if item_state(i, items, decisions) == "open")
    set_text(ws["A1"], f"Review queue: {open_count} open of {len(items)} item(s)").font = Font(
        bold=True, size=13
    )
    set_text(
        ws["A2"],
        "Fill in Decision (a row such as 3-12 4HX N -1 -200, candidate 2, or reject; for a "
        "page: keep, board 7 or reject) and By, then: bridgescan review import OUT review.xlsx",
    ).font = Font(italic=True, size=9)
    header = 4
    for col, (head, width) in enumerate(zip(_HEADERS, _WIDTHS, strict=True), start=1):
        cell = set_text(ws.cell(row=header, column=col), head)
        cell.font = Font(bold=True)
        ws.column_dimensions[cell.column_letter].width = width
    wrap = Alignment(wrap_text=True, vertical="top")
    fill = PatternFill("solid", fgColor=_FILL_IN)
    # An item's cells have one of two styles (wrapped; wrapped on the fill-in colour), each
    # made once and copied: openpyxl hashes a style object at every assignment.
    styles: dict[bool, StyleArray] = {}
    for r, item in enumerate(items, start=header + 1):
        decided = decisions.get(item.id)
        state = item_state(item, items, decisions)
        done = "" if decided is None else decided_text(decided)
        if state == "closed":
            done = "closed: its page was rejected"
        values = [item.id, item.where, "; ".join(item.reasons), None, _candidates_text(item),
                  None, None, None, done]  # fmt: skip
        for col, value in enumerate(values, start=1):
            cell = put(ws.cell(row=r, column=col), value)
            fill_in = col in _FILL_IN_COLUMNS  # they look like what they are
            style = styles.get(fill_in)
            if style is not None:
                cell._style = copy(style)
                continue
            cell.alignment = wrap
            if fill_in:
                cell.fill = fill
            styles[fill_in] = copy(cell._style)
        lines = max(1, len(item.candidates) + (item.kind == "page"))
        height = 13.0 * lines + 4
        img = _image(item.crop_png) if item.crop_png else None
        if img is not None:
            scale = min(1.0, _CROP_PX / max(1, img.width), 240 / max(1, img.height))
            img.width, img.height = int(img.width * scale), int(img.height * scale)
            ws.add_image(img, f"D{r}")
            height = max(height, img.height * 0.75 + 6)
        ws.row_dimensions[r].height = height
    ws.freeze_panes = ws.cell(row=header + 1, column=1)
    ws.print_title_rows = f"{header}:{header}"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.oddFooter.center.text = "Review queue - page &P of &N"
    return atomic_write(path, lambda handle: save_xlsx(wb, handle))


def decided_text(decision: Decision) -> str:
    """The Decided column: the decision that stood when the sheet was written. On import it
    says whether a decision was taken since (then the sheet does not replace it)."""
    return f"{decision.value} ({decision.who}, {decision.when})"


def _image(png: bytes) -> Any:
    """The crop as a sheet image, or None when the bytes are not a PNG (the item stays on
    the sheet without it; its crop file is beside review.json). The crops are PNGs
    (``ocr.row_reader.png_bytes``): opened by Pillow's PNG reader itself, which the sheet
    takes as it would take ``PIL.Image.open``'s, without the first ``open`` of a process
    importing Pillow's BMP, GIF, JPEG and PPM readers to try (17 ms of CPU, load 7)."""
    from openpyxl.drawing.image import Image as XlImage
    from PIL.PngImagePlugin import PngImageFile

    try:
        return XlImage(PngImageFile(io.BytesIO(png)))
    except (SyntaxError, OSError, ValueError):  # Pillow's own "not a PNG file" is a SyntaxError
        return None


@dataclass(frozen=True)
class FilledDecision:
    """One decision as found in a file: the item, the value and who, and where it was."""

    item: str
    value: str
    who: str
    note: str
    where: str
    decided: str | None = None  # the sheet's Decided column (None: a file without one)


def _from_sheet(path: Path) -> list[FilledDecision]:
    from openpyxl import load_workbook

    try:
        wb = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds for a bad file
        raise ReviewError(f"{path}: not a review workbook ({exc})") from None
    ws = wb[SHEET_NAME] if SHEET_NAME in wb.sheetnames else wb.worksheets[0]
    rows = list(ws.iter_rows(values_only=True))
    wb.close()
    header = next(
        (i for i, row in enumerate(rows) if row and row[0] == "Item" and "Decision" in row), None
    )
    if header is None:
        raise ReviewError(f"{path}: no header row with Item and Decision (not a review.xlsx)")
    names = [str(h) if h is not None else "" for h in rows[header]]
    wanted = ("Item", "Decision", "By", "Note", "Decided")
    col = {name: names.index(name) for name in wanted if name in names}
    out = []
    for number, row in enumerate(rows[header + 1 :], start=header + 2):

        def cell(name: str, row: tuple[object, ...] = row) -> str:
            index = col.get(name)
            value = row[index] if index is not None and index < len(row) else None
            return "" if value is None else str(value).strip()

        if cell("Decision"):
            where = f"{path.name}, sheet {ws.title}, row {number}"
            decided = cell("Decided") if "Decided" in col else None
            out.append(FilledDecision(cell("Item"), cell("Decision"), cell("By"), cell("Note"),
                                      where, decided))  # fmt: skip
    return out


def _from_jsonl(path: Path) -> list[FilledDecision]:
    out = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            who, note = str(rec.get("who", "")), str(rec.get("note", ""))
            where = f"{path.name} line {number}"
            out.append(FilledDecision(str(rec["item"]), str(rec["value"]), who, note, where))
        except (ValueError, KeyError, TypeError) as exc:
            raise ReviewError(f"{path} line {number}: not a decision record: {exc}") from None
    return out


def read_decision_file(path: Path) -> list[FilledDecision]:
    """The decisions filled into a review.xlsx, or written in a decisions.jsonl."""
    if not path.is_file():
        raise ReviewError(f"{path}: no such file")
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return _from_sheet(path)
    if suffix in (".jsonl", ".json"):
        return _from_jsonl(path)
    raise ReviewError(f"{path}: import a review.xlsx or a decisions.jsonl")


def _import_key(path: Path, digest: str) -> str:
    return f"{path.name}@{digest[:16]}"


def _decided_since(
    entry: FilledDecision, current: Decision | None, imported_before: bool
) -> str | None:
    """Why ``entry`` must not replace ``current``, when ``current`` was decided after the
    file was written: the sheet's Decided column shows another decision (or none), or this
    very file was imported before and the item was decided again since. None: it may."""
    if current is None:
        return None
    if entry.decided is not None:
        stale = entry.decided != decided_text(current)
    else:
        stale = imported_before
    if not stale:
        return None
    return (
        f"{entry.where}: {entry.item} was decided after this file was written "
        f"({current.value} by {current.who} at {current.when}); the file does not replace a "
        "later decision: clear its Decision cell, or decide again with `bridgescan review "
        "resolve`"
    )


def import_decisions(
    store: EventStore,
    items: Sequence[ReviewItem],
    path: Path,
    who: str = "",
    *,
    override: bool = False,
    when: datetime | None = None,
) -> list[Decision]:
    """Check every decision in ``path`` and record them all, or none.

    ``who`` is used where the file's By column is empty. A decision equal to the one that
    already stands is skipped (importing a file twice adds nothing); one that would replace
    a decision taken after the file was written (another door, or a later import) is a
    problem, and the whole file is refused. The import is recorded
    (kind ``review-import``, the file's SHA-256) before its decisions, which name it.
    """
    filled = read_decision_file(path)
    by_id = {item.id: item for item in items}
    from pipeline.doors.scans.review_decisions import current_decisions

    standing = current_decisions(store)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    imported_before = store.latest(IMPORT_KIND, _import_key(path, digest)) is not None
    problems: list[str] = []
    planned: list[tuple[FilledDecision, str, tuple[str, ...], str]] = []
    for entry in filled:
        item = by_id.get(entry.item)
        name = entry.who or who
        if item is None:
            problems.append(f"{entry.where}: no review item {entry.item!r}")
            continue
        if not name.strip():
            problems.append(f"{entry.where}: {entry.item}: who decided? fill in By (or --by)")
            continue
        try:
            text, reading = interpret(item, entry.value)
        except ReviewError as exc:
            problems.append(f"{entry.where}: {exc}")
            continue
        found = check_decision(item, text, reading)
        if found and not override:
            problems.append(f"{entry.where}: {DecisionRefused(item, text, found)}")
            continue
        if found and not entry.note:
            problems.append(f"{entry.where}: {entry.item}: an override needs a Note saying why")
            continue
        current = standing.get(item.id)
        if current is not None and current.value == text and current.who == name.strip():
            continue
        later = _decided_since(entry, current, imported_before)
        if later is not None:
            if current is not None and current.value == text:
                continue  # the same decision was taken since: nothing to replace
            problems.append(later)
            continue
        planned.append((entry, text, tuple(found), name.strip()))
    if problems:
        raise ReviewError(
            f"{path}: nothing imported; {len(problems)} problem(s):\n  " + "\n  ".join(problems)
        )
    if not planned:
        return []
    source = f"import of {path.name} (sha256 {digest[:12]})"
    stamp = decision_time(when)
    record = {"file": path.name, "sha256": digest, "items": [p[0].item for p in planned],
              "by": who or "", "when": stamp}  # fmt: skip
    store.append(IMPORT_KIND, _import_key(path, digest), record, actor=who or "import")
    decisions = []
    for entry, text, found, name in planned:
        decision = Decision(entry.item, name, stamp, text, entry.note, bool(found), found, source)
        decisions.append(record_decision(store, decision))
    return decisions


def unimported(path: Path, items: Sequence[ReviewItem], decisions: Mapping[str, Decision]) -> int:
    """How many decisions filled into the sheet at ``path`` differ from those that stand
    (0 when there is no sheet, or it cannot be read: then it holds nothing to lose)."""
    if not path.is_file():
        return 0
    try:
        filled = _from_sheet(path)
    except ReviewError:
        return 0
    by_id = {item.id: item for item in items}
    count = 0
    for entry in filled:
        standing = decisions.get(entry.item)
        item = by_id.get(entry.item)
        try:
            text = interpret(item, entry.value)[0] if item is not None else entry.value
        except ReviewError:
            text = entry.value
        if standing is None or standing.value != text:
            count += 1
    return count
