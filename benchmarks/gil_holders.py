"""Who holds the interpreter lock in a batch on threads: py-spy's GIL samples ranked.

    py-spy record --gil -t -f raw -r 100 -o gil.raw -- \\
        bridgescan batch DAY -o OUT --runner threads --workers 2
    python -m benchmarks.gil_holders gil.raw --top 30

``--gil`` keeps only the samples of the thread holding the lock, so each sample is 10 ms
(at 100 a second) the others could not run Python in; ``-t`` names the thread at each
stack's root. The ranking: by thread (a pool's threads as one), by area (the reader, the
store, publishing, scoring, Prefect, the rest), by the nearest frame of our own code to
the top of the stack (ocr/, pipeline/, scoring/: numpy's and the json encoder's time
charged to the line that called them), and inclusive, our own functions only. A loaded
machine stretches every figure alike (a thread that holds the lock while the system
runs another process is still sampled), so read the shares, not the seconds.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["OWN", "Ranking", "area_of", "rank"]

OWN = ("ocr/", "pipeline/", "scoring/")
"""Our own code's folders, as py-spy names a frame's file."""

_FRAME = re.compile(r"^(?P<name>.*) \((?P<file>[^():]*?)(?::(?P<line>\d+))?\)$")
_AREAS = (
    ("pipeline/publish", "publishing"),
    ("pipeline/store", "store"),
    ("pipeline/flows/batch_event", "scoring and publishing (the event's steps)"),
    ("scoring/", "scoring"),
)


@dataclass
class Ranking:
    """Samples counted every way ``rank`` counts them."""

    total: int = 0
    threads: Counter[str] = field(default_factory=Counter)
    areas: Counter[str] = field(default_factory=Counter)
    nearest_own: Counter[str] = field(default_factory=Counter)
    inclusive_own: Counter[str] = field(default_factory=Counter)


def _file(frame: str) -> str:
    found = _FRAME.match(frame)
    return found.group("file") if found else ""


def _function(frame: str) -> str:
    """A frame without its line: ``name (file)``."""
    found = _FRAME.match(frame)
    return f"{found.group('name')} ({found.group('file')})" if found else frame


def area_of(frames: list[str]) -> str:
    """Which part of the batch a stack (root first) is working for: the reader when any
    frame is ocr/'s, else the first of ``_AREAS`` a frame's file is in, else Prefect's or
    the rest of pipeline/, else other (the interpreter's start, rich, asyncio)."""
    files = [_file(frame) for frame in frames]
    if any(name.startswith("ocr/") for name in files):
        return "reader (ocr/)"
    for prefix, area in _AREAS:
        if any(name.startswith(prefix) for name in files):
            return area
    if any(name.startswith("prefect/") for name in files):
        return "prefect"
    if any(name.startswith("pipeline/") for name in files):
        return "pipeline, other"
    return "other"


def rank(lines: Iterable[str]) -> Ranking:
    """``Ranking`` of py-spy raw lines (``thread (id): name;frame;frame count``)."""
    ranking = Ranking()
    for line in lines:
        stack, _, count_text = line.rstrip("\n").rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        root, *frames = stack.split(";")
        thread = re.sub(r"_\d+$", "_N", root.split(": ", 1)[-1])  # a pool's threads as one
        ranking.total += count
        ranking.threads[thread] += count
        ranking.areas[area_of(frames)] += count
        own = [frame for frame in frames if _file(frame).startswith(OWN)]
        if own:
            ranking.nearest_own[_function(own[-1])] += count
        for function in dict.fromkeys(_function(frame) for frame in own):
            ranking.inclusive_own[function] += count
    return ranking


def _print(title: str, counts: Counter[str], total: int, top: int) -> None:
    print(f"\n{title}")
    for name, count in counts.most_common(top):
        print(f"{count:7d} {100 * count / total:5.1f}%  {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("raw", type=Path, help="py-spy record --gil -t -f raw output")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args(argv)
    with args.raw.open(encoding="utf-8") as lines:
        ranking = rank(lines)
    if not ranking.total:
        print("no samples")
        return 1
    print(f"{ranking.total} samples holding the interpreter lock")
    _print("by thread", ranking.threads, ranking.total, args.top)
    _print("by area", ranking.areas, ranking.total, args.top)
    _print("nearest own frame (self)", ranking.nearest_own, ranking.total, args.top)
    _print("own functions (inclusive)", ranking.inclusive_own, ranking.total, args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
