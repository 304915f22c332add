"""The machine-readable results for web publishing: the same record as the workbook, as JSON.

Shape (``format`` names the version so a web page can check it)::

    {"format": "bridgescan-results/1", "event": {...}, "sessions": [
        {"number": 1, "pairs": 13, "top": 10, "leveling_factor": 1.4, "boards": [
            {"board": 1, "top": 10, "normal": 6, "played": 6, "neuberg": false,
             "results": [{"ns": 1, "ew": 8, "contract": "4H", "declarer": "N",
                          "result": "=", "score_ns": 420, "ns_mp": 6, "ew_mp": 4, ...}]}],
         "ranking": [{"place": "1", "pair": 5, "total": 123.4, "percent": 58.76, ...}]}],
     "overall": [...], "masterpoints": [...], "findings": [...], "teams": null,
     "paul_jones": null (a Paul Jones's players and teams, pipeline/publish/paul_jones_json.py),
     "individual": null (an individual's players, pipeline/publish/individual_json.py),
     "handicap": null (a handicap event's rankings, pipeline/publish/handicap_json.py),
     "store": {"store": "bridgescan.sqlite", "records": 612, "chain": "3acf...",
               "head": "612:3acf..."},
     "publication": {"version": 3, "published_at": "2026-11-24T20:40:00Z",
                     "time_zone": "Europe/Stockholm", "sessions": [{"session": 1,
                     "status": "official", "correction_deadline": "...Z",
                     "deadline_passed": false, ...}]},
     "changes": {"lines": [...], "pairs": [...]}, "audit": [...]}

``publication`` (null until published) gives the version and each session's correction
period (Law 79C), ``changes`` what moved since the previous version, ``audit`` every
correction so far (who, role, why, on which law).

Numbers: whole values are JSON integers; others are decimals rounded half up to 4 places
(matchpoints are at most tenths or hundredths under the usual Neuberg rounding, so nothing
visible is lost), and the exact value as a fraction string is kept beside totals
(``total_exact``) for anyone re-adding them.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pipeline.files import atomic_write_text
from pipeline.publish.handicap_json import handicap_to_dict
from pipeline.publish.individual_json import individual_to_dict
from pipeline.publish.json_number import number
from pipeline.publish.paul_jones_json import paul_jones_to_dict
from pipeline.results.model import (
    BoardView,
    EventResults,
    LeveledStanding,
    PlayerView,
    ResultLine,
    SessionView,
    Standing,
    StoreHead,
    TeamsView,
)
from pipeline.results.publication import AuditEntry, ChangeReport, PublicationView

__all__ = ["FORMAT", "results_to_dict", "results_to_json", "write_results_json", "number"]

FORMAT = "bridgescan-results/1"


def _players(players: tuple[PlayerView, ...]) -> list[dict[str, str]]:
    return [{"name": p.name, "member": p.member} for p in players]


def _line(line: ResultLine) -> dict[str, Any]:
    return {
        "round": line.round,
        "table": line.table,
        "ns": line.ns_pair,
        "ew": line.ew_pair,
        "contract": line.contract,
        "declarer": line.declarer,
        "result": line.result,
        "score_ns": line.score_ns,
        "adjustment": line.adjustment or None,
        "ns_mp": number(line.ns_mp),
        "ew_mp": number(line.ew_mp),
        "factored": line.factored,
        "adjusted": line.adjusted,
        "split": line.split,
        "not_played": line.not_played,
        "lead": line.lead or None,
        "waiting": line.waiting or None,
        "provisional": line.provisional,
    }


def _board(board: BoardView) -> dict[str, Any]:
    return {
        "board": board.board,
        "top": number(board.top),
        "normal": board.normal,
        "played": board.played,
        "neuberg": board.neuberg,
        "adjusted": board.adjusted,
        "datum": number(board.datum),
        "note": board.note or None,
        "dealer": board.dealer or None,
        "vulnerability": board.vulnerability or None,
        "waiting": list(board.waiting),
        "results": [_line(line) for line in board.lines],
    }


def _standing(standing: Standing, unit: str = "MP") -> dict[str, Any]:
    if unit == "IMP":  # IMPs: total and IMPs per board; no top, no percentage
        return {
            "place": standing.place,
            "pair": standing.pair,
            "direction": standing.direction or None,
            "players": _players(standing.players),
            "imps": number(standing.points),
            "imps_exact": str(standing.points),
            "per_board": number(standing.percent),
            "boards_played": standing.boards_played,
            "masterpoints": number(standing.masterpoints, 2),
        }
    return {
        "place": standing.place,
        "pair": standing.pair,
        "direction": standing.direction or None,
        "players": _players(standing.players),
        "total": number(standing.points),
        "total_exact": str(standing.points),
        "maximum": number(standing.maximum),
        "percent": number(standing.percent, 2),
        "boards_played": standing.boards_played,
        "sitout_credit": number(standing.sitout),
        "penalties": number(standing.penalty),
        "masterpoints": number(standing.masterpoints, 2),
    }


def _session(session: SessionView) -> dict[str, Any]:
    return {
        "number": session.number,
        "name": session.name,
        "date": session.date or None,
        "movement": session.movement,
        "unit": session.unit,
        "pairs": session.pairs,
        "top": number(session.top),
        "leveling_factor": number(session.factor, 6),
        "leveling_factor_exact": str(session.factor),
        "boards": [_board(board) for board in session.boards],
        "ranking": [_standing(standing, session.unit) for standing in session.standings],
    }


def _leveled(standing: LeveledStanding) -> dict[str, Any]:
    return {
        "place": standing.place,
        "pair": standing.pair,
        "players": _players(standing.players),
        "sessions": [
            {
                "session": s.session,
                "points": number(s.points),
                "factor": number(s.factor, 6),
                "leveled": number(s.leveled),
                "maximum": number(s.maximum),
            }
            for s in standing.sessions
        ],
        "total": number(standing.total),
        "total_exact": str(standing.total),
        "maximum": number(standing.maximum),
        "percent": number(standing.percent, 2),
        "masterpoints": number(standing.masterpoints, 2),
    }


def _teams(teams: TeamsView) -> dict[str, Any]:
    return {
        "vp_scale": teams.vp_scale,
        "ranking": [
            {
                "place": t.place,
                "team": t.team,
                "name": t.name,
                "players": _players(t.players),
                "vp": number(t.vp, 2),
                "imps_won": number(t.imps_won),
                "imps_lost": number(t.imps_lost),
                "quotient": number(t.quotient),
            }
            for t in teams.standings
        ],
        "matches": [
            {
                "round": m.round,
                "home": m.first,
                "away": m.second,
                "imps": [number(m.imps_first), number(m.imps_second)],
                "vp": [number(m.vp_first, 2), number(m.vp_second, 2)],
                "boards": [
                    {
                        "board": b.board,
                        "table1_ns": b.score_table1,
                        "table2_ns": b.score_table2,
                        "imps_home": number(b.imps_first),
                        "note": b.note or None,
                    }
                    for b in m.boards
                ],
            }
            for m in teams.matches
        ],
    }


def results_to_dict(results: EventResults) -> dict[str, Any]:
    """The JSON document as plain Python data."""
    return {
        "format": FORMAT,
        "status": {
            "state": "provisional" if results.status.provisional else "official",
            "reasons": list(results.status.reasons),
            "waiting": list(results.status.waiting),
        },
        "event": {
            "title": results.title,
            "date": results.date,
            "club": results.club,
            "kind": results.kind,
            "scale": results.scale,
            "target_top": number(results.target_top),
            # the figures below are points; "centred": print them as the event asked
            "matchpoint_presentation": results.presentation.value,
        },
        "sessions": [_session(session) for session in results.sessions],
        "overall": [_leveled(standing) for standing in results.leveled],
        "masterpoints": [
            {
                "member": a.player.member,
                "name": a.player.name,
                "pair": a.pair,
                "place": a.place,
                "kind": a.kind,
                "competition": a.competition,
                "date": a.date or None,
                "points": number(a.points, 2),
            }
            for a in results.awards
        ],
        "findings": [
            {
                "severity": f.severity,
                "code": f.code,
                "session": f.session,
                "where": f.where,
                "message": f.message,
                "suggestion": f.suggestion or None,
            }
            for f in results.findings
        ],
        "teams": None if results.teams is None else _teams(results.teams),
        "paul_jones": paul_jones_to_dict(results.paul_jones),
        "individual": individual_to_dict(results.individual),
        "handicap": handicap_to_dict(results.handicap),
        "notes": list(results.notes),
        "store": None if results.store_head is None else _store_head(results.store_head),
        "publication": _publication(results.publication),
        "changes": _changes(results.changes),
        "audit": [_audit(entry) for entry in results.audit],
    }


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _publication(view: PublicationView | None) -> dict[str, Any] | None:
    """The version, when it was published, and each session's correction period: times in
    UTC (ISO 8601, ``Z``) with the event's zone beside them for showing them locally."""
    if view is None:
        return None
    return {
        "version": view.version,
        "published_at": _time(view.published_at),
        "time_zone": view.time_zone or None,
        "cause": view.cause,
        "late_override": view.late,
        "sessions": [
            {
                "session": s.session,
                "name": s.name,
                "status": s.status,
                "official_at": _time(s.official_at),
                "correction_deadline": _time(s.deadline),
                "deadline_passed": s.passed,
                "rule": s.rule,
                "open_review_items": list(s.open_items),
                "blocking_findings": s.blocking,
                "reopened_boards": [{"board": b, "until": _time(t)} for b, t in s.reopened],
                "changed_in_version": s.changed_in,
            }
            for s in view.sessions
        ],
    }


def _changes(report: ChangeReport | None) -> dict[str, Any] | None:
    if report is None:
        return None
    return {
        "version": report.version,
        "previous": report.previous,
        "cause": report.cause,
        "lines": [
            {
                "session": c.session,
                "board": c.board,
                "ns": c.ns_pair,
                "ew": c.ew_pair,
                "before": c.before or None,
                "after": c.after or None,
                "ns_mp": [number(c.ns_mp_before), number(c.ns_mp_after)],
                "ew_mp": [number(c.ew_mp_before), number(c.ew_mp_after)],
            }  # fmt: skip
            for c in report.lines
        ],
        "pairs": [
            {
                "ranking": "overall" if p.session is None else p.session,
                "pair": p.pair,
                "names": p.names,
                "points": [number(p.points_before), number(p.points_after)],
                "points_change": number(p.points_delta),
                "percent": [number(p.percent_before, 2), number(p.percent_after, 2)],
                "percent_change": number(p.percent_delta, 2),
                "place": [p.place_before or None, p.place_after or None],
                "masterpoints": [
                    number(p.masterpoints_before, 2),
                    number(p.masterpoints_after, 2),
                ],  # fmt: skip
                "masterpoints_change": number(p.masterpoints_delta, 2),
            }
            for p in report.pairs
        ],
    }


def _audit(entry: AuditEntry) -> dict[str, Any]:
    return {
        "correction": entry.number,
        "made_at": _time(entry.made_at),
        "session": entry.session,
        "board": entry.board,
        "ns": entry.ns_pair,
        "ew": entry.ew_pair,
        "before": entry.before or None,
        "after": entry.after,
        "by": entry.by,
        "role": entry.role,
        "reason": entry.reason,
        "law": entry.basis,
        "override": entry.override or None,
        "deadline": _time(entry.deadline),
        "ruling_changed": entry.ruling,
        "reopens_until": _time(entry.reopens_until),
        "review_item": entry.review_item or None,
        "version": entry.version,
    }


def _store_head(head: StoreHead) -> dict[str, Any]:
    """The chain head, for ``bridgescan store verify --expect`` (``head``) and for the next
    run, which refuses to go on from a store that no longer holds it."""
    return {"store": head.store, "records": head.records, "chain": head.chain, "head": str(head)}


def results_to_json(results: EventResults) -> str:
    """The JSON text (UTF-8, names kept as written, stable key order)."""
    return json.dumps(results_to_dict(results), ensure_ascii=False, indent=1) + "\n"


def write_results_json(results: EventResults, path: Path) -> Path:
    """Write the JSON atomically."""
    return atomic_write_text(Path(path), results_to_json(results))
