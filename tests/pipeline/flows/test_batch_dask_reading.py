"""A chunk of pages on Dask is plain Dask work (pipeline/flows/chunk_reading.py): a real
LocalCluster worker process reads it with the reader it keeps loaded, sends back the same
readings this thread reads, each already encoded as the event store keeps it, and never
runs Prefect's task engine (Prefect's cost per task on a worker is why)."""

import sys
from pathlib import Path

from pipeline.events.eventfile import load_event
from pipeline.flows.pages import PageChunk, event_setup, read_chunk, read_for_store
from pipeline.flows.readings import StoredReadings
from pipeline.flows.task_runners import dask_client, runner_spec
from pipeline.store import EventStore

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"


def _prefect_on_worker() -> list[str]:
    return sorted(name for name in sys.modules if name in ("prefect.task_engine", "prefect_dask"))


def _profiling_on_worker() -> bool:
    import dask

    return bool(dask.config.get("distributed.worker.profile.enabled"))


def test_a_chunk_read_on_a_dask_worker_is_what_this_thread_reads_and_the_store_keeps(
    tmp_path: Path,
) -> None:
    event = load_event(SAMPLE / "event.yaml")
    chunk = PageChunk("e", 1, 0, SAMPLE / "scans" / "session1.pdf", 2, 3, event_setup(event),
                      digest="d" * 64)  # fmt: skip
    here = read_chunk(event, chunk)
    with dask_client(runner_spec("dask", 1)) as client:
        first = client.submit(read_for_store, event, chunk, pure=False).result()
        again = client.submit(read_for_store, event, chunk, pure=False).result()
        engines = client.run(_prefect_on_worker)
        profiling = client.run(_profiling_on_worker)
    assert [p.page.page for p in first.pages] == [2, 3]
    assert list(first.pages) == here and again.pages == first.pages
    assert first.chunk == chunk and first.seconds > 0 and not first.reused
    assert list(engines.values()) == [[]]  # the worker ran no Prefect task engine
    assert list(profiling.values()) == [False]  # nor Dask's profiler, every 10 ms

    with EventStore(tmp_path / "store.sqlite") as store:  # kept as the worker encoded them
        StoredReadings(store, "reader-1").put_many(chunk.digest, 2, first.pages, first.encoded)
    with EventStore(tmp_path / "store.sqlite") as store:
        stored = StoredReadings(store, "reader-1")
        assert [stored.get(chunk.digest, page) for page in (2, 3)] == here
        assert stored.get(chunk.digest, 4) is None
