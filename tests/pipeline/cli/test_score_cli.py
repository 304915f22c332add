"""``bridgescan score``: exit codes, messages naming file/sheet/row, nothing half-written."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest
import typer
from typer.testing import CliRunner

from pipeline.cli.score import register
from pipeline.doors.entry import write_entry_workbook
from pipeline.doors.session_input import SessionInput
from pipeline.events.eventfile import load_event, parse_event
from pipeline.flows.score_files import assign_files
from pipeline.results.event import score_event
from sample_data.fill import fill_entry_workbook
from scoring.contract import Contract, Seat
from scoring.traveller import TravellerRow
from tests.pipeline.results.test_club_evening import EVENT_YAML, typed_lines

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.callback()
    def _root() -> None:  # keeps "score" a sub-command, as under the real root
        """bridgescan"""

    return app


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(_app(), ["score", *args])
    return result.exit_code, result.output


@pytest.fixture()
def event_file(tmp_path: Path) -> Path:
    path = tmp_path / "event.yaml"
    path.write_text(EVENT_YAML, encoding="utf-8")
    return path


def _filled(event_file: Path, folder: Path, lines: dict | None = None) -> Path:
    entry = folder / "entry.xlsx"
    write_entry_workbook(entry, load_event(event_file), 1)
    workbook = openpyxl.load_workbook(entry)
    fill_entry_workbook(workbook, typed_lines() if lines is None else lines)
    workbook.save(entry)
    return entry


def test_clean_evening_exits_0_prints_ranking_and_paths(event_file: Path, tmp_path: Path) -> None:
    entry = _filled(event_file, tmp_path)
    code, output = _run(str(event_file), str(entry), "-o", str(tmp_path / "out"))
    assert code == 0, output
    assert "Eva Sjöberg" in output and "72.92" in output
    for name in ("results.xlsx", "results.json", "masterpoints.csv"):
        assert (tmp_path / "out" / name).is_file()
        assert name in output


def test_score_column_error_exits_1_with_the_finding_located(
    event_file: Path, tmp_path: Path
) -> None:
    lines = typed_lines()
    lines[(1, 6, 2)] = {**lines[(1, 6, 2)], "score_ns": 450}  # 4S= is +420 (Law 77)
    entry = _filled(event_file, tmp_path, lines)
    code, output = _run(str(event_file), str(entry), "-o", str(tmp_path / "out"))
    assert code == 1, output
    assert "score-mismatch" in output and "entry.xlsx" in output
    findings = openpyxl.load_workbook(tmp_path / "out" / "results.xlsx")["Findings"]
    rows = [r for r in findings.iter_rows(values_only=True) if r[1] == "score-mismatch"]
    assert len(rows) == 1
    assert rows[0][0] == "error" and "board 1" in rows[0][3] and "row" in rows[0][3]


def _assert_bad_input(code: int, output: str, out: Path, *words: str) -> None:
    assert code == 2, output
    for word in words:
        assert word in output, (word, output)
    assert "nothing was written" in output
    assert not out.exists() or not any(out.iterdir())


def test_corrupt_workbook(event_file: Path, tmp_path: Path) -> None:
    bad = tmp_path / "monday.xlsx"
    bad.write_bytes(b"PK\x03\x04 this is not really a workbook")
    out = tmp_path / "out"
    _assert_bad_input(*_run(str(event_file), str(bad), "-o", str(out)), out, "monday.xlsx")


def test_foreign_workbook(event_file: Path, tmp_path: Path) -> None:
    foreign = tmp_path / "budget.xlsx"
    workbook = openpyxl.Workbook()
    workbook.active.append(["Item", "Cost"])
    workbook.active.append(["Coffee", 12])
    workbook.save(foreign)
    out = tmp_path / "out"
    _assert_bad_input(*_run(str(event_file), str(foreign), "-o", str(out)), out, "budget.xlsx")


def test_missing_columns_in_csv(event_file: Path, tmp_path: Path) -> None:
    csv_file = tmp_path / "travellers.csv"
    csv_file.write_text("Board;NS;EW;Contract\n1;6;2;4S\n", encoding="utf-8")
    out = tmp_path / "out"
    code, output = _run(str(event_file), str(csv_file), "-o", str(out))
    _assert_bad_input(code, output, out, "travellers.csv", "Declarer", "Result")


def test_empty_session(event_file: Path, tmp_path: Path) -> None:
    entry = tmp_path / "empty.xlsx"
    write_entry_workbook(entry, load_event(event_file), 1)
    out = tmp_path / "out"
    code, output = _run(str(event_file), str(entry), "-o", str(out))
    _assert_bad_input(code, output, out, "empty.xlsx", "no results")


def test_movement_not_fitting_the_pair_count(tmp_path: Path) -> None:
    event_file = tmp_path / "event.yaml"
    # A Howell for 9 pairs with only the 7 pairs of the club evening listed.
    event_file.write_text(EVENT_YAML.replace("pairs: 7,", "pairs: 9,"), encoding="utf-8")
    csv_file = tmp_path / "t.csv"
    csv_file.write_text("Board,NS,EW,Contract,Declarer,Result\n1,6,2,4S,N,=\n", encoding="utf-8")
    out = tmp_path / "out"
    code, output = _run(str(event_file), str(csv_file), "-o", str(out))
    _assert_bad_input(code, output, out, "event.yaml", "pair")


def test_file_not_found_and_too_many_files(event_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _assert_bad_input(*_run(str(event_file), "nope.xlsx", "-o", str(out)), out, "nope.xlsx")
    code, output = _run(str(event_file), "3=a.xlsx", "-o", str(out))
    _assert_bad_input(code, output, out, "no session 3")


def test_workbook_of_another_session_is_refused(tmp_path: Path) -> None:
    two = EVENT_YAML + EVENT_YAML.split("sessions:\n", 1)[1].replace("number: 1\n", "number: 2\n")
    event_file = tmp_path / "event.yaml"
    event_file.write_text(two, encoding="utf-8")
    event = load_event(event_file)
    entry = tmp_path / "second.xlsx"
    write_entry_workbook(entry, event, 2)
    workbook = openpyxl.load_workbook(entry)
    fill_entry_workbook(workbook, typed_lines())
    workbook.save(entry)
    out = tmp_path / "out"
    code, output = _run(str(event_file), f"1={entry}", f"2={entry}", "-o", str(out))
    _assert_bad_input(code, output, out, "second.xlsx", "session 2")


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (["a.csv"], {1: ["a.csv"]}),
        (["a.csv", "b.csv"], {1: ["a.csv", "b.csv"]}),
        (["1=a.csv"], {1: ["a.csv"]}),
    ],
)
def test_assign_files_one_session(tmp_path: Path, files: list[str], expected: dict) -> None:
    for name in ("a.csv", "b.csv"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    event = parse_event(EVENT_YAML)
    paths = [
        f.replace("=", "=" + str(tmp_path) + "/") if "=" in f else str(tmp_path / f) for f in files
    ]
    got = assign_files(event, paths)
    assert {k: [p.name for p in v] for k, v in got.items()} == expected


def test_help_imports_nothing_heavy() -> None:
    code = (
        "import sys, pipeline.cli.score as m; "
        "heavy = [n for n in ('openpyxl', 'pipeline.results.pairs', 'scoring.session', 'pandas')"
        " if n in sys.modules]; print(heavy)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"


def test_a_board_that_cannot_be_scored_is_reported_and_the_rest_scored() -> None:
    """Pair 2 typed on two lines of board 1 (the second should be pair 3): validation finds
    it, the board is left out with a board-not-scored error, every other board is scored."""
    event = parse_event(EVENT_YAML)
    rows = []
    for (board, ns, ew), cells in typed_lines().items():
        if "level" not in cells or cells["level"] == "Pass" or "adjusted" in cells:
            continue
        seat = Seat.parse(str(cells["declarer"]))
        contract = Contract.parse(f"{cells['level']}{cells['strain']}{cells.get('doubling', '')}")
        delta = 0 if cells["result"] == "=" else int(str(cells["result"]))
        rows.append(TravellerRow(board, ns, ew, contract, seat, contract.tricks_needed + delta))
    wrong = next(r for r in rows if (r.board, r.ns_pair, r.ew_pair) == (1, 4, 3))
    rows[rows.index(wrong)] = replace(wrong, ew_pair=2)
    results = score_event(event, [SessionInput(1, tuple(rows))])
    codes = {(f.code, f.severity) for f in results.findings}
    assert ("board-not-scored", "error") in codes
    assert ("pair-twice-on-board", "error") in codes
    boards = [b.board for b in results.sessions[0].boards]
    assert 1 not in boards and boards == [2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize("name", ["=SUM(1+1)", "+46 70 123 45", "@cmd", "-2+3", "=B2"])
def test_names_that_start_like_a_formula_are_refused(tmp_path: Path, name: str) -> None:
    event_file = tmp_path / "event.yaml"
    event_file.write_text(EVENT_YAML.replace("Cecilia Lind", f'"{name}"'), encoding="utf-8")
    csv_file = tmp_path / "t.csv"
    csv_file.write_text("Board,NS,EW,Contract,Declarer,Result\n1,6,2,4S,N,=\n", encoding="utf-8")
    out = tmp_path / "out"
    code, output = _run(str(event_file), str(csv_file), "-o", str(out))
    _assert_bad_input(code, output, out, "event.yaml", "pair 2, player 1", repr(name))


@pytest.mark.parametrize("name", ["Anna-Karin Ek", "Per = Bo", "-", "O'Brien", "Åke @ home"])
def test_ordinary_names_pass_the_check(name: str) -> None:
    from pipeline.results.names import check_names

    check_names(parse_event(EVENT_YAML.replace("Cecilia Lind", f'"{name}"')))


# Each hand holds one suit (tests/pipeline/interop/test_deals.py works its double dummy by hand).
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_deals_given_once_print_hand_records_in_every_later_version(event_file, tmp_path):
    entry = _filled(event_file, tmp_path)
    deals = tmp_path / "deals.txt"
    deals.write_text("".join(f"{board} {ONE_SUIT_EACH}\n" for board in range(1, 8)))
    out = tmp_path / "out"
    code, output = _run(str(event_file), str(entry), "-o", str(out), "--deals", f"1={deals}")
    assert code in (0, 1), output
    sheet = openpyxl.load_workbook(out / "results.xlsx")["Hand records"]
    titles = [c.value for c in sheet["A"] if str(c.value).startswith("Board ")]
    assert len(titles) == 7 and titles[0].startswith("Board 1 · dealer N · none vulnerable")
    assert "par +1510 for NS (7S by N, 7S by S)" in titles[0]
    # Scored again without the file: the deals are in the event store, the hands still there.
    code, output = _run(str(event_file), str(entry), "-o", str(out))
    assert "Hand records" in openpyxl.load_workbook(out / "results.xlsx").sheetnames


def test_a_bad_deal_file_is_named_and_nothing_is_published(event_file, tmp_path) -> None:
    entry = _filled(event_file, tmp_path)
    deals = tmp_path / "deals.txt"
    deals.write_text("1 N:AKQ.J43.T98.765 - - -\n")  # twelve cards
    code, output = _run(str(event_file), str(entry), "-o", str(tmp_path / "out"), "--deals",
                        str(deals))  # fmt: skip
    assert code == 2 and "deals.txt" in output and "12 cards" in output
    assert not (tmp_path / "out" / "results.xlsx").exists()
