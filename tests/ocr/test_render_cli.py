"""``bridgescan forms print / blank / synth`` (pipeline/cli/forms.py)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
import typer
from typer.testing import CliRunner

from ocr.qrpayload import parse
from pipeline.cli.forms import register
from pipeline.doors.scans.forms import event_id, parse_boards, travellers_from_event

ROOT = Path(__file__).parents[2]
MITCHELL = ROOT / "sample_data" / "events" / "mitchell-9-tables.yaml"


@pytest.fixture(scope="module")
def run():
    app = typer.Typer()
    register(app)
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(app, ["forms", *map(str, args)])

    return invoke


def _qr(pdf: Path, page: int) -> str:
    doc = pdfium.PdfDocument(pdf)
    img = np.array(doc[page].render(scale=150 / 72, grayscale=True).to_pil().convert("L"))
    return cv2.QRCodeDetector().detectAndDecode(img)[0]


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Monday pairs", "monday-pairs"),
        ("Bridgeklubben Väst – Höst 2026!", "bridgeklubben-vast-host-2026"),
        ("Søndag Æble-turnering", "sondag-aeble-turnering"),
        ("???", "event"),
        ("x" * 50, "x" * 40),
    ],
)
def test_event_id(name, slug):
    assert event_id(name) == slug


@pytest.mark.parametrize(
    ("text", "boards"),
    [("1-4", [1, 2, 3, 4]), ("3,5,7", [3, 5, 7]), ("1-2, 25-26", [1, 2, 25, 26]), ("9", [9])],
)
def test_parse_boards(text, boards):
    assert parse_boards(text) == boards


@pytest.mark.parametrize(
    ("text", "message"),
    [("1-", "cannot read"), ("0-3", "upwards from 1"), ("5-2", "upwards"), ("1-3,2", "twice")],
)
def test_parse_boards_rejects(text, message):
    with pytest.raises(ValueError, match=message):
        parse_boards(text)


def test_print_a_session_from_the_event_file(run, tmp_path):
    from pipeline.events.eventfile import load_event

    out = tmp_path / "t.pdf"
    result = run("print", MITCHELL, "-o", out)
    assert result.exit_code == 0, result.output
    assert "27 travellers (A4)" in result.output
    doc = pdfium.PdfDocument(out)
    assert len(doc) == 27  # 9 tables x 3 boards a round
    payload = parse(_qr(out, 4))
    assert (payload.board, payload.event, payload.session, payload.section) == (
        5,
        "monday-pairs",
        "1",
        "A",
    )
    # the rows printed are the movement's plays of the board, in round order
    event = load_event(MITCHELL)
    mv = event.session(1).section("A").movement
    sheet = travellers_from_event(event, 1)[4]
    plays = sorted(mv.plays_of(5), key=lambda e: e.round)
    assert sheet.board == 5 and len(sheet.rows) == mv.times_played(5) == 9
    assert [(r.round, r.ns_pair, r.ew_pair) for r in sheet.rows] == [
        (e.round, e.ns, e.ew) for e in plays
    ]
    assert [r.round for r in sheet.rows] == list(range(1, 10))
    # the QR code lists the section's pairs (issue 43): a Mitchell of 9 tables, 1-18
    assert payload.pairs == mv.pairs == tuple(range(1, 19))
    # and the board's seating (issue 43, item 2): what a form read alone checks its rows by
    assert payload.seating == tuple((e.round, e.ns, e.ew) for e in plays)
    # and the page shows them: the pair numbers of round 1 are in the PDF text
    words = doc[4].get_textpage().get_text_range().split()
    assert str(plays[0].ns) in words and str(plays[0].ew) in words


def test_print_from_explicit_rows(run, tmp_path):
    rows = tmp_path / "rows.csv"
    rows.write_text("board,round,ns,ew\n1,1,1,5\n1,2,2,6\n2,1,3,7\n")
    out = tmp_path / "t.pdf"
    result = run("print", "--rows", rows, "-o", out, "--paper", "Letter")
    assert result.exit_code == 0, result.output
    assert len(pdfium.PdfDocument(out)) == 2
    assert parse(_qr(out, 1)).board == 2 and parse(_qr(out, 1)).paper == "Letter"
    assert parse(_qr(out, 1)).pairs == (1, 2, 3, 5, 6, 7)  # every pair the section's rows seat
    assert parse(_qr(out, 1)).seating == ((1, 3, 7),)  # board 2's one row: round 1, 3-7


def test_print_from_rows_a_scandinavian_spreadsheet_saved(run, tmp_path):
    """`;` between the cells, as Excel saves a CSV in Sweden: it was read as one column
    named 'board;round;ns;ew', refused (exit 2)."""
    rows = tmp_path / "rows.csv"
    rows.write_text("Board;Round;NS;EW\n1;1;1;5\n2;1;3;7\n")
    result = run("print", "--rows", rows, "-o", tmp_path / "t.pdf")
    assert result.exit_code == 0, result.output
    assert len(pdfium.PdfDocument(tmp_path / "t.pdf")) == 2
    assert parse(_qr(tmp_path / "t.pdf", 1)).seating == ((1, 3, 7),)


@pytest.mark.parametrize(
    ("csv", "message"),
    [
        ("board,round,ns\n1,1,1\n", "needs columns board, round, ns, ew"),
        ("board,round,ns,ew\n1,one,1,5\n", "rows.csv row 2: board, round, ns and ew must be"),
        ("board,round,ns,ew\n1,1,4,4\n", "row 2: numbers from 1, and NS is not EW"),
        ("board,round,ns,ew\n", "rows.csv: no rows"),
        (
            "board,round,ns,ew\n" + "".join(f"1,{r},{r},{r + 20}\n" for r in range(1, 17)),
            "board 1: 16 rows do not fit the form's 15 rows",
        ),
    ],
)
def test_bad_rows_file_is_refused_with_its_name_and_row(run, tmp_path, csv, message):
    rows = tmp_path / "rows.csv"
    rows.write_text(csv)
    result = run("print", "--rows", rows, "-o", tmp_path / "t.pdf")
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "t.pdf").exists()


def test_print_needs_exactly_one_source(run, tmp_path):
    assert run("print", "-o", tmp_path / "x.pdf").exit_code == 2
    rows = tmp_path / "rows.csv"
    rows.write_text("board,round,ns,ew\n1,1,1,5\n")
    both = run("print", MITCHELL, "--rows", rows, "-o", tmp_path / "x.pdf")
    assert both.exit_code == 2 and "one of them" in both.output


def test_print_unknown_session(run, tmp_path):
    result = run("print", MITCHELL, "--session", "7", "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2 and "no session 7" in result.output


def test_blank_forms(run, tmp_path):
    out = tmp_path / "b.pdf"
    result = run("blank", "-o", out, "--boards", "1-3", "--paper", "Letter")
    assert result.exit_code == 0, result.output
    doc = pdfium.PdfDocument(out)
    assert len(doc) == 3 and doc[0].get_size() == pytest.approx((612, 792), abs=0.05)
    assert parse(_qr(out, 2)).is_blank_form
    assert parse(_qr(out, 2)).pairs is None  # a BSC payload: nothing said about pairs
    bad = run("blank", "-o", out, "--boards", "x")
    assert bad.exit_code == 2 and "cannot read boards" in bad.output


def test_blank_forms_with_the_club_s_pairs(run, tmp_path):
    out = tmp_path / "b.pdf"
    result = run("blank", "-o", out, "--boards", "1-2", "--pairs", "1-9, 11-12")
    assert result.exit_code == 0, result.output
    payload = parse(_qr(out, 1))
    assert payload.is_blank_form and payload.pairs == (*range(1, 10), 11, 12)
    bad = run("blank", "-o", tmp_path / "c.pdf", "--boards", "1-2", "--pairs", "12-3")
    assert bad.exit_code == 2 and "pair numbers '12-3': not ranges such as 1-18" in bad.output
    assert not (tmp_path / "c.pdf").exists()


def test_blank_forms_for_the_club_s_movement(run, tmp_path):
    """Board 1 of a three-table Mitchell meets 1-4, 3-5, 2-6 in rounds 1-3 (worked by hand
    in tests/ocr/test_blank_meetings.py): "10" then 14 35 26."""
    out = tmp_path / "m.pdf"
    movement = "{type: mitchell, tables: 3, boards_per_round: 2}"
    result = run("blank", "-o", out, "--movement", movement)
    assert result.exit_code == 0, result.output
    assert "6 blank travellers with the movement's meetings" in result.output
    assert _qr(out, 0) == "BSC4|1|A4|1||||1-6|10143526"
    for args, why in [
        (("--pairs", "1-6"), "the movement gives the pair numbers"),
        (("--boards", "7"), "board 7 is not played in the movement"),
        (("--event", MITCHELL), "give --movement or --event"),
    ]:
        bad = run("blank", "-o", tmp_path / "c.pdf", "--movement", movement, *args)
        assert bad.exit_code == 2 and why in bad.output
    assert not (tmp_path / "c.pdf").exists()


def test_blank_forms_for_an_event_file_s_movement(run, tmp_path):
    """The sample Mitchell of 9 tables (NS 1-9, EW 10-18): board 1 is at table 1 in round 1
    and one table lower each round (9, 8, ..., 2), where EW pair 10 + (t - r) mod 9 sits
    (EW move one table up a round): 1-10, 9-17, 8-15, 7-13, 6-11, 5-18, 4-16, 3-14, 2-12,
    each pair in the direction the sample's balanced arrow switches seat it."""
    out = tmp_path / "e.pdf"
    result = run("blank", "-o", out, "--event", MITCHELL, "--boards", "1")
    assert result.exit_code == 0, result.output
    payload = parse(_qr(out, 0))
    assert payload.is_blank_form and payload.pairs == tuple(range(1, 19))
    assert payload.meetings is not None
    assert [r for r, _, _ in payload.meetings] == list(range(1, 10))
    met = [frozenset(m[1:]) for m in payload.meetings]
    assert met == [frozenset(p) for p in ((1, 10), (9, 17), (8, 15), (7, 13), (6, 11),
                                          (5, 18), (4, 16), (3, 14), (2, 12))]  # fmt: skip
    bad = run("blank", "-o", out, "--event", MITCHELL, "--section", "Z")
    assert bad.exit_code == 2 and "no section 'Z'" in bad.output


def test_synth_writes_pages_and_truth(run, tmp_path):
    result = run("synth", tmp_path, "-n", "2", "--split", "test", "--seed", "4", "--dpi", "150")
    assert result.exit_code == 0, result.output
    assert "2 pages" in result.output and "(test split)" in result.output
    truth = json.loads((tmp_path / "page_0002.json").read_text())
    assert truth["split"] == "test" and truth["dpi"] == 150 and truth["board"] == 2
    assert (tmp_path / truth["image"]).exists()
    bad = run("synth", tmp_path, "-n", "1", "--split", "validation")
    assert bad.exit_code == 2 and "unknown split" in bad.output
