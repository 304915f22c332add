"""The event store checked before a run reads anything from it or appends anything to it.

A run trusts its store only after verifying it (pipeline/store/verify.py), against the
newest chain head its output folder's versions carry, with every version's files
(pipeline/corrections/record_check.py): a store that lost its last records, whose chain was
rewritten, that is gone or empty while a version says it held records, or whose published
files were changed, is refused (``StoreBrokenError``, exit code 4) and nothing is
published. It is never silently recreated. Publishing verifies again
(pipeline/corrections/version_commit.py, ``verify_before_publishing``).
"""

from __future__ import annotations

from pathlib import Path

from pipeline.corrections.record_check import check_record, missing_store
from pipeline.store import EventStore, StoreLocation, StoreMissingError, Verification
from pipeline.store import store_location as parse_location

__all__ = ["check_store"]


def check_store(store: Path | str | StoreLocation, out_dir: Path) -> Verification:
    """Verify the store before a run uses it, and what ``out_dir`` published from it
    (pipeline/corrections/record_check.py: the newest head any version carries, every
    version's files against the store's record of them).

    A new store is made only where nothing was published from one; raises
    ``StoreBrokenError`` (or ``StoreMissingError``) naming the first thing broken.
    """
    location = store if isinstance(store, StoreLocation) else parse_location(store)
    gone = missing_store(out_dir, location)
    try:
        opened = EventStore(location, create=gone is None)
    except StoreMissingError as error:
        assert gone is not None
        raise StoreMissingError(f"{error}; {gone}") from None
    with opened:
        return check_record(opened, out_dir)
