"""Print, fill and "scan" the club evening's first session: the main job's sample scans.

    .venv/bin/python sample_data/build_scans.py [--seed 2026]

Session 1 of ``club-evening`` was typed into ``session1.xlsx``; this script writes the same
evening as the players would have left it on paper and the director would have scanned it:

- ``club-evening/scans/session1.pdf``: one traveller per board, printed from the movement,
  filled from the typed rows (handwriting and scan distortions from the TEST side of the
  synthetic split, so the reader has never seen them), then scanned into a PDF.
  Each row holds what the table wrote: a missing result stays blank; the score column
  error of board 17 is written as it was (the reader must not "correct" it silently);
  the director's adjusted scores are not on the paper.
- ``club-evening/scans/session1-director.csv``: the director's adjusted scores of that
  session (A60/40 on board 9, the split score on board 12), typed in the spreadsheet door.
- ``club-evening/scans/truth.json``: what is on every page, for tests.

The pages are greyscale JPEG at 150 dpi inside the PDF, as an office scanner writes them.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE.parent) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(HERE.parent))

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

from ocr.layout import load_layout  # noqa: E402
from ocr.render import render_pdf  # noqa: E402
from ocr.training.synthetic.generate import _rasterise, synth_page  # noqa: E402
from ocr.training.synthetic.handwriting import DigitBank  # noqa: E402
from ocr.training.synthetic.sources import TEST  # noqa: E402
from ocr.training.synthetic.truth import RowTruth  # noqa: E402
from pipeline.doors.entry import read_entry_file  # noqa: E402
from pipeline.doors.scans.forms import travellers_from_event  # noqa: E402
from pipeline.events.eventfile import load_event  # noqa: E402
from pipeline.files import atomic_write_bytes, atomic_write_text  # noqa: E402
from scoring.board import vulnerability_of  # noqa: E402
from scoring.contract import Side  # noqa: E402
from scoring.law77 import ns_score  # noqa: E402
from scoring.traveller import TravellerRow  # noqa: E402

__all__ = ["build_scans"]

DEFAULT_SEED = 2026
RASTER_DPI = 200
SCAN_DPI = 150


def _row_truth(index: int, slot: tuple[int, int, int], row: TravellerRow) -> RowTruth:
    round_, ns, ew = slot
    score = ns_score(row.contract, row.declarer, row.tricks, vulnerability_of(row.board))
    written = row.written_score_ns
    side = None if written in (None, 0) else (Side.NS if written > 0 else Side.EW)
    return RowTruth(
        row=index, round=round_, ns_pair=ns, ew_pair=ew, printed_ns=ns, printed_ew=ew,
        pairs_changed=False, contract=None if row.passed_out else row.contract,
        declarer=None if row.passed_out else row.declarer,
        tricks=None if row.passed_out else row.tricks, ns_score=score,
        written_score=None if written in (None, 0) else abs(written), score_side=side,
    )  # fmt: skip


def _pdf_of_scans(images: list[bytes]) -> bytes:
    """One PDF of greyscale JPEG pages, as an office scanner's "scan to PDF" writes it."""
    pages = [Image.open(io.BytesIO(data)).convert("L") for data in images]
    buffer = io.BytesIO()
    pages[0].save(
        buffer, "PDF", save_all=True, append_images=pages[1:], resolution=SCAN_DPI, quality=75
    )
    return buffer.getvalue()


def build_scans(folder: Path = HERE / "club-evening", seed: int = DEFAULT_SEED) -> list[Path]:
    """Write the scans, the director's file and the truth; returns the paths written."""
    event = load_event(folder / "event.yaml")
    session = event.session(1)
    typed = read_entry_file(folder / "session1.xlsx", section=session.sections[0].name).rows
    by_line = {(r.board, r.ns_pair, r.ew_pair): r for r in typed}
    director = [r for r in typed if r.adjustment is not None]
    layout = load_layout("A4")
    sheets = travellers_from_event(event, session.number)
    truths = []
    for sheet in sheets:
        rows = []
        for index, printed in enumerate(sheet.rows, start=1):
            slot = (printed.round, printed.ns_pair, printed.ew_pair)
            row = by_line.get((sheet.board, slot[1], slot[2]))
            if row is None or not row.has_table_result:
                continue  # a missing result, or the director's artificial score: left blank
            rows.append(_row_truth(index, slot, row))
        truths.append(rows)

    rasters = _rasterise(render_pdf(sheets, layout=layout), RASTER_DPI)
    rng = np.random.default_rng(seed)
    bank = DigitBank(TEST)
    images, truth_json = [], []
    for sheet, raster, rows in zip(sheets, rasters, truths, strict=True):
        page = synth_page(
            sheet, rows, raster, RASTER_DPI, layout, bank, rng, split=TEST, seed=seed,
            image_name=f"board{sheet.board:02d}", quarter_turns=0 if sheet.board % 7 else 2,
            dpi=SCAN_DPI,
        )  # fmt: skip
        images.append(page.image)
        truth_json.append({"board": sheet.board, "rows": [r.to_json() for r in rows]})

    out = folder / "scans"
    written = [atomic_write_bytes(out / "session1.pdf", _pdf_of_scans(images))]
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\n")
    writer.writerow(["Board", "Round", "NS", "EW", "Contract", "Declarer", "Result", "Adjusted"])
    for row in director:
        contract = "" if row.contract is None else str(row.contract)
        declarer = "" if row.declarer is None else str(row.declarer)
        result = "" if row.tricks is None or row.contract is None else str(row.tricks)
        adjusted = _adjustment_text(row)
        writer.writerow([row.board, row.round or "", row.ns_pair, row.ew_pair, contract,
                         declarer, result, adjusted])  # fmt: skip
    written.append(atomic_write_text(out / "session1-director.csv", buffer.getvalue()))
    written.append(atomic_write_text(out / "truth.json", json.dumps(truth_json, indent=1)))
    return written


def _adjustment_text(row: TravellerRow) -> str:
    from scoring.outcome import format_outcome

    assert row.adjustment is not None
    ns, ew = row.adjustment.ns, row.adjustment.ew
    if ns == ew:
        return format_outcome(ns)
    if type(ns) is type(ew) and format_outcome(ns).startswith("A"):
        return f"{format_outcome(ns)}/{format_outcome(ew)[1:]}"
    return f"{format_outcome(ns)}/{format_outcome(ew)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--folder", type=Path, default=HERE / "club-evening")
    args = parser.parse_args()
    for path in build_scans(args.folder, args.seed):
        print(path)


if __name__ == "__main__":
    main()
