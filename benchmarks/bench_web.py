"""The results site of the sample event: how big its pages are and how long writing it takes.

    .venv/bin/python benchmarks/bench_web.py [--repeats 5]

Scores the bundled two-session club evening (the spreadsheet path: session1.xlsx and
session2.csv, the same results `make run` publishes) once, then writes its site
(``pipeline.publish.web.write_site``: every page rendered and the folder swapped into
place) ``repeats`` times into a temporary folder, with the hand records of session 1 when
endplay is installed (26 boards with double-dummy tables, analysed before timing). Prints
as JSON: pages, the largest page, the total size, and the write time (best and median;
the first write, which also compiles the templates, separately). Issue 15's budget: no
page over 100 KB, the whole site under 3 MB, written in under 2 s.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from pipeline.events.hand_records import HandRecord, MissingSolverError, analyse
from pipeline.events.hands import RANKS, SUITS
from pipeline.flows.score_files import run_score
from pipeline.interop.deals import read_deals
from pipeline.publish.web import write_site

SAMPLE = Path(__file__).parents[1] / "sample_data" / "club-evening"


def random_deals(boards: int, seed: int = 15) -> tuple[HandRecord, ...]:
    """Deals for boards 1..n, as a dealing machine's file would give them."""
    rng = random.Random(seed)
    lines = []
    for board in range(1, boards + 1):
        cards = [suit + rank for suit in SUITS for rank in RANKS]
        rng.shuffle(cards)
        hands = []
        for seat in range(4):
            hand = cards[seat * 13 : seat * 13 + 13]
            hands.append(".".join("".join(c[1] for c in hand if c[0] == s) for s in SUITS))
        lines.append(f"{board} N:{' '.join(hands)}")
    return read_deals("\n".join(lines).encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        results, _ = run_score(
            SAMPLE / "event.yaml",
            [str(SAMPLE / "session1.xlsx"), str(SAMPLE / "session2.csv")],
            out / "score",
        )
        deals = random_deals(len(results.sessions[0].boards))
        try:
            hands = {1: analyse(deals)}
        except MissingSolverError:
            hands = {1: deals}
        times = []
        report = None
        for _ in range(args.repeats + 1):
            start = time.perf_counter()
            report = write_site(results, out / "site", hands=hands)
            times.append(time.perf_counter() - start)
        assert report is not None
        largest, largest_bytes = report.largest
        html = {n: s for n, s in report.sizes.items() if n.endswith(".html")}
        print(
            json.dumps(
                {
                    "pages": report.pages,
                    "files": len(report.sizes),
                    "largest_page": largest,
                    "largest_page_kb": round(largest_bytes / 1000, 1),
                    "median_page_kb": round(statistics.median(html.values()) / 1000, 1),
                    "total_mb": round(report.total_bytes / 1_000_000, 2),
                    "first_write_s": round(times[0], 3),
                    "write_s_best": round(min(times[1:]), 3),
                    "write_s_median": round(statistics.median(times[1:]), 3),
                    "hand_records": sum(len(r) for r in hands.values()),
                    "double_dummy": all(r.double_dummy is not None for r in hands[1]),
                },
                indent=1,
            )
        )


if __name__ == "__main__":
    main()
