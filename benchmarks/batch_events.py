"""A congress day of synthetic scanned travellers, for the batch benchmark (bench_batch.py).

``make_day(folder, slips)`` writes event folders (``e01``, ``e02``, ...) that ``bridgescan
batch`` reads as a tournament office would get them: an ``event.yaml`` (Mitchell sections
of 13 tables, 2 boards a round, two sessions, Swedish-looking names) and one scanned PDF
per session, ``scans/sessionN.pdf``, holding every section's travellers. Each traveller is
printed from the movement (QR code with the event's id, pairs pre-printed), filled with
results by ocr/training/synthetic (handwriting and scan distortions of the TEST side, which
the reader never trained on) and scanned at 150 dpi into greyscale JPEG pages, as
sample_data/build_scans.py makes the bundled sample.

Events hold 52 slips (2 sessions x 26 boards); a last, smaller event makes the count
exact. Everything follows from the seed, and a finished day is kept in its folder
(``.complete``), so the benchmark generates it once.
"""

from __future__ import annotations

import io
import json
import shutil
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

__all__ = ["day_plan", "make_day"]

FIRST = ("Anna", "Bo", "Cecilia", "Dag", "Eva", "Fredrik", "Gunilla", "Hans", "Ingrid",
         "Jonas", "Karin", "Lars", "Maria", "Nils", "Olga", "Per", "Ragnhild", "Sven",
         "Tove", "Ulf", "Vera", "Åsa", "Örjan", "Märta")  # fmt: skip
LAST = ("Berg", "Ek", "Lind", "Holm", "Sjöberg", "Nyström", "Åberg", "Dahl", "Strand",
        "Falk", "Fors", "Lund", "Wikström", "Nordin", "Dufva", "Ceder", "Björk")  # fmt: skip
SCAN_DPI = 150
RASTER_DPI = 200


def day_plan(slips: int) -> list[tuple[int, int, int, int]]:
    """Events as (sessions, sections, tables, boards a round) adding up to ``slips`` slips."""
    full = 2 * 1 * 13 * 2
    plan = [(2, 1, 13, 2)] * (slips // full)
    rest = slips - len(plan) * full
    if rest:
        plan.append(_rest_event(rest))
    return plan


def _rest_event(rest: int) -> tuple[int, int, int, int]:
    for sessions in (2, 1):
        if rest % sessions:
            continue
        per = rest // sessions
        for tables in range(13, 2, -1):  # a Mitchell of t tables plays t rounds
            if per % tables == 0 and 1 <= per // tables <= 4:
                return (sessions, 1, tables, per // tables)
    raise ValueError(f"cannot make an event of exactly {rest} slips; choose another count")


def _pairs(rng: np.random.Generator, count: int) -> list[dict[str, object]]:
    pairs = []
    for number in range(1, count + 1):
        names = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(2)]
        pairs.append({"number": number, "players": names})
    return pairs


def _event_yaml(name: str, shape: tuple[int, int, int, int], rng: np.random.Generator) -> str:
    import yaml

    sessions, sections, tables, per_round = shape
    section_pairs = {chr(65 + s): _pairs(rng, 2 * tables) for s in range(sections)}
    data = {
        "event": {"name": name, "kind": "pairs-matchpoints", "organizer": "Congress office"},
        "sessions": [
            {"number": n, "name": f"Session {n}", "date": "2026-11-21",
             "sections": [{"name": letter,
                           "movement": {"type": "mitchell", "tables": tables,
                                        "boards_per_round": per_round,
                                        "arrow_switch": "balanced"},
                           "pairs": pairs} for letter, pairs in section_pairs.items()]}
            for n in range(1, sessions + 1)
        ],
    }  # fmt: skip
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _session_pdf(job: tuple[Path, int, int]) -> int:
    """Print, fill and scan one session's travellers into ``scans/sessionN.pdf``."""
    import pypdfium2 as pdfium
    from PIL import Image

    from ocr.layout import load_layout
    from ocr.render import render_pdf
    from ocr.training.synthetic.generate import _rasterise, synth_page
    from ocr.training.synthetic.handwriting import DigitBank
    from ocr.training.synthetic.results import PairSlot, random_rows
    from ocr.training.synthetic.sources import TEST
    from pipeline.doors.scans.forms import travellers_from_event
    from pipeline.events.eventfile import load_event

    folder, session, seed = job
    out = folder / "scans" / f"session{session}.pdf"
    if out.is_file():  # made by an earlier run that was cut off (written whole, below)
        return len(pdfium.PdfDocument(out))
    event = load_event(folder / "event.yaml")
    layout = load_layout("A4")
    sheets = travellers_from_event(event, session)
    rng = np.random.default_rng(seed)
    bank = DigitBank(TEST)
    images = []
    for sheet, raster in zip(sheets, _rasterise(render_pdf(sheets, layout=layout), RASTER_DPI),
                             strict=True):  # fmt: skip
        slots = [PairSlot(r.round, r.ns_pair, r.ew_pair) for r in sheet.rows]
        rows = random_rows(sheet.board, slots, rng)
        page = synth_page(sheet, rows, raster, RASTER_DPI, layout, bank, rng, split=TEST,
                          seed=seed, image_name=f"{sheet.section}{sheet.board:02d}",
                          quarter_turns=2 if rng.random() < 0.05 else 0, dpi=SCAN_DPI)  # fmt: skip
        images.append(Image.open(io.BytesIO(page.image)).convert("L"))
    buffer = io.BytesIO()
    images[0].save(buffer, "PDF", save_all=True, append_images=images[1:],
                   resolution=SCAN_DPI, quality=75)  # fmt: skip
    out.parent.mkdir(parents=True, exist_ok=True)
    draft = out.with_suffix(".part")
    draft.write_bytes(buffer.getvalue())
    draft.replace(out)  # whole or not at all: a cut-off run leaves no half PDF to reuse
    return len(images)


def make_day(folder: Path, slips: int, seed: int = 11, jobs: int = 2) -> list[Path]:
    """The day's event folders under ``folder`` (made once; a finished day is reused, and a
    day cut off half way keeps the session PDFs it finished)."""
    done = folder / ".complete"
    plan = day_plan(slips)
    events = [folder / f"e{i:02d}" for i in range(1, len(plan) + 1)]
    recipe = {"slips": slips, "seed": seed, "plan": [list(shape) for shape in plan]}
    if done.is_file() and json.loads(done.read_text()) == recipe:
        return events
    started = folder / ".recipe"
    if not (started.is_file() and json.loads(started.read_text()) == recipe):
        for old in folder.glob("e[0-9]*"):  # a day made to another plan
            shutil.rmtree(old)
        folder.mkdir(parents=True, exist_ok=True)
        started.write_text(json.dumps(recipe))
    rng = np.random.default_rng(seed)
    session_jobs = []
    for index, (path, shape) in enumerate(zip(events, plan, strict=True), start=1):
        path.mkdir(parents=True, exist_ok=True)
        (path / "event.yaml").write_text(
            _event_yaml(f"Congress event {index}", shape, rng), "utf-8"
        )
        session_jobs += [(path, n, int(rng.integers(2**31))) for n in range(1, shape[0] + 1)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        made = sum(pool.map(_session_pdf, session_jobs))
    if made != slips:
        raise RuntimeError(f"made {made} slips, not {slips}")
    done.write_text(json.dumps(recipe))
    return events
