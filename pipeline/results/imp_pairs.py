"""Pairs events scored in IMPs: across the field or Butler (Law 78B, rules.md §9).

The same path as matchpoints (``pipeline.results.pairs``): validated rows, each side compared
in its own field, the workbook's view; only the comparison differs (``scoring.imps``), and
sessions add up without leveling (IMPs have no top).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from pipeline.doors.session_input import SessionInput, WaitingLine
from pipeline.doors.unscorable import nothing_scorable
from pipeline.results.boards import imp_figures
from pipeline.results.masterpoints import award_masterpoints, awards_of
from pipeline.results.model.event import Award, LeveledSession, LeveledStanding
from pipeline.results.model.sessions import BoardView, PlayerView, ResultLine, SessionView, Standing
from pipeline.results.session_rows import ScoredSessions, only_section, scorable, validate
from pipeline.results.status import FindingView
from pipeline.results.views import finding_view, players_of
from pipeline.validation import validate_session
from scoring.board_scoring import BoardLine
from scoring.errors import ScoringError
from scoring.event import Event, EventKind, Section, Session
from scoring.imp_totals import ImpTotal, imp_totals
from scoring.masterpoints import MasterpointScale
from scoring.ranking import rank
from scoring.traveller import TravellerRow

__all__ = ["score_imp_pairs_session", "score_imp_sessions"]


def score_imp_pairs_session(
    event: Event,
    session: Session,
    rows: Sequence[TravellerRow],
    waiting: Sequence[WaitingLine] = (),
) -> tuple[tuple[BoardView, ...], dict[int, ImpTotal], tuple[FindingView, ...]]:
    """A pairs session in IMPs: across the field (each score against every other, averaged,
    rules.md §9) or Butler (against the board's datum, by default without its top and bottom
    score, rounded to 10), as the event's options say.

    Every board is scored by ``boards.imp_figures`` (``scoring.imps.imp_board``), the one
    path ``compare`` uses too: each side compared in its own field (a split score works as in
    matchpoints, rules.md §5), a weighted assigned score IMPed part by part, an artificial
    score +3 / 0 / -3 IMPs (Law 86A, or per comparison when the options say) and left out of
    the comparison and of the datum. A line whose result waits for review (``waiting``) is
    played but not known: provisionally 0 IMPs for both sides (the average of IMPs), out of
    the comparison, marked as waiting. Returns the boards, each pair's session figure
    (``scoring.imp_totals``, as ``compare`` makes it: the sum, or per board, and the
    fewer-boards factor, as the options say) and boards that could not be scored.
    """
    from pipeline.results.views import imp_line, not_played_lines
    from scoring.imps import DatumRule, datum
    from scoring.outcome import Weighted

    section = only_section(session)
    movement = section.movement
    butler = event.kind is EventKind.PAIRS_BUTLER
    by_board: dict[int, list[TravellerRow]] = {}
    for row in rows:
        if row.section == section.name and scorable(row):
            by_board.setdefault(row.board, []).append(row)
    boards: list[BoardView] = []
    board_imps: dict[int, list[Fraction]] = {}
    unscored: list[FindingView] = []
    held: dict[int, list[WaitingLine]] = {}
    for line in waiting:
        held.setdefault(line.board, []).append(line)
    for board in movement.boards:
        board_rows = by_board.get(board, [])
        if not board_rows and not held.get(board):
            continue
        try:
            board_lines = [BoardLine.from_row(row) for row in board_rows]
            figures = imp_figures(board_lines, event.options, butler)
            board_datum = None
            if butler:
                compared = [x.ns.mean for x in board_lines if isinstance(x.ns, Weighted)]
                board_datum = datum(compared, DatumRule.of(event.options)) if compared else None
        except ScoringError as error:
            unscored.append(
                FindingView("error", "board-not-scored", str(session.number), f"board {board}",
                            f"board {board} was not scored: {error}")
            )  # fmt: skip
            continue
        lines = [imp_line(row, f.ns, f.ew) for row, f in zip(board_rows, figures, strict=True)]
        for row, f in zip(board_rows, figures, strict=True):
            for pair, value in ((row.ns_pair, f.ns), (row.ew_pair, f.ew)):
                board_imps.setdefault(pair, []).append(value)
        for hold in held.get(board, []):
            lines.append(ResultLine(board, hold.ns_pair, hold.ew_pair, hold.round, hold.table,
                                    "", "", "", None, "", Fraction(0), Fraction(0),
                                    waiting=hold.item, provisional=True))  # fmt: skip
            for pair in (hold.ns_pair, hold.ew_pair):
                board_imps.setdefault(pair, []).append(Fraction(0))
        if held.get(board):
            lines = [ln if ln.waiting else replace(ln, provisional=True) for ln in lines]
        present = {(r.ns_pair, r.ew_pair) for r in board_rows}
        present |= {(w.ns_pair, w.ew_pair) for w in held.get(board, [])}
        lines += not_played_lines(board, movement, present)
        note = "" if board_datum is None else f"datum {int(board_datum):+d}"
        boards.append(
            BoardView(board, Fraction(0), movement.times_played(board),
                      len(board_rows) + len(held.get(board, [])),
                      tuple(lines), adjusted=any(ln.adjusted for ln in lines), note=note,
                      datum=board_datum)
        )  # fmt: skip
    if not boards:
        raise nothing_scorable(session.number, validate_session(rows, session),
                               unscored[0].message if unscored else "")  # fmt: skip
    return tuple(boards), imp_totals(board_imps, event.options), tuple(unscored)


def _imp_standings(
    section: Section, totals: dict[int, ImpTotal], masterpoints: dict[int, Fraction]
) -> tuple[Standing, ...]:
    """Ranked by IMPs per board played (the total when every pair played as many boards);
    the points are the session figure the options ask for (``ImpTotal.total``)."""
    from pipeline.results.views import direction_of

    movement = section.movement
    directions = {pair: direction_of(movement, pair) for pair in totals}
    standings = []
    for field_name in sorted(set(directions.values())):
        mine = {p: t for p, t in totals.items() if directions[p] == field_name}
        placings = rank({p: t.per_board for p, t in mine.items()})
        for placing in placings:
            t = mine[placing.entrant]
            standings.append(
                Standing(placing.label, placing.entrant, players_of(section.pair(placing.entrant)),
                         t.total, Fraction(t.boards_played), t.per_board, t.boards_played,
                         masterpoints.get(placing.entrant), field_name)
            )  # fmt: skip
    return tuple(standings)


def _imp_overall(
    sessions: Sequence[tuple[Session, Section, dict[int, ImpTotal]]],
) -> tuple[LeveledStanding, ...]:
    """IMP sessions add up as they are: IMPs have no top to level (factor 1)."""
    totals: dict[int, Fraction] = {}
    boards: dict[int, int] = {}
    per_session: dict[int, list[LeveledSession]] = {}
    players: dict[int, tuple[PlayerView, ...]] = {}
    for session, section, session_totals in sessions:
        for pair, t in session_totals.items():
            total, played = t.total, t.boards_played
            totals[pair] = totals.get(pair, Fraction(0)) + total
            boards[pair] = boards.get(pair, 0) + played
            per_session.setdefault(pair, []).append(
                LeveledSession(session.number, total, Fraction(1), total, Fraction(played))
            )
            players.setdefault(pair, players_of(section.pair(pair)))
    placings = rank(totals)
    return tuple(
        LeveledStanding(p.label, p.entrant, players[p.entrant], tuple(per_session[p.entrant]),
                        totals[p.entrant], Fraction(boards[p.entrant]),
                        totals[p.entrant] / boards[p.entrant])
        for p in placings
    )  # fmt: skip


def score_imp_sessions(
    event: Event, inputs: Sequence[SessionInput], scale: MasterpointScale | None, kind: str
) -> ScoredSessions:
    """Every session of an IMP pairs event: views, awards, notes, findings, overall totals."""
    views: list[SessionView] = []
    awards: list[Award] = []
    notes: list[str] = []
    shown: list[FindingView] = []
    totals_by_session = []
    for data in inputs:
        session = event.session(data.session)
        shown += [finding_view(f) for f in validate(event, data)]
        boards, totals, unscored = score_imp_pairs_session(event, session, data.rows,
                                                           data.waiting)  # fmt: skip
        shown += unscored
        section = only_section(session)
        method = "Butler (datum)" if event.kind is EventKind.PAIRS_BUTLER else "cross-IMPs"
        view = SessionView(session.number, session.label, len(section.pairs), Fraction(0),
                           Fraction(1), boards, _imp_standings(section, totals, {}),
                           f"{section.movement.name}, {method}", unit="IMP")  # fmt: skip
        points: dict[int, Fraction] = {}
        if scale is not None:
            points, reason = award_masterpoints(view, scale)
            if reason:
                notes.append(f"{session.label}: no masterpoints ({reason})")
        view = replace(view, standings=_imp_standings(section, totals, points))
        views.append(view)
        awards += awards_of(view, session.label, kind)
        totals_by_session.append((session, section, totals))
    leveled = _imp_overall(totals_by_session) if len(totals_by_session) > 1 else ()
    return ScoredSessions(tuple(views), tuple(awards), tuple(notes), tuple(shown), leveled)
