"""results.json described once: every object, its keys in the order written, their types.

``results_json`` writes with these shapes, ``results_json_read`` reads with them, and the
JSON Schema the clubs' web developers get (``results.schema.json``, shipped beside this
module, linked from docs/ and published in every version) is generated from them
(pipeline/publish/json_codec.py says how a shape maps a model dataclass). The correction
period's objects are in ``publication_schema``, a Paul Jones's in ``paul_jones_schema``,
an individual's in ``individual_schema``, a handicap event's in ``handicap_schema``.

``format`` names the version of this shape: a change a reader of version 1 would misread
bumps it, and the reader keeps reading the versions before.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    PlainSerializer,
    PlainValidator,
    Tag,
    WithJsonSchema,
)

from pipeline.publish.handicap_schema import HandicapJson
from pipeline.publish.individual_schema import IndividualJson
from pipeline.publish.json_codec import (
    BlankAsNull,
    Both,
    Derived,
    Exact,
    Flag,
    Flat,
    Group,
    Many,
    Rounded2,
    Rounded4,
    Rounded6,
    Shape,
    Text,
)
from pipeline.publish.paul_jones_schema import PaulJonesJson
from pipeline.publish.player_schema import MemberNameJson, PlayerJson
from pipeline.publish.publication_schema import AuditJson, ChangesJson, PublicationJson
from pipeline.results.model.event import (
    Award,
    EventResults,
    LeveledSession,
    LeveledStanding,
    StoreHead,
)
from pipeline.results.model.sessions import BoardView, ResultLine, SessionView, Standing
from pipeline.results.model.teams import MatchView, TeamBoard, TeamStanding, TeamsView
from pipeline.results.status import FindingView, PublicationStatus
from scoring.presentation import Presentation

__all__ = ["FORMAT", "ResultsJson", "StoreJson"]

FORMAT = "bridgescan-results/1"


class ResultLineJson(Shape):
    """One table's result on a board and both sides' matchpoints (null: not played)."""

    domain = ResultLine
    # Not written: a line is in its board's "results" (BoardJson.prepare gives it back).
    board: int = Field(exclude=True)
    round: int | None = None
    table: int | None = None
    ns_pair: int = Field(alias="ns")
    ew_pair: int = Field(alias="ew")
    contract: Text = ""
    declarer: Text = ""
    result: Text = ""
    score_ns: int | None = None
    adjustment: BlankAsNull = ""
    ns_mp: Rounded4 | None = None
    ew_mp: Rounded4 | None = None
    factored: Flag = False
    adjusted: Flag = False
    split: Flag = False
    not_played: Flag = False
    lead: BlankAsNull = ""
    waiting: BlankAsNull = ""
    provisional: Flag = False


class BoardJson(Shape):
    """A board of a session: the top, results expected (normal) and played, its lines."""

    domain = BoardView
    board: int
    top: Rounded4
    normal: int
    played: int
    neuberg: Flag = False
    adjusted: Flag = False
    datum: Rounded4 | None = None
    note: BlankAsNull = ""
    dealer: BlankAsNull = ""
    vulnerability: BlankAsNull = ""
    waiting: Annotated[tuple[str, ...], Derived()] = ()
    lines: Many[ResultLineJson] = Field(default=(), alias="results")

    @classmethod
    def prepare(cls, record: Any, data: dict[str, Any]) -> dict[str, Any]:
        lines = data.get("results")
        if record is None and isinstance(lines, list):  # each line is of this board
            data["results"] = [
                {**line, "board": data.get("board")} if isinstance(line, dict) else line
                for line in lines
            ]
        return data


class PairStandingJson(Shape):
    """A pair in a matchpoint ranking."""

    domain = Standing
    place: str
    pair: int
    direction: BlankAsNull = ""
    players: Many[PlayerJson] = ()
    points: Annotated[Rounded4, Exact()] = Field(alias="total")
    maximum: Rounded4
    percent: Rounded2
    boards_played: int
    sitout: Rounded4 = Field(default=0, alias="sitout_credit")
    penalty: Rounded4 = Field(default=0, alias="penalties")
    masterpoints: Rounded2 | None = None


class ImpStandingJson(Shape):
    """A pair in an IMP-scored pairs ranking: IMPs and IMPs per board, no top, no %."""

    domain = Standing
    read_elsewhere = frozenset({"maximum", "sitout", "penalty"})
    place: str
    pair: int
    direction: BlankAsNull = ""
    players: Many[PlayerJson] = ()
    points: Annotated[Rounded4, Exact()] = Field(alias="imps")
    percent: Rounded4 = Field(alias="per_board")
    boards_played: int
    masterpoints: Rounded2 | None = None

    def read_back(self) -> dict[str, Any]:
        return {"maximum": self.boards_played}  # what an IMP ranking's maximum is


_UNIT = "_unit"  # the session's unit, given to each ranking line read (SessionJson.prepare)


def _standing_kind(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get(_UNIT) or "MP")
    return "IMP" if isinstance(value, ImpStandingJson) else "MP"


AnyStanding = Annotated[
    Annotated[PairStandingJson, Tag("MP")] | Annotated[ImpStandingJson, Tag("IMP")],
    Discriminator(_standing_kind),
]


class SessionJson(Shape):
    """A session: its size, top, leveling factor, boards and ranking (by ``unit``)."""

    domain = SessionView
    number: int
    name: Text = ""
    date: BlankAsNull = ""
    movement: Text = ""
    unit: Literal["MP", "IMP"] = "MP"
    pairs: int
    top: Rounded4
    factor: Annotated[Rounded6, Exact()] = Field(alias="leveling_factor")
    boards: Many[BoardJson] = ()
    standings: Many[AnyStanding] = Field(default=(), alias="ranking")

    @classmethod
    def prepare(cls, record: Any, data: dict[str, Any]) -> dict[str, Any]:
        if data.get("unit") is None:
            data["unit"] = "MP"
        ranking = data.get("ranking")
        if record is not None and record.unit == "IMP":
            data["ranking"] = tuple(ImpStandingJson.encode(s) for s in record.standings)
        elif record is None and isinstance(ranking, list):  # read by the session's unit
            unit = data["unit"] if data["unit"] in ("MP", "IMP") else "MP"
            data["ranking"] = [{**s, _UNIT: unit} if isinstance(s, dict) else s for s in ranking]
        return data


class LeveledSessionJson(Shape):
    """A pair's session before and after leveling (rules.md §8)."""

    domain = LeveledSession
    session: int
    points: Rounded4
    factor: Rounded6
    leveled: Rounded4
    maximum: Rounded4 = 0


class LeveledStandingJson(Shape):
    """A pair's leveled total over all sessions."""

    domain = LeveledStanding
    place: str
    pair: int
    players: Many[PlayerJson] = ()
    sessions: Many[LeveledSessionJson] = ()
    total: Annotated[Rounded4, Exact()]
    maximum: Rounded4
    percent: Rounded2
    masterpoints: Rounded2 | None = None


class AwardJson(Shape):
    """Masterpoints to one player."""

    domain = Award
    player: Annotated[MemberNameJson, Flat()]
    pair: int
    place: str
    kind: Text = "bronze"
    competition: Text = ""
    date: BlankAsNull = ""
    points: Rounded2


class FindingJson(Shape):
    """A validation finding; "error" and "pending" block publishing."""

    domain = FindingView
    severity: str
    code: str
    session: Text = ""
    where: Text = ""
    message: str
    suggestion: BlankAsNull = ""


class TeamStandingJson(Shape):
    """A team's total over the evening."""

    domain = TeamStanding
    place: str
    team: int
    name: Text = ""
    players: Many[PlayerJson] = ()
    vp: Rounded2
    imps_won: Rounded4
    imps_lost: Rounded4
    quotient: Annotated[Rounded4 | None, Derived()] = None


class TeamBoardJson(Shape):
    """A board of a match: NS's score at each table, the IMPs to the home team."""

    domain = TeamBoard
    board: int
    score_table1: int | None = Field(default=None, alias="table1_ns")
    score_table2: int | None = Field(default=None, alias="table2_ns")
    imps_first: Rounded4 = Field(alias="imps_home")
    note: BlankAsNull = ""


class MatchJson(Shape):
    """A team match: IMPs and VPs as [home, away]."""

    domain = MatchView
    round: int
    first: int = Field(alias="home")
    second: int = Field(alias="away")
    imps: Annotated[tuple[Rounded4, Rounded4], Both("imps_first", "imps_second")]
    vp: Annotated[tuple[Rounded2, Rounded2], Both("vp_first", "vp_second")]
    boards: Many[TeamBoardJson] = ()


class TeamsJson(Shape):
    """A team evening: the VP scale, the ranking and the matches."""

    domain = TeamsView
    vp_scale: Text = ""
    standings: Many[TeamStandingJson] = Field(default=(), alias="ranking")
    matches: Many[MatchJson] = ()


def _provisional(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if value not in ("provisional", "official"):  # a damaged state never reads as official
        raise ValueError(f"expected 'provisional' or 'official', got {value!r}")
    return bool(value == "provisional")


ProvisionalState = Annotated[
    bool,
    PlainValidator(_provisional),
    PlainSerializer(lambda provisional: "provisional" if provisional else "official"),
    WithJsonSchema({"enum": ["provisional", "official"]}),
]


class StatusJson(Shape):
    """Official, or provisional while review items wait or findings block publishing."""

    domain = PublicationStatus
    provisional: ProvisionalState = Field(default=False, alias="state")
    reasons: Many[str] = ()
    waiting: Many[str] = ()


class StoreJson(Shape):
    """The event store's chain head these results were published from (docs/store.md)."""

    domain = StoreHead
    store: Text = ""
    records: int
    chain: str
    head: Annotated[str, Derived(str)] = ""


class EventJson(Shape):
    """The event: title, date, club, kind and scale; how matchpoints are printed."""

    domain = EventResults
    group = True
    title: str
    date: Text = ""
    club: Text = ""
    kind: str
    scale: str
    target_top: Rounded4 | None = None
    presentation: Annotated[Presentation, BeforeValidator(lambda value: value or "points")] = Field(
        default=Presentation.POINTS, alias="matchpoint_presentation"
    )


class ResultsJson(Shape):
    """The published results of one event (bridgescan's results.json)."""

    domain = EventResults
    format: Annotated[Literal["bridgescan-results/1"], Derived(lambda _: FORMAT)] = FORMAT
    status: StatusJson = StatusJson()
    event: Annotated[EventJson, Group()]
    sessions: Many[SessionJson] = ()
    leveled: Many[LeveledStandingJson] = Field(default=(), alias="overall")
    awards: Many[AwardJson] = Field(default=(), alias="masterpoints")
    findings: Many[FindingJson] = ()
    teams: TeamsJson | None = None
    paul_jones: PaulJonesJson | None = None
    individual: IndividualJson | None = None
    handicap: HandicapJson | None = None
    notes: Many[str] = ()
    store_head: StoreJson | None = Field(default=None, alias="store")
    publication: PublicationJson | None = None
    changes: ChangesJson | None = None
    audit: Many[AuditJson] = ()
