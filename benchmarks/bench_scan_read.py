"""``bridgescan scan read`` from a cold start, as issue 43's outside check measures the reader.

    .venv/bin/python -m benchmarks.bench_scan_read --cache /tmp/bridgescan_bench_ocr \\
        --event-folder /tmp/bridgescan_bench_batch/day-1000/e02 --repeat 3
    .venv/bin/python -m benchmarks.bench_scan_read --tree OLD_CHECKOUT --tree . --conditions noisy

The outside check timed the command a user runs, "one 27-page batch at a time, start-up
included": a fresh ``bridgescan scan read FOLDER -o OUT`` per folder, into a new output
folder (so a new event store). ``bench_ocr`` times only the reading of each page, in one
process that loaded everything before. This benchmark runs the command as a subprocess
and measures the whole process tree (wall, and user+sys CPU of the command and every
process it waited for, Tesseract included, from ``os.wait4``):

- per condition of a ``bench_ocr`` cache (``--cache``, its ``--split`` side), the first
  ``--pages`` pages copied into a folder of their own (nothing is written into the cache),
  and the first page alone: its CPU is the start-up (interpreter, imports, the new store,
  the review sheet) with one page's reading; ``per page`` is what each further page adds,
  ``(CPU of N pages - CPU of 1) / (N - 1)``;
- with ``--event-folder`` (a ``bench_batch`` event: ``event.yaml`` and ``scans/*.pdf``), its
  first session's PDF read with ``--event`` and without (the ``bench_ocr`` caches have no
  event file: their pages come from many sessions);
- the start of commands that read nothing: ``bridgescan --help`` and ``scan read --help``.

``--start-only`` times each condition's first page alone, not the ``--pages`` folder: a
start-up cut of a tenth of a second needs more repeats than the folders leave time for.

Several ``--tree`` (source checkouts, each put first on ``PYTHONPATH``) are run side by side,
alternating run by run, so each sees the same load: compare their CPU, not wall, on a
shared machine. Every figure is the median of ``--repeat`` runs. Python's bytecode files
are written as an installed package has them (one unmeasured warm-up run per tree first):
``PYTHONDONTWRITEBYTECODE`` would make every run compile the sources again.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Job", "measure", "main"]

ROOT = Path(__file__).resolve().parent.parent
_PAGES = (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".pdf")


@dataclass(frozen=True)
class Job:
    """One command line to time: ``args`` after ``bridgescan``; ``pages`` it reads (0: none);
    ``out`` whether it takes a fresh ``-o OUT`` folder."""

    name: str
    args: tuple[str, ...]
    pages: int = 0
    out: bool = False


@dataclass
class Timing:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def _command() -> list[str]:
    """The ``bridgescan`` console script, run by this interpreter (its code: ``_env``)."""
    return [sys.executable, str(Path(sys.executable).with_name("bridgescan"))]


def _env(tree: Path) -> dict[str, str]:
    """This environment with ``tree`` first on the path (before an editable install)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join([str(tree), *filter(None, [env.get("PYTHONPATH")])])
    return env


def measure(tree: Path, job: Job, scratch: Path) -> tuple[float, float]:
    """One run of ``job`` with ``tree``'s code: (wall seconds, CPU seconds of the tree)."""
    args = list(job.args)
    if job.out:
        out = Path(tempfile.mkdtemp(prefix="out-", dir=scratch))
        args += ["-o", str(out)]
    began = time.perf_counter()
    process = subprocess.Popen(
        _command() + args, env=_env(tree), stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):  # 1: items wait for review, as expected
        raise SystemExit(f"{job.name} with {tree} exited {process.returncode}:\n"
                         f"{errors.decode(errors='replace')[-2000:]}")  # fmt: skip
    if job.out:
        shutil.rmtree(out)
    return wall, usage.ru_utime + usage.ru_stime


def _page_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in _PAGES
                  and p.name.startswith("page_"))  # fmt: skip


def _copied(files: list[Path], into: Path) -> Path:
    into.mkdir(parents=True)
    for path in files:
        shutil.copy2(path, into / path.name)
    return into


def jobs(args: argparse.Namespace, scratch: Path) -> list[Job]:
    """The command lines to time, their page folders copied into ``scratch``."""
    out = [Job("--help", ("--help",)), Job("scan read --help", ("scan", "read", "--help"))]
    side = args.cache / args.split
    if not side.is_dir():
        raise SystemExit(f"{side}: no bench_ocr pages here; make them with "
                         f"`python -m benchmarks.bench_ocr --cache {args.cache}`")  # fmt: skip
    conditions = args.conditions or sorted(p.name for p in side.iterdir() if p.is_dir())
    for condition in conditions:
        files = _page_files(side / condition)
        needed = 1 if args.start_only else args.pages
        if len(files) < needed:
            raise SystemExit(f"{side / condition}: {len(files)} pages, fewer than --pages")
        one = _copied(files[:1], scratch / f"{condition}-1")
        out.append(Job(f"{condition} 1", ("scan", "read", str(one)), 1, True))
        if args.start_only:
            continue
        many = _copied(files[: args.pages], scratch / condition)
        out.append(Job(f"{condition} {args.pages}", ("scan", "read", str(many)), args.pages,
                       True))  # fmt: skip
    if args.event_folder is not None:
        pdfs = sorted((args.event_folder / "scans").glob("*.pdf"))
        if not pdfs or not (args.event_folder / "event.yaml").is_file():
            raise SystemExit(f"{args.event_folder}: no event.yaml and scans/*.pdf (a bench_batch "
                             "event, e.g. CACHE/day-1000/e02)")  # fmt: skip
        pdf = pdfs[0]
        import pypdfium2

        pages = len(pypdfium2.PdfDocument(pdf))
        copy = scratch / "event" / pdf.name
        copy.parent.mkdir()
        shutil.copy2(pdf, copy)
        event = ("--event", str(args.event_folder / "event.yaml"), "--session", "1")
        out.append(Job(f"event pdf {pages}", ("scan", "read", str(copy)), pages, True))
        out.append(Job(f"event pdf {pages} --event", ("scan", "read", str(copy), *event),
                       pages, True))  # fmt: skip
    return out


def report(trees: list[Path], timed: dict[tuple[str, str], Timing], todo: list[Job]) -> list[dict]:
    rows = []
    for job in todo:
        for tree in trees:
            t = timed[(job.name, str(tree))]
            wall, cpu = statistics.median(t.wall), statistics.median(t.cpu)
            row = {"job": job.name, "tree": str(tree), "pages": job.pages, "wall": round(wall, 3),
                   "cpu": round(cpu, 3), "cpus": [round(c, 3) for c in t.cpu]}  # fmt: skip
            if job.pages:
                row["pages_per_s_wall"] = round(job.pages / wall, 2)
                row["pages_per_cpu_s"] = round(job.pages / cpu, 2)
                single = timed.get((job.name.rsplit(" ", 1)[0] + " 1", str(tree)))
                if job.pages > 1 and single is not None and job.name.endswith(f" {job.pages}"):
                    start = statistics.median(single.cpu)
                    row["startup_cpu"] = round(start, 3)
                    row["ms_per_further_page"] = round(1000 * (cpu - start) / (job.pages - 1), 1)
            rows.append(row)
    return rows


def _print(rows: list[dict], load: tuple[float, float]) -> None:
    print(f"load average {load[0]:.1f} before, {load[1]:.1f} after; medians; CPU = user+sys "
          "of the process tree")  # fmt: skip
    print(f"{'job':<26} {'tree':<28} {'wall s':>7} {'CPU s':>7} {'p/s wall':>8} "
          f"{'p/CPU-s':>8} {'start':>6} {'ms/page':>8}")  # fmt: skip
    for r in rows:
        print(f"{r['job']:<26} {r['tree'][-28:]:<28} {r['wall']:>7.2f} {r['cpu']:>7.2f} "
              f"{r.get('pages_per_s_wall', ''):>8} {r.get('pages_per_cpu_s', ''):>8} "
              f"{r.get('startup_cpu', ''):>6} {r.get('ms_per_further_page', ''):>8}")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_ocr"),
                    help="a bench_ocr cache (made by benchmarks.bench_ocr)")  # fmt: skip
    ap.add_argument("--split", default="test")
    ap.add_argument("--conditions", nargs="*", help="default: every condition in the cache")
    ap.add_argument("--pages", type=int, default=27)
    ap.add_argument("--start-only", action="store_true",
                    help="each condition's first page alone, not --pages")  # fmt: skip
    ap.add_argument("--event-folder", type=Path, help="a bench_batch event (event.yaml, scans/)")
    ap.add_argument("--tree", type=Path, action="append", help="source trees (default: this one)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", type=Path, help="also write the rows here")
    args = ap.parse_args(argv)
    trees = [t.resolve() for t in (args.tree or [ROOT])]
    with tempfile.TemporaryDirectory(prefix="bench-scan-read-") as scratch_name:
        scratch = Path(scratch_name)
        todo = jobs(args, scratch)
        for tree in trees:  # bytecode written, files in the page cache: not measured
            for job in todo[:3]:
                measure(tree, job, scratch)
        timed: dict[tuple[str, str], Timing] = {}
        before = os.getloadavg()[0]
        for _ in range(args.repeat):
            for job in todo:
                for tree in trees:
                    wall, cpu = measure(tree, job, scratch)
                    t = timed.setdefault((job.name, str(tree)), Timing())
                    t.wall.append(wall)
                    t.cpu.append(cpu)
        rows = report(trees, timed, todo)
    _print(rows, (before, os.getloadavg()[0]))
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
