"""The state a publication is scored from, read back from the event store.

``load_state`` gathers what the store holds now (or what the current version was scored
from): the event, every session's input with the accepted corrections applied, the review
items still open, the corrections and the current publication record. ``score_state``
scores it through the one entry point the run uses; ``previous_results`` is the current
version as it was published. Apart from publishing (publication.py) and correcting
(correct.py), which both start from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pipeline.corrections.inputs import stored_corrections, stored_inputs
from pipeline.corrections.records import (
    EVENT,
    HEAD_KEY,
    PUBLICATION,
    RESULTS,
    Correction,
    Publication,
)
from pipeline.doors.session_input import SessionInput
from pipeline.results.event import score_event
from pipeline.results.masterpoints import masterpoint_scale
from pipeline.results.model.event import EventResults
from pipeline.store import EventStore, StoredRecord
from scoring.event import Event

__all__ = [
    "NothingPublished",
    "StoredState",
    "publication_head",
    "load_state",
    "score_state",
    "previous_results",
]


class NothingPublished(LookupError):
    """The output folder's store holds no publication (nothing to correct yet)."""


@dataclass(frozen=True)
class StoredState:
    """What the store holds now: the event, every session's input with the corrections
    applied, the review items still open, the corrections and the current publication."""

    event: Event
    inputs: tuple[SessionInput, ...]
    open_items: Mapping[int, tuple[str, ...]]
    corrections: tuple[Correction, ...]
    head: StoredRecord | None
    as_of: int = 0  # the last store record the inputs were read up to

    @property
    def publication(self) -> Publication | None:
        return None if self.head is None else self.head.value  # type: ignore[no-any-return]


def publication_head(store: EventStore) -> StoredRecord | None:
    """The current publication record, or None before the first."""
    record = store.latest(PUBLICATION, HEAD_KEY)
    return record if record is not None and isinstance(record.value, Publication) else None


def load_state(store: EventStore, published: bool = False) -> StoredState:
    """Read the state to score from the store; NothingPublished when no event is stored.

    ``published``: the state the current version was scored from, leaving out anything a
    run recorded after it and did not publish (a correction builds on what people saw).
    """
    head = publication_head(store)
    as_of = store.head().records
    if published and head is not None:
        as_of = head.value.inputs_as_of or head.seq
    event_record = store.latest(EVENT, EVENT, as_of)
    if event_record is None or not isinstance(event_record.value, Event):
        raise NothingPublished("no event has been scored into this store yet")
    event = event_record.value
    corrections = tuple(stored_corrections(store))  # only ever appended with a version
    inputs, open_items = stored_inputs(store, event, corrections, as_of)
    return StoredState(event, inputs, open_items, corrections, head, as_of)


def score_state(event: Event, inputs: Sequence[SessionInput], masterpoints: str) -> EventResults:
    """Score stored inputs the way the run does (the same entry point, the same scale)."""
    scale = masterpoint_scale(masterpoints)
    return score_event(
        event, inputs, masterpoint_scale=scale, with_masterpoints=scale is not None,
        source="the stored event",
    )  # fmt: skip


def previous_results(store: EventStore, head: Publication | None) -> EventResults | None:
    """The results of the current version as published (None before the first, or for a
    store written before results were kept as records)."""
    if head is None:
        return None
    record = store.latest(RESULTS, EVENT)
    value = record.value if record is not None else None
    if isinstance(value, EventResults) and value.publication is not None:
        if value.publication.version == head.version:
            return value
    return None
