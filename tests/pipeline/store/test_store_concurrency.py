"""Compare-and-append: several processes on one store lose nothing, on SQLite and PostgreSQL.

Two scorers correcting one session at the same moment (issue 10), the workers of a batch
appending to one store (issue 11): each write either lands on the state its writer saw or
is refused with ``ConflictError``; the chain stays one unbroken line with no gap. The
process tests start real processes that open their own connections, forked from a server
process that imported the store once (``_processes``), not each paying for its imports.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from typing import Any

import pytest

from pipeline.store import Append, ConflictError, EventStore

pytestmark = pytest.mark.slow  # scorers and batch workers in processes of their own


def _processes() -> multiprocessing.context.BaseContext:
    """Processes of their own, each a fork of the forkserver (started once per pytest
    process, with this module and so the store imported): a spawned process would import
    them again, a second of CPU each, and a fork of the test's process would copy its
    threads' locks."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


def _as_here(environment: dict[str, str], target: Callable[..., None], *args: Any) -> None:
    """``target(*args)`` in a forked process with the test's environment (the store's key
    among it): the forkserver keeps the environment of the moment it started, which may
    be another test's."""
    os.environ.clear()
    os.environ.update(environment)
    target(*args)


def test_append_only_if_the_key_is_where_the_caller_saw_it(store_url) -> None:
    with EventStore(store_url) as store:
        first = store.append("row", "s1/b3", "620", expect_seq=None)  # must be new
        with pytest.raises(ConflictError) as refused:
            store.append("row", "s1/b3", "650", expect_seq=None)
        assert refused.value.seen is None and refused.value.found == first.seq
        assert "row s1/b3 changed since you looked" in str(refused.value)
        second = store.append("row", "s1/b3", "650", actor="scorer A", expect_seq=first.seq)
        with pytest.raises(ConflictError, match=r"you saw record 1, it is now record 2 \(scorer A"):
            store.append("row", "s1/b3", "680", actor="scorer B", expect_seq=first.seq)
        assert store.latest("row", "s1/b3") == second
        assert store.verify() == 2


def test_several_records_land_together_or_not_at_all(store_url) -> None:
    with EventStore(store_url) as store:
        seen = store.append("row", "s1/b1", "+420").seq
        store.append("row", "s1/b1", "+450", actor="scorer A")
        batch = [Append("row", "s1/b2", "-100"), Append("row", "s1/b1", "+400")]
        with pytest.raises(ConflictError):
            store.append_many(batch, expect={("row", "s1/b1"): seen})
        assert store.latest("row", "s1/b2") is None  # nothing of the batch was written
        written = store.append_many(batch, expect={("row", "s1/b1"): seen + 1})
        assert [(r.seq, r.key) for r in written] == [(3, "s1/b2"), (4, "s1/b1")]
        assert store.verify() == 4


def test_a_counter_moves_only_from_the_value_the_caller_saw(store_url) -> None:
    with EventStore(store_url) as store:
        assert store.counter("version/s1") == 0
        assert store.bump("version/s1", 0, [Append("publication", "s1/v1", {"v": 1})],
                          actor="TD Eva", reason="published") == 1  # fmt: skip
        with pytest.raises(ConflictError, match="version/s1 is at 1, not 0") as refused:
            store.bump("version/s1", 0, [Append("publication", "s1/v1b", {"v": 1})])
        assert (refused.value.name, refused.value.seen, refused.value.found) == (
            "version/s1", 0, 1)  # fmt: skip
        assert store.latest("publication", "s1/v1b") is None
        assert store.bump("version/s1", 1) == 2
        counter = store.latest("counter", "version/s1")
        assert counter.value == 2 and counter.actor == "bridgescan"
        assert store.history("counter", "version/s1")[0].actor == "TD Eva"
        assert store.verify() == 3  # the publication and the counter at 1 and at 2


def _scorer(url: str, name: str, corrections: int, start, results) -> None:  # noqa: ANN001
    """A scorer's process: look at the version, correct, publish; on conflict look again."""
    start.wait()
    refused = 0
    with EventStore(url) as store:
        for i in range(corrections):
            while True:
                seen = store.counter("version/s1")
                entry = Append("correction", f"{name}/{i}", {"by": name, "on": seen}, name)
                try:
                    store.bump("version/s1", seen, [entry], actor=name)
                    break
                except ConflictError:
                    refused += 1
    results.put((name, refused))


def test_two_scorers_correcting_at_once_lose_nothing(store_url) -> None:
    context = _processes()
    start, results = context.Barrier(2), context.Queue()
    each = 10
    here = dict(os.environ)
    scorers = [context.Process(target=_as_here,
                               args=(here, _scorer, store_url, name, each, start, results))
               for name in ("scorer A", "scorer B")]  # fmt: skip
    for process in scorers:
        process.start()
    outcome = dict(results.get(timeout=120) for _ in scorers)
    for process in scorers:
        process.join(timeout=60)
        assert process.exitcode == 0
    with EventStore(store_url) as store:
        assert store.counter("version/s1") == 2 * each
        versions = [r.value for r in store.history("counter", "version/s1")]
        assert versions == list(range(1, 2 * each + 1))  # every version once, in order
        corrections = store.current("correction")
        assert len(corrections) == 2 * each  # nothing lost
        # each correction was made on the version its scorer saw, and each version on one
        assert sorted(r.value["on"] for r in corrections.values()) == list(range(2 * each))
        assert store.verify() == 4 * each
    assert set(outcome) == {"scorer A", "scorer B"}


def _racer(url: str, name: str, rounds: int, barriers, results) -> None:  # noqa: ANN001
    """Both processes look at the same version, then publish at the same moment."""
    with EventStore(url) as store:
        for round_ in range(rounds):
            barriers[0].wait()
            seen = store.counter("version/s2")
            barriers[1].wait()  # both have seen the same version
            try:
                store.bump("version/s2", seen, [Append("correction", f"{round_}/{name}", name)])
                results.put((round_, name, "published"))
            except ConflictError as error:
                results.put((round_, name, f"refused at {error.found}"))


def test_of_two_publishing_the_same_version_exactly_one_wins(store_url) -> None:
    context = _processes()
    barriers = (context.Barrier(2), context.Barrier(2))
    results = context.Queue()
    rounds = 5
    here = dict(os.environ)
    racers = [context.Process(target=_as_here,
                              args=(here, _racer, store_url, name, rounds, barriers, results))
              for name in ("A", "B")]  # fmt: skip
    for process in racers:
        process.start()
    outcomes = [results.get(timeout=120) for _ in range(2 * rounds)]
    for process in racers:
        process.join(timeout=60)
        assert process.exitcode == 0
    for round_ in range(rounds):
        these = sorted(outcome for r, _, outcome in outcomes if r == round_)
        assert these == ["published", f"refused at {round_ + 1}"]
    with EventStore(store_url) as store:
        assert store.counter("version/s2") == rounds
        assert len(store.current("correction")) == rounds
        assert store.verify() == 2 * rounds


def _worker(url: str, worker: int, pages: int) -> None:
    with EventStore(url) as store:
        for page in range(pages):
            store.append("reading", f"w{worker}/p{page}", {"worker": worker, "page": page})
            store.put_blob(f"w{worker}-{page}.png", f"page {worker}/{page}".encode())


def test_batch_workers_appending_to_one_store_keep_one_unbroken_chain(store_url) -> None:
    context = _processes()
    workers, pages = 3, 8
    here = dict(os.environ)
    processes = [context.Process(target=_as_here, args=(here, _worker, store_url, w, pages))
                 for w in range(workers)]  # fmt: skip
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
        assert process.exitcode == 0
    with EventStore(store_url) as store:
        check = store.check()
        assert check.records == 2 * workers * pages  # a reading and a blob record each
        assert check.blobs == workers * pages
        assert len(store.current("reading")) == workers * pages
