"""The results JSON read back into the results model, for writers that come after publishing.

``bridgescan web OUT`` (re)writes the site of an output folder from its ``results.json``,
the record that was published, without the event folder, the scans or the store. Totals
and leveling factors come back exact (the JSON keeps them as fraction strings beside the
decimals); a line's matchpoints come back as the decimal written (four places), which is
more than any page shows. A round-trip test (tests/pipeline/test_results_json.py) keeps
this reader and ``results_json`` in step.
"""

from __future__ import annotations

import json
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.publish.handicap_json import handicap_from_dict
from pipeline.publish.individual_json import individual_from_dict
from pipeline.publish.paul_jones_json import paul_jones_from_dict
from pipeline.publish.results_json import FORMAT
from pipeline.results.model import (
    Award,
    BoardView,
    EventResults,
    FindingView,
    LeveledSession,
    LeveledStanding,
    MatchView,
    PlayerView,
    PublicationStatus,
    ResultLine,
    SessionView,
    Standing,
    StoreHead,
    TeamBoard,
    TeamStanding,
    TeamsView,
)
from pipeline.results.publication import (
    AuditEntry,
    ChangeReport,
    LineChange,
    PairChange,
    PublicationView,
    SessionPeriodView,
)
from scoring.presentation import Presentation

if TYPE_CHECKING:
    from pipeline.store import ChainHead, StoreLocation

#: The published results' file in an output folder (``pipeline.publish.OUTPUT_NAMES``).
RESULTS_FILE = "results.json"

__all__ = [
    "ResultsJsonError",
    "results_from_dict",
    "read_results_json",
    "published_head",
    "read_store_head",
    "store_head_from_dict",
]


class ResultsJsonError(ValueError):
    """A results.json that is not one bridgescan wrote (names the file and what is wrong)."""


def _exact(data: dict[str, Any], key: str, exact_key: str | None = None) -> Fraction:
    if exact_key and data.get(exact_key) is not None:
        return Fraction(data[exact_key])
    return Fraction(str(data[key]))


def _maybe(value: Any) -> Fraction | None:
    return None if value is None else Fraction(str(value))


def _players(items: list[dict[str, str]]) -> tuple[PlayerView, ...]:
    return tuple(PlayerView(p["name"], p.get("member") or "") for p in items)


def _line(board: int, r: dict[str, Any]) -> ResultLine:
    return ResultLine(
        board=board,
        ns_pair=r["ns"],
        ew_pair=r["ew"],
        round=r.get("round"),
        table=r.get("table"),
        contract=r.get("contract") or "",
        declarer=r.get("declarer") or "",
        result=r.get("result") or "",
        score_ns=r.get("score_ns"),
        adjustment=r.get("adjustment") or "",
        ns_mp=_maybe(r.get("ns_mp")),
        ew_mp=_maybe(r.get("ew_mp")),
        factored=bool(r.get("factored")),
        adjusted=bool(r.get("adjusted")),
        split=bool(r.get("split")),
        not_played=bool(r.get("not_played")),
        lead=r.get("lead") or "",
        waiting=r.get("waiting") or "",
        provisional=bool(r.get("provisional")),
    )


def _board(b: dict[str, Any]) -> BoardView:
    return BoardView(
        board=b["board"],
        top=Fraction(str(b["top"])),
        normal=b["normal"],
        played=b["played"],
        lines=tuple(_line(b["board"], r) for r in b["results"]),
        neuberg=bool(b.get("neuberg")),
        adjusted=bool(b.get("adjusted")),
        note=b.get("note") or "",
        datum=_maybe(b.get("datum")),
        dealer=b.get("dealer") or "",
        vulnerability=b.get("vulnerability") or "",
    )


def _standing(s: dict[str, Any], unit: str) -> Standing:
    common = {
        "place": s["place"],
        "pair": s["pair"],
        "players": _players(s["players"]),
        "boards_played": s["boards_played"],
        "masterpoints": _maybe(s.get("masterpoints")),
        "direction": s.get("direction") or "",
    }
    if unit == "IMP":
        return Standing(
            points=_exact(s, "imps", "imps_exact"),
            maximum=Fraction(s["boards_played"]),
            percent=Fraction(str(s["per_board"])),
            **common,
        )
    return Standing(
        points=_exact(s, "total", "total_exact"),
        maximum=Fraction(str(s["maximum"])),
        percent=Fraction(str(s["percent"])),
        sitout=Fraction(str(s.get("sitout_credit") or 0)),
        penalty=Fraction(str(s.get("penalties") or 0)),
        **common,
    )


def _session(s: dict[str, Any]) -> SessionView:
    unit = s.get("unit") or "MP"
    return SessionView(
        number=s["number"],
        name=s.get("name") or "",
        pairs=s["pairs"],
        top=Fraction(str(s["top"])),
        factor=_exact(s, "leveling_factor", "leveling_factor_exact"),
        boards=tuple(_board(b) for b in s["boards"]),
        standings=tuple(_standing(r, unit) for r in s["ranking"]),
        movement=s.get("movement") or "",
        unit=unit,
        date=s.get("date") or "",
    )


def _leveled(entry: dict[str, Any]) -> LeveledStanding:
    return LeveledStanding(
        place=entry["place"],
        pair=entry["pair"],
        players=_players(entry["players"]),
        sessions=tuple(
            LeveledSession(
                session=s["session"],
                points=Fraction(str(s["points"])),
                factor=Fraction(str(s["factor"])),
                leveled=Fraction(str(s["leveled"])),
                maximum=Fraction(str(s.get("maximum") or 0)),
            )
            for s in entry["sessions"]
        ),
        total=_exact(entry, "total", "total_exact"),
        maximum=Fraction(str(entry["maximum"])),
        percent=Fraction(str(entry["percent"])),
        masterpoints=_maybe(entry.get("masterpoints")),
    )


def _teams(t: dict[str, Any]) -> TeamsView:
    matches = tuple(
        MatchView(
            round=m["round"],
            first=m["home"],
            second=m["away"],
            boards=tuple(
                TeamBoard(
                    b["board"],
                    b.get("table1_ns"),
                    b.get("table2_ns"),
                    Fraction(str(b["imps_home"])),
                    b.get("note") or "",
                )
                for b in m["boards"]
            ),
            imps_first=Fraction(str(m["imps"][0])),
            imps_second=Fraction(str(m["imps"][1])),
            vp_first=Fraction(str(m["vp"][0])),
            vp_second=Fraction(str(m["vp"][1])),
        )
        for m in t["matches"]
    )
    standings = tuple(
        TeamStanding(
            place=r["place"],
            team=r["team"],
            name=r.get("name") or "",
            players=_players(r.get("players") or []),
            vp=Fraction(str(r["vp"])),
            imps_won=Fraction(str(r["imps_won"])),
            imps_lost=Fraction(str(r["imps_lost"])),
        )
        for r in t["ranking"]
    )
    return TeamsView(matches, standings, t.get("vp_scale") or "")


def _status(data: dict[str, Any]) -> PublicationStatus:
    """The status as published; a JSON written before there was one is provisional exactly
    when a finding blocks publishing."""
    status = data.get("status")
    if isinstance(status, dict):
        return PublicationStatus(
            status.get("state") == "provisional",
            tuple(status.get("reasons") or ()),
            tuple(status.get("waiting") or ()),
        )
    return PublicationStatus()  # the model makes it provisional if a finding blocks


def results_from_dict(data: dict[str, Any]) -> EventResults:
    """The results model from the JSON document (``results_json.results_to_dict``)."""
    event = data["event"]
    findings = tuple(
        FindingView(
            f["severity"],
            f["code"],
            f.get("session") or "",
            f.get("where") or "",
            f["message"],
            f.get("suggestion") or "",
        )
        for f in data.get("findings") or ()
    )
    return EventResults(
        title=event["title"],
        date=event.get("date") or "",
        club=event.get("club") or "",
        kind=event["kind"],
        scale=event["scale"],
        sessions=tuple(_session(s) for s in data.get("sessions") or ()),
        leveled=tuple(_leveled(e) for e in data.get("overall") or ()),
        awards=tuple(
            Award(
                place=a["place"],
                pair=a["pair"],
                player=PlayerView(a["name"], a.get("member") or ""),
                points=Fraction(str(a["points"])),
                kind=a.get("kind") or "bronze",
                competition=a.get("competition") or "",
                date=a.get("date") or "",
            )
            for a in data.get("masterpoints") or ()
        ),
        findings=findings,
        teams=None if data.get("teams") is None else _teams(data["teams"]),
        paul_jones=paul_jones_from_dict(data.get("paul_jones")),
        individual=individual_from_dict(data.get("individual")),
        handicap=handicap_from_dict(data.get("handicap")),
        target_top=_maybe(event.get("target_top")),
        notes=tuple(data.get("notes") or ()),
        store_head=store_head_from_dict(data.get("store")),
        status=_status(data),
        publication=_publication(data.get("publication")),
        changes=_changes(data.get("changes")),
        audit=tuple(_audit(entry) for entry in data.get("audit") or ()),
        presentation=Presentation(event.get("matchpoint_presentation") or "points"),
    )


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text.replace("Z", "+00:00"))


def _publication(data: dict[str, Any] | None) -> PublicationView | None:
    if data is None:
        return None
    published_at = _time(data["published_at"])
    assert published_at is not None
    return PublicationView(
        version=data["version"],
        published_at=published_at,
        time_zone=data.get("time_zone") or "",
        cause=data.get("cause") or "",
        late=bool(data.get("late_override")),
        sessions=tuple(
            SessionPeriodView(
                session=s["session"],
                name=s.get("name") or "",
                official_at=_time(s.get("official_at")),
                deadline=_time(s.get("correction_deadline")),
                passed=bool(s.get("deadline_passed")),
                rule=s.get("rule") or "",
                open_items=tuple(s.get("open_review_items") or ()),
                blocking=s.get("blocking_findings") or 0,
                reopened=tuple(
                    (r["board"], _time(r["until"])) for r in s.get("reopened_boards") or ()
                ),
                changed_in=s.get("changed_in_version") or 1,
            )
            for s in data.get("sessions") or ()
        ),
    )


def _pair_of(values: list[Any]) -> tuple[Fraction | None, Fraction | None]:
    return _maybe(values[0]), _maybe(values[1])


def _changes(data: dict[str, Any] | None) -> ChangeReport | None:
    if data is None:
        return None
    lines = []
    for c in data.get("lines") or ():
        ns_before, ns_after = _pair_of(c["ns_mp"])
        ew_before, ew_after = _pair_of(c["ew_mp"])
        lines.append(
            LineChange(c["session"], c["board"], c["ns"], c["ew"], c.get("before") or "",
                       c.get("after") or "", ns_before, ns_after, ew_before, ew_after)
        )  # fmt: skip
    pairs = []
    for p in data.get("pairs") or ():
        points, percent, masterpoints = p["points"], p["percent"], p["masterpoints"]
        pairs.append(
            PairChange(
                session=None if p["ranking"] == "overall" else p["ranking"],
                pair=p["pair"],
                names=p.get("names") or "",
                points_before=_maybe(points[0]),
                points_after=_maybe(points[1]),
                percent_before=_maybe(percent[0]),
                percent_after=_maybe(percent[1]),
                place_before=p["place"][0] or "",
                place_after=p["place"][1] or "",
                masterpoints_before=_maybe(masterpoints[0]),
                masterpoints_after=_maybe(masterpoints[1]),
            )
        )
    return ChangeReport(data["version"], data["previous"], data.get("cause") or "",
                        tuple(lines), tuple(pairs))  # fmt: skip


def _audit(entry: dict[str, Any]) -> AuditEntry:
    made_at = _time(entry["made_at"])
    assert made_at is not None
    return AuditEntry(
        number=entry["correction"],
        made_at=made_at,
        session=entry["session"],
        board=entry["board"],
        ns_pair=entry["ns"],
        ew_pair=entry["ew"],
        before=entry.get("before") or "",
        after=entry.get("after") or "",
        by=entry.get("by") or "",
        role=entry.get("role") or "",
        reason=entry.get("reason") or "",
        basis=entry.get("law") or "",
        deadline=_time(entry.get("deadline")),
        version=entry["version"],
        override=entry.get("override") or "",
        ruling=bool(entry.get("ruling_changed")),
        reopens_until=_time(entry.get("reopens_until")),
        review_item=entry.get("review_item") or "",
    )


def store_head_from_dict(data: Any) -> StoreHead | None:
    """The published chain head (``results_json._store_head``), or None when there is none."""
    if not isinstance(data, dict):
        return None
    return StoreHead(int(data["records"]), str(data["chain"]), str(data.get("store") or ""))


def published_head(out_dir: Path, location: StoreLocation) -> ChainHead | None:
    """The chain head the results last published in ``out_dir`` came from, when they came
    from this store (a run pointed at another store is not held to it): what a run and a
    correction check the store against before publishing again."""
    from pipeline.store import ChainHead

    head = read_store_head(Path(out_dir) / RESULTS_FILE)
    if head is None or head.store != location.published_name(out_dir):
        return None
    return ChainHead(head.records, head.chain)


def read_store_head(path: Path) -> StoreHead | None:
    """Just the chain head of a published ``results.json`` (None when the file is missing or
    carries none): what a run checks its store against before going on."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise ResultsJsonError(f"{path}: cannot read the published store head: {error}") from None
    try:
        return store_head_from_dict(data.get("store") if isinstance(data, dict) else None)
    except (KeyError, TypeError, ValueError) as error:
        raise ResultsJsonError(f"{path}: the published store head is damaged: {error!r}") from None


def read_results_json(path: Path) -> EventResults:
    """Read ``results.json``; ResultsJsonError names the file and what is wrong with it."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ResultsJsonError(f"{path}: cannot read it: {error.strerror or error}") from None
    except ValueError as error:
        raise ResultsJsonError(f"{path}: not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise ResultsJsonError(
            f"{path}: not a bridgescan results file (format {found!r}, expected {FORMAT!r})"
        )
    try:
        return results_from_dict(data)
    except (KeyError, TypeError, ValueError, ZeroDivisionError) as error:
        raise ResultsJsonError(f"{path}: incomplete or damaged results: {error!r}") from None
