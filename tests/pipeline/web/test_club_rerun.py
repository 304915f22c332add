"""The director's re-run in the club's console: a review decision posted on the review page
is in the next version, and a decision made in the terminal while the console serves the
event is in the version the console's next run publishes.

The club's console on a club folder holding the sample evening (benchmarks/console_rerun.py
lays it out as the console keeps an event and drives the pages' forms over HTTP, as
``bench_rerun.py --via console`` times them), the real flow in the console's run thread, the
test session's Prefect API. The console is served from the test's process
(``ConsoleThread``: the app, the runner and the flow ``bridgescan serve`` runs, on a free
port): what is proved here is what the console's pages, its runner and the store do with a
decision, the same in any process; the ``bridgescan serve`` command itself (its start, its
sign-in address, the flow in its own process) is the club evening's test
(test_club_evening.py), and a process of its own here cost its imports again (about 3 s of
CPU). The event's store starts with the 26 pages of ``session1.pdf`` as the real
reader read them in the session's run of the sample (tests/pipeline/flows/sample_run.py:
the same scan and event, so the same reader's version), as a store holds them after a
run: the console's first run takes them from there, not reading the pages again (a page
read in the console is the club evening's test, test_club_evening.py). Worked by hand from
the sample (sample_data/club-evening, session 1):

- the first run publishes the 26 pages of ``session1.pdf`` and leaves three rows for the
  director, in page order; the first is page 16, row 6: board 16, pairs 2 (NS) and 9 (EW),
  East-West vulnerable, 2C doubled by East, one down, the score read as +700. Its first
  candidate is the contract and result as read scored by Law 77B: doubled, vulnerable, the
  first undertrick 200, so +200 to North-South. Version 1 holds the row without a score
  and board 16 waiting for the item;
- decided in the browser, the row goes into version 2 at once: +200 to North-South, the
  board no longer waiting;
- "Score now" then finds nothing new: version 2 stays the current version;
- the next item is page 17, row 1: board 17, pairs 8 and 11, nobody vulnerable, 2C doubled
  by East, one down: doubled, not vulnerable, the first undertrick 100, so +100 to
  North-South. Decided with ``bridgescan review resolve`` (which only records it), the
  console's next run publishes it as version 3.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from benchmarks.console_rerun import ConsoleDriver, club_with_sample
from pipeline.cli import app as cli
from pipeline.web.club import ClubConsole
from pipeline.web.security import Secrets
from pipeline.web.server import ConsoleThread, sign_in_url
from tests.pipeline.flows.sample_run import SampleRun, copy_readings

pytestmark = pytest.mark.slow  # the sample's run, and the console's flow run three times


def _results(event: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((event / "out" / "results.json").read_text())
    return loaded


def _board(results: dict[str, Any], board: int) -> dict[str, Any]:
    (found,) = [b for b in results["sessions"][0]["boards"] if b["board"] == board]
    return dict(found)


def _row(results: dict[str, Any], board: int, ns: int, ew: int) -> tuple[object, ...]:
    (row,) = [r for r in _board(results, board)["results"] if (r["ns"], r["ew"]) == (ns, ew)]
    return row["contract"], row["declarer"], row["result"], row["score_ns"]


def test_a_decision_in_the_console_is_in_the_next_version(
    tmp_path: Path, sample_run: SampleRun
) -> None:
    club = tmp_path / "club"
    event = club_with_sample(club)
    assert copy_readings(sample_run, event / "out") == 26
    club_console = ClubConsole(club, Secrets())
    served = ConsoleThread(club_console).start()
    try:
        console = ConsoleDriver(
            served.url, sign_in_url(served.host, served.port, club_console.secrets.token)
        )
        _, _, progress = console.score()
        assert progress["state"] == "done", progress
        assert progress["pages_total"] == 26
        assert progress["lines"][0] == "the results are version 1"  # type: ignore[index]
        first = _results(event)
        assert first["publication"]["version"] == 1
        assert _row(first, 16, 2, 9) == ("", "", "", None)  # waiting for the director
        assert _board(first, 16)["waiting"] == ["001-session1.pdf#p16r6"]

        item, token = console.open_item()
        assert item == "001-session1.pdf#p16r6"
        _, _, said = console.decide(item, token)
        assert said == "recorded '2-9 2CX E -1 +200' by bench and published as version 2."
        second = _results(event)
        assert second["publication"]["version"] == 2
        assert _row(second, 16, 2, 9) == ("2CX", "E", "-1", 200)
        assert _board(second, 16)["waiting"] == []

        _, _, progress = console.score()  # nothing new since the decision published it
        assert progress["lines"][0] == "the results are version 2"  # type: ignore[index]
        assert _results(event)["publication"]["version"] == 2

        item, _ = console.open_item()
        assert item == "001-session1.pdf#p17r1"
        assert _row(_results(event), 17, 8, 11) == ("", "", "", None)
        review = str(event / "out" / "review")
        decided = CliRunner().invoke(
            cli, ["review", "resolve", review, item, "--by", "Director", "--value", "candidate 1"]
        )
        assert decided.exit_code == 0, decided.output
        assert _results(event)["publication"]["version"] == 2  # recorded, not published
        _, _, progress = console.score()
        assert progress["lines"][0] == "the results are version 3"  # type: ignore[index]
        third = _results(event)
        assert third["publication"]["version"] == 3
        assert _row(third, 17, 8, 11) == ("2CX", "E", "-1", 100)
        assert _row(third, 16, 2, 9) == ("2CX", "E", "-1", 200)
    finally:
        served.stop()
