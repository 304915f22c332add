"""A typed traveller line's checks said in the traveller screen's words.

Validation decides (``pipeline.validation``: Law 77 for the score, the movement for the
pairs); this module only words what it found for the director at the screen: a pair on the
wrong line names where it plays the board, a Law 77 mismatch names the contract, the
vulnerability (Law 2) and the score the law gives, an accepted line says what it scores.
"""

from __future__ import annotations

from pipeline.doors.entry.typed_notation import adjustment_text
from pipeline.validation.findings import Code, Finding
from scoring.board import vulnerability_of
from scoring.contract import format_result
from scoring.event import Section
from scoring.traveller import TravellerRow

__all__ = ["accepted_summary", "explain", "not_on_board", "sentence"]


def not_on_board(row: TravellerRow, section: Section, board: int) -> str:
    """Which typed pair does not play the board in this round, and where it does."""
    movement = section.movement
    here = [
        e for e in movement.plays_of(board, row.round) if row.table is None or e.table == row.table
    ]
    if not here:
        return ""
    entry = next((e for e in here if {row.ns_pair, row.ew_pair} & set(e.pairs)), here[0])
    there = f"the movement has {entry.ns}-{entry.ew}"
    elsewhere = movement.entry_for(board, row.ns_pair)
    if elsewhere is not None and set(elsewhere.pairs) == {row.ns_pair, row.ew_pair}:
        return (
            f"pairs {row.ns_pair} and {row.ew_pair} play board {board} in round "
            f"{elsewhere.round} ({elsewhere.ns}-{elsewhere.ew} at table {elsewhere.table}), "
            f"not in round {row.round} ({there})"
        )
    parts = []
    for pair in (row.ns_pair, row.ew_pair):
        if pair in entry.pairs:
            continue
        text = f"pair {pair} does not play board {board} in round {row.round} ({there})"
        elsewhere = movement.entry_for(board, pair)
        if elsewhere is not None:
            text += f"; pair {pair} plays it in round {elsewhere.round} "
            text += f"({elsewhere.ns}-{elsewhere.ew})"
        parts.append(text)
    return "; ".join(parts)


def sentence(finding: Finding) -> str:
    """A finding's message and its suggestion, as two sentences."""
    suggestion = finding.suggestion
    if not suggestion:
        return finding.message
    if suggestion.startswith("e.g."):
        return f"{finding.message} ({suggestion})"
    return f"{finding.message}. {suggestion[0].upper()}{suggestion[1:]}"


def _vulnerable(row: TravellerRow) -> str:
    assert row.declarer is not None
    side = row.declarer.side
    state = "vulnerable" if vulnerability_of(row.board).is_vulnerable(side) else "not vulnerable"
    return f"{side} {state}"


def explain(finding: Finding, row: TravellerRow | None) -> str:
    """A finding in the form's words; a Law 77 mismatch names the score and why."""
    if finding.code is not Code.SCORE_MISMATCH or row is None or row.written_score_ns is None:
        return sentence(finding)
    written, expected = row.written_score_ns, row.law77_score_ns()
    if row.passed_out or row.contract is None or row.declarer is None or row.tricks is None:
        return f"a passed-out board scores 0 for both sides, not {written:+d}"
    text = (
        f"{_played(row)} scores {expected:+d} for NS on board {row.board} ({_vulnerable(row)}), "
        f"not {written:+d} (Law 77)"
    )
    suggestion = finding.suggestion or ""
    if suggestion and not suggestion.startswith("check contract"):
        text += f". {suggestion[0].upper()}{suggestion[1:]}"
    return text


def _played(row: TravellerRow) -> str:
    assert row.contract is not None and row.tricks is not None
    return f"{row.contract}{format_result(row.contract, row.tricks)} by {row.declarer}"


def accepted_summary(row: TravellerRow, board: int) -> str:
    if row.adjustment is not None:
        return f"adjusted score {adjustment_text(row.adjustment)}"
    if row.passed_out:
        return "passed out: 0 for both sides"
    score = row.law77_score_ns()
    return f"{_played(row)} scores {score:+d} for NS on board {board} ({_vulnerable(row)}, Law 77)"
