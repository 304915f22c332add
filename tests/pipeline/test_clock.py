"""One clock: BRIDGESCAN_NOW sets it for a whole command, times are kept in UTC and shown in
the event's own zone, and the event store stamps its records with it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from pipeline.clock import (
    ClockError,
    local_text,
    now,
    parse_instant,
    parse_wall_time,
    system_clock,
    zone,
)
from pipeline.events.eventfile import parse_event
from pipeline.events.eventfile_writer import dump_event
from pipeline.store import EventStore
from tests.pipeline.correction_event import EVENT_YAML


def test_bridgescan_now_sets_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGESCAN_NOW", "2026-11-24T21:40:00+01:00")
    assert system_clock() == datetime(2026, 11, 24, 20, 40, tzinfo=UTC)
    monkeypatch.setenv("BRIDGESCAN_NOW", "2026-11-24T20:40:00Z")
    assert now() == datetime(2026, 11, 24, 20, 40, tzinfo=UTC)
    monkeypatch.setenv("BRIDGESCAN_NOW", "2026-11-24 21:40")  # no offset: which instant?
    with pytest.raises(ClockError, match="no UTC offset"):
        now()
    monkeypatch.delenv("BRIDGESCAN_NOW")
    assert abs(now() - datetime.now(UTC)) < timedelta(seconds=5)


def test_a_clock_is_given_directly_and_must_be_aware() -> None:
    fixed = datetime(2026, 11, 24, 21, 40, tzinfo=timezone(timedelta(hours=1)))
    assert now(lambda: fixed) == datetime(2026, 11, 24, 20, 40, tzinfo=UTC)
    with pytest.raises(ClockError, match="aware"):
        now(lambda: datetime(2026, 11, 24, 21, 40))
    with pytest.raises(ClockError, match="not an ISO 8601 time"):
        parse_instant("half past nine")


def test_times_are_shown_in_the_events_zone_across_summer_time() -> None:
    winter = datetime(2026, 11, 24, 20, 40, tzinfo=UTC)  # CET, UTC+1
    summer = datetime(2026, 6, 24, 19, 40, tzinfo=UTC)  # CEST, UTC+2
    assert local_text(winter, "Europe/Stockholm") == "2026-11-24 21:40"
    assert local_text(summer, "Europe/Stockholm", seconds=True) == "2026-06-24 21:40:00"
    assert local_text(winter, "UTC") == "2026-11-24 20:40"
    next_night = parse_wall_time("2026-12-01 19:00", "Europe/Stockholm")
    assert next_night.astimezone(UTC) == datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
    with pytest.raises(ClockError, match="unknown time zone"):
        zone("Europe/Atlantis")


def test_the_event_file_keeps_its_zone_and_periods_through_a_round_trip() -> None:
    text = EVENT_YAML.replace(
        "  time_zone: Europe/Stockholm\n",
        '  time_zone: Europe/Stockholm\n  correction_period: {until: "2026-12-01 19:00"}\n',
    ).replace("    date: 2026-11-17\n", "    date: 2026-11-17\n    correction_period: 10\n")
    event = parse_event(text)
    assert event.time_zone == "Europe/Stockholm"
    assert event.correction_rule(1).minutes == 10
    until = event.correction_rule(2).until
    assert until is not None and until.astimezone(UTC) == datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
    assert parse_event(dump_event(event)) == event
    assert "correction_period:\n    until: 2026-12-01 19:00" in dump_event(event)


@pytest.mark.parametrize(
    ("insert", "message"),
    [
        ("  time_zone: Mars/Olympus\n", "event.time_zone: unknown time zone 'Mars/Olympus'"),
        ("  correction_period: soon\n", "correction_period minutes 'soon' is not a whole number"),
        ("  correction_period: {until: next week}\n", "'next week' is not a date and time"),
        ("  correction_period: {hours: 2}\n", "unknown setting 'hours'"),
    ],
)
def test_bad_zones_and_periods_are_refused_with_their_place(insert: str, message: str) -> None:
    from pipeline.events.eventfile import EventFileError

    text = EVENT_YAML.replace("  time_zone: Europe/Stockholm\n", insert)
    with pytest.raises(EventFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_event(text, source="event.yaml")


def test_the_period_is_given_once() -> None:
    from pipeline.events.eventfile import EventFileError

    text = EVENT_YAML.replace(
        "  time_zone: Europe/Stockholm\n",
        "  time_zone: Europe/Stockholm\n  correction_period: 20\n",
    ).replace("sessions:\n", "options:\n  correction_period_minutes: 40\nsessions:\n", 1)
    with pytest.raises(EventFileError, match="give the correction period once"):
        parse_event(text)


def test_the_store_stamps_its_records_with_the_one_clock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRIDGESCAN_NOW", "2026-11-24T21:40:00+01:00")
    with EventStore(tmp_path / "s.sqlite") as store:
        record = store.append("note", "a", {"x": 1})
    assert record.recorded_at == "2026-11-24T20:40:00.000000+00:00"
