"""The results JSON read back into the results model, for writers that come after publishing.

``bridgescan web OUT`` (re)writes the site of an output folder from its ``results.json``,
the record that was published, without the event folder, the scans or the store. The
document is read with the same description it was written with (``results_schema``), so
totals and leveling factors come back exact (the JSON keeps them as fraction strings
beside the decimals); a line's matchpoints come back as the decimal written (four
places), which is more than any page shows. A file that does not fit the description is
refused with its path and the key that is wrong (``sessions[0].boards[2].results[1].ns``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from pipeline.publish.results_schema import FORMAT, ResultsJson, StoreJson
from pipeline.results.model.event import EventResults, StoreHead

if TYPE_CHECKING:
    from pipeline.store import ChainHead, StoreLocation

#: The published results' file in an output folder (``pipeline.publish.OUTPUT_NAMES``).
RESULTS_FILE = "results.json"

#: The versions of the format this release reads (``results_schema`` says when it changes).
READABLE_FORMATS = (FORMAT,)

__all__ = [
    "READABLE_FORMATS",
    "ResultsJsonError",
    "results_from_dict",
    "read_results_json",
    "published_head",
    "read_store_head",
    "store_head_from_dict",
]


class ResultsJsonError(ValueError):
    """A results.json that is not one bridgescan wrote (names the file and what is wrong)."""


def _where(location: tuple[int | str, ...]) -> str:
    """A pydantic error location as a JSON path: ``sessions[0].boards[2].top``."""
    path = ""
    for part in location:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part not in ("MP", "IMP"):  # the ranking's tag, not a key of the file
            path += f".{part}" if path else str(part)
    return path or "(the document)"


def _problems(error: ValidationError, within: tuple[str, ...] = (), limit: int = 3) -> str:
    """The first few problems of a damaged document, each with its key path."""
    problems = [f"{_where(within + e['loc'])}: {e['msg']}" for e in error.errors()[:limit]]
    more = error.error_count() - len(problems)
    return "; ".join(problems) + (f" (and {more} more)" if more > 0 else "")


def results_from_dict(data: dict[str, Any]) -> EventResults:
    """The results model from the JSON document (``results_json.results_to_dict``);
    pydantic's ValidationError when it does not fit."""
    results: EventResults = ResultsJson.model_validate(data).decode()
    return results


def store_head_from_dict(data: Any) -> StoreHead | None:
    """The published chain head (``results.json``'s ``store``), or None when there is none."""
    if not isinstance(data, dict):
        return None
    head: StoreHead = StoreJson.model_validate(data).decode()
    return head


def published_head(out_dir: Path, location: StoreLocation) -> ChainHead | None:
    """The chain head the results last published in ``out_dir`` came from, when they came
    from this store (a run pointed at another store is not held to it): what a run and a
    correction check the store against before publishing again."""
    from pipeline.store import ChainHead

    head = read_store_head(Path(out_dir) / RESULTS_FILE)
    if head is None or head.store != location.published_name(out_dir):
        return None
    return ChainHead(head.records, head.chain)


def read_store_head(path: Path) -> StoreHead | None:
    """Just the chain head of a published ``results.json`` (None when the file is missing or
    carries none): what a run checks its store against before going on."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise ResultsJsonError(f"{path}: cannot read the published store head: {error}") from None
    try:
        return store_head_from_dict(data.get("store") if isinstance(data, dict) else None)
    except ValidationError as error:
        raise ResultsJsonError(
            f"{path}: the published store head is damaged: {_problems(error, ('store',))}"
        ) from None


def read_results_json(path: Path) -> EventResults:
    """Read ``results.json``; ResultsJsonError names the file, the key and what is wrong."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ResultsJsonError(f"{path}: cannot read it: {error.strerror or error}") from None
    except ValueError as error:
        raise ResultsJsonError(f"{path}: not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") not in READABLE_FORMATS:
        found = data.get("format") if isinstance(data, dict) else None
        raise ResultsJsonError(
            f"{path}: not a bridgescan results file (format {found!r}, expected {FORMAT!r})"
        )
    try:
        return results_from_dict(data)
    except ValidationError as error:
        problems = _problems(error)
        raise ResultsJsonError(f"{path}: incomplete or damaged results: {problems}") from None
