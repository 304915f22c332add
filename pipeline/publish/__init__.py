"""Publishing: writers of the one results model (``pipeline.results.model.event.EventResults``).

The result workbook (``workbook``), the JSON for the web (``results_json``), the masterpoint
CSV for the federation (``workbook.masterpoints.awards_csv``) and the results site
(``web``: ``OUT/web/``) are four views of one record and can never disagree. ``render``
builds every file in memory (and ``results.schema.json``, the JSON's JSON Schema);
``publish`` writes them as one numbered version (``file_set``: a version folder that
appears whole or not at all, and ``OUT/results.xlsx``, ``OUT/web`` ... switched to it in
one step), so bad input or a crash never leaves part of a publication behind. A new
writer adds its files to ``render``.

Every writer writes the record's publication status: while the results are provisional
(``results.status``) the workbook carries a banner on every sheet, the JSON a ``status``
and every page of the site a banner; the masterpoint file for the federation is left out
of the version (so ``OUT/masterpoints.csv`` disappears with it), because a federation
takes what it is sent as final.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.events.hand_records import HandRecord
    from pipeline.publish.file_set import WrittenVersion
    from pipeline.results.model.event import EventResults

__all__ = ["OUTPUT_NAMES", "render", "publish", "publish_version", "published_paths"]

OUTPUT_NAMES = {"workbook": "results.xlsx", "json": "results.json", "csv": "masterpoints.csv"}


def render(
    results: EventResults, *, hands: Mapping[int, Sequence[HandRecord]] | None = None
) -> dict[str, bytes]:
    """Every published file of ``results``, by its name in the version folder; ``hands``
    (session -> hand records) puts the deals on the site's board pages and the workbook's
    hand-record sheets."""
    from pipeline.clock import zone
    from pipeline.publish.beside import beside
    from pipeline.publish.results_json import SCHEMA_FILE, results_to_json, shipped_schema
    from pipeline.publish.web import SITE_FOLDER, build_site
    from pipeline.publish.workbook import awards_csv, build_workbook
    from pipeline.xlsx import save_xlsx

    def workbook_bytes() -> bytes:
        buffer = io.BytesIO()
        save_xlsx(build_workbook(results, hands), buffer)
        return buffer.getvalue()

    workbook = beside(workbook_bytes)  # the slowest file, on the other core where safe
    csv_text = "\ufeff" + awards_csv(results)  # the BOM makes Excel read UTF-8 names right
    files = {OUTPUT_NAMES["json"]: results_to_json(results).encode("utf-8")}
    files[SCHEMA_FILE] = shipped_schema()  # what the JSON's keys mean
    if not results.status.provisional:  # withheld until the results are official
        files[OUTPUT_NAMES["csv"]] = csv_text.encode("utf-8")
    view = results.publication
    published_at = None
    if view is not None:  # the site shows the publication time in the event's own zone
        published_at = view.published_at.astimezone(zone(view.time_zone))
    site = build_site(results, hands=hands, published_at=published_at)
    files.update({f"{SITE_FOLDER}/{name}": content for name, content in site.items()})
    files[OUTPUT_NAMES["workbook"]] = workbook.result()
    return files


def published_paths(out_dir: Path) -> dict[str, Path]:
    """Where a reader finds the current version's files (links into ``OUT/current``); a
    file the version does not have (the masterpoint CSV of provisional results) is left out."""
    paths = {key: Path(out_dir) / name for key, name in OUTPUT_NAMES.items()}
    paths = {key: path for key, path in paths.items() if path.exists()}
    paths["web"] = Path(out_dir) / "web" / "index.html"
    return paths


def publish_version(
    results: EventResults,
    out_dir: Path,
    version: int,
    *,
    hands: Mapping[int, Sequence[HandRecord]] | None = None,
) -> WrittenVersion:
    """Write ``results`` as version ``version`` of ``out_dir`` and make it the current one
    (unless a later version is current already); returns the folder and its files' hashes."""
    from pipeline.publish.file_set import clean_leftovers, switch_current, write_version

    files = render(results, hands=hands)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    clean_leftovers(out_dir, tuple(OUTPUT_NAMES.values()))
    written = write_version(out_dir, version, files)
    switch_current(out_dir, version)
    return written


def publish(
    results: EventResults,
    out_dir: Path,
    version: int | None = None,
    *,
    hands: Mapping[int, Sequence[HandRecord]] | None = None,
) -> dict[str, Path]:
    """Write ``results`` into ``out_dir`` as a version (the given number, else the one after
    the current) and return where the files are. The run, ``score`` and corrections number
    versions from the event store (``pipeline.corrections``); this is for results without
    one."""
    from pipeline.publish.file_set import current_version

    number = version if version is not None else (current_version(out_dir) or 0) + 1
    publish_version(results, out_dir, number, hands=hands)
    return published_paths(out_dir)
