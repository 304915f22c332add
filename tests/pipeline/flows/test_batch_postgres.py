"""``bridgescan batch --store postgresql://...``: the office's machines share one database, and
each event keeps its own store in it (a schema per event), never two events in one store.

``bridgescan batch`` on the test session's PostgreSQL cluster and Prefect API, in the test's
process (the command's exit status from a process of its own is test_batch_flow.py's), with
two typed events (no page to read: this is about the store, not the reader): both published
as official, each event's chain in ``<schema>_<event>`` holding only its own event, nothing
kept in the output folders; run again, nothing is added. A SQLite path is refused (two
events would share it) with exit 2 before anything starts.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.pipeline.flows.commands import Invoke
from tests.pipeline.flows.sample_events import typed_event


def test_each_event_of_a_batch_keeps_its_own_schema_of_one_database(
    tmp_path: Path, postgres, bridgescan: Invoke
) -> None:
    from pipeline.store import EventStore
    from pipeline.store.location import store_location

    day, out = tmp_path / "day", tmp_path / "out"
    typed_event(day / "pairs-a", "Pairs A")
    typed_event(day / "Pairs B", "Pairs B")
    url = postgres.fresh_url()
    schema = store_location(url).schema

    done = bridgescan("batch", day, "-o", out, "--store", url)
    assert done.exit_code == 0, done.stdout[-3000:] + done.stderr[-3000:]
    summary = json.loads((out / "batch-summary.json").read_text())
    assert [e["outcome"] for e in summary["events"]] == ["official", "official"]
    heads = {}
    for folder, suffix, name in (("Pairs B", "pairs_b", "Pairs B"),
                                 ("pairs-a", "pairs_a", "Pairs A")):  # fmt: skip
        published = json.loads((out / folder / "results.json").read_text())
        assert f"schema={schema}_{suffix}" in published["store"]["store"]
        assert not (out / folder / "bridgescan.sqlite").exists()
        with EventStore(url.replace(f"schema={schema}", f"schema={schema}_{suffix}")) as store:
            events = store.current("event")
            assert [record.value.name for record in events.values()] == [name]
            heads[folder] = store.verify()

    again = bridgescan("batch", day, "-o", out, "--store", url)
    assert again.exit_code == 0, again.stdout[-3000:] + again.stderr[-3000:]
    for folder, suffix in (("Pairs B", "pairs_b"), ("pairs-a", "pairs_a")):
        with EventStore(url.replace(f"schema={schema}", f"schema={schema}_{suffix}")) as store:
            assert store.verify() == heads[folder]  # nothing added by the second run

    refused = bridgescan("batch", day, "-o", out, "--store", tmp_path / "one.sqlite")
    assert refused.exit_code == 2 and "a schema per event" in refused.stderr
    assert "Traceback" not in refused.stderr
