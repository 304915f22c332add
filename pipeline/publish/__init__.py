"""Publishing: writers of the one results model (``pipeline.results.model.EventResults``).

The result workbook (``workbook``), the JSON for the web (``results_json``), the masterpoint
CSV for the federation (``workbook.masterpoints.awards_csv``) and the results site
(``web``: ``OUT/web/``) are four views of one record and can never disagree. Everything is
built in memory first and each file (the site as one folder) is written atomically, so bad
input never leaves part of the output behind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.interop.deals import HandRecord
    from pipeline.results.model import EventResults

__all__ = ["OUTPUT_NAMES", "publish"]

OUTPUT_NAMES = {"workbook": "results.xlsx", "json": "results.json", "csv": "masterpoints.csv"}


def publish(
    results: EventResults,
    out_dir: Path,
    *,
    hands: Mapping[int, Sequence[HandRecord]] | None = None,
) -> dict[str, Path]:
    """Write the result workbook, the results JSON, the masterpoint CSV and the results site
    into ``out_dir``; ``hands`` (session -> hand records) puts the deals on the board pages."""
    from pipeline.files import atomic_write_text
    from pipeline.publish.results_json import results_to_json
    from pipeline.publish.web import write_site
    from pipeline.publish.workbook import awards_csv, build_workbook
    from pipeline.publish.workbook.writer import save_workbook

    workbook = build_workbook(results)
    json_text = results_to_json(results)
    csv_text = "\ufeff" + awards_csv(results)  # the BOM makes Excel read UTF-8 names right
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {key: out_dir / name for key, name in OUTPUT_NAMES.items()}
    save_workbook(workbook, paths["workbook"])
    atomic_write_text(paths["json"], json_text)
    atomic_write_text(paths["csv"], csv_text)
    paths["web"] = write_site(results, out_dir, hands=hands).folder / "index.html"
    return paths
