"""The typed notation of a traveller line: the result and score fields as directors write
them, read into the spreadsheet door's cells.

Reading gives the cells a line fills in the entry template's columns
(templates/entry/columns.yaml), so the spreadsheet door's ``LineReader`` reads and checks
them as it reads a typed CSV; nothing here scores. A field that cannot be read raises
``FieldRefused`` with a message for the director. The traveller screen
(``pipeline.doors.entry.traveller_form``) uses it.

The result field takes, case-insensitively and with or without spaces:

- a contract, a result and the declarer before or after: ``4S= N``, ``4SN=``, ``N 4S=``,
  ``3NTX-2 S``, ``3NX-2S``, ``4H+1 W``, ``6SXX= E``, ``4♠= N``, a trick count 7-13 after a
  space (``4S N 10``); Scandinavian strains and seats ``4SP= S``, ``3UT-1 Ö``, ``2K+1 V``,
  ``3SA= Ø`` (``scoring.contract``);
- a board passed out: ``pass``, ``P``, ``-``, ``AP``, ``passet`` (``PASS_WORDS``);
- an adjusted score as ``scoring.outcome.parse_adjustment`` reads it: ``A60/40``, ``A50``,
  ``A+``, ``A-``, ``60%-40%``; an assigned score after ``TD``: ``TD +420``, ``TD 420/-100``,
  ``TD 50% +420, 50% +170``;
- nothing: the line is not entered (not written).

The score field is NS's score, signed (``620``, ``-100``, ``+50``), or a side's own score as
on a Scandinavian traveller with NS and ÖV columns: ``ÖV 100``, ``ØV 100``, ``EW 100`` (EW
scored 100, i.e. NS -100), ``NS 620``.

``adjustment_text`` writes an adjustment back the way the result field takes it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from scoring.contract import Contract, Seat, Side, format_result, parse_contract, parse_tricks
from scoring.errors import ScoringError
from scoring.outcome import Adjustment, Artificial, format_outcome, parse_adjustment

__all__ = [
    "RESULT_EXAMPLES",
    "FieldRefused",
    "ResultCells",
    "adjustment_text",
    "read_result",
    "read_score",
]

RESULT_EXAMPLES = "e.g. 4S= N, 3NTX-2 S, pass or A60/40"
"""What to type in the result field, for messages that ask for one."""


class FieldRefused(ValueError):
    """A result or score field that cannot be read; the message is for the director."""


@dataclass(frozen=True)
class ResultCells:
    """The result field read: the cells it fills in the spreadsheet door's columns."""

    cells: dict[str, str]
    adjusted: bool = False


_RESULT_RE = re.compile(r"=|[+\-]\s*\d{1,2}")
_TRICK_COUNT_RE = re.compile(r"^(?P<rest>.*\S)\s+(?P<n>\d{1,2})$")
_ASSIGNED_RE = re.compile(r"^(?:TD|TL|ADJ)\b\s*:?\s*(?P<score>.+)$")


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFC", text).strip().upper()
    return text.replace("−", "-").replace("–", "-")


def read_result(text: str) -> ResultCells:
    """The result field as cells, or ``FieldRefused`` saying what to type."""
    folded = _fold(text)
    try:
        passed_out = parse_contract(folded) is None
    except ScoringError:
        passed_out = False
    if passed_out:
        return ResultCells({"level": "Pass"})
    if assigned := _ASSIGNED_RE.match(folded):
        return ResultCells({"adjusted": _adjustment(assigned["score"])}, adjusted=True)
    if folded.startswith("A") or "%" in folded:
        return ResultCells({"adjusted": _adjustment(folded)}, adjusted=True)
    results = list(_RESULT_RE.finditer(folded))
    if len(results) > 1:
        raise FieldRefused(f"cannot read {text.strip()!r}: type one result ({RESULT_EXAMPLES})")
    if results:
        found = results[0]
        before, after, result = folded[: found.start()], folded[found.end() :], found[0]
    elif count := _TRICK_COUNT_RE.match(folded):
        before, after, result = count["rest"], "", count["n"]
        if int(result) <= 6:
            raise FieldRefused(
                f"{result} could be tricks or overtricks: type the result as =, +1 or -2"
            )
    else:
        contract, declarer = _contract_and_declarer(folded, "", text)
        raise FieldRefused(f"type the result of {contract} by {declarer} (=, +1, -2)")
    contract, declarer = _contract_and_declarer(before, after, text)
    try:
        tricks = parse_tricks(result.replace(" ", ""), contract)
    except ScoringError as error:
        raise FieldRefused(str(error)) from None
    return ResultCells(
        {
            "level": str(contract.level),
            "strain": str(contract.strain),
            "doubling": str(contract.doubling),
            "declarer": str(declarer),
            "result": format_result(contract, tricks),
        }
    )


def _adjustment(text: str) -> str:
    try:
        parse_adjustment(text)
    except ScoringError as error:
        raise FieldRefused(str(error)) from None
    return " ".join(text.split())


def _contract_and_declarer(before: str, after: str, text: str) -> tuple[Contract, Seat]:
    """The contract and the declarer around the result: ``N 4S``, ``4S`` + ``N``, ``4SN``."""
    before, after = before.strip(), after.strip()
    level = re.search(r"\d", before)
    if level is None:
        raise FieldRefused(
            f"cannot read {text.strip()!r}: type the contract first ({RESULT_EXAMPLES})"
        )
    prefix, rest = before[: level.start()].strip(), before[level.start() :].strip()
    if prefix and after:
        raise FieldRefused(f"{text.strip()!r}: type the declarer once (N, E, S or W)")
    if prefix or after:
        return _contract(rest), _seat(prefix or after)
    # Declarer written straight after the contract ("4SN", "3NTXS"): every split that reads
    # as a contract and a seat; the seat letters (N, S, V ...) are also strain letters.
    splits = set()
    for cut in range(1, len(rest)):
        try:
            splits.add((Contract.parse(rest[:cut]), Seat.parse(rest[cut:])))
        except ScoringError:
            continue
    if len(splits) == 1:
        return splits.pop()
    if splits:
        readings = " or ".join(f"{c} by {s}" for c, s in sorted(splits, key=str))
        raise FieldRefused(f"{text.strip()!r} could be {readings}: put a space before the declarer")
    _contract(rest)  # a contract that cannot be read says so
    raise FieldRefused("type the declarer (N, E, S or W)")


def _contract(text: str) -> Contract:
    try:
        return Contract.parse(text)
    except ScoringError as error:
        raise FieldRefused(str(error)) from None


def _seat(text: str) -> Seat:
    try:
        return Seat.parse(text)
    except ScoringError as error:
        raise FieldRefused(f"{error}: type the declarer (N, E, S or W)") from None


_SIDE = r"(?P<side>[^\W\d_]+(?:[\-/][^\W\d_]+)?)"  # NS, ÖV, Ö-V, E/W
_SIDE_FIRST_RE = re.compile(rf"^{_SIDE}\s*:?\s*(?P<n>[+\-]?\s*\d[\d\s]*)$")
_SIDE_LAST_RE = re.compile(rf"^(?P<n>[+\-]?\s*\d[\d\s]*?)\s*{_SIDE}$")


def read_score(text: str) -> dict[str, str]:
    """The score field as the NS-score or EW-score cell (the reader checks the number)."""
    folded = _fold(text)
    if not folded:
        return {}
    found = _SIDE_FIRST_RE.match(folded) or _SIDE_LAST_RE.match(folded)
    if found is None:
        return {"score_ns": text.strip()}  # the reader says if it is not a number
    try:
        side = Side.parse(found["side"])
    except ScoringError:
        raise FieldRefused(
            f"cannot read the score {text.strip()!r}: type NS's score (620, -100) or a side's "
            "own score (ÖV 100)"
        ) from None
    return {"score_ns" if side is Side.NS else "score_ew": found["n"]}


def adjustment_text(adjustment: Adjustment) -> str:
    """An adjustment as the result field takes it back: ``A60/40``, ``A50``, ``TD +420``."""
    ns, ew = adjustment.ns, adjustment.ew
    if isinstance(ns, Artificial) and isinstance(ew, Artificial):
        both = format_outcome(ns)
        return both if ns == ew else f"{both}/{float(ew.percent):g}"
    sides = format_outcome(ns) if ns == ew else f"{format_outcome(ns)}/{format_outcome(ew)}"
    return f"TD {sides}"
