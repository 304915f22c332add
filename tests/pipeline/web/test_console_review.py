"""Deciding in the console's review queue puts the decision into the results at once.

The console over the sample's output folder (its store holds pages 16 and 23 of session 1 as
read, as ``run`` keeps them): a row's decision is checked, audited and published as the next
version, as ``bridgescan correct --review-item`` does; a decision taken with an override
is recorded and waits for the next run.
"""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import pytest
from starlette.testclient import TestClient

from pipeline.doors.scans.review_decisions import current_decisions
from pipeline.store import EventStore, store_location
from pipeline.web.app import Console, console_app
from pipeline.web.security import Secrets

TOKEN = "the-token-printed-at-start"


def _director(out: Path) -> tuple[TestClient, str]:
    client = TestClient(
        console_app(Console(out, Secrets(token=TOKEN))), base_url="http://127.0.0.1:8315"
    )
    assert client.get(f"/login?token={TOKEN}").status_code == 200
    doc = lxml.html.fromstring(client.get("/review").text)
    return client, str(doc.xpath('//input[@name="csrf"]/@value')[0])


def _published(out: Path) -> dict:  # type: ignore[type-arg]
    return json.loads((out / "results.json").read_text("utf-8"))


def _line(data: dict, board: int, ns: int) -> dict:  # type: ignore[type-arg]
    session = data["sessions"][0]
    results = next(b for b in session["boards"] if b["board"] == board)["results"]
    return next(r for r in results if r["ns"] == ns)


def test_a_rows_decision_is_published_as_the_next_version(console_out: Path) -> None:
    """Board 16, 2-9: the crop's +700 fits no contract read; the director types 2C doubled
    by East two down, +500 (EW vulnerable on board 16: Law 77, 200 for the first trick
    doubled and vulnerable, 300 for the second)."""
    client, csrf = _director(console_out)
    assert _published(console_out)["publication"]["version"] == 1
    response = client.post("/review/decide", data={
        "csrf": csrf, "item": "session1.pdf#p16r6", "who": "TD Eva", "value": "typed",
        "typed": "2-9 2CX E -2 +500", "note": "the traveller, checked at the table",
    })  # fmt: skip
    assert response.status_code == 200
    assert "recorded &#39;2-9 2CX E -2 +500&#39; by TD Eva and published as version 2" in (
        response.text
    )
    data = _published(console_out)
    assert data["publication"]["version"] == 2
    assert _line(data, 16, 2)["score_ns"] == 500
    (entry,) = data["audit"]
    assert (entry["review_item"], entry["by"]) == ("session1.pdf#p16r6", "TD Eva")
    with EventStore(store_location(None, console_out), create=False) as store:
        decision = current_decisions(store)["session1.pdf#p16r6"]
    assert (decision.who, decision.value) == ("TD Eva", "2-9 2CX E -2 +500")


def test_a_decision_that_does_not_fit_is_refused_and_changes_nothing(console_out: Path) -> None:
    client, csrf = _director(console_out)
    response = client.post("/review/decide", data={
        "csrf": csrf, "item": "session1.pdf#p16r6", "who": "TD Eva", "value": "typed",
        "typed": "2-9 2CX E -2 +700",
    })  # fmt: skip
    assert "does not fit Law 77" in response.text
    assert _published(console_out)["publication"]["version"] == 1


def test_an_override_is_recorded_and_waits_for_the_next_run(console_out: Path) -> None:
    client, csrf = _director(console_out)
    response = client.post("/review/decide", data={
        "csrf": csrf, "item": "session1.pdf#p16r6", "who": "TD Eva", "value": "candidate 3",
        "override": "yes", "note": "the score stands as written, ruled at the table",
    })  # fmt: skip
    assert "The next run of the event (bridgescan run) puts it in the results" in response.text
    assert _published(console_out)["publication"]["version"] == 1
    audit = lxml.html.fromstring(client.get("/audit").text)  # one trail, whichever door
    (act,) = audit.xpath('//section[@aria-labelledby="acts-heading"]//li/text()')
    assert "review item session1.pdf#p16r6: " in act and "(override), by TD Eva (console)" in act
    assert act.endswith("the score stands as written, ruled at the table; not published yet")


def test_a_clock_behind_the_record_is_refused_on_the_page(
    console_out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A laptop whose clock says 2020: the decision is refused with the reason (the clock ran
    backwards), not an internal error, and nothing is recorded."""
    monkeypatch.setenv("BRIDGESCAN_NOW", "2020-01-01T00:00:00+00:00")
    client, csrf = _director(console_out)
    for value, typed in (("typed", "2-9 2CX E -2 +500"), ("candidate 3", "")):
        response = client.post("/review/decide", data={
            "csrf": csrf, "item": "session1.pdf#p16r6", "who": "TD Eva", "value": value,
            "typed": typed, "override": "yes" if not typed else "", "note": "ruled",
        })  # fmt: skip
        assert response.status_code == 200
        assert "the clock ran backwards, and nothing was recorded" in response.text
    assert _published(console_out)["publication"]["version"] == 1
    with EventStore(store_location(None, console_out), create=False) as store:
        assert "session1.pdf#p16r6" not in current_decisions(store)
