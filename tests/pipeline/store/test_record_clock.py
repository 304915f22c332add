"""One clock for the record, and a record that never goes back in time (issue 40, item 1).

The event of ``tests/pipeline/correction_event.py``: published at 21:40 Stockholm (20:40
UTC), both sessions official, corrections until 22:10 (21:10 UTC). At 22:30 (21:30 UTC) a
Law 79C2 override corrects session 2, board 1 (4-1: 4S N +1 +450) as version 2. Then a
laptop whose clock says 22:05 (21:05 UTC) sends another correction, of session 2 board 2
(4-2: 3NT S +1 +630): by its clock that is "within the period", but the store already
holds a record made at 22:30. It is refused (exit 3, the clock named), nothing recorded;
with ``--clock-correction`` the correction is timed at 22:30, the store's last record, so
it is late (exit 2) without an override; with the override it is version 3, and the clock
correction is a record of its own, with its reason, listed by ``audit show``. The commands
run through the app in the test's process (tests/pipeline/record_cli.py).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pipeline.store import EventStore
from tests.pipeline.correction_event import PUBLISHED
from tests.pipeline.record_cli import bridgescan, correct_args, environment, published

OVERRIDE_AT = datetime(2026, 11, 24, 21, 30, tzinfo=UTC)  # 22:30 in Stockholm
BACKWARDS = datetime(2026, 11, 24, 21, 5, tzinfo=UTC)  # 22:05: "inside" 22:10, but after 22:30


@pytest.fixture
def out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return published(tmp_path, monkeypatch)


_OVERRIDE = ["--override", "--director", "Per Ek", "--organizer", "BK Testklubben"]


def _records(out: Path) -> int:
    with EventStore(out / "bridgescan.sqlite") as store:
        return store.head().records


def test_a_clock_that_ran_backwards_never_times_a_correction(out: Path, tmp_path: Path) -> None:
    late = bridgescan(*correct_args(out, 1, 4, 1, "+1", 450), *_OVERRIDE,
                      env=environment(tmp_path, OVERRIDE_AT))  # fmt: skip
    assert late.returncode == 0, late.stdout
    assert "Law 79C2 override" in late.stdout
    records = _records(out)

    backwards = environment(tmp_path, BACKWARDS)
    refused = bridgescan(*correct_args(out, 2, 4, 2, "+1", 630), env=backwards)
    assert refused.returncode == 3, refused.stdout
    assert "the clock ran backwards" in refused.stdout
    assert "2026-11-24T21:05:00" in refused.stdout and "2026-11-24T21:30:00" in refused.stdout
    assert "Traceback" not in refused.stdout
    assert _records(out) == records

    said = ["--clock-correction", "laptop clock was set by hand"]
    still_late = bridgescan(*said, *correct_args(out, 2, 4, 2, "+1", 630), env=backwards)
    assert still_late.returncode == 2, still_late.stdout
    assert "correction period of session 2 ended at 2026-11-24 22:10:00" in still_late.stdout
    assert "it is 2026-11-24 22:30:00" in still_late.stdout  # timed on the store's last record
    assert _records(out) == records

    overridden = bridgescan(
        *said, *correct_args(out, 2, 4, 2, "+1", 630), *_OVERRIDE, env=backwards
    )
    assert overridden.returncode == 0, overridden.stdout
    assert "Law 79C2 override" in overridden.stdout and "within" not in overridden.stdout
    with EventStore(out / "bridgescan.sqlite") as store:
        clock = store.history("clock", "correction")
    assert len(clock) == 1
    assert clock[0].reason == "laptop clock was set by hand"
    assert clock[0].value == {"last_record_at": "2026-11-24T21:30:00.000000+00:00",
                              "clock_at": "2026-11-24T21:05:00.000000+00:00",
                              "reason": "laptop clock was set by hand"}  # fmt: skip
    listed = bridgescan("versions", str(out), env=backwards)
    assert listed.returncode == 0, listed.stdout
    assert ("clock correction before version 3, by " in listed.stdout
            and "laptop clock was set by hand (the clock said 2026-11-24 22:05, the store's "
            "last record was made at 2026-11-24 22:30)" in listed.stdout)  # fmt: skip
    shown = bridgescan("audit", "show", str(out), "--json", env=backwards)
    assert shown.returncode == 0, shown.stdout
    kinds = [entry.get("kind") for entry in json.loads(shown.stdout)]
    assert "clock correction" in kinds


def test_a_clock_correction_is_not_needed_while_the_clock_runs_forward(
    out: Path, tmp_path: Path
) -> None:
    done = bridgescan(*correct_args(out, 1, 4, 1, "+1", 450), env=environment(tmp_path, PUBLISHED))
    assert done.returncode == 0, done.stdout  # the same second as the last record: not behind
    with EventStore(out / "bridgescan.sqlite") as store:
        assert store.history("clock", "correction") == []
        assert store.last_time() == PUBLISHED


def test_the_store_itself_refuses_a_record_earlier_than_its_last(tmp_path: Path) -> None:
    times = iter([OVERRIDE_AT, BACKWARDS])
    with EventStore(tmp_path / "s.sqlite", seal=None, clock=lambda: next(times)) as store:
        store.append("note", "a", 1)
        with pytest.raises(Exception, match="the clock ran backwards") as refused:
            store.append("note", "b", 2)
        assert type(refused.value).__name__ == "ClockBehindError"
        assert store.head().records == 1
