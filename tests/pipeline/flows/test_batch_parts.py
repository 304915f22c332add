"""The batch's plain parts, without Prefect: which folders are events, where each event's
output goes, how pages are cut in chunks and put back in order, why an event failed and
what the batch's exit code says, and the summary written as JSON and as a workbook."""

import errno
import json
import sqlite3
from itertools import islice
from pathlib import Path

import pytest

from pipeline.cli.batch import exit_code
from pipeline.cli.exit_codes import ExitCode
from pipeline.flows.batch_report import BatchReport, EventOutcome, SessionLine, write_summary
from pipeline.flows.failures import classify
from pipeline.flows.pages import PageChunk, in_scan_order, plan_chunks
from pipeline.flows.task_runners import runner_spec


def _event(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "event.yaml").write_text("event: {name: x}\n")
    return folder


def test_event_folders_are_found_in_a_folder_of_events_and_counted_once(tmp_path) -> None:
    from pipeline.flows.batch_plan import BatchInputError, event_folders, output_names

    day = tmp_path / "day"
    b, a = _event(day / "b-pairs"), _event(day / "a-teams")
    (day / "notes").mkdir()  # a folder without an event file is not an event
    single = _event(tmp_path / "other" / "a-teams")
    assert event_folders([day, single, a]) == [a, b, single]
    assert output_names([a, b, single]) == ["a-teams", "b-pairs", "a-teams-2"]
    with pytest.raises(BatchInputError, match="notes: no event.yaml"):
        event_folders([day / "notes"])
    with pytest.raises(BatchInputError, match="missing: no such folder"):
        event_folders([tmp_path / "missing"])


def test_a_folder_name_from_input_cannot_leave_the_output_folder(tmp_path) -> None:
    from pipeline.flows.batch_plan import output_names

    folder = _event(tmp_path / "..Évènement: finale")
    (name,) = output_names([folder])
    assert name == "Evenement_ finale" and "/" not in name and not name.startswith(".")


def test_pages_are_cut_in_chunks_and_put_back_in_scan_order(tmp_path) -> None:
    from ocr.render import render_pdf
    from ocr.sheets import TravellerSheet

    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    render_pdf([TravellerSheet(board=b) for b in range(1, 6)], first)
    render_pdf([TravellerSheet(board=b) for b in range(6, 8)], second)
    chunks = plan_chunks("e", 1, [first, second], size=2, setup="s")
    assert [(c.file.name, c.first, c.last, c.index) for c in chunks] == [
        ("a.pdf", 1, 2, 0), ("a.pdf", 3, 4, 1), ("a.pdf", 5, 5, 2), ("b.pdf", 1, 2, 3),
    ]  # fmt: skip
    assert sum(c.pages for c in chunks) == 7 and chunks[2].label == "e s1 a.pdf p5"
    finished = [(chunks[i], [f"{chunks[i].file.name}:{p}" for p in range(chunks[i].first,
                                                                          chunks[i].last + 1)])
                for i in (3, 1, 0, 2)]  # fmt: skip
    assert in_scan_order(finished) == ["a.pdf:1", "a.pdf:2", "a.pdf:3", "a.pdf:4", "a.pdf:5",
                                       "b.pdf:1", "b.pdf:2"]  # type: ignore[arg-type]  # fmt: skip
    with pytest.raises(ValueError, match="at least one page"):
        plan_chunks("e", 1, [first], size=0)


def test_a_chunk_is_read_as_run_reads_the_same_pages() -> None:
    """The sample's pages 2 and 3, read as one chunk, equal what run's reader gives them."""
    from pipeline.doors.scans.reading import scan_reader
    from pipeline.events.eventfile import load_event
    from pipeline.flows.pages import event_setup, read_chunk

    folder = Path(__file__).parents[3] / "sample_data" / "club-evening"
    event = load_event(folder / "event.yaml")
    pdf = folder / "scans" / "session1.pdf"
    chunk = PageChunk("e", 1, 0, pdf, 2, 3, event_setup(event))
    pages = read_chunk(event, chunk)
    reader = scan_reader(event, 1)
    from ocr.reader import load_pages

    # The file's pages as run takes them (all of it, in order); only pages 2 and 3 read.
    expected = [reader.read_image(image, ref) for ref, image in islice(load_pages(pdf), 1, 3)]
    assert [p.page.page for p in pages] == [2, 3]
    assert pages == expected


def test_a_chunk_read_in_another_process_comes_packed_and_is_kept_the_same(tmp_path) -> None:
    """What a reading process or a Dask worker sends back: the readings packed (one pickled
    value, not the 2,000 objects a page is, until the event is scored), and each page's
    file name and board, so the store keeps the same records as from the readings."""
    from pipeline.events.eventfile import load_event
    from pipeline.flows.pages import event_setup, read_for_store, read_packed_for_store
    from pipeline.flows.readings import StoredReadings
    from pipeline.store import EventStore

    folder = Path(__file__).parents[3] / "sample_data" / "club-evening"
    event = load_event(folder / "event.yaml")
    chunk = PageChunk("e", 1, 0, folder / "scans" / "session1.pdf", 2, 3, event_setup(event),
                      digest="d" * 64)  # fmt: skip
    plain, packed = read_for_store(event, chunk), read_packed_for_store(event, chunk)
    assert plain.readings() is plain.pages and [p.page.page for p in plain.pages] == [2, 3]
    assert packed.pages == () and isinstance(packed.packed, bytes)
    assert packed.readings() == plain.pages and packed.encoded == plain.encoded
    names = tuple(("session1.pdf", page.board) for page in plain.pages)
    assert packed.stored_names() == plain.stored_names() == names
    kept = []
    for name, result in (("plain", plain), ("packed", packed)):
        with EventStore(tmp_path / f"{name}.sqlite") as store:
            stored = StoredReadings(store, "reader-1")
            if result.packed:
                stored.put_encoded(chunk.digest, 2, result.stored_names(), result.encoded)
            else:
                stored.put_many(chunk.digest, 2, result.pages, result.encoded)
            records = [*store.current("blob").values(), *store.current("page-reading").values()]
            kept.append(sorted((r.kind, r.key, str(r.value)) for r in records))
    assert kept[0] == kept[1] and len(kept[0]) == 4  # two blobs, two readings


@pytest.mark.parametrize(
    ("error", "outcome", "words"),
    [
        (OSError(errno.EROFS, "Read-only file system", "/out/e1/results.json"), "cannot-write",
         "cannot write /out/e1/results.json: Read-only file system"),
        (OSError(errno.ENOSPC, "No space left on device", "/out/e1/x"), "cannot-write",
         "No space left on device"),
        (PermissionError(errno.EACCES, "Permission denied", "/out/e1"), "cannot-write",
         "no permission: /out/e1: Permission denied"),
        (sqlite3.OperationalError("database or disk is full"), "cannot-write",
         "cannot write the event store: database or disk is full"),
        (sqlite3.OperationalError("unable to open database file"), "cannot-write",
         "unable to open"),
        (sqlite3.DatabaseError("file is not a database"), "store-broken", "not a database"),
        (FileNotFoundError(errno.ENOENT, "No such file or directory", "e1/scans/s.pdf"),
         "bad-input", "e1/scans/s.pdf: No such file or directory"),
        (ValueError("event.yaml: sessions[0]: no sections (line 4)"), "bad-input", "line 4"),
        (ZeroDivisionError("division by zero"), "internal", "ZeroDivisionError"),
    ],
)  # fmt: skip
def test_why_an_event_failed_says_whose_job_it_is(error, outcome, words) -> None:
    kind, reason = classify(error)
    assert kind == outcome and words in reason


def test_a_broken_store_is_its_own_outcome() -> None:
    from pipeline.store import TamperedError

    assert classify(TamperedError("record 7 (row s1/A/b1/1-8) was changed"))[0] == "store-broken"


def test_the_exit_code_is_the_most_serious_outcome() -> None:
    assert exit_code([]) is ExitCode.OK
    assert exit_code(["official", "official"]) is ExitCode.OK
    assert exit_code(["official", "provisional"]) is ExitCode.FINDINGS
    assert exit_code(["provisional", "bad-input", "official"]) is ExitCode.BAD_INPUT
    assert exit_code(["bad-input", "cannot-write"]) is ExitCode.ENVIRONMENT
    assert exit_code(["cannot-write", "store-broken"]) is ExitCode.STORE_BROKEN
    assert exit_code(["store-broken", "internal", "official"]) is ExitCode.INTERNAL


def test_runner_configuration_is_checked() -> None:
    assert runner_spec("threads", 3).describe() == "3 threads"
    assert runner_spec("dask", 2).describe() == "Dask, 2 local worker processes"
    spec = runner_spec("dask", address="tcp://10.0.0.5:8786")
    assert spec.describe() == "Dask scheduler at tcp://10.0.0.5:8786"
    with pytest.raises(ValueError, match="one of threads, processes, dask"):
        runner_spec("cluster")
    with pytest.raises(ValueError, match="needs the dask runner"):
        runner_spec("threads", address="tcp://x:8786")
    with pytest.raises(ValueError, match="tcp://host:port"):
        runner_spec("dask", address="10.0.0.5:8786")
    with pytest.raises(ValueError, match="at least 1"):
        runner_spec("threads", 0)


def _report(tmp_path: Path) -> BatchReport:
    report = BatchReport("2 threads", "2026-11-21T18:00:00+00:00", pages=30, pages_read=26,
                         seconds=12.5, finished="2026-11-21T18:00:13+00:00")  # fmt: skip
    report.events = [
        EventOutcome("autumn", "=Autumn pairs", tmp_path / "autumn", tmp_path / "out/autumn",
                     "provisional", (
            SessionLine("autumn", "=Autumn pairs", 1, "PROVISIONAL", 26, 26, 150, 2, 4, 0, 1,
                        9.25, "scans/session1.pdf, page 9, row 2 (board 9): unsure mark"),
            SessionLine("autumn", "=Autumn pairs", 2, "PROVISIONAL", 0, 0, 0, 240, 0, 0, 1, 3.0),
        )),
        EventOutcome("broken", "broken", tmp_path / "broken", tmp_path / "out/broken",
                     "bad-input", (SessionLine("broken", "broken", None, "failed", 4,
                                               note="event.yaml: no sessions (line 2)"),),
                     "event.yaml: no sessions (line 2)"),
    ]  # fmt: skip
    return report


def test_the_summary_is_written_as_json_and_as_a_workbook_that_keeps_text_text(tmp_path) -> None:
    from openpyxl import load_workbook

    paths = write_summary(_report(tmp_path), tmp_path / "out")
    data = json.loads(paths["json"].read_text("utf-8"))
    assert data["pages_per_second"] == 2.08 and [e["outcome"] for e in data["events"]] == [
        "provisional", "bad-input"]  # fmt: skip
    first = data["events"][0]["sessions"][0]
    assert (first["session"], first["review_items"], first["version"], first["seconds"]) == (
        1, 4, 1, 9.2)  # fmt: skip
    assert data["events"][1]["sessions"][0]["session"] is None

    sheet = load_workbook(paths["workbook"]).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    header = rows.index(next(r for r in rows if r[0] == "Event"))
    assert "1 event(s) PROVISIONAL" in rows[2][0] and "1 failed" in rows[2][0]
    assert rows[header + 1][:12] == ["autumn", "=Autumn pairs", 1, "PROVISIONAL", 26, 26, 150,
                                     2, 4, 0, 1, 9.2]  # fmt: skip
    assert sheet.cell(header + 2, 2).data_type == "s"  # a name from input stays text
    assert rows[header + 3][2] is None and rows[header + 3][3] == "failed"
    assert rows[header + 3][-1] == "event.yaml: no sessions (line 2)"
    assert sheet.page_setup.orientation == "landscape" and sheet.freeze_panes == "C6"


def test_the_review_artifact_offers_the_first_reading_that_passes_the_checks() -> None:
    from pipeline.doors.scans.review import ReviewCandidate, ReviewItem
    from pipeline.doors.scans.reviewed_rows import ReadSession
    from pipeline.flows.artifacts import _review

    item = ReviewItem(
        id="session1.pdf#p9r2", file="/day/e/scans/session1.pdf", page=9, row=2, board=9,
        kind="row", reasons=("unsure mark in result_sign",),
        candidates=(ReviewCandidate("3NT N -1", 0.61, "read", fits=False),
                    ReviewCandidate("3NT N =", 0.38, "read")),
    )  # fmt: skip
    read = ReadSession(session=1, pages=(), rows=(), review=(item,))
    assert _review(read) == [{"Item": "session1.pdf#p9r2", "Board": 9,
                              "Where": "session1.pdf, page 9, row 2 (board 9)",
                              "Why": "unsure mark in result_sign",
                              "Best reading": "3NT N ="}]  # fmt: skip
    assert _review(None) == []
