"""Reading single cells of results files into the shared scoring types.

Shared by the PBN and USEBIO readers: numbers written with a decimal point or comma,
adjusted-score markers, Scandinavian directions. Every function raises ``ValueError``
(usually a ``scoring.errors`` subclass) with a message the reader prefixes with the place.
"""

from __future__ import annotations

import re
from fractions import Fraction

from scoring.contract import Side
from scoring.errors import AdjustmentError
from scoring.imps import round_half_away
from scoring.outcome import Adjustment, Artificial, parse_adjustment

__all__ = [
    "decimal",
    "integer",
    "is_artificial",
    "artificial_percent",
    "artificial_adjustment",
    "format_decimal",
    "parse_side",
    "pbn_date",
    "usebio_date",
]

_ARTIFICIAL = re.compile(
    r"^(?:(?:A|AV|AVE|AVG|AVERAGE)\s*(?:[+=\-]|\d{4}|\d{1,3}%?(?:\s*[/\-]\s*\d{1,3}%?)?)?"
    r"|\d{1,3}\s*%(?:\s*[/\-]\s*\d{1,3}\s*%?)?)$",
    re.IGNORECASE,
)
_AVERAGE_WORDS = {"A": "A=", "AV": "A=", "AVE": "A=", "AVG": "A=", "AVERAGE": "A="}


def decimal(text: str) -> Fraction:
    """An exact number from "10.5", "10,5", "62.50%", "-3": the figures other programs print."""
    raw = text.strip().rstrip("%").replace(",", ".").replace("−", "-")
    try:
        return Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{text!r} is not a number") from None


def integer(text: str) -> int:
    raw = text.strip().replace("−", "-")
    if not re.fullmatch(r"[+\-]?\d+", raw):
        raise ValueError(f"{text!r} is not a whole number")
    return int(raw)


def is_artificial(text: str | None) -> bool:
    """Whether a cell holds an artificial adjusted score: A+, A-, A=, A60, A5050, 60%-40%."""
    return text is not None and bool(_ARTIFICIAL.match(text.strip().upper()))


def _normalised(text: str) -> str:
    raw = re.sub(r"\s+", "", text.strip().upper())
    raw = re.sub(r"^(AVERAGE|AVG|AVE|AV)", "A", raw)
    if re.fullmatch(r"\d{1,3}%", raw):
        raw = "A" + raw[:-1]
    return _AVERAGE_WORDS.get(raw, raw)


def artificial_percent(text: str) -> Fraction:
    """The percentage a one-sided marker gives the side whose cell it is in (A+ 60, A- 40)."""
    adjustment = parse_adjustment(_normalised(text))
    assert isinstance(adjustment.ns, Artificial)
    return adjustment.ns.percent


def artificial_adjustment(ns_cell: str | None, ew_cell: str | None) -> Adjustment:
    """The artificial score from the NS and/or EW cells of a line.

    Two-valued markers (A60/40, A6040, 60%-40%, A5050) give both sides. A one-valued marker
    (A+, A-, A=, A60) gives its own side, and when the other side's cell is empty the other
    side gets the complement (A+ alone: NS 60, EW 40), the usual one-side-at-fault ruling.
    """
    ns = _one(ns_cell)
    ew = _one(ew_cell)
    if ns is None and ew is None:
        raise AdjustmentError("no artificial score in the NS or EW cell")
    if ns is not None and ns[1] is not None:
        return Adjustment(Artificial(ns[0]), Artificial(ns[1]))
    if ew is not None and ew[1] is not None:
        # A two-valued marker in the EW cell is still written NS/EW.
        return Adjustment(Artificial(ew[0]), Artificial(ew[1]))
    ns_percent = ns[0] if ns is not None else 100 - ew[0]  # type: ignore[index]
    ew_percent = ew[0] if ew is not None else 100 - ns[0]  # type: ignore[index]
    return Adjustment(Artificial(Fraction(ns_percent)), Artificial(Fraction(ew_percent)))


def _one(cell: str | None) -> tuple[Fraction, Fraction | None] | None:
    """(first percent, second percent or None) of a marker, or None for an empty cell."""
    if cell is None or not cell.strip():
        return None
    raw = _normalised(cell)
    two_valued = bool(re.fullmatch(r"A?\d{4}|A?\d{1,3}%?[/\-]\d{1,3}%?", raw))
    adjustment = parse_adjustment(raw)
    assert isinstance(adjustment.ns, Artificial) and isinstance(adjustment.ew, Artificial)
    return adjustment.ns.percent, adjustment.ew.percent if two_valued else None


def format_decimal(value: Fraction, places: int = 2) -> str:
    """A figure for a file: exact when it has few decimals, else rounded half away from zero."""
    if (value * 10**places).denominator == 1:
        text = f"{float(value):.{places}f}"
    else:
        rounded = int(round_half_away(abs(value), Fraction(1, 10**places)) * 10**places)
        sign = "-" if value < 0 else ""
        text = f"{sign}{rounded // 10**places}.{rounded % 10**places:0{places}d}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def parse_side(text: str) -> Side:
    """NS/EW in any notation: N-S, E-W, Ö-V, Ø-V, NS, EW, N, E (Scandinavian Ø/Ö for east)."""
    return Side.parse(text)


_ISO = re.compile(r"^(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})$")
_DAY_FIRST = re.compile(r"^(\d{1,2})[.\-/](\d{1,2})[.\-/](\d{4})$")


def pbn_date(text: str | None) -> str | None:
    """A date as PBN writes it, "YYYY.MM.DD" (from ISO or USEBIO's "DD/MM/YYYY")."""
    if not text:
        return None
    if match := _ISO.match(text.strip()):
        year, month, day = match.groups()
    elif match := _DAY_FIRST.match(text.strip()):
        day, month, year = match.groups()
    else:
        return text  # "2026.??.??" and other partial PBN dates pass unchanged
    return f"{year}.{int(month):02d}.{int(day):02d}"


def usebio_date(text: str | None) -> str | None:
    """A date as USEBIO writes it, "DD/MM/YYYY"."""
    normal = pbn_date(text)
    if normal is None or not _ISO.match(normal):
        return normal
    year, month, day = normal.split(".")
    return f"{day}/{month}/{year}"
