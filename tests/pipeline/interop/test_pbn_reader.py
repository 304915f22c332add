"""Reading PBN results in the dialects clubs meet: Latin-1/CRLF, A+ lines, Ö-V, short boards."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pipeline.interop.pbn import read_pbn, read_pbn_bytes, scoring_from_tag
from pipeline.interop.records import InteropError, Scoring
from scoring.board import Vulnerability
from scoring.contract import Contract, Doubling, Seat, Side, Strain
from scoring.outcome import Adjustment, Artificial, Weighted

# A Scandinavian program's file: ISO-8859-1, CRLF, Ö/V declarers, N-S/Ö-V directions, an
# A+/A- line on board 1, board 2 with one result fewer, the totals only in the first game.
RUTER_STYLE = "\r\n".join(
    [
        "% PBN 2.1",
        '[Event "Måndagsbridge Växjö"]',
        '[Date "2026.11.16"]',
        '[Scoring "MP"]',
        '[Board "1"]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        '[TotalScoreTable "Rank\\2R;PairId\\2R;Direction\\3L;TotalScoreMP\\5R;'
        'TotalPercentage\\6R;Names\\30L"]',
        ' 1  3 N-S  5.5  68.75 "Åsa Öberg - Lars Ärlig"',
        ' 2  4 Ö-V  2.5  31.25 "Per Ek - Ola Ström"',
        '[ScoreTable "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;'
        'Result\\2R;Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R"]',
        " 1  1  2 4S    N 10   420     -  0.0  4.0",
        " 2  3  4 4S    S 11   450     -  2.0  2.0",
        ' 3  5  6 -     -  -  "A+"  "A-"  2.4  1.6',
        "",
        '[Board "2"]',
        '[Dealer "Ö"]',
        '[Vulnerable "NS"]',
        '[ScoreTable "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;'
        'Result\\2R;Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R"]',
        " 1  1  2 3NT   Ö  8    50     -  3.5  0.5",
        " 2  3  4 2H    V  8     -   110  0.5  3.5",
        "",
    ]
).encode("iso-8859-1")


TABLE = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]'


@pytest.fixture(scope="module")
def ruter() -> object:
    return read_pbn_bytes(RUTER_STYLE, "monday.pbn")


def test_event_tags_and_latin1_names(ruter: object) -> None:
    assert ruter.event == "Måndagsbridge Växjö"  # type: ignore[attr-defined]
    assert ruter.date == "2026.11.16"  # type: ignore[attr-defined]
    assert ruter.scoring is Scoring.MATCHPOINTS  # type: ignore[attr-defined]
    assert [b.number for b in ruter.boards] == [1, 2]  # type: ignore[attr-defined]


def test_table_results_map_onto_the_shared_types(ruter: object) -> None:
    first = ruter.board(1).results[0]  # type: ignore[attr-defined]
    assert (first.ns_pair, first.ew_pair, first.table) == ("1", "2", 1)
    assert first.contract == Contract(4, Strain.SPADES, Doubling.UNDOUBLED)
    assert (first.declarer, first.tricks, first.ns_score) == (Seat.NORTH, 10, 420)
    assert (first.ns_mp, first.ew_mp) == (Fraction(0), Fraction(4))
    assert str(first.location) == "monday.pbn:12"


def test_a_plus_line_is_an_artificial_score_per_side(ruter: object) -> None:
    line = ruter.board(1).results[2]  # type: ignore[attr-defined]
    assert line.adjustment == Adjustment(Artificial(Fraction(60)), Artificial(Fraction(40)))
    assert line.contract is None and line.ns_score is None
    assert line.ns_mp == Fraction(12, 5)


def test_scandinavian_declarers_and_a_board_with_fewer_results(ruter: object) -> None:
    board = ruter.board(2)  # type: ignore[attr-defined]
    assert board.dealer is Seat.EAST and board.vulnerability is Vulnerability.NS
    assert len(board.results) == 2
    assert [r.declarer for r in board.results] == [Seat.EAST, Seat.WEST]
    # Score_EW 110 is EW's: NS scored -110.
    assert [r.ns_score for r in board.results] == [50, -110]


def test_totals_from_the_first_game_with_directions_and_names(ruter: object) -> None:
    pairs = {p.key: p for p in ruter.pairs}  # type: ignore[attr-defined]
    assert set(pairs) == {"1", "2", "3", "4", "5", "6"}
    assert pairs["3"].side is Side.NS and pairs["4"].side is Side.EW
    assert pairs["3"].names == ("Åsa Öberg", "Lars Ärlig")
    assert (pairs["3"].total, pairs["3"].percent, pairs["3"].rank) == (
        Fraction(11, 2),
        Fraction(6875, 100),
        "1",
    )
    assert pairs["1"].total is None  # listed only in the score tables


def test_the_same_file_as_utf8_and_lf_reads_the_same() -> None:
    utf8 = RUTER_STYLE.decode("iso-8859-1").replace("\r\n", "\n").encode("utf-8")
    a = read_pbn_bytes(RUTER_STYLE, "f.pbn")
    b = read_pbn_bytes(utf8, "f.pbn")
    assert a.boards == b.boards and a.pairs == b.pairs


def test_mitchell_numbers_are_keyed_per_direction(tmp_path: object) -> None:
    text = (
        '[Board "1"]\n'
        '[TotalScoreTable "PairId;Direction;TotalScoreMP"]\n'
        "1 N-S 3\n1 Ø-V 1\n2 NS 1\n2 EW 3\n"
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;MP_NS;MP_EW"]\n'
        "1 1 1NT N 7 90 2 0\n2 2 1NT N 6 -50 0 2\n"
    )
    session = read_pbn_bytes(text, "m.pbn")
    assert session.by_direction
    assert [p.key for p in session.pairs] == ["1EW", "1NS", "2EW", "2NS"]
    result = session.board(1).results[1]
    assert (session.ns_key(result), session.ew_key(result)) == ("2NS", "2EW")


@pytest.mark.parametrize(
    ("cells", "expected"),
    [
        ('Pass - - 0', (None, None, None, 0, None)),
        ('4HX W = -', (Contract(4, Strain.HEARTS, Doubling.DOUBLED), Seat.WEST, 10, None, None)),
        ("3NT S +1 430", (Contract(3, Strain.NOTRUMP), Seat.SOUTH, 10, 430, None)),
        ("2SXX E -2 -", (Contract(2, Strain.SPADES, Doubling.REDOUBLED), Seat.EAST, 6, None, None)),
        ("- - - 200", (None, None, None, 200, Adjustment(Weighted.of(200), Weighted.of(200)))),
        ("A5050 - - -", (None, None, None, None,
                         Adjustment(Artificial(Fraction(50)), Artificial(Fraction(50))))),
        ('"60%-40%" - - -', (None, None, None, None,
                             Adjustment(Artificial(Fraction(60)), Artificial(Fraction(40))))),
    ],
)  # fmt: skip
def test_cell_dialects(cells: str, expected: tuple[object, ...]) -> None:
    text = f'[Board "1"]\n{TABLE}\n1 2 {cells}\n'
    result = read_pbn_bytes(text, "d.pbn").board(1).results[0]
    got = (result.contract, result.declarer, result.tricks, result.ns_score, result.adjustment)
    assert got == expected


def test_a_line_with_only_pair_numbers_is_a_board_not_played_there() -> None:
    text = (
        '[Board "3"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Score_NS"]\n1 2 - -\n3 4 Pass 0\n'
    )
    session = read_pbn_bytes(text, "n.pbn")
    assert len(session.board(3).results) == 1
    assert session.notes == ("n.pbn:3: board 3 not played by 1-2",)
    assert session.board(3).results[0].passed_out


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("1 2 4S - 10 420", r"e.pbn:3: board 5: contract 4S needs a declarer and a result"),
        ("1 2 4S N 14 420", r"e.pbn:3: board 5: .*14"),
        ("1 2 8S N 10 420", r"e.pbn:3: board 5: .*level 8"),
        ("1 2 4S Q 10 420", r"e.pbn:3: board 5: unknown declarer 'Q'"),
        ("1 2 4S N 10 lots", r"e.pbn:3: board 5: 'lots' is not a whole number"),
    ],
)
def test_bad_lines_name_file_line_and_board(body: str, message: str) -> None:
    text = f'[Board "5"]\n{TABLE}\n{body}\n'
    with pytest.raises(InteropError, match=message):
        read_pbn_bytes(text, "e.pbn")


def test_bad_deal_names_the_board_tag_line() -> None:
    text = '[Board "7"]\n[Deal "N:AKQ.x.x.x - - -"]\n'
    with pytest.raises(InteropError, match=r"b.pbn:1: board 7: .*"):
        read_pbn_bytes(text, "b.pbn")


def test_score_table_without_pair_columns_is_refused() -> None:
    text = '[Board "1"]\n[ScoreTable "Table;Contract"]\n1 4S\n'
    with pytest.raises(InteropError, match=r"s.pbn:2: \[ScoreTable\] has no pairid_ns column"):
        read_pbn_bytes(text, "s.pbn")


@pytest.mark.parametrize(
    ("tag", "scoring"),
    [
        ("MP", Scoring.MATCHPOINTS),
        ("MatchPoints", Scoring.MATCHPOINTS),
        ("Cross-IMPs", Scoring.CROSS_IMPS),
        ("IMP", Scoring.BUTLER),
        ("Butler", Scoring.BUTLER),
        ("Rubber", Scoring.UNKNOWN),
        (None, Scoring.UNKNOWN),
    ],
)
def test_scoring_tag(tag: str | None, scoring: Scoring) -> None:
    assert scoring_from_tag(tag) is scoring


def test_read_from_disk(tmp_path: object) -> None:
    path = tmp_path / "night.pbn"  # type: ignore[operator]
    path.write_bytes(RUTER_STYLE)
    session = read_pbn(path)
    assert session.source == str(path) and len(session.results) == 5


def test_imported_lines_become_traveller_rows(ruter: object) -> None:
    from pipeline.interop.convert import traveller_rows

    rows = traveller_rows(ruter)  # type: ignore[arg-type]
    assert len(rows) == 5
    first, _, adjusted, east, _ = rows
    assert (first.board, first.ns_pair, first.ew_pair, first.law77_score_ns()) == (1, 1, 2, 420)
    assert first.written_score_ns == 420
    assert str(first.source) == "monday.pbn, row 12"
    assert adjusted.adjustment is not None and adjusted.law77_score_ns() is None
    # 3NT by East, 8 tricks, EW not vulnerable on board 2: one down, +50 to NS.
    assert (east.declarer, east.law77_score_ns()) == (Seat.EAST, 50)


def test_a_file_with_two_sections_is_read_whole_or_one_section() -> None:
    text = (
        '[Board "1"]\n'
        '[TotalScoreTable "Section;PairId;TotalScoreMP"]\nA 1 2\nB 1 0\n'
        '[ScoreTable "Section;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
        "A 1 2 4S N 10 420\nB 1 2 4S N 9 -50\nA 3 4 4S N 11 450\n"
    )
    whole = read_pbn_bytes(text, "two.pbn")
    assert [r.ns_score for r in whole.results] == [420, -50, 450]
    assert whole.sections == ("A", "B")
    assert whole.notes == ("two.pbn: sections A, B; all were read",)
    # Pair keys carry the section: pair 1 of A and pair 1 of B are different pairs.
    assert {p.key: p.total for p in whole.pairs} == {
        "A1": 2,
        "A2": None,
        "A3": None,
        "A4": None,
        "B1": 0,
        "B2": None,
    }
    assert [whole.ns_key(r) for r in whole.results] == ["A1", "B1", "A3"]
    first = read_pbn_bytes(text, "two.pbn", section="A")
    assert [r.ns_score for r in first.results] == [420, 450]
    assert first.notes == ("two.pbn: sections A, B; section A was read",)
    assert {p.key: p.total for p in first.pairs}["1"] == 2
    second = read_pbn_bytes(text, "two.pbn", section="B")
    assert [r.ns_score for r in second.results] == [-50]
    assert {p.key: p.total for p in second.pairs}["1"] == 0
    with pytest.raises(InteropError, match="no section 'C' \\(sections: A, B\\)"):
        read_pbn_bytes(text, "two.pbn", section="C")
