"""Dialect features of other programs' files ("-" pairs, "A=" / "+0" splits, penalty lines, Swedish
team files, IMP files), each in a file written here and worked by hand (issue 41).

"-" pairs: a line whose NS or EW pair is "-" but which holds a contract and a score was
played (a substitute pair with no number, a half table). Four tables, NS 1-4 v EW 5-8:
  board 1 (none vul): 1v5 4S= N +420, 2v6 4S+1 N +450, 3v7 4S-1 N -50, 4v"-" 3NT= S +400;
  board 2 (NS vul):   1v5 2S= N +110, 2v6 2H= W -110, 3v7 3H= W -140, "-"v8 1NT= N +90.
Each board has four results (top 6): board 1 NS 4, 6, 0, 2; board 2 NS 6, 2, 0, 4. Had the
"-" line been dropped, board 1 would have three results and Neuberg (N = 4) would give
+450 17/3, +420 3, -50 1/3 instead. Totals (top 6 a board): 1: 4 + 6 = 10 of 12 (83.33%),
2: 6 + 2 = 8 (66.67%), 3: 0, 4: 2 of 6 (33.33%), 5: 2 + 0 = 2 (16.67%), 6: 0 + 4 = 4
(33.33%), 7: 6 + 6 = 12 (100%), 8: 2 of 6 (33.33%). The "-" pairs have no total, no place.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pipeline.cli.interop import register
from pipeline.interop.apply import apply_scores
from pipeline.interop.compare import compare_session
from pipeline.interop.pbn import read_pbn, read_pbn_bytes
from pipeline.interop.pbn_writer import write_pbn
from pipeline.interop.records import InteropError, Scoring
from pipeline.interop.score import rescore
from pipeline.results.field_records import FieldOptions
from scoring.options import CrossImps
from scoring.outcome import Artificial
from tests.pipeline.interop.pbn_text import pbn_file, write_pbn_text

# Both boards as played at four full tables (the penalty lines below use them as they are).
FULL_TABLES = {
    1: ["1 1 1 5 4S N 10 420 - 4 2", "2 1 2 6 4S N 11 450 - 6 0",
        "3 1 3 7 4S N 9 - 50 0 6", "4 1 4 8 3NT S 9 400 - 2 4"],
    2: ["1 2 1 5 2S N 8 110 - 6 0", "2 2 2 6 2H W 8 - 110 2 4",
        "3 2 3 7 3H W 9 - 140 0 6", "4 2 4 8 1NT N 7 90 - 4 2"],
}  # fmt: skip
SUBSTITUTES = {
    1: [*FULL_TABLES[1][:3], "4 1 4 - 3NT S 9 400 - 2 4"],
    2: [*FULL_TABLES[2][:3], "4 2 - 8 1NT N 7 90 - 4 2"],
}
SUBSTITUTE_TOTALS = [
    "1 7 12 100.00", "2 1 10 83.33", "3 2 8 66.67", "4-6 4 2 33.33",
    "4-6 6 4 33.33", "4-6 8 2 33.33", "7 5 2 16.67", "8 3 0 0.00",
]  # fmt: skip


def test_a_dash_pair_that_played_counts_for_the_whole_field(tmp_path: Path) -> None:
    path = write_pbn_text(tmp_path / "half.pbn", pbn_file(SUBSTITUTES, SUBSTITUTE_TOTALS))
    session = read_pbn(path)
    assert not session.sitouts
    assert [len(b.results) for b in session.boards] == [4, 4]
    half = session.board(1).results[3]
    assert half.ns_pair == "4" and half.ew_pair.startswith("-")
    assert half.substitutes == (half.ew_pair,)
    assert session.board(2).results[3].substitutes == (session.board(2).results[3].ns_pair,)
    ours = rescore(session, FieldOptions())
    assert [(line.ns, line.ew) for line in ours.lines[:4]] == [(4, 2), (6, 0), (0, 6), (2, 4)]
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()
    places = {p.key: p.rank for p in apply_scores(session, ours).pairs}
    assert places == {"7": "1", "1": "2", "2": "3", "4": "4-6", "6": "4-6", "8": "4-6",
                      "5": "7", "3": "8"}  # fmt: skip
    assert Fraction(2) == next(p.total for p in ours.pairs if p.key == "8")


def test_a_one_pair_line_without_a_result_is_still_a_sit_out(tmp_path: Path) -> None:
    boards = {1: [*SUBSTITUTES[1][:3], '4 1 4 - - - - "Bye" "Bye" - - ']}
    session = read_pbn(write_pbn_text(tmp_path / "bye.pbn", pbn_file(boards)))
    assert [(s.pair, s.board) for s in session.sitouts] == [("4", 1)]
    assert len(session.board(1).results) == 3


def test_a_dash_pair_is_written_back_as_a_dash(tmp_path: Path) -> None:
    session = read_pbn(write_pbn_text(tmp_path / "half.pbn", pbn_file(SUBSTITUTES)))
    ours = apply_scores(session, rescore(session, FieldOptions()))
    back = read_pbn_bytes(write_pbn(ours), "back.pbn")
    assert [len(r.substitutes) for r in back.results] == [0, 0, 0, 1, 0, 0, 0, 1]
    assert compare_session(back).agrees


# A Swedish Ruter team match: the teams' sides in [TotalScoreTable] are "Hemma" (home) and
# "Borta" (away), the rooms "Öppet" and "Slutet". Home team 1 sits NS in the open room.
# Board 1 (none vul): open 4S= N +420 for home; closed 4S-1 N, away NS -50, so home +50:
# home +470 = 10 IMPs. Board 2 (NS vul): 3NT= S +600 at both tables: 0. Net 10 / -10.
TEAM_COLUMNS = (
    "Round;TeamId_Home;TeamId_Away;Room;Contract;Declarer;Result;Score_NS;Score_EW;"
    "IMP_Home;IMP_Away"
)
TEAM_BOARDS = {
    1: ["1 1 2 Öppet 4S N 10 420 - 10 -10", "1 1 2 Slutet 4S N 9 - 50 10 -10"],
    2: ["1 1 2 Öppet 3NT S 9 600 - 0 0", "1 1 2 Slutet 3NT S 9 600 - 0 0"],
}
TEAM_TOTALS = ['1 1 "Lag Ett" Hemma 10', '2 2 "Lag Två" Borta -10']


def test_a_swedish_team_match_with_hemma_and_borta_reads_and_compares_clean(
    tmp_path: Path,
) -> None:
    text = pbn_file(
        TEAM_BOARDS,
        TEAM_TOTALS,
        columns=TEAM_COLUMNS,
        totals_columns="Rank;TeamId;TeamName;Direction;TotalScoreIMP",
        scoring="IMP",
        generator="Ruter",
    )
    session = read_pbn(write_pbn_text(tmp_path / "lag.pbn", text))
    assert [(p.key, p.side, p.imps) for p in session.pairs] == [("1", None, 10), ("2", None, -10)]
    closed = session.board(1).results[1]
    assert (closed.ns_pair, closed.ew_pair) == ("2", "1")
    comparison = compare_session(session)
    assert comparison.method is Scoring.TEAMS
    assert comparison.agrees, comparison.report()


# Penalty lines: "Pen" in both score cells, on a line of its own after the pair's result,
# the points taken in the pair's MP cell. Four tables, both boards played four times (top 6):
#   board 1 (none vul): 1v5 +420 4/2, 2v6 +450 6/0, 3v7 -50 0/6, 4v8 3NT= S +400 2/4;
#   board 2 (NS vul):   1v5 +110 6/0, 2v6 -110 2/4, 3v7 -140 0/6, 4v8 1NT= N +90 4/2.
# Pair 2 is penalised 10% of board 1's top: 0.6. Its total 6 + 2 - 0.6 = 7.4 of 12
# (61.67%); the others: 1 10 (83.33%), 3 0, 4 6 (50%), 5 2 (16.67%), 6 4 (33.33%),
# 7 12 (100%), 8 6 (50%).
PENALTY_BOARDS = {
    1: [*FULL_TABLES[1][:2], '2 1 2 6 - - - "Pen" "Pen" -0.6 -', *FULL_TABLES[1][2:]],
    2: FULL_TABLES[2],
}
PENALTY_TOTALS = [
    "1 7 12.0 100.00", "2 1 10.0 83.33", "3 2 7.4 61.67", "4-5 4 6.0 50.00",
    "4-5 8 6.0 50.00", "6 6 4.0 33.33", "7 5 2.0 16.67", "8 3 0.0 0.00",
]  # fmt: skip


def test_a_penalty_line_takes_its_points_off_the_pairs_total(tmp_path: Path) -> None:
    path = write_pbn_text(tmp_path / "pen.pbn", pbn_file(PENALTY_BOARDS, PENALTY_TOTALS))
    session = read_pbn(path)
    (penalty,) = session.penalties
    assert (penalty.board, penalty.pair, penalty.points) == (1, "2", Fraction("-0.6"))
    assert len(session.board(1).results) == 4
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()
    assert "1 penalty line: its points taken off the pair's session total" in comparison.evidence
    ours = rescore(session, comparison.options)
    assert ours.pair("2") is not None and ours.pair("2").total == Fraction("7.4")  # type: ignore[union-attr]


def test_a_penalty_line_that_gives_points_is_refused_with_its_place(tmp_path: Path) -> None:
    boards = {**PENALTY_BOARDS, 1: [r.replace("-0.6", "0.6") for r in PENALTY_BOARDS[1]]}
    path = write_pbn_text(tmp_path / "gift.pbn", pbn_file(boards))
    app = typer.Typer()
    register(app)
    result = CliRunner().invoke(app, ["compare", str(path)])
    assert result.exit_code == 2, result.output
    assert f"{path}:{_line_of(path, 'Pen')}" in result.output
    assert "board 1: a penalty line giving 0.6 points to pair 2" in result.output
    assert "Traceback" not in result.output


def _line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="latin-1").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


# A split score written "A=" (NS) / "+0" (EW): NS average, EW the matchpoints of an NS score
# of 0 (as if passed out), every other line compared with that 0. Board 1 at four tables
# (top 6): NS 450 6, 420 4, (0 2), -50 0; the split's NS 50% of 6 = 3, its EW 6 - 2 = 4.
SPLIT = {1: [*FULL_TABLES[1][:3], '4 1 4 8 - - - "A=" "+0" 3 4']}


def test_a_split_of_average_and_a_score_compares_every_line_with_the_score(
    tmp_path: Path,
) -> None:
    session = read_pbn(write_pbn_text(tmp_path / "split.pbn", pbn_file(SPLIT)))
    split = session.board(1).results[3]
    assert split.field_score == 0 and split.ns_score == 0
    assert split.adjustment is not None and split.adjustment.ns == Artificial(Fraction(50))
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()
    ours = apply_scores(session, rescore(session, comparison.options))
    back = read_pbn_bytes(write_pbn(ours), "back.pbn")
    assert back.board(1).results[3].field_score == 0
    assert compare_session(back).agrees


# Pairs in IMPs. [Scoring "IMP"] does not say cross-IMPs or Butler. Board 1 (none vul):
# 1v4 +420, 2v5 +450, 3v6 -50. Cross-IMPs, each result against the two others (IMPs per
# comparison): +420: -30 -1, +470 +10 -> 9/2 = 4.5; +450: +1, +500 +11 -> 6;
# -50: -10, -11 -> -10.5. Butler would give (datum the middle score, 420) 0, +1, -10.
IMP_COLUMNS = "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;IMP_NS;IMP_EW"
CROSS_IMPS = {1: ["1 4 4S N 10 420 - 4.5 -4.5", "2 5 4S N 11 450 - 6.0 -6.0",
                  "3 6 4S N 9 - 50 -10.5 10.5"]}  # fmt: skip
CROSS_TOTALS = ["1 6 10.5", "2 2 6.0", "3 1 4.5", "4 4 -4.5", "5 5 -6.0", "6 3 -10.5"]


def test_a_file_that_says_imp_is_read_as_the_cross_imps_its_figures_are(tmp_path: Path) -> None:
    text = pbn_file(CROSS_IMPS, CROSS_TOTALS, columns=IMP_COLUMNS, scoring="IMP",
                    totals_columns="Rank;PairId;TotalScoreIMP")  # fmt: skip
    session = read_pbn(write_pbn_text(tmp_path / "imp.pbn", text))
    assert session.scoring is Scoring.BUTLER  # what "IMP" is read as before detection
    comparison = compare_session(session)
    assert comparison.method is Scoring.CROSS_IMPS
    assert comparison.agrees, comparison.report()
    assert any(e.startswith("the figures are cross-IMPs, not Butler") for e in comparison.evidence)


# Two sections scored as one field in cross-IMPs. Board 1 (none vul): A 1v4 +420, A 2v5 -50,
# B 1v4 +450, B 2v5 +420. Across the four results: A1 +420: +10, -1, 0 -> 9/3 = 3.00;
# A2 -50: -10, -11, -10 -> -31/3 = -10.33; B1 +450: +1, +11, +1 -> 13/3 = 4.33;
# B2 +420: 0, +10, -1 -> 3.00. Apart, each section would give +-10 and +-1.
SECTIONS = {1: ["A 1 4 4S N 10 420 - 3.00 -3.00", "A 2 5 4S N 9 - 50 -10.33 10.33",
                "B 1 4 4S N 11 450 - 4.33 -4.33", "B 2 5 4S N 10 420 - 3.00 -3.00"]}  # fmt: skip


def test_cross_imp_sections_scored_as_one_field_are_detected(tmp_path: Path) -> None:
    text = pbn_file(SECTIONS, columns="Section;" + IMP_COLUMNS, scoring="Cross-IMP")
    session = read_pbn(write_pbn_text(tmp_path / "sections.pbn", text))
    assert session.sections == ("A", "B")
    comparison = compare_session(session)
    assert comparison.options.across_sections
    assert comparison.agrees, comparison.report()
    assert "2 sections, scored together (one field)" in comparison.evidence


def test_a_frequency_table_without_pairs_is_refused_with_a_reason(tmp_path: Path) -> None:
    # PBN's own example of a board's results as a frequency table (no pair numbers).
    text = pbn_file(
        {1: ["1 99.4 0.6 500 2", "3 98.4 1.6 470 1"]},
        columns="-Rank\\3R;+Percentage_NS\\4R;-Percentage_EW\\4R;+Score_NS\\5R;Multiplicity\\2L",
    )
    path = write_pbn_text(tmp_path / "frequency.pbn", text)
    with pytest.raises(InteropError, match="board 1: \\[ScoreTable\\] is a frequency table"):
        read_pbn(path)


def test_cross_imp_sections_summed_over_the_whole_field_are_detected(tmp_path: Path) -> None:
    # The same board with each result's IMPs summed over its three comparisons (the file's
    # own unit): A1 9, A2 -31, B1 13, B2 9; apart the sums would be +-10 and +-1.
    summed = {1: ["A 1 4 4S N 10 420 - 9 -9", "A 2 5 4S N 9 - 50 -31 31",
                  "B 1 4 4S N 11 450 - 13 -13", "B 2 5 4S N 10 420 - 9 -9"]}  # fmt: skip
    text = pbn_file(summed, columns="Section;" + IMP_COLUMNS, scoring="IMP")
    comparison = compare_session(read_pbn(write_pbn_text(tmp_path / "summed.pbn", text)))
    assert comparison.agrees, comparison.report()
    options = comparison.options
    assert (Scoring.of(options.kind), options.across_sections) == (Scoring.CROSS_IMPS, True)
    assert options.scoring.cross_imps is CrossImps.SUM
