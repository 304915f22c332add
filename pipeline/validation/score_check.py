"""Checks of one traveller row on its own: the score column against Law 77, tricks in range,
a result that is complete, a passed-out board.

The score column is what the table wrote; Law 77 (rules.md section 2) gives what the contract,
declarer, result and the board's vulnerability (Law 2) are worth. When they disagree the
commonest slips are tried, in this order, and named as the suggestion: the sign (the score
written in the other side's column), the declaring side (N/S for E/W), the vulnerability,
the doubling, and the result off by one trick.
"""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.validation.findings import Code, ColumnResolver, Finding, Location, field_column
from scoring.board import Vulnerability, vulnerability_of
from scoring.contract import Contract, Doubling, Seat, format_result
from scoring.law77 import ns_score
from scoring.traveller import TravellerRow

__all__ = ["check_row", "check_rows", "score_suggestions"]

_OTHER_VULNERABILITY = {
    # The side's own vulnerability flipped, the other side's kept: what a table gets wrong.
    (Vulnerability.NONE, "NS"): Vulnerability.NS,
    (Vulnerability.NONE, "EW"): Vulnerability.EW,
    (Vulnerability.NS, "NS"): Vulnerability.NONE,
    (Vulnerability.NS, "EW"): Vulnerability.BOTH,
    (Vulnerability.EW, "NS"): Vulnerability.BOTH,
    (Vulnerability.EW, "EW"): Vulnerability.NONE,
    (Vulnerability.BOTH, "NS"): Vulnerability.EW,
    (Vulnerability.BOTH, "EW"): Vulnerability.NS,
}


def _describe(contract: Contract, declarer: Seat, tricks: int) -> str:
    return f"{contract}{format_result(contract, tricks)} by {declarer}"


def score_suggestions(
    contract: Contract, declarer: Seat, tricks: int, board: int, written: int
) -> list[str]:
    """The likely slips that turn the Law 77 score into ``written`` (empty when none fits)."""
    vulnerability = vulnerability_of(board)
    expected = ns_score(contract, declarer, tricks, vulnerability)
    side = declarer.side
    other_vul = _OTHER_VULNERABILITY[(vulnerability, side.value)]
    suggestions: list[str] = []
    if written == -expected:
        suggestions.append(
            f"sign flipped: the score is in the wrong column (or written for "
            f"{side.opponents}); NS score {expected:+d}"
        )
    elif ns_score(contract, declarer.next, tricks, vulnerability) == written:
        # With equal vulnerability the other side's score is just the sign flipped (above).
        suggestions.append(
            f"declarer probably {declarer.next} or {declarer.next.next.next}: the score fits "
            f"{_describe(contract, declarer.next, tricks)}; as typed, NS score {expected:+d}"
        )
    for vul_score, note in (
        (ns_score(contract, declarer, tricks, other_vul), ""),
        (-ns_score(contract, declarer, tricks, other_vul), " and the sign flipped"),
    ):
        if vul_score == written and vul_score != expected:
            state = "vulnerable" if other_vul.is_vulnerable(side) else "not vulnerable"
            suggestions.append(
                f"scored as if {side} were {state}{note}; board {board} is "
                f"vulnerability {vulnerability}: NS score {expected:+d}"
            )
            break
    for doubling in Doubling:
        if doubling is contract.doubling:
            continue
        other = Contract(contract.level, contract.strain, doubling)
        if ns_score(other, declarer, tricks, vulnerability) == written:
            suggestions.append(
                f"the score fits {_describe(other, declarer, tricks)}: check the doubling"
            )
    for delta in (1, -1):
        if 0 <= tricks + delta <= 13:
            if ns_score(contract, declarer, tricks + delta, vulnerability) == written:
                suggestions.append(
                    f"the score fits {_describe(contract, declarer, tricks + delta)}: "
                    "check the result"
                )
    return suggestions


def check_row(
    row: TravellerRow, session: str | None = None, columns: ColumnResolver = field_column
) -> list[Finding]:
    """Findings about one row taken alone (see the module docstring).

    ``columns`` names the input column of a field ("score", "result" ...) for the location.
    """
    findings: list[Finding] = []
    if row.tricks is not None and not 0 <= row.tricks <= 13:
        findings.append(
            Finding.of(
                Code.TRICKS_OUT_OF_RANGE,
                Location.of_row(row, session, columns(row, "result")),
                f"{row.tricks} tricks: a deal has 0-13",
            )
        )
        return findings
    if row.passed_out:
        findings.append(
            Finding.of(
                Code.PASSED_OUT,
                Location.of_row(row, session),
                f"board {row.board} passed out at this table (NS {row.ns_pair} vs EW "
                f"{row.ew_pair}); scores 0",
            )
        )
    if row.adjustment is None and not row.has_table_result:
        missing = [
            name
            for name, value in (
                ("contract", row.contract),
                ("declarer", row.declarer),
                ("result", row.tricks),
            )
            if value is None
        ]
        findings.append(
            Finding.of(
                Code.INCOMPLETE_RESULT,
                Location.of_row(row, session, columns(row, missing[0])),
                f"no {' or '.join(missing)} and no adjusted score: the row cannot be scored",
                "complete the row, enter the director's adjusted score, or delete the row "
                "if the board was not played",
            )
        )
        return findings
    if row.adjustment is not None or row.written_score_ns is None:
        return findings  # an adjusted score replaces the table result; a blank score is fine
    expected = row.law77_score_ns()
    if expected is None or expected == row.written_score_ns:
        return findings
    if row.passed_out or row.contract is None or row.declarer is None or row.tricks is None:
        what = "a passed-out board"
        suggestions: list[str] = ["a passed-out board scores 0 for both sides"]
    else:
        what = _describe(row.contract, row.declarer, row.tricks)
        suggestions = score_suggestions(
            row.contract, row.declarer, row.tricks, row.board, row.written_score_ns
        )
    findings.append(
        Finding.of(
            Code.SCORE_MISMATCH,
            Location.of_row(row, session, columns(row, "score")),
            f"score written NS {row.written_score_ns:+d}, but Law 77 gives NS {expected:+d} for "
            f"{what} on board {row.board} (vulnerability {vulnerability_of(row.board)})",
            "; ".join(suggestions) or f"check contract, declarer and result; NS {expected:+d}",
        )
    )
    return findings


def check_rows(
    rows: Iterable[TravellerRow], session: str | None = None, columns: ColumnResolver = field_column
) -> list[Finding]:
    """``check_row`` for every row."""
    return [finding for row in rows for finding in check_row(row, session, columns)]
