"""Batch benchmark (issue 11, "Speed"): ``bridgescan batch`` on a congress day of synthetic slips.

    nice -n 10 .venv/bin/python -m benchmarks.bench_batch --slips 1000 250 \\
        --cache /tmp/bridgescan_bench_batch --json benchmarks/batch.json

Makes the day once with the synthetic generator (benchmarks/batch_events.py; cached in
``--cache``, outside the repository), then times the real command, each run into a fresh
output folder (nothing read before), as a subprocess:

- ``threads``: the default runner, two threads;
- ``dask-1`` and ``dask-2``: a local Dask cluster of one and two worker processes.

For each: wall time of the whole command (Prefect's start included), pages per second,
CPU time of the whole process tree (what a shared machine does not change), peak memory of
the whole process tree (the command, Dask's workers and Prefect's API
server, summed, sampled every 0.2 s) and the machine's load average around the run (the
machine is shared: the figures say how busy it was). It also measures (``--no-overhead``
to skip) Prefect's own cost per task with empty tasks on threads and on Dask, which is why pages
are read in chunks (``--chunk-pages``, default 8) rather than one page a task.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
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
    "dask-1": ["--runner", "dask", "--workers", "1"],
    "dask-2": ["--runner", "dask", "--workers", "2"],
}


def _tree_rss(pid: int) -> int:
    import psutil

    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for process in processes:
        try:
            total += process.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total


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
    peak, loads = 0, []
    while process.poll() is None:
        peak = max(peak, _tree_rss(process.pid))
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
        "peak_memory_mb": round(peak / 2**20),
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
from pipeline.flows.task_runners import runner_spec, task_runner

@task(cache_policy=NO_CACHE)
def nothing(i: int) -> int:
    return i

@flow
def measure(kind: str, workers: int, tasks: int) -> dict:
    with task_runner(runner_spec(kind, workers)) as pool:
        pool.submit(nothing, {"i": -1}).result()  # start-up is not the overhead per task
        wall, cpu = time.perf_counter(), time.process_time()
        futures = [pool.submit(nothing, {"i": i}) for i in range(tasks)]
        submitted = time.process_time() - cpu
        for future in futures:
            future.result()
        wall = time.perf_counter() - wall
    return {"ms_per_task": round(1000 * wall / tasks, 1),
            "submit_cpu_ms_per_task": round(1000 * submitted / tasks, 1)}

if __name__ == "__main__":
    print("RESULT" + json.dumps(measure(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
"""


def overhead(kind: str, workers: int, tasks: int = 200) -> dict[str, object]:
    """Prefect's wall time per empty task, and the flow's CPU time to submit one."""
    home = Path(tempfile.mkdtemp(prefix="bench-prefect-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = str(home)
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
    server = _start_server() if args.server else None
    try:
        return _measure_all(args, server)
    finally:
        if server is not None:
            subprocess.run([BRIDGESCAN, "prefect", "stop"], env=server[1], check=False,
                           capture_output=True)  # fmt: skip


def _start_server() -> tuple[str, dict[str, str]]:
    """A standing local server in a home of its own: its address and that environment."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = tempfile.mkdtemp(prefix="bench-server-")
    subprocess.run([BRIDGESCAN, "prefect", "start", "--port", "0", "--wait", "900"], env=env,
                   check=True, capture_output=True)  # fmt: skip
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
        for kind, workers in (("threads", 2), ("dask", 1), ("dask", 2)):
            figure = overhead(kind, workers)
            print(json.dumps(figure), flush=True)
            results["overhead"].append(figure)  # type: ignore[attr-defined]
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
