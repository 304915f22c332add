"""The interop commands: import-pbn, import-usebio, export, compare, deals (exit codes, output)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest
import typer
from typer.testing import CliRunner

from pipeline.cli.interop import register
from pipeline.interop.apply import apply_scores
from pipeline.interop.convert import session_from_travellers
from pipeline.interop.pbn_writer import write_pbn
from pipeline.interop.score import rescore
from pipeline.interop.usebio import validate_usebio
from pipeline.results.field_records import FieldOptions
from scoring.contract import Contract, Seat, Strain
from scoring.traveller import TravellerRow

DEAL = "N:AKQ2.J43.T98.765 JT9.AKQ2.765.T98 876.T98.AKQ2.J43 543.765.J43.AKQ2"


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def _write_session(path: Path, plant: bool = False) -> Path:
    rows = [
        TravellerRow(1, 1, 1, Contract(4, Strain.SPADES), Seat.NORTH, 10),
        TravellerRow(1, 2, 2, Contract(4, Strain.SPADES), Seat.NORTH, 11),
        TravellerRow(1, 3, 3, Contract(3, Strain.NOTRUMP), Seat.SOUTH, 9),
    ]
    session = session_from_travellers(rows, event="Onsdag", mitchell=True)
    session = apply_scores(session, rescore(session, FieldOptions()))
    if plant:
        board = session.boards[0]
        results = (replace(board.results[0], ns_score=450), *board.results[1:])
        session = replace(session, boards=(replace(board, results=results),))
    path.write_bytes(write_pbn(session))
    return path


def test_import_pbn_summarises(app: typer.Typer, tmp_path: Path) -> None:
    path = _write_session(tmp_path / "wed.pbn")
    result = CliRunner().invoke(app, ["import-pbn", str(path)])
    assert result.exit_code == 0, result.output
    assert "PBN (bridgescan), Onsdag, scoring MP" in result.output
    assert "1 boards, 3 results (0 adjusted), results per board 3, 0 sit-outs" in result.output
    assert "6 pairs (numbered per direction)" in result.output


def test_import_usebio_refuses_a_pbn_file(app: typer.Typer, tmp_path: Path) -> None:
    path = _write_session(tmp_path / "wed.pbn")
    result = CliRunner().invoke(app, ["import-usebio", str(path)])
    assert result.exit_code == 2 and "not a USEBIO file" in result.output


def test_compare_exit_codes(app: typer.Typer, tmp_path: Path) -> None:
    clean = _write_session(tmp_path / "clean.pbn")
    result = CliRunner().invoke(app, ["compare", str(clean)])
    assert result.exit_code == 0 and result.output.rstrip().endswith("no differences")
    planted = _write_session(tmp_path / "planted.pbn", plant=True)
    result = CliRunner().invoke(app, ["compare", str(planted)])
    assert result.exit_code == 1
    assert "score 450 in the file, 420 by bridgescan" in result.output
    assert f"{planted}:" in result.output


def test_compare_with_given_options(app: typer.Typer, tmp_path: Path) -> None:
    clean = _write_session(tmp_path / "clean.pbn")
    result = CliRunner().invoke(app, ["compare", str(clean), "--scale", "1-0.5-0"])
    assert result.exit_code == 1 and "given on the command line: --scale 1-0.5-0" in result.output
    bad = CliRunner().invoke(app, ["compare", str(clean), "--scale", "3-2-1"])
    assert bad.exit_code == 2 and "bad option" in bad.output


def test_compare_of_a_missing_or_broken_file(app: typer.Typer, tmp_path: Path) -> None:
    missing = CliRunner().invoke(app, ["compare", str(tmp_path / "none.pbn")])
    assert missing.exit_code == 2
    broken = tmp_path / "broken.pbn"
    broken.write_text('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract"]\n1 2 9Z\n')
    result = CliRunner().invoke(app, ["compare", str(broken)])
    assert result.exit_code == 2 and f"{broken}:3: board 1:" in result.output


def test_export_to_usebio_with_deals(app: typer.Typer, tmp_path: Path) -> None:
    source = _write_session(tmp_path / "wed.pbn")
    deals = tmp_path / "deals.txt"
    deals.write_text(f"1 {DEAL}\n")
    out = tmp_path / "wed.xml"
    result = CliRunner().invoke(app, ["export", str(source), "-o", str(out), "--deals", str(deals)])
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert validate_usebio(data) == [] and b"<SPADES>AKQ2</SPADES>" in data
    wrong = CliRunner().invoke(app, ["export", str(source), "-o", str(tmp_path / "x.txt")])
    assert wrong.exit_code == 2 and ".pbn" in wrong.output


def test_deals_prints_double_dummy_and_writes_a_workbook(app: typer.Typer, tmp_path: Path) -> None:
    deals = tmp_path / "deals.txt"
    deals.write_text(f"1 {DEAL}\n")
    out = tmp_path / "hands.xlsx"
    result = CliRunner().invoke(app, ["deals", str(deals), "--xlsx", str(out)])
    assert result.exit_code == 0, result.output
    assert "board 1 (N, None): N:AKQ2.J43.T98.765" in result.output
    assert "par -70" in result.output
    assert openpyxl.load_workbook(out)["Hands"]["E2"].value == "AKQ2"


def test_importing_the_commands_loads_nothing_heavy() -> None:
    code = (
        "import sys, pipeline.cli.interop; "
        "print(sorted(m for m in ('lxml', 'endplay', 'openpyxl', 'pandas') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_export_to_pbn_with_double_dummy(app: typer.Typer, tmp_path: Path) -> None:
    source = _write_session(tmp_path / "wed.pbn")
    deals = tmp_path / "deals.txt"
    deals.write_text(f"1 {DEAL}\n")
    out = tmp_path / "web.pbn"
    args = ["export", str(source), "-o", str(out), "--deals", str(deals), "--dd"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    text = out.read_bytes().decode("iso-8859-1")
    assert f'[Deal "{DEAL}"]' in text and '[OptimumScore "EW 70"]' in text


SAMPLE = Path(__file__).resolve().parents[3] / "sample_data" / "club-evening"


@pytest.mark.skipif(not (SAMPLE / "session2.csv").exists(), reason="sample evening not built")
@pytest.mark.parametrize("suffix", [".pbn", ".xml"])
def test_a_session_scored_by_bridgescan_exports_and_compares_clean(
    app: typer.Typer, tmp_path: Path, suffix: str
) -> None:
    out = tmp_path / f"session2{suffix}"
    args = ["export-session", str(SAMPLE / "event.yaml"), str(SAMPLE / "session2.csv"),
            "--session", "2", "-o", str(out)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    compared = CliRunner().invoke(app, ["compare", str(out)])
    assert compared.exit_code == 0, compared.output
    assert compared.output.rstrip().endswith("no differences")


def test_export_session_of_a_missing_event(app: typer.Typer, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["export-session", str(tmp_path / "none.yaml"), "x.csv", "-o", "x.pbn"]
    )
    assert result.exit_code == 2


DATA = Path(__file__).parent / "data" / "pbn"


def test_compare_a_folder_lists_each_file_and_a_summary(app: typer.Typer, tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "season"
    (folder / "march").mkdir(parents=True)
    shutil.copy(DATA / "ruter_club.pbn", folder / "monday.pbn")
    shutil.copy(DATA / "bridgecomposer_capture.pbn", folder / "march" / "tuesday.PBN")
    summary = tmp_path / "summary.csv"
    result = CliRunner().invoke(app, ["compare", str(folder), "--summary", str(summary)])
    assert result.exit_code == 1, result.output  # differences in one file
    lines = result.output.splitlines()
    assert lines[0] == f"compare {folder}: 2 files"
    assert lines[1].startswith(f"  [1/2] {folder / 'march' / 'tuesday.PBN'}: 3 differences")
    assert lines[2].startswith(f"  [2/2] {folder / 'monday.pbn'}: no differences (Ruter")
    assert "2 files: 1 with no differences, 1 with differences, 0 unreadable" in result.output
    rows = summary.read_text(encoding="utf-8-sig").splitlines()
    assert rows[0].startswith("file,program,boards,results,scored with,status")
    assert rows[1].startswith("march/tuesday.PBN,PBN,2,8,") and ",differences,3,0," in rows[1]
    (folder / "march" / "tuesday.PBN").unlink()
    (folder / "broken.xml").write_text("<USEBIO><EVENT>")
    result = CliRunner().invoke(app, ["compare", str(folder)])
    assert result.exit_code == 2 and "broken.xml: cannot be read" in result.output
    (folder / "broken.xml").unlink()
    clean = CliRunner().invoke(app, ["compare", str(folder)])
    assert clean.exit_code == 0, clean.output
    empty = CliRunner().invoke(app, ["compare", str(tmp_path / "season" / "march")])
    assert empty.exit_code == 2 and "no .pbn or .xml results files" in empty.output


def test_compare_options_under_the_event_file_names(app: typer.Typer, tmp_path: Path) -> None:
    ruter = str(DATA / "ruter_club.pbn")
    result = CliRunner().invoke(app, ["compare", ruter, "--sitout-credit", "none"])
    assert result.exit_code == 1
    assert "\n  given on the command line: --sitout-credit none" in result.output
    assert "4 figures: sit-out credit: the average per board (Ruter)" in result.output
    given = CliRunner().invoke(
        app, ["compare", ruter, "--ties", "half-to-even", "--adjusted-rounding", "plain"]
    )
    assert given.exit_code == 0, given.output
    assert "ties half-to-even" in given.output
    bad = CliRunner().invoke(app, ["compare", ruter, "--ties", "sideways"])
    assert bad.exit_code == 2 and "--ties 'sideways' is not one of half-up" in bad.output


def test_export_centred_reads_back_as_centred_and_compares_clean(
    app: typer.Typer, tmp_path: Path
) -> None:
    out = tmp_path / "centred.pbn"
    source = _write_session(tmp_path / "wed.pbn")
    result = CliRunner().invoke(app, ["export", str(source), "-o", str(out), "--centred"])
    assert result.exit_code == 0, result.output
    # 3 results (top 4): +450 4 -> +2.0, +420 2 -> 0, +400 0 -> -2.0; EW the other way.
    text = out.read_text(encoding="latin-1")
    assert " 2 -2 " in text.replace("  ", " ") or "2 -2" in text
    compared = CliRunner().invoke(app, ["compare", str(out)])
    assert compared.exit_code == 0, compared.output
    assert "centred" in compared.output
