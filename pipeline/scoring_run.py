"""The spreadsheet path as plain functions: event + traveller rows -> published results.

Each step is a plain function of immutable records, so the next wave can wrap each one as a
Prefect task without changing it:

1. ``read_session``: entry workbooks / CSVs of one session -> ``SessionInput`` (rows plus the
   import's cell findings), through the spreadsheet door (``pipeline.entry``);
2. ``validate``: rows against Law 77, each other and the movement (``pipeline.validation``);
3. ``score_pairs_session``: boards in matchpoints with Neuberg, adjusted and split scores
   (``scoring.board_scoring``), pair totals with Law 88, sit-outs, penalties
   (``scoring.session``), the director's control sums;
4. ``level``: multi-session leveling to a common top (``scoring.leveling``, rules.md §8),
   ranked with shared places (``scoring.ranking``; a session's ranking is built by
   ``pipeline.workbook.views.session_view``);
5. ``award_masterpoints``: bronze points per session (``scoring.masterpoints``);
6. ``score_event``: all of it -> ``EventResults`` for the workbook and the JSON.

Pairs events scored in IMPs (cross-IMPs, Butler) are in ``pipeline.scoring_run_imps``, team
evenings (IMPs and VPs) in ``pipeline.scoring_run_teams``.

Bad input raises ``ScoreInputError`` (a ValueError) whose message names file, sheet and row;
anything the director must look at is a finding, never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from pipeline.validation import (
    ColumnResolver,
    Finding,
    field_column,
    session_control_sums,
    validate_session,
)
from pipeline.workbook.model import (
    Award,
    EventResults,
    FindingView,
    LeveledSession,
    LeveledStanding,
    PlayerView,
    SessionView,
)
from pipeline.workbook.views import finding_view, players_of, session_view
from scoring.board_scoring import BoardLine, BoardScore, score_board
from scoring.errors import ScoringError
from scoring.event import Event, EventKind, Section, Session
from scoring.leveling import level_factor, level_pair, level_sessions
from scoring.masterpoints import Competition, MasterpointScale, SwedishBronze, award
from scoring.movement import Movement
from scoring.ranking import rank
from scoring.session import SessionScore, score_session
from scoring.traveller import TravellerRow

__all__ = [
    "ScoreInputError",
    "SessionInput",
    "ScoredSession",
    "check_names",
    "read_session",
    "validate",
    "score_pairs_session",
    "level",
    "award_masterpoints",
    "awards_of",
    "only_section",
    "scorable",
    "score_event",
]


class ScoreInputError(ValueError):
    """Input the score run cannot use: an unreadable file, a session without results, files
    that do not match the event's sessions. The message names file, sheet and row."""


@dataclass(frozen=True)
class SessionInput:
    """One session's traveller rows as imported, with the import's own cell findings.

    ``columns`` names the input column of a validation field for a row (a letter in a
    workbook, the header in a CSV), so findings point at the cell.
    """

    session: int
    rows: tuple[TravellerRow, ...]
    files: tuple[str, ...] = ()
    import_findings: tuple[Finding, ...] = ()
    columns: ColumnResolver = field(default=field_column, compare=False, repr=False)


@dataclass(frozen=True)
class ScoredSession:
    """A pairs session after scoring: boards, totals, and the rows each board came from."""

    session: Session
    section: Section
    score: SessionScore
    rows: tuple[TravellerRow, ...]
    findings: tuple[Finding, ...]
    unscored: tuple[FindingView, ...] = ()


# -- 0. the event's names -----------------------------------------------------------------
_FORMULA_START = ("=", "+", "@", "\t", "\r")


def check_names(event: Event, source: str = "the event file") -> None:
    """Refuse player and team names that start like a spreadsheet formula.

    A name such as ``=B2`` or ``+46 70 123`` is almost always a cell pasted from a members
    list, not a name; published, it would be wrong on every ranking (and a formula in any
    spreadsheet that re-reads our CSV without care). The workbook would keep it as text
    anyway (``pipeline.xlsx``); this stops it before anything is written.
    """
    for session in event.sessions:
        for section in session.sections:
            named = [
                (f"pair {pair.number}, player {index}", player.name)
                for pair in section.pairs
                for index, player in enumerate(pair.players, start=1)
            ] + [(f"team {team.number}", team.name) for team in section.teams]
            for where, name in named:
                if name.startswith(_FORMULA_START) or (
                    name.startswith("-") and name[1:2] in tuple("0123456789=+@(")
                ):
                    raise ScoreInputError(
                        f"{source}: session {session.number}, section {section.name}, "
                        f"{where}: the name {name!r} starts like a spreadsheet formula; "
                        "write the name itself"
                    )


# -- 1. reading ---------------------------------------------------------------------------
def read_session(event: Event, session_number: int, paths: Sequence[Path]) -> SessionInput:
    """Import one session's entry workbooks / CSVs through the spreadsheet door.

    A generated entry workbook records its session; a workbook of another session given for
    this one is refused (the commonest mix-up on a two-session evening).
    """
    from pipeline.entry import EntryError, read_entry_file  # the door; imported when used

    session = event.session(session_number)
    section = session.sections[0].name if len(session.sections) == 1 else None
    imports = []
    for path in paths:
        try:
            imported = read_entry_file(Path(path), section=section)
        except EntryError as error:
            raise ScoreInputError(str(error)) from None
        if imported.session is not None and imported.session.strip() != str(session.number):
            raise ScoreInputError(
                f"{imported.file}: this entry workbook is for session {imported.session}, "
                f"but was given for session {session.number}"
            )
        imports.append(imported)
    by_file = {imported.file: imported for imported in imports}

    def columns(row: TravellerRow, field_name: str) -> str | None:
        source = row.source
        if source is None or source.file not in by_file:
            return field_name
        return by_file[source.file].column_of(row, field_name)

    return SessionInput(
        session.number,
        tuple(row for imported in imports for row in imported.rows),
        tuple(str(p) for p in paths),
        tuple(f for imported in imports for f in imported.findings),
        columns,
    )


# -- 2. validation ------------------------------------------------------------------------
def validate(event: Event, data: SessionInput) -> tuple[Finding, ...]:
    """Every finding of a session: cell syntax from the import, Law 77, the movement."""
    session = event.session(data.session)
    if not data.rows:
        files = ", ".join(data.files) or "the input"
        raise ScoreInputError(f"{files}: session {session.number} has no results to score")
    return tuple(
        validate_session(
            data.rows, session, columns=data.columns, import_findings=data.import_findings
        )
    )


# -- 3. scoring a pairs session -----------------------------------------------------------
def only_section(session: Session) -> Section:
    if len(session.sections) != 1:
        raise ScoreInputError(
            f"session {session.number} has {len(session.sections)} sections; the score "
            "command scores one section per session (score each section as its own session)"
        )
    return session.sections[0]


def scorable(row: TravellerRow) -> bool:
    return row.adjustment is not None or row.has_table_result


def score_pairs_session(
    event: Event, session: Session, rows: Sequence[TravellerRow], findings: Sequence[Finding] = ()
) -> ScoredSession:
    """Score every board of a session in matchpoints and total the pairs.

    N (the normal number of results) comes from the movement, so a board with a missing
    result is factored with Neuberg (rules.md §4). Rows that cannot be scored (no result and
    no adjusted score) are left out; validation has already reported them. A board that still
    cannot be scored (a pair twice on it) is left out with an error finding, so the director
    sees every problem in one run.
    """
    section = only_section(session)
    movement = section.movement
    options = event.options
    by_board: dict[int, list[TravellerRow]] = {}
    for row in rows:
        if row.section == section.name and scorable(row):
            by_board.setdefault(row.board, []).append(row)
    boards: list[BoardScore] = []
    unscored: list[FindingView] = []
    for board in movement.boards:
        board_rows = by_board.get(board, [])
        if not board_rows:
            continue
        try:
            lines = [BoardLine.from_row(row) for row in board_rows]
            boards.append(score_board(lines, movement.times_played(board), options, board))
        except ScoringError as error:
            unscored.append(
                FindingView(
                    "error",
                    "board-not-scored",
                    str(session.number),
                    f"board {board}",
                    f"board {board} was not scored: {error}",
                )
            )
    if not boards:
        raise ScoreInputError(f"session {session.number}: no board could be scored")
    sitouts = _sitouts(movement)
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
    )
    return ScoredSession(
        session,
        section,
        score,
        tuple(rows),
        tuple(findings) + tuple(checks),
        tuple(unscored),
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


# -- 4. leveling --------------------------------------------------------------------------
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
    placings = {p.entrant: p for p in rank({t.pair: t.points for t in totals})}
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


# -- 5. masterpoints ----------------------------------------------------------------------
def award_masterpoints(
    view: SessionView, scale: MasterpointScale | None = None
) -> tuple[dict[int, Fraction], str | None]:
    """Bronze points per player for one session (awarded per evening, seed 004).

    A pure Mitchell is two competitions (NS and EW). Returns points per player by pair, and
    the reason when the session earns none (fewer than 4 pairs or 18 boards).
    """
    scale = scale or SwedishBronze()
    boards = max((s.boards_played for s in view.standings), default=0)
    fields = sorted({s.direction for s in view.standings})
    result: dict[int, Fraction] = {}
    reasons = []
    for field_name in fields:
        members = [s for s in view.standings if s.direction == field_name]
        competition = Competition(len(members), boards, session_pairs=len(view.standings))
        reason = scale.ineligible(competition)
        if reason is not None:
            reasons.append(reason)
            continue
        placings = rank({s.pair: s.percent for s in members})
        for item in award(placings, scale, competition):
            result[item.entrant] = Fraction(item.points_per_player)
    if result:
        return result, None
    return result, "; ".join(reasons) or None


# -- 6. the whole event -------------------------------------------------------------------
def awards_of(view: SessionView, label: str, kind: str) -> list[Award]:
    """One award line per player of every pair the session's scale awards."""
    return [
        Award(standing.place, standing.pair, player, standing.masterpoints, kind, label)
        for standing in view.standings
        if standing.masterpoints is not None
        for player in standing.players
    ]


def score_event(
    event: Event,
    inputs: Sequence[SessionInput],
    masterpoint_scale: MasterpointScale | None = None,
    with_masterpoints: bool = True,
    *,
    source: str = "the event file",
) -> EventResults:
    """Validate and score every session of ``inputs`` and build the published results.

    ``source`` names the event file in messages about its names (``check_names``).
    """
    check_names(event, source)
    if event.kind is EventKind.TEAMS:
        from pipeline.scoring_run_teams import score_teams_event

        return score_teams_event(event, inputs)
    if not inputs:
        raise ScoreInputError(f"event {event.name!r}: no session files were given")
    scale = masterpoint_scale or SwedishBronze()
    kind = scale.name.split()[-2] if len(scale.name.split()) >= 2 else scale.name
    imp_scored = event.kind is not EventKind.PAIRS_MATCHPOINTS
    views: list[SessionView] = []
    awards: list[Award] = []
    notes: list[str] = []
    shown: list[FindingView] = []
    target: Fraction | None = None
    leveled: tuple[LeveledStanding, ...] = ()
    if imp_scored:
        from pipeline.scoring_run_imps import score_imp_sessions

        views, awards, notes, shown, leveled = score_imp_sessions(
            event, inputs, scale if with_masterpoints else None, kind
        )
    else:
        scored: list[ScoredSession] = []
        for data in inputs:
            session = event.session(data.session)
            findings = validate(event, data)
            scored.append(score_pairs_session(event, session, data.rows, findings))
        factors = {s.session.number: Fraction(1) for s in scored}
        if len(scored) > 1:
            target, leveled = level(event, scored)
            factors = {s.session.number: level_factor(s.score.top, target) for s in scored}
        for s in scored:
            factor = factors[s.session.number]
            plain = session_view(event, s.session, s.section, s.score, s.rows, factor)
            points: dict[int, Fraction] = {}
            if with_masterpoints:
                points, reason = award_masterpoints(plain, scale)
                if reason:
                    notes.append(f"{s.session.label}: no masterpoints ({reason})")
            view = session_view(event, s.session, s.section, s.score, s.rows, factor, points)
            views.append(view)
            awards += awards_of(view, s.session.label, kind)
            shown += [finding_view(f) for f in s.findings] + list(s.unscored)
    first = event.session(inputs[0].session)
    return EventResults(
        title=event.name,
        date=first.date.isoformat() if first.date else "",
        club=event.organizer,
        kind="pairs",
        scale="IMP" if imp_scored else str(event.options.scale),
        sessions=tuple(views),
        leveled=leveled,
        awards=tuple(awards),
        findings=tuple(shown),
        target_top=target,
        notes=tuple(notes),
    )
