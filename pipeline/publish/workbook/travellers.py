"""The travellers and the personal score cards, printed as clubs print them.

One sheet per session holds every board's traveller, one under the other, and one sheet
every pair's score card, each kept whole on its printed page (page breaks between blocks,
several to a page), instead of a mostly empty page per board. A traveller reads as on the
club's notice board: the board with its dealer and vulnerability (Law 2), the lines sorted
by the NS score (best for NS first), the pairs with their names and both sides' points.
Boards scored with Neuberg (fewer results than N) or carrying an adjusted score (Law 12C)
are marked in the heading and on the line, so a player checking the results during the
correction period (Law 79C) sees at once why the numbers are not plain topscore.
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
    finish_block_sheet,
    fmt,
    new_sheet,
    write_block_title,
    write_table,
    write_title,
)
from pipeline.publish.workbook.ranking import CENTRED_NOTE, heading
from pipeline.results.cards import score_card
from pipeline.results.model.event import EventResults
from pipeline.results.model.sessions import BoardView, ResultLine, SessionView
from scoring.contract import card_text

__all__ = ["write_travellers", "write_score_cards", "short_names", "by_ns_score", "board_heading"]

_IMP_HEADERS = {"NS MP": "NS IMP", "EW MP": "EW IMP", "MP": "IMP"}
_CENTRED_HEADERS = {"NS MP": "NS ±", "EW MP": "EW ±", "MP": "±"}
_VULNERABLE = {"None": "none vulnerable", "NS": "NS vulnerable", "EW": "EW vulnerable",
               "All": "all vulnerable"}  # fmt: skip


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
    Column("NS", 5, align="center"),
    Column("EW", 5, align="center"),
    Column("NS pair", 18),
    Column("EW pair", 18),
    Column("Contract", 9, align="center"),
    Column("By", 4, align="center"),
    Column("Result", 7, align="center"),
    Column("Score NS", 9, "0"),
    Column("Adjusted", 10, align="center"),
    Column("NS MP", 8, MP_FORMAT),
    Column("EW MP", 8, MP_FORMAT),
    Column("Mark", 16),
)
_LEAD_COLUMN = Column("Lead", 6, align="center")


def _session_prefix(results: EventResults, session: SessionView) -> str:
    return f"S{session.number} " if results.multi_session else ""


def short_names(session: SessionView) -> dict[int, str]:
    """Each pair as a traveller prints it: the players' surnames (``Nyström - Strand``)."""
    return {
        s.pair: " - ".join(p.name.split()[-1] for p in s.players if p.name.split())
        for s in session.standings
    }


def by_ns_score(lines: tuple[ResultLine, ...]) -> list[ResultLine]:
    """The traveller's order: the best score for NS first, equal scores by NS pair; lines
    without a table score (adjusted, waiting for review, not played) after them, by pair."""
    return sorted(
        lines, key=lambda line: (line.score_ns is None, -(line.score_ns or 0), line.ns_pair)
    )


def board_heading(board: BoardView) -> str:
    """``Board 7 · dealer S · all vulnerable · top 10; played 6 of 6``."""
    parts = [f"Board {board.board}"]
    if board.dealer:
        parts.append(f"dealer {board.dealer}")
    if board.vulnerability:
        parts.append(_VULNERABLE.get(board.vulnerability, board.vulnerability))
    return " · ".join([*parts, board_marks(board)])


def write_travellers(workbook: Workbook, results: EventResults, session: SessionView) -> None:
    """One sheet, ``Travellers`` (``S2 Travellers`` in a multi-session event): every board's
    traveller, several to a printed page, none cut in two."""
    sheet = new_sheet(workbook, f"{_session_prefix(results, session)}Travellers")
    centred = centres(results, session)
    title = f"{session.name}: travellers" + (CENTRED_NOTE if centred else "")
    title_rows = write_title(sheet, heading(results, title))
    names = short_names(session)
    blocks = []
    row = title_rows
    for board in session.boards:
        header_row = write_block_title(sheet, row, board_heading(board))
        lines = by_ns_score(board.lines)
        leads = any(line.lead for line in board.lines)  # a Lead column only where one is known
        columns = _for_unit(_TRAVELLER_COLUMNS, session.unit, centred)
        end = write_table(
            sheet,
            header_row,
            (*columns[:7], _LEAD_COLUMN, *columns[7:]) if leads else columns,
            (
                (
                    line.ns_pair,
                    line.ew_pair,
                    names.get(line.ns_pair, ""),
                    names.get(line.ew_pair, ""),
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
        blocks.append((row, end))
        row = end + 1
    finish_block_sheet(sheet, title_rows, blocks)


_CARD_COLUMNS = (
    Column("Round", 6, align="center"),
    Column("Board", 6, align="center"),
    Column("Dir", 4, align="center"),
    Column("Opp", 5, align="center"),
    Column("Opponents", 24),
    Column("Contract", 9, align="center"),
    Column("By", 4, align="center"),
    Column("Result", 7, align="center"),
    Column("Score", 8, "0"),
    Column("MP", 7, MP_FORMAT),
    Column("Top", 6, MP_FORMAT),
    Column("%", 8, PERCENT_FORMAT),
    Column("Mark", 16),
)


def write_score_cards(workbook: Workbook, results: EventResults, session: SessionView) -> None:
    """One sheet, ``Score cards`` (``S2 Score cards``): every pair's card in ranking order,
    every board it played from its own side, each card whole on its printed page.

    The score and the matchpoints are shown from the pair's direction (EW sees -420 where
    NS wrote +420), as on the pair's own paper score card.
    """
    sheet = new_sheet(workbook, f"{_session_prefix(results, session)}Score cards")
    names = {s.pair: s.names for s in session.standings}
    centred = centres(results, session)
    title = f"{session.name}: score cards" + (CENTRED_NOTE if centred else "")
    title_rows = write_title(sheet, heading(results, title))
    blocks = []
    row = title_rows
    for standing in session.standings:
        pair = standing.pair
        if session.unit == "IMP":
            result = f"{fmt(standing.points, 2)} IMPs, {fmt(standing.percent, 2)} per board"
        elif centred:
            total = shown(standing.points, standing.maximum, centred)
            result = f"{signed(total)} = {fmt(standing.percent, 2)}%"
        else:
            result = (
                f"{fmt(standing.points)} of {fmt(standing.maximum)} = {fmt(standing.percent, 2)}%"
            )
        header_row = write_block_title(
            sheet, row, f"Pair {pair}: {standing.names} · place {standing.place}, {result}"
        )
        card = score_card(session, pair)
        tops = card[-1].running_tops if card else Fraction(0)
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
        blocks.append((row, end + len(summary)))
        row = end + len(summary) + 1
    finish_block_sheet(sheet, title_rows, blocks)
