"""How fast ``compare`` reads and checks club sessions (issue 14: a 30-board session well
under a second; a folder of 200 sessions in one command).

A club session here: 14 pairs in a Howell-like field, 7 tables, 30 boards, each board
played 7 times (210 results), with a missing result and an artificial score, scored by
bridgescan and written as PBN in two dialects: our export, and Ruter's (centred matchpoints).
Measured with ``time.perf_counter``:

- read + compare of one session (options detected), the median of several runs;
- ``compare_files`` over a folder of 200 such sessions (different seeds), the whole batch.

Run: ``python benchmarks/bench_compare.py [--sessions 200] [--runs 5]``; prints JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipeline.interop.apply import apply_scores  # noqa: E402
from pipeline.interop.batch import compare_files  # noqa: E402
from pipeline.interop.centred import centre, centred_total  # noqa: E402
from pipeline.interop.compare import compare_session  # noqa: E402
from pipeline.interop.convert import session_from_travellers  # noqa: E402
from pipeline.interop.pbn import read_pbn_bytes  # noqa: E402
from pipeline.interop.pbn_writer import write_pbn  # noqa: E402
from pipeline.interop.records import ImportedSession  # noqa: E402
from pipeline.interop.score import rescore  # noqa: E402
from pipeline.results.field_records import FieldOptions  # noqa: E402
from scoring.contract import Contract, Seat, Strain  # noqa: E402
from scoring.outcome import parse_adjustment  # noqa: E402
from scoring.traveller import TravellerRow  # noqa: E402

PAIRS, TABLES, BOARDS = 14, 7, 30


def club_session(seed: int) -> ImportedSession:
    """A scored 30-board session of 14 pairs (a rotating field, every board 7 times)."""
    rng = random.Random(seed)
    rows = []
    for board in range(1, BOARDS + 1):
        order = list(range(1, PAIRS + 1))
        rng.shuffle(order)
        for table in range(TABLES):
            ns, ew = order[2 * table], order[2 * table + 1]
            if board == 5 and table == 0:
                continue  # a missing result: Neuberg
            if board == 9 and table == 1:
                rows.append(
                    TravellerRow(board, ns, ew, adjustment=parse_adjustment("A60/40"),
                                 round=board, table=table + 1)
                )  # fmt: skip
                continue
            level = rng.randint(1, 4)
            strain = rng.choice(list(Strain))
            seat = rng.choice(list(Seat))
            tricks = max(0, min(13, level + 6 + rng.randint(-2, 2)))
            rows.append(
                TravellerRow(board, ns, ew, Contract(level, strain), seat, tricks,
                             round=board, table=table + 1)
            )  # fmt: skip
    session = session_from_travellers(rows, event=f"Club night {seed}")
    return apply_scores(session, rescore(session, FieldOptions(normal=TABLES)))


def as_ruter(session: ImportedSession) -> ImportedSession:
    """The same session with matchpoints printed centred, as Ruter prints them."""
    top = Fraction(2 * (TABLES - 1))
    boards = []
    for board in session.boards:
        results = tuple(
            replace(r, ns_mp=centre(r.ns_mp, top), ew_mp=centre(r.ew_mp, top))
            if r.ns_mp is not None and r.ew_mp is not None
            else r
            for r in board.results
        )
        boards.append(replace(board, results=results))
    played: dict[str, int] = {}
    for result in session.results:
        for key in (session.ns_key(result), session.ew_key(result)):
            played[key] = played.get(key, 0) + 1
    pairs = tuple(
        replace(p, total=centred_total(p.total, top * played[p.key])) if p.total is not None else p
        for p in session.pairs
    )
    return replace(session, boards=tuple(boards), pairs=pairs, program="Ruter")


def one_session(data: bytes, runs: int) -> tuple[float, bool]:
    times = []
    agrees = True
    for _ in range(runs):
        start = time.perf_counter()
        comparison = compare_session(read_pbn_bytes(data, "club.pbn"))
        times.append(time.perf_counter() - start)
        agrees = agrees and comparison.agrees
    return statistics.median(times), agrees


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    ours = write_pbn(club_session(1))
    ruter = write_pbn(as_ruter(club_session(1)))
    ours_median, ours_clean = one_session(ours, args.runs)
    ruter_median, ruter_clean = one_session(ruter, args.runs)
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(args.sessions):
            session = club_session(seed)
            if seed % 2:
                session = as_ruter(session)
            (Path(folder) / f"session-{seed:03d}.pbn").write_bytes(write_pbn(session))
        start = time.perf_counter()
        outcomes = compare_files(sorted(Path(folder).glob("*.pbn")))
        batch = time.perf_counter() - start
    print(
        json.dumps(
            {
                "session": f"{PAIRS} pairs, {TABLES} tables, {BOARDS} boards, "
                f"{BOARDS * TABLES - 1} results",
                "read_and_compare_seconds_median": round(ours_median, 3),
                "read_and_compare_centred_seconds_median": round(ruter_median, 3),
                "both_clean": ours_clean and ruter_clean,
                "folder_sessions": args.sessions,
                "folder_seconds": round(batch, 1),
                "folder_clean": sum(1 for o in outcomes if o.status == "clean"),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
