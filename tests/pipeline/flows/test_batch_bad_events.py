"""One bad event in a batch is reported with its reason, and the rest of the batch goes on.

Real files and the real ``bridgescan batch`` (in the test's process: test_batch_flow.py has
the command's exit status from a process of its own): an event file that is not YAML (nothing
of it published), a scan cut off half way, pages whose QR code names another event, a page
of another program's PDF among the travellers (each published PROVISIONAL as ``run``
publishes it, the page named and waiting in the review queue), and output folders that are
read-only or full (small tmpfs mounts when the machine lets us mount; a read-only folder by
its mode otherwise). The good event beside them is published as official; the exit code is
the most serious outcome.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import Result

from tests.pipeline.flows.commands import Invoke
from tests.pipeline.flows.sample_events import SAMPLE, first_pages, scanned_event, typed_event


def _letter() -> bytes:
    """A PDF of another program: a page of text, no traveller on it."""
    import io

    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4)
    for line in range(40):
        canvas.drawString(72, 780 - 18 * line, f"Minutes of the club meeting, item {line}")
    canvas.save()
    return buffer.getvalue()


def _batch(bridgescan: Invoke, day: Path, out: Path) -> tuple[Result, dict]:  # type: ignore[type-arg]
    done = bridgescan("batch", day, "-o", out)
    summary = json.loads((out / "batch-summary.json").read_text("utf-8"))
    return done, {event["event"]: event for event in summary["events"]}


def test_bad_files_are_reported_and_the_rest_of_the_batch_is_published(
    tmp_path: Path, bridgescan: Invoke
) -> None:
    day = tmp_path / "day"
    typed_event(day / "a-good")
    broken = typed_event(day / "b-broken-event-file")
    (broken / "event.yaml").write_text("event: {name: Broken\nsessions: [", "utf-8")
    whole = (SAMPLE / "scans" / "session1.pdf").read_bytes()
    scanned_event(day / "c-cut-off-scan", whole[: len(whole) // 3])
    scanned_event(day / "d-other-event", first_pages(2), name="Winter pairs")
    scanned_event(day / "e-foreign-page", first_pages(2, then=_letter()))

    done, events = _batch(bridgescan, day, tmp_path / "out")

    assert done.exit_code == 2, done.stdout[-3000:] + done.stderr[-3000:]  # bad input
    assert "Traceback" not in done.stdout + done.stderr
    assert events["a-good"]["outcome"] == "official"
    assert (tmp_path / "out" / "a-good" / "results.json").is_file()

    failed = events["b-broken-event-file"]
    assert failed["outcome"] == "bad-input" and "event.yaml" in failed["reason"]
    assert "(line 2)" in failed["reason"]
    assert not (tmp_path / "out" / "b-broken-event-file" / "results.json").exists()

    # Pages that give nothing to score are named with what the reader found; the event is
    # published as `run` publishes it: PROVISIONAL, the pages waiting in its review queue.
    cut = events["c-cut-off-scan"]
    assert cut["outcome"] == "provisional" and cut["sessions"][0]["status"] == "PROVISIONAL"
    assert cut["sessions"][0]["note"].startswith(
        "scans/session1.pdf, page 1: cannot decode the image"
    )
    other = events["d-other-event"]
    assert other["outcome"] == "provisional" and other["sessions"][0]["status"] == "PROVISIONAL"
    assert (
        "QR code says event 'autumn-pairs' session '1', not 'winter-pairs'"
        in (other["sessions"][0]["note"])
    )
    for name in ("c-cut-off-scan", "d-other-event"):
        published = json.loads((tmp_path / "out" / name / "results.json").read_text())
        assert published["status"]["state"] == "provisional"
        assert not (tmp_path / "out" / name / "masterpoints.csv").exists()  # withheld

    # One page of another program after two travellers (two are enough: a traveller's rows
    # are accepted beside it): published, PROVISIONAL, the page waits.
    foreign = events["e-foreign-page"]
    first = foreign["sessions"][0]
    assert foreign["outcome"] == "provisional" and first["status"] == "PROVISIONAL"
    assert first["pages"] == 3 and first["rows_accepted"] > 0 and first["review_items"] >= 1
    assert first["note"].startswith("scans/session1.pdf, page 3: ")
    review = json.loads(
        (tmp_path / "out" / "e-foreign-page" / "review" / "review.json").read_text()
    )
    assert any(item["page"] == 3 for item in review["items"])
    assert "b-broken-event-file: " in done.stdout and "event.yaml" in done.stdout


def _mount_tmpfs(folder: Path, options: str) -> bool:
    folder.mkdir(parents=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                          capture_output=True)  # fmt: skip
    return done.returncode == 0


def test_an_output_folder_read_only_or_full_is_reported_and_the_rest_goes_on(
    tmp_path: Path, bridgescan: Invoke
) -> None:
    day, out = tmp_path / "day", tmp_path / "out"
    for name in ("a-good", "b-read-only", "c-full"):
        typed_event(day / name)
    mounted = []
    if _mount_tmpfs(out / "b-read-only", "ro,size=1m"):
        mounted.append(out / "b-read-only")
    elif os.geteuid() != 0:
        os.chmod(out / "b-read-only", 0o555)
    else:
        pytest.skip("root without permission to mount: a read-only folder cannot be made")
    full = _mount_tmpfs(out / "c-full", "size=96k")
    if full:
        mounted.append(out / "c-full")
    else:
        shutil.rmtree(day / "c-full")
    try:
        done, events = _batch(bridgescan, day, out)
    finally:
        for folder in mounted:
            subprocess.run(["umount", "-l", str(folder)], check=False)

    assert done.exit_code == 3, done.stdout[-3000:] + done.stderr[-3000:]  # the machine's
    assert "Traceback" not in done.stdout + done.stderr
    assert events["a-good"]["outcome"] == "official"
    read_only = events["b-read-only"]
    assert read_only["outcome"] == "cannot-write"
    words = ("read-only", "Read-only", "readonly", "unable to open", "Permission")
    assert any(word in read_only["reason"] for word in words), read_only["reason"]
    if full:
        assert events["c-full"]["outcome"] == "cannot-write"
        assert "full" in events["c-full"]["reason"] or "space" in events["c-full"]["reason"]
