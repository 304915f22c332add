"""Generate filled, scanned travellers with ground truth: print, rasterise, fill, scan.

The travellers are printed by ocr/render.py exactly as a club would print them, the PDF
is rasterised with pypdfium2, filled (ocr/training/synthetic/fill.py) and scanned
(ocr/training/synthetic/scan.py). Every page gets ``page_NNNN.<jpg|png>`` and ``page_NNNN.json``
(ocr/training/synthetic/truth.py). Everything is drawn from one seed, so the same arguments give
the same files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from ocr.layout import Layout, load_layout
from ocr.qrpayload import Seating, encode
from ocr.render import render_pdf
from ocr.sheets import PrintedRow, TravellerSheet
from scoring.board import dealer_of, vulnerability_of

from .fill import fill_page
from .handwriting import DigitBank
from .results import PairSlot, filled_off_line, mitchell_slots, random_rows
from .scan import scan_page
from .sources import TRAINING, Split
from .truth import PageTruth, RowTruth

__all__ = ["DEFECTS", "SyntheticPage", "synth_page", "generate_session", "generate_pages"]

DEFECTS = ("", "blank", "half_page", "qr_damaged", "not_a_traveller")


@dataclass(frozen=True)
class SyntheticPage:
    """One generated page: the encoded image and its ground truth."""

    image: bytes
    truth: PageTruth


def _rasterise(pdf: bytes, dpi: int) -> list[np.ndarray]:
    import pypdfium2 as pdfium

    from ocr.pages import PDFIUM_LOCK

    with PDFIUM_LOCK:  # PDFium is not thread-safe (ocr/pages.py)
        doc = pdfium.PdfDocument(pdf)
        try:
            return [
                np.asarray(doc[i].render(scale=dpi / 72).to_pil().convert("RGB"))
                for i in range(len(doc))
            ]
        finally:
            doc.close()


def _mm_to_page_px(dpi: float) -> np.ndarray:
    s = dpi / 25.4
    # pixel centres: the mm point x lies at pixel coordinate x*s - 0.5
    return np.array([[s, 0, -0.5], [0, s, -0.5], [0, 0, 1]], float)


def _apply_defect(
    page: np.ndarray, defect: str, layout: Layout, dpi: int, rng: np.random.Generator
) -> np.ndarray:
    out = page.copy()
    s = dpi / 25.4
    if defect == "half_page":
        # torn or folded: everything below the middle is gone (paper white)
        out[out.shape[0] // 2 :] = 255
    elif defect == "qr_damaged":
        x0, y0, x1, y1 = layout.qr.to_px(dpi)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        # a coffee stain / ink blot over the middle of the symbol
        cv2.circle(out, (cx, cy), round(9 * s), (60, 45, 30), -1, cv2.LINE_AA)
    elif defect == "not_a_traveller":
        out[:] = 255
        for _ in range(40):  # a page of text-like lines
            y = int(rng.integers(out.shape[0]))
            x = int(rng.integers(out.shape[1] // 2))
            cv2.line(
                out, (x, y), (x + int(rng.integers(50, out.shape[1] // 2)), y), (30, 30, 30), 2
            )
    return out


def synth_page(
    sheet: TravellerSheet,
    rows: Sequence[RowTruth],
    raster: np.ndarray,
    raster_dpi: int,
    layout: Layout,
    bank: DigitBank,
    rng: np.random.Generator,
    *,
    split: Split,
    seed: int,
    image_name: str,
    defect: str = "",
    quarter_turns: int | None = None,
    dpi: int | None = None,
    condition: str = "",
) -> SyntheticPage:
    """Fill and scan one rasterised traveller (``rows`` are the rows played; printed rows
    without one stay blank or carry stray ink)."""
    if defect not in DEFECTS:
        raise ValueError(f"unknown defect {defect!r}: one of {DEFECTS}")
    blank_form = not sheet.rows
    if defect in ("blank", "not_a_traveller"):
        rows = ()
    played = {r.row for r in rows}
    unused = [i for i in range(1, len(sheet.rows) + 1) if i not in played]
    if defect in ("blank", "not_a_traveller"):
        unused = []  # a blank traveller is blank: no stray ink either
    filled, marks, digits = fill_page(
        raster, layout, raster_dpi, rows, bank, rng, blank_form=blank_form, unused_rows=unused
    )
    filled = _apply_defect(filled, defect, layout, raster_dpi, rng)
    scan = scan_page(
        filled, raster_dpi, split.distortion, rng, quarter_turns=quarter_turns, dpi=dpi
    )
    mm_to_px = scan.page_px_to_image @ _mm_to_page_px(raster_dpi)
    mm_to_px = mm_to_px / mm_to_px[2, 2]
    truth = PageTruth(
        image=f"{image_name}.{scan.extension}",
        split=split.name,
        seed=seed,
        paper=layout.paper,
        board=sheet.board,
        vulnerability=vulnerability_of(sheet.board),
        dealer=dealer_of(sheet.board),
        event=sheet.event,
        session=sheet.session,
        section=sheet.section,
        blank_form=blank_form,
        qr_text="" if defect == "not_a_traveller" else encode(sheet.payload(layout)),
        rows=tuple(rows),
        marks=marks,
        digits=digits,
        dpi=scan.dpi,
        quarter_turns=scan.quarter_turns,
        mm_to_px=tuple(tuple(float(v) for v in r) for r in mm_to_px),  # type: ignore[misc]
        distortion=scan.params,
        defect=defect,
        condition=condition,
        printed=tuple(
            (i, r.round, r.ns_pair, r.ew_pair) for i, r in enumerate(sheet.rows, start=1)
        ),
    )
    return SyntheticPage(scan.data, truth)


def generate_session(
    out_dir: str | Path | None,
    boards: Sequence[int],
    *,
    slots: Mapping[int, Sequence[PairSlot]] | None = None,
    tables: int = 7,
    split: Split = TRAINING,
    seed: int = 0,
    paper: str = "A4",
    event: str = "synthetic",
    session: str = "1",
    section: str = "A",
    blank_form: bool = False,
    raster_dpi: int = 200,
    dpi: int | None = None,
    quarter_turns: int | None = None,
    defects: dict[int, str] | None = None,
    score_error_rate: float = 0.0,
    score_omitted_rate: float = 0.0,
    unused_row_rate: float = 0.0,
    condition: str = "",
    start_index: int = 1,
    pdf_name: str = "travellers.pdf",
    qr_pairs: Sequence[int] | None = None,
    qr_seating: bool = True,
    blank_meetings: bool = False,
    qr_meetings: Mapping[int, Seating] | None = None,
    off_line_share: float = 0.0,
) -> list[SyntheticPage]:
    """Print, fill and scan one traveller per board; write files when ``out_dir`` is given.

    ``slots`` gives the pairs per board (from a movement); without it a simple Mitchell
    of ``tables`` tables is used. ``defects`` maps a board to a bad-page case
    (see DEFECTS). ``dpi`` / ``quarter_turns`` fix what is otherwise drawn from the
    split's distortion ranges; ``condition`` names one of the split's conditions (its
    scanner, pens and paper damage). ``unused_row_rate`` is the share of printed rows
    left unplayed (blank, or with stray ink). ``qr_pairs`` are the pair numbers the QR
    codes list: None for every pair the boards seat (as ``forms print`` does), ``()`` for
    none (a form printed before issue 43, or a blank form printed without ``--pairs``).
    ``qr_seating``: the QR codes of printed forms carry the board's seating, as ``forms
    print`` writes them (False: as forms printed before it did). ``blank_meetings``: blank
    forms carry each board's meetings in the QR code, as ``forms blank --movement`` prints
    them (False: generic blank forms); ``qr_meetings`` puts other meetings there (a form
    printed for another movement, for the tests). ``off_line_share``: the share of blank
    travellers filled off the movement's line order (two rows swapped, a line down, or
    from the bottom, ``results.filled_off_line``; TRAINING pages for the reader's line
    prior), drawn apart from every other draw, so the other pages are the same.
    """
    if condition:
        split = split.condition(condition)
    rng = np.random.default_rng(seed)
    layout = load_layout(paper)
    bank = DigitBank(split)
    slot_map = {b: list(slots[b]) if slots else mitchell_slots(b, tables) for b in boards}
    # The section's pair numbers go into the QR code, as `forms print` puts them there
    # (and `forms blank --pairs`): every pair the session's boards seat, unless given.
    seated = {p for b in boards for s in slot_map[b] for p in (s.ns_pair, s.ew_pair)}
    pairs = tuple(sorted(seated)) if qr_pairs is None else (tuple(qr_pairs) or None)
    sheets = []
    for b in boards:
        printed = (
            ()
            if blank_form
            else tuple(PrintedRow(s.round, s.ns_pair, s.ew_pair, s.players) for s in slot_map[b])
        )
        if not blank_form:
            sheets.append(TravellerSheet(b, printed, event, session, section, pairs=pairs,
                                         seating_in_qr=qr_seating))  # fmt: skip
        else:
            met = tuple(sorted((s.round, s.ns_pair, s.ew_pair) for s in slot_map[b]))
            if qr_meetings is not None:
                met = qr_meetings[b]
            meetings = met if blank_meetings or qr_meetings is not None else None
            sheets.append(TravellerSheet(b, pairs=pairs, meetings=meetings))
    pdf = render_pdf(sheets, layout=layout)
    rasters = _rasterise(pdf, raster_dpi)
    out = Path(out_dir) if out_dir is not None else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / pdf_name).write_bytes(pdf)
    pages = []
    off_line_rng = np.random.default_rng([seed, 43])  # apart: the other draws stay the same
    for i, (sheet, raster) in enumerate(zip(sheets, rasters, strict=True)):
        rows = random_rows(
            sheet.board,
            slot_map[sheet.board],
            rng,
            printed=not blank_form,
            score_error_rate=score_error_rate,
            score_omitted_rate=score_omitted_rate,
        )
        if unused_row_rate > 0 and not blank_form:
            rows = tuple(r for r in rows if rng.random() >= unused_row_rate)
        if off_line_share > 0 and blank_form:
            rows = filled_off_line(rows, off_line_rng, off_line_share)
        name = f"page_{start_index + i:04d}"
        page = synth_page(
            sheet,
            rows,
            raster,
            raster_dpi,
            layout,
            bank,
            rng,
            split=split,
            seed=seed,
            image_name=name,
            defect=(defects or {}).get(sheet.board, ""),
            quarter_turns=quarter_turns,
            dpi=dpi,
            condition=condition,
        )
        if out is not None:
            (out / page.truth.image).write_bytes(page.image)
            page.truth.write(out / f"{name}.json")
        pages.append(page)
    return pages


def _session_job(job: dict[str, Any]) -> list[SyntheticPage]:
    keep = job.pop("keep_images")
    pages = generate_session(**job)
    return pages if keep else [SyntheticPage(b"", p.truth) for p in pages]


def generate_pages(
    out_dir: str | Path | None,
    count: int,
    *,
    split: Split = TRAINING,
    seed: int = 0,
    paper: str = "A4",
    min_tables: int = 3,
    max_tables: int = 15,
    session_boards: int = 16,
    jobs: int = 1,
    keep_images: bool = True,
    blank_form_share: float = 0.0,
    blank_movement_share: float = 0.0,
    resume: bool = False,
    on_pages: Callable[[int], None] | None = None,
    **kwargs: Any,
) -> list[SyntheticPage]:
    """``count`` pages of boards 1, 2, ... with a random number of tables per board.

    Pages are generated in sessions of ``session_boards`` boards sharing a table count, like a
    real club's stack; extra keyword arguments go to ``generate_session``. Each session
    has its own seed drawn from ``seed``, so ``jobs`` worker processes give the same files
    as one. ``keep_images=False`` returns the truth only (the images are in ``out_dir``),
    which keeps memory small for benchmark-sized runs. ``blank_form_share`` of the
    sessions are written on blank forms (pairs handwritten, nothing printed), and
    ``blank_movement_share`` of those on forms printed for the movement (its meetings in
    the QR code, ``forms blank --movement``), the others on generic ones; which ones is
    decided by the session's seed, not drawn, so the other pages are the same either way.
    With ``resume`` a session whose every page is already in ``out_dir`` is not made again
    (a benchmark grown from 300 to 500 pages makes only the new ones: the sessions' seeds
    do not depend on ``count``, so the first pages are the same either way).
    ``on_pages`` is told each session's page count as it is done (a progress line).
    """
    if count < 1:
        raise ValueError("count must be at least 1")
    if not 1 <= min_tables <= max_tables <= 15:
        raise ValueError(f"tables {min_tables}-{max_tables}: the form has rows 1..15")
    rng = np.random.default_rng(seed)
    session_jobs: list[dict[str, Any]] = []
    done = 0
    while done < count:
        n = min(session_boards, count - done)
        tables = int(rng.integers(min_tables, max_tables + 1))
        sub_seed = int(rng.integers(2**31))
        blank = blank_form_share > 0 and rng.random() < blank_form_share
        first = done + 1
        session_jobs.append(
            dict(
                blank_form=blank or kwargs.get("blank_form", False),
                blank_meetings=kwargs.get("blank_meetings", False)
                or (sub_seed % 1000) / 1000 < blank_movement_share,
                out_dir=out_dir,
                boards=list(range(first, first + n)),
                tables=tables,
                split=split,
                seed=sub_seed,
                paper=paper,
                start_index=first,
                pdf_name=f"travellers_{first:04d}.pdf",
                keep_images=keep_images,
                **{k: v for k, v in kwargs.items() if k not in ("blank_form", "blank_meetings")},
            )
        )
        done += n
    if resume and out_dir is not None:
        folder = Path(out_dir)
        session_jobs = [
            job
            for job in session_jobs
            if not all((folder / f"page_{b:04d}.json").exists() for b in job["boards"])
        ]
    pages: list[SyntheticPage] = []
    if jobs <= 1 or len(session_jobs) == 1:
        for job in session_jobs:
            pages += _session_job(job)
            if on_pages is not None:
                on_pages(len(job["boards"]))
        return pages
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for job, chunk in zip(session_jobs, pool.map(_session_job, session_jobs), strict=True):
            pages += chunk
            if on_pages is not None:
                on_pages(len(job["boards"]))
    return pages
