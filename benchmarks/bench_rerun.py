"""Re-running the sample evening: the pages read once are taken from the event store.

    .venv/bin/python benchmarks/bench_rerun.py [--repeats 1] [--store URL]

Runs ``bridgescan run sample_data`` the way a director does, each a fresh process (Prefect's
ephemeral API starts every time): first on an empty output folder (all 26 scanned pages
read), then again unchanged (``make run`` twice), then after one review decision
(``bridgescan review resolve``, the first open item, ``candidate 1``). Prints, as JSON, each
run's wall time and how many pages it read or took from the store, and the time of a
bare ``bridgescan --version``-style start (``bridgescan --help``) for scale. ``--store``
runs the same on another store (a PostgreSQL URL; each repeat in a new schema).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).parents[1]
BRIDGESCAN = Path(sys.executable).with_name("bridgescan")


def _run(*args: str, env: dict[str, str]) -> tuple[float, str]:
    began = time.perf_counter()
    done = subprocess.run([str(BRIDGESCAN), *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, check=False)  # fmt: skip
    took = time.perf_counter() - began
    if done.returncode not in (0, 1):
        raise SystemExit(f"bridgescan {' '.join(args)} failed ({done.returncode}):\n"
                         f"{done.stderr[-3000:]}")  # fmt: skip
    return took, done.stdout


def _reused(output: str) -> int:
    found = re.search(r"session 1: (\d+) of \d+ page\(s\) as read before", output)
    return int(found[1]) if found else 0


def _store_for(base: str | None) -> list[str]:
    if base is None:
        return []
    separator = "&" if "?" in base else "?"
    return ["--store", f"{base}{separator}schema=bench_{uuid.uuid4().hex[:10]}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--store", default=None, help="a PostgreSQL URL (default: SQLite)")
    options = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    runs: dict[str, list[float]] = {"first": [], "unchanged": [], "after a decision": []}
    pages: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="bench-rerun-") as scratch:
        env["PREFECT_HOME"] = str(Path(scratch) / "prefect")
        start, _ = _run("--help", env=env)
        for repeat in range(options.repeats):
            out = Path(scratch) / f"out{repeat}"
            store = _store_for(options.store)
            command = ("run", "sample_data", "--out", str(out), *store)
            for name in ("first", "unchanged"):
                took, output = _run(*command, env=env)
                runs[name].append(took)
                pages[name] = _reused(output)
            queue = json.loads((out / "review" / "review.json").read_text())
            item = queue["items"][0]["id"]
            _run("review", "resolve", str(out / "review"), item, "--by", "bench",
                 "--value", "candidate 1", env=env)  # fmt: skip
            took, output = _run(*command, env=env)
            runs["after a decision"].append(took)
            pages["after a decision"] = _reused(output)
    print(json.dumps({
        "store": "sqlite" if options.store is None else "postgresql",
        "cli_start_s": round(start, 2),
        "runs": {name: {"median_s": round(statistics.median(times), 1),
                        "all_s": [round(t, 1) for t in times],
                        "pages_taken_from_store": pages[name], "pages": 26}
                 for name, times in runs.items()},
    }, indent=1))  # fmt: skip


if __name__ == "__main__":
    main()
