"""The event store checked around a run: before anything is read, and before anything is published.

A run trusts its store only after verifying it (pipeline/store/verify.py), and against
the chain head its output folder last published (``results.json``): a store that lost its
last records, whose chain was rewritten, or that is gone or empty while results say it held
records, is refused (``StoreBrokenError``, exit code 4) and nothing is published. It is
never silently recreated. Publishing verifies again, records the publication, and hands
the publishers the head they print (``EventResults.store_head``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.store import (
    ChainHead,
    EventStore,
    StoreLocation,
    StoreMissingError,
    Verification,
    store_location,
)

if TYPE_CHECKING:
    from pipeline.results.model import EventResults

__all__ = ["published_head", "check_store", "record_publication"]

RESULTS_JSON = "results.json"


def published_head(out_dir: Path, location: StoreLocation) -> ChainHead | None:
    """The chain head the results last published in ``out_dir`` came from, if they came from
    this store (a run pointed at another store is not held to it)."""
    from pipeline.publish.results_json_read import read_store_head

    head = read_store_head(Path(out_dir) / RESULTS_JSON)
    if head is None or head.store != location.published_name(out_dir):
        return None
    return ChainHead(head.records, head.chain)


def check_store(store: Path | str | StoreLocation, out_dir: Path) -> Verification:
    """Verify the store before a run uses it, against what ``out_dir`` last published.

    A new store is made only where nothing was published from one; raises
    ``StoreBrokenError`` (or ``StoreMissingError``) naming the first thing broken.
    """
    location = store if isinstance(store, StoreLocation) else store_location(store)
    expect = published_head(out_dir, location)
    try:
        opened = EventStore(location, create=expect is None or expect.records == 0)
    except StoreMissingError as error:
        assert expect is not None
        raise StoreMissingError(
            f"{error}; but the results in {Path(out_dir) / RESULTS_JSON} were published from "
            f"it ({expect.records} records, head {expect}): it was deleted, truncated or "
            "emptied. Restore it from a backup, or publish to a new output folder"
        ) from None
    with opened:
        return opened.check(expect)


def record_publication(
    results: EventResults, store: Path | str | StoreLocation, out_dir: Path
) -> EventResults:
    """Verify the store (before anything is published), record the results in it, and return
    them with the chain head the publishers print."""
    from pipeline.flows.steps import results_record
    from pipeline.results.model import StoreHead

    location = store if isinstance(store, StoreLocation) else store_location(store)
    check_store(location, out_dir)
    with EventStore(location) as opened:
        opened.append("results", "event", results_record(results), actor="bridgescan")
        head = opened.head()
    return replace(
        results, store_head=StoreHead(head.records, head.chain, location.published_name(out_dir))
    )
