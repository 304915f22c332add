"""What the console shows about an output folder: the event, its results' status, the queue.

Read from what the command line writes (``results.json``, the queue in ``review/``, the
decisions in the event store), each time a page is drawn, so a decision made with
``bridgescan review resolve`` in a terminal shows on the next page the director opens. The
results are parsed again only when ``results.json`` changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pipeline.doors.scans.review import Decision, ReviewError, ReviewItem, open_items
from pipeline.doors.scans.review_decisions import current_decisions, decision_history
from pipeline.doors.scans.review_queue_file import load_queue
from pipeline.publish.results_json_read import ResultsJsonError, read_results_json
from pipeline.publish.web import SiteStatus, site_status
from pipeline.results.model.event import EventResults
from pipeline.store import EventStore, StoreError, store_location

__all__ = [
    "REVIEW_FOLDER",
    "EventState",
    "ReviewState",
    "event_state",
    "review_state",
    "open_store",
    "results",
]

REVIEW_FOLDER = "review"


@dataclass(frozen=True)
class ReviewState:
    """The review queue as written by the last run, with the decisions made since."""

    folder: Path
    items: tuple[ReviewItem, ...]
    decisions: tuple[Decision, ...]
    problem: str = ""

    @property
    def open(self) -> tuple[ReviewItem, ...]:
        standing = {d.item: d for d in self.decisions}  # the latest on each item counts
        return tuple(open_items(self.items, standing))

    def latest(self, item: str) -> Decision | None:
        """The decision that counts for ``item`` (the latest), if any."""
        found = [d for d in self.decisions if d.item == item]
        return found[-1] if found else None


@dataclass(frozen=True)
class EventState:
    """The event of the output folder as the console's header shows it."""

    title: str
    club: str
    date: str
    status: SiteStatus | None
    review_open: int
    problem: str = ""

    @property
    def provisional(self) -> bool:
        return self.review_open > 0 or (self.status is not None and self.status.provisional)


@lru_cache(maxsize=8)
def _results(path: Path, stamp: int) -> EventResults:
    return read_results_json(path)


def results(out_dir: Path) -> EventResults:
    """The published results of the folder (ResultsJsonError when there are none)."""
    path = Path(out_dir) / "results.json"
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        raise ResultsJsonError(f"{path}: no results published here yet") from None
    return _results(path, stamp)


def open_store(out_dir: Path, store: str | None = None, create: bool = False) -> EventStore:
    """The event store of the output folder (``store``: the console's --store)."""
    return EventStore(store_location(store, Path(out_dir)), create=create)


def review_state(out_dir: Path, store: str | None = None) -> ReviewState:
    """The queue of the last run and every decision on it (oldest first), from the store."""
    folder = Path(out_dir) / REVIEW_FOLDER
    if not (folder / "review.json").exists():
        return ReviewState(folder, (), ())
    try:
        items = load_queue(folder)
        with open_store(out_dir, store) as opened:
            decisions = sorted(
                (d for key in current_decisions(opened) for d in decision_history(opened, key)),
                key=lambda d: d.when,
            )
    except (ReviewError, StoreError, ValueError) as error:
        return ReviewState(folder, (), (), problem=str(error))
    return ReviewState(folder, items, tuple(decisions))


def event_state(out_dir: Path, store: str | None = None) -> EventState:
    review = review_state(out_dir, store)
    try:
        published = results(out_dir)
    except ResultsJsonError as error:
        return EventState("bridgescan", "", "", None, len(review.open), problem=str(error))
    return EventState(
        published.title,
        published.club,
        published.date,
        site_status(published),
        len(review.open),
    )
