"""``Append.plain``: a value made of JSON's own types written without the codec's walk
(``dumps_plain``) is the very text ``dumps`` writes, so the record, its digest and the
chain are what they were."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given

from pipeline.store import EventStore
from pipeline.store.codec import dumps, dumps_plain
from pipeline.store.record import Append
from tests.pipeline.json_values import JSON_VALUES as _PLAIN


@given(_PLAIN)
def test_a_plain_value_is_written_as_dumps_writes_it(value: object) -> None:
    assert dumps_plain(value) == dumps(value)


def test_a_tuple_is_not_plain_json() -> None:
    # What ``plain`` promises the caller keeps: a tuple is tagged by ``dumps``, a list here.
    assert dumps((1, "é")) == '{"__tuple__":[1,"é"]}'
    assert dumps_plain((1, "é")) == '[1,"é"]'


def test_a_plain_append_is_the_same_record_and_chain(tmp_path: Path) -> None:
    summary = {"rows": [{"posterior": 0.99875, "value": "3NT", "unsure": False}], "board": None,
               "file": "scans/session1.pdf", "problems": ["låg kontrast"]}  # fmt: skip
    stored = []
    for name, plain in (("walked.sqlite", False), ("plain.sqlite", True)):
        with EventStore(str(tmp_path / name)) as store:
            store.append_many([Append("reading", "s1/a.pdf#p1", summary, actor="reader",
                                      plain=plain)])  # fmt: skip
            record = store.latest("reading", "s1/a.pdf#p1")
            assert record is not None
            stored.append((record.value, record.digest))
    assert stored[0] == stored[1]
    assert stored[1][0] == summary
