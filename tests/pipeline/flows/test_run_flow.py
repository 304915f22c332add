"""The main job end to end on the bundled sample: provisional until reviewed, then official.

The run flow three times on the test session's Prefect API (tests/prefect_api.py), in the
test's process: as scanned (PROVISIONAL, the rows waiting for review named, no masterpoint
file): the session's one run of the sample (tests/pipeline/flows/sample_run.py), which the
batch and PostgreSQL tests compare with too; then, on a copy of that output folder, after a
person decides every item (a wrong decision refused with its reason, a
second decision replacing the first): OFFICIAL; and again unchanged, which must add nothing
to the event store. The second and third runs read no page again (the store's readings,
keyed by the scan's content and the reader's version, are reused).

The sample's two doubtful rows (sample_data/club-evening/scans/truth.json):
board 16 row 6 (200 written with a wide looped 2, read as 700), board 17 row 1 (100
written in the EW column: the player's slip). Board 23 row 4 (2SX by West one down, 200
written: the slash in count box 1 lies in the strip facing box 2) no longer waits: box 2
is clean paper, and the written 200 rules out 2SX-2's 500 (ocr/score_settles.py, "a clean
neighbour's stroke").
"""

import json
import sqlite3
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.pipeline.flows.sample_run import (
    ROOT,
    SampleRun,
    at_the_commands_place,
    copy_out,
    summary,
)

# The decisions and the later runs: ten minutes after the first run published, within the
# correction period.
LATER = "2026-11-16T22:40:00+01:00"
WAITING = ["session1.pdf#p16r6", "session1.pdf#p17r1"]


def _written(out: Path) -> dict[str, tuple[int, int, int]]:
    """Every published file (the links and what they name, the versions): when it was last
    written, its inode and size. Not the store, which a run appends to, nor the review
    queue, which every run writes again from the store's decisions."""
    return {str(path.relative_to(out)): (info.st_mtime_ns, info.st_ino, info.st_size)
            for path in sorted(out.rglob("*"))
            if path.is_file() and not path.name.startswith("bridgescan.sqlite")
            and path.relative_to(out).parts[0] != "review"
            for info in [path.stat()]}  # fmt: skip


def _decide_and_run_twice(sample: Path, out: Path) -> dict:  # type: ignore[type-arg]
    """The director's decisions on the first run's queue (a wrong one refused, one replaced
    by a second person's), then the run flow twice: what each step gave, and the rows the
    store holds after."""
    from pipeline.doors.scans.review import DecisionRefused
    from pipeline.doors.scans.review_decisions import decide
    from pipeline.doors.scans.review_queue_file import load_queue
    from pipeline.flows.run_event import run_event
    from pipeline.store import EventStore

    report: dict = {"runs": []}  # type: ignore[type-arg]
    items = load_queue(out)
    with EventStore(out / "bridgescan.sqlite") as store:
        try:
            decide(store, items, "session1.pdf#p16r6", "TD Eva", "2-9 2CX E -1 +700")
        except DecisionRefused as refused:
            report["refused"] = list(refused.problems)
        decide(store, items, "session1.pdf#p16r6", "TD Eva", "2-9 2CX E -1 +500", override=True,
               note="first look")  # fmt: skip
        decide(store, items, "session1.pdf#p16r6", "TD Per", "candidate 1")
        report["candidates"] = [c.text for c in items[0].candidates]
        decide(store, items, "session1.pdf#p17r1", "TD Eva", "candidate 1")
    report["runs"].append(summary(run_event(sample, out)))
    report["files"] = _written(out)
    report["runs"].append(summary(run_event(sample, out)))
    report["files_after"] = _written(out)
    with EventStore(out / "bridgescan.sqlite") as store:
        rows = [[r.actor, r.value.board, r.value.source.row, r.value.ns_pair, r.value.ew_pair,
                 r.value.contract and str(r.value.contract),
                 r.value.declarer and str(r.value.declarer), r.value.tricks]
                for r in store.current("row", "s1/").values() if r.value is not None]  # fmt: skip
    report["rows"] = rows
    return report


def test_sample_event_provisional_until_reviewed_then_official(
    tmp_path: Path, sample_run: SampleRun
) -> None:
    out = copy_out(sample_run, tmp_path / "out")
    with at_the_commands_place(LATER):
        report = _decide_and_run_twice(sample_run.folder, out)
    first = sample_run.report
    second, third = report["runs"]

    # 1. As scanned: provisional, the two waiting rows named, no masterpoint file.
    scanned, typed = first["sessions"]
    truth = json.loads((ROOT / "sample_data/club-evening/scans/truth.json").read_text())
    written_rows = sum(len(page["rows"]) for page in truth)
    assert scanned["pages"] == 26 and scanned["rows_read"] == written_rows
    assert scanned["accepted"] + scanned["to_review"] == written_rows
    assert typed["typed"] == 240 and typed["pages"] == 0
    assert first["status"] == "PROVISIONAL" and first["waiting"] == WAITING
    assert first["reasons"] == [f"session 1: 2 readings wait for review ({', '.join(WAITING)})"]
    assert first["paths"] == ["json", "web", "workbook"]
    published = json.loads((sample_run.out / "results.json").read_text())
    assert published["status"]["state"] == "provisional"
    assert published["status"]["waiting"] == WAITING
    board16 = next(b for b in published["sessions"][0]["boards"] if b["board"] == 16)
    held = [r for r in board16["results"] if r["waiting"]]
    assert [(r["ns"], r["ew"], r["waiting"], r["not_played"]) for r in held] == [
        (2, 9, "session1.pdf#p16r6", False)]  # fmt: skip
    assert not any(r["factored"] for r in board16["results"])  # provisional, not Neuberg

    # 2. The decisions: a wrong one refused with its reason; a later one replaces the first.
    assert report["refused"] == [
        "2CX-1 by E scores +200 for NS on board 16 (EW vulnerable), not +700 (Law 77)"
    ]
    assert report["candidates"][0] == "2-9 2CX E -1 +200"

    # 3. Nothing open: official, and the masterpoint file is written. No page was read
    # again: the stored readings of the same scans by the same reader were taken.
    assert scanned["pages_reused"] == 0
    assert second["sessions"][0]["pages_reused"] == third["sessions"][0]["pages_reused"] == 26
    assert second["status"] == "OFFICIAL" and second["waiting"] == [] and second["reasons"] == []
    assert second["sessions"][0]["decided"] == 2 and second["sessions"][0]["to_review"] == 0
    assert second["paths"] == ["csv", "json", "web", "workbook"]
    results = json.loads((out / "results.json").read_text())
    assert results["status"] == {"state": "official", "reasons": [], "waiting": []}
    assert (out / "masterpoints.csv").read_text(encoding="utf-8-sig").strip()
    queue = json.loads((out / "review" / "review.json").read_text())
    assert [(i["id"], i["state"]) for i in queue["items"]] == [(i, "decided") for i in WAITING]
    assert queue["items"][0]["decision"]["who"] == "TD Per"
    sheet = load_workbook(out / "results.xlsx")
    assert not any("PROVISIONAL" in str(c.value) for ws in sheet for c in ws["A"][:6])

    # 4. Unchanged input: not one record more, and the chain still verifies; no published
    # file is written again (the workbook, the JSON, the site: issue 42).
    assert third["records"] == second["records"]
    assert report["files_after"] == report["files"]
    assert "results.xlsx" in report["files"] and "versions/v0002/web/index.html" in report["files"]
    assert third["sessions"][0]["rows_changed"] == 0

    # Every row stands as the paper says: the scanner's and the decided ones.
    paper = {(page["board"], row["row"]): row for page in truth for row in page["rows"]}
    wrong = []
    for actor, board, form_row, *got in report["rows"]:
        if actor == "typed":
            continue
        want = paper[(board, form_row)]
        expected = [want[k] for k in ("ns_pair", "ew_pair", "contract", "declarer", "tricks")]
        if got != expected:
            wrong.append((board, form_row, got, expected))
    assert wrong == []
    actors = [actor for actor, *_ in report["rows"]]
    # The director's typed split score on board 12 supersedes that scanned line.
    assert actors.count("scanner") == scanned["accepted"] - len(scanned["replaced"])
    assert actors.count("review: TD Eva") == 1 and actors.count("review: TD Per") == 1
    assert actors.count("typed") == 2


def test_the_flow_verifies_the_store_unless_the_command_just_did(tmp_path: Path) -> None:
    """`bridgescan run` verifies the store before it starts Prefect and tells the flow so
    (``store_checked``): the store is then verified once before reading and once before
    publishing, not again in between. Called without it (the console, a deployment), the
    flow still refuses a store whose record was edited."""
    from pipeline.flows.run_event import prepare_event
    from pipeline.store import EventStore, StoreBrokenError

    sample, out = ROOT / "sample_data" / "club-evening", tmp_path / "out"
    out.mkdir()
    store_path = out / "bridgescan.sqlite"
    with EventStore(store_path) as store:
        store.append("note", "a", {"x": 1}, actor="test")
        store.append("note", "b", {"x": 2}, actor="test")
    with sqlite3.connect(store_path) as db:  # what a forger with sqlite3 does
        db.execute("DROP TRIGGER records_no_update")
        db.execute("UPDATE records SET payload = ? WHERE seq = 1", ('{"x": 9}',))
    with pytest.raises(StoreBrokenError, match="record 1"):
        prepare_event(sample, out, store_path)
    job = prepare_event(sample, out, store_path, store_checked=True)  # the caller checked
    assert job.store_path == store_path and [f.session for f in job.plan] == [1, 2]
