"""Batch benchmark (issue 11, "Speed"): ``bridgescan batch`` on a congress day of synthetic slips.

    nice -n 10 .venv/bin/python -m benchmarks.bench_batch --slips 1000 250 \\
        --cache /tmp/bridgescan_bench_batch --json benchmarks/batch.json

Makes the day once with the synthetic generator (benchmarks/batch_events.py; cached in
``--cache``, outside the repository), then times the real command, each run into a fresh
output folder (nothing read before), as a subprocess:

- ``threads``: two threads in the command's process;
- ``processes-2``: two reading processes of the command's own (``--runner processes``);
- ``dask-1``, ``dask-2`` and ``dask-4``: a local Dask cluster of one, two and four worker
  processes (the scaling: on two cores, four workers show what oversubscription costs).

For each: wall time of the whole command (Prefect's start included), pages per second,
CPU time of the whole process tree and of its parts (the command's own process, the
reading processes or Dask's workers, Prefect's API), peak memory of the whole tree
(sampled every 0.2 s: RSS summed, which counts the libraries every process maps once a
process, and PSS, which shares them out, so its sum is what the tree holds: the figure for
issue 42's 1 GB; USS beside, and the PSS of each part at the PSS peak) and the machine's
load average around the run. A shared machine bends CPU time far less than wall time, but
not nothing: what works per second of wall time (Prefect's API and its services, Dask's
heartbeats) costs more CPU the longer a loaded machine makes the run, so compare figures
taken at the same time (``--server``, a standing Prefect server, takes the API out of the
command's tree). It also measures (``--no-overhead`` to skip) Prefect's own cost per task
with empty tasks on threads and on Dask, which is why pages are read in chunks
(``--chunk-pages``, default 8) rather than one page a task.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["CONFIGS", "measure", "overhead", "main"]

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script (make bench) as well as with -m
    sys.path.insert(0, str(ROOT))
BRIDGESCAN = str(Path(sys.executable).parent / "bridgescan")
CONFIGS = {
    "threads": ["--runner", "threads", "--workers", "2"],
    "processes-2": ["--runner", "processes", "--workers", "2"],
    "dask-1": ["--runner", "dask", "--workers", "1"],
    "dask-2": ["--runner", "dask", "--workers", "2"],
    "dask-4": ["--runner", "dask", "--workers", "4"],
}


def _role(process: object) -> str:
    """Which part of the batch a process of its tree is: the command itself (the flow:
    scoring, publishing, keeping readings), a reading process or Dask worker, or Prefect's
    API."""
    try:
        line = " ".join(process.cmdline())  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - gone meanwhile
        return "other"
    if "create_app" in line:
        return "api"
    if "multiprocessing" in line or "spawn_main" in line or "reading_processes" in line:
        return "workers"
    return "command" if "bridgescan" in line else "other"


class _Memory:
    """The tree's memory in one sample (bytes): resident (RSS, summed), proportional (PSS:
    a page shared by n processes counts 1/n in each, so the sum is what the tree holds) and
    unique (USS: pages no other process maps, what ending a process would give back), the
    PSS also by part."""

    def __init__(self) -> None:
        self.rss = self.pss = self.uss = 0
        self.pss_by_part: dict[str, int] = {}


def _tree_sample(pid: int, cpu: dict[int, tuple[str, float]]) -> _Memory:
    """The tree's memory now; each process's CPU time so far kept in ``cpu`` (by pid: the
    last figure seen before it ended)."""
    import psutil

    memory = _Memory()
    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return memory
    for process in processes:
        try:
            used = process.memory_full_info()  # /proc/PID/smaps_rollup: PSS and USS too
            times = process.cpu_times()
            known = cpu.get(process.pid)
            # a child seen between its fork and its exec still shows the command's line:
            # asked again until it shows its own (a reading process was counted as the
            # command's CPU for a whole run)
            role = known[0] if known and (known[0] != "command" or process is root) else (
                _role(process))  # fmt: skip
            cpu[process.pid] = (role, times.user + times.system)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
        memory.rss += used.rss
        memory.pss += used.pss
        memory.uss += used.uss
        memory.pss_by_part[role] = memory.pss_by_part.get(role, 0) + used.pss
    return memory


def _children_cpu() -> float:
    """CPU seconds (user + system) of the children this process has waited for, and theirs:
    the figure a shared machine does not bend (the wall time is what the load left)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(day: Path, config: str, extra: list[str], timeout: float,
            api: str | None = None) -> dict[str, object]:  # fmt: skip
    """One timed run of ``bridgescan batch`` on ``day`` into a fresh output folder (on the
    Prefect server at ``api``, else on the command's temporary API)."""
    out = Path(tempfile.mkdtemp(prefix="bench-batch-"))
    home = Path(tempfile.mkdtemp(prefix="bench-prefect-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = str(home)
    if api:
        env["PREFECT_API_URL"] = api
    env["PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS"] = "600"  # a busy shared machine
    command = [BRIDGESCAN, "batch", str(day), "-o", str(out), *CONFIGS[config], *extra]
    load_before = os.getloadavg()
    cpu_before = _children_cpu()
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)  # fmt: skip
    peak, peak_pss, peak_uss, loads, by_process = 0, 0, 0, [], {}
    peak_by_part: dict[str, int] = {}
    while process.poll() is None:
        memory = _tree_sample(process.pid, by_process)
        peak, peak_uss = max(peak, memory.rss), max(peak_uss, memory.uss)
        if memory.pss > peak_pss:
            peak_pss, peak_by_part = memory.pss, memory.pss_by_part
        loads.append(os.getloadavg()[0])
        if time.perf_counter() - started > timeout:
            process.kill()
            raise TimeoutError(f"{config}: more than {timeout:.0f} s")
        time.sleep(0.2)
    seconds = time.perf_counter() - started
    cpu = _children_cpu() - cpu_before  # the command and every process it waited for
    stderr = process.stderr.read() if process.stderr else ""
    written = out / "batch-summary.json"
    summary = json.loads(written.read_text()) if written.is_file() else {}
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(home, ignore_errors=True)
    failed = [f"{e['event']}: {e['outcome']}: {e['reason'][-1500:]}"
              for e in summary.get("events", ())
              if e["outcome"] not in ("official", "provisional")]  # fmt: skip
    if process.returncode not in (0, 1) or not summary:
        raise RuntimeError(f"{config}: exit {process.returncode}: {stderr[-2000:]} {failed}")
    pages = int(summary["pages"])
    return {
        "config": config,
        "runner": summary["runner"],
        "pages": pages,
        "events": len(summary["events"]),
        "seconds": round(seconds, 1),
        "pages_per_second": round(pages / seconds, 2),
        "flow_seconds": summary["seconds"],  # from the flow's start: Prefect's start-up excluded
        "cpu_seconds": round(cpu, 1),  # user + system, the whole process tree
        # the same by part (sampled every 0.2 s, so a little short): the command's own
        # process is the batch's serial part on Dask (scoring, publishing, keeping readings)
        "cpu_by_part": {
            role: round(sum(c for r, c in by_process.values() if r == role), 1)
            for role in sorted({r for r, _ in by_process.values()})
        },
        # RSS counts each page the processes share (Python, NumPy, OpenCV, Tesseract's
        # libraries, mapped once by each) once a process: PSS is what the tree holds
        "peak_memory_mb": round(peak / 2**20),
        "peak_pss_mb": round(peak_pss / 2**20),
        "peak_uss_mb": round(peak_uss / 2**20),
        "pss_by_part_at_peak_mb": {
            role: round(pss / 2**20) for role, pss in sorted(peak_by_part.items())
        },
        "load_before": round(load_before[0], 2),
        "load_during": round(sum(loads) / max(1, len(loads)), 2),
        "load_after": round(os.getloadavg()[0], 2),
        "exit_code": process.returncode,
    }


_OVERHEAD = """
import json, sys, time
from pipeline.flows.prefect_env import configure_prefect
configure_prefect()
from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from prefect.task_runners import ThreadPoolTaskRunner
from pipeline.flows.batch_event import ByReference
from pipeline.flows.task_runners import dask_client, runner_spec

def nothing_plain(i: int) -> int:
    return i

@task(cache_policy=NO_CACHE)
def nothing(i: int) -> int:
    return i

@task(cache_policy=NO_CACHE)
def nothing_on_dask(client: ByReference, i: int) -> int:  # as chunk_reading.read_pages_on_dask
    return client.value.submit(nothing_plain, i, pure=False).result()

def _time(submit, tasks):
    submit(-1).result()  # start-up is not the overhead per task
    wall, cpu = time.perf_counter(), time.process_time()
    futures = [submit(i) for i in range(tasks)]
    submitted = time.process_time() - cpu
    for future in futures:
        future.result()
    wall = time.perf_counter() - wall
    return {"ms_per_task": round(1000 * wall / tasks, 1),
            "submit_cpu_ms_per_task": round(1000 * submitted / tasks, 1)}

@flow
def measure(kind: str, workers: int, tasks: int) -> dict:
    if kind == "threads":
        with ThreadPoolTaskRunner(max_workers=workers) as pool:
            return _time(lambda i: pool.submit(nothing, {"i": i}), tasks)
    if kind == "prefect-dask":  # Prefect's own Dask runner: its task engine on the worker
        from prefect_dask import DaskTaskRunner
        runner = DaskTaskRunner(cluster_kwargs={"n_workers": workers, "threads_per_worker": 1,
                                                "dashboard_address": None})
        with runner as pool:
            return _time(lambda i: pool.submit(nothing, {"i": i}), tasks)
    with dask_client(runner_spec("dask", workers)) as client, \\
            ThreadPoolTaskRunner(max_workers=3 * workers) as pool:  # as the batch does it
        ref = ByReference(client)
        return _time(lambda i: pool.submit(nothing_on_dask, {"client": ref, "i": i}), tasks)

if __name__ == "__main__":
    print("RESULT" + json.dumps(measure(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
"""


def overhead(
    kind: str, workers: int, tasks: int = 200, api: str | None = None
) -> dict[str, object]:
    """Prefect's wall time per empty task, and the flow's CPU time to submit one: ``kind``
    ``threads``, ``dask`` (as the batch runs a chunk: a task run on a thread of the flow
    waiting for plain Dask work) or ``prefect-dask`` (Prefect's own Dask task runner); on
    the Prefect server at ``api``, else on the script's temporary API."""
    home = Path(tempfile.mkdtemp(prefix="bench-prefect-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = str(home)
    if api:
        env["PREFECT_API_URL"] = api
    env["PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS"] = "600"
    script = home / "overhead.py"
    script.write_text(_OVERHEAD)
    command = [sys.executable, str(script), kind, str(workers), str(tasks)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=ROOT, timeout=900)
    shutil.rmtree(home, ignore_errors=True)
    if "RESULT" not in done.stdout:
        raise RuntimeError(done.stderr[-2000:])
    result = json.loads(done.stdout.split("RESULT", 1)[1])
    return {"runner": f"{kind}-{workers}", "tasks": tasks, **result,
            "load": round(os.getloadavg()[0], 2)}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slips", type=int, nargs="+", default=[1000, 250])
    parser.add_argument("--configs", nargs="+", default=list(CONFIGS), choices=list(CONFIGS))
    parser.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_batch"))
    parser.add_argument("--chunk-pages", type=int, nargs="+", default=[8],
                        help="pages per task; several values compare granularities")  # fmt: skip
    parser.add_argument("--overhead", action=argparse.BooleanOptionalAction, default=True,
                        help="also measure Prefect's cost per task (empty tasks)")  # fmt: skip
    parser.add_argument("--timeout", type=float, default=1800, help="per run, seconds")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--server", action="store_true",
                        help="run on a local Prefect server started once beforehand "
                        "(`bridgescan prefect start`), not each command's own API")  # fmt: skip
    args = parser.parse_args(argv)
    # A benchmark stopped with `kill` must still stop the server it started, and leave no
    # home behind: SIGTERM ends it through the `finally` below, as Ctrl-C does.
    signal.signal(signal.SIGTERM, _stopped)
    server = _start_server() if args.server else None
    try:
        return _measure_all(args, server)
    finally:
        if server is not None:
            subprocess.run([BRIDGESCAN, "prefect", "stop"], env=server[1], check=False,
                           capture_output=True)  # fmt: skip
            shutil.rmtree(server[1]["PREFECT_HOME"], ignore_errors=True)


def _stopped(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _start_server() -> tuple[str, dict[str, str]]:
    """A standing local server in a home of its own: its address and that environment."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = tempfile.mkdtemp(prefix="bench-server-")
    subprocess.run([BRIDGESCAN, "prefect", "start", "--port", "0", "--wait", "900",
                    "--no-runner"], env=env, check=True, capture_output=True)  # fmt: skip
    state = json.loads((Path(env["PREFECT_HOME"]) / "bridgescan-server.json").read_text())
    return str(state["url"]), env


def _measure_all(args: argparse.Namespace, server: tuple[str, dict[str, str]] | None) -> int:
    from benchmarks.batch_events import make_day

    results: dict[str, object] = {"cpus": os.cpu_count(), "runs": [], "overhead": []}
    for slips in args.slips:
        day = args.cache / f"day-{slips}"
        started = time.perf_counter()
        make_day(day, slips)
        print(f"# day of {slips} slips ready in {time.perf_counter() - started:.0f} s", flush=True)
        for config in args.configs:
            for chunk in args.chunk_pages:
                run = measure(day, config, ["--chunk-pages", str(chunk)], args.timeout,
                              server[0] if server else None)  # fmt: skip
                run.update(
                    slips=slips, chunk_pages=chunk, prefect="server" if server else "temporary"
                )
                print(json.dumps(run), flush=True)
                results["runs"].append(run)  # type: ignore[attr-defined]
    if args.overhead:
        for kind, workers in (("threads", 2), ("dask", 2), ("prefect-dask", 2)):
            figure = overhead(kind, workers, api=server[0] if server else None)
            print(json.dumps(figure), flush=True)
            results["overhead"].append(figure)  # type: ignore[attr-defined]
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
