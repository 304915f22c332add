"""What the reader saw on a page: immutable records, with the evidence kept beside them.

Every field keeps its value, its candidates with probabilities and where its crop is;
every row keeps its decoded result, the posterior of that result, the runner-up
readings and whether it was accepted or sent to review (and why); every page keeps its
problems as reason codes. Records are frozen so they can be stored in the event store
and later superseded by a review decision (pipeline/doors/scans/review.py), never edited.

A row converts to the shared ``scoring.traveller.TravellerRow`` with a ``Source`` naming
the file, page and row, so validation and scoring treat scanned and typed travellers
alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ocr.qrpayload import QrPayload
from scoring.contract import Contract, Seat, format_result
from scoring.traveller import Source, TravellerRow

__all__ = [
    "DEFAULT_THRESHOLD",
    "PairReadings",
    "posterior_reason",
    "pair_clash_reason",
    "is_pair_clash",
    "PageRef",
    "Crop",
    "Candidate",
    "FieldReading",
    "RowResult",
    "RowStatus",
    "RowReading",
    "PageProblem",
    "PageReading",
]


DEFAULT_THRESHOLD = 0.995
"""Posterior a row's best reading needs to be accepted without review."""

PairReadings = tuple[tuple[tuple[int | None, int | None], float], ...]
"""A row's pair readings, (NS, EW) and probability, likeliest first (``decode_pairs``)."""


def posterior_reason(posterior: float, threshold: float) -> str:
    """The review reason of a row whose best reading is not likely enough."""
    return f"posterior {posterior:.3f} below {threshold}"


_CLASH_END = " too (a pair plays a board once)"


def pair_clash_reason(who: str, other_row: int) -> str:
    """The review reason of a row whose best reading seats a pair (``who``, e.g. "NS pair
    7") that another row of the traveller reads for certain: a pair plays a board once, so one
    of the two readings is wrong."""
    return f"{who} is on row {other_row}{_CLASH_END}"


def is_pair_clash(reason: str) -> bool:
    """Whether ``reason`` is one ``pair_clash_reason`` wrote."""
    return reason.endswith(_CLASH_END)


@dataclass(frozen=True)
class PageRef:
    """A page of an input file: the file as given and the 1-based page number."""

    file: str
    page: int = 1

    def __str__(self) -> str:
        return f"{self.file}, page {self.page}"


@dataclass(frozen=True)
class Crop:
    """An image crop: the region of the template (page mm: x, y, width, height) on a page,
    and the crop itself as PNG bytes when it was kept (rows sent to review, bad pages)."""

    page: PageRef
    rect_mm: tuple[float, float, float, float]
    png: bytes | None = field(default=None, repr=False)


@dataclass(frozen=True)
class Candidate:
    """One possible value of a field or row and its probability."""

    value: str
    probability: float


@dataclass(frozen=True)
class FieldReading:
    """One field of one row as read, before joint decoding.

    ``value`` is the most probable reading ("" for an empty field, None when it cannot be
    decided alone); ``unsure`` is set when a mark fell in the unsure band or a digit was
    doubtful.
    """

    row: int
    field: str
    value: str | None
    candidates: tuple[Candidate, ...]
    crop: Crop
    unsure: bool = False


@dataclass(frozen=True)
class RowResult:
    """A complete reading of one table's line: who played and what happened."""

    ns_pair: int | None
    ew_pair: int | None
    passed_out: bool = False
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    score_ns: int | None = None  # the score column as written (NS side), None if blank

    def __str__(self) -> str:
        pairs = f"{self.ns_pair or '?'}-{self.ew_pair or '?'}"
        if self.passed_out:
            return f"{pairs} passed out"
        if self.contract is None or self.declarer is None or self.tricks is None:
            return f"{pairs} no result"
        result = format_result(self.contract, self.tricks)
        score = "" if self.score_ns is None else f" {self.score_ns:+d}"
        return f"{pairs} {self.contract} {self.declarer} {result}{score}"


class RowStatus(StrEnum):
    """Accepted rows go straight on; review rows wait for a person; empty rows were unused."""

    ACCEPTED = "accepted"
    REVIEW = "review"
    EMPTY = "empty"


@dataclass(frozen=True)
class RowReading:
    """One row after joint decoding (ocr/decode.py)."""

    page: PageRef
    row: int
    round: int | None
    fields: tuple[FieldReading, ...]
    best: RowResult | None
    posterior: float
    alternatives: tuple[tuple[RowResult, float], ...]
    status: RowStatus
    reasons: tuple[str, ...]
    crop: Crop
    printed_pairs: tuple[int, int] | None = None  # NS, EW pre-printed on the row
    pair_readings: PairReadings = ()
    """Where nothing printed gives the row's pairs (a blank form, printed pairs unread) and no
    movement is known (no event file, and no seating or meetings in the QR code): its pair
    readings, (NS, EW) and probability, as ``posterior`` weighs them (the best reading's
    posterior is its contract's times its pairs'), for the stack's weighing of handwritten
    pair numbers (``ocr/stack_pairs.py``). Empty on a row whose pairs are printed, and on
    any row read with a movement."""

    def field(self, name: str) -> FieldReading:
        for f in self.fields:
            if f.field == name:
                return f
        raise KeyError(f"{self.page}, row {self.row}: no field {name!r}")

    def to_traveller_row(self, board: int, section: str = "A") -> TravellerRow:
        """The shared traveller record for this row (accepted or resolved readings only)."""
        best = self.best
        where = f"{self.page}, row {self.row}"
        if best is None or best.ns_pair is None or best.ew_pair is None:
            raise ValueError(f"{where}: no complete reading to turn into a traveller row")
        return TravellerRow(
            board=board,
            ns_pair=best.ns_pair,
            ew_pair=best.ew_pair,
            contract=best.contract,
            declarer=best.declarer,
            tricks=best.tricks,
            passed_out=best.passed_out,
            written_score_ns=best.score_ns,
            round=self.round,
            section=section or "A",
            source=Source(file=self.page.file, page=self.page.page, row=self.row),
        )


class PageProblem(StrEnum):
    """Why a page, or part of it, needs a person. The page is always kept."""

    NOT_A_TRAVELLER = "not_a_traveller"  # no corner markers and no traveller QR code
    UNREADABLE = "unreadable"  # the file or image cannot be decoded, or is blank
    PARTIAL_PAGE = "partial_page"  # some corner markers missing: half a page
    BAD_GEOMETRY = "bad_geometry"  # markers that do not fit one flat form
    BLANK_TRAVELLER = "blank_traveller"  # a traveller with nothing written on it
    QR_UNREADABLE = "qr_unreadable"  # board number taken from the printed number instead
    BOARD_UNKNOWN = "board_unknown"  # neither QR nor printed board number could be read
    DUPLICATE_BOARD = "duplicate_board"  # another page in the batch is the same board
    WRONG_EVENT = "wrong_event"  # the QR names another event/session than the one read
    UPSIDE_DOWN = "upside_down"  # fed rotated by 180 degrees (read normally; noted)


# Problems that are notes only: the page was read and its rows stand on their own.
NOTES = frozenset({PageProblem.UPSIDE_DOWN, PageProblem.QR_UNREADABLE})


@dataclass(frozen=True)
class PageReading:
    """One scanned page: which board it is, how it was found, and its rows."""

    page: PageRef
    board: int | None
    board_from: str | None  # "qr", "printed" (Tesseract fallback) or None
    qr: QrPayload | None
    rotation: int | None
    rows: tuple[RowReading, ...]
    problems: tuple[PageProblem, ...] = ()
    message: str = ""
    thumbnail: Crop | None = None

    @property
    def needs_review(self) -> bool:
        """True when the page itself (not just a row) must be looked at by a person."""
        return any(p not in NOTES for p in self.problems)

    @property
    def review_rows(self) -> tuple[RowReading, ...]:
        return tuple(r for r in self.rows if r.status is RowStatus.REVIEW)

    @property
    def accepted_rows(self) -> tuple[RowReading, ...]:
        return tuple(r for r in self.rows if r.status is RowStatus.ACCEPTED)
