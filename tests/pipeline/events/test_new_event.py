"""A new event from the club console's form (pipeline/events/new_event.py) and the club
folder's layout (pipeline/events/club_folder.py): the event file written is the one
``bridgescan run`` reads, and every problem names the form field it belongs to."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pipeline.doors.inputs import session_files
from pipeline.events.club_folder import (
    club_events,
    find_event,
    is_club_folder,
    new_slug,
    write_inputs,
)
from pipeline.events.eventfile import load_event
from pipeline.events.members import Member
from pipeline.events.new_event import (
    EventDraft,
    PairDraft,
    PlayerDraft,
    draft_event,
    fill_member_numbers,
    pairs_of,
    parse_spec_text,
    spec_text,
)
from scoring.movement import MovementError, MovementSpec

HOWELL_7 = "howell:pairs=7,boards_per_round=2"


def _pairs(count: int) -> tuple[PairDraft, ...]:
    return tuple(
        PairDraft(n, (PlayerDraft(f"North {n}", f"10{n:02}"), PlayerDraft(f"South {n}")))
        for n in range(1, count + 1)
    )


def test_a_howell_event_is_written_as_run_reads_it(tmp_path: Path) -> None:
    draft = EventDraft(
        "Tuesday pairs",
        "2026-11-24",
        organizer="BK Väst",
        time_zone="Europe/Stockholm",
        movement=HOWELL_7,
        pairs=_pairs(7),
        sessions=2,
        correction_minutes=20,
    )
    text, event, problems = draft_event(draft, tmp_path)
    assert event is not None and [p for p in problems if p.error] == []
    (tmp_path / "event.yaml").write_text(text, encoding="utf-8")
    again = load_event(tmp_path / "event.yaml")
    assert again == event
    assert [s.number for s in event.sessions] == [1, 2]
    section = event.sessions[0].sections[0]
    # 7 pairs, 2 boards a round: 7 rounds (pair 8 missing: one sits out), 14 boards
    assert len(section.movement.rounds) == 7 and section.movement.boards == tuple(range(1, 15))
    assert section.pairs[2].players[0].name == "North 3"
    assert section.pairs[2].players[0].member_number == "1003"
    assert event.correction is not None and event.correction.minutes == 20


def test_every_problem_names_its_field(tmp_path: Path) -> None:
    pairs = list(_pairs(7))
    pairs[2] = PairDraft(3, (PlayerDraft("North 3", "12 4"), PlayerDraft("South 3")))
    pairs[4] = PairDraft(5, (PlayerDraft(), PlayerDraft()))
    draft = EventDraft("", "2026-02-30", movement=HOWELL_7, pairs=tuple(pairs))
    _text, event, problems = draft_event(draft, tmp_path)
    assert event is None
    fields = {p.field for p in problems}
    # every problem at once: the member number by the event file's own rule
    assert fields == {"name", "date", "pair-5-1-name", "pair-3-1-member"}
    pairs[4] = PairDraft(5, (PlayerDraft("North 5"), PlayerDraft()))
    pairs[2] = PairDraft(3, (PlayerDraft("North 3", "0124"), PlayerDraft("South 3")))
    draft = EventDraft("Tuesday", "2026-11-24", movement=HOWELL_7, pairs=tuple(pairs))
    _text, event, problems = draft_event(draft, tmp_path)
    assert event is None
    assert [(p.field, p.message) for p in problems] == [
        ("pair-5-2-name", "pair 5: name the partner too")
    ]


def test_a_pair_the_movement_has_must_be_named(tmp_path: Path) -> None:
    draft = EventDraft("Tuesday", "2026-11-24", movement=HOWELL_7, pairs=_pairs(6))
    _text, event, problems = draft_event(draft, tmp_path)
    assert event is None and [p.field for p in problems] == ["pair-7-1-name"]


def test_a_movement_value_from_the_browser_is_parsed_never_trusted() -> None:
    spec = MovementSpec(
        "mitchell",
        (("tables", 4), ("boards_per_round", 4), ("arrow_switch", "balanced"), ("absent", (8,))),
    )
    assert parse_spec_text(spec_text(spec)) == spec
    assert pairs_of(HOWELL_7) == (1, 2, 3, 4, 5, 6, 7)
    for bad in ("guide-cards:file=/etc/passwd", "howell:pairs=7;rm", "", "teams:teams=4"):
        with pytest.raises(MovementError):
            parse_spec_text(bad)


def test_a_member_picked_by_name_gets_the_members_number() -> None:
    members = [
        Member("104503", "Hans Nyström"),
        Member("104510", "Ulf Strand"),
        Member("1", "Eva Berg"),
        Member("2", "Eva Berg"),
    ]
    pairs = (
        PairDraft(1, (PlayerDraft("hans nyström"), PlayerDraft("Ulf Strand", "999"))),
        PairDraft(2, (PlayerDraft("Eva Berg"), PlayerDraft("Nobody"))),
    )
    filled = fill_member_numbers(EventDraft("x", "2026-11-24", pairs=pairs), members)
    assert [[p.member for p in pair.players] for pair in filled.pairs] == [
        ["104503", "999"],  # a number typed is kept
        ["", ""],  # two members called Eva Berg: not guessed; not a member: none
    ]


def test_the_club_folder(tmp_path: Path) -> None:
    club = tmp_path / "club"
    assert is_club_folder(club) and club_events(club) == []
    text, event, _ = draft_event(
        EventDraft("Tisdag Åkersberga", "2026-11-24", movement=HOWELL_7, pairs=_pairs(7)), club
    )
    slug = new_slug(club, "2026-11-24", "Tisdag Åkersberga")
    assert slug == "2026-11-24-tisdag-akersberga"
    (club / "events" / slug).mkdir(parents=True)
    (club / "events" / slug / "event.yaml").write_text(text, encoding="utf-8")
    assert new_slug(club, "2026-11-24", "Tisdag Åkersberga") == f"{slug}-2"
    assert [e.slug for e in club_events(club)] == [slug]
    assert find_event(club, slug) is not None
    for bad in ("..", "../club", f"{slug}/..", "/etc", slug.upper()):
        assert find_event(club, bad) is None
    assert is_club_folder(club)
    folder = club / "events" / slug
    (folder / "scans" / "session1").mkdir(parents=True)
    (folder / "scans" / "session1" / "001-scan.pdf").write_bytes(b"%PDF-1.4\n")
    (folder / "typed").mkdir()
    (folder / "typed" / "session1.csv").write_text("Board,NS,EW\n", encoding="utf-8")
    write_inputs(folder, [1])
    assert yaml.safe_load((folder / "inputs.yaml").read_text(encoding="utf-8")) == {
        "sessions": {1: {"scans": ["scans/session1"], "entries": ["typed/session1.csv"]}}
    }
    assert event is not None
    files = session_files(folder, event)
    assert [(f.session, [p.name for p in f.scans], [p.name for p in f.entries]) for f in files] == [
        (1, ["session1"], ["session1.csv"])
    ]


def test_club_events_lists_the_events_with_their_status(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pipeline.cli import app

    club = tmp_path / "club"
    text, _event, _ = draft_event(
        EventDraft("Tuesday pairs", "2026-11-24", movement=HOWELL_7, pairs=_pairs(7)), club
    )
    (club / "events" / "2026-11-24-tuesday-pairs").mkdir(parents=True)
    (club / "events" / "2026-11-24-tuesday-pairs" / "event.yaml").write_text(text, "utf-8")
    shown = CliRunner().invoke(app, ["club", "events", str(club)], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    line = next(line for line in shown.output.splitlines() if "Tuesday pairs" in line)
    assert "2026-11-24" in line and "not scored" in line
    assert CliRunner().invoke(app, ["club", "events", str(tmp_path / "none")]).exit_code == 2


def test_the_seeds_reduced_howell_from_the_suggestions_is_written_as_run_reads_it(
    tmp_path: Path,
) -> None:
    # The new-event form offers event suggest's list; for 12 pairs and 26-28 boards the
    # seed's reduced Howell (9 rounds of 3) comes first, and the event file takes it.
    from scoring.movements import suggest_movements

    first = suggest_movements(12, (26, 28))[0]
    draft = EventDraft("Reduced", "2026-11-24", movement=spec_text(first.spec), pairs=_pairs(12))
    text, event, problems = draft_event(draft, tmp_path)
    assert event is not None and [p for p in problems if p.error] == []
    (tmp_path / "event.yaml").write_text(text, encoding="utf-8")
    movement = load_event(tmp_path / "event.yaml").sessions[0].sections[0].movement
    assert movement.name == "Reduced Howell 12 pairs, 9 x 3 boards"
