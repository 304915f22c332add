"""pipeline/doors/scans/reading.py printed_pairs: what the movement tells the scan reader."""

from __future__ import annotations

from pathlib import Path

from pipeline.doors.scans.reading import _one_series, printed_pairs
from pipeline.events.eventfile import load_event

SAMPLE = Path(__file__).resolve().parents[3] / "sample_data" / "club-evening"


def test_the_sample_howell_numbers_its_pairs_in_one_series():
    """13 pairs, 6 tables a round: every board's traveller knows its six pairings, each
    pair once, and that pair 4 is one pair whichever seat it has."""
    table = printed_pairs(load_event(SAMPLE / "event.yaml"), 1)
    assert table
    for printed in table.values():
        assert printed.one_series is True and printed.numbered_in_one_series
        assert printed.allowed is not None and len(printed.allowed) == 6
        numbers = [n for pairing in printed.allowed for n in pairing]
        assert len(numbers) == len(set(numbers))


def test_a_round_seating_one_number_twice_numbers_ns_and_ew_apart():
    """A Mitchell numbering both sides 1 to 3: round 1 seats NS 1 against EW 1, so the
    number 1 is two pairs; numbered 1 to 6, no round seats a number twice."""
    apart = {1: {(1, 1), (2, 2), (3, 3)}, 2: {(1, 3), (2, 1), (3, 2)}}
    one = {1: {(1, 4), (2, 5), (3, 6)}, 2: {(1, 6), (2, 4), (3, 5)}}
    assert not _one_series(apart)
    assert _one_series(one)
    assert not _one_series({1: {(1, 4), (2, 1)}})  # pair 1 at two tables of one round
