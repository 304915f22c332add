"""The machine-readable results for web publishing: the same record as the workbook, as JSON.

Shape (``format`` names the version so a web page can check it)::

    {"format": "bridgescan-results/1", "status": {...}, "event": {...}, "sessions": [
        {"number": 1, "pairs": 13, "top": 10, "leveling_factor": 1.4, "boards": [
            {"board": 1, "top": 10, "normal": 6, "played": 6, "neuberg": false,
             "results": [{"ns": 1, "ew": 8, "contract": "4H", "declarer": "N",
                          "result": "=", "score_ns": 420, "ns_mp": 6, "ew_mp": 4, ...}]}],
         "ranking": [{"place": "1", "pair": 5, "total": 123.4, "percent": 58.76, ...}]}],
     "overall": [...], "masterpoints": [...], "findings": [...], "teams": null,
     "paul_jones": null, "individual": null, "handicap": null, "notes": [],
     "store": {"store": "bridgescan.sqlite", "records": 612, "chain": "3acf...",
               "head": "612:3acf..."},
     "publication": {...}, "changes": {...}, "audit": [...]}

Every object is described once, in ``results_schema`` (and ``publication_schema``,
``paul_jones_schema``, ``individual_schema``, ``handicap_schema``): this module writes with
that description, ``results_json_read`` reads with it, and ``results_schema_json`` is its
JSON Schema, shipped made (``pipeline/publish/results.schema.json``, ``shipped_schema``:
tests/pipeline/publish/test_results_codec.py checks it is the one made now), published
beside results.json in every version (``SCHEMA_FILE``) and linked from
docs/results.schema.json.

Numbers: whole values are JSON integers; others are decimals rounded to 4 places, halves
away from zero (matchpoints are at most tenths or hundredths under the usual Neuberg
rounding, so nothing visible is lost; percentages and masterpoints 2, leveling factors 6),
and the exact value as a fraction string is kept beside totals (``total_exact``) for
anyone re-adding them.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pipeline.files import atomic_write_text
from pipeline.publish.json_number import number
from pipeline.publish.results_schema import FORMAT, ResultsJson
from pipeline.results.model.event import EventResults

__all__ = [
    "FORMAT",
    "SCHEMA_FILE",
    "build_shapes",
    "results_to_dict",
    "results_to_json",
    "results_schema_json",
    "shipped_schema",
    "write_results_json",
    "number",
]

#: The JSON Schema of results.json, beside it in every published version.
SCHEMA_FILE = "results.schema.json"
_SHIPPED_SCHEMA = Path(__file__).with_name(SCHEMA_FILE)


def build_shapes() -> None:
    """The writer's validator and serializer built now (the shapes defer them,
    ``json_codec.Shape``): importing this module means publishing, so they are made
    when a command imports its publishing modules (the batch with the collector paused,
    frozen with its setup; ``run`` while its API starts), not in a task run."""
    ResultsJson.model_rebuild(force=True)


build_shapes()


def results_to_dict(results: EventResults) -> dict[str, Any]:
    """The JSON document as plain Python data."""
    return ResultsJson.encode(results).model_dump(mode="json")


def results_to_json(results: EventResults) -> str:
    """The JSON text (UTF-8, names kept as written, stable key order, one space a level).

    Written by pydantic's own JSON writer, the text ``json.dumps(results_to_dict(...),
    ensure_ascii=False, indent=1)`` gives, without the document made as Python data first
    (pipeline/json_text.py says why and when ``json`` writes it instead)."""
    from pipeline.json_text import written_otherwise

    shape = ResultsJson.encode(results)
    text = shape.model_dump_json(indent=1)
    if written_otherwise(text):
        text = json.dumps(shape.model_dump(mode="json"), ensure_ascii=False, indent=1)
    return text + "\n"


def write_results_json(results: EventResults, path: Path) -> Path:
    """Write the JSON atomically."""
    return atomic_write_text(Path(path), results_to_json(results))


@cache
def results_schema_json() -> str:
    """The JSON Schema (draft 2020-12) of what ``results_to_json`` writes, as text (the same
    for every publication: made once per process, not once per event of a batch)."""
    schema = ResultsJson.model_json_schema(mode="serialization")
    used = json.dumps(schema)
    schema["$defs"] = {  # a flattened player's object is not referred to on its own
        name: value for name, value in schema["$defs"].items() if f'"#/$defs/{name}"' in used
    }
    document = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **schema,
    }
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def shipped_schema() -> bytes:
    """``results_schema_json()`` as shipped with bridgescan, what every version publishes:
    read, not made again from the pydantic shapes in every command that publishes (0.06-0.18
    s of CPU a process, 2026-11-29, load 14-17)."""
    return _SHIPPED_SCHEMA.read_bytes()
