"""Readings tied with the best: the rest of a field whose every box reads alike.

The reader keeps a row's three likeliest readings (ocr/decode.py: the best and two
alternatives). Where the player's mark in a field is read as nothing (a fine dot, a pale
tick) and the written score cannot tell its options apart (one down undoubled is -50 or
-100 at every level; no score written), every option of the field weighs the same: seven
levels at 1/7 each, five strains at 1/5. The three kept are then three of them that no ink
chose, and the player's is offered by chance (TRAINING seed 13, 40 pages, read with and
without the event: 3 of the 8 rows to review whose truth no button offered; training-fine-dots
seed 13: 11 of 20).

``tied_readings`` gives the field's other options where the best and both alternatives weigh
the same (within ``TIED``) and each alternative changes the same one part of the best (the
level, the strain, the doubling or the declarer). Nothing here weighs or decides: the review
queue shows them as buttons after the reader's own readings, up to its cap
(pipeline/doors/scans/review_queue.py), and a person picks. The reader's best reading, its
posterior and whether a row is accepted cannot change through this module.
"""

from __future__ import annotations

from dataclasses import replace

from ocr.reading import RowReading, RowResult
from scoring.contract import Contract, Doubling, Seat, Strain

__all__ = ["TIED", "tied_readings"]

TIED = 0.99
"""Two readings whose posteriors are within this ratio weigh the same: ties in the decoder
come out equal to a few parts in ten thousand (0.1428 for each of seven levels)."""

_OPTIONS: dict[str, tuple[object, ...]] = {
    "level": tuple(range(1, 8)),
    "strain": tuple(Strain),
    "doubling": tuple(Doubling),
    "declarer": tuple(Seat),
}


def tied_readings(row: RowReading) -> tuple[RowResult, ...]:
    """The best reading with each other option of the one part its two alternatives change
    (level, strain, doubling or declarer), where all three weigh the same; the options in
    the form's order, none the reader kept, none that is no result (more than 13 tricks)."""
    best = row.best
    if best is None or len(row.alternatives) < 2 or best.contract is None:
        return ()
    kept = [alt for alt, p in row.alternatives[:2] if p >= TIED * row.posterior]
    if len(kept) < 2 or any(alt.contract is None for alt in kept):
        return ()
    changed = {_changed_part(best, alt) for alt in kept}
    if len(changed) != 1 or None in changed:
        return ()
    (part,) = changed
    assert part is not None
    seen = {_unscored(best), *(_unscored(alt) for alt in kept)}
    out = []
    for option in _OPTIONS[part]:
        reading = _with(best, part, option)
        if reading is not None and _unscored(reading) not in seen:
            out.append(reading)
    return tuple(out)


def _parts(r: RowResult) -> dict[str, object]:
    c = r.contract
    assert c is not None and r.tricks is not None
    return {"ns": r.ns_pair, "ew": r.ew_pair, "level": c.level, "strain": c.strain,
            "doubling": c.doubling, "declarer": r.declarer,
            "result": r.tricks - c.tricks_needed}  # fmt: skip


def _changed_part(best: RowResult, alt: RowResult) -> str | None:
    """The one part of ``best`` that ``alt`` changes, if it changes exactly one of level,
    strain, doubling, declarer (None otherwise)."""
    a, b = _parts(best), _parts(alt)
    changed = [k for k in a if a[k] != b[k]]
    return changed[0] if len(changed) == 1 and changed[0] in _OPTIONS else None


def _with(best: RowResult, part: str, option: object) -> RowResult | None:
    """``best`` with ``part`` read as ``option``, its result over or under the contract kept."""
    parts = {**_parts(best), part: option}
    contract = Contract(parts["level"], parts["strain"], parts["doubling"])  # type: ignore[arg-type]
    tricks = contract.tricks_needed + parts["result"]  # type: ignore[operator]
    if not 0 <= tricks <= 13:
        return None
    return replace(best, contract=contract, declarer=parts["declarer"], tricks=tricks)  # type: ignore[arg-type]


def _unscored(reading: RowResult) -> RowResult:
    return replace(reading, score_ns=None)
