"""The QR code on a traveller: which event, session, section and board the page is, and
which pair numbers the section has.

Four payload versions, told apart by their prefix::

    BSC|<form version>|<paper>|<board>|<event>|<session>|<section>
    BSC2|<form version>|<paper>|<board>|<event>|<session>|<section>|<pairs>
    BSC3|<form version>|<paper>|<board>|<event>|<session>|<section>|<pairs>|<seating>
    BSC4|<form version>|<paper>|<board>|<event>|<session>|<section>|<pairs>|<meetings>

``BSC2`` (issue 43) adds the section's pair numbers as ranges (``1-18``, ``1-9,11-14``):
a form read without the event file then knows which pair numbers exist, and a
handwritten 12 read as 72 cannot be accepted (``ocr/pair_check.py``). A payload without
pair numbers is written as ``BSC``, so forms printed before, and blank forms printed
without ``--pairs``, read as they always did. Text parts are percent-encoded
(``urllib.parse.quote`` with no safe characters), so an event name may contain ``|`` or
any Unicode. A blank generic form (no event file) has empty event, session and section.
The prefix tells a bridgescan traveller from any other QR code on a scanned page.

``BSC3`` (issue 43, item 2) adds the board's seating: for each row of the form, the round
and the NS and EW pairs the movement sends there, which is what the form prints on its
rows. Read without the event file, the reader then knows the board's rows as the event
would tell it (``ocr/reader.py``): a printed number a streak or a crease hid is still
known, and written pairs the movement does not send to the board go to a person. The
seating is digits only (``seating_digits``), written as a QR numeric segment (3.3 bits a
digit instead of 8), so a 15-row board fits beside a 28-letter event id in a version 5
symbol. The symbol is limited to version 5 (``MAX_VERSION``) with error correction M:
0.73 mm modules, over 4 pixels at 150 dpi; a payload that would need more is refused,
and ``TravellerSheet.payload`` then leaves the seating out (a ``BSC2`` form).

``BSC4`` (issue 43, item 2) is the blank form's seating: the board's meetings (round, NS
and EW pair) in round order, written as ``BSC3``'s seating, but on no row: players fill a
blank form's rows in any order. A club that plays the same movement every week prints its
blank travellers with it (``forms blank --movement``), and the reader then checks the
handwritten pairs against the pairs the movement sends to the board, as the event would.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import quote, unquote

from ocr.layout import FORM_VERSION, PAPERS
from scoring.number_ranges import number_ranges

if TYPE_CHECKING:
    import segno

__all__ = [
    "PREFIX",
    "PREFIX_WITH_PAIRS",
    "PREFIX_WITH_SEATING",
    "PREFIX_WITH_MEETINGS",
    "MAX_BYTES",
    "MAX_VERSION",
    "Seating",
    "QrPayload",
    "QrPayloadError",
    "encode",
    "parse",
    "make_qr",
    "pair_ranges",
    "parse_pair_ranges",
    "seating_digits",
    "parse_seating",
]

PREFIX = "BSC"
PREFIX_WITH_PAIRS = "BSC2"
PREFIX_WITH_SEATING = "BSC3"
PREFIX_WITH_MEETINGS = "BSC4"
# At most 84 bytes of text keeps the symbol at QR version 5 (37 modules) with error
# correction M: 0.73 mm per module in the 27 mm square, over 4 pixels at 150 dpi.
MAX_BYTES = 84
MAX_VERSION = 5
# Version 5 with error correction M holds 86 data codewords (ISO/IEC 18004, table 7).
_MAX_BITS = 86 * 8

Seating = tuple[tuple[int, int, int], ...]
"""A board's rows as the movement seats them: (round, NS pair, EW pair) per form row."""


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
    seating: Seating | None = None
    """The board's rows, (round, NS, EW) per form row from row 1; None where the QR code
    does not say (``BSC`` and ``BSC2``, a blank form, an individual's traveller)."""
    meetings: Seating | None = None
    """A blank form's board as the movement plays it, (round, NS, EW) in round order and
    on no particular row (``BSC4``); None where the QR code does not say."""

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
        if self.seating is not None and self.meetings is not None:
            raise QrPayloadError("a form carries the seating of its rows or its meetings")
        if self.seating is not None or self.meetings is not None:
            self._check_seating()
        self._check_capacity()

    def _check_seating(self) -> None:
        name = "seating" if self.seating is not None else "meetings"
        given: Seating = getattr(self, name)
        seats = tuple(tuple(r) for r in given)
        object.__setattr__(self, name, seats)
        if not 1 <= len(seats) <= 15:
            raise QrPayloadError(f"{len(seats)} seated rows: a form has 1 to 15")
        if any(len(r) != 3 or not all(1 <= n <= 999 for n in r) for r in seats):
            raise QrPayloadError(f"{name}: (round, NS, EW) per row, numbers 1..999")
        if name == "meetings" and list(seats) != sorted(seats):
            raise QrPayloadError("meetings: in round order")

    def _check_capacity(self) -> None:
        """Refuse a payload whose symbol would need more than version ``MAX_VERSION``."""
        head, digits = _segments(self)
        bits = _bits(head, digits)
        if bits <= _MAX_BITS:
            return
        if digits:
            seats = self.seating if self.seating is not None else self.meetings
            raise QrPayloadError(
                f"event {self.event[:20]!r} with {len(seats or ())} seated rows: "
                f"{bits} bits in the QR code, at most {_MAX_BITS} fit in version "
                f"{MAX_VERSION}; use a shorter event id"
            )
        raise QrPayloadError(
            f"event {self.event[:20]!r}, session {self.session[:10]!r}, section "
            f"{self.section[:10]!r}"
            + ("" if self.pairs is None else f", pairs {pair_ranges(self.pairs)}")
            + f": {len(head.encode('utf-8'))} bytes in the QR code, at most {MAX_BYTES} "
            "fit; use a shorter event id"
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


def seating_digits(seating: Seating) -> str:
    """The seating as digits: the width of a number (1-3), then 1 if the rounds are
    written or 0 if row k is round k (the rows in round order, every round), then per row
    its round (if written), NS and EW pair, each zero-padded to the width.

    ((1, 1, 10), (2, 2, 11)) -> ``20`` ``0110`` ``0211`` = ``2001100211``."""
    width = len(str(max(n for row in seating for n in row)))
    rounds = any(rnd != k for k, (rnd, _, _) in enumerate(seating, start=1))
    numbers = [n for rnd, ns, ew in seating for n in ((rnd, ns, ew) if rounds else (ns, ew))]
    return f"{width}{int(rounds)}" + "".join(f"{n:0{width}d}" for n in numbers)


def parse_seating(text: str) -> Seating:
    """The inverse of ``seating_digits``; QrPayloadError for anything else."""
    if len(text) < 2 or not text.isdigit() or text[0] not in "123" or text[1] not in "01":
        raise QrPayloadError(f"seating {text[:40]!r}: not a bridgescan seating")
    width, rounds = int(text[0]), text[1] == "1"
    per_row = width * (3 if rounds else 2)
    body = text[2:]
    if not body or len(body) % per_row:
        raise QrPayloadError(f"seating {text[:40]!r}: {len(body)} digits are not whole rows")
    rows = []
    for k in range(len(body) // per_row):
        chunk = body[k * per_row : (k + 1) * per_row]
        numbers = [int(chunk[i : i + width]) for i in range(0, per_row, width)]
        rows.append(tuple(numbers) if rounds else (k + 1, *numbers))
    return tuple(rows)  # type: ignore[return-value]


def _bits(head: str, digits: str) -> int:
    """The bits of the symbol's data for a byte-mode ``head`` and a numeric ``digits``
    segment (ISO/IEC 18004, versions 1 to 9: a 4-bit mode and an 8-bit count for bytes,
    a 10-bit count and 10 bits for every three digits for numbers). A head alone of ``MAX_BYTES``
    bytes is the most that fits: 12 + 8 x 84 = 684 of ``_MAX_BITS``' 688."""
    bits = 12 + 8 * len(head.encode("utf-8"))
    if digits:
        bits += 14 + (10 * len(digits) + 2) // 3
    return bits


def _segments(payload: QrPayload) -> tuple[str, str]:
    """The QR text of ``payload`` as its byte-mode head and its numeric tail (empty
    without a seating)."""
    prefix = PREFIX if payload.pairs is None else PREFIX_WITH_PAIRS
    seats = payload.seating if payload.seating is not None else payload.meetings
    if payload.seating is not None:
        prefix = PREFIX_WITH_SEATING
    elif payload.meetings is not None:
        prefix = PREFIX_WITH_MEETINGS
    parts = [
        prefix,
        str(payload.form_version),
        payload.paper,
        str(payload.board),
        quote(payload.event, safe=""),
        quote(payload.session, safe=""),
        quote(payload.section, safe=""),
    ]
    if seats is not None:
        parts.append("" if payload.pairs is None else pair_ranges(payload.pairs))
        return "|".join(parts) + "|", seating_digits(seats)
    if payload.pairs is not None:
        parts.append(pair_ranges(payload.pairs))
    return "|".join(parts), ""


def encode(payload: QrPayload) -> str:
    """The QR text for ``payload``: ``BSC3`` with the board's seating, ``BSC4`` with a
    blank form's meetings, ``BSC2`` with the section's pair numbers only, ``BSC`` with
    none of them."""
    head, digits = _segments(payload)
    return head + digits


def parse(text: str) -> QrPayload:
    """Read a decoded QR text back into a payload; QrPayloadError says what is wrong."""
    parts = text.strip().split("|")
    known = {PREFIX: 7, PREFIX_WITH_PAIRS: 8, PREFIX_WITH_SEATING: 9, PREFIX_WITH_MEETINGS: 9}
    if not parts or known.get(parts[0]) != len(parts):
        raise QrPayloadError(f"not a bridgescan traveller QR code: {text[:60]!r}")
    _, version, paper, board, event, session, section = parts[:7]
    listed = parts[7] if len(parts) >= 8 else None  # BSC3 and BSC4 may leave the pairs empty
    pairs = parse_pair_ranges(listed) if listed or len(parts) == 8 else None
    seats = parse_seating(parts[8]) if len(parts) == 9 else None
    meetings = parts[0] == PREFIX_WITH_MEETINGS
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
            seating=None if meetings else seats,
            meetings=seats if meetings else None,
        )
    except UnicodeDecodeError as exc:
        raise QrPayloadError(f"QR code {text[:60]!r}: bad text encoding") from exc


def make_qr(payload: QrPayload) -> segno.QRCode:
    """The segno symbol for ``payload`` (error correction M; byte mode, and the seating
    or the meetings in a numeric segment). segno is imported here: a reader decodes
    payloads and never draws one, and segno's writers bring in urllib.request, http.client
    and ssl (some 10 ms of a cold ``scan read``)."""
    import segno

    head, digits = _segments(payload)
    content: str | list[tuple[str, int]] = head
    if digits:
        content = [(head, segno.consts.MODE_BYTE), (digits, segno.consts.MODE_NUMERIC)]
    return segno.make(content, error="m", boost_error=False, micro=False)
