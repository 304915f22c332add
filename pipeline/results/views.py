"""From scoring records to the published view: traveller lines, board marks, standings.

``pipeline.results.pairs`` scores; this module only says how each scored record is shown:
contracts and results in canonical text, the adjusted score in the director's notation,
the marks (Neuberg, adjusted, split, not played) and the ranking with shared places
(``scoring.ranking``). Nothing here computes a matchpoint.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from pipeline.doors.session_input import WaitingLine
from pipeline.results.facit import facit_board_note, facit_note
from pipeline.results.model.sessions import BoardView, PlayerView, ResultLine, SessionView, Standing
from pipeline.results.status import FindingView
from pipeline.validation import Finding
from scoring.board import dealer_of, vulnerability_of
from scoring.board_scoring import BoardScore, SideScore
from scoring.contract import format_result
from scoring.event import Event, Pair, Section, Session
from scoring.movement import Movement, MovementKind
from scoring.outcome import Adjustment, format_outcome
from scoring.ranking import rank, ranking_scores
from scoring.session import SessionScore
from scoring.traveller import TravellerRow

__all__ = [
    "players_of",
    "adjustment_text",
    "session_view",
    "finding_view",
    "board_view",
    "imp_line",
    "not_played_lines",
    "direction_of",
]


def players_of(pair: Pair) -> tuple[PlayerView, ...]:
    """A pair's players as printed."""
    return tuple(PlayerView(p.name, p.member_number or "") for p in pair.players)


def adjustment_text(adjustment: Adjustment | None) -> str:
    """``A60/A40``, ``A60``, ``+420/+170``: the director's adjusted score as printed."""
    if adjustment is None:
        return ""
    ns, ew = format_outcome(adjustment.ns), format_outcome(adjustment.ew)
    return ns if ns == ew else f"{ns}/{ew}"


def _traveller_line(
    row: TravellerRow, ns_mp: Fraction | None, ew_mp: Fraction | None, **marks: bool
) -> ResultLine:
    """A row as printed on its traveller sheet, with the points of each side."""
    contract = "PASS" if row.passed_out else (str(row.contract) if row.contract else "")
    result = ""
    if row.contract is not None and row.tricks is not None:
        result = format_result(row.contract, row.tricks)
    return ResultLine(
        board=row.board,
        ns_pair=row.ns_pair,
        ew_pair=row.ew_pair,
        round=row.round,
        table=row.table,
        contract=contract,
        declarer=str(row.declarer) if row.declarer and not row.passed_out else "",
        result=result,
        score_ns=row.law77_score_ns() if row.adjustment is None else None,
        adjustment=adjustment_text(row.adjustment),
        ns_mp=ns_mp,
        ew_mp=ew_mp,
        split=row.adjustment is not None and row.adjustment.is_split,
        lead=row.lead,
        **marks,
    )


def imp_line(row: TravellerRow, ns_imps: Fraction, ew_imps: Fraction) -> ResultLine:
    """A traveller line of a pairs event scored in IMPs: the IMPs sit in the MP columns."""
    return _traveller_line(row, ns_imps, ew_imps, adjusted=row.adjustment is not None)


def not_played_lines(
    board: int, movement: Movement, played: set[tuple[int, int]]
) -> list[ResultLine]:
    """The lines the movement expected on ``board`` that have no result."""
    return [
        ResultLine(board, e.ns, e.ew, e.round, e.table, "", "", "", None, "", None, None,
                   not_played=True)
        for e in movement.plays_of(board)
        if e.pairs not in played and e.pairs[::-1] not in played
    ]  # fmt: skip


def _counted(side: SideScore, event: Event) -> Fraction:
    return side.counted(event.options.totals_from_rounded)


def _line(
    row: TravellerRow, ns: SideScore | None, ew: SideScore | None, event: Event
) -> ResultLine:
    adjusted = row.adjustment is not None or bool(ns and ns.adjusted) or bool(ew and ew.adjusted)
    return _traveller_line(
        row,
        None if ns is None else _counted(ns, event),
        None if ew is None else _counted(ew, event),
        factored=bool(ns and ns.factored) or bool(ew and ew.factored),
        adjusted=adjusted,
    )


def _waiting_line(
    board: int, waiting: WaitingLine, ns: SideScore, ew: SideScore, event: Event
) -> ResultLine:
    """A result that was played but waits for review: no contract yet, the provisional credit."""
    return ResultLine(board, waiting.ns_pair, waiting.ew_pair, waiting.round, waiting.table,
                      "", "", "", None, "", _counted(ns, event), _counted(ew, event),
                      waiting=waiting.item, provisional=True)  # fmt: skip


def board_view(
    board: BoardScore,
    rows: Sequence[TravellerRow],
    movement: Movement,
    event: Event,
    waiting: Sequence[WaitingLine] = (),
) -> BoardView:
    """A scored board as printed. A board with results waiting for review is provisional:
    its known results are compared among themselves and factored to N only until the
    waiting results are known, so they are marked provisional, not Neuberg."""
    lines: list[ResultLine] = []
    by_pairs = {(r.ns_pair, r.ew_pair): r for r in rows}
    held = {(w.ns_pair, w.ew_pair): w for w in waiting}
    pending = sum(1 for r in board.results if r.ns.pending)
    # Factored only because results wait: not Neuberg in the published result, just not known.
    only_waiting = pending > 0 and len(board.results) == board.normal
    for result in board.results:
        if result.ns.pending:
            hold = held[(result.ns_pair, result.ew_pair)]
            lines.append(_waiting_line(board.board or 0, hold, result.ns, result.ew, event))
            continue
        row = by_pairs[(result.ns_pair, result.ew_pair)]
        line = _line(row, result.ns, result.ew, event)
        if pending:
            line = replace(line, provisional=True, factored=line.factored and not only_waiting)
        lines.append(line)
    played = {(r.ns_pair, r.ew_pair) for r in board.results}
    for entry in movement.plays_of(board.board or 0):
        if entry.pairs not in played and entry.pairs[::-1] not in played:
            lines.append(
                ResultLine(
                    board.board or 0,
                    entry.ns,
                    entry.ew,
                    entry.round,
                    entry.table,
                    "",
                    "",
                    "",
                    None,
                    "",
                    None,
                    None,
                    not_played=True,
                )
            )
    number = board.board or 0
    return BoardView(
        board=number,
        top=board.top,
        normal=board.normal,
        played=len(board.results),
        lines=tuple(lines),
        neuberg=any(line.factored for line in lines),
        adjusted=any(line.adjusted for line in lines),
        note="fouled board: groups scored separately (Law 87)" if board.fouled else "",
        dealer=str(dealer_of(number)) if number else "",
        vulnerability=str(vulnerability_of(number)) if number else "",
    )


def direction_of(movement: Movement, pair: int) -> str:
    """ "NS"/"EW" in a pure (two-winner) Mitchell, else ""."""
    if movement.kind is not MovementKind.MITCHELL or movement.arrow_switched:
        return ""
    entries = movement.entries_of_pair(pair)
    side = entries[0].side_of(pair) if entries else None
    return "" if side is None else str(side)


def session_view(
    event: Event,
    session: Session,
    section: Section,
    score: SessionScore,
    rows: Sequence[TravellerRow],
    factor: Fraction = Fraction(1),
    masterpoints: Mapping[int, Fraction] | None = None,
    waiting: Sequence[WaitingLine] = (),
) -> SessionView:
    """The published view of a scored session.

    Pairs are ranked by percentage (equal to ranking by points when every pair had the same
    maximum; right when sit-outs without credit give different maxima, rules.md §7), places
    shared on equal percentages; a pure Mitchell is ranked as two fields, NS and EW.
    """
    movement = section.movement
    rows_by_board: dict[int, list[TravellerRow]] = {}
    for row in rows:
        rows_by_board.setdefault(row.board, []).append(row)
    boards = tuple(
        board_view(b, rows_by_board.get(b.board or 0, []), movement, event,
                   [w for w in waiting if w.board == b.board])
        for b in score.boards
    )  # fmt: skip
    if session.facit is not None:
        boards = tuple(replace(b, note=facit_board_note(session.facit, b.board)) for b in boards)
    # A facitbarometer compares every pair with the booklet: one field even in a Mitchell.
    directions = {
        t.pair: "" if session.facit else direction_of(movement, t.pair) for t in score.pairs
    }
    standings: list[Standing] = []
    for field_name in sorted(set(directions.values())):
        field_totals = [t for t in score.pairs if directions[t.pair] == field_name]
        percents = {t.pair: t.percent for t in field_totals}
        placings = rank(ranking_scores(percents, event.options.winner))
        totals = {t.pair: t for t in field_totals}
        for placing in placings:
            total = totals[placing.entrant]
            standings.append(
                Standing(
                    place=placing.label,
                    pair=total.pair,
                    players=players_of(section.pair(total.pair)),
                    points=total.points,
                    maximum=total.max_points,
                    percent=total.percent,
                    boards_played=total.boards_played,
                    masterpoints=(masterpoints or {}).get(total.pair),
                    direction=field_name,
                    sitout=total.sitout_points,
                    penalty=total.penalty_points,
                )
            )
    return SessionView(
        number=session.number,
        name=session.label,
        pairs=len(section.pairs),
        top=score.top,
        factor=factor,
        boards=boards,
        standings=tuple(standings),
        movement=movement.name
        if session.facit is None
        else f"{movement.name}; {facit_note(session.facit)}",
        date=session.date.isoformat() if session.date else "",
    )


def finding_view(finding: Finding) -> FindingView:
    """A validation finding as the findings sheet prints it."""
    location = finding.location
    where = str(location)
    prefix = f"session {location.session}, "
    if location.session is not None and where.startswith(prefix):
        where = where[len(prefix) :]
    return FindingView(
        severity=str(finding.severity),
        code=str(finding.code),
        session=location.session or "",
        where=where,
        message=finding.message,
        suggestion=finding.suggestion or "",
    )
