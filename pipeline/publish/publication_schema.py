"""results.json's correction period described once: the publication, changes and audit log.

``publication`` (null until published) gives the version and each session's correction
period (Law 79C), ``changes`` what moved since the previous version, ``audit`` every
correction so far (who, role, why, on which law). Times are UTC (ISO 8601, ``Z``) with the
event's zone beside them for showing them locally. The shapes are read and written as
pipeline/publish/json_codec.py says.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field, PlainSerializer, WithJsonSchema

from pipeline.publish.json_codec import (
    BlankAsNull,
    Both,
    Derived,
    Flag,
    Many,
    Rounded2,
    Rounded4,
    Shape,
    Text,
    UtcTime,
    utc_text,
)
from pipeline.results.publication import (
    AuditEntry,
    ChangeReport,
    LineChange,
    PairChange,
    PublicationView,
    SessionPeriodView,
)

__all__ = ["PublicationJson", "ChangesJson", "AuditJson"]


def _board_until(value: Any) -> Any:
    return (value.get("board"), value.get("until")) if isinstance(value, dict) else value


ReopenedBoard = Annotated[
    tuple[int, UtcTime],
    BeforeValidator(_board_until),
    PlainSerializer(lambda pair: {"board": pair[0], "until": utc_text(pair[1])}),
    WithJsonSchema(
        {
            "type": "object",
            "properties": {
                "board": {"type": "integer"},
                "until": {"type": "string", "format": "date-time"},
            },
            "required": ["board", "until"],
        }
    ),
]


class SessionPeriodJson(Shape):
    """A session's correction period (Law 79C): its status, deadline and open items."""

    domain = SessionPeriodView
    session: int
    name: Text = ""
    status: Annotated[str, Derived()] = ""
    official_at: UtcTime | None = None
    deadline: UtcTime | None = Field(default=None, alias="correction_deadline")
    passed: Flag = Field(default=False, alias="deadline_passed")
    rule: Text = ""
    open_items: Many[str] = Field(default=(), alias="open_review_items")
    blocking: int = Field(default=0, alias="blocking_findings")
    reopened: Many[ReopenedBoard] = Field(default=(), alias="reopened_boards")
    changed_in: int = Field(default=1, alias="changed_in_version")


class PublicationJson(Shape):
    """The published version: when, why, and each session's correction period."""

    domain = PublicationView
    version: int
    published_at: UtcTime
    time_zone: BlankAsNull = ""
    cause: Text = ""
    late: Flag = Field(default=False, alias="late_override")
    sessions: Many[SessionPeriodJson] = ()


MaybeRounded4 = Rounded4 | None
MaybeRounded2 = Rounded2 | None


class LineChangeJson(Shape):
    """A traveller line changed since the previous version: [before, after]."""

    domain = LineChange
    session: int
    board: int
    ns_pair: int = Field(alias="ns")
    ew_pair: int = Field(alias="ew")
    before: BlankAsNull = ""
    after: BlankAsNull = ""
    ns_mp: Annotated[tuple[MaybeRounded4, MaybeRounded4], Both("ns_mp_before", "ns_mp_after")]
    ew_mp: Annotated[tuple[MaybeRounded4, MaybeRounded4], Both("ew_mp_before", "ew_mp_after")]


def _overall_as_none(value: Any) -> Any:
    return None if value == "overall" else value


RankingName = Annotated[
    int | None,
    BeforeValidator(_overall_as_none),
    PlainSerializer(lambda session: "overall" if session is None else session),
    WithJsonSchema({"anyOf": [{"type": "integer"}, {"const": "overall"}]}),
]


class PairChangeJson(Shape):
    """A pair whose points, place or masterpoints moved, in a session's or the overall
    ranking: [before, after] and the change."""

    domain = PairChange
    session: RankingName = Field(alias="ranking")
    pair: int
    names: Text = ""
    points: Annotated[tuple[MaybeRounded4, MaybeRounded4], Both("points_before", "points_after")]
    points_change: Annotated[MaybeRounded4, Derived("points_delta")] = None
    percent: Annotated[tuple[MaybeRounded2, MaybeRounded2], Both("percent_before", "percent_after")]
    percent_change: Annotated[MaybeRounded2, Derived("percent_delta")] = None
    place: Annotated[tuple[BlankAsNull, BlankAsNull], Both("place_before", "place_after")]
    masterpoints: Annotated[
        tuple[MaybeRounded2, MaybeRounded2], Both("masterpoints_before", "masterpoints_after")
    ]
    masterpoints_change: Annotated[MaybeRounded2, Derived("masterpoints_delta")] = None


class ChangesJson(Shape):
    """What moved since the previous version."""

    domain = ChangeReport
    version: int
    previous: int
    cause: Text = ""
    lines: Many[LineChangeJson] = ()
    pairs: Many[PairChangeJson] = ()


class AuditJson(Shape):
    """A correction: what changed, who made it, their role, why, on which law."""

    domain = AuditEntry
    number: int = Field(alias="correction")
    made_at: UtcTime
    session: int
    board: int
    ns_pair: int = Field(alias="ns")
    ew_pair: int = Field(alias="ew")
    before: BlankAsNull = ""
    after: Text = ""
    by: Text = ""
    role: Text = ""
    reason: Text = ""
    basis: Text = Field(default="", alias="law")
    override: BlankAsNull = ""
    deadline: UtcTime | None = None
    ruling: Flag = Field(default=False, alias="ruling_changed")
    reopens_until: UtcTime | None = None
    review_item: BlankAsNull = ""
    version: int
