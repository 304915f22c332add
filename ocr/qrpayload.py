"""The QR code on a traveller: which event, session, section and board the page is, and
which pair numbers the section has.

Two payload versions, told apart by their prefix (byte mode, at most ``MAX_BYTES``)::

    BSC|<form version>|<paper>|<board>|<event>|<session>|<section>
    BSC2|<form version>|<paper>|<board>|<event>|<session>|<section>|<pairs>

``BSC2`` (issue 43) adds the section's pair numbers as ranges (``1-18``, ``1-9,11-14``):
a form read without the event file then knows which pair numbers exist, and a
handwritten 12 read as 72 cannot be accepted (``ocr/pair_check.py``). A payload without
pair numbers is written as ``BSC``, so forms printed before, and blank forms printed
without ``--pairs``, read as they always did. Text parts are percent-encoded
(``urllib.parse.quote`` with no safe characters), so an event name may contain ``|`` or
any Unicode. A blank generic form (no event file) has empty event, session and section.
The prefix tells a bridgescan traveller from any other QR code on a scanned page.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import quote, unquote

import segno

from ocr.layout import FORM_VERSION, PAPERS
from scoring.number_ranges import number_ranges

__all__ = [
    "PREFIX",
    "PREFIX_WITH_PAIRS",
    "MAX_BYTES",
    "QrPayload",
    "QrPayloadError",
    "encode",
    "parse",
    "make_qr",
    "pair_ranges",
    "parse_pair_ranges",
]

PREFIX = "BSC"
PREFIX_WITH_PAIRS = "BSC2"
# At most 84 bytes of text keeps the symbol at QR version 5 (37 modules) with error
# correction M: 0.73 mm per module in the 27 mm square, over 4 pixels at 150 dpi.
MAX_BYTES = 84


class QrPayloadError(ValueError):
    """A QR text that is not a bridgescan traveller payload, or bad values to encode."""


@dataclass(frozen=True)
class QrPayload:
    """What the QR code says about the page."""

    board: int
    event: str = ""
    session: str = ""
    section: str = ""
    form_version: int = FORM_VERSION
    paper: str = "A4"
    pairs: tuple[int, ...] | None = None
    """The section's pair numbers, ascending; None where the QR code does not say (a
    ``BSC`` payload: a form printed before issue 43, or a blank form printed without)."""

    def __post_init__(self) -> None:
        if self.pairs is not None:
            object.__setattr__(self, "pairs", tuple(sorted(set(self.pairs))))
            if not self.pairs:
                raise QrPayloadError("a section without pair numbers: leave pairs out (None)")
            if not all(1 <= p <= 999 for p in self.pairs):
                raise QrPayloadError(f"pair numbers {pair_ranges(self.pairs)} outside 1..999")
        if not 1 <= self.board <= 999:
            raise QrPayloadError(f"board number {self.board} outside 1..999")
        if self.paper not in PAPERS:
            raise QrPayloadError(f"paper {self.paper!r} is not one of {PAPERS}")
        if self.form_version < 1:
            raise QrPayloadError(f"form version {self.form_version} must be at least 1")
        size = len(encode(self).encode("utf-8"))
        if size > MAX_BYTES:
            raise QrPayloadError(
                f"event {self.event[:20]!r}, session {self.session[:10]!r}, section "
                f"{self.section[:10]!r}"
                + ("" if self.pairs is None else f", pairs {pair_ranges(self.pairs)}")
                + f": {size} bytes in the QR code, at most {MAX_BYTES} fit; "
                "use a shorter event id"
            )

    @property
    def is_blank_form(self) -> bool:
        """True for a generic form printed without an event file."""
        return not (self.event or self.session or self.section)


def pair_ranges(pairs: Iterable[int]) -> str:
    """Pair numbers as ascending ranges: {1, ..., 9, 11, 12} -> ``1-9,11-12``."""
    return number_ranges(sorted(set(pairs)), separator=",")


def parse_pair_ranges(text: str) -> tuple[int, ...]:
    """``1-9,11-12`` -> {1, ..., 9, 11, 12}; QrPayloadError for anything else."""
    pairs: set[int] = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        if not low.isdigit() or not (high or low).isdigit() or int(low) > int(high or low):
            raise QrPayloadError(f"pair numbers {text[:40]!r}: not ranges such as 1-18")
        pairs.update(range(int(low), int(high or low) + 1))
    return tuple(sorted(pairs))


def encode(payload: QrPayload) -> str:
    """The QR text for ``payload``: ``BSC2`` with its pair numbers, ``BSC`` without."""
    parts = [
        PREFIX if payload.pairs is None else PREFIX_WITH_PAIRS,
        str(payload.form_version),
        payload.paper,
        str(payload.board),
        quote(payload.event, safe=""),
        quote(payload.session, safe=""),
        quote(payload.section, safe=""),
    ]
    if payload.pairs is not None:
        parts.append(pair_ranges(payload.pairs))
    return "|".join(parts)


def parse(text: str) -> QrPayload:
    """Read a decoded QR text back into a payload; QrPayloadError says what is wrong."""
    parts = text.strip().split("|")
    known = {PREFIX: 7, PREFIX_WITH_PAIRS: 8}
    if not parts or known.get(parts[0]) != len(parts):
        raise QrPayloadError(f"not a bridgescan traveller QR code: {text[:60]!r}")
    _, version, paper, board, event, session, section = parts[:7]
    pairs = parse_pair_ranges(parts[7]) if len(parts) == 8 else None
    if not version.isdigit() or not board.isdigit():
        raise QrPayloadError(f"QR code {text[:60]!r}: form version and board must be numbers")
    try:
        return QrPayload(
            board=int(board),
            event=unquote(event, errors="strict"),
            session=unquote(session, errors="strict"),
            section=unquote(section, errors="strict"),
            form_version=int(version),
            paper=paper,
            pairs=pairs,
        )
    except UnicodeDecodeError as exc:
        raise QrPayloadError(f"QR code {text[:60]!r}: bad text encoding") from exc


def make_qr(payload: QrPayload) -> segno.QRCode:
    """The segno symbol for ``payload`` (error correction M, byte mode)."""
    return segno.make(encode(payload), error="m", boost_error=False, micro=False)
