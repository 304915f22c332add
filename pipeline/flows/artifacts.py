"""What the tournament office sees in the Prefect UI: each session's ranking and review
summary, and the batch summary, as Prefect artifacts (the only Prefect client calls of
the batch, in one module).

Artifacts attach to the flow run that makes them and are kept under a stable key per event
and session (``ranking-autumn-pairs-s1``), so the UI's Artifacts page shows the latest of
each with its history. Keys allow lowercase letters, digits and dashes only; the event's
id is the same short id its QR codes carry. A PROVISIONAL ranking says so in its
description, as everywhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from pipeline.doors.scans.review import ReviewItem
    from pipeline.doors.scans.reviewed_rows import ReadSession
    from pipeline.results.model.event import EventResults

__all__ = ["artifact_key", "publish_event_artifacts", "publish_batch_artifact"]


def artifact_key(*parts: str) -> str:
    """A legal artifact key made of ``parts`` (lower case, digits, dashes)."""
    from pipeline.doors.scans.forms import event_id

    return "-".join(event_id(part, limit=60) for part in parts if part)


def _fraction(value: object) -> float:
    return round(float(value), 2)  # type: ignore[arg-type]


def _ranking(results: EventResults, number: int) -> list[dict[str, object]]:
    session = next(s for s in results.sessions if s.number == number)
    return [
        {"Place": s.place, "Pair": s.pair, "Names": s.names, "Points": _fraction(s.points),
         "Percent": _fraction(s.percent), "Direction": s.direction}
        for s in session.standings
    ]  # fmt: skip


def _teams(results: EventResults) -> list[dict[str, object]]:
    assert results.teams is not None
    return [
        {"Place": t.place, "Team": t.team, "Name": t.name, "VP": _fraction(t.vp),
         "IMPs won": _fraction(t.imps_won), "IMPs lost": _fraction(t.imps_lost)}
        for t in results.teams.standings
    ]  # fmt: skip


def _best(item: ReviewItem) -> str:
    """The first candidate that passes the decision checks (one that does not is shown in the
    review queue, never offered first), else nothing."""
    return next((c.text for c in item.candidates if c.fits), "")


def _review(read: ReadSession | None) -> list[dict[str, object]]:
    if read is None:
        return []
    return [
        {"Item": i.id, "Board": i.board, "Where": i.where, "Why": "; ".join(i.reasons),
         "Best reading": _best(i)}
        for i in read.review
    ]  # fmt: skip


def publish_event_artifacts(
    event: str, results: EventResults, read: Mapping[int, ReadSession], provisional: bool
) -> None:
    """The ranking and the review summary of every session of one event."""
    from prefect.artifacts import create_markdown_artifact, create_table_artifact

    state = "PROVISIONAL: " if provisional else ""
    title = results.title
    if results.teams is not None:
        create_table_artifact(_teams(results), key=artifact_key("ranking", event),
                              description=f"{state}{title}: teams ranking")  # fmt: skip
    for session in results.sessions:
        label = f"{title} · session {session.number}"
        create_table_artifact(
            _ranking(results, session.number),
            key=artifact_key("ranking", event, f"s{session.number}"),
            description=f"{state}{label}: ranking",
        )
    for number in sorted({s.number for s in results.sessions} | set(read)):
        items = _review(read.get(number))
        key = artifact_key("review", event, f"s{number}")
        label = f"{title} · session {number}"
        if items:
            waiting = f"{label}: {len(items)} reading(s) wait for review"
            create_table_artifact(items, key=key, description=waiting)
        else:
            scanned = "no scans (typed)" if number not in read else "nothing waits for review"
            text = f"**{label}**: {scanned}."
            create_markdown_artifact(text, key=key, description=f"{label}: review")


def publish_batch_artifact(frame: pd.DataFrame, heading: str) -> None:
    """The batch summary table."""
    from prefect.artifacts import create_table_artifact

    from pipeline.flows.batch_report import plain_rows

    records = [dict(zip(frame.columns, row, strict=True)) for row in plain_rows(frame)]
    create_table_artifact(records, key="batch-summary", description=heading)
