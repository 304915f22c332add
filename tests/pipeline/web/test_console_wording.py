"""The console's words agree with each other and with the rest of bridgescan (issue 40,
item 6): decision times in the event's zone (Europe/Stockholm in the sample), a late
correction refused in the console's own terms with the deadline shown beside the form, and
one text for when a review decision is published, on the review page and beside "Publish
again".

The sample's output folder as the console serves it (tests/pipeline/web/conftest.py): the
two sessions scored, session 2 official for 30 minutes from publication, and a review queue
read from two scanned pages of session 1.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import lxml.html
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.clock import local_text, parse_instant
from pipeline.web.app import Console, console_app
from pipeline.web.security import Secrets

TOKEN = "the-token-printed-at-start"
ZONE = "Europe/Stockholm"


def _director(out: Path, at: datetime | None = None) -> tuple[TestClient, str]:
    clock = None if at is None else (lambda: at)
    app = console_app(Console(out, Secrets(token=TOKEN), clock=clock))
    client = TestClient(app, base_url="http://127.0.0.1:8315")
    assert client.get(f"/login?token={TOKEN}").status_code == 200
    doc = lxml.html.fromstring(client.get("/review").text)
    return client, str(doc.xpath('//input[@name="csrf"]/@value')[0])


def _text(html: str, xpath: str) -> list[str]:
    return [" ".join(e.text_content().split()) for e in lxml.html.fromstring(html).xpath(xpath)]


def test_decision_times_are_in_the_events_zone_in_the_console_and_review_list(
    console_out: Path,
) -> None:
    client, csrf = _director(console_out)
    client.post("/review/decide", data={"csrf": csrf, "item": "session1.pdf#p17r1",
                                        "who": "TD Eva", "value": "candidate 1"})  # fmt: skip
    doc = lxml.html.fromstring(client.get("/review").text)
    [stamp] = doc.xpath('//ul[@class="decisions"]//time')
    stored = stamp.get("datetime")  # as stored: ISO 8601 in UTC
    local = local_text(parse_instant(stored), ZONE)  # e.g. 2026-11-28 18:40 for 17:40 UTC
    assert stamp.text_content() == local and stamp.get("title") == ZONE
    assert stored.endswith(("+00:00", "Z")) and "+00:00" not in stamp.text_content()
    listed = CliRunner().invoke(app, ["review", "list", str(console_out), "--all"],
                                catch_exceptions=False)  # fmt: skip
    assert listed.exit_code == 1, listed.output  # one item of the two still open
    assert "1 open of 2 item(s)" in listed.stdout
    seconds = local_text(parse_instant(stored), ZONE, seconds=True)
    assert f"decided: 8-11 2CX E -1 +100 by TD Eva at {seconds} ({ZONE})" in listed.stdout


def test_a_late_correction_is_refused_in_the_consoles_terms(console_out: Path) -> None:
    """One minute after session 2's deadline, without the override: refused, the deadline
    given as the page gives it beside the form, the form's override named, no options."""
    publication = json.loads((console_out / "results.json").read_text("utf-8"))["publication"]
    deadline = parse_instant(publication["sessions"][1]["correction_deadline"])
    client, _ = _director(console_out, deadline + timedelta(minutes=1))
    line = "/corrections?session=2&board=6&ns=4&ew=10"
    shown = client.get(line).text
    [beside] = _text(shown, '//p[@role="alert"]')
    assert f"ended at {local_text(deadline, ZONE)}." in beside
    csrf = lxml.html.fromstring(shown).xpath('//form//input[@name="csrf"]/@value')[0]
    refused = client.post("/corrections", data={
        "csrf": csrf, "session": "2", "board": "6", "ns": "4", "ew": "10", "result": "=",
        "score": "420", "by": "Eva Berg", "role": "scorer", "reason": "10 tricks, not 11",
    })  # fmt: skip
    assert refused.status_code == 409
    [said] = [t for t in _text(refused.text, '//*[contains(@class, "message")]')
              if t.startswith("Refused")]  # fmt: skip
    expected_now = local_text(deadline + timedelta(minutes=1), ZONE, seconds=True)
    assert said == (
        "Refused, nothing was changed: session 2, board 6, NS 4 vs EW 10: the correction "
        "period of session 2 ended at "
        f"{local_text(deadline, ZONE)}; it is now {expected_now}. A later correction needs a "
        "Law 79C2 override: tick \u201cLaw 79C2 override\u201d below and name the director "
        "and the organizer, who both find it beyond reasonable doubt that the record is wrong."
    )
    assert "--" not in said


def test_publish_again_and_the_review_page_say_the_same_about_decisions(
    console_out: Path,
) -> None:
    client, _ = _director(console_out)
    [publish] = _text(client.get("/").text, '//section[@aria-labelledby="publish-heading"]/p')
    [review] = _text(client.get("/review").text, '//main//p[contains(., " open, ")]')
    rule = (
        "A row's review decision taken in the console is published at once as the next "
        "version: it is checked, written in the audit log (as bridgescan correct "
        "--review-item does), and a session turns official when its last item is decided. A "
        "decision taken with an override, or on a whole page, or with bridgescan review, goes "
        "into the results with the next run of the event (bridgescan run; pages read before "
        "are not read again), not with Publish again."
    )
    assert rule in publish and rule in review
    assert "Review decisions go into the results with the next run" not in publish
