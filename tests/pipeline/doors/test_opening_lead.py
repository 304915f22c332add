"""The opening lead (Law 41) where the input records it: a Lead column of a typed traveller,
read in English or Scandinavian notation, printed on the workbook's and the site's
travellers and kept in results.json; never scored."""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import openpyxl

from pipeline.doors.entry import read_csv
from pipeline.flows.score_files import run_score
from pipeline.publish.results_json_read import read_results_json
from pipeline.validation import Code, Severity
from tests.pipeline.workbook_blocks import block

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"

SWEDISH = """Bricka;Rond;Bord;NS;ÖV;Kontrakt;Spelförare;Resultat;NS poäng;ÖV poäng;Utspel
3;1;2;2;5;4H;Ö;=;;620;KD
3;2;1;1;6;4H;V;-1;100;;♠A
3;3;3;3;4;3H;Ö;=;;140;
3;4;4;7;8;3H;Ö;=;;140;H11
"""


def test_a_lead_column_is_read_in_scandinavian_notation(tmp_path: Path) -> None:
    path = tmp_path / "bricka3.csv"
    path.write_text(SWEDISH, encoding="utf-8")
    imported = read_csv(path)
    assert [row.lead for row in imported.rows] == ["CQ", "SA", "", ""]  # klöver dam, spader ess
    (finding,) = imported.findings
    assert finding.code is Code.LEAD_SYNTAX and finding.severity is Severity.WARNING
    assert "H11" in finding.message and finding.location.row == 5
    assert imported.rows[3].tricks == 9  # the result stands without its lead


def test_the_lead_on_the_travellers_of_the_workbook_the_json_and_the_site(
    tmp_path: Path,
) -> None:
    """Session 2 of the sample typed with the leads of board 1 (each line's lead by the
    player on declarer's left); the other boards have no lead and no Lead column."""
    lines = (SAMPLE / "session2.csv").read_text("utf-8").splitlines()
    leads = {1: "♠K", 2: "H10", 3: "RE"}  # the first three lines of board 1
    typed = [lines[0] + ";Lead"] + [
        f"{line};{leads.get(number, '')}" for number, line in enumerate(lines[1:], 1)
    ]
    csv = tmp_path / "session2.csv"
    csv.write_text("\n".join(typed) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    results, _ = run_score(SAMPLE / "event.yaml", [str(SAMPLE / "session1.xlsx"), str(csv)], out)

    board1 = results.sessions[1].boards[0]
    by_pairs = {(line.ns_pair, line.ew_pair): line.lead for line in board1.lines}
    assert (by_pairs[(16, 1)], by_pairs[(9, 12)], by_pairs[(2, 8)]) == ("SK", "HT", "DA")
    assert by_pairs[(11, 7)] == ""
    assert not any(line.lead for line in results.sessions[1].boards[1].lines)

    written = json.loads((out / "results.json").read_text("utf-8"))
    first = written["sessions"][1]["boards"][0]["results"]
    assert {(r["ns"], r["ew"]): r["lead"] for r in first}[(16, 1)] == "SK"
    assert read_results_json(out / "results.json").sessions[1].boards[0] == board1

    book = openpyxl.load_workbook(out / "results.xlsx")
    board = block(book["S2 Travellers"], "Board 1 ·")
    assert board.header[4:9] == ("Contract", "By", "Result", "Lead", "Score NS")
    row = next(r for r in board.rows if r[:2] == (16, 1))
    assert row[4:9] == ("4HX", "E", "-1", "♠K", 100)
    assert "Lead" not in block(book["S2 Travellers"], "Board 2 ·").header

    page = lxml.html.fromstring((out / "web" / "board-2-1.html").read_bytes())
    heads = [" ".join(th.text_content().split()) for th in page.xpath("//table//thead//th")]
    assert "Lead" in heads
    cells = page.xpath('//td[contains(@class, "lead")]')
    shown = [" ".join(td.text_content().split()) for td in cells]
    assert "♠spades K" in shown and "♥hearts 10" in shown  # symbol, its name spoken, rank
    other = (out / "web" / "board-2-2.html").read_text("utf-8")
    assert ">Lead<" not in other
