"""Every reading of the benchmark pages written down, to prove a change to the reader reads
them the same (issue 43: the mark decision restructured without a reading changed).

    .venv/bin/python -m benchmarks.reader_snapshot record /tmp/readings.json --pages 24
    .venv/bin/python -m benchmarks.reader_snapshot compare /tmp/readings.json

``record`` reads ``--pages`` pages of every condition on both sides of the split (the
pages ``benchmarks.bench_ocr`` generates into ``--cache``: TEST for the benchmark,
TRAINING for the validation) and the club evening's scanned session
(sample_data/club-evening/scans/session1.pdf), and writes, per page, every mark box of
every row as the mark decision left it (state, which reading decided, fill, circle, dot,
the neighbour named, ``p_marked``, floats exactly), and every row's decision (status,
best reading, posterior, alternatives, review reasons, each field's value and candidates,
and every crop: its rectangle and the SHA-256 of its PNG bytes). TEST ``ordinary`` pages
are read once more without the event, as the benchmark reads them (``--no-event all``:
the TEST pages of every condition). ``compare`` reads the
same pages again and prints every difference; its exit code is 1 when there is one.
"""

from __future__ import annotations

from pipeline.flows.prefect_env import one_maths_thread

one_maths_thread()  # one BLAS, OpenMP and OpenCV thread, as the reading processes have

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Iterator, Sequence  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from ocr.marks import MarkReading  # noqa: E402
from ocr.printed_pairs import PrintedPairs  # noqa: E402
from ocr.reader import ScanReader, finish_batch  # noqa: E402
from ocr.reading import Crop, FieldReading, PageReading  # noqa: E402
from ocr.row_marks import FieldMarks, RowMarks  # noqa: E402
from ocr.training.synthetic.sources import CONDITIONS  # noqa: E402
from ocr.training.synthetic.truth import load_truth  # noqa: E402

__all__ = ["read_all", "differences", "main"]

SAMPLE_PDF = Path(__file__).resolve().parent.parent / "sample_data/club-evening/scans/session1.pdf"
Snapshot = dict[str, Any]


def _box(m: MarkReading) -> list[object]:
    return [m.option, m.state.value, m.how, repr(m.fill), repr(m.p_marked), repr(m.ring),
            repr(m.dot_mm2), list(m.neighbour) if m.neighbour else None]  # fmt: skip


@contextmanager
def _boxes_seen(sink: list[object]) -> Iterator[None]:
    """Every call of ``RowMarks.read_marks`` (how the reader reads a row's mark fields)
    while inside, its row and boxes in ``sink``."""
    original = RowMarks.read_marks

    def recording(self: RowMarks, names: Sequence[str]) -> FieldMarks:
        out = original(self, names)
        sink.append([self.row.number, {f: [_box(m) for m in ms] for f, ms in out.readings.items()}])
        return out

    RowMarks.read_marks = recording  # type: ignore[method-assign]
    try:
        yield
    finally:
        RowMarks.read_marks = original  # type: ignore[method-assign]


def _crop(crop: Crop | None) -> list[object] | None:
    """A crop as its rectangle (floats exactly) and the SHA-256 of its PNG bytes."""
    if crop is None:
        return None
    png = hashlib.sha256(crop.png).hexdigest() if crop.png is not None else None
    return [[repr(v) for v in crop.rect_mm], png]


def _field(f: FieldReading) -> list[object]:
    candidates = [[c.value, repr(c.probability)] for c in f.candidates]
    return [f.field, f.value, f.unsure, candidates, _crop(f.crop)]


def _page(page: PageReading) -> dict[str, object]:
    return {
        "board": page.board,
        "board_from": page.board_from,
        "rotation": page.rotation,
        "problems": [p.value for p in page.problems],
        "thumbnail": _crop(page.thumbnail),
        "rows": [
            [
                r.row,
                r.status.value,
                str(r.best),
                repr(r.posterior),
                list(r.reasons),
                [_field(f) for f in r.fields],
                [[str(a), repr(p)] for a, p in r.alternatives],
                _crop(r.crop),
            ]  # fmt: skip
            for r in page.rows
        ],
    }


def _read_pages(pages: list[tuple[str, Callable[[], PageReading]]]) -> tuple[Snapshot, float]:
    out: Snapshot = {}
    cpu = 0.0
    readings: list[tuple[str, PageReading, list[object]]] = []
    for name, read in pages:
        boxes: list[object] = []
        t0 = time.process_time()
        with _boxes_seen(boxes):
            page = read()
        cpu += time.process_time() - t0
        readings.append((name, page, boxes))
    finished = finish_batch([p for _, p, _ in readings])
    for (name, _, boxes), page in zip(readings, finished, strict=True):
        out[name] = {"boxes": boxes, **_page(page)}
    return out, cpu


def _read_set(files: list[Path], with_event: bool, tag: str) -> tuple[Snapshot, float]:
    """One condition's pages read as ``benchmarks.bench_ocr`` reads them, with or without
    the event's movement."""
    from benchmarks.bench_pages import movement_printed, movement_seats, read_page

    truths = [load_truth(f) for f in files]
    seated = movement_seats(truths)
    current: dict[str, Any] = {}

    def printed(_board: int, _section: str) -> PrintedPairs | None:
        return movement_printed(current["t"], seated.get(current["t"].seed, {}))

    reader = ScanReader(printed_pairs=printed if with_event else None, read_printed=True)

    def one(f: Path, t: Any) -> Callable[[], PageReading]:
        def read() -> PageReading:
            current["t"] = t
            return read_page(reader, f.parent / t.image)

        return read

    pages = [(f"{tag}/{t.image}", one(f, t)) for f, t in zip(files, truths, strict=True)]
    return _read_pages(pages)


def read_all(
    cache: Path,
    pages: int,
    conditions: tuple[str, ...] = CONDITIONS,
    seed: int = 13,
    no_event: tuple[str, ...] = ("ordinary",),
) -> tuple[Snapshot, dict[str, float]]:
    """The readings of every page (see the module docstring) and the CPU seconds each set
    took (reading with the box recording, so a little above the reader's own time). The
    TEST pages of the conditions in ``no_event`` are read a second time without the event."""
    from benchmarks.bench_pages import generate

    snapshot: Snapshot = {}
    cpu: dict[str, float] = {}
    for split in ("training", "test"):
        for condition in conditions:
            k = CONDITIONS.index(condition)
            # The condition's own seed, as benchmarks.bench_ocr gives it.
            own_seed = seed * 100 + k + (50 if split == "training" else 0)
            files = generate(cache, condition, pages, own_seed, split=split)
            runs = [True, False] if split == "test" and condition in no_event else [True]
            for with_event in runs:
                tag = f"{split}/{condition}" + ("" if with_event else " (no event)")
                got, seconds = _read_set(files, with_event, tag)
                snapshot.update(got)
                cpu[tag] = round(seconds, 2)
    if SAMPLE_PDF.exists():
        boxes: list[object] = []
        t0 = time.process_time()
        with _boxes_seen(boxes):
            read = ScanReader(read_printed=True).read_file(SAMPLE_PDF)
        cpu["sample_data"] = round(time.process_time() - t0, 2)
        snapshot["sample_data/session1.pdf"] = {"boxes": boxes, "pages": [_page(p) for p in read]}
    return snapshot, cpu


def differences(before: Snapshot, after: Snapshot) -> list[str]:
    """Each page whose readings differ, with the first thing that differs."""
    out = [f"{name}: missing now" for name in before if name not in after]
    out += [f"{name}: new" for name in after if name not in before]
    for name in before:
        if name in after and before[name] != after[name]:
            out.append(f"{name}: {_first_difference(before[name], after[name])}")
    return out


def _first_difference(a: object, b: object, where: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{where}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return f"{where or 'value'}: {json.dumps(a)} -> {json.dumps(b)}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=("record", "compare"))
    ap.add_argument("snapshot", type=Path, help="the JSON file of readings")
    ap.add_argument("--pages", type=int, default=24, help="pages per condition and side")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_ocr"))
    no_event_help = "TEST conditions read again without the event ('all': every one)"
    ap.add_argument("--no-event", default="ordinary", help=no_event_help)
    args = ap.parse_args(argv)
    if args.mode == "compare" and not args.snapshot.exists():
        raise SystemExit(f"{args.snapshot}: no recorded readings (run 'record' first)")
    pages = args.pages
    if args.mode == "compare":
        recorded = json.loads(args.snapshot.read_text("utf-8"))
        pages = recorded["pages_per_condition"]
        # The conditions recorded: a condition added since has nothing to compare with.
        conditions = tuple(recorded.get("conditions", CONDITIONS))
        no_event = tuple(recorded.get("no_event", ("ordinary",)))
    else:
        conditions = CONDITIONS
        no_event = CONDITIONS if args.no_event == "all" else tuple(args.no_event.split(","))
    snapshot, cpu = read_all(args.cache, pages, conditions, no_event=no_event)
    rows = sum(len(p.get("rows", [])) for p in snapshot.values())
    print(f"{len(snapshot)} page sets read, {rows} rows; CPU seconds {json.dumps(cpu)}")
    if args.mode == "record":
        body = {"pages_per_condition": pages, "conditions": conditions, "no_event": no_event,
                "readings": snapshot}  # fmt: skip
        tmp = args.snapshot.with_suffix(".tmp")
        tmp.write_text(json.dumps(body), "utf-8")
        tmp.replace(args.snapshot)
        print(f"recorded in {args.snapshot}")
        return 0
    diff = differences(recorded["readings"], snapshot)
    for line in diff:
        print(line)
    print("identical" if not diff else f"{len(diff)} pages read differently")
    return 1 if diff else 0


if __name__ == "__main__":
    raise SystemExit(main())
