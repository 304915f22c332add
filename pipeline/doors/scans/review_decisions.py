"""Decisions in the event store: ``decide`` checks one and records it; the store is the truth.

A decision is a ``Decision`` record (kind ``decision``, key the item id): a later one on
the same item supersedes the earlier, and both stay readable (``decision_history``).
``decide`` reads the value (review_values.py), checks it (review_checks.py) and refuses
it, or takes it only with an override and a note, recorded with what it overrode.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from pipeline.doors.scans.review import Decision, DecisionRefused, ReviewError, ReviewItem
from pipeline.doors.scans.review_checks import check_decision
from pipeline.doors.scans.review_values import interpret

if TYPE_CHECKING:
    from pipeline.store import EventStore

__all__ = [
    "DECISION_KIND",
    "decision_time",
    "record_decision",
    "current_decisions",
    "decision_history",
    "decide",
]

DECISION_KIND = "decision"


def decision_time(when: datetime | None = None) -> str:
    """A decision's time as it is recorded: ``when``, else the one clock (pipeline/clock.py,
    the clock the store stamps its records with), in UTC to the second."""
    from pipeline.clock import now

    return (when or now()).astimezone(UTC).isoformat(timespec="seconds")


def record_decision(store: EventStore, decision: Decision) -> Decision:
    """Append ``decision`` to the store; it supersedes any earlier decision on its item."""
    reason = decision.note or ("override" if decision.override else "")
    store.append(DECISION_KIND, decision.item, decision, actor=decision.who, reason=reason)
    return decision


def current_decisions(store: EventStore) -> dict[str, Decision]:
    """The decision that stands on every decided item (the latest one)."""
    return {key: record.value for key, record in store.current(DECISION_KIND).items()
            if isinstance(record.value, Decision)}  # fmt: skip


def decision_history(store: EventStore, item: str) -> list[Decision]:
    """Every decision ever taken on ``item``, oldest first."""
    return [r.value for r in store.history(DECISION_KIND, item) if isinstance(r.value, Decision)]


def decide(
    store: EventStore,
    items: Sequence[ReviewItem],
    item: str,
    who: str,
    value: str,
    *,
    note: str = "",
    override: bool = False,
    when: datetime | None = None,
    source: str = "resolve",
) -> Decision:
    """Check a decision on ``item`` and record it in the store (superseding any before it).

    Raises ``DecisionRefused`` (with the problems) when it does not fit Law 77 or the
    movement and ``override`` is not given; ``ReviewError`` for an unknown item, a missing
    name or a value that cannot be read. An override needs a note saying why.
    """
    by_id = {i.id: i for i in items}
    if item not in by_id:
        raise ReviewError(f"no review item {item!r}; `bridgescan review list OUT --all` shows them")
    if not who.strip():
        raise ReviewError("a decision needs the name of who made it (--by)")
    chosen = by_id[item]
    text, reading = interpret(chosen, value)
    problems = check_decision(chosen, text, reading)
    if problems and not override:
        raise DecisionRefused(chosen, text, problems)
    if override and problems and not note.strip():
        raise ReviewError(f"{item}: an override needs a note saying why (--note)")
    stamp = decision_time(when)
    decision = Decision(item, who.strip(), stamp, text, note.strip(), bool(problems) and override,
                        tuple(problems) if override else (), source)  # fmt: skip
    return record_decision(store, decision)
