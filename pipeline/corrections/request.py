"""A correction as a person asks for it, and the corrected line it gives.

A ``LineCorrection`` names one result line (session, board, NS and EW pair) and what to
change on it: contract, declarer, result, the score as written, the pair numbers, or the
director's adjusted score. ``Signature`` says who asks (name and role), why, and, after the
period, the Law 79C2 override (the director and the organizer, both named).

``corrected_row`` turns the request into the new line, refusing what cannot be right with
one message that names the session, board and line: a board or pair that is not in the
session, a line that is not on the board, a contract or result that cannot be read, a
score that does not fit Law 77 for the contract given (with the result that would fit).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from pipeline.corrections.records import LateOverride, Role
from pipeline.results.views import adjustment_text
from scoring.board import vulnerability_of
from scoring.contract import Contract, Seat, format_result, parse_contract, parse_tricks
from scoring.errors import ScoringError
from scoring.event import Section, Session
from scoring.law77 import ns_score
from scoring.outcome import parse_adjustment
from scoring.traveller import Source, TravellerRow

__all__ = [
    "CorrectionRefused",
    "CorrectionPeriodEnded",
    "Signature",
    "LineCorrection",
    "corrected_row",
    "line_text",
    "find_line",
    "NO_ADJUSTMENT",
]

NO_ADJUSTMENT = ("none", "no", "-", "remove", "")


class CorrectionRefused(ValueError):
    """A correction that cannot be made as asked; the message says why and where. Nothing
    was changed."""


class CorrectionPeriodEnded(CorrectionRefused):
    """Refused because the correction period (Law 79C1) has ended and no Law 79C2 override
    was given. It keeps the deadline and the time, so each door says what to do in its own
    terms: the message names the command line's options, the console its own form."""

    def __init__(
        self, message: str, where: str, deadline: datetime, at: datetime, zone: str
    ) -> None:
        super().__init__(message)
        self.where = where
        self.deadline = deadline
        self.at = at
        self.zone = zone


@dataclass(frozen=True)
class Signature:
    """Who makes a correction and why; ``override`` for a Law 79C2 late correction."""

    by: str
    role: Role
    reason: str
    override: LateOverride | None = None

    def __post_init__(self) -> None:
        if not self.by.strip():
            raise CorrectionRefused("a correction needs the name of the person who makes it")
        if not self.reason.strip():
            raise CorrectionRefused("a correction needs a reason (what was wrong)")
        if self.override is not None and not (
            self.override.director.strip() and self.override.organizer.strip()
        ):
            raise CorrectionRefused(
                "a Law 79C2 override needs both the director and the organizer, by name"
            )


@dataclass(frozen=True)
class LineCorrection:
    """Change one result line. ``None`` leaves a field as it is.

    ``contract`` as written (``4S``, ``3NTX``, ``PASS``); ``declarer`` N/E/S/W (Ø/Ö/V too);
    ``result`` as tricks or relative (``10``, ``=``, ``+1``, ``-2``); ``score`` the NS score
    as written; ``new_ns_pair``/``new_ew_pair`` the right pair numbers; ``adjusted`` the
    director's adjusted score (``A60/40``, ``+420/-100``) or ``none`` to remove it.
    ``ruling``: this is a changed ruling (Law 92B), which reopens the board's period.
    ``seen_version``: the version the person looked at; if the results changed since,
    the correction is refused rather than made on results they have not seen.
    """

    session: int
    board: int
    ns_pair: int
    ew_pair: int
    section: str | None = None
    contract: str | None = None
    declarer: str | None = None
    result: str | None = None
    score: int | None = None
    new_ns_pair: int | None = None
    new_ew_pair: int | None = None
    adjusted: str | None = None
    ruling: bool = False
    seen_version: int | None = None

    @property
    def where(self) -> str:
        return f"session {self.session}, board {self.board}, NS {self.ns_pair} vs EW {self.ew_pair}"

    @property
    def changes_anything(self) -> bool:
        fields = (self.contract, self.declarer, self.result, self.score, self.new_ns_pair,
                  self.new_ew_pair, self.adjusted)  # fmt: skip
        return any(value is not None for value in fields)


def _result_text(row: TravellerRow) -> str:
    if row.passed_out:
        return "PASS"
    if row.contract is None:
        return ""
    parts = [str(row.contract)]
    if row.declarer is not None:
        parts.append(f"by {row.declarer}")
    if row.tricks is not None:
        parts.append(format_result(row.contract, row.tricks))
    return " ".join(parts)


def line_text(row: TravellerRow | None) -> str:
    """A line as a director reads it: ``3-8 4S N +1 +650``, ``3-8 A60/40``, ``3-8 PASS``."""
    if row is None:
        return ""
    parts = [f"{row.ns_pair}-{row.ew_pair}"]
    if row.passed_out:
        parts.append("PASS")
    elif row.contract is not None:
        parts.append(str(row.contract))
        if row.declarer is not None:
            parts.append(str(row.declarer))
        if row.tricks is not None:
            parts.append(format_result(row.contract, row.tricks))
    if row.written_score_ns is not None and not row.passed_out:
        parts.append(f"{row.written_score_ns:+d}")
    if row.adjustment is not None:
        parts.append(adjustment_text(row.adjustment))
    return " ".join(parts)


def _section(session: Session, name: str | None) -> Section:
    try:
        return session.only_or_named(name)
    except KeyError as error:
        raise CorrectionRefused(error.args[0]) from None


def find_line(
    rows: tuple[TravellerRow, ...], request: LineCorrection, session: Session
) -> tuple[Section, TravellerRow | None]:
    """The section and the line the request names (None: a result the movement expects but
    nobody entered, which a correction may add). Refuses a board or line that is not there."""
    section = _section(session, request.section)
    movement = section.movement
    if request.board not in movement.boards:
        raise CorrectionRefused(
            f"session {session.number} has no board {request.board} (boards "
            f"{movement.boards[0]}-{movement.boards[-1]})"
            if movement.boards
            else f"session {session.number} has no boards"
        )
    for pair in (request.ns_pair, request.ew_pair):
        if pair not in section.pair_numbers:
            raise CorrectionRefused(
                f"{request.where}: there is no pair {pair} in session {session.number}"
                f" (pairs {section.pair_numbers[0]}-{section.pair_numbers[-1]})"
            )
    on_board = [r for r in rows if r.section == section.name and r.board == request.board]
    for row in on_board:
        if (row.ns_pair, row.ew_pair) == (request.ns_pair, request.ew_pair):
            return section, row
    expected = movement.expected_pairs(request.board)
    if (request.ns_pair, request.ew_pair) in expected:
        return section, None  # in the movement, no result entered: the correction adds it
    lines = ", ".join(f"{r.ns_pair}-{r.ew_pair}" for r in on_board) or "none"
    raise CorrectionRefused(
        f"{request.where}: there is no such line on board {request.board} (lines: {lines})"
    )


def _parse_result(request: LineCorrection, before: TravellerRow | None) -> TravellerRow:
    """The line with the request's contract, declarer and result applied."""
    base = before or TravellerRow(request.board, request.ns_pair, request.ew_pair)
    where = request.where
    contract: Contract | None = base.contract
    passed_out = base.passed_out
    declarer, tricks = base.declarer, base.tricks
    try:
        if request.contract is not None:
            contract = parse_contract(request.contract)
            passed_out = contract is None
            if passed_out:
                declarer, tricks = None, None
        if request.declarer is not None and not passed_out:
            declarer = Seat.parse(request.declarer)
        if request.result is not None and not passed_out:
            if contract is None:
                raise CorrectionRefused(f"{where}: a result needs a contract")
            tricks = parse_tricks(request.result, contract)
    except (ScoringError, ValueError) as error:
        if isinstance(error, CorrectionRefused):
            raise
        raise CorrectionRefused(f"{where}: {error}") from None
    return replace(base, contract=contract, declarer=declarer, tricks=tricks,
                   passed_out=passed_out)  # fmt: skip


def _fitting_results(row: TravellerRow, score: int) -> list[str]:
    if row.contract is None or row.declarer is None:
        return []
    vulnerability = vulnerability_of(row.board)
    return [
        f"{row.contract} by {row.declarer} {format_result(row.contract, t)}"
        for t in range(14)
        if ns_score(row.contract, row.declarer, t, vulnerability) == score
    ]


def _with_score(request: LineCorrection, row: TravellerRow, result_changed: bool) -> TravellerRow:
    """The score column: as given (it must fit Law 77), else the Law 77 score of a changed
    result (the column follows the result), else as it was."""
    law77 = row.law77_score_ns()
    if request.score is None:
        if result_changed:
            return replace(row, written_score_ns=law77)
        return row
    if law77 is None:
        raise CorrectionRefused(
            f"{request.where}: a score of {request.score:+d} needs a contract, declarer and "
            "result (or PASS)"
        )
    if request.score != law77:
        fits = _fitting_results(row, request.score)
        hint = f"; {fits[0]} gives {request.score:+d}: give that result" if fits else ""
        raise CorrectionRefused(
            f"{request.where}: a score of {request.score:+d} does not fit "
            f"{_result_text(row)} on board {row.board} (vulnerability "
            f"{vulnerability_of(row.board)}): Law 77 gives {law77:+d}{hint}"
        )
    return replace(row, written_score_ns=request.score)


def corrected_row(
    request: LineCorrection, before: TravellerRow | None, number: int, by: str
) -> TravellerRow:
    """The line after the correction (its source names the correction and who made it)."""
    if not request.changes_anything:
        raise CorrectionRefused(
            f"{request.where}: say what to change (contract, declarer, result, score, pairs "
            "or adjusted score)"
        )
    result_fields = (request.contract, request.declarer, request.result)
    result_changed = any(value is not None for value in result_fields)
    row = _parse_result(request, before) if result_changed or before is None else before
    row = _with_score(request, row, result_changed)
    if request.adjusted is not None:
        text = request.adjusted.strip()
        if text.lower() in NO_ADJUSTMENT:
            row = replace(row, adjustment=None)
        else:
            try:
                row = replace(row, adjustment=parse_adjustment(text))
            except (ScoringError, ValueError) as error:
                raise CorrectionRefused(f"{request.where}: {error}") from None
    if request.new_ns_pair is not None or request.new_ew_pair is not None:
        ns = request.new_ns_pair if request.new_ns_pair is not None else row.ns_pair
        ew = request.new_ew_pair if request.new_ew_pair is not None else row.ew_pair
        if ns == ew:
            raise CorrectionRefused(f"{request.where}: NS and EW cannot both be pair {ns}")
        row = replace(row, ns_pair=ns, ew_pair=ew)
    if not row.has_table_result and row.adjustment is None:
        raise CorrectionRefused(
            f"{request.where}: the line needs a contract, declarer and result, PASS, or an "
            "adjusted score"
        )
    if before is not None and row == before:
        raise CorrectionRefused(f"{request.where}: the line is already {line_text(before)}")
    source = Source(f"correction {number} by {by}")
    return replace(row, source=source)
