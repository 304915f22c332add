"""USEBIO 1.2 XML written for a scored session (valid against ``usebio_1_2.dtd``, checked by
``pipeline.interop.usebio.validate_usebio``; docs/interop.md).

The EVENT_TYPE and the scoring method follow the session's scoring; an artificial score is
written as its A-marker, a split score as differing NS_SCORE and EW_SCORE, as the reader
(``pipeline.interop.usebio``) takes them back.
"""

from __future__ import annotations

from fractions import Fraction

from lxml import etree

from pipeline.interop.cells import (
    format_decimal,
    usebio_date,
)
from pipeline.interop.records import (
    ImportedResult,
    ImportedSession,
    Scoring,
)
from scoring.board import dealer_of, vulnerability_of
from scoring.contract import Seat
from scoring.outcome import Artificial, Weighted

__all__ = ["write_usebio"]

_EVENT_TYPE_OUT = {
    Scoring.MATCHPOINTS: "MP_PAIRS",
    Scoring.BUTLER: "BUTLER_PAIRS",
    Scoring.CROSS_IMPS: "CROSS_IMP",
    Scoring.TEAMS: "TEAMS_OF_FOUR",
    Scoring.UNKNOWN: "MP_PAIRS",
}
_METHOD_OUT = {
    Scoring.MATCHPOINTS: "MATCH_POINTS",
    Scoring.BUTLER: "IMPS",
    Scoring.CROSS_IMPS: "CROSS_IMPS",
    Scoring.TEAMS: "IMPS",
    Scoring.UNKNOWN: "MATCH_POINTS",
}


def _sub(parent: etree._Element, tag: str, text: object | None) -> None:
    if text is not None:
        etree.SubElement(parent, tag).text = str(text)


def _fig(value: Fraction | None) -> str | None:
    return None if value is None else format_decimal(value)


def write_usebio(session: ImportedSession, program: str = "bridgescan") -> bytes:
    """USEBIO 1.2 XML (UTF-8, with a DOCTYPE naming our DTD) for a scored session."""
    root = etree.Element("USEBIO", Version="1.2")
    if session.site:
        club = etree.SubElement(root, "CLUB")
        _sub(club, "CLUB_NAME", session.site)
    event = etree.SubElement(root, "EVENT", EVENT_TYPE=_EVENT_TYPE_OUT[session.scoring])
    _sub(event, "PROGRAM_NAME", program)
    _sub(event, "EVENT_DESCRIPTION", session.event or None)
    _sub(event, "DATE", usebio_date(session.date))
    _sub(event, "BOARD_SCORING_METHOD", _METHOD_OUT[session.scoring])
    _sub(event, "BOARDS_PLAYED", len(session.boards))
    _sub(event, "WINNER_TYPE", 2 if session.by_direction else 1)
    participants = etree.SubElement(event, "PARTICIPANTS")
    for pair in session.pairs:
        element = etree.SubElement(participants, "PAIR")
        _sub(element, "PAIR_NUMBER", pair.number)
        _sub(element, "DIRECTION", pair.side.value if pair.side else None)
        for index, name in enumerate(pair.names):
            player = etree.SubElement(element, "PLAYER")
            _sub(player, "PLAYER_NAME", name)
            if index < len(pair.member_ids):
                _sub(player, "NATIONAL_ID_NUMBER", pair.member_ids[index])
        _sub(element, "PLACE", pair.rank)
        _sub(element, "TOTAL_SCORE", _fig(pair.total))
        _sub(element, "PERCENTAGE", _fig(pair.percent))
        _sub(element, "TOTAL_IMPS", _fig(pair.imps))
        _sub(element, "BOARDS_PLAYED", pair.boards_played)
    for board in session.boards:
        if not board.results:
            continue
        element = etree.SubElement(event, "BOARD")
        _sub(element, "BOARD_NUMBER", board.number)
        _sub(element, "DEALER", (board.dealer or dealer_of(board.number)).value)
        _sub(
            element, "VULNERABILITY", (board.vulnerability or vulnerability_of(board.number)).value
        )
        for result in board.results:
            _write_line(etree.SubElement(element, "TRAVELLER_LINE"), result)
    dealt = [board for board in session.boards if board.deal is not None]
    if dealt:
        handset = etree.SubElement(event, "HANDSET")
        for board in dealt:
            element = etree.SubElement(handset, "BOARD")
            _sub(element, "BOARD_NUMBER", board.number)
            assert board.deal is not None
            for seat in Seat:
                hand = board.deal.hand(seat)
                if hand is None:
                    continue
                hand_element = etree.SubElement(element, "HAND")
                _sub(hand_element, "DIRECTION", seat.value)
                for tag, holding in zip(
                    ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), hand.suits, strict=True
                ):
                    _sub(hand_element, tag, holding)
    return bytes(
        etree.tostring(
            root,
            xml_declaration=True,
            encoding="UTF-8",
            pretty_print=True,
            doctype='<!DOCTYPE USEBIO SYSTEM "usebio_1_2.dtd">',
        )
    )


def _write_line(line: etree._Element, result: ImportedResult) -> None:
    _sub(line, "NS_PAIR_NUMBER", result.ns_pair)
    _sub(line, "EW_PAIR_NUMBER", result.ew_pair)
    _sub(line, "ROUND_NUMBER", result.round)
    _sub(line, "TABLE_NUMBER", result.table)
    adjustment = result.adjustment
    if adjustment is not None and isinstance(adjustment.ns, Artificial):
        assert isinstance(adjustment.ew, Artificial)
        ns, ew = (format_decimal(a.percent, 0) for a in (adjustment.ns, adjustment.ew))
        _sub(line, "ADJUSTED_SCORE", f"A{ns}/{ew}")
    elif adjustment is not None and adjustment.is_split:
        assert isinstance(adjustment.ns, Weighted) and isinstance(adjustment.ew, Weighted)
        _sub(line, "NS_SCORE", int(adjustment.ns.mean))
        _sub(line, "EW_SCORE", int(adjustment.ew.mean))
    else:
        if result.contract is not None:
            _sub(line, "CONTRACT", result.contract)
            _sub(line, "PLAYED_BY", result.declarer.value if result.declarer else None)
            _sub(line, "LEAD", result.lead)
            _sub(line, "TRICKS", result.tricks)
        elif adjustment is None:
            _sub(line, "CONTRACT", "PASS")
        _sub(line, "SCORE", result.ns_score)
    _sub(line, "NS_MATCH_POINTS", _fig(result.ns_mp))
    _sub(line, "EW_MATCH_POINTS", _fig(result.ew_mp))
    _sub(line, "NS_PERCENTAGE", _fig(result.ns_percent))
    _sub(line, "EW_PERCENTAGE", _fig(result.ew_percent))
    _sub(line, "NS_IMPS", _fig(result.ns_imps))
    _sub(line, "EW_IMPS", _fig(result.ew_imps))
