"""A pairs session in matchpoints, and the sessions of a matchpoint event leveled together.

1. ``score_pairs_session``: boards in matchpoints with Neuberg, adjusted and split scores
   (``scoring.board_scoring``), pair totals with Law 88, sit-outs, penalties
   (``scoring.session``), the director's control sums;
2. ``level``: multi-session leveling to a common top (``scoring.leveling``, rules.md §8),
   ranked with shared places (``scoring.ranking``);
3. ``score_pairs_sessions``: every session of the event, with its view and masterpoints.

Anything the director must look at is a finding, never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pipeline.doors.session_input import SessionInput, WaitingLine
from pipeline.doors.unscorable import nothing_scorable
from pipeline.results.boards import score_boards
from pipeline.results.facit import score_facit_boards
from pipeline.results.handicap import handicap_view
from pipeline.results.individual import individual_view, is_individual
from pipeline.results.masterpoints import award_masterpoints, awards_of
from pipeline.results.model.event import Award, LeveledSession, LeveledStanding
from pipeline.results.model.sessions import PlayerView, SessionView
from pipeline.results.paul_jones import paul_jones_view
from pipeline.results.session_rows import (
    ScoredSession,
    ScoredSessions,
    only_section,
    scorable,
    validate,
)
from pipeline.results.status import FindingView
from pipeline.results.views import finding_view, players_of, session_view
from pipeline.validation import Finding, session_control_sums
from scoring.board_scoring import BoardLine
from scoring.errors import ScoringError
from scoring.event import Event, Session
from scoring.leveling import level_factor, level_pair, level_sessions
from scoring.masterpoints import MasterpointScale
from scoring.movement import Movement
from scoring.options import Winner
from scoring.ranking import rank, ranking_scores
from scoring.session import score_session
from scoring.traveller import TravellerRow

__all__ = ["ScoredSession", "score_pairs_session", "level", "score_pairs_sessions"]


def score_pairs_session(
    event: Event,
    session: Session,
    rows: Sequence[TravellerRow],
    findings: Sequence[Finding] = (),
    waiting: Sequence[WaitingLine] = (),
) -> ScoredSession:
    """Score every board of a session in matchpoints and total the pairs.

    N (the normal number of results) comes from the movement, so a board with a missing
    result is factored with Neuberg (rules.md §4). Rows that cannot be scored (no result and
    no adjusted score) are left out; validation has already reported them. A board that still
    cannot be scored (a pair twice on it) is left out with an error finding, so the director
    sees every problem in one run. A line whose result waits for review (``waiting``) is
    scored provisionally as a result that exists but is not known yet
    (``scoring.board_group.BoardLine.waiting``), never as a missing result.
    """
    section = only_section(session)
    movement = section.movement
    options = event.options
    by_board: dict[int, list[BoardLine]] = {}
    for row in rows:
        if row.section == section.name and scorable(row):
            by_board.setdefault(row.board, []).append(BoardLine.from_row(row))
    for line in waiting:
        by_board.setdefault(line.board, []).append(BoardLine.waiting(line.ns_pair, line.ew_pair))
    played = {board: by_board[board] for board in movement.boards if by_board.get(board)}
    if session.facit is not None:  # a facitbarometer: each line against the booklet
        boards, failed = score_facit_boards(session.facit, played, options, movement.times_played)
    else:
        boards, failed = score_boards(played, movement.times_played, options)
    unscored = [
        FindingView("error", "board-not-scored", str(session.number), f"board {b.board}",
                    f"board {b.board} was not scored: {b.reason}")
        for b in failed
    ]  # fmt: skip
    if not boards:
        raise nothing_scorable(session.number, findings,
                               unscored[0].message if unscored else "")  # fmt: skip
    # An individual's partnerships play one round each: no pair of it "sits out" the others
    # (pipeline/results/individual.py says why no player gets sit-out credit either).
    sitouts = {} if section.individual else _sitouts(movement)
    score = score_session(
        boards,
        options,
        sitouts=sitouts or None,
        boards_per_round=_boards_per_round(movement),
    )
    checks = session_control_sums(
        score,
        movement,
        session=str(session.number),
        rounded=options.totals_from_rounded,
        board_sums=session.facit is None,  # facit points come from another field
    )
    return ScoredSession(
        session,
        section,
        score,
        tuple(rows),
        tuple(findings) + tuple(checks),
        tuple(unscored),
        tuple(waiting),
    )


def _boards_per_round(movement: Movement) -> int | None:
    try:
        return movement.boards_per_round
    except ScoringError:
        return None


def _sitouts(movement: Movement) -> dict[int, int]:
    """Rounds each pair sits out (rules.md §7): pairs missing from a round's lines."""
    counts: dict[int, int] = {}
    for round_ in movement.rounds:
        for pair in movement.sitting_out(round_):
            counts[pair] = counts.get(pair, 0) + 1
    return counts


def level(
    event: Event, scored: Sequence[ScoredSession]
) -> tuple[Fraction, tuple[LeveledStanding, ...]]:
    """Level the sessions to the largest session top (rules.md §8) and rank by total.

    A pair is the same pair in every session it has the same number in (the event file
    numbers pairs per session; keep a pair's number across sessions).
    """
    scores = [s.score for s in scored]
    target = max(s.top for s in scores)
    totals = level_sessions(scores, event.options.leveling, target_top=target)
    if event.options.winner is Winner.HIGHEST:
        figures = {t.pair: Fraction(t.points) for t in totals}
    else:
        figures = ranking_scores({t.pair: t.percent for t in totals}, event.options.winner)
    placings = {p.entrant: p for p in rank(figures)}
    players: dict[int, tuple[PlayerView, ...]] = {}
    for s in scored:
        for pair in s.section.pairs:
            players.setdefault(pair.number, players_of(pair))
    standings = []
    for total in sorted(totals, key=lambda t: (placings[t.pair].first, t.pair)):
        per_session = []
        for s in scored:
            mine = next((t for t in s.score.pairs if t.pair == total.pair), None)
            if mine is None:
                continue
            leveled, leveled_max = level_pair(mine, s.score.top, target)
            per_session.append(
                LeveledSession(
                    s.session.number,
                    mine.points,
                    level_factor(s.score.top, target),
                    leveled,
                    leveled_max,
                )
            )
        standings.append(
            LeveledStanding(
                place=placings[total.pair].label,
                pair=total.pair,
                players=players.get(total.pair, ()),
                sessions=tuple(per_session),
                total=total.points,
                maximum=total.max_points,
                percent=total.percent,
            )
        )
    return target, tuple(standings)


def score_pairs_sessions(
    event: Event, inputs: Sequence[SessionInput], scale: MasterpointScale | None, kind: str
) -> ScoredSessions:
    """Every session of a matchpoint event: scored, leveled when there are several, each
    with its view and masterpoints (``scale`` None: no masterpoints; ``kind`` names them)."""
    scored: list[ScoredSession] = []
    for data in inputs:
        session = event.session(data.session)
        findings = validate(event, data)
        scored.append(score_pairs_session(event, session, data.rows, findings, data.waiting))
    factors = {s.session.number: Fraction(1) for s in scored}
    target: Fraction | None = None
    leveled: tuple[LeveledStanding, ...] = ()
    individual = is_individual(event)
    if len(scored) > 1:
        target, leveled = level(event, scored)
        if individual:  # partnership numbers stand for other players in each session
            leveled = ()
        factors = {s.session.number: level_factor(s.score.top, target) for s in scored}
    views: list[SessionView] = []
    awards: list[Award] = []
    notes: list[str] = []
    shown: list[FindingView] = []
    for s in scored:
        factor = factors[s.session.number]
        plain = session_view(event, s.session, s.section, s.score, s.rows, factor,
                             waiting=s.waiting)  # fmt: skip
        points: dict[int, Fraction] = {}
        if scale is not None and individual:
            notes.append(
                f"{s.session.label}: no masterpoints (an individual event; the bronze and "
                "silver scales are for pairs events of 4-32 pairs)"
            )
        elif scale is not None:
            points, reason = award_masterpoints(plain, scale)
            if reason:
                notes.append(f"{s.session.label}: no masterpoints ({reason})")
        view = session_view(event, s.session, s.section, s.score, s.rows, factor, points,
                            s.waiting)  # fmt: skip
        views.append(view)
        awards += awards_of(view, s.session.label, kind)
        shown += [finding_view(f) for f in s.findings] + list(s.unscored)
    paul_jones = paul_jones_view(event, scored) if event.paul_jones else None
    return ScoredSessions(
        tuple(views), tuple(awards), tuple(notes), tuple(shown), leveled, target, paul_jones,
        individual_view(event, scored) if individual else None,
        None if event.handicap is None else handicap_view(event.handicap, scored),
    )  # fmt: skip
