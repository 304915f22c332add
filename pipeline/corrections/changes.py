"""What changed between two versions of the results: every traveller line whose result
changed (before and after, with both sides' points), and every pair whose points,
percentage, place or masterpoints moved in a session's ranking or in the leveled overall
ranking, with the amounts. Computed from the two published results records, exactly
(``Fraction``), so the report says what the players will see move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from pipeline.doors.session_input import SessionInput
from pipeline.results.model.event import EventResults, LeveledStanding
from pipeline.results.model.sessions import ResultLine, Standing
from pipeline.results.publication import ChangeReport, LineChange, PairChange

__all__ = ["change_report", "result_text", "changed_sessions"]


def result_text(line: ResultLine | None) -> str:
    """A traveller line's result as printed: ``4S N +1 +650``, ``A60/40``, ``not played``."""
    if line is None:
        return ""
    if line.not_played:
        return "not played"
    parts = [p for p in (line.contract, line.declarer, line.result) if p]
    if line.score_ns is not None and line.contract != "PASS":
        parts.append(f"{line.score_ns:+d}")
    if line.adjustment:
        parts.append(line.adjustment)
    return " ".join(parts)


def _lines(results: EventResults) -> dict[tuple[int, int, int, int], ResultLine]:
    return {
        (session.number, line.board, line.ns_pair, line.ew_pair): line
        for session in results.sessions
        for board in session.boards
        for line in board.lines
    }


def _line_changes(before: EventResults, after: EventResults) -> list[LineChange]:
    old, new = _lines(before), _lines(after)
    changes = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if result_text(a) == result_text(b):
            continue
        session, board, ns, ew = key
        changes.append(
            LineChange(
                session,
                board,
                ns,
                ew,
                result_text(a),
                result_text(b),
                a.ns_mp if a else None,
                b.ns_mp if b else None,
                a.ew_mp if a else None,
                b.ew_mp if b else None,
            )  # fmt: skip
        )
    return changes


def _standing_key(s: Standing | LeveledStanding) -> tuple[object, ...]:
    points = s.points if isinstance(s, Standing) else s.total
    return (points, s.percent, s.place, s.masterpoints)


def _pair_changes(
    session: int | None,
    before: Iterable[Standing | LeveledStanding],
    after: Iterable[Standing | LeveledStanding],
) -> list[PairChange]:
    old = {s.pair: s for s in before}
    new = {s.pair: s for s in after}
    changes = []
    for pair in sorted(set(old) | set(new)):
        a, b = old.get(pair), new.get(pair)
        if a is not None and b is not None and _standing_key(a) == _standing_key(b):
            continue
        shown = b or a
        assert shown is not None
        changes.append(
            PairChange(
                session,
                pair,
                shown.names,
                _points(a),
                _points(b),
                a.percent if a else None,
                b.percent if b else None,
                a.place if a else "",
                b.place if b else "",
                a.masterpoints if a else None,
                b.masterpoints if b else None,
            )  # fmt: skip
        )
    return changes


def _points(standing: Standing | LeveledStanding | None) -> Fraction | None:
    if standing is None:
        return None
    return standing.points if isinstance(standing, Standing) else standing.total


def change_report(
    before: EventResults | None, after: EventResults, version: int, previous: int, cause: str
) -> ChangeReport:
    """The changes from ``before`` (version ``previous``) to ``after`` (``version``)."""
    if before is None:
        return ChangeReport(version, previous, cause)
    pairs: list[PairChange] = []
    old_sessions = {s.number: s for s in before.sessions}
    for session in after.sessions:
        old = old_sessions.get(session.number)
        pairs += _pair_changes(session.number, old.standings if old else (), session.standings)
    if after.leveled or before.leveled:
        pairs += _pair_changes(None, before.leveled, after.leveled)
    lines = _line_changes(before, after)
    team_lines, team_pairs = _team_changes(before, after)
    return ChangeReport(
        version, previous, cause, tuple(lines + team_lines), tuple(pairs + team_pairs)
    )


def changed_sessions(report: ChangeReport, inputs: Sequence[SessionInput] = ()) -> set[int]:
    """The sessions whose published results changed (a team evening's changes are in its
    one ranking, so every session of it counts as changed)."""
    changed = {line.session for line in report.lines} | {
        p.session for p in report.pairs if p.session is not None
    }
    if report.pairs and any(p.session is None for p in report.pairs) and not changed:
        changed = {data.session for data in inputs}
    return changed


def _team_changes(
    before: EventResults, after: EventResults
) -> tuple[list[LineChange], list[PairChange]]:
    """A team evening: each match board whose scores changed, each team whose VPs or place
    moved (its name in ``names``; VPs in ``points``)."""
    if before.teams is None or after.teams is None:
        return [], []

    def boards(results: EventResults) -> dict[tuple[int, int, int], str]:
        assert results.teams is not None
        return {
            (m.first, m.second, b.board): f"{_score(b.score_table1)} / {_score(b.score_table2)}"
            for m in results.teams.matches
            for b in m.boards
        }

    old, new = boards(before), boards(after)
    session = after.sessions[0].number if after.sessions else 1
    lines = [
        LineChange(session, board, first, second, old.get(key, ""), new.get(key, ""))
        for key in sorted(set(old) | set(new))
        if old.get(key) != new.get(key)
        for first, second, board in (key,)
    ]
    teams_before = {t.team: t for t in before.teams.standings}
    pairs = []
    for team in after.teams.standings:
        was = teams_before.get(team.team)
        if was is not None and (was.vp, was.place) == (team.vp, team.place):
            continue
        pairs.append(
            PairChange(
                None,
                team.team,
                team.name,
                was.vp if was else None,
                team.vp,
                None,
                None,
                was.place if was else "",
                team.place,
                None,
                None,
            )  # fmt: skip
        )
    return lines, pairs


def _score(value: int | None) -> str:
    return "-" if value is None else f"{value:+d}"
