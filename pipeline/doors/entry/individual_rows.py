"""An individual's typed travellers: a line typed with its four player numbers (N, S, E, W)
instead of pair numbers (seed 004 "Individuellt"; docs/spreadsheet-door.md).

A club running an individual writes the players of every table on the traveller, as the
printed traveller shows them ("8-1" against "2-4"). Inside bridgescan each line's N-S and
E-W are partnerships with pair numbers of their own (``IndividualMovement.partnerships``),
so a typed line is read as the club meant it: the movement's line on that board where the
typed N-S players are one partnership and the typed E-W players the other gives the two
pair numbers (the order inside a partnership does not matter: N and S may have changed
chairs). Players who sat the other way round (the line's E-W typed as N-S) get the swapped
pair numbers, so validation reports ``pairs-swapped`` as on any traveller. A blank round or
table is the movement's.

A line that cannot be placed gives a finding at the file, sheet, row and player column and
no row (it cannot be scored, and the error blocks publishing until the director corrects
the file): a player number not in the section (``pair-not-in-section``), a player typed twice
(``pair-syntax``), four players who do not sit together on that board
(``pairs-not-expected``, naming the tables that do play it), or players typed for a pairs
section.
"""

from __future__ import annotations

from dataclasses import replace

from pipeline.doors.entry.importer import EntryImport, SeatedRow
from pipeline.validation.findings import Code, Finding, Location
from scoring.event import Session
from scoring.movements.individual import IndividualMovement, IndividualTable
from scoring.movements.spec import individual_of
from scoring.traveller import TravellerRow

__all__ = ["resolve_seated"]


def resolve_seated(imported: EntryImport, session: Session) -> EntryImport:
    """``imported`` with its lines typed with players turned into rows on the movement's
    partnerships (added to ``rows``), and a finding for each line that cannot be placed."""
    if not imported.seated:
        return imported
    rows: list[TravellerRow] = []
    findings: list[Finding] = []
    for seated in imported.seated:
        placed = _place(seated, session)
        if isinstance(placed, Finding):
            findings.append(placed)
        else:
            rows.append(placed)
    return replace(
        imported,
        rows=(*imported.rows, *rows),
        findings=(*imported.findings, *findings),
        seated=(),
    )


def _place(seated: SeatedRow, session: Session) -> TravellerRow | Finding:
    row = seated.row
    names = {s.name for s in session.sections}
    section = next((s for s in session.sections if s.name == row.section), None)
    schedule = None if section is None else individual_of(section.movement)
    if schedule is None:
        what = (
            f"section {row.section} is not in session {session.number} ({', '.join(sorted(names))})"
            if section is None
            else f"section {row.section} is a pairs section"
        )
        fix = "type the NS and EW pair numbers, or name the individual's section"
        return _finding(
            seated,
            session,
            Code.PAIRS_NOT_EXPECTED,
            0,
            f"the line is typed with players (N, S, E, W), but {what}",
            fix,
        )
    north, south, east, west = seated.players
    for seat, player in enumerate(seated.players):
        if player not in schedule.players:
            return _finding(
                seated,
                session,
                Code.PAIR_NOT_IN_SECTION,
                seat,
                f"player {player} is not in section {row.section} "
                f"(players {schedule.players[0]}-{schedule.players[-1]})",
                None,
            )
        if seated.players.index(player) != seat:
            return _finding(
                seated,
                session,
                Code.PAIR_SYNTAX,
                seat,
                f"player {player} is typed twice on the line",
                None,
            )
    ns, ew = {north, south}, {east, west}
    # The partnerships' pair numbers as the movement numbers them (IndividualMovement).
    for line, entry in zip(schedule.tables, schedule.as_movement().entries, strict=True):
        if row.board not in line.boards:
            continue
        couples = ({line.north, line.south}, {line.east, line.west})
        if (ns, ew) == couples:
            pairs = (entry.ns, entry.ew)
        elif (ew, ns) == couples:
            pairs = (entry.ew, entry.ns)  # sat the other way: validation says so
        else:
            continue
        return replace(
            row,
            ns_pair=pairs[0],
            ew_pair=pairs[1],
            round=row.round if row.round is not None else line.round,
            table=row.table if row.table is not None else line.table,
        )
    where = f"board {row.board} is played by {_tables_of(schedule, row.board)}"
    return _finding(
        seated,
        session,
        Code.PAIRS_NOT_EXPECTED,
        0,
        f"players {north}-{south} against {east}-{west} do not play board "
        f"{row.board} together in the movement ({schedule.name})",
        where,
    )


def _tables_of(schedule: IndividualMovement, board: int) -> str:
    lines: list[IndividualTable] = [t for t in schedule.tables if board in t.boards]
    return (
        "; ".join(
            f"round {t.round} table {t.table}: {t.north}-{t.south} against {t.east}-{t.west}"
            for t in lines
        )
        or "no table (the board is not in the movement)"
    )


def _finding(
    seated: SeatedRow,
    session: Session,
    code: Code,
    seat: int,
    message: str,
    suggestion: str | None,
) -> Finding:
    where = Location.of_row(seated.row, str(session.number), seated.columns[seat])
    return Finding.of(code, where, message, suggestion)
