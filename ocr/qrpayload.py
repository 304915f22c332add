"""The QR code on a traveller: which event, session, section and board the page is.

Text format (byte mode, short enough for a version 3-4 symbol at level M)::

    BSC|<form version>|<paper>|<board>|<event>|<session>|<section>

Text parts are percent-encoded (``urllib.parse.quote`` with no safe characters), so an
event name may contain ``|`` or any Unicode. A blank generic form (no event file) has
empty event, session and section. The prefix tells a bridgescan traveller from any other
QR code on a scanned page.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, unquote

import segno

from ocr.layout import FORM_VERSION, PAPERS

__all__ = ["PREFIX", "MAX_BYTES", "QrPayload", "QrPayloadError", "encode", "parse", "make_qr"]

PREFIX = "BSC"
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

    def __post_init__(self) -> None:
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
                f"{self.section[:10]!r}: {size} bytes in the QR code, at most {MAX_BYTES} fit; "
                "use a shorter event id"
            )

    @property
    def is_blank_form(self) -> bool:
        """True for a generic form printed without an event file."""
        return not (self.event or self.session or self.section)


def encode(payload: QrPayload) -> str:
    """The QR text for ``payload``."""
    parts = [
        PREFIX,
        str(payload.form_version),
        payload.paper,
        str(payload.board),
        quote(payload.event, safe=""),
        quote(payload.session, safe=""),
        quote(payload.section, safe=""),
    ]
    return "|".join(parts)


def parse(text: str) -> QrPayload:
    """Read a decoded QR text back into a payload; QrPayloadError says what is wrong."""
    parts = text.strip().split("|")
    if len(parts) != 7 or parts[0] != PREFIX:
        raise QrPayloadError(f"not a bridgescan traveller QR code: {text[:60]!r}")
    _, version, paper, board, event, session, section = parts
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
        )
    except UnicodeDecodeError as exc:
        raise QrPayloadError(f"QR code {text[:60]!r}: bad text encoding") from exc


def make_qr(payload: QrPayload) -> segno.QRCode:
    """The segno symbol for ``payload`` (error correction M, byte mode)."""
    return segno.make(encode(payload), error="m", boost_error=False, micro=False)
