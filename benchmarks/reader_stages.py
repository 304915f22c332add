"""Where a page's CPU goes, by stage of the reader (docs/reader.md, "Speed": the stage table).

    py-spy record -r 200 -f raw -o /tmp/clean.txt -- \
        .venv/bin/python -m benchmarks.reader_stages read --condition clean --pages 12
    .venv/bin/python -m benchmarks.reader_stages table /tmp/clean.txt [/tmp/ordinary.txt ...]
    # who holds the interpreter lock when two threads read (issue 42)
    py-spy record --gil -t -r 100 -f raw -o /tmp/lock.txt -- .venv/bin/python -m \
        benchmarks.reader_stages read --condition noisy --pages 24 --split test --threads 2
    .venv/bin/python -m benchmarks.gil_holders /tmp/lock.txt

``read`` reads ``--pages`` cached pages of one condition (the pages
``benchmarks.bench_ocr`` generates into ``--cache``; TRAINING unless ``--split test``)
twice in one process, without the event, with one BLAS, OpenMP and OpenCV thread as the
reading processes have; only the second pass (``_timed_pass``) is counted, so the first
page's set-up and lazy imports are left out. With ``--threads N`` the pages are read by N
threads, each with its own reader, as ``bridgescan batch --runner threads`` reads them.
``table`` reads py-spy's raw stacks and gives each sample to the first stage of ``STAGES``
one of whose functions is on its stack: the share of each stage, a column per file.

After the counted pass, ``read`` prints where its reading threads' wall time went, from
the kernel's own account of each thread (``/proc``'s schedstat, ``ThreadTime``): on a
core, waiting for one, and asleep, which for a thread that only reads pages in memory is
waiting for the interpreter lock. What the lock costs two reading threads is the last,
measured without a profiler in the process; on a machine other sessions share, the
second grows and hides it (docs/reader-history.md, "the reader's lock on two threads").
"""

from __future__ import annotations

import argparse
import collections
import threading
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["STAGES", "ThreadTime", "stage_of", "shares", "thread_time", "main"]

STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("review crops as PNG", ("png_bytes", "_thumbnail")),
    ("joint decoding (`ocr/decode.py`, `ocr/pair_decode.py`)", ("decode_contract", "decode_pairs")),
    ("mark rules and the views they ask for (`ocr/mark_rules.py`)", ("apply_rules",)),
    ("the digit model (`ocr/digits.py`)", ("DigitModel.read_cells",)),
    ("the page's dust (`ocr/page_dust.py`)", ("measure_dust",)),
    (
        "marks measured: fill, dots, circles (`ocr/row_marks.py`)",
        ("RowMarks.__init__", "RowMarks.evidence", "RowMarks.read_marks"),
    ),
    ("printed pairs read from the page (no event only)", ("printed_from_page", "lightened_lines")),
    ("light and creases (`ocr/illumination.py`)", ("flatten", "remove_creases")),
    (
        "streaks, markers, QR code, the warp (`ocr/align.py`, `ocr/reader.py`)",
        (
            "align_page",
            "warp_region",
            "ScanReader._board",
            "streak_columns",
            "remove_streaks",
            "to_grey",
        ),
    ),
    (
        "the row's other checks (`ocr/row_reader.py`)",
        ("read_rows", "played_once", "check_pair_numbers"),
    ),
    ("opening the file (`ocr/pages.py`)", ("page_image",)),
)
"""The stages, most specific first (a sample inside ``apply_rules`` is also inside
``RowMarks.read_marks``), each with the functions whose samples are its own."""

OTHER = "the page's own steps (`ScanReader.read_image`)"
_COUNTED = "_timed_pass"


def stage_of(frames: list[str]) -> str | None:
    """The stage of one sample (py-spy's frames, outermost first, each ``name (file:line)``),
    or None for a sample outside the counted pass."""
    names = {f.split(" (", 1)[0] for f in frames}
    # py-spy names a nested function by its qualified name (``_read.<locals>._timed_pass``)
    if not any(n == _COUNTED or n.endswith("." + _COUNTED) for n in names):
        return None
    for stage, functions in STAGES:
        if names.intersection(functions):
            return stage
    return OTHER


def shares(raw: Path) -> dict[str, float]:
    """Each stage's share (0..1) of the counted samples of one py-spy raw file."""
    count: collections.Counter[str] = collections.Counter()
    for line in raw.read_text("utf-8").splitlines():
        stack, _, n = line.rpartition(" ")
        stage = stage_of(stack.split(";"))
        if stage is not None:
            count[stage] += int(n)
    total = sum(count.values())
    if not total:
        raise SystemExit(f"{raw}: no samples of the counted pass ({_COUNTED})")
    return {stage: count[stage] / total for stage, _ in (*STAGES, (OTHER, ()))}


@dataclass(frozen=True)
class ThreadTime:
    """A thread's wall time split as the kernel accounts it (seconds): on a core
    (``running``), runnable but waiting for a core (``queued``), and the rest
    (``asleep``: for a reading thread, waiting for the interpreter lock)."""

    wall: float
    running: float
    queued: float

    @property
    def asleep(self) -> float:
        return max(0.0, self.wall - self.running - self.queued)


def _schedstat() -> tuple[int, int]:
    """The calling thread's nanoseconds on a core and waiting for one, so far."""
    fields = Path(f"/proc/self/task/{threading.get_native_id()}/schedstat").read_text().split()
    return int(fields[0]), int(fields[1])


def thread_time(
    before: tuple[int, int], after: tuple[int, int], wall_before: float, wall_after: float
) -> ThreadTime:
    """A thread's ``ThreadTime`` between two readings of its schedstat (ns) and of
    ``time.perf_counter`` (s)."""
    return ThreadTime(
        wall_after - wall_before, (after[0] - before[0]) / 1e9, (after[1] - before[1]) / 1e9
    )


def _split_line(times: list[ThreadTime], pages: int) -> str:
    """The counted pass's threads' time a page (ms), summed over the threads."""
    ms = {
        name: 1000 * sum(getattr(t, name) for t in times) / max(1, pages)
        for name in ("wall", "running", "queued", "asleep")
    }
    return (
        f"counted pass, {pages} pages on {len(times)} thread(s), a page: "
        f"{ms['running']:.1f} ms on a core, {ms['queued']:.1f} ms waiting for one, "
        f"{ms['asleep']:.1f} ms asleep (the interpreter lock) "
        f"of {ms['wall']:.1f} ms of the threads' wall time"
    )


def _read(
    cache: Path, condition: str, pages: int, split: str = "training", threads: int = 1
) -> None:
    from pipeline.flows.prefect_env import one_maths_thread

    one_maths_thread()
    from benchmarks.bench_pages import read_page
    from ocr.reader import ScanReader
    from ocr.training.synthetic.truth import load_truth

    files = sorted((cache / split / condition).glob("page_*.json"))[:pages]
    if not files:
        raise SystemExit(f"no cached pages in {cache / split / condition}")
    images = [(f.parent / load_truth(f).image) for f in files]
    readers = [ScanReader(read_printed=True) for _ in range(threads)]

    def one_pass(k: int = 0) -> None:
        for image in images[k::threads]:
            read_page(readers[k], image)

    times: list[ThreadTime] = []

    def _timed_pass(k: int = 0) -> None:
        before, wall_before = _schedstat(), time.perf_counter()
        one_pass(k)
        times.append(thread_time(before, _schedstat(), wall_before, time.perf_counter()))

    for run in (one_pass, _timed_pass):  # set-up and lazy imports, then the counted pass
        if threads == 1:
            run()
            continue
        # (each thread's stack starts at its target: the counted pass is on it)
        started = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
        for thread in started:
            thread.start()
        for thread in started:
            thread.join()
    print(_split_line(times, len(images)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    read = sub.add_parser("read", help="read one condition's pages twice (under py-spy)")
    read.add_argument("--condition", default="ordinary")
    read.add_argument("--pages", type=int, default=12)
    read.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_ocr"))
    read.add_argument("--split", choices=("training", "test"), default="training")
    read.add_argument("--threads", type=int, default=1, help="reading threads (issue 42)")
    table = sub.add_parser("table", help="the share of each stage in py-spy raw files")
    table.add_argument("raw", type=Path, nargs="+")
    args = ap.parse_args(argv)
    if args.mode == "read":
        _read(args.cache, args.condition, args.pages, args.split, args.threads)
        return 0
    columns = [shares(raw) for raw in args.raw]
    print("| stage | " + " | ".join(raw.stem for raw in args.raw) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for stage, _ in (*STAGES, (OTHER, ())):
        print(f"| {stage} | " + " | ".join(f"{100 * c[stage]:.0f}%" for c in columns) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
