"""The YAML event file: loading, writing back, and messages that name file, path and line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pipeline.events.eventfile import EventFileError, load_event, parse_event
from pipeline.events.eventfile_writer import dump_event, save_event
from scoring.event import Event, EventKind, Pair, Player, Section, Session
from scoring.matchpoints import Scale
from scoring.movement import MovementKind
from scoring.movements import howell
from scoring.options import LevelingMethod, Rounding, SitoutCredit
from tests.hypothesis_profiles import draws

SAMPLE = Path(__file__).resolve().parents[3] / "sample_data" / "events"

HOWELL_8 = """\
event:
  name: Tuesday Howell
  kind: pairs-matchpoints
sessions:
  - number: 1
    sections:
      - name: A
        movement: {type: howell, pairs: 8, boards_per_round: 4}
        pairs:
          - {number: 1, players: [Anna Berg, Bo Ek]}
          - {number: 2, players: [Cia Lind, Dag Holm]}
          - {number: 3, players: [Eva Dahl, Fred Lund]}
          - number: 4
            players:
              - {name: Gun Falk, member: "012345"}
              - {name: NO, member: "777"}
          - {number: 5, players: [Ivar Blom, "=SUM(A1:A9)"]}
          - {number: 6, players: [Kim Hägg, Lo Kvist]}
          - {number: 7, players: [Mo Öberg, Nils Åberg]}
          - {number: 8, players: [Ola Ek, Pia Ek]}
"""


def parse(text: str, **kwargs):
    return parse_event(textwrap.dedent(text), source="event.yaml", **kwargs)


def error_of(text: str, **kwargs) -> EventFileError:
    with pytest.raises(EventFileError) as info:
        parse(text, **kwargs)
    return info.value


def test_sample_nine_table_mitchell_loads():
    event = load_event(SAMPLE / "mitchell-9-tables.yaml")
    section = event.sessions[0].sections[0]
    assert event.kind is EventKind.PAIRS_MATCHPOINTS
    assert section.movement.kind is MovementKind.MITCHELL
    assert len(section.pairs) == 18
    assert section.movement.boards == tuple(range(1, 28))
    assert section.movement.arrow_switched
    assert all(p.member_number for pair in section.pairs for p in pair.players)


def test_text_stays_text():
    event = parse(HOWELL_8)
    pairs = event.sessions[0].sections[0]
    assert pairs.pair(4).players[0].member_number == "012345"  # leading zero kept
    assert pairs.pair(4).players[1].name == "NO"  # not YAML's False
    assert pairs.pair(5).players[1].name == "=SUM(A1:A9)"  # a name, not a formula
    assert pairs.pair(1).players[1].member_number is None


def test_round_trip():
    event = parse(HOWELL_8)
    assert parse_event(dump_event(event)) == event
    sample = load_event(SAMPLE / "mitchell-9-tables.yaml")
    assert parse_event(dump_event(sample)) == sample


def test_save_writes_the_file(tmp_path):
    event = parse(HOWELL_8)
    target = save_event(event, tmp_path / "out" / "event.yaml")
    assert load_event(target) == event


def test_options_map_onto_scoring_options():
    text = HOWELL_8.replace(
        "sessions:",
        "options:\n  scale: 1-0.5-0\n  sitout_credit: average\n  "
        "correction_period_minutes: 45\n  law88: no\n  neuberg_rounding: '0.01'\n  "
        "leveling: board-weighted\nsessions:",
        1,
    )
    options = parse(text).options
    assert options.scale is Scale.ONE_HALF_ZERO
    assert options.sitout_credit is SitoutCredit.AVERAGE
    assert options.correction_period_minutes == 45
    assert options.law88 is False
    assert options.neuberg_rounding is Rounding.HUNDREDTH
    assert options.leveling is LevelingMethod.BOARD_WEIGHTED_PERCENTAGE
    again = parse_event(dump_event(parse(text)))
    assert again.options == options


@pytest.mark.parametrize(
    ("old", "new", "path", "message", "line"),
    [
        ('member: "012345"', 'member: "01 23"',
         "sessions[0].sections[0].pairs[3].players[0].member",
         "member number '01 23' of Gun Falk is not valid", 15),
        ("{number: 6,", "{number: 5,", "sessions[0].sections[0].pairs[5]",
         "pair number 5 appears twice", 18),
        ("kind: pairs-matchpoints", "kind: barometer", "event.kind", "unknown event kind", 3),
        ("boards_per_round: 4}", "boards_per_round: four}", "sessions[0].sections[0].movement",
         "boards_per_round must be a whole number", 8),
        ("type: howell", "type: ladder", "sessions[0].sections[0].movement",
         "unknown movement type 'ladder'", 8),
        ("pairs: 8,", "pairs: 10,", "sessions[0].sections[0].pairs",
         "needs pair(s) 9, 10", 10),
        ("  - number: 1\n", "  - number: 1\n    date: 16/11/2026\n", "sessions[0].date",
         "date '16/11/2026' is not YYYY-MM-DD", 6),
        ("    sections:", "    color: red\n    sections:", "sessions[0]",
         "unknown setting 'color'", 6),
        ("[Anna Berg, Bo Ek]", "[Anna Berg]", "sessions[0].sections[0].pairs[0].players",
         "pair 1 has 1 players, not 2", 10),
    ],
)  # fmt: skip
def test_mistakes_name_file_path_and_line(old, new, path, message, line):
    assert old in HOWELL_8
    error = error_of(HOWELL_8.replace(old, new, 1))
    assert error.path == path
    assert message in error.detail
    assert error.line == line
    assert str(error).startswith(f"event.yaml: {path}: ")


def test_missing_sections():
    error = error_of("event: {name: x, kind: mp}\nsessions:\n  - number: 1\n")
    assert error.path == "sessions[0]" and "sections missing" in error.detail


def test_bad_option_value():
    error = error_of(HOWELL_8.replace("sessions:", "options:\n  scale: 3-2-1\nsessions:", 1))
    assert error.path == "options.scale"
    assert "'3-2-1' is not one of 2-1-0, 1-0.5-0" in error.detail


def test_unknown_option():
    error = error_of(HOWELL_8.replace("sessions:", "options:\n  top: 12\nsessions:", 1))
    assert "unknown setting 'top'" in error.detail


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the file is empty"),
        ("event: [unclosed", "not valid YAML"),
        ("- a list", "expected a mapping"),
    ],
)
def test_not_an_event_file(text, message):
    assert message in str(error_of(text))


def test_missing_file(tmp_path):
    with pytest.raises(EventFileError, match="nowhere.yaml: file not found"):
        load_event(tmp_path / "nowhere.yaml")


def test_not_utf8(tmp_path):
    path = tmp_path / "latin.yaml"
    path.write_bytes("event: {name: Bj\xf6rk}".encode("latin-1"))
    with pytest.raises(EventFileError, match="not a UTF-8 text file"):
        load_event(path)


def test_mitchell_with_absent_pair_and_kind_mismatch():
    text = HOWELL_8.replace(
        "{type: howell, pairs: 8, boards_per_round: 4}",
        "{type: mitchell, tables: 5, boards_per_round: 3, absent: [9, 10]}",
    )
    movement = parse(text).sessions[0].sections[0].movement
    assert movement.pairs == tuple(range(1, 9))
    error = error_of(text.replace("kind: pairs-matchpoints", "kind: teams"))
    assert error.path == "sessions[0].sections[0].movement"
    assert "a teams event cannot use the movement Mitchell 5 tables" in error.detail


def test_guide_card_movement_is_read_relative_to_the_event_file(tmp_path):
    (tmp_path / "cards.csv").write_text(
        "round,table,NS,EW,boards\n1,1,1,2,1-2\n1,2,3,4,3-4\n2,1,1,3,5-6\n2,2,2,4,5-6\n",
        encoding="utf-8",
    )
    text = textwrap.dedent("""\
        event: {name: Tiny, kind: mp}
        sessions:
          - number: 1
            sections:
              - name: A
                movement: {type: guide-cards, file: cards.csv}
                pairs:
                  - {number: 1, players: [A, B]}
                  - {number: 2, players: [C, D]}
                  - {number: 3, players: [E, F]}
                  - {number: 4, players: [G, H]}
        """)
    (tmp_path / "event.yaml").write_text(text, encoding="utf-8")
    event = load_event(tmp_path / "event.yaml")
    movement = event.sessions[0].sections[0].movement
    assert movement.expected_pairs(1) == ((1, 2),)
    assert movement.expected_pairs(5) == ((1, 3), (2, 4))
    assert "file: cards.csv" in dump_event(event)
    (tmp_path / "cards.csv").write_text(
        "round,table,NS,EW,boards\n1,1,1,2,1-2\n1,2,3,1,3-4\n", encoding="utf-8"
    )
    with pytest.raises(EventFileError) as info:
        load_event(tmp_path / "event.yaml")
    assert info.value.path == "sessions[0].sections[0].movement"
    assert "cards.csv: rows 2, 3: pair 1 is at tables 1, 2 in round 1" in info.value.detail


@pytest.mark.parametrize("path", sorted(SAMPLE.glob("*.yaml")), ids=lambda p: p.name)
def test_every_sample_event_loads_and_round_trips(path):
    event = load_event(path)
    again = parse_event(dump_event(event), base_dir=path.parent)
    assert again == event


def test_sample_team_evening():
    event = load_event(SAMPLE / "teams-4.yaml")
    section = event.sessions[0].sections[0]
    assert event.kind is EventKind.TEAMS
    assert [t.name for t in section.teams] == [
        "Nordväst",
        "Hjärter Dam",
        "Spader Kung",
        "Grand Slam",
    ]
    assert section.team_of(6).number == 3


def test_sample_guide_card_evening():
    event = load_event(SAMPLE / "howell-7-pairs.yaml")
    section = event.sessions[0].sections[0]
    movement = section.movement
    assert movement.kind is MovementKind.CUSTOM
    assert len(movement.boards) == 28
    assert [movement.sitting_out(r) for r in movement.rounds] == [(r,) for r in range(1, 8)]
    assert event.options.sitout_credit is SitoutCredit.AVERAGE


_NAME = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")),
    min_size=1,
    max_size=20,
).filter(lambda s: s == s.strip() and s.strip() != "")
_MEMBER = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9\-]{0,8}", fullmatch=True)


@settings(max_examples=draws(30), deadline=None)
@given(
    names=st.lists(_NAME, min_size=8, max_size=8),
    members=st.lists(
        st.one_of(st.none(), _MEMBER), min_size=8, max_size=8, unique_by=lambda m: m or object()
    ),
    event_name=_NAME,
)
@example(
    names=["~", "null", "- a", "#x", "a: b", "'q'", "1e3", "=SUM(1)"],
    members=["0x1F", "007", "1e3", None, "Yes", "off", "12-34", "NO"],
    event_name="*anchor",
)
def test_any_names_and_member_numbers_round_trip(names, members, event_name):
    players = [Player(n, m) for n, m in zip(names, members, strict=True)]
    pairs = tuple(Pair(k + 1, (players[2 * k], players[2 * k + 1])) for k in range(4))
    event = Event(
        event_name,
        EventKind.PAIRS_MATCHPOINTS,
        (Session(1, (Section("A", pairs, howell(4, 3)),)),),
    )
    assert parse_event(dump_event(event)) == event


def test_a_folder_is_not_an_event_file(tmp_path):
    with pytest.raises(EventFileError, match="cannot read the file"):
        load_event(tmp_path)


def test_empty_sessions_and_pairs():
    error = error_of("event: {name: x, kind: mp}\nsessions: []\n")
    assert (error.path, error.detail) == ("sessions", "the event has no sessions")
    error = error_of(HOWELL_8.split("        pairs:")[0] + "        pairs:\n")
    assert error.path == "sessions[0].sections[0].pairs" and error.detail == "expected a list"


TEAM_CARDS = """\
event: {name: Teams on our cards, kind: teams}
sessions:
  - number: 1
    sections:
      - name: A
        movement: {type: guide-cards, file: cards.csv}
        teams:
          - {number: 1, name: Nord, pairs: [1, 2]}
          - {number: 2, name: Syd, pairs: [3, 4]}
        pairs:
          - {number: 1, players: [A, B]}
          - {number: 2, players: [C, D]}
          - {number: 3, players: [E, F]}
          - {number: 4, players: [G, H]}
"""


def test_team_evening_on_guide_cards(tmp_path):
    # One match: team 1's A pair NS at table 1, team 2's A pair NS at table 2.
    (tmp_path / "cards.csv").write_text(
        "round,table,NS,EW,boards\n1,1,1,4,1-8\n1,2,3,2,1-8\n", encoding="utf-8"
    )
    (tmp_path / "event.yaml").write_text(TEAM_CARDS, encoding="utf-8")
    movement = load_event(tmp_path / "event.yaml").sessions[0].sections[0].movement
    assert movement.kind is MovementKind.TEAMS
    assert movement.team_of(4) == 2
    # Both tables with team 1 NS: the boards cannot be compared.
    (tmp_path / "cards.csv").write_text(
        "round,table,NS,EW,boards\n1,1,1,4,1-8\n1,2,2,3,1-8\n", encoding="utf-8"
    )
    with pytest.raises(EventFileError) as info:
        load_event(tmp_path / "event.yaml")
    assert info.value.path == "sessions[0].sections[0].movement"
    assert "the same team sits NS at both tables" in info.value.detail


@pytest.mark.parametrize(
    ("old", "new", "path", "message", "line"),
    [
        # an unknown key: the allowed ones, and the nearest when it looks like a slip
        ("boards_per_round: 4}", "boards_per_rnd: 4}", "sessions[0].sections[0].movement",
         "unknown setting 'boards_per_rnd' (allowed: absent, arrow_switch, boards_per_round,", 8),
        ("{number: 6,", "{numbr: 6,", "sessions[0].sections[0].pairs[5]",
         "unknown setting 'numbr' (allowed: number, players); did you mean 'number'?", 18),
        # a wrong type: a list where one value belongs, one value where a list belongs
        ("{number: 3,", "{number: [3],", "sessions[0].sections[0].pairs[2].number",
         "pair number must be a single value", 12),
        ("players: [Cia Lind, Dag Holm]", "players: Cia Lind",
         "sessions[0].sections[0].pairs[1].players", "expected a list", 11),
        ("sessions:", "options: {law88: maybe}\nsessions:", "options.law88",
         "law88 'maybe' must be yes or no", 4),
        # a missing required field: named at the mapping that lacks it
        ("  name: Tuesday Howell\n", "", "event", "name missing", 2),
        ("{number: 7, players: [Mo Öberg, Nils Åberg]}", "{number: 7}",
         "sessions[0].sections[0].pairs[6]", "players missing", 19),
        # a key given twice in one mapping
        ("{number: 8, players: [Ola Ek, Pia Ek]}", "{number: 8, players: [Ola Ek], number: 9}",
         "sessions[0].sections[0].pairs[7]", "'number' is given twice", 20),
    ],
)  # fmt: skip
def test_shape_mistakes_name_file_line_and_field(old, new, path, message, line):
    """The models of event_schema.py: each mistake at its field and line (counted by hand
    in HOWELL_8: line 8 is the movement, lines 10-12 pairs 1-3, 13-16 pair 4, 17-20 pairs
    5-8)."""
    assert old in HOWELL_8
    error = error_of(HOWELL_8.replace(old, new, 1))
    assert (error.path, error.line) == (path, line)
    assert message in error.detail
    assert str(error) == f"event.yaml: {path}: {error.detail} (line {line})"
