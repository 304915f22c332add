"""Prefect's API alone, started as a command starts its temporary one, to its first answer.

    .venv/bin/python benchmarks/bench_api_start.py [--runs 3] [--home FOLDER]

Each run starts the API (``local_api.api_command``, the environment Prefect gives its
temporary API) in a new Prefect home three ways in turn: with this installation's database
template (pipeline/flows/prefect_database.py; made first when it is missing), as the first
API of an installation (an empty template folder: the API makes the template, then uses
it), and as Prefect alone (a template folder that cannot be made: Prefect migrates the new
database itself). ``--home`` starts it in that home instead, as it is (a home used before).
Prints, as JSON, the API process's CPU (user + system) and wall time until it answers its
health check, each run and the medians, and the load average: compare CPU, not wall time,
on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parents[1]
if str(ROOT) not in sys.path:  # run as a script as well as with -m
    sys.path.insert(0, str(ROOT))

from pipeline.flows.local_api import answers, api_command, free_port  # noqa: E402
from pipeline.flows.prefect_database import (  # noqa: E402
    TEMPLATE_FOLDER_VARIABLE,
    template_folder,
)
from pipeline.flows.prefect_template import make_template  # noqa: E402


def _cpu_of(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_once(home: Path, templates: Path) -> dict[str, float]:
    """One API start in ``home``: its CPU and wall time to the first answer."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env.update(PREFECT_HOME=str(home), PREFECT_UI_ENABLED="0", PREFECT__SERVER_EPHEMERAL="1",
               PREFECT__SERVER_FINAL="1", PREFECT_SERVER_ANALYTICS_ENABLED="false",
               DO_NOT_TRACK="1")  # fmt: skip
    env[TEMPLATE_FOLDER_VARIABLE] = str(templates)
    port = free_port()
    began = time.perf_counter()
    process = subprocess.Popen(api_command(port), env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        while not answers(f"http://127.0.0.1:{port}/api", timeout=1.0):
            if process.poll() is not None:
                raise SystemExit(f"the API in {home} ended with {process.returncode}")
            time.sleep(0.05)
        return {"cpu_s": round(_cpu_of(process.pid), 2),
                "wall_s": round(time.perf_counter() - began, 2)}  # fmt: skip
    finally:
        process.terminate()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--home", type=Path, help="a home as it is (default: new homes)")
    options = parser.parse_args()
    templates = template_folder()
    make_template(templates, say=lambda line: print(line, file=sys.stderr))
    runs: dict[str, list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-api-start-") as scratch:
        for number in range(options.runs):
            if options.home is not None:
                runs.setdefault("given home", []).append(start_once(options.home, templates))
                continue
            ways = {"template": templates, "makes the template": Path(scratch) / f"new-{number}",
                    "Prefect alone": Path(os.devnull) / "templates"}  # fmt: skip
            for label, folder in ways.items():
                home = Path(scratch) / f"home-{number}-{label.replace(' ', '-')}"
                runs.setdefault(f"new home, {label}", []).append(start_once(home, folder))
    result: dict[str, object] = {}
    for name, done in runs.items():
        median = round(statistics.median(run["cpu_s"] for run in done), 2)
        result[name] = {"cpu_s_median": median, "runs": done}
    result["load_average_1min"] = round(os.getloadavg()[0], 1)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
