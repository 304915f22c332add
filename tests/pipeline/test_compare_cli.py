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
from pipeline.interop.convert import session_from_travellers
from pipeline.interop.pbn_writer import write_pbn
from pipeline.interop.rescore import RescoreOptions, apply_scores, rescore
from pipeline.interop.usebio import validate_usebio
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
    session = apply_scores(session, rescore(session, RescoreOptions()))
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
    assert "PBN, Onsdag, scoring MP" in result.output
    assert "1 boards, 3 results (0 adjusted)" in result.output
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
    assert result.exit_code == 1 and "options given by the caller" in result.output
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


SAMPLE = Path(__file__).resolve().parents[2] / "sample_data" / "club-evening"


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
