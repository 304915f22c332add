"""Where a core waits in a batch (issue 42): which of its threads want a core, second by second.

    python -m benchmarks.batch_cores DAY --api http://127.0.0.1:PORT/api [--tree PATH] \\
        [--label new] [--json cores.json] [-- extra batch options]

Runs ``bridgescan batch DAY -o OUT --runner processes --workers 2`` (the code of ``--tree``
on ``PYTHONPATH``, ``BRIDGESCAN_NOW`` fixed, a fresh output folder) and reads, every
0.25 s, each thread of its process tree from ``/proc``: its CPU (``stat``) and its time
running plus waiting to run (``schedstat``: what it would have used on a quiet machine,
so a loaded machine's queue does not count as the batch's idle time). The command's
threads are named by ``py-spy dump`` every two seconds (Python 3.11 gives the kernel no
thread names). Two cores stand idle for the batch in a second where its runnable threads
add up to less than two; the report gives those core-seconds by phase:

- **start**: until both reading processes read, six seconds on end (the command's imports,
  Prefect, planning; a reading process's own start is not reading yet);
- **middle**: while both read; where their demand falls below two, the command's threads
  at that second say why (the flow keeping chunks, the publishing thread, planning);
- **drain**: from the last second both read to the last one a reader was busy most of
  (one reader left);
- **tail**: after the last page (the last event scored and published, the summary).

A measurement tool, not a test: under load the wall time says little, the core-seconds
(demand, not CPU) and the CPU do.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["main", "phases"]

ROOT = Path(__file__).resolve().parents[1]
BRIDGESCAN = str(Path(sys.executable).parent / "bridgescan")
PY_SPY = "/opt/tools/bin/py-spy"
TICK = os.sysconf("SC_CLK_TCK")
NOW = "2026-11-30T12:00:00+00:00"
CORES = 2
THREAD_LINE = re.compile(r'^Thread (\d+) \((?:idle|active)\): "([^"]*)"', re.MULTILINE)


def _tree(pid: int) -> list[int]:
    """The process and its descendants, from ``/proc/PID/task/*/children``."""
    found = [pid]
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as children:
                for child in children.read().split():
                    found += _tree(int(child))
    except OSError:
        pass
    return found


def _role(pid: int, root: int) -> str:
    if pid == root:
        return "command"
    try:
        line = Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
    except OSError:
        return "other"
    return "reader" if "reading_processes" in line or "multiprocessing" in line else "other"


def _sample(root: int, roles: dict[int, str]) -> dict[tuple[int, int], tuple[float, float]]:
    """Every thread of the tree: (CPU seconds, seconds running or waiting to run) so far."""
    seen = {}
    for pid in _tree(root):
        roles.setdefault(pid, _role(pid, root))
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                stat = Path(f"/proc/{pid}/task/{task}/stat").read_text()
                fields = stat[stat.rindex(")") + 2 :].split()
                sched = Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()
                cpu = (int(fields[11]) + int(fields[12])) / TICK
                seen[(pid, int(task))] = (cpu, (int(sched[0]) + int(sched[1])) / 1e9)
        except (OSError, ValueError, IndexError):
            pass
    return seen


def _names(pid: int, names: dict[int, str]) -> None:
    """The command's thread names by native id (``py-spy dump``, not pausing it)."""
    try:
        dump = subprocess.run([PY_SPY, "dump", "--nonblocking", "--pid", str(pid)],
                              capture_output=True, text=True, timeout=10).stdout  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return
    for tid, name in THREAD_LINE.findall(dump):
        names.setdefault(int(tid), re.sub(r"_\d+$", "", name))


def run(day: Path, tree: Path, api: str, extra: list[str], tick: float = 0.25) -> dict:
    """One batch sampled; per second: CPU and demand by role/thread."""
    out = Path(tempfile.mkdtemp(prefix="batch-cores-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env.update(PYTHONPATH=str(tree), BRIDGESCAN_NOW=NOW, PREFECT_API_URL=api)
    env["PREFECT_HOME"] = tempfile.mkdtemp(prefix="batch-cores-home-")
    command = [BRIDGESCAN, "batch", str(day), "-o", str(out), "--runner", "processes",
               "--workers", "2", *extra]  # fmt: skip
    load = [os.getloadavg()[0]]
    usage0 = os.times()
    started = time.perf_counter()
    # In the tree: a reading process is ``python -c``, whose path starts with the folder
    # it runs in, before PYTHONPATH (run elsewhere, it would read with that folder's code).
    process = subprocess.Popen(command, env=env, cwd=tree, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)  # fmt: skip
    roles: dict[int, str] = {}
    names: dict[int, str] = {}
    last: dict[tuple[int, int], tuple[float, float]] = {}
    bins: dict[int, dict[str, float]] = {}
    next_names = 0.0
    while process.poll() is None:
        now = time.perf_counter() - started
        if now >= next_names:
            _names(process.pid, names)
            next_names = now + 2.0
        for key, (cpu, demand) in _sample(process.pid, roles).items():
            was_cpu, was_demand = last.get(key, (0.0, 0.0))
            last[key] = (cpu, demand)
            pid, tid = key
            role = roles.get(pid, "other")
            if role == "command":
                role = "command:" + ("MainThread" if tid == pid else names.get(tid, "?"))
            row = bins.setdefault(int(now), {})
            row[role] = row.get(role, 0.0) + cpu - was_cpu
            row["demand:" + role.split(":")[0]] = (row.get("demand:" + role.split(":")[0], 0.0)
                                                   + demand - was_demand)  # fmt: skip
        load.append(os.getloadavg()[0])
        time.sleep(tick)
    stderr = process.stderr.read() if process.stderr else ""
    wall = time.perf_counter() - started
    usage1 = os.times()
    cpu = (usage1.children_user - usage0.children_user
           + usage1.children_system - usage0.children_system)  # fmt: skip
    return {"wall": wall, "cpu": cpu, "rc": process.returncode, "out": str(out),
            "load": [min(load), max(load)], "bins": bins, "stderr": stderr[-2000:]}  # fmt: skip


def phases(bins: dict[int, dict[str, float]]) -> dict[str, dict[str, float]]:
    """Idle core-seconds (``CORES`` less the tree's demand, each second) and CPU by part in
    each phase (the module's docstring defines them by the readers' demand)."""
    seconds = sorted(bins)
    readers = {s: bins[s].get("demand:reader", 0.0) for s in seconds}
    both = [s for s in seconds if readers[s] >= 1.5]
    # both reading for 6 s on end: a process's start (its reader loaded: about a second of
    # CPU each, several seconds at a high load) is not yet reading
    first = next((s for s in both if all(readers.get(s + k, 0) >= 1.5 for k in range(6))),
                 seconds[-1])  # fmt: skip
    last_both = both[-1] if both else first
    # a reader busy most of a second (its exit at the batch's end is a blink of CPU)
    last_read = max((s for s in seconds if readers[s] >= 0.9), default=last_both)
    cut = {"start": (seconds[0], first - 1), "middle": (first, last_both),
           "drain": (last_both + 1, last_read), "tail": (last_read + 1, seconds[-1])}  # fmt: skip
    report = {}
    for phase, (low, high) in cut.items():
        rows = [bins[s] for s in seconds if low <= s <= high]
        idle = sum(max(0.0, CORES - sum(v for k, v in r.items() if k.startswith("demand:")))
                   for r in rows)  # fmt: skip
        part = {"seconds": len(rows), "idle core-seconds": round(idle, 1)}
        for row in rows:
            for key, value in row.items():
                if not key.startswith("demand:"):
                    part[key] = part.get(key, 0.0) + value
        if phase == "middle":  # readers short of a core: what the command did meanwhile
            short = [r for r in rows if r.get("demand:reader", 0.0) < 1.8]
            part["reader-short seconds"] = len(short)
            part["reader-short core-seconds"] = round(
                sum(1.8 - r.get("demand:reader", 0.0) for r in short), 1
            )
            for row in short:
                for key, value in row.items():
                    if key.startswith("command:"):
                        name = "short: " + key
                        part[name] = part.get(name, 0.0) + value
        report[phase] = {k: round(v, 2) if isinstance(v, float) else v for k, v in part.items()}
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("day", type=Path)
    parser.add_argument("--api", required=True, help="a standing Prefect API's URL")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the code to run")
    parser.add_argument("--label", default="run")
    parser.add_argument("--json", type=Path, help="write the run and its bins here")
    parser.add_argument("extra", nargs="*", help="more options for bridgescan batch")
    args = parser.parse_args(argv)
    result = run(args.day, args.tree, args.api, args.extra)
    result["phases"] = phases(result["bins"])
    result["label"] = args.label
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    low, high = result["load"]
    print(f"{args.label}: rc {result['rc']} wall {result['wall']:.1f} s, "
          f"CPU {result['cpu']:.1f} s, load {low:.1f}-{high:.1f}, out {result['out']}")  # fmt: skip
    for phase, part in result["phases"].items():
        print(f"  {phase}: " + ", ".join(f"{k} {v}" for k, v in part.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
