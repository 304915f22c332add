"""Traveller sheets (one per board) and personal score cards (one per pair).

A traveller sheet prints the board the way the paper traveller reads, plus both sides'
matchpoints. Boards scored with Neuberg (fewer results than N, rules.md §4) or carrying an
adjusted score (Law 12C, rules.md §5) are marked in the heading and on the row, so a player
checking the results during the correction period (Law 79C) sees at once why the numbers
are not plain topscore.
"""

from __future__ import annotations

from fractions import Fraction

from openpyxl.workbook.workbook import Workbook

from pipeline.publish.wording import board_marks, centres, line_mark, shown, signed
from pipeline.publish.workbook.layout import (
    CENTRED_FORMAT,
    MP_FORMAT,
    PERCENT_FORMAT,
    Column,
    finish_sheet,
    fmt,
    new_sheet,
    write_table,
    write_title,
)
from pipeline.publish.workbook.ranking import CENTRED_NOTE, heading
from pipeline.results.cards import CardLine, score_card
from pipeline.results.model import EventResults, SessionView
from scoring.contract import card_text

__all__ = ["write_travellers", "write_score_cards"]

_IMP_HEADERS = {"NS MP": "NS IMP", "EW MP": "EW IMP", "MP": "IMP"}
_CENTRED_HEADERS = {"NS MP": "NS ±", "EW MP": "EW ±", "MP": "±"}


def _for_unit(columns: tuple[Column, ...], unit: str, centred: bool = False) -> tuple[Column, ...]:
    """The MP columns relabelled (two decimals) when the session is scored in IMPs, or
    printed with their sign when the matchpoints are centred on the average."""
    if unit == "IMP":
        headers, number_format = _IMP_HEADERS, "0.00"
    elif centred:
        headers, number_format = _CENTRED_HEADERS, CENTRED_FORMAT
    else:
        return columns
    return tuple(
        Column(headers[c.header], c.width, number_format, c.align) if c.header in headers
        else c
        for c in columns
    )  # fmt: skip


_TRAVELLER_COLUMNS = (
    Column("Round", 6, align="center"),
    Column("Table", 6, align="center"),
    Column("NS", 5, align="center"),
    Column("EW", 5, align="center"),
    Column("Contract", 9, align="center"),
    Column("By", 4, align="center"),
    Column("Result", 7, align="center"),
    Column("Score NS", 9, "0"),
    Column("Adjusted", 10, align="center"),
    Column("NS MP", 8, MP_FORMAT),
    Column("EW MP", 8, MP_FORMAT),
    Column("Mark", 22),
)
_LEAD_COLUMN = Column("Lead", 6, align="center")


def _session_prefix(results: EventResults, session: SessionView) -> str:
    return f"S{session.number} " if results.multi_session else ""


def write_travellers(workbook: Workbook, results: EventResults, session: SessionView) -> None:
    """One sheet per board, titled ``Board 7`` (``S2 Board 7`` in a multi-session event)."""
    prefix = _session_prefix(results, session)
    centred = centres(results, session)
    for board in session.boards:
        sheet = new_sheet(workbook, f"{prefix}Board {board.board}")
        header_row = write_title(
            sheet,
            heading(
                results,
                f"{session.name}, board {board.board}: {board_marks(board)}"
                + (CENTRED_NOTE if centred else ""),
            ),
        )
        lines = sorted(board.lines, key=lambda line: (line.round or 0, line.table or 0))
        leads = any(line.lead for line in board.lines)  # a Lead column only where one is known
        columns = _for_unit(_TRAVELLER_COLUMNS, session.unit, centred)
        write_table(
            sheet,
            header_row,
            (*columns[:7], _LEAD_COLUMN, *columns[7:]) if leads else columns,
            (
                (
                    line.round,
                    line.table,
                    line.ns_pair,
                    line.ew_pair,
                    line.contract,
                    line.declarer,
                    line.result,
                    *((card_text(line.lead) if line.lead else None,) if leads else ()),
                    line.score_ns,
                    line.adjustment,
                    shown(line.ns_mp, board.top, centred),
                    shown(line.ew_mp, board.top, centred),
                    line_mark(line),
                )
                for line in lines
            ),
            marked=(bool(line_mark(line)) for line in lines),
        )
        finish_sheet(sheet, header_row)


_CARD_COLUMNS = (
    Column("Round", 6, align="center"),
    Column("Board", 6, align="center"),
    Column("Dir", 4, align="center"),
    Column("Opp", 5, align="center"),
    Column("Opponents", 30),
    Column("Contract", 9, align="center"),
    Column("By", 4, align="center"),
    Column("Result", 7, align="center"),
    Column("Score", 8, "0"),
    Column("MP", 7, MP_FORMAT),
    Column("Top", 6, MP_FORMAT),
    Column("%", 8, PERCENT_FORMAT),
    Column("Mark", 20),
)


def write_score_cards(workbook: Workbook, results: EventResults, session: SessionView) -> None:
    """A personal score card per pair: every board it played, from its own side.

    The score and the matchpoints are shown from the pair's direction (EW sees -420 where
    NS wrote +420), as on the pair's own paper score card.
    """
    prefix = _session_prefix(results, session)
    names = {s.pair: s.names for s in session.standings}
    centred = centres(results, session)
    for standing in session.standings:
        pair = standing.pair
        sheet = new_sheet(workbook, f"{prefix}Pair {pair}")
        if session.unit == "IMP":
            result = f"{fmt(standing.points, 2)} IMPs, {fmt(standing.percent, 2)} per board"
        elif centred:
            total = shown(standing.points, standing.maximum, centred)
            result = f"{signed(total)} = {fmt(standing.percent, 2)}%"
        else:
            result = (
                f"{fmt(standing.points)} of {fmt(standing.maximum)} = {fmt(standing.percent, 2)}%"
            )
        subtitle = (
            f"{session.name}, score card of pair {pair}: {standing.names}. "
            f"Place {standing.place}, {result}"
        )
        header_row = write_title(sheet, heading(results, subtitle))
        card = score_card(session, pair)
        tops = _running_tops(card)
        rows = [
            (
                c.line.round,
                c.line.board,
                c.direction,
                c.opponent,
                names.get(c.opponent, ""),
                c.line.contract,
                c.line.declarer,
                c.line.result,
                c.score,
                shown(c.points, c.top, centred),
                c.top,
                c.percent,
                line_mark(c.line),
            )
            for c in card
        ]
        end = write_table(
            sheet,
            header_row,
            _for_unit(_CARD_COLUMNS, session.unit, centred),
            rows,
            marked=(bool(line_mark(c.line)) for c in card),
        )
        boards = card[-1].running if card else Fraction(0)
        summary = [("Boards", shown(boards, tops, centred))]
        if standing.sitout:  # the credit's tops: what the maximum counts beyond the boards
            summary.append(
                ("Sit-out credit", shown(standing.sitout, standing.maximum - tops, centred))
            )
        if standing.penalty:
            summary.append(("Penalties", -standing.penalty))
        if len(summary) > 1:
            summary.append(("Total", shown(standing.points, standing.maximum, centred)))
        for offset, (label, value) in enumerate(summary):
            sheet.cell(row=end + offset, column=9, value=label)
            cell = sheet.cell(row=end + offset, column=10, value=float(value or 0))
            cell.number_format = CENTRED_FORMAT if centred else MP_FORMAT
        finish_sheet(sheet, header_row)


def _running_tops(card: tuple[CardLine, ...]) -> Fraction:
    """The tops of the boards on a card that carry points (what centring a total counts)."""
    return sum((c.top for c in card if c.top is not None and c.points is not None), Fraction(0))
