"""``bridgescan batch`` end to end on copies of the sample event, against ``bridgescan run``.

Real Prefect (the test session's API), real Dask LocalClusters (the command's own, and one
made as bridgescan makes it, for a chunk read on its worker and as an office's cluster started
before the batch), real reading processes, a real ``bridgescan batch`` process and a real
SIGKILL.
What ``bridgescan run`` gives is the session's one run of the sample through the run flow
(tests/pipeline/flows/sample_run.py, at the same official time):

- with threads (the command as a process: its exit status), a batch of two events (a copy
  of the sample, and its first three pages as an event of their own) publishes the sample's
  files (results JSON, workbook cells, masterpoint CSV, review queue) and event store as the
  run gives them for the same scans. The sample's first three chunks of pages (1-24) are in
  its store from the run before the batch starts (``copy_readings``, as a batch run again
  finds them): the threads read its last chunk (pages 25-26) and the three-page event, and
  what they read is what the run read (the store's records compared); with Dask (on the
  command's own cluster of one worker process; the command in the test's process) the
  three-page event's are what threads published for it (reading 3 pages on Dask, not 26
  again: the chunk's own test below shows a Dask worker reads a chunk as this thread does);
  on two reading processes (chunks of 2 pages, so both read; the command in the test's
  process) the three-page event's are what threads published for it too, and run again
  there it reads nothing and stores nothing twice (the processes' kills and crashes are
  test_batch_processes.py's);
- a chunk of pages read on a Dask worker is what the test's thread reads and the store
  keeps (plain Dask work, no Prefect task engine on the worker);
- a batch on an existing Dask scheduler (``--address``) killed half way (the typed event
  before the sample published, the sample's first pages read and kept) and run again
  gives the same files and the same store, with no record twice: the event published
  before the kill keeps its version and its files, and no page kept before the kill is
  read again. The sample's pages 1-20 are in its store from the run before the first
  command (as a batch killed earlier would have left them): half way is then among the
  last six pages, three chunks of two, not among all 26.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pipeline.events.eventfile import load_event
from pipeline.flows.pages import PageChunk, event_setup, read_chunk, read_packed_for_store
from pipeline.flows.prefect_env import READING_MEMORY
from pipeline.flows.readings import StoredReadings
from pipeline.flows.task_runners import dask_client, runner_spec
from pipeline.store import EventStore
from tests.pipeline.flows.batch_outputs import assert_same_as_run, batch_summary, store_records
from tests.pipeline.flows.commands import Invoke
from tests.pipeline.flows.reading_children import reading_processes
from tests.pipeline.flows.sample_events import first_pages, scanned_event, typed_event
from tests.pipeline.flows.sample_run import NOW, SAMPLE, SampleRun, copy_readings
from tests.prefect_api import command_env

if TYPE_CHECKING:
    from collections.abc import Iterator

    from distributed import Client

ROOT = Path(__file__).parents[3]
BRIDGESCAN = [str(Path(sys.executable).parent / "bridgescan")]


def _env(home: Path) -> dict[str, str]:
    """Prefect at home in the test's folder; every command at the official time of the
    sample's run, so the versions they publish carry the same stamps and deadlines."""
    env = command_env(home)
    env["PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS"] = "600"  # a busy shared machine
    env["BRIDGESCAN_NOW"] = NOW
    return env


def _bridgescan(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BRIDGESCAN, *args], env=_env(home), capture_output=True, text=True,
                          timeout=900, cwd=ROOT)  # fmt: skip


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory, sample_run: SampleRun) -> Path:
    """A copy of the sample event (``evening-a``) and its first three pages as an event of
    their own (``evening-b``, session 2 typed), and the batch on threads on both; the
    sample's pages 1-24 in its store from the session's run, so the threads read 5 pages
    (two chunks), not 29."""
    root = tmp_path_factory.mktemp("batch")
    shutil.copytree(SAMPLE, root / "day" / "evening-a")
    scanned_event(root / "day" / "evening-b", first_pages(3))
    seeded = copy_readings(sample_run, root / "threads" / "evening-a", up_to=24, at=NOW,
                           folder=root / "day" / "evening-a")  # fmt: skip
    assert seeded == 24
    home = root / "prefect"
    batch = _bridgescan(["batch", str(root / "day"), "-o", str(root / "threads"), "--runner",
                         "threads"], home)  # fmt: skip
    assert batch.returncode == 1, batch.stdout[-3000:] + batch.stderr[-3000:]
    return root


def test_the_batch_on_threads_publishes_what_run_publishes(
    day: Path, sample_run: SampleRun
) -> None:
    assert_same_as_run(day / "threads" / "evening-a", day / "day" / "evening-a", sample_run.out,
                       sample_run.folder)  # fmt: skip
    summary = batch_summary(day / "threads")
    assert summary["runner"] == "2 threads" and summary["pages"] == 29
    assert summary["pages_read"] == 2 + 3  # the sample's last chunk, the three-page event
    sample, three_pages = summary["events"]
    assert [s["pages_read"] for s in sample["sessions"]] == [2, 0]  # 1-24 from the store
    assert sample["outcome"] == "provisional" and sample["title"] == "Autumn pairs"
    first, second = sample["sessions"]
    assert (first["pages"], first["rows_accepted"], first["rows_typed"], first["review_items"],
            first["blocking"], first["version"], first["status"]) == (
        26, 152, 2, 2, 0, 1, "PROVISIONAL")  # fmt: skip
    assert (second["pages"], second["rows_typed"], second["review_items"]) == (0, 240, 0)
    assert first["note"].startswith("scans/session1.pdf, page ")
    assert second["status"] == "official"  # the typed session: nothing of it waits
    # The first three pages alone: read, none waiting, so the event is official.
    assert three_pages["event"] == "evening-b" and three_pages["outcome"] == "official"
    assert [s["pages"] for s in three_pages["sessions"]] == [3, 0]
    assert [s["pages_read"] for s in three_pages["sessions"]] == [3, 0]


def test_the_batch_on_a_local_dask_cluster_publishes_what_threads_publish(
    day: Path, bridgescan: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The three-page event, read on the command's own cluster of one worker process (the
    command in this process: the threads' test has its exit status from a process of its
    own), publishes what the batch on threads published for it, which read the same pages
    in its own process (the sample on threads is compared with ``run`` above)."""
    monkeypatch.setenv("BRIDGESCAN_NOW", NOW)
    folder = day / "day" / "evening-b"
    done = bridgescan("batch", folder, "-o", day / "dask", "--runner", "dask", "--workers", "1")
    assert done.exit_code == 0, done.stdout[-3000:] + done.stderr[-3000:]  # official
    assert "Traceback" not in done.stdout + done.stderr
    assert_same_as_run(day / "dask" / "evening-b", folder, day / "threads" / "evening-b", folder)
    summary = batch_summary(day / "dask")
    assert summary["runner"] == "Dask, 1 local worker process"
    assert summary["pages"] == summary["pages_read"] == 3


def test_the_batch_on_reading_processes_publishes_what_threads_publish(
    day: Path, bridgescan: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The three-page event on two reading processes (chunks of 2 pages, so both read)
    publishes what the batch on threads published for it (results, workbook, review queue,
    store records, and the event's lines of the summary but for where and how long); run
    again there, it reads nothing and stores nothing twice."""
    monkeypatch.setenv("BRIDGESCAN_NOW", NOW)
    folder, out = day / "day" / "evening-b", day / "processes"
    args = ("batch", folder, "-o", out, "--runner", "processes", "--workers", "2",
            "--chunk-pages", "2")  # fmt: skip
    done = bridgescan(*args)
    assert done.exit_code == 0, done.stdout[-3000:] + done.stderr[-3000:]  # official
    assert "Traceback" not in done.stdout + done.stderr
    assert reading_processes(os.getpid()) == []  # ended with the batch
    assert_same_as_run(out / "evening-b", folder, day / "threads" / "evening-b", folder)
    on_processes = batch_summary(out)
    assert on_processes["runner"] == "2 reading processes"
    assert on_processes["pages"] == on_processes["pages_read"] == 3
    on_threads = [e for e in batch_summary(day / "threads")["events"] if e["event"] == "evening-b"]
    for event in [*on_threads, *on_processes["events"]]:  # where it went, how long it took aside
        event.pop("output")
        for line in event["sessions"]:
            line.pop("seconds")
    assert on_processes["events"] == on_threads

    kept = store_records(out / "evening-b" / "bridgescan.sqlite", folder)
    again = bridgescan(*args)
    assert again.exit_code == 0, again.stdout[-3000:] + again.stderr[-3000:]
    summary = batch_summary(out)
    assert summary["pages"] == 3 and summary["pages_read"] == 0  # every page from the store
    assert [s["version"] for s in summary["events"][0]["sessions"]] == [1, 1]
    assert store_records(out / "evening-b" / "bridgescan.sqlite", folder) == kept


@pytest.fixture(scope="module")
def office() -> Iterator[Client]:
    """A Dask cluster of one worker process, made as bridgescan makes a local one
    (``dask_client``), for the last two tests of this module (so it runs only while they do:
    a module's fixtures end with its last test): a chunk read on its worker, and an office's
    own cluster running before and after a batch given its address (one worker is what a
    kill half way needs; two reading at once are the threads' test). One cluster, not one
    each: a worker process and its nanny started once (Python, Dask and the reader loaded)."""
    with dask_client(runner_spec("dask", 1)) as client:
        yield client


def _prefect_on_worker() -> list[str]:
    return sorted(name for name in sys.modules if name in ("prefect.task_engine", "prefect_dask"))


def _profiling_on_worker() -> bool:
    import dask

    return bool(dask.config.get("distributed.worker.profile.enabled"))


def _malloc_on_worker() -> dict[str, str | None]:
    return {name: os.environ.get(name) for name in READING_MEMORY}


def test_a_chunk_read_on_a_dask_worker_is_what_this_thread_reads_and_the_store_keeps(
    tmp_path: Path, office: Client
) -> None:
    """A chunk of pages on Dask is plain Dask work (pipeline/flows/chunk_reading.py): a real
    LocalCluster worker process reads it with the reader it keeps loaded, sends back the same
    readings this thread reads, each already encoded as the event store keeps it, and never
    runs Prefect's task engine (Prefect's cost per task on a worker is why)."""
    event = load_event(SAMPLE / "event.yaml")
    chunk = PageChunk("e", 1, 0, SAMPLE / "scans" / "session1.pdf", 2, 3, event_setup(event),
                      digest="d" * 64)  # fmt: skip
    here = read_chunk(event, chunk)
    first = office.submit(read_packed_for_store, event, chunk, pure=False).result()
    again = office.submit(read_packed_for_store, event, chunk, pure=False).result()
    engines = office.run(_prefect_on_worker)
    profiling = office.run(_profiling_on_worker)
    malloc = office.run(_malloc_on_worker)
    assert first.pages == () and first.packed  # bytes until the event is scored
    assert [p.page.page for p in first.readings()] == [2, 3]
    assert list(first.readings()) == here and again.readings() == first.readings()
    assert first.chunk == chunk and first.seconds > 0 and not first.reused
    assert list(engines.values()) == [[]]  # the worker ran no Prefect task engine
    assert list(profiling.values()) == [False]  # nor Dask's profiler, every 10 ms
    # glibc's malloc as the reading processes have it, from the worker's start (Dask's own
    # 64 KiB trim threshold faulted every page image in afresh: twice the reading's CPU)
    assert list(malloc.values()) == [READING_MEMORY]

    with EventStore(tmp_path / "store.sqlite") as store:  # kept as the worker encoded them
        StoredReadings(store, "reader-1").put_encoded(chunk.digest, 2, first.stored_names(),
                                                      first.encoded)  # fmt: skip
    with EventStore(tmp_path / "store.sqlite") as store:
        stored = StoredReadings(store, "reader-1")
        assert [stored.get(chunk.digest, page) for page in (2, 3)] == here
        assert stored.get(chunk.digest, 4) is None


def _pages_kept(store: Path) -> int:
    """How many page readings the event's store holds (0 while it cannot be read yet)."""
    try:
        with closing(sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=1)) as db:
            found = db.execute("SELECT count(*) FROM records WHERE kind = 'page-reading'")
            return int(found.fetchone()[0])
    except sqlite3.Error:  # not made yet
        return 0


def _published_files(out: Path) -> dict[str, bytes]:
    """An event's published versions, file by file, and which one is current (the review
    queue beside them is written again by every run; a publication is not)."""
    files = {str(path.relative_to(out)): path.read_bytes()
             for path in (out / "versions").rglob("*") if path.is_file()}  # fmt: skip
    files["current"] = os.readlink(out / "current").encode()
    return files


def test_a_batch_killed_half_way_and_run_again_ends_as_if_never_killed(
    tmp_path: Path, office: Client, sample_run: SampleRun, bridgescan: Invoke,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """On an existing Dask scheduler (``--address``), as an office would run a long day: a
    typed event, then a copy of the sample whose pages 1-20 a run before kept in its store
    (``copy_readings``). The batch is killed once the typed event is published and its first
    chunk of the sample's last six pages is read and kept, while the worker reads the next;
    the same command again (in this process) carries on from there.

    The cluster's one worker thread is held by a task of the test's until the typed event is
    published: the batch hands the sample's chunks to the worker while it publishes the typed
    event, and on a busy machine the worker had read and the command kept all 26 pages before
    that publication ended, leaving nothing to kill half way."""
    scheduler = office.scheduler.address
    typed = typed_event(tmp_path / "day" / "a-typed", "Typed pairs")
    sample = Path(shutil.copytree(SAMPLE, tmp_path / "day" / "evening-b"))
    out = tmp_path / "out"
    seeded = copy_readings(sample_run, out / "evening-b", up_to=20, at=NOW, folder=sample)
    assert seeded == 20
    # Chunks of 2 pages, not 8: the worker finishes the chunk it is reading when the batch is
    # killed (a running Dask task is not interrupted) and that chunk is read again by the next
    # run; 2 pages thrown away, not 8.
    args = ["batch", str(typed), str(sample), "-o", str(out), "--runner", "dask", "--address",
            scheduler, "--chunk-pages", "2"]  # fmt: skip
    gate = tmp_path / "gate"

    def hold_the_worker(opened: str) -> None:  # pickled by value: the worker needs no test module
        import os
        import time

        while not os.path.exists(opened):
            time.sleep(0.05)

    held = office.submit(hold_the_worker, str(gate), pure=False)
    log = (tmp_path / "killed.log").open("w")
    process = subprocess.Popen([*BRIDGESCAN, *args], env=_env(tmp_path / "prefect"), stdout=log,
                               stderr=log, cwd=ROOT, start_new_session=True)  # fmt: skip
    published = out / "a-typed" / "results.json"
    store = out / "evening-b" / "bridgescan.sqlite"
    deadline = time.monotonic() + 600
    while process.poll() is None and time.monotonic() < deadline and not published.exists():
        time.sleep(0.05)
    assert _pages_kept(store) == seeded  # the worker was held: no page of the sample read yet
    gate.touch()
    held.result(timeout=60)
    while process.poll() is None and time.monotonic() < deadline and _pages_kept(store) == seeded:
        time.sleep(0.05)
    assert process.poll() is None, "the batch ended before it could be killed"
    os.killpg(process.pid, signal.SIGKILL)  # the command and its threads
    process.wait()
    log.close()
    assert not (out / "batch-summary.json").exists()  # it really was cut off
    kept = _pages_kept(store)
    assert seeded < kept < 26
    before = _published_files(out / "a-typed")

    monkeypatch.setenv("BRIDGESCAN_NOW", NOW)
    again = bridgescan(*args)
    assert again.exit_code == 1, again.stdout[-3000:] + again.stderr[-3000:]
    assert "Traceback" not in again.stdout + again.stderr
    assert_same_as_run(out / "evening-b", sample, sample_run.out, sample_run.folder)
    for name, folder in (("a-typed", typed), ("evening-b", sample)):
        records = store_records(out / name / "bridgescan.sqlite", folder)
        assert len(set(records)) == len(records)  # nothing stored twice
    # The event published before the kill was not published again: its versions as they were.
    assert _published_files(out / "a-typed") == before
    summary = batch_summary(out)
    assert summary["runner"] == f"Dask scheduler at {scheduler}"
    assert [e["outcome"] for e in summary["events"]] == ["official", "provisional"]
    versions = [s["version"] for e in summary["events"] for s in e["sessions"]]
    assert versions == [1, 1, 1]
    # The pages kept before the kill are taken from the store, not read again.
    assert [s["pages_read"] for s in summary["events"][1]["sessions"]] == [26 - kept, 0]
    assert summary["pages"] == 26 and summary["pages_read"] == 26 - kept
    assert not list(out.rglob("*.part"))  # no half-written file left behind
