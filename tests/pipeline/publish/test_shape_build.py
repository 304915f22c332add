"""When results.json's shapes build their validators: when a command publishes, not at import.

A command that only checks the store head of a published results.json (``run`` before it
scores, ``review``, ``correct``: ``pipeline.corrections.record_check``) imports the reader,
``results_json_read``; building the whole document's validator and serializer there is CPU
it never uses. The writer, ``results_json``, is imported only by what publishes (and by the
batch before its collector is paused, so the built shapes are frozen with its setup): it
builds them on import. Run in a fresh process, where nothing else has built them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[3]

SCRIPT = """
import json
from pipeline.publish import results_json_read
from pipeline.publish.results_schema import ResultsJson, StoreJson

def built():
    return {"results": ResultsJson.__pydantic_complete__, "store": StoreJson.__pydantic_complete__}

seen = {"reader_imported": built()}
head = results_json_read.store_head_from_dict({"store": "s.sqlite", "records": 3, "chain": "ab"})
seen["head_read"] = {**built(), "head": [head.store, head.records, head.chain]}
from pipeline.publish import results_json
seen["writer_imported"] = built()
print(json.dumps(seen))
"""


def test_the_reader_builds_only_what_it_reads_and_the_writer_builds_on_import() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=True)  # fmt: skip
    seen = json.loads(done.stdout)
    assert seen == {
        "reader_imported": {"results": False, "store": False},
        "head_read": {"results": False, "store": True, "head": ["s.sqlite", 3, "ab"]},
        "writer_imported": {"results": True, "store": True},
    }
