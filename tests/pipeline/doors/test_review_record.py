"""Review decisions in the record (issue 40, items 1, 3 and 5), as a director types them.

The queue is three page items of ``session1.pdf`` (pages 1-3, their board unread; session 1
has boards 1-3), written by ``write_queue`` into ``OUT/review`` beside an event store, as a
run leaves them. Decisions come from ``bridgescan review resolve`` and ``review import``
(through the app in the test's process, tests/pipeline/record_cli.py), and from real
processes where they race:

- six ``review resolve`` processes released at one moment (each has imported bridgescan
  and the store first), two on each item, by six people: all six land (exit 0), each
  item's history holds its two decisions in the store's order, and ``review.json`` shows
  the last of them; none ends in "internal error" (before, one process removed another's
  temporary file in ``review/``: FileNotFoundError, exit 70);
- a filled review.xlsx imported, the item decided again with ``review resolve``, and the
  same sheet imported again: refused (exit 2, file, sheet, row and the later decision
  named), the later decision stands;
- a decision's time is the store's time for its record (one clock), and a clock behind the
  store's last record is refused (exit 3);
- every decision, whichever door, is in ``audit show`` with who, when and the door.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import openpyxl
import pytest

from pipeline.doors.scans.review import ReviewItem, item_id
from pipeline.doors.scans.review_decisions import decision_history
from pipeline.doors.scans.review_queue_file import write_queue
from pipeline.store import EventStore
from tests.pipeline.record_cli import bridgescan, environment, released_together

pytestmark = pytest.mark.slow  # six bridgescan processes at once

AT = datetime(2026, 11, 24, 20, 40, tzinfo=UTC)


def _crop(seed: int) -> bytes:
    """A page's crop as the queue keeps it: a PNG of a scanned look (noise, ~100 KB)."""
    import cv2
    import numpy as np

    pixels = np.random.default_rng(seed).integers(0, 256, (240, 400), dtype=np.uint8)
    return bytes(cv2.imencode(".png", pixels)[1])


def _items() -> list[ReviewItem]:
    return [
        ReviewItem(id=item_id("session1.pdf", page, None), file="session1.pdf", page=page,
                   row=None, board=None, kind="page", reasons=("board number unreadable",),
                   candidates=(), crop_png=_crop(page), session=1, boards=(1, 2, 3))
        for page in (1, 2, 3)
    ]  # fmt: skip


@pytest.fixture
def out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, value in environment(tmp_path, AT).items():
        monkeypatch.setenv(name, value)
    out = tmp_path / "out"
    write_queue(_items(), out / "review")
    with EventStore(out / "bridgescan.sqlite") as store:
        store.append("note", "queue", "three pages wait for a person")
    return out


def test_six_decisions_at_once_all_land_in_the_stores_order(out: Path, tmp_path: Path):
    start = tmp_path / "start"
    env = environment(tmp_path, AT + timedelta(minutes=5))
    values = ("keep", "board 2")
    commands = [
        ["review", "resolve", str(out), f"session1.pdf#p{1 + k % 3}", "--by", f"Scorer {k}",
         "--value", values[k // 3]]
        for k in range(6)
    ]  # fmt: skip
    results = released_together(commands, env, start)
    for result in results:
        assert result.returncode == 0, result.stdout
        assert "internal error" not in result.stdout and "Traceback" not in result.stdout
    queue = json.loads((out / "review" / "review.json").read_text("utf-8"))["items"]
    shown = {item["id"]: item["decision"] for item in queue}
    with EventStore(out / "bridgescan.sqlite") as store:
        for page in (1, 2, 3):
            item = f"session1.pdf#p{page}"
            history = decision_history(store, item)
            assert sorted(d.who for d in history) == sorted(
                f"Scorer {k}" for k in range(6) if 1 + k % 3 == page
            )
            assert shown[item]["who"] == history[-1].who  # the file shows the last one
            assert shown[item]["value"] == history[-1].value
    assert list((out / "review").glob(".*.part")) == []


def _fill(sheet: Path, values: dict[str, tuple[str, str]]) -> None:
    book = openpyxl.load_workbook(sheet)
    page = book["Review"]
    for row in page.iter_rows(min_row=5):
        if row[0].value in values:
            row[5].value, row[6].value = values[row[0].value]
    book.save(sheet)


def test_an_older_sheet_imported_again_never_replaces_a_later_decision(out: Path, tmp_path: Path):
    from pipeline.doors.scans.review_sheet import write_sheet

    sheet = out / "review" / "review.xlsx"
    write_sheet(_items(), sheet)  # as the run wrote it: nothing decided yet
    _fill(sheet, {"session1.pdf#p1": ("board 1", "Anna"), "session1.pdf#p2": ("keep", "Anna")})
    first = bridgescan("review", "import", str(out), str(sheet),
                       env=environment(tmp_path, AT + timedelta(minutes=1)))  # fmt: skip
    assert first.returncode == 0, first.stdout
    later = bridgescan(
        "review",
        "resolve",
        str(out),
        "session1.pdf#p1",
        "--by",
        "Bo",
        "--value",
        "board 3",
        env=environment(tmp_path, AT + timedelta(minutes=2)),
    )
    assert later.returncode == 0, later.stdout
    assert "replaces: board 1 (by Anna, 2026-11-24 20:41:00 (UTC))" in later.stdout

    again = bridgescan("review", "import", str(out), str(sheet),
                       env=environment(tmp_path, AT + timedelta(minutes=3)))  # fmt: skip
    assert again.returncode == 2, again.stdout
    assert "review.xlsx, sheet Review, row 5: session1.pdf#p1 was decided after this file" in (
        again.stdout.replace("\n", " ")
    )
    assert "board 3 by Bo at 2026-11-24T20:42:00+00:00" in again.stdout
    with EventStore(out / "bridgescan.sqlite") as store:
        assert decision_history(store, "session1.pdf#p1")[-1].who == "Bo"
        assert [d.who for d in decision_history(store, "session1.pdf#p2")] == ["Anna"]


def test_a_decision_is_stamped_by_the_one_clock_and_never_back_in_time(out: Path, tmp_path: Path):
    at = AT + timedelta(minutes=7, seconds=12)
    done = bridgescan("review", "resolve", str(out), "session1.pdf#p3", "--by", "Eva",
                      "--value", "reject", env=environment(tmp_path, at))  # fmt: skip
    assert done.returncode == 0, done.stdout
    with EventStore(out / "bridgescan.sqlite") as store:
        record = store.history("decision", "session1.pdf#p3")[-1]
    assert datetime.fromisoformat(record.value.when) == at  # the decision's own time
    assert datetime.fromisoformat(record.recorded_at) == at  # the store's time for it
    behind = bridgescan(
        "review",
        "resolve",
        str(out),
        "session1.pdf#p3",
        "--by",
        "Eva",
        "--value",
        "keep",
        env=environment(tmp_path, at - timedelta(minutes=1)),
    )
    assert behind.returncode == 3, behind.stdout
    assert "the clock ran backwards" in behind.stdout and "Traceback" not in behind.stdout
    with EventStore(out / "bridgescan.sqlite") as store:
        assert len(store.history("decision", "session1.pdf#p3")) == 1


def test_every_decision_is_in_the_audit_whichever_door(out: Path, tmp_path: Path):
    from pipeline.doors.scans.review_sheet import write_sheet

    sheet = out / "review" / "review.xlsx"
    write_sheet(_items(), sheet)
    _fill(sheet, {"session1.pdf#p2": ("keep", "Anna")})
    env = environment(tmp_path, AT + timedelta(minutes=1))
    assert bridgescan("review", "import", str(out), str(sheet), env=env).returncode == 0
    resolved = bridgescan("review", "resolve", str(out), "session1.pdf#p1", "--by", "Bo",
                          "--value", "board 1", env=env)  # fmt: skip
    assert resolved.returncode == 0, resolved.stdout
    shown = bridgescan("audit", "show", str(out), "--json", env=env)
    assert shown.returncode == 0, shown.stdout
    acts = [(e["kind"], e["by"], e["door"]) for e in json.loads(shown.stdout)]
    assert acts == [
        ("review decision", "Anna", "import of review.xlsx (sha256 "
         f"{__import__('hashlib').sha256(sheet.read_bytes()).hexdigest()[:12]})"),
        ("review decision", "Bo", "resolve"),
    ]  # fmt: skip
    text = bridgescan("audit", "show", str(out), env=env).stdout
    assert "Review decision · " in text and "review item session1.pdf#p1: board 1" in text
    assert "by Bo (resolve)" in text and "not published yet" in text
