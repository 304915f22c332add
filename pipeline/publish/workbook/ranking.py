"""The ranking sheets: the official result list of a session or of the whole event.

Places are shared on equal scores and printed ``3-4`` (rules.md §10); the place text comes
from the scoring run, the sheet only prints it. A pure Mitchell has two winners, so its
ranking is printed as two fields (NS, then EW). For a multi-session event the leveled
totals show each session's points, its leveling factor and the leveled points (rules.md §8),
with the ranking rule in plain words on the sheet and a note on pairs that played one
session only.
"""

from __future__ import annotations

from fractions import Fraction

from openpyxl.workbook.workbook import Workbook

from pipeline.publish.wording import centres, shown
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
from pipeline.publish.workbook.version_line import publication_line
from pipeline.results.model.event import EventResults, LeveledStanding
from pipeline.results.model.sessions import SessionView, Standing

__all__ = ["write_session_ranking", "write_leveled_ranking", "heading", "CENTRED_NOTE"]

#: What a centred figure means, said wherever one is printed (rules.md §15).
CENTRED_NOTE = "; matchpoints printed ± the average (points minus half the top: 50% is 0.0)"


def heading(results: EventResults, subtitle: str) -> list[str]:
    """The title lines every sheet starts with, with the publication's version; while the
    results are provisional (a reading waits for review, a finding blocks publishing) every
    sheet says so and why, so a printout can never pass for the official list."""
    first = results.title
    second = " · ".join(part for part in (results.club, results.date) if part)
    lines = [first, second, subtitle] if second else [first, subtitle]
    version = publication_line(results)
    if version:
        lines.append(version)
    if results.status.provisional:
        lines.append(results.status.banner)
    return lines


def ranking_rule(results: EventResults, target: object, factors: str) -> list[str]:
    """How the overall ranking is made, in words a player understands (no law or document
    numbers): the sessions made to weigh the same, the totals added, what one session
    played means for a pair."""
    top = fmt(target) if isinstance(target, Fraction) else "the largest session top"
    return [
        f"How the ranking is made: each session's points are scaled to a top of {top} per "
        f"board so that every session weighs the same ({factors}); a pair's scaled points "
        "are added up, and the highest total wins.",
        "A pair that played only one session has only that session's points, so it ranks "
        "below the pairs that played every session; its percentage is of the sessions it "
        "played (see Note).",
    ]


def one_session_note(results: EventResults, standing: LeveledStanding) -> str:
    """``played session 2 only`` for a pair missing from a session of the event."""
    played = [s.session for s in standing.sessions]
    if len(played) >= len(results.sessions):
        return ""
    names = " and ".join(f"session {number}" for number in played)
    return f"played {names} only" if played else "played no session"


def _columns(
    with_field: bool, with_masterpoints: bool, imps: bool = False, centred: bool = False
) -> list[Column]:
    columns = [Column("Place", 7, align="center")]
    if with_field:
        columns.append(Column("Field", 6, align="center"))
    columns += [
        Column("Pair", 6, align="center"),
        Column("Names", 38),
        Column("Member numbers", 20),
    ]
    if imps:  # IMPs have no top: total, IMPs per board (the ranking order), boards
        columns += [Column("IMPs", 9, "0.00"), Column("IMPs/board", 10, "0.00")]
    elif centred:  # points minus half the maximum: 0.0 is 50%, so no maximum is printed
        columns += [Column("±", 9, CENTRED_FORMAT), Column("%", 8, PERCENT_FORMAT)]
    else:
        columns += [
            Column("Points", 9, MP_FORMAT),
            Column("Max", 8, MP_FORMAT),
            Column("%", 8, PERCENT_FORMAT),
        ]
    columns += [Column("Boards", 7, align="center")]
    if with_masterpoints:
        columns.append(Column("Masterpoints", 12, "0.##"))
    return columns


def _row(
    standing: Standing,
    with_field: bool,
    with_masterpoints: bool,
    imps: bool = False,
    centred: bool = False,
) -> list[object]:
    values: list[object] = [standing.place]
    if with_field:
        values.append(standing.direction)
    values += [
        standing.pair,
        standing.names,
        ", ".join(p.member for p in standing.players if p.member),
        shown(standing.points, standing.maximum, centred),
    ]
    if imps or centred:
        values.append(standing.percent)
    else:
        values += [standing.maximum, standing.percent]
    values.append(standing.boards_played)
    if with_masterpoints:
        values.append(standing.masterpoints)
    return values


def write_session_ranking(
    workbook: Workbook, results: EventResults, session: SessionView, title: str
) -> None:
    """A session's ranking sheet (``Ranking`` for a one-session event)."""
    sheet = new_sheet(workbook, title)
    boards = len(session.boards)
    imps = session.unit == "IMP"
    top = "scored in IMPs" if imps else f"top {fmt(session.top)}"
    subtitle = (
        f"{session.name}: {session.pairs} pairs, {boards} boards, {top}"
        + (f", {session.movement}" if session.movement else "")
        + ("" if imps else f", scale {results.scale}")
        + (CENTRED_NOTE if centres(results, session) else "")
    )
    header_row = write_title(sheet, heading(results, subtitle))
    with_field = any(s.direction for s in session.standings)
    with_mp = any(s.masterpoints is not None for s in session.standings)
    centred = centres(results, session)
    columns = _columns(with_field, with_mp, imps, centred)
    write_table(
        sheet,
        header_row,
        columns,
        (_row(s, with_field, with_mp, imps, centred) for s in session.standings),
    )
    finish_sheet(sheet, header_row)


def write_leveled_ranking(workbook: Workbook, results: EventResults, title: str) -> None:
    """The overall ranking of a multi-session event with each session's factor shown.

    Columns per session: points as scored, the factor (target top / session top) and the
    leveled points; then the leveled total, its maximum and the percentage.
    """
    sheet = new_sheet(workbook, title)
    target = results.target_top
    factors = ", ".join(
        f"{s.name}: top {fmt(s.top)} x {fmt(s.factor, 4)}" for s in results.sessions
    )
    centred = any(centres(results, session) for session in results.sessions)
    lines = heading(results, "Overall ranking" + (CENTRED_NOTE if centred else ""))
    lines += ranking_rule(results, target, factors)
    header_row = write_title(sheet, lines)
    columns = [
        Column("Place", 7, align="center"),
        Column("Pair", 6, align="center"),
        Column("Names", 38),
        Column("Member numbers", 20),
    ]
    figures = CENTRED_FORMAT if centred else MP_FORMAT
    sign = " ±" if centred else ""
    for session in results.sessions:
        columns += [
            Column(f"S{session.number} points{sign}", 10, figures),
            Column(f"S{session.number} factor", 9, "0.0000"),
            Column(f"S{session.number} leveled{sign}", 10, figures),
        ]
    with_mp = any(s.masterpoints is not None for s in results.leveled)
    columns.append(Column(f"Total{sign}", 10, figures))
    if not centred:
        columns.append(Column("Max", 9, MP_FORMAT))
    columns.append(Column("%", 8, PERCENT_FORMAT))
    if with_mp:
        columns.append(Column("Masterpoints", 12, "0.##"))
    columns.append(Column("Note", 24))
    rows = []
    for standing in results.leveled:
        by_session = {s.session: s for s in standing.sessions}
        values: list[object] = [
            standing.place,
            standing.pair,
            standing.names,
            ", ".join(p.member for p in standing.players if p.member),
        ]
        for session in results.sessions:
            played = by_session.get(session.number)
            if played is None:
                values += [None, None, None]
            else:  # the session's own maximum is the leveled one over its factor
                values += [
                    shown(played.points, played.maximum / played.factor, centred),
                    played.factor,
                    shown(played.leveled, played.maximum, centred),
                ]
        values.append(shown(standing.total, standing.maximum, centred))
        if not centred:
            values.append(standing.maximum)
        values.append(standing.percent)
        if with_mp:
            values.append(standing.masterpoints)
        values.append(one_session_note(results, standing))
        rows.append(values)
    write_table(sheet, header_row, columns, rows)
    finish_sheet(sheet, header_row, landscape=len(results.sessions) > 1)
