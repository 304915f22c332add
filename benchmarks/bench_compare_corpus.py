"""``compare`` on other programs' real files: clean / differences / unreadable per program and
per feature, and the time ``bridgescan compare FOLDER`` takes on a few hundred files (issue 41).

1. The corpus: every ``.pbn`` / ``.xml`` file below the folders given with ``--corpus``
   (default: the excerpts kept in tests/pipeline/interop/data/pbn). The public files behind
   the table in docs/interop.md are not kept in the repository (only what a test needs is); the
   document lists where each comes from, so the corpus can be fetched again and re-run.
   Each file is compared on its own with its options detected; its program is the
   ``[Generator]`` / ``[Application]`` / META name the file states, its features what it
   holds (sit-outs, adjusted scores, "-" pairs, penalty lines, "A=" / "+0" splits, sections,
   centred figures, boards played fewer times, teams, IMPs, ...).
2. The folder: ``--folder-files`` club sessions (14 pairs, 30 boards, 209 results, a missing
   result and an artificial score; half in Ruter's centred dialect: benchmarks/bench_compare.py)
   written to a temporary folder, then the real command ``bridgescan compare FOLDER`` run as a
   subprocess and timed with ``time.perf_counter`` (start-up included), with the CPU time
   it used (``resource.getrusage``) and the load average beside it: on a shared machine
   the wall-clock time is mostly the wait for a core.

Run: ``python benchmarks/bench_compare_corpus.py [--corpus DIR ...] [--folder-files 300]
[--markdown]``; prints JSON (and the tables in Markdown with ``--markdown``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_compare import as_ruter, club_session  # noqa: E402
from pipeline.interop.batch import FileOutcome, compare_files, results_files  # noqa: E402
from pipeline.interop.pbn_writer import write_pbn  # noqa: E402
from pipeline.interop.records import ImportedSession, Scoring  # noqa: E402
from scoring.presentation import Presentation  # noqa: E402

STATUSES = ("clean", "differences", "no results", "unreadable")
_PROGRAMS = (
    ("magic contest", "Magic Contest"),
    ("bridgecomposer", "BridgeComposer"),
    ("ruter", "Ruter"),
    ("compscore", "Compscore"),
    ("acblscore", "ACBLscore"),
    ("bridgewebs", "BridgeWebs"),
    ("big deal", "Big Deal (deals only)"),
    ("bridgescan", "bridgescan"),
)
_NAMED = re.compile(rb'\[(?:Generator|Application) "([^"]*)"|name="?generator"? content="([^"]*)"')


def program_of(path: Path, session: ImportedSession | None) -> str:
    """The program that wrote the file, by the name it states (or "PBN" / "USEBIO")."""
    head = path.read_bytes()[:20000]
    stated = session.program if session is not None else None
    if stated is None:
        match = _NAMED.search(head)
        if match is not None:
            stated = (match.group(1) or match.group(2) or b"").decode("latin-1")
    # The stated name first; else a program named in the file's comments ("% BridgeComposer").
    for text in ((stated or "").lower(), head.decode("latin-1").lower()):
        for needle, name in _PROGRAMS:
            if needle in text:
                return name
    if session is not None:
        return stated or session.format
    return stated or ("USEBIO" if path.suffix.lower() == ".xml" else "PBN")


def features_of(session: ImportedSession | None) -> list[str]:
    """What the file holds that a convention or a dialect feature is about."""
    if session is None:
        return ["(unreadable)"]
    results = session.results
    counts = {len(b.results) for b in session.boards if b.results}
    found = {
        "sit-outs": bool(session.sitouts),
        "adjusted scores": any(r.adjustment is not None for r in results),
        '"A=" / "+0" splits': any(r.field_score is not None for r in results),
        '"-" pairs': any(r.substitutes for r in results),
        "penalty lines": bool(session.penalties),
        "several sections": len(session.sections) > 1,
        "centred figures": session.presentation is Presentation.CENTRED,
        "boards played fewer times": len(counts) > 1,
        "phantom pairs": any(p.phantom for p in session.pairs),
        "multi-session totals": any(p.cumulative_total is not None for p in session.pairs),
        "teams": session.scoring is Scoring.TEAMS,
        "cross-IMPs": session.scoring is Scoring.CROSS_IMPS,
        "Butler": session.scoring is Scoring.BUTLER,
    }
    named = [name for name, present in found.items() if present]
    return named or ["plain matchpoints"]


def _tally(rows: list[dict[str, object]], key: str) -> dict[str, dict[str, int]]:
    table: dict[str, Counter[str]] = {}
    for row in rows:
        values = row[key] if isinstance(row[key], list) else [row[key]]
        for value in values:  # type: ignore[union-attr]
            table.setdefault(str(value), Counter())[str(row["status"])] += 1
    return {name: {s: counts[s] for s in STATUSES} for name, counts in sorted(table.items())}


def corpus(folders: list[Path]) -> dict[str, object]:
    paths = [p for folder in folders for p in results_files(folder)]
    outcomes: list[FileOutcome] = compare_files(paths)
    rows: list[dict[str, object]] = []
    for outcome in outcomes:
        comparison = outcome.comparison
        rows.append(
            {
                "file": outcome.path.name,
                "program": program_of(outcome.path, outcome.session),
                "features": features_of(outcome.session),
                "status": outcome.status,
                "results": comparison.results_checked if comparison is not None else 0,
                "reasons": sorted({d.reason for d in comparison.differences})
                if comparison is not None
                else [outcome.error],
                "seconds": round(outcome.seconds, 3),
            }
        )
    return {
        "files": rows,
        "by_program": _tally(rows, "program"),
        "by_feature": _tally(rows, "features"),
    }


def folder_timing(files: int) -> dict[str, object]:
    """``bridgescan compare FOLDER`` on ``files`` club sessions, the real command, timed."""
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(files):
            session = club_session(seed)
            if seed % 2:
                session = as_ruter(session)
            (Path(folder) / f"night-{seed:03d}.pbn").write_bytes(write_pbn(session))
        command = [sys.executable, "-c", "from pipeline.cli import main; main()",
                   "compare", folder]  # fmt: skip
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    last = [line for line in done.stdout.splitlines() if " files: " in line]
    return {
        "folder_files": files,
        "command": "bridgescan compare FOLDER",
        "seconds": round(seconds, 1),
        "cpu_seconds": round(cpu, 1),
        "cores": os.cpu_count(),
        "load_average": os.getloadavg()[0],
        "exit_code": done.returncode,
        "summary": last[-1] if last else done.stderr[-500:],
    }


def markdown(table: dict[str, dict[str, int]], first: str) -> str:
    lines = [f"| {first} | " + " | ".join(STATUSES) + " |", "|---" * (len(STATUSES) + 1) + "|"]
    for name, counts in table.items():
        lines.append(f"| {name} | " + " | ".join(str(counts[s]) for s in STATUSES) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, action="append")
    parser.add_argument("--folder-files", type=int, default=300)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    folders = args.corpus or [ROOT / "tests" / "pipeline" / "interop" / "data" / "pbn"]
    report = corpus(folders)
    if args.folder_files:
        report["folder"] = folder_timing(args.folder_files)
    print(json.dumps(report, indent=2, ensure_ascii=False))
    if args.markdown:
        print(markdown(report["by_program"], "program"))  # type: ignore[arg-type]
        print()
        print(markdown(report["by_feature"], "feature"))  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
