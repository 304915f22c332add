"""Event folders made from the bundled sample for the flow tests (no page to read in them)."""

from __future__ import annotations

import shutil
from pathlib import Path

__all__ = ["SAMPLE", "typed_event"]

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"


def typed_event(folder: Path, name: str | None = None) -> Path:
    """The sample's session 2 alone, as typed at the club (16 pairs, no page to read), in
    ``folder``; the event called ``name`` when given (its title in the batch's summary)."""
    folder.mkdir(parents=True)
    text = (SAMPLE / "event.yaml").read_text("utf-8")
    if name is not None:
        text = text.replace("name: Autumn pairs", f"name: {name}")
    (folder / "event.yaml").write_text(text, "utf-8")
    shutil.copy(SAMPLE / "session2.csv", folder)
    (folder / "inputs.yaml").write_text("sessions:\n  2:\n    entries: [session2.csv]\n")
    return folder
