"""The dialect features of issue 41, each in a file written here and worked by hand.

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

from pipeline.interop.compare import compare_session
from pipeline.interop.pbn import read_pbn, read_pbn_bytes
from pipeline.interop.pbn_writer import write_pbn
from pipeline.interop.records import Scoring
from pipeline.interop.rescore import apply_scores, rescore
from pipeline.interop.rescored import RescoreOptions
from tests.pipeline.pbn_text import pbn_file, write_pbn_text

SUBSTITUTES = {
    1: ["1 1 1 5 4S N 10 420 - 4 2", "2 1 2 6 4S N 11 450 - 6 0",
        "3 1 3 7 4S N 9 - 50 0 6", "4 1 4 - 3NT S 9 400 - 2 4"],
    2: ["1 2 1 5 2S N 8 110 - 6 0", "2 2 2 6 2H W 8 - 110 2 4",
        "3 2 3 7 3H W 9 - 140 0 6", "4 2 - 8 1NT N 7 90 - 4 2"],
}  # fmt: skip
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
    ours = rescore(session, RescoreOptions())
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
    ours = apply_scores(session, rescore(session, RescoreOptions()))
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
    assert comparison.options.method is Scoring.TEAMS
    assert comparison.agrees, comparison.report()
