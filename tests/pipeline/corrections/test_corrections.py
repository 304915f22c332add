"""Corrections in the correction period (Law 79C, 92B), on the event worked by hand in
``tests/pipeline/correction_event.py``.

The correction of the hand-worked tests: session 2, board 1, NS 4 vs EW 1 made 11 tricks,
+450, not +420. Board 1 then has +450 twice: a tie, NS 4 1 / EW 1 1 and NS 2 1 / EW 3 1.
Session 2 after (of 6):
  pair 1: 1 + 2 + 1 = 4 (66.67%)   pair 2: 1 + 0 + 1 = 2 (33.33%)
  pair 3: 1 + 0 + 1 = 2 (33.33%)   pair 4: 1 + 2 + 1 = 4 (66.67%)      (sum 12)
  Ranking: 1-2 pairs 1 and 4, 3-4 pairs 2 and 3. Silver: the one awarded place is shared by
  two pairs, 4 / 2 = 2 each: pair 1 4 -> 2, pair 4 none -> 2.
Overall (session 2 x 2):
  pair 1: 5.0 + 8 = 13.0 / 36 = 36.11%    pair 2: 13.5 + 4 = 17.5 / 36 = 48.61%
  pair 3: 17.5 + 4 = 21.5 / 36 = 59.72%   pair 4: 7.5 + 8 = 15.5 / 32 = 48.44%
  Places: 1 pair 3, 2 pair 2, 3 pair 7 (17.0, unchanged), 4 pair 4, 5 pair 1, 6, 7 as before.
So the change report lists the one line and pairs 1-4 in session 2 and overall, nothing else.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.corrections import (
    CorrectionRefused,
    LateOverride,
    LineCorrection,
    Role,
    Signature,
    correct,
    verify_audit,
)
from pipeline.corrections.late_change import LateChange
from pipeline.flows.score_files import score_files
from pipeline.results.publication import PairChange
from pipeline.store import EventStore
from scoring.correction import CorrectionBasis
from tests.pipeline.correction_event import (
    DEADLINE,
    EVENT_YAML,
    PUBLISHED,
    SESSION_2,
    iso,
    write_event,
)

pytestmark = pytest.mark.slow  # the correction period worked through the command line

runner = CliRunner()
SCORER = Signature("Eva Berg", Role.SCORER, "NS made 11 tricks: +450, not +420")
BOARD_1 = LineCorrection(session=2, board=1, ns_pair=4, ew_pair=1, result="+1", score=450)


def _publish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, event_yaml: str = EVENT_YAML) -> Path:
    event, files = write_event(tmp_path / "event", event_yaml)
    monkeypatch.setenv("BRIDGESCAN_NOW", iso(PUBLISHED))
    out = tmp_path / "out"
    score_files(event, files, out, "silver")
    return out


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hand-worked event scored and published once for the file (version 1): a folder
    holding ``event`` (its typed files) and ``out`` (the results and the store)."""
    folder = tmp_path_factory.mktemp("published")
    with pytest.MonkeyPatch.context() as monkeypatch:
        _publish(folder, monkeypatch)
    return folder


@pytest.fixture
def out(published: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of the published event for one test (corrections get appended), the
    clock at the publication as when it was scored."""
    for part in ("event", "out"):
        shutil.copytree(published / part, tmp_path / part, symlinks=True)  # links stay links
    monkeypatch.setenv("BRIDGESCAN_NOW", iso(PUBLISHED))
    return tmp_path / "out"


def _correct(out: Path, request: LineCorrection, at: datetime, signature: Signature = SCORER):
    with EventStore(out / "bridgescan.sqlite") as store:
        return correct(store, out, request, signature, clock=lambda: at)


def _state(out: Path) -> tuple[int, int, str]:
    """Records in the store, the current version, and the current JSON: what must not move
    when a correction is refused."""
    with EventStore(out / "bridgescan.sqlite") as store:
        records = store.verify()
    data = json.loads((out / "results.json").read_text("utf-8"))
    return records, data["publication"]["version"], (out / "results.json").read_text("utf-8")


def _json(out: Path) -> dict:
    return json.loads((out / "results.json").read_text("utf-8"))


def _ranking(data: dict, session: int | None) -> dict[int, tuple[Fraction, float, str]]:
    rows = data["overall"] if session is None else data["sessions"][session - 1]["ranking"]
    return {r["pair"]: (Fraction(r["total_exact"]), r["percent"], r["place"]) for r in rows}


def test_the_first_publication_is_version_1_with_its_deadline(out: Path) -> None:
    data = _json(out)
    publication = data["publication"]
    assert publication["version"] == 1
    assert publication["published_at"] == "2026-11-24T20:40:00Z"
    assert publication["time_zone"] == "Europe/Stockholm"
    for session in publication["sessions"]:
        assert session["status"] == "official"
        assert session["correction_deadline"] == "2026-11-24T21:10:00Z"
        assert session["deadline_passed"] is False
    assert _ranking(data, None) == {
        2: (Fraction(39, 2), 54.17, "1-2"), 3: (Fraction(39, 2), 54.17, "1-2"),
        7: (Fraction(17), 70.83, "3"), 1: (Fraction(15), 41.67, "4"),
        4: (Fraction(27, 2), 42.19, "5"), 6: (Fraction(21, 2), 43.75, "6"),
        5: (Fraction(9), 45.0, "7"),
    }  # fmt: skip
    assert _ranking(data, 2) == {
        1: (5, 83.33, "1"),
        2: (3, 50.0, "2-3"),
        4: (3, 50.0, "2-3"),
        3: (1, 16.67, "4"),
    }
    silver = {(a["pair"], a["competition"]): a["points"] for a in data["masterpoints"]}
    assert silver == {(3, "Tuesday 17 November"): 7, (7, "Tuesday 17 November"): 5,
                      (1, "Tuesday 24 November"): 4}  # fmt: skip
    workbook = openpyxl.load_workbook(out / "results.xlsx")
    texts = [c.value for c in workbook["Ranking"]["A"][:6]]
    assert (
        "Version 1, published 2026-11-24 21:40 (Europe/Stockholm) · S1 corrections until "
        "2026-11-24 22:10 (Law 79C) · S2 corrections until 2026-11-24 22:10 (Law 79C)" in texts
    )


def test_a_correction_inside_the_period_is_rescored_and_published(out: Path) -> None:
    outcome = _correct(out, BOARD_1, PUBLISHED + timedelta(minutes=15))
    correction = outcome.correction
    assert (correction.number, correction.version, correction.basis) == (
        1, 2, CorrectionBasis.LAW_79C1
    )  # fmt: skip
    assert correction.deadline == DEADLINE
    report = outcome.changes
    lines = [(c.session, c.board, c.ns_pair, c.ew_pair, c.before, c.after) for c in report.lines]
    assert lines == [(2, 1, 4, 1, "4S N = +420", "4S N +1 +450")]
    line = report.lines[0]
    points = (line.ns_mp_before, line.ns_mp_after, line.ew_mp_before, line.ew_mp_after)
    assert points == (0, 1, 2, 1)
    f = Fraction
    assert list(report.pairs) == [
        PairChange(2, 1, "Anna Berg - Bo Ek", f(5), f(4), f(250, 3), f(200, 3), "1", "1-2",
                   f(4), f(2)),
        PairChange(2, 2, "Cecilia Lind - Dag Holm", f(3), f(2), f(50), f(100, 3), "2-3", "3-4",
                   None, None),
        PairChange(2, 3, "Eva Sjöberg - Fredrik Nyström", f(1), f(2), f(50, 3), f(100, 3), "4",
                   "3-4", None, None),
        PairChange(2, 4, "Gunilla Åberg - Hans Dahl", f(3), f(4), f(50), f(200, 3), "2-3", "1-2",
                   None, f(2)),
        PairChange(None, 1, "Anna Berg - Bo Ek", f(15), f(13), f(125, 3), f(325, 9), "4", "5",
                   None, None),
        PairChange(None, 2, "Cecilia Lind - Dag Holm", f(39, 2), f(35, 2), f(325, 6),
                   f(875, 18), "1-2", "2", None, None),
        PairChange(None, 3, "Eva Sjöberg - Fredrik Nyström", f(39, 2), f(43, 2), f(325, 6),
                   f(1075, 18), "1-2", "1", None, None),
        PairChange(None, 4, "Gunilla Åberg - Hans Dahl", f(27, 2), f(31, 2), f(675, 16),
                   f(775, 16), "5", "4", None, None),
    ]  # fmt: skip
    assert report.pairs[0].points_delta == -1 and report.pairs[4].points_delta == -2
    assert report.pairs[3].masterpoints_delta == 2
    data = _json(out)  # the new version is what out/results.json now shows
    assert data["publication"]["version"] == 2
    assert data["publication"]["sessions"][1]["changed_in_version"] == 2
    assert data["publication"]["sessions"][0]["changed_in_version"] == 1
    assert _ranking(data, 2)[4] == (4, 66.67, "1-2")
    assert _ranking(data, None)[3] == (Fraction(43, 2), 59.72, "1")
    assert data["changes"]["pairs"][3]["masterpoints"] == [None, 2]
    assert data["audit"][0]["law"] == "79C1" and data["audit"][0]["by"] == "Eva Berg"
    # Version 1 stays readable as it was published.
    old = json.loads((out / "versions" / "v0001" / "results.json").read_text("utf-8"))
    assert old["publication"]["version"] == 1 and _ranking(old, 2)[1] == (5, 83.33, "1")
    sheet = openpyxl.load_workbook(out / "results.xlsx")["Changes"]
    rows = [r for r in sheet.iter_rows(values_only=True) if r[0] is not None]
    assert (2, 1, 4, 1, "4S N = +420", "4S N +1 +450", 0, 1, 2, 1) in [r[:10] for r in rows]
    assert ("overall", 3, "Eva Sjöberg - Fredrik Nyström", 19.5, 21.5, 2, pytest.approx(54.1667,
            abs=1e-3), pytest.approx(59.7222, abs=1e-3), pytest.approx(5.5556, abs=1e-3), "1-2",
            "1", None, None) in rows  # fmt: skip


def test_one_second_after_the_deadline_is_refused_and_nothing_changes(out: Path) -> None:
    before = _state(out)
    with pytest.raises(CorrectionRefused, match=r"ended at 2026-11-24 22:10:00 \(Europe/Stockholm"):
        _correct(out, BOARD_1, DEADLINE + timedelta(seconds=1))
    assert _state(out) == before
    # One second before the deadline it is still within the period.
    outcome = _correct(out, BOARD_1, DEADLINE - timedelta(seconds=1))
    assert outcome.correction.basis is CorrectionBasis.LAW_79C1


def test_a_law_79c2_override_is_accepted_and_marked_everywhere(out: Path) -> None:
    signature = Signature("Eva Berg", Role.SCORER, "the table agreed +450; found next morning",
                          LateOverride("Per Lind", "Karin Ek"))  # fmt: skip
    outcome = _correct(out, BOARD_1, DEADLINE + timedelta(hours=12), signature)
    assert outcome.correction.basis is CorrectionBasis.LAW_79C2
    assert outcome.correction.override == LateOverride("Per Lind", "Karin Ek")
    assert outcome.published.publication.late
    data = _json(out)
    assert data["publication"]["late_override"] is True
    assert data["publication"]["sessions"][1]["deadline_passed"] is True
    entry = data["audit"][0]
    assert entry["law"] == "79C2"
    assert entry["override"] == "Law 79C2 override: director Per Lind, organizer Karin Ek"
    workbook = openpyxl.load_workbook(out / "results.xlsx")
    audit = workbook["Audit"]
    row = next(r for r in audit.iter_rows() if r[0].value == 1)
    assert row[9].value == "Law 79C2 OVERRIDE (director Per Lind, organizer Karin Ek)"
    assert row[9].fill.fgColor.rgb.endswith("FFF2CC")  # shaded, so a printout shows it too
    heading = [c.value for c in workbook["Ranking"]["A"][:6]]
    assert any("made under a Law 79C2 override" in str(t) for t in heading)
    shown = runner.invoke(app, ["audit", "show", str(out)])
    assert "Law 79C2 OVERRIDE (director Per Lind, organizer Karin Ek)" in shown.output


def test_an_override_names_both_the_director_and_the_organizer() -> None:
    with pytest.raises(CorrectionRefused, match="both the director and the organizer"):
        Signature("Eva Berg", Role.SCORER, "late", LateOverride("Per Lind", " "))
    with pytest.raises(CorrectionRefused, match="reason"):
        Signature("Eva Berg", Role.SCORER, "  ")


def test_the_organizer_sets_a_later_deadline_or_an_earlier_one_per_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Until the next club night (1 December, 19:00 Stockholm = 18:00 UTC) for the event;
    session 1 a special 10-minute period (until 21:50 Stockholm)."""
    text = EVENT_YAML.replace(
        "  time_zone: Europe/Stockholm\n",
        '  time_zone: Europe/Stockholm\n  correction_period: {until: "2026-12-01 19:00"}\n',
    ).replace("    date: 2026-11-17\n", "    date: 2026-11-17\n    correction_period: 10\n")
    out = _publish(tmp_path, monkeypatch, text)
    sessions = _json(out)["publication"]["sessions"]
    assert sessions[0]["correction_deadline"] == "2026-11-24T20:50:00Z"
    assert sessions[0]["rule"] == "10 minutes after publication"
    assert sessions[1]["correction_deadline"] == "2026-12-01T18:00:00Z"
    next_night = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
    assert _correct(out, BOARD_1, next_night - timedelta(days=1)).correction.deadline == next_night
    later = LineCorrection(2, 3, 1, 2, result="+1", score=-140)
    with pytest.raises(CorrectionRefused, match="ended at 2026-12-01 19:00:00"):
        _correct(out, later, next_night + timedelta(seconds=1))
    session_1 = LineCorrection(1, 5, 1, 7, result="+1", score=120)
    with pytest.raises(CorrectionRefused, match="ended at 2026-11-24 21:50:00"):
        _correct(out, session_1, PUBLISHED + timedelta(minutes=15))


def test_a_changed_ruling_reopens_the_boards_it_touches(out: Path) -> None:
    """At 22:05 the director changes the ruling on session 2 board 3 (1-2: A60/40): a new
    30-minute period runs for board 3 until 22:35 (Law 92B); board 1 closes at 22:10."""
    director = Signature("Per Lind", Role.DIRECTOR, "appeal upheld: misinformation, A60/40")
    ruling = LineCorrection(2, 3, 1, 2, adjusted="A60/40", ruling=True)
    with pytest.raises(CorrectionRefused, match="director"):
        _correct(out, ruling, DEADLINE - timedelta(minutes=5), SCORER)
    outcome = _correct(out, ruling, DEADLINE - timedelta(minutes=5), director)
    reopened = DEADLINE + timedelta(minutes=25)  # 22:35 Stockholm
    assert outcome.correction.ruling and outcome.correction.reopens_until == reopened
    session = _json(out)["publication"]["sessions"][1]
    assert session["reopened_boards"] == [{"board": 3, "until": "2026-11-24T21:35:00Z"}]
    at = DEADLINE + timedelta(minutes=10)  # 22:20: past the session's deadline
    later = _correct(out, LineCorrection(2, 3, 4, 3, result="+1", score=-140), at)
    assert later.correction.basis is CorrectionBasis.LAW_79C1
    assert later.correction.deadline == reopened
    with pytest.raises(CorrectionRefused, match="ended at 2026-11-24 22:10:00"):
        _correct(out, BOARD_1, at)
    entries = _json(out)["audit"]
    assert entries[0]["ruling_changed"] is True
    assert entries[0]["reopens_until"] == "2026-11-24T21:35:00Z"


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (LineCorrection(3, 1, 4, 1, result="+1"), "no session 3 (sessions 1, 2)"),
        (LineCorrection(2, 9, 4, 1, result="+1"), "session 2 has no board 9 (boards 1-3)"),
        (LineCorrection(2, 1, 4, 8, result="+1"), "there is no pair 8 in session 2"),
        (LineCorrection(2, 1, 4, 2, result="+1"), "no such line on board 1 (lines: 4-1, 2-3)"),
        (
            LineCorrection(2, 1, 4, 1, score=500),
            "a score of +500 does not fit 4S by N = on board 1 (vulnerability None): Law 77 "
            "gives +420",
        ),
        (
            LineCorrection(2, 1, 4, 1, score=450),
            "Law 77 gives +420; 4S by N +1 gives +450: give that result",
        ),
        (LineCorrection(2, 1, 4, 1, contract="4Q"), "board 1, NS 4 vs EW 1: unknown strain 'Q'"),
        (LineCorrection(2, 1, 4, 1, new_ew_pair=3), "4-3 4S N = +420 would not be right"),
        (LineCorrection(2, 1, 4, 1), "say what to change"),
        (LineCorrection(2, 1, 4, 1, result="="), "the line is already 4-1 4S N = +420"),
    ],
)
def test_bad_corrections_are_refused_with_one_message_and_change_nothing(
    out: Path, request_: LineCorrection, message: str
) -> None:
    before = _state(out)
    with pytest.raises(CorrectionRefused, match=re.escape(message)) as refused:
        _correct(out, request_, PUBLISHED + timedelta(minutes=5))
    assert "\n" not in str(refused.value)  # one message
    assert _state(out) == before


def test_a_provisional_session_has_no_period_until_it_is_official(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session 2 typed with +400 for 4S= on board 1 (Law 77: +420): a finding blocks it, so
    it is provisional and no period runs; correcting the score makes it official, and its
    30 minutes start then."""
    event, files = write_event(tmp_path / "event")
    csv = Path(files[1])
    csv.write_text(csv.read_text("utf-8").replace("4;1;4S;N;=;420", "4;1;4S;N;=;400"), "utf-8")
    monkeypatch.setenv("BRIDGESCAN_NOW", iso(PUBLISHED))
    out = tmp_path / "out"
    score_files(event, files, out, "silver")
    session = _json(out)["publication"]["sessions"][1]
    assert (session["status"], session["correction_deadline"], session["blocking_findings"]) == (
        "provisional", None, 1
    )  # fmt: skip
    fixed_at = PUBLISHED + timedelta(hours=2)  # long after any 30 minutes: no period ran
    outcome = _correct(out, LineCorrection(2, 1, 4, 1, score=420), fixed_at)
    assert outcome.correction.basis is CorrectionBasis.NOT_OFFICIAL
    board_3 = _json(out)["sessions"][1]["boards"][2]
    assert [(r["ns"], r["ew"]) for r in board_3["results"]].count((1, 2)) == 1
    session = _json(out)["publication"]["sessions"][1]
    assert session["status"] == "official"
    assert session["official_at"] == "2026-11-24T22:40:00Z"
    assert session["correction_deadline"] == "2026-11-24T23:10:00Z"


def test_a_hand_edit_of_a_stored_correction_is_found_by_audit_verify(out: Path) -> None:
    _correct(out, BOARD_1, PUBLISHED + timedelta(minutes=15))
    verified = runner.invoke(app, ["audit", "verify", str(out)])
    assert verified.exit_code == 0, verified.output
    assert "unbroken chain, 2 version(s)" in verified.output
    with sqlite3.connect(out / "bridgescan.sqlite") as db:  # what a forger with sqlite3 does
        db.execute("DROP TRIGGER records_no_update")
        seq, payload = db.execute(
            "SELECT seq, payload FROM records WHERE kind = 'correction'"
        ).fetchone()
        db.execute("UPDATE records SET payload = ? WHERE seq = ?",
                   (payload.replace("Eva Berg", "Someone Else"), seq))  # fmt: skip
    broken = runner.invoke(app, ["audit", "verify", str(out)])
    assert broken.exit_code == 4
    assert f"record {seq} (correction c00001) was changed after it was stored" in broken.output
    refused = runner.invoke(app, ["correct", str(out), "--session", "2", "--board", "3",
                                  "--ns", "1", "--ew", "2", "--result", "+1", "--score", "-140",
                                  "--by", "X", "--role", "scorer", "--reason", "r"])  # fmt: skip
    assert refused.exit_code == 4 and "the event store is broken" in refused.output


def test_audit_verify_finds_a_published_file_changed_afterwards(out: Path) -> None:
    _correct(out, BOARD_1, PUBLISHED + timedelta(minutes=15))
    path = out / "versions" / "v0001" / "results.json"
    path.write_text(path.read_text("utf-8").replace('"Anna Berg"', '"Anna Borg"'), "utf-8")
    with EventStore(out / "bridgescan.sqlite") as store:
        report = verify_audit(store, out)
    assert not report.ok
    assert report.problems == (
        f"version 1: {path} is not the file that was published (its SHA-256 differs)",
    )


def test_the_command_line_workflow(out: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGESCAN_NOW", iso(PUBLISHED + timedelta(minutes=15)))
    args = ["correct", str(out), "--session", "2", "--board", "1", "--ns", "4", "--ew", "1",
            "--result", "+1", "--score", "450", "--by", "Eva Berg", "--role", "scorer",
            "--reason", "NS made 11 tricks"]  # fmt: skip
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    assert "Correction 1 accepted: session 2, board 1: 4-1 4S N = +420 -> 4-1 4S N +1 +450" in (
        done.output
    )
    assert "Law 79C1, within the correction period (until 2026-11-24 22:10)" in done.output
    assert "Version 2, published 2026-11-24 21:55 (Europe/Stockholm)" in done.output
    assert "open, 15 min left" in done.output
    monkeypatch.setenv("BRIDGESCAN_NOW", iso(DEADLINE + timedelta(seconds=1)))
    again = [*args[:11], "+2", "--score", "480", *args[14:-2], "--reason", "12 tricks"]
    late = runner.invoke(app, [*again, "--seen-version", "2"])
    assert late.exit_code == 2 and "ended at 2026-11-24 22:10:00" in late.output
    stale = runner.invoke(app, [*again, "--seen-version", "1"])
    assert stale.exit_code == 5
    assert "the results changed since you looked (version 2" in stale.output
    versions = runner.invoke(app, ["versions", str(out)])
    assert versions.exit_code == 0 and "correction 1 by Eva Berg (scorer)" in versions.output
    assert "(ended;" in versions.output
    shown = runner.invoke(app, ["audit", "show", str(out), "--pair", "1", "--json"])
    assert [e["after"] for e in json.loads(shown.output)] == ["4-1 4S N +1 +450"]
    none = runner.invoke(app, ["audit", "show", str(out), "--board", "2"])
    assert none.output.strip() == "no corrections"
    bad = runner.invoke(app, ["correct", str(out), "--session", "2", "--board", "1", "--ns", "4",
                              "--ew", "1", "--score", "500", "--by", "X", "--role", "captain",
                              "--reason", "r"])  # fmt: skip
    said = "".join(bad.output.replace("│", "").split())  # rich's box, its wrapping removed
    assert bad.exit_code == 2 and "'captain'isnotoneof'scorer','director','organizer'" in said


def _score_again(out: Path, monkeypatch: pytest.MonkeyPatch, at: datetime, s2: str) -> object:
    event = out.parent / "event" / "event.yaml"
    csv = out.parent / "event" / "s2.csv"
    csv.write_text(s2, encoding="utf-8")
    monkeypatch.setenv("BRIDGESCAN_NOW", iso(at))
    return score_files(event, [str(out.parent / "event" / "s1.csv"), str(csv)], out, "silver")


def test_a_rerun_publishes_a_new_version_only_when_something_changed(
    out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    same = _score_again(out, monkeypatch, PUBLISHED + timedelta(minutes=5), SESSION_2)
    assert (same.version, same.new) == (1, False)
    edited = SESSION_2.replace("1;1;1;4;1;4S;N;=;420;;", "1;1;1;4;1;4S;N;+1;450;;")
    within = _score_again(out, monkeypatch, PUBLISHED + timedelta(minutes=10), edited)
    assert (within.version, within.new) == (2, True)
    assert within.publication.cause == "score"
    assert [c.after for c in within.results.changes.lines] == ["4S N +1 +450"]


def test_a_rerun_that_changes_an_official_result_after_the_deadline_is_refused(
    out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The typed file is edited after 22:10 and scored again: refused (Law 79C1), nothing
    published; a correction made afterwards builds on what was published, not on the edit."""
    edited = SESSION_2.replace("1;1;1;4;1;4S;N;=;420;;", "1;1;1;4;1;4S;N;+1;450;;")
    late = DEADLINE + timedelta(minutes=1)
    with pytest.raises(LateChange, match="session 2, board 1, 4-1: 4S N = \\+420 -> 4S N \\+1"):
        _score_again(out, monkeypatch, late, edited)
    assert _json(out)["publication"]["version"] == 1
    signature = Signature("Eva Berg", Role.SCORER, "2H made 9", LateOverride("Per Lind", "Ola Ek"))
    outcome = _correct(out, LineCorrection(2, 3, 1, 2, result="+1", score=-140), late, signature)
    assert [c.after for c in outcome.changes.lines] == ["2H E +1 -140"]  # not the edit
    data = _json(out)
    board_1 = data["sessions"][1]["boards"][0]["results"]
    assert [(r["ns"], r["score_ns"]) for r in board_1 if r["ns"] == 4] == [(4, 420)]


def test_the_decision_on_a_review_item_is_made_again_as_a_correction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session 2's board 3 came in on paper: row 1 (4-3 -110) read surely, row 2 (1-2) sent
    to review with the candidates 2H E = -110 and 2H E +1 -140. While the item is open the
    session is provisional. The director decides candidate 2 (-140): the session is official
    from then, with its 30 minutes; deciding it again (candidate 1) inside them is a
    correction of that decision, kept as a correction and as the queue's decision record."""
    from dataclasses import replace as with_

    from pipeline.corrections import ReviewItemCorrection, correct_review_item
    from pipeline.corrections.inputs import SCORED_INPUT
    from pipeline.corrections.publication import publish_stored
    from pipeline.doors.scans.review import Decision
    from pipeline.doors.session_input import WaitingLine
    from pipeline.flows.steps import load_decisions

    event, files = write_event(tmp_path / "event")
    csv = Path(files[1])
    csv.write_text(csv.read_text("utf-8").replace("3;3;2;1;2;2H;E;=;;110;\n", ""), "utf-8")
    monkeypatch.setenv("BRIDGESCAN_NOW", iso(PUBLISHED))
    out = tmp_path / "out"
    score_files(event, files, out, "silver")
    page = {"file": "scans/s2.pdf", "page": 3, "board": 3, "rows": [
        {"row": 1, "round": 3, "status": "accepted", "reading": "4-3 2H E = -110",
         "alternatives": []},
        {"row": 2, "round": 3, "status": "review", "reading": "1-2 2H E = -110",
         "alternatives": [["1-2 2H E +1 -140", 0.31]]},
    ]}  # fmt: skip
    with EventStore(out / "bridgescan.sqlite") as store:
        store.append("reading", "s2/s2.pdf#p3", page, actor="reader")
        meta = store.latest(SCORED_INPUT, "s2").value
        # the line waits for review (not missing): it counts once when it is decided
        waiting = (WaitingLine(3, 1, 2, "s2.pdf#p3r2", round=3, table=2),)
        store.append(SCORED_INPUT, "s2", with_(meta, open_items=("s2.pdf#p3r2",), waiting=waiting))
        publish_stored(store, out, cause="run", by="test", clock=lambda: PUBLISHED)
    session = _json(out)["publication"]["sessions"][1]
    assert (session["status"], session["open_review_items"]) == ("provisional", ["s2.pdf#p3r2"])

    director = Signature("Per Lind", Role.DIRECTOR, "the traveller says 9 tricks")
    decided_at = PUBLISHED + timedelta(minutes=20)
    with EventStore(out / "bridgescan.sqlite") as store:
        first = correct_review_item(
            store, out, ReviewItemCorrection("s2.pdf#p3r2", "candidate 2"), director,
            clock=lambda: decided_at,
        )  # fmt: skip
    assert first.correction.basis is CorrectionBasis.NOT_OFFICIAL
    assert first.correction.before is None
    assert first.correction.after.written_score_ns == -140
    session = _json(out)["publication"]["sessions"][1]
    assert session["status"] == "official"
    assert session["correction_deadline"] == "2026-11-24T21:30:00Z"  # 20:40 + 20 + 30 min

    with EventStore(out / "bridgescan.sqlite") as store:
        again = correct_review_item(
            store, out, ReviewItemCorrection("s2.pdf#p3r2", "1-2 2H E = -110", seen_version=3),
            director, clock=lambda: decided_at + timedelta(minutes=5),
        )  # fmt: skip
        decisions = load_decisions(store)
    assert again.correction.basis is CorrectionBasis.LAW_79C1
    assert (again.correction.before.written_score_ns, again.correction.after.written_score_ns) == (
        -140, -110
    )  # fmt: skip
    assert [(c.before, c.after) for c in again.changes.lines] == [("2H E +1 -140", "2H E = -110")]
    assert decisions["s2.pdf#p3r2"] == Decision(
        "s2.pdf#p3r2", "Per Lind", "2026-11-24T21:05:00+00:00", "1-2 2H E = -110",
        "the traveller says 9 tricks", source="correction",  # the door it came through
    )  # fmt: skip
    assert _json(out)["audit"][1]["review_item"] == "s2.pdf#p3r2"
    with (
        EventStore(out / "bridgescan.sqlite") as store,
        pytest.raises(CorrectionRefused, match="does not fit Law 77"),
    ):
        correct_review_item(store, out, ReviewItemCorrection("s2.pdf#p3r2", "2H E +1 -110"),
                            director, clock=lambda: decided_at + timedelta(minutes=6))  # fmt: skip


def test_applying_a_correction_to_rows_that_already_hold_it_adds_nothing() -> None:
    """A review item decided as a correction is later brought by the scanner door itself
    (the run takes the same decision): the line is there once, not twice."""
    from pipeline.corrections.inputs import apply_corrections
    from pipeline.corrections.records import Correction
    from scoring.contract import Contract, Seat
    from scoring.traveller import TravellerRow

    decided = TravellerRow(3, 1, 2, Contract.parse("2H"), Seat.EAST, 9, written_score_ns=-140)
    other = TravellerRow(3, 4, 3, Contract.parse("2H"), Seat.EAST, 8, written_score_ns=-110)
    correction = Correction(
        1, 2, 3, None, decided, "Per Lind", Role.DIRECTOR, "checked", PUBLISHED,
        CorrectionBasis.NOT_OFFICIAL, None, 2, 1, review_item="s2.pdf#p3r2",
    )  # fmt: skip
    assert apply_corrections([other], [correction]) == (other, decided)
    assert apply_corrections([other, decided], [correction]) == (other, decided)


def test_the_same_results_in_another_line_order_are_no_new_version(out: Path) -> None:
    from dataclasses import replace as with_

    from pipeline.corrections.publication_record import results_digest
    from pipeline.corrections.records import RESULTS

    with EventStore(out / "bridgescan.sqlite") as store:
        results = store.latest(RESULTS, "event").value
    session = results.sessions[1]
    board = session.boards[0]
    turned = with_(board, lines=tuple(reversed(board.lines)))
    second = with_(session, boards=(turned, *session.boards[1:]))
    other = with_(results, sessions=(results.sessions[0], second))
    assert other != results and results_digest(other) == results_digest(results)
