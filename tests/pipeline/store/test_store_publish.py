"""Publishing from the store: verified first, and the chain head printed everywhere.

The head goes into results.json, the workbook (a custom property and a line on the
Findings sheet) and the web pages, and ``bridgescan store verify --expect`` takes it back
from any of them. A broken store publishes nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from openpyxl import load_workbook
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.corrections.version_commit import verify_before_publishing
from pipeline.publish import publish
from pipeline.publish.results_json_read import read_results_json
from pipeline.publish.workbook.writer import STORE_HEAD_PROPERTY, STORE_PROPERTY
from pipeline.results.model.event import StoreHead
from pipeline.store import EventStore, TamperedError
from tests.pipeline.publish.test_workbook import _results
from tests.pipeline.store.store_raw import bypass_triggers


def test_results_carry_the_head_of_the_store_they_were_recorded_in(tmp_path) -> None:
    out = tmp_path / "out"
    store = out / "bridgescan.sqlite"
    with EventStore(store) as opened:
        opened.append("row", "s1/A/b1/1-2", {"score": 420}, actor="scanner")
        opened.append("results", "event", {"title": "Autumn pairs"})
        verify_before_publishing(opened, out)
        chain = opened.head()
        head = StoreHead(chain.records, chain.chain, opened.location.published_name(out))
    assert (head.records, head.store) == (2, "bridgescan.sqlite")
    published = replace(_results(), store_head=head)
    paths = publish(published, out)

    data = json.loads(paths["json"].read_text())
    assert data["store"] == {"store": "bridgescan.sqlite", "records": 2, "chain": head.chain,
                             "head": f"2:{head.chain}"}  # fmt: skip
    assert read_results_json(paths["json"]).store_head == head
    workbook = load_workbook(paths["workbook"])
    props = {p.name: p.value for p in workbook.custom_doc_props}
    assert props[STORE_HEAD_PROPERTY] == str(head) and props[STORE_PROPERTY] == "bridgescan.sqlite"
    note = [c.value for row in workbook["Findings"].iter_rows() for c in row
            if isinstance(c.value, str) and c.value.startswith("Event store")]  # fmt: skip
    assert note == [f"Event store bridgescan.sqlite: 2 records, chain head {head}. Check it "
                    f"with: bridgescan store verify --expect {head}"]  # fmt: skip
    page = (out / "web" / "index.html").read_text()
    assert re.search(rf"chain head <code class=\"head\">{head}</code> \(2 records\)", page)

    runner = CliRunner()
    for published_file in (paths["json"], paths["workbook"]):
        result = runner.invoke(app, ["store", "verify", "-o", str(out), "--expect",
                                     str(published_file)])  # fmt: skip
        assert result.exit_code == 0, result.output
        assert f"the published head {head} is in the chain" in result.output


def test_a_broken_store_publishes_nothing(tmp_path) -> None:
    out = tmp_path / "out"
    store = out / "bridgescan.sqlite"
    with EventStore(store) as opened:
        opened.append("row", "s1/A/b1/1-2", {"score": 420}, actor="scanner")
    bypass_triggers(str(store), "UPDATE records SET payload = '{\"score\":450}'")
    with EventStore(store) as opened, pytest.raises(TamperedError, match="record 1 .* changed"):
        verify_before_publishing(opened, out)


def test_results_without_a_store_say_so() -> None:
    from pipeline.publish.results_json import results_to_dict

    assert results_to_dict(_results())["store"] is None
