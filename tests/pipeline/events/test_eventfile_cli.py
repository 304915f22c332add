"""``bridgescan event ...`` commands: output, files written, exit codes."""

from __future__ import annotations

from pathlib import Path

import typer
from openpyxl import load_workbook
from typer.testing import CliRunner

from pipeline.cli.event import register

SAMPLE = Path(__file__).resolve().parents[3] / "sample_data" / "events" / "mitchell-9-tables.yaml"


def app() -> typer.Typer:
    root = typer.Typer()
    register(root)

    @root.command("noop")
    def noop() -> None:  # a second command keeps "event" a sub-command group
        """Nothing."""

    return root


def run(*args: str):
    return CliRunner().invoke(app(), list(args))


def test_check_sample():
    result = run("event", "check", str(SAMPLE))
    assert result.exit_code == 0, result.output
    assert "Monday pairs (pairs-matchpoints): 1 session(s)" in result.output
    assert "rounds 9, tables 9, boards 1-27 (27), each played 9 times" in result.output
    assert "one field (one winner)" in result.output
    assert result.output.rstrip().endswith("OK")


def test_check_bad_file_exits_2_with_the_place(tmp_path):
    bad = tmp_path / "event.yaml"
    bad.write_text(SAMPLE.read_text(encoding="utf-8").replace("tables: 9", "tables: nine"))
    result = run("event", "check", str(bad))
    assert result.exit_code == 2
    assert "event.yaml: sessions[0].sections[0].movement:" in result.output
    assert "tables must be a whole number" in result.output


def test_movement_writes_cards_and_csv(tmp_path):
    cards, table = tmp_path / "cards.xlsx", tmp_path / "cards.csv"
    result = run(
        "event", "movement", "howell", "--pairs", "9", "-b", "3",
        "--guide-cards", str(cards), "--csv", str(table),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "rounds 9, tables 4, boards 1-27 (27), each played 4 times" in result.output
    assert "sit-outs: r1: 1; r2: 2;" in result.output
    assert load_workbook(cards).sheetnames == ["Table 2", "Table 3", "Table 4", "Table 5", "Pairs"]
    back = run("event", "movement", "guide-cards", "--file", str(table))
    assert back.exit_code == 0, back.output
    assert "rounds 9, tables 4, boards 1-27 (27), each played 4 times" in back.output


def test_movement_mitchell_options():
    result = run(
        "event", "movement", "mitchell", "--tables", "8", "--even", "skip", "--arrow-switch",
        "last-round", "--absent", "16",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Mitchell 8 tables (skip), 8 x 3 boards" in result.output
    assert "pairs 15, one field (one winner)" in result.output


def test_movement_that_does_not_fit_exits_2():
    result = run("event", "movement", "mitchell", "--tables", "2")
    assert result.exit_code == 2
    assert "play a Howell" in result.output
    result = run("event", "movement", "howell", "--pairs", "40")
    assert result.exit_code == 2
    assert "not available" in result.output


def test_cards_for_an_event_section(tmp_path):
    out = tmp_path / "cards.xlsx"
    result = run("event", "cards", str(SAMPLE), "-o", str(out))
    assert result.exit_code == 0, result.output
    book = load_workbook(out)
    assert len(book.sheetnames) == 10
    assert book["Table 1"]["A2"].value.startswith("Monday pairs - Monday 16 November - section A")
    names = {r[1] for r in book["Pairs"].iter_rows(min_row=4, values_only=True)}
    assert "Anna Berg - Bo Ek" in names


def test_cards_unknown_section(tmp_path):
    result = run("event", "cards", str(SAMPLE), "-o", str(tmp_path / "x.xlsx"), "--section", "Z")
    assert result.exit_code == 2
    assert "no section 'Z'" in result.output
    assert not (tmp_path / "x.xlsx").exists()


def test_suggest():
    result = run("event", "suggest", "--pairs", "13", "--boards", "26-28")
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[:2]
    assert first[0].startswith("Howell 13 pairs, 13 x 2 boards: 26 boards a pair.")
    assert first[1] == "  movement: {type: howell, pairs: 13, boards_per_round: 2}"
    assert "absent: [14]" in result.output


def test_suggest_bad_range_and_nothing_fits():
    assert run("event", "suggest", "--pairs", "8", "--boards", "x").exit_code == 2
    nothing = run("event", "suggest", "--pairs", "8", "--boards", "1-1")
    assert nothing.exit_code == 1
    assert "no generated movement fits 8 pairs" in nothing.output
