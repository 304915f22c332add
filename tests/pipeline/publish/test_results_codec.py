"""results.json through one description: what is written is read back, the schema says what
is written, a field nobody describes stops the import, a damaged file is named precisely."""

from __future__ import annotations

import importlib
import json
import pkgutil
from dataclasses import dataclass, fields, is_dataclass, make_dataclass
from datetime import UTC, datetime, timedelta, timezone
from fractions import Fraction as F
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.cli.exit_codes import ExitCode
from pipeline.publish.json_codec import Shape
from pipeline.publish.results_json import results_schema_json, results_to_json, shipped_schema
from pipeline.publish.results_json_read import (
    ResultsJsonError,
    read_results_json,
    read_store_head,
    results_from_dict,
)
from pipeline.publish.results_schema import ResultLineJson
from pipeline.results import model
from pipeline.results import status as status_module
from pipeline.results.model.event import (
    Award,
    EventResults,
    LeveledSession,
    LeveledStanding,
    StoreHead,
)
from pipeline.results.model.handicap import HandicapSession, HandicapStanding, HandicapView
from pipeline.results.model.individual import IndividualRound, IndividualStanding, IndividualView
from pipeline.results.model.paul_jones import (
    PaulJonesTeamStanding,
    PaulJonesView,
    PlayerSession,
    PlayerStanding,
    TeamSession,
)
from pipeline.results.model.sessions import BoardView, PlayerView, ResultLine, SessionView, Standing
from pipeline.results.model.teams import MatchView, TeamBoard, TeamStanding, TeamsView
from pipeline.results.publication import (
    AuditEntry,
    ChangeReport,
    LineChange,
    PairChange,
    PublicationView,
    SessionPeriodView,
)
from pipeline.results.status import FindingView, PublicationStatus
from scoring.presentation import Presentation

ROOT = Path(__file__).resolve().parents[3]
FORMAT_1 = Path(__file__).parent / "data" / "results-format-1.json"
VALIDATOR = jsonschema.Draft202012Validator(json.loads(results_schema_json()))

# -- the model, within what the format holds -------------------------------------------------
# Decimals are written rounded (2, 4 or 6 places); totals, factors and a Paul Jones's figures
# exactly. So a figure written rounded is drawn with at most that many places.

text = st.text(max_size=3)
small = st.integers(min_value=-5, max_value=60)
count = st.integers(min_value=0, max_value=40)


def places(n: int) -> st.SearchStrategy[F]:
    return st.integers(min_value=-(10**7), max_value=10**7).map(lambda k: F(k, 10**n))


exact = st.fractions(min_value=-1000, max_value=1000, max_denominator=97)
maybe4, maybe2 = st.none() | places(4), st.none() | places(2)
zones = st.sampled_from([UTC, timezone(timedelta(hours=1)), timezone(timedelta(hours=-5))])
moment = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1),
                      timezones=zones)  # fmt: skip
player = st.builds(PlayerView, text, text)
players = st.tuples(player) | st.tuples(player, player)


def line(board: int) -> st.SearchStrategy[ResultLine]:
    return st.builds(
        ResultLine, st.just(board), small, small, st.none() | small, st.none() | small, text,
        text, text, st.none() | st.integers(-7600, 7600), text, maybe4, maybe4, st.booleans(),
        st.booleans(), st.booleans(), st.booleans(), text, text, st.booleans(),
    )  # fmt: skip


@st.composite
def board(draw: st.DrawFn) -> BoardView:
    number = draw(small)
    lines = draw(st.lists(line(number), max_size=1))
    return BoardView(number, draw(places(4)), draw(count), draw(count), tuple(lines),
                     draw(st.booleans()), draw(st.booleans()), draw(text), draw(maybe4),
                     draw(text), draw(text))  # fmt: skip


def standing(unit: str) -> st.SearchStrategy[Standing]:
    if unit == "IMP":  # an IMP ranking has no top, sit-out credit or penalty of its own
        return st.builds(
            lambda place, pair, people, imps, per_board, played, mp, direction: Standing(
                place, pair, people, imps, F(played), per_board, played, mp, direction),
            text, small, players, exact, places(4), count, maybe2, text,
        )  # fmt: skip
    return st.builds(Standing, text, small, players, exact, places(4), places(2), count, maybe2,
                     text, places(4), places(4))  # fmt: skip


@st.composite
def session(draw: st.DrawFn) -> SessionView:
    unit = draw(st.sampled_from(["MP", "IMP"]))
    return SessionView(draw(small), draw(text), draw(count), draw(places(4)), draw(exact),
                       tuple(draw(st.lists(board(), max_size=1))),
                       tuple(draw(st.lists(standing(unit), max_size=1))), draw(text), unit,
                       draw(text))  # fmt: skip


leveled = st.builds(
    LeveledStanding, text, small, players,
    st.lists(st.builds(LeveledSession, small, places(4), places(6), places(4), places(4)),
             max_size=1).map(tuple),
    exact, places(4), places(2), maybe2,
)  # fmt: skip
teams = st.builds(
    TeamsView,
    st.lists(st.builds(MatchView, small, small, small,
                       st.lists(st.builds(TeamBoard, small, st.none() | small, st.none() | small,
                                          places(4), text), max_size=1).map(tuple),
                       places(4), places(4), places(2), places(2)), max_size=1).map(tuple),
    st.lists(st.builds(TeamStanding, text, small, text, players, places(2), places(4),
                       places(4)), max_size=1).map(tuple),
    text,
)  # fmt: skip
paul_jones = st.builds(
    PaulJonesView,
    st.lists(st.builds(PlayerStanding, text, player, small,
                       st.lists(st.builds(PlayerSession, small, small, text, exact, exact),
                                max_size=1).map(tuple),
                       exact, exact, exact), max_size=1).map(tuple),
    st.lists(st.builds(PaulJonesTeamStanding, text, small, text, players,
                       st.lists(st.builds(TeamSession, small, st.lists(small).map(tuple), exact,
                                          exact), max_size=1).map(tuple),
                       exact, exact, exact), max_size=1).map(tuple),
    st.none() | small, st.lists(small, max_size=1).map(tuple), count,
)  # fmt: skip
individual = st.builds(
    IndividualView,
    st.lists(st.builds(IndividualStanding, text, small, player,
                       st.lists(st.builds(IndividualRound, small, small, small,
                                          st.sampled_from("NSEW"), small, small, exact, exact),
                                max_size=1).map(tuple),
                       exact, exact, exact), max_size=1).map(tuple),
    st.lists(small, max_size=1).map(tuple), count,
)  # fmt: skip
handicap = st.builds(
    HandicapView, st.sampled_from(["of-missed", "of-top"]),
    st.lists(st.builds(HandicapSession, small,
                       st.lists(st.builds(HandicapStanding, text, small, players, exact, exact,
                                          exact, exact, exact, exact), max_size=1).map(tuple)),
             max_size=1).map(tuple),
)  # fmt: skip
publication = st.builds(
    PublicationView, small, moment, text, text,
    st.lists(st.builds(SessionPeriodView, small, text, st.none() | moment, st.none() | moment,
                       st.booleans(), text, st.lists(text, max_size=1).map(tuple), count,
                       st.lists(st.tuples(small, moment), max_size=1).map(tuple), small),
             max_size=1).map(tuple),
    st.booleans(),
)  # fmt: skip
changes = st.builds(
    ChangeReport, small, small, text,
    st.lists(st.builds(LineChange, small, small, small, small, text, text, maybe4, maybe4,
                       maybe4, maybe4), max_size=1).map(tuple),
    st.lists(st.builds(PairChange, st.none() | small, small, text, maybe4, maybe4, maybe2,
                       maybe2, text, text, maybe2, maybe2), max_size=1).map(tuple),
)  # fmt: skip
audit = st.builds(
    AuditEntry, small, moment, small, small, small, small, text, text, text, text, text, text,
    st.none() | moment, small, text, st.booleans(), st.none() | moment, text,
)  # fmt: skip
results = st.builds(
    EventResults, text, text, text, text, text,
    sessions=st.lists(session(), max_size=2).map(tuple),
    leveled=st.lists(leveled, max_size=1).map(tuple),
    awards=st.lists(st.builds(Award, text, small, player, places(2), text, text, text),
                    max_size=1).map(tuple),
    findings=st.lists(st.builds(FindingView, st.sampled_from(["error", "warning", "info"]),
                                text, text, text, text, text), max_size=1).map(tuple),
    teams=st.none() | teams,
    paul_jones=st.none() | paul_jones,
    individual=st.none() | individual,
    handicap=st.none() | handicap,
    target_top=maybe4,
    notes=st.lists(text, max_size=1).map(tuple),
    store_head=st.none() | st.builds(StoreHead, count, text, text),
    publication=st.none() | publication,
    changes=st.none() | changes,
    audit=st.lists(audit, max_size=1).map(tuple),
    presentation=st.sampled_from(Presentation),
    status=st.builds(PublicationStatus, st.booleans(), st.lists(text, max_size=1).map(tuple),
                     st.lists(text, max_size=1).map(tuple)),
)  # fmt: skip


@given(results)
def test_written_then_read_is_the_same_model(record: EventResults) -> None:
    document = json.loads(results_to_json(record))
    assert results_from_dict(document) == record
    VALIDATOR.validate(document)  # and the published schema describes what was written


# -- one description for every field ---------------------------------------------------------


def test_a_field_added_to_a_model_dataclass_stops_the_import() -> None:
    grown = make_dataclass(
        "ResultLine", [("bid_sequence", str, "")], bases=(ResultLine,), frozen=True
    )
    with pytest.raises(TypeError, match=r"does not carry ResultLine\.bid_sequence"):

        class _Line(ResultLineJson):  # the shape of today's line for a line that grew
            domain = grown


def test_a_shape_cannot_name_a_field_the_model_lacks() -> None:
    @dataclass(frozen=True)
    class Player:
        name: str

    with pytest.raises(TypeError, match=r"carries \['nickname'\], not in Player"):

        class _Player(Shape):
            domain = Player
            name: str
            nickname: str = ""


def _shapes() -> list[type[Shape]]:
    found, todo = [], [Shape]
    while todo:
        shape = todo.pop()
        found.append(shape)
        todo.extend(shape.__subclasses__())
    return [s for s in found if s.domain is not None and s.__module__.startswith("pipeline.")]


def test_every_dataclass_of_the_model_has_a_shape() -> None:
    described = {shape.domain for shape in _shapes()}
    # Every module of the model package (those added later included), and the findings as
    # shown and the status, which live beside the rules that decide the status.
    modules = [
        importlib.import_module(f"{model.__name__}.{info.name}")
        for info in pkgutil.iter_modules(model.__path__)
    ] + [status_module]
    dataclasses = {
        value
        for module in modules
        for value in vars(module).values()
        if is_dataclass(value) and isinstance(value, type) and value.__module__ == module.__name__
    }
    assert {EventResults, TeamsView, FindingView, PublicationStatus} <= dataclasses
    assert dataclasses - described == set()
    assert {AuditEntry, ChangeReport, LineChange, PairChange, PublicationView,
            SessionPeriodView} <= described  # fmt: skip
    assert all(fields(shape.domain) for shape in _shapes())  # type: ignore[arg-type]


# -- files of the previous release, and the published schema -------------------------------


def test_a_file_written_before_individual_and_handicap_reads_them_as_null() -> None:
    """The release before individual and handicap events wrote neither key."""
    data = json.loads(FORMAT_1.read_text(encoding="utf-8"))
    del data["individual"], data["handicap"]
    again = results_from_dict(data)
    assert again.individual is None and again.handicap is None
    assert again == read_results_json(FORMAT_1)


def test_a_file_of_the_previous_release_reads_and_rewrites_byte_for_byte() -> None:
    """results-format-1.json was written by the hand-written writer this description
    replaced (every object: two sessions, one in IMPs, teams, leveled totals, a Paul Jones,
    masterpoints, findings, the store head, a late correction with its changes and audit),
    with the two keys added since, ``"individual": null`` and ``"handicap": null``, which a
    file of that release lacks and reads as null."""
    written = FORMAT_1.read_text(encoding="utf-8")
    again = read_results_json(FORMAT_1)
    assert results_to_json(again) == written
    assert again.sessions[1].unit == "IMP" and again.sessions[1].standings[0].maximum == 5
    assert again.paul_jones is not None and again.paul_jones.players[0].percent == F(200, 3)
    assert again.publication is not None and again.publication.sessions[0].reopened == (
        (2, datetime(2026, 11, 24, 21, 30, tzinfo=UTC)),
    )  # fmt: skip
    assert again.changes is not None and again.changes.pairs[1].session is None
    assert again.presentation is Presentation.CENTRED
    VALIDATOR.validate(json.loads(written))


def test_the_schema_shipped_and_published_is_the_one_generated() -> None:
    """Every version publishes the schema as shipped (``shipped_schema``), not made again
    from the shapes; docs/ links to it."""
    made = results_schema_json()
    assert shipped_schema() == made.encode("utf-8"), (
        "pipeline/publish/results.schema.json is out of date: python -c 'from pipeline.publish"
        '.results_json import results_schema_json as s; print(s(), end="")\' > '
        "pipeline/publish/results.schema.json"
    )
    assert (ROOT / "docs" / "results.schema.json").read_text(encoding="utf-8") == made


def test_the_schema_names_the_keys_a_page_reads() -> None:
    schema = json.loads(results_schema_json())
    line = schema["$defs"]["ResultLineJson"]
    assert list(line["properties"])[:4] == ["round", "table", "ns", "ew"]
    assert "board" not in line["properties"]  # a line is in its board's "results"
    standing = schema["$defs"]["PairStandingJson"]["properties"]
    assert list(standing)[4:6] == ["total", "total_exact"]
    award = schema["$defs"]["AwardJson"]["properties"]
    assert list(award)[:3] == ["member", "name", "pair"]
    assert schema["properties"]["format"]["const"] == "bridgescan-results/1"


# -- a damaged file --------------------------------------------------------------------------


def _damaged(tmp_path: Path, change: object) -> Path:
    document = json.loads(FORMAT_1.read_text(encoding="utf-8"))
    change(document)  # type: ignore[operator]
    path = tmp_path / "results.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["sessions"][0]["boards"][1]["results"][0].update(ns="four"),
         "sessions[0].boards[1].results[0].ns: Input should be a valid integer"),
        (lambda d: d["sessions"][1]["ranking"][0].pop("per_board"),
         "sessions[1].ranking[0].per_board: Field required"),  # read as the session's unit
        (lambda d: d["status"].update(state="finished"),
         "status.state: Value error, expected 'provisional' or 'official', got 'finished'"),
        (lambda d: d["audit"][0].update(made_at="yesterday"),
         "audit[0].made_at: Value error, Invalid isoformat string"),
        (lambda d: d["paul_jones"]["players"][0].update(total_exact="1/0"),
         "paul_jones.players[0].total: Value error, expected a number, got '1/0'"),
    ],
    ids=["line", "imp-ranking", "state", "time", "exact"],
)  # fmt: skip
def test_a_damaged_file_is_named_with_the_key(tmp_path: Path, change: object, where: str) -> None:
    path = _damaged(tmp_path, change)
    with pytest.raises(ResultsJsonError) as caught:
        read_results_json(path)
    assert str(caught.value).startswith(f"{path}: incomplete or damaged results: {where}")


def test_bridgescan_web_refuses_a_damaged_file_with_exit_2(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pipeline.cli import app

    path = _damaged(tmp_path, lambda d: d["sessions"][0].update(top=None))
    done = CliRunner().invoke(app, ["web", str(tmp_path)], catch_exceptions=False)
    assert done.exit_code == ExitCode.BAD_INPUT == 2
    assert done.stderr.strip() == (
        f"error: {path}: incomplete or damaged results: sessions[0].top: "
        "Value error, expected a number, got None"
    )
    assert "Traceback" not in done.output


def test_a_damaged_store_head_is_named_with_the_key(tmp_path: Path) -> None:
    path = _damaged(tmp_path, lambda d: d["store"].update(records="many"))
    with pytest.raises(ResultsJsonError, match=r"damaged: store\.records: Input should be"):
        read_store_head(path)
