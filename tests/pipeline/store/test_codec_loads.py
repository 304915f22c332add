"""``loads`` decodes each JSON object as the parser builds it (pipeline/store/codec.py):
the same values as ``from_jsonable`` over the parsed document, for every tag."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from fractions import Fraction
from pathlib import Path

from pipeline.store.codec import dumps, from_jsonable, loads
from scoring.contract import Contract, Seat
from scoring.traveller import Source, TravellerRow


def test_loads_gives_what_from_jsonable_gives() -> None:
    from ocr.reading import RowStatus
    from pipeline.events.eventfile import load_event

    row = TravellerRow(
        board=3, ns_pair=2, ew_pair=9, contract=Contract.parse("3NTX"), declarer=Seat.WEST,
        tricks=8, source=Source("scan.pdf", page=3, row=4),
    )  # fmt: skip
    event = load_event(Path(__file__).parents[3] / "sample_data" / "club-evening" / "event.yaml")
    values = [
        row,
        event,
        {(1, "a"): [row, None], 2: {"plain": (4,)}},  # keys that are not text
        {
            "b": b"\x00\xff",
            "d": date(2026, 11, 21),
            "f": Fraction(-7, 3),
            "s": RowStatus.REVIEW,
            "t": datetime(2026, 11, 21, 18, 5, tzinfo=UTC),
            "n": [[(1,), []], {"x": (2, 3)}],
        },
    ]
    for value in values:
        text = dumps(value)
        decoded = loads(text)
        assert decoded == from_jsonable(json.loads(text)) == value
        assert dumps(decoded) == text  # the same types back: tuples, members, dataclasses
    assert loads(dumps((RowStatus.ACCEPTED,)))[0] is RowStatus.ACCEPTED
