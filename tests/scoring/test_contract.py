"""Contracts, strains, seats and results as people write them (English and Scandinavian)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.contract import (
    Contract,
    Doubling,
    Seat,
    Side,
    Strain,
    card_text,
    format_result,
    parse_card,
    parse_contract,
    parse_tricks,
)
from scoring.errors import CardError, ContractError, SeatError, TricksError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4S", Contract(4, Strain.SPADES)),
        ("4s", Contract(4, Strain.SPADES)),
        ("4♠", Contract(4, Strain.SPADES)),
        ("3NT", Contract(3, Strain.NOTRUMP)),
        ("3nt", Contract(3, Strain.NOTRUMP)),
        ("3UT", Contract(3, Strain.NOTRUMP)),
        ("3SA", Contract(3, Strain.NOTRUMP)),
        ("3G", Contract(3, Strain.NOTRUMP)),
        ("3N", Contract(3, Strain.NOTRUMP)),
        ("4HX", Contract(4, Strain.HEARTS, Doubling.DOUBLED)),
        ("4H*", Contract(4, Strain.HEARTS, Doubling.DOUBLED)),
        ("2CXX", Contract(2, Strain.CLUBS, Doubling.REDOUBLED)),
        ("2C**", Contract(2, Strain.CLUBS, Doubling.REDOUBLED)),
        ("2K", Contract(2, Strain.CLUBS)),  # klöver
        ("5R", Contract(5, Strain.DIAMONDS)),  # ruter
        ("4H", Contract(4, Strain.HEARTS)),  # hjärter / hjerter
        ("4 spar x", Contract(4, Strain.SPADES, Doubling.DOUBLED)),
        ("1 kløver", Contract(1, Strain.CLUBS)),
        ("1 ruder", Contract(1, Strain.DIAMONDS)),
        ("6♦", Contract(6, Strain.DIAMONDS)),
        (" 7 nt xx ", Contract(7, Strain.NOTRUMP, Doubling.REDOUBLED)),
    ],
)
def test_contracts_as_written(text: str, expected: Contract) -> None:
    assert parse_contract(text) == expected


@pytest.mark.parametrize("text", ["PASS", "pass", "P", "-", "AP", "Passed out", "passet"])
def test_passed_out(text: str) -> None:
    assert parse_contract(text) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8S", "level 8 is not 1-7"),
        ("0H", "level 0 is not 1-7"),
        ("4Q", "unknown strain"),
        ("S4", "cannot read contract"),
        ("", "cannot read contract"),
        ("4HXXX", "cannot read contract|unknown"),
    ],
)
def test_impossible_contracts_say_why(text: str, message: str) -> None:
    with pytest.raises(ContractError, match=message):
        parse_contract(text)


def test_contract_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Contract.parse("9NT")
    with pytest.raises(ContractError):
        Contract(0, Strain.CLUBS)


@given(
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
)
def test_format_then_parse_round_trips(level: int, strain: Strain, doubling: Doubling) -> None:
    contract = Contract(level, strain, doubling)
    assert Contract.parse(str(contract)) == contract


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("N", Seat.NORTH),
        ("e", Seat.EAST),
        ("Ø", Seat.EAST),
        ("Ö", Seat.EAST),
        ("ö", Seat.EAST),
        ("S", Seat.SOUTH),
        ("W", Seat.WEST),
        ("V", Seat.WEST),
        ("Väst", Seat.WEST),
        ("Øst", Seat.EAST),
        ("Syd", Seat.SOUTH),
        ("Nord", Seat.NORTH),
    ],
)
def test_declarers(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


def test_unknown_declarer() -> None:
    with pytest.raises(SeatError, match="unknown declarer 'X'"):
        Seat.parse("X")


def test_seats_know_their_side_and_order() -> None:
    assert Seat.NORTH.side is Side.NS and Seat.WEST.side is Side.EW
    assert Seat.WEST.next is Seat.NORTH
    assert Side.parse("Ö-V") is Side.EW and Side.parse("N-S") is Side.NS
    assert Side.NS.opponents is Side.EW


@pytest.mark.parametrize(
    ("result", "contract", "tricks"),
    [
        ("10", "4S", 10),
        ("=", "4S", 10),
        ("+1", "4S", 11),
        ("-2", "4S", 8),
        ("−1", "3NT", 8),  # a typographic minus
        ("made 4", "3NT", 10),
        ("M", "2H", 8),
        ("0", "1NT", 0),
        ("13", "7NT", 13),
    ],
)
def test_results_as_written(result: str, contract: str, tricks: int) -> None:
    assert parse_tricks(result, Contract.parse(contract)) == tricks


@pytest.mark.parametrize(
    ("result", "contract", "message"),
    [
        ("14", "4S", "14 tricks; a deal has 0-13"),
        ("+4", "4S", "14 tricks"),
        ("-8", "1NT", "-1 tricks"),
        ("ten", "4S", "cannot read result"),
    ],
)
def test_impossible_results(result: str, contract: str, message: str) -> None:
    with pytest.raises(TricksError, match=message):
        parse_tricks(result, Contract.parse(contract))


@given(st.integers(1, 7), st.integers(0, 13))
def test_result_format_round_trips(level: int, tricks: int) -> None:
    contract = Contract(level, Strain.HEARTS)
    assert parse_tricks(format_result(contract, tricks), contract) == tricks


@pytest.mark.parametrize(
    ("written", "card"),
    [
        ("SA", "SA"),
        ("♠A", "SA"),
        ("A♠", "SA"),  # the rank before a symbol
        ("H10", "HT"),
        ("h 10", "HT"),
        ("HT", "HT"),
        ("DK", "DK"),  # English: diamonds, king
        ("KD", "CQ"),  # Swedish: klöver dam
        ("RE", "DA"),  # ruter ess
        ("SpKn", "SJ"),  # spader knekt
        ("HB", "HJ"),  # Danish: hjerter bonde
        ("♦7", "D7"),
        ("Spader E", "SA"),
    ],
)
def test_a_lead_as_written_is_a_card(written: str, card: str) -> None:
    assert parse_card(written) == card


@pytest.mark.parametrize("written", ["", "S", "A", "S1", "NTA", "ZZ", "SAK"])
def test_what_is_no_card_is_refused_by_name(written: str) -> None:
    with pytest.raises(CardError, match="cannot read the card"):
        parse_card(written)


def test_a_card_printed_with_its_symbol() -> None:
    assert [card_text(c) for c in ("SA", "HT", "DQ", "C2")] == ["♠A", "♥10", "♦Q", "♣2"]
