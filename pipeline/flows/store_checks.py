"""The event store checked before a run reads anything from it or appends anything to it.

A run trusts its store only after verifying it (pipeline/store/verify.py), and against
the chain head its output folder last published (``results.json``): a store that lost its
last records, whose chain was rewritten, or that is gone or empty while results say it held
records, is refused (``StoreBrokenError``, exit code 4) and nothing is published. It is
never silently recreated. Publishing verifies again (pipeline/corrections/version_commit.py,
``verify_before_publishing``) and hands the publishers the head they print.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.publish.results_json_read import RESULTS_FILE, published_head
from pipeline.store import EventStore, StoreLocation, StoreMissingError, Verification
from pipeline.store import store_location as parse_location

__all__ = ["check_store"]


def check_store(store: Path | str | StoreLocation, out_dir: Path) -> Verification:
    """Verify the store before a run uses it, against what ``out_dir`` last published.

    A new store is made only where nothing was published from one; raises
    ``StoreBrokenError`` (or ``StoreMissingError``) naming the first thing broken.
    """
    location = store if isinstance(store, StoreLocation) else parse_location(store)
    expect = published_head(out_dir, location)
    try:
        opened = EventStore(location, create=expect is None or expect.records == 0)
    except StoreMissingError as error:
        assert expect is not None
        raise StoreMissingError(
            f"{error}; but the results in {Path(out_dir) / RESULTS_FILE} were published from "
            f"it ({expect.records} records, head {expect}): it was deleted, truncated or "
            "emptied. Restore it from a backup, or publish to a new output folder"
        ) from None
    with opened:
        return opened.check(expect)
