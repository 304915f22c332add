"""``bridgescan entry template`` and ``bridgescan entry check``: output and exit codes
(0 clean, 1 findings, 2 bad input; --warnings-ok lets warnings pass)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pipeline.cli import entry as cli_entry
from pipeline.events.eventfile_writer import save_event
from tests.pipeline.doors.test_entry_fixtures import club_event, open_sheet, row_of, write_filled

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    cli_entry.register(app)

    @app.callback()
    def root() -> None:
        """bridgescan (test root)."""

    return app


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    return save_event(club_event(), tmp_path / "event.yaml")


def test_template_writes_the_workbook(tmp_path: Path, event_file: Path) -> None:
    out = tmp_path / "out" / "entry.xlsx"
    result = runner.invoke(_app(), ["entry", "template", str(event_file), "-o", str(out),
                                    "--layout", "per-board"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert out.exists() and "per-board" in result.output
    typed = out.read_bytes()
    again = runner.invoke(_app(), ["entry", "template", str(event_file), "-o", str(out)])
    assert again.exit_code == 2 and "exists and may hold typed results" in again.output
    assert out.read_bytes() == typed  # a typed workbook is never overwritten by accident
    forced = runner.invoke(_app(), ["entry", "template", str(event_file), "-o", str(out),
                                    "--force"])  # fmt: skip
    assert forced.exit_code == 0


def test_template_bad_input_exits_2_and_writes_nothing(tmp_path: Path, event_file: Path) -> None:
    out = tmp_path / "entry.xlsx"
    result = runner.invoke(_app(), ["entry", "template", str(event_file), "-o", str(out),
                                    "--session", "4"])  # fmt: skip
    assert result.exit_code == 2 and "session 4 is not in event.yaml" in result.output
    bad_event = tmp_path / "bad.yaml"
    bad_event.write_text("event: [unclosed\n")
    result = runner.invoke(_app(), ["entry", "template", str(bad_event), "-o", str(out)])
    assert result.exit_code == 2 and "bad.yaml" in result.output
    assert not out.exists()


def test_check_clean_session_exits_0(tmp_path: Path, event_file: Path) -> None:
    filled = write_filled(tmp_path / "s1.xlsx")
    result = runner.invoke(_app(), ["entry", "check", str(event_file), str(filled)])
    assert result.exit_code == 0, result.output
    assert "Session 1: 18 rows from s1.xlsx; 0 errors, 0 warnings, 0 notes: no findings." in (
        result.output
    )


def test_check_exit_codes_for_errors_and_warnings(tmp_path: Path, event_file: Path) -> None:
    path = write_filled(tmp_path / "s1.xlsx")
    wb, ws = open_sheet(path)
    for column in "FGIJK":  # board 6 round 2 not entered: a warning (result missing)
        ws[f"{column}{row_of(ws, 6, 2)}"] = None
    wb.save(path)
    warned = runner.invoke(_app(), ["entry", "check", str(event_file), str(path)])
    assert warned.exit_code == 1 and "result-missing" in warned.output
    ok = runner.invoke(_app(), ["entry", "check", str(event_file), str(path), "--warnings-ok"])
    assert ok.exit_code == 0
    ws[f"K{row_of(ws, 1, 1)}"] = 620  # an error: not vulnerable 4S= is +420
    wb.save(path)
    failed = runner.invoke(
        _app(), ["entry", "check", str(event_file), str(path), "--warnings-ok", "--json"]
    )
    assert failed.exit_code == 1
    (session,) = json.loads(failed.output)
    codes = {(f["code"], f["severity"], f["board"], f["row"], f["column"])
             for f in session["findings"]}  # fmt: skip
    assert codes == {
        ("score-mismatch", "error", 1, row_of(ws, 1, 1), "K"),
        ("result-missing", "warning", 6, None, None),
    }


def test_check_bad_files_exit_2(tmp_path: Path, event_file: Path) -> None:
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"not a workbook")
    result = runner.invoke(_app(), ["entry", "check", str(event_file), str(broken)])
    assert result.exit_code == 2
    assert "broken.xlsx: not a readable .xlsx workbook" in result.output
    assert "Traceback" not in result.output


def test_files_of_several_sessions_with_the_at_suffix(tmp_path: Path) -> None:
    from pipeline.doors.entry.sessions import split_session_suffix

    assert split_session_suffix("late.csv@2") == (Path("late.csv"), 2)
    odd = tmp_path / "a@3"
    odd.write_text("")
    assert split_session_suffix(str(odd)) == (odd, None)  # an existing name is never split
    event = club_event()
    two = replace(event, sessions=(event.sessions[0], replace(event.sessions[0], number=2)))
    event_file = save_event(two, tmp_path / "two.yaml")
    csv = tmp_path / "s2.csv"
    csv.write_text("Board,Round,Table,NS,EW,Contract,Declarer,Result,Score\n1,1,1,1,4,4S,N,=,420\n")
    filled = write_filled(tmp_path / "s1.xlsx")
    unsure = runner.invoke(_app(), ["entry", "check", str(event_file), str(filled), str(csv)])
    assert unsure.exit_code == 2 and "s2.csv: which session is this?" in unsure.output
    result = runner.invoke(
        _app(), ["entry", "check", str(event_file), str(filled), f"{csv}@2", "--json"]
    )
    one, second = json.loads(result.output)
    assert (one["session"], one["files"], one["findings"]) == (1, ["s1.xlsx"], [])
    assert (second["session"], second["files"], second["rows"]) == (2, ["s2.csv"], 1)


def test_a_workbook_given_for_another_session_is_refused(tmp_path: Path) -> None:
    event = club_event()
    two = replace(event, sessions=(event.sessions[0], replace(event.sessions[0], number=2)))
    event_file = save_event(two, tmp_path / "two.yaml")
    filled = write_filled(tmp_path / "s1.xlsx")  # its Session sheet says session 1
    result = runner.invoke(_app(), ["entry", "check", str(event_file), f"{filled}@2"])
    assert result.exit_code == 2
    assert "s1.xlsx: this entry workbook is for session 1, not session 2" in result.output
