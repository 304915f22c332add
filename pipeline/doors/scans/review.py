"""The review queue: every doubtful reading shown to a person with its crop, never guessed.

``build_queue`` turns the reader's pages into review items: a row whose joint decoding was
not sure enough (ocr/decode.py), a row with an unsure mark, and every bad page (not a
traveller, half a page, unreadable, blank, duplicate board, board unknown, wrong event).
The queue is written twice: as JSON (``review.json``, crops as PNG files beside it) and as
a workbook sheet with the crops embedded and the top candidates beside them.

Resolving an item records a ``Decision`` (who, when, value) appended to
``decisions.jsonl``; the reading and the queue are never changed (issue 5, items 3 and
6). When the decision gives the written score or pair numbers, the handwritten boxes of
that row are stored as labelled crops (``corrections/<digit>/...png``) so the digit model
can be retrained on a club's own handwriting (``bridgescan model train-digits
--corrections``).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from ocr.reading import PageReading, RowReading, RowResult, RowStatus

__all__ = [
    "QUEUE_FILE",
    "DECISIONS_FILE",
    "SHEET_NAME",
    "ReviewItem",
    "Decision",
    "ReviewError",
    "build_queue",
    "write_queue",
    "load_queue",
    "write_sheet",
    "load_decisions",
    "open_items",
    "resolve",
    "parse_row_value",
]

QUEUE_FILE = "review.json"
DECISIONS_FILE = "decisions.jsonl"
SHEET_NAME = "Review"


class ReviewError(ValueError):
    """A review command that cannot be carried out (unknown item, unreadable value)."""


@dataclass(frozen=True)
class ReviewItem:
    """One thing a person must look at. ``row`` is None for a whole-page item."""

    id: str
    file: str
    page: int
    row: int | None
    board: int | None
    kind: str  # "row" or "page"
    reasons: tuple[str, ...]
    candidates: tuple[tuple[str, float], ...]  # top readings with posterior
    crop_png: bytes | None = None

    @property
    def where(self) -> str:
        row = "" if self.row is None else f", row {self.row}"
        board = "" if self.board is None else f" (board {self.board})"
        return f"{self.file}, page {self.page}{row}{board}"


@dataclass(frozen=True)
class Decision:
    """What a person decided on an item: append-only, the reading itself is never changed."""

    item: str
    who: str
    when: str  # ISO 8601, UTC
    value: str  # a row reading ("3-12 4HX N -1 -200"), "candidate 2", "reject" or a board
    note: str = ""


def _item_id(file: str, page: int, row: int | None) -> str:
    name = Path(file).name
    return f"{name}#p{page}" if row is None else f"{name}#p{page}r{row}"


def _row_item(page: PageReading, row: RowReading) -> ReviewItem:
    cands: list[tuple[str, float]] = []
    if row.best is not None:
        cands.append((str(row.best), round(row.posterior, 4)))
    cands += [(str(r), round(p, 4)) for r, p in row.alternatives]
    return ReviewItem(
        id=_item_id(page.page.file, page.page.page, row.row),
        file=page.page.file,
        page=page.page.page,
        row=row.row,
        board=page.board,
        kind="row",
        reasons=row.reasons,
        candidates=tuple(cands),
        crop_png=row.crop.png,
    )


def build_queue(pages: Iterable[PageReading]) -> tuple[ReviewItem, ...]:
    """Review items for bad pages and for rows that were not accepted, in page order."""
    items: list[ReviewItem] = []
    for page in pages:
        if page.needs_review:
            items.append(
                ReviewItem(
                    id=_item_id(page.page.file, page.page.page, None),
                    file=page.page.file,
                    page=page.page.page,
                    row=None,
                    board=page.board,
                    kind="page",
                    reasons=tuple(str(p) for p in page.problems)
                    + ((page.message,) if page.message else ()),
                    candidates=(),
                    crop_png=page.thumbnail.png if page.thumbnail else None,
                )
            )
        for row in page.rows:
            if row.status is RowStatus.REVIEW:
                items.append(_row_item(page, row))
    return tuple(items)


def _crop_name(item: ReviewItem) -> str:
    return item.id.replace("#", "_") + ".png"


def write_queue(items: Sequence[ReviewItem], out_dir: Path) -> Path:
    """Write ``review.json`` and the crops (``crops/<item>.png``) into ``out_dir``."""
    from pipeline.files import atomic_write_bytes, atomic_write_text

    out_dir.mkdir(parents=True, exist_ok=True)
    records = []
    for item in items:
        rec = asdict(item)
        rec.pop("crop_png")
        rec["crop"] = None
        if item.crop_png:
            rec["crop"] = f"crops/{_crop_name(item)}"
            (out_dir / "crops").mkdir(exist_ok=True)
            atomic_write_bytes(out_dir / rec["crop"], item.crop_png)
        records.append(rec)
    text = json.dumps({"version": 1, "items": records}, indent=1, ensure_ascii=False)
    return atomic_write_text(out_dir / QUEUE_FILE, text + "\n")


def load_queue(out_dir: Path) -> tuple[ReviewItem, ...]:
    """Read a queue written by :func:`write_queue` (crops loaded back from their files)."""
    path = out_dir / QUEUE_FILE
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise ReviewError(f"{path}: cannot read the review queue: {exc}") from exc
    items = []
    for rec in data.get("items", []):
        crop = rec.pop("crop", None)
        png = (out_dir / crop).read_bytes() if crop and (out_dir / crop).exists() else None
        rec["reasons"] = tuple(rec["reasons"])
        rec["candidates"] = tuple((str(t), float(p)) for t, p in rec["candidates"])
        items.append(ReviewItem(**rec, crop_png=png))
    return tuple(items)


def write_sheet(
    items: Sequence[ReviewItem], path: Path, decisions: Sequence[Decision] = ()
) -> Path:
    """The queue as a workbook sheet: where, why, the crop image, the top candidates.

    Every value from the scan is written as text, never as a formula (pipeline/xlsx.py).
    """
    from openpyxl import Workbook
    from openpyxl.drawing.image import Image as XlImage

    from pipeline.files import atomic_write
    from pipeline.xlsx import put, set_text

    wb = Workbook()
    ws = wb.active
    ws.title = SHEET_NAME
    heads = ["Item", "File", "Page", "Row", "Board", "Why", "Crop", "Candidate 1", "P1",
             "Candidate 2", "P2", "Candidate 3", "P3", "Decision", "By", "When"]  # fmt: skip
    for col, head in enumerate(heads, start=1):
        set_text(ws.cell(row=1, column=col), head)
    decided = {d.item: d for d in decisions}
    ws.column_dimensions["G"].width = 90
    for r, item in enumerate(items, start=2):
        values = [item.id, item.file, item.page, item.row, item.board, "; ".join(item.reasons)]
        for col, value in enumerate(values, start=1):
            put(ws.cell(row=r, column=col), value)
        for k, (text, p) in enumerate(item.candidates[:3]):
            set_text(ws.cell(row=r, column=8 + 2 * k), text)
            put(ws.cell(row=r, column=9 + 2 * k), p)
        if item.id in decided:
            d = decided[item.id]
            for col, value in ((14, d.value), (15, d.who), (16, d.when)):
                set_text(ws.cell(row=r, column=col), value)
        if item.crop_png:
            img = XlImage(io.BytesIO(item.crop_png))
            scale = min(1.0, 640 / max(1, img.width), 240 / max(1, img.height))
            img.width, img.height = int(img.width * scale), int(img.height * scale)
            ws.add_image(img, f"G{r}")
            ws.row_dimensions[r].height = max(15, img.height * 0.75 + 4)
    return atomic_write(path, wb.save)


def load_decisions(out_dir: Path) -> list[Decision]:
    """All decisions so far, oldest first."""
    path = out_dir / DECISIONS_FILE
    if not path.exists():
        return []
    out = []
    for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        if line.strip():
            try:
                out.append(Decision(**json.loads(line)))
            except (ValueError, TypeError) as exc:
                raise ReviewError(f"{path} line {n}: not a decision record: {exc}") from exc
    return out


def open_items(items: Sequence[ReviewItem], decisions: Sequence[Decision]) -> list[ReviewItem]:
    """Items nobody has decided yet (the latest decision on an item counts)."""
    done = {d.item for d in decisions}
    return [i for i in items if i.id not in done]


def parse_row_value(text: str) -> RowResult:
    """Read a row as a person types it: ``[NS-EW] CONTRACT DECLARER RESULT [SCORE]`` or
    ``[NS-EW] PASS``; e.g. ``3-12 4HX N -1 -200``, ``4S S = 620``, ``5-9 pass``.

    Scandinavian notation is accepted (scoring.contract).
    """
    from scoring.contract import Seat, parse_contract, parse_tricks

    parts = text.split()
    ns = ew = None
    if parts and "-" in parts[0] and parts[0].replace("-", "").isdigit():
        a, _, b = parts.pop(0).partition("-")
        ns, ew = int(a), int(b)
    if not parts:
        raise ReviewError(f"{text!r}: give a contract (e.g. 4HX N -1) or PASS")
    try:
        contract = parse_contract(parts[0])
        if contract is None:
            return RowResult(ns, ew, passed_out=True, score_ns=0)
        if len(parts) < 3:
            raise ReviewError(f"{text!r}: a contract needs declarer and result (4HX N -1)")
        declarer = Seat.parse(parts[1])
        tricks = parse_tricks(parts[2], contract)
        score = int(parts[3]) if len(parts) > 3 else None
    except ValueError as exc:
        if isinstance(exc, ReviewError):
            raise
        raise ReviewError(f"{text!r}: {exc}") from exc
    return RowResult(ns, ew, False, contract, declarer, tricks, score)


def _store_corrections(item: ReviewItem, value: RowResult, out_dir: Path) -> int:
    """Cut the handwritten boxes out of the row crop and file them under their digit."""
    if item.row is None or item.crop_png is None:
        return 0
    import cv2
    import numpy as np

    from ocr.align import WORK_DPI
    from ocr.layout import EW_PAIR_WRITTEN, NS_PAIR_WRITTEN, SCORE, load_layout
    from ocr.row_reader import DIGIT_INSET_MM

    img = cv2.imdecode(np.frombuffer(item.crop_png, np.uint8), cv2.IMREAD_GRAYSCALE)
    if img is None:
        return 0
    layout = load_layout()
    row = layout.row(item.row)
    s = WORK_DPI / 25.4
    texts = {
        SCORE: None if value.score_ns is None else str(abs(value.score_ns)),
        NS_PAIR_WRITTEN: None if value.ns_pair is None else str(value.ns_pair),
        EW_PAIR_WRITTEN: None if value.ew_pair is None else str(value.ew_pair),
    }
    stored = 0
    for name, text in texts.items():
        boxes = row.field(name).boxes
        if text is None or len(text) > len(boxes):
            continue
        for box, digit in zip(boxes[len(boxes) - len(text) :], text, strict=True):
            r = box.rect.inset(DIGIT_INSET_MM)
            x0, y0 = round((r.x - row.rect.x) * s), round((r.y - row.rect.y) * s)
            x1, y1 = round((r.x1 - row.rect.x) * s), round((r.y1 - row.rect.y) * s)
            cell = img[max(0, y0) : y1, max(0, x0) : x1]
            from ocr.digits import is_blank

            if cell.size == 0 or is_blank(cell):
                continue
            folder = out_dir / "corrections" / digit
            folder.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(folder / f"{_crop_name(item)[:-4]}_{name}_{box.option}.png"), cell)
            stored += 1
    return stored


def resolve(
    out_dir: Path,
    item_id: str,
    who: str,
    value: str,
    note: str = "",
    when: datetime | None = None,
) -> Decision:
    """Record a decision on ``item_id`` (append-only) and keep any digit corrections.

    ``value`` is a row reading (see :func:`parse_row_value`), ``candidate N`` to confirm
    the N-th candidate, ``reject`` for a page or row that is no result, or for a page item
    ``board N`` to name its board.
    """
    items = {i.id: i for i in load_queue(out_dir)}
    if item_id not in items:
        raise ReviewError(f"no review item {item_id!r} in {out_dir / QUEUE_FILE}")
    if not who.strip():
        raise ReviewError("a decision needs the name of who made it")
    item = items[item_id]
    text = value.strip()
    low = text.lower()
    row_value: RowResult | None = None
    if low.startswith("candidate"):
        try:
            k = int(low.split()[1])
            text = item.candidates[k - 1][0]
        except (IndexError, ValueError):
            raise ReviewError(
                f"{item.where}: {value!r}: there are {len(item.candidates)} candidates"
            ) from None
        row_value = parse_row_value(text) if item.kind == "row" else None
    elif low == "reject":
        text = "reject"
    elif low.startswith("board "):
        if item.kind != "page" or not low.split()[1].isdigit():
            raise ReviewError(f"{item.where}: 'board N' is for a page item, e.g. 'board 7'")
    elif item.kind == "row":
        row_value = parse_row_value(text)
        text = str(row_value)
    else:
        raise ReviewError(f"{item.where}: a page item takes 'reject' or 'board N'")
    stamp = (when or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")
    decision = Decision(item=item_id, who=who.strip(), when=stamp, value=text, note=note)
    with (out_dir / DECISIONS_FILE).open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(asdict(decision), ensure_ascii=False) + "\n")
    if row_value is not None:
        _store_corrections(item, row_value, out_dir)
    return decision
