"""USEBIO 1.2: reading files as federations' programs write them, writing valid ones."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pipeline.events.hands import Deal
from pipeline.interop.apply import apply_scores
from pipeline.interop.cells import pbn_date, usebio_date
from pipeline.interop.convert import session_from_travellers
from pipeline.interop.records import InteropError, Scoring
from pipeline.interop.score import rescore
from pipeline.interop.usebio import read_usebio_bytes, validate_usebio
from pipeline.interop.usebio_writer import write_usebio
from pipeline.results.field_records import FieldOptions
from scoring.contract import Contract, Doubling, Seat, Side, Strain
from scoring.outcome import Adjustment, Artificial, Weighted
from scoring.traveller import TravellerRow

EBU_STYLE = """<?xml version="1.0" encoding="ISO-8859-1"?>
<USEBIO Version="1.2">
  <CLUB><CLUB_NAME>Kungsbacka BK</CLUB_NAME><CLUB_ID_NUMBER>123</CLUB_ID_NUMBER></CLUB>
  <EVENT EVENT_TYPE="MP_PAIRS">
    <PROGRAM_NAME>SomeScore</PROGRAM_NAME>
    <EVENT_DESCRIPTION>Tisdagsparen</EVENT_DESCRIPTION>
    <DATE>17/11/2026</DATE>
    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
    <PARTICIPANTS>
      <PAIR>
        <PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
        <PLAYER><PLAYER_NAME>Åke Öst</PLAYER_NAME><NATIONAL_ID_NUMBER>7001</NATIONAL_ID_NUMBER></PLAYER>
        <PLAYER><PLAYER_NAME>Eva Ärm</PLAYER_NAME><NATIONAL_ID_NUMBER>7002</NATIONAL_ID_NUMBER></PLAYER>
        <PLACE>1</PLACE><TOTAL_SCORE>3.5</TOTAL_SCORE><PERCENTAGE>87.50</PERCENTAGE>
      </PAIR>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>2</PLACE></PAIR>
    </PARTICIPANTS>
    <BOARD>
      <BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
        <CONTRACT>4H*</CONTRACT><PLAYED_BY>W</PLAYED_BY><LEAD>SA</LEAD><TRICKS>9</TRICKS>
        <SCORE>100</SCORE><NS_MATCH_POINTS>3.5</NS_MATCH_POINTS><EW_MATCH_POINTS>0.5</EW_MATCH_POINTS>
      </TRAVELLER_LINE>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
        <SCORE>A+</SCORE><NS_MATCH_POINTS>2.4</NS_MATCH_POINTS><EW_MATCH_POINTS>1.6</EW_MATCH_POINTS>
      </TRAVELLER_LINE>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>
        <CONTRACT>PASS</CONTRACT><SCORE>0</SCORE>
        <NS_MATCH_POINTS>0.5</NS_MATCH_POINTS><EW_MATCH_POINTS>3.5</EW_MATCH_POINTS>
      </TRAVELLER_LINE>
    </BOARD>
    <HANDSET>
      <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
        <HAND><DIRECTION>N</DIRECTION><SPADES>AKQ2</SPADES><HEARTS>J43</HEARTS><DIAMONDS>T98</DIAMONDS><CLUBS>765</CLUBS></HAND>
        <HAND><DIRECTION>E</DIRECTION><SPADES>JT9</SPADES><HEARTS>AKQ2</HEARTS><DIAMONDS>765</DIAMONDS><CLUBS>T98</CLUBS></HAND>
        <HAND><DIRECTION>S</DIRECTION><SPADES>876</SPADES><HEARTS>T98</HEARTS><DIAMONDS>AKQ2</DIAMONDS><CLUBS>J43</CLUBS></HAND>
        <HAND><DIRECTION>W</DIRECTION><SPADES>543</SPADES><HEARTS>765</HEARTS><DIAMONDS>J43</DIAMONDS><CLUBS>AKQ2</CLUBS></HAND>
      </BOARD>
    </HANDSET>
  </EVENT>
</USEBIO>
""".encode("iso-8859-1")  # noqa: E501


DEAL = "N:AKQ2.J43.T98.765 JT9.AKQ2.765.T98 876.T98.AKQ2.J43 543.765.J43.AKQ2"


@pytest.fixture(scope="module")
def ebu() -> object:
    return read_usebio_bytes(EBU_STYLE, "tuesday.xml")


def test_event_header(ebu: object) -> None:
    assert (ebu.event, ebu.date, ebu.program, ebu.site) == (  # type: ignore[attr-defined]
        "Tisdagsparen", "2026.11.17", "SomeScore", "Kungsbacka BK",
    )  # fmt: skip
    assert ebu.scoring is Scoring.MATCHPOINTS  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "pbn", "usebio"),
    [
        ("17/11/2026", "2026.11.17", "17/11/2026"),
        ("2026-11-07", "2026.11.07", "07/11/2026"),
        ("2026.11.07", "2026.11.07", "07/11/2026"),
        ("2026.??.??", "2026.??.??", "2026.??.??"),
    ],
)
def test_dates_between_the_formats(text: str, pbn: str, usebio: str) -> None:
    assert (pbn_date(text), usebio_date(text)) == (pbn, usebio)


def test_traveller_lines(ebu: object) -> None:
    first, adjusted, passed = ebu.board(1).results  # type: ignore[attr-defined]
    assert first.contract == Contract(4, Strain.HEARTS, Doubling.DOUBLED)
    assert (first.declarer, first.tricks, first.ns_score, first.lead) == (Seat.WEST, 9, 100, "SA")
    assert (first.ns_mp, first.ew_mp) == (Fraction(7, 2), Fraction(1, 2))
    assert first.location.line == 20 and "TRAVELLER_LINE[1]" in (first.location.path or "")
    assert adjusted.adjustment == Adjustment(Artificial(Fraction(60)), Artificial(Fraction(40)))
    assert passed.passed_out and passed.contract is None


def test_participants_keyed_by_number_and_direction(ebu: object) -> None:
    assert ebu.by_direction  # type: ignore[attr-defined]
    pairs = {p.key: p for p in ebu.pairs}  # type: ignore[attr-defined]
    assert set(pairs) == {"1NS", "1EW", "2NS", "2EW", "3NS", "3EW"}
    first = pairs["1NS"]
    assert first.names == ("Åke Öst", "Eva Ärm") and first.member_ids == ("7001", "7002")
    assert (first.total, first.percent, first.rank) == (Fraction(7, 2), Fraction(175, 2), "1")


def test_handset_deal(ebu: object) -> None:
    deal = ebu.board(1).deal  # type: ignore[attr-defined]
    assert deal == Deal.parse(
        "N:AKQ2.J43.T98.765 JT9.AKQ2.765.T98 876.T98.AKQ2.J43 543.765.J43.AKQ2"
    )


def test_pair_numbers_with_their_direction() -> None:
    xml = b"""<USEBIO Version="1.2"><EVENT EVENT_TYPE="CROSS_IMP">
    <BOARD><BOARD_NUMBER>3</BOARD_NUMBER>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>
    <CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>600</SCORE>
    <NS_IMPS>2.5</NS_IMPS><EW_IMPS>-2.5</EW_IMPS></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"""
    session = read_usebio_bytes(xml, "x.xml")
    assert session.scoring is Scoring.CROSS_IMPS and session.by_direction
    result = session.results[0]
    assert (session.ns_key(result), session.ew_key(result)) == ("1NS", "1EW")
    assert (result.ns_imps, result.ew_imps) == (Fraction(5, 2), Fraction(-5, 2))
    assert {p.key: p.side for p in session.pairs} == {"1NS": Side.NS, "1EW": Side.EW}


@pytest.mark.parametrize(
    ("event_type", "scoring"),
    [
        ("MP_PAIRS", Scoring.MATCHPOINTS),
        ("BUTLER_PAIRS", Scoring.BUTLER),
        ("CROSS_IMP", Scoring.CROSS_IMPS),
        ("TEAMS_OF_FOUR", Scoring.TEAMS),
        ("SWISS_TEAMS", Scoring.TEAMS),
        ("INDIVIDUAL", Scoring.UNKNOWN),
    ],
)
def test_event_types(event_type: str, scoring: Scoring) -> None:
    xml = f'<USEBIO Version="1.2"><EVENT EVENT_TYPE="{event_type}"/></USEBIO>'.encode()
    assert read_usebio_bytes(xml).scoring is scoring


def test_teams_match_boards_take_the_round_from_the_match() -> None:
    xml = b"""<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS_OF_FOUR">
    <MATCH><ROUND_NUMBER>4</ROUND_NUMBER><TEAM>7</TEAM><OPPOSING_TEAM>9</OPPOSING_TEAM>
      <BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
        <TRAVELLER_LINE><DIRECTION>NS</DIRECTION><NS_PAIR_NUMBER>7</NS_PAIR_NUMBER>
        <EW_PAIR_NUMBER>9</EW_PAIR_NUMBER><CONTRACT>1NT</CONTRACT><PLAYED_BY>N</PLAYED_BY>
        <TRICKS>7</TRICKS><SCORE>90</SCORE></TRAVELLER_LINE>
      </BOARD></MATCH></EVENT></USEBIO>"""
    result = read_usebio_bytes(xml, "t.xml").results[0]
    assert (result.board, result.round, result.ns_score) == (2, 4, 90)


@pytest.mark.parametrize(
    ("xml", "message"),
    [
        (b"<USEBIO><EVENT>", r"b.xml:1: not well-formed XML"),
        (b"<RESULTS/>", r"b.xml:1: root is <RESULTS>"),
        (b'<USEBIO Version="1.2"/>', r"b.xml:1: no <EVENT>"),
        (
            b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1'
            b"</BOARD_NUMBER>\n<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
            b"</TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
            r"b.xml:2: board 1: a traveller line needs NS_PAIR_NUMBER and EW_PAIR_NUMBER",
        ),
        (
            b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1'
            b"</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2"
            b"</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
            r"b.xml:1: board 1: contract 4S needs PLAYED_BY and TRICKS",
        ),
    ],
)
def test_bad_files_name_file_and_line(xml: bytes, message: str) -> None:
    with pytest.raises(InteropError, match=message):
        read_usebio_bytes(xml, "b.xml")


def test_external_entities_are_never_resolved(tmp_path: object) -> None:
    secret = tmp_path / "secret.txt"  # type: ignore[operator]
    secret.write_text("TOP SECRET")
    xml = (
        f'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file://{secret}">]>'
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
        "<EVENT_DESCRIPTION>&x;</EVENT_DESCRIPTION></EVENT></USEBIO>"
    ).encode()
    assert "TOP SECRET" not in read_usebio_bytes(xml).event


def _scored() -> object:
    rows = [
        TravellerRow(1, 1, 1, Contract(4, Strain.SPADES), Seat.NORTH, 10, round=1, table=1),
        TravellerRow(1, 2, 2, Contract(4, Strain.SPADES, Doubling.DOUBLED), Seat.NORTH, 9,
                     round=1, table=2),
        TravellerRow(1, 3, 3, adjustment=Adjustment(Artificial(Fraction(60)),
                                                    Artificial(Fraction(60))), round=1, table=3),
        TravellerRow(2, 1, 2, passed_out=True),
        TravellerRow(2, 2, 3, adjustment=Adjustment(Weighted.of(420), Weighted.of(-100))),
        TravellerRow(2, 3, 1, adjustment=Adjustment(Weighted.of(-150), Weighted.of(-150))),
    ]  # fmt: skip
    deal = Deal.parse(DEAL)
    session = session_from_travellers(
        rows, event="Höst & vinter <A>", site="Malmö", mitchell=True,
        names={"1NS": ("Åke Öst", "Eva Ärm")}, deals={1: deal},
    )  # fmt: skip
    return apply_scores(session, rescore(session, FieldOptions()))


def test_written_file_is_valid_against_the_dtd() -> None:
    data = write_usebio(_scored())  # type: ignore[arg-type]
    assert data.startswith(b"<?xml version='1.0' encoding='UTF-8'?>\n<!DOCTYPE USEBIO")
    assert validate_usebio(data) == []


def test_round_trip_through_our_reader() -> None:
    scored = _scored()
    back = read_usebio_bytes(write_usebio(scored), "rt.xml")  # type: ignore[arg-type]
    assert back.event == "Höst & vinter <A>" and back.site == "Malmö"
    keep = ("contract", "declarer", "tricks", "ns_score", "adjustment", "ns_mp", "ew_mp")
    for ours, theirs in zip(scored.results, back.results, strict=True):  # type: ignore[attr-defined]
        assert [getattr(theirs, k) for k in keep] == [getattr(ours, k) for k in keep]
    assert [(p.key, p.names, p.total, p.rank) for p in back.pairs] == [
        (p.key, p.names, p.total, p.rank)
        for p in scored.pairs  # type: ignore[attr-defined]
    ]
    assert back.board(1).deal == scored.board(1).deal  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (b'EVENT_TYPE="MP_PAIRS"', b'EVENT_TYPE="BRIDGE"'),
        (b"<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>", b""),
        (b"<BOARD_NUMBER>1</BOARD_NUMBER>", b"<BOARD_NAME>1</BOARD_NAME>"),
    ],
)
def test_the_dtd_catches_broken_documents(broken: bytes, message: bytes) -> None:
    data = write_usebio(_scored())  # type: ignore[arg-type]
    assert broken in data
    problems = validate_usebio(data.replace(broken, message, 1))
    assert problems and all(p.startswith("line ") for p in problems)


def test_validate_reports_xml_that_is_not_well_formed() -> None:
    assert validate_usebio(b"<USEBIO>")[0].startswith("line 1: not well-formed XML")
