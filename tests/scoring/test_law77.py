"""Law 77: the score of every contract, checked three ways.

1. The worked examples in rules.md §2 and classic values from the law's table.
2. Every one of the 7 x 5 x 3 x 2 x 14 cases against an independent table-driven reading
   of the law (law77_reference.py).
3. The same cases against endplay (a well-kept bridge library) as a second opinion.
"""

import itertools

import pytest

from scoring.board import Vulnerability
from scoring.contract import Contract, Doubling, Seat, Strain
from scoring.errors import TricksError
from scoring.law77 import contract_score, ns_score, trick_score, undertrick_penalty
from tests.scoring.law77_reference import reference_score

ALL_CASES = list(
    itertools.product(range(1, 8), list(Strain), list(Doubling), (False, True), range(14))
)


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "expected"),
    [
        # rules.md §2 examples
        ("4S", 10, True, 620),
        ("3NT", 10, False, 430),
        ("1NT", 6, True, -100),
        ("4HX", 7, False, -500),
        ("7NTXX", 13, True, 2980),
        ("2CX", 8, False, 180),
        ("6D", 13, True, 1390),
        # more from the law's table, worked by hand
        ("1C", 7, False, 70),  # 20 + 50 partscore
        ("1NT", 7, False, 90),  # 40 + 50
        ("2NT", 9, False, 150),  # 70 + 50 + 30
        ("3NT", 9, True, 600),  # 100 + 500
        ("5C", 11, False, 400),  # 100 + 300
        ("4C", 10, False, 130),  # 80 + 50: no game
        ("1HX", 7, False, 160),  # 60 + 50 + 50 insult
        ("1HXX", 7, True, 720),  # 120 + 500 (game) + 100 insult
        ("1HXX", 8, True, 1120),  # + one redoubled vulnerable overtrick 400
        ("2SX", 8, True, 670),  # 120 + 500 + 50
        ("3NTX", 10, False, 650),  # 200 + 300 + 50 + 100
        ("6NT", 12, False, 990),  # 190 + 300 + 500
        ("7C", 13, True, 2140),  # 140 + 500 + 1500
        ("4S", 9, False, -50),
        ("4SX", 6, False, -800),  # 100 + 200 + 200 + 300
        ("4SX", 5, True, -1400),  # 200 + 300 x 4
        ("4SXX", 7, False, -1000),  # 2 x (100 + 200 + 200)
        ("7NTXX", 0, True, -7600),  # 2 x (200 + 300 x 12)
        ("7NTX", 0, False, -3500),  # 100 + 200 + 200 + 300 x 10
    ],
)
def test_worked_examples(contract: str, tricks: int, vulnerable: bool, expected: int) -> None:
    assert contract_score(Contract.parse(contract), tricks, vulnerable) == expected


@pytest.mark.parametrize(("level", "strain", "doubling", "vulnerable", "tricks"), ALL_CASES)
def test_every_case_matches_the_printed_table(
    level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int
) -> None:
    contract = Contract(level, strain, doubling)
    expected = reference_score(level, strain.value, doubling.value, vulnerable, tricks)
    assert contract_score(contract, tricks, vulnerable) == expected


def test_every_case_matches_endplay() -> None:
    endplay_types = pytest.importorskip("endplay.types")
    denominations = {
        Strain.CLUBS: endplay_types.Denom.clubs,
        Strain.DIAMONDS: endplay_types.Denom.diamonds,
        Strain.HEARTS: endplay_types.Denom.hearts,
        Strain.SPADES: endplay_types.Denom.spades,
        Strain.NOTRUMP: endplay_types.Denom.nt,
    }
    penalties = {
        Doubling.UNDOUBLED: endplay_types.Penalty.passed,
        Doubling.DOUBLED: endplay_types.Penalty.doubled,
        Doubling.REDOUBLED: endplay_types.Penalty.redoubled,
    }
    mismatches = []
    for level, strain, doubling, vulnerable, tricks in ALL_CASES:
        theirs = endplay_types.Contract(
            level=level,
            denom=denominations[strain],
            declarer=endplay_types.Player.north,
            penalty=penalties[doubling],
            result=tricks - (level + 6),
        ).score(endplay_types.Vul.both if vulnerable else endplay_types.Vul.none)
        ours = contract_score(Contract(level, strain, doubling), tricks, vulnerable)
        if ours != theirs:
            mismatches.append((level, strain, doubling, vulnerable, tricks, ours, theirs))
    assert mismatches == []
    assert len(ALL_CASES) == 7 * 5 * 3 * 2 * 14


def test_trick_score_and_undertricks_pieces() -> None:
    assert trick_score(Contract.parse("3NT")) == 100
    assert trick_score(Contract.parse("2HXX")) == 240
    assert undertrick_penalty(4, Doubling.DOUBLED, vulnerable=False) == 800
    assert undertrick_penalty(3, Doubling.REDOUBLED, vulnerable=True) == 1600
    assert undertrick_penalty(0, Doubling.DOUBLED, vulnerable=True) == 0


@pytest.mark.parametrize(
    ("declarer", "vulnerability", "expected"),
    [
        (Seat.NORTH, Vulnerability.NONE, 420),
        (Seat.SOUTH, Vulnerability.NS, 620),
        (Seat.EAST, Vulnerability.NS, -420),  # EW not vulnerable
        (Seat.WEST, Vulnerability.EW, -620),
        (Seat.WEST, Vulnerability.BOTH, -620),
    ],
)
def test_ns_score_takes_declarer_side_and_vulnerability(
    declarer: Seat, vulnerability: Vulnerability, expected: int
) -> None:
    assert ns_score(Contract.parse("4S"), declarer, 10, vulnerability) == expected


def test_passed_out_scores_zero() -> None:
    assert ns_score(None, None, None, Vulnerability.BOTH) == 0


def test_played_contract_needs_declarer_and_tricks() -> None:
    with pytest.raises(TricksError, match="declarer"):
        ns_score(Contract.parse("4S"), None, 10, Vulnerability.NONE)


@pytest.mark.parametrize("tricks", [-1, 14])
def test_impossible_trick_counts(tricks: int) -> None:
    with pytest.raises(TricksError, match="0-13"):
        contract_score(Contract.parse("4S"), tricks, False)
