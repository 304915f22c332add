"""Publishing results: the files both doors write, and the masterpoint scale by name.

Everything is built in memory first and each file is written atomically, so bad input never
leaves part of the output behind.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.workbook.model import EventResults
    from scoring.masterpoints import MasterpointScale

__all__ = ["OUTPUT_NAMES", "MASTERPOINT_SCALES", "masterpoint_scale", "publish"]

OUTPUT_NAMES = {"workbook": "results.xlsx", "json": "results.json", "csv": "masterpoints.csv"}
MASTERPOINT_SCALES = ("bronze", "silver", "none")


def masterpoint_scale(name: str) -> MasterpointScale | None:
    """The federation scale called ``name`` (bronze, silver) or None for no masterpoints."""
    from scoring.masterpoints import SwedishBronze, SwedishSilver

    scales: dict[str, MasterpointScale | None] = {
        "bronze": SwedishBronze(),
        "silver": SwedishSilver(),
        "none": None,
    }
    if name not in scales:
        raise ValueError(f"masterpoint scale {name!r} is not one of {', '.join(scales)}")
    return scales[name]


def publish(results: EventResults, out_dir: Path) -> dict[str, Path]:
    """Write the result workbook, the results JSON and the masterpoint CSV into ``out_dir``."""
    from pipeline.files import atomic_write_text
    from pipeline.results_json import results_to_json
    from pipeline.workbook import awards_csv, build_workbook
    from pipeline.workbook.writer import save_workbook

    workbook = build_workbook(results)
    json_text = results_to_json(results)
    csv_text = "\ufeff" + awards_csv(results)  # the BOM makes Excel read UTF-8 names right
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {key: out_dir / name for key, name in OUTPUT_NAMES.items()}
    save_workbook(workbook, paths["workbook"])
    atomic_write_text(paths["json"], json_text)
    atomic_write_text(paths["csv"], csv_text)
    return paths
