"""What a batch published, read back to compare it with another run of the same event: the
results JSON, the workbook's cells, the masterpoint file, the review queue and the event
store's records, with what only says where or when aside (the event folder's path, the
store's chain hash, which covers the time each record was stored); and the batch summary.

Shared by the batch's end-to-end tests (test_batch_flow.py, test_batch_processes.py)."""

from __future__ import annotations

import functools
import hashlib
import json
import sqlite3
import zlib
from pathlib import Path

__all__ = ["assert_same_as_run", "batch_summary", "store_records"]


def store_records(store: Path, folder: Path) -> list[tuple[str, str, str]]:
    """The store's records: kind, key and payload (the event folder's own path, which a
    scanned row's source names, written as <folder>; a session's fingerprint, a hash over
    those paths, as <of the folder>), sorted: the batch keeps each chunk's
    page readings as the chunk comes back, in whichever order the workers finish."""
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT kind, key, payload FROM records").fetchall()
        blobs = db.execute("SELECT digest, data FROM blobs WHERE name LIKE '%.json.z'")
        readings = {digest: _reading_id(data, folder) for digest, data in blobs}
    records = []
    for kind, key, payload in rows:
        payload = _file_names(payload) if kind == "files" else payload
        if kind == "session-readings":  # a hash over the scans' paths, so the folder's too
            payload = json.dumps({**json.loads(payload), "fingerprint": "<of the folder>"})
        if kind == "blob" and key in readings:  # its compressed size follows the path's length
            payload = json.loads(payload)["name"]
        for digest, same in readings.items():
            key, payload = key.replace(digest, same), payload.replace(digest, same)
        records.append((kind, key, payload.replace(str(folder), "<folder>")))
    return sorted(records)


def _reading_id(data: bytes, folder: Path) -> str:
    """A kept page reading (a compressed blob) by its content with the event folder's path
    written as <folder>: the same page read from two copies of an event is the same."""
    text = zlib.decompress(data).decode().replace(str(folder), "<folder>")
    return "reading-" + hashlib.sha256(text.encode()).hexdigest()


def _file_names(payload: str) -> str:
    """A version's file set without the files' hashes and the chain head they were published
    with: results.json, the workbook and the site print the chain hash, which covers the
    time each record was stored (their contents are compared apart, chain hash aside)."""
    files = json.loads(payload)
    names = [entry["__tuple__"][0] for entry in files["files"]["__tuple__"]]
    return json.dumps([files["version"], files["folder"], names, files["head_records"]])


def _published(out: Path) -> tuple[dict, str]:  # type: ignore[type-arg]
    """results.json without its store's chain hash (it covers the records' times), and the
    hash, which the workbook prints too."""
    results = json.loads((out / "results.json").read_text())
    chain = results["store"].pop("chain")
    results["store"].pop("head")
    return results, chain


def _cells(workbook: Path, chain: str) -> dict[str, list[list[object]]]:
    from openpyxl import load_workbook

    book = load_workbook(workbook)
    return {sheet.title: [[c.value.replace(chain, "<chain>") if isinstance(c.value, str)
                           else c.value for c in row] for row in sheet.iter_rows()]
            for sheet in book}  # fmt: skip


def assert_same_as_run(out: Path, folder: Path, run_out: Path, run_folder: Path) -> None:
    """An event's output equals ``bridgescan run``'s for the same event: the same results
    (and store records, chain hashes aside: they cover the time each record was stored), the
    same masterpoint file, workbook cells and review queue (the event folder's path aside)."""
    results, chain = _published(out)
    expected, expected_chain = _published(run_out)
    assert results == expected
    points, expected_points = out / "masterpoints.csv", run_out / "masterpoints.csv"
    assert points.is_file() == expected_points.is_file()  # withheld while provisional
    if expected_points.is_file():
        assert points.read_bytes() == expected_points.read_bytes()
    review = (out / "review" / "review.json").read_text().replace(str(folder), "<folder>")
    assert review == (run_out / "review/review.json").read_text().replace(str(run_folder),
                                                                          "<folder>")  # fmt: skip
    assert _cells(out / "results.xlsx", chain) == _run_cells(run_out / "results.xlsx",
                                                             expected_chain)  # fmt: skip
    assert store_records(out / "bridgescan.sqlite", folder) == _run_records(
        run_out / "bridgescan.sqlite", run_folder)  # fmt: skip


# The session's run of the sample never changes (tests copy it first): its workbook and
# store are read once, not once for every batch compared with it.
_run_cells = functools.cache(_cells)
_run_records = functools.cache(store_records)


def batch_summary(out: Path) -> dict:  # type: ignore[type-arg]
    return json.loads((out / "batch-summary.json").read_text())
