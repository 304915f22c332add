"""Test-wide settings and fixtures.

- hypothesis's profile: ``ci`` (50 draws a property) unless ``HYPOTHESIS_PROFILE=thorough``
  (tests/hypothesis_profiles.py);
- ``postgres``: one throw-away PostgreSQL cluster for the whole test session (tests/postgres.py),
  shared by the pytest-xdist workers and stopped by the controlling process at the end, or
  by its watcher when that process is killed;
- ``store_url``: the same store test on both back ends, a fresh SQLite file or a fresh
  PostgreSQL schema each time;
- one Prefect API for the whole test session (tests/prefect_api.py) when the run includes
  tests/pipeline: started by the controlling process, named in ``PREFECT_API_URL`` for the
  workers and every command the tests start, stopped at the end;
- under pytest-xdist, the project compiled once by the controlling process before the workers
  start (tests/precompile.py), not by each worker at once on a fresh clone;
- ``--cpu-durations=N``: the tests and files that cost the most CPU (tests/cpu_time.py);
- what collection built frozen out of the garbage collector's way (``pytest_collection_finish``);
- the end-to-end files first (``pytest_collection_modifyitems``), so that under
  ``--dist loadfile --no-loadscope-reorder`` no worker is left idle at the end.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pipeline.flows.collector import frozen_setup
from pipeline.flows.prefect_env import one_maths_thread, trust_no_authority_on_plain_http
from tests import hypothesis_profiles
from tests.cpu_time import (  # noqa: F401 - hooks of --cpu-durations, registered here
    pytest_addoption,
    pytest_runtest_call,
    pytest_runtest_logreport,
    pytest_runtest_setup,
    pytest_runtest_teardown,
    pytest_terminal_summary,
)
from tests.postgres import RUN_PID_VARIABLE, Cluster, shared_cluster, stop_recorded
from tests.precompile import precompile
from tests.prefect_api import keep_fresh_database, start_api, stop_recorded_api, wait_until_ready

# As the commands do: one BLAS/OpenMP thread, set before numpy loads (nothing above imports it),
# so a page reads the same in a test's process, in the commands it starts and on Dask's workers.
one_maths_thread()
hypothesis_profiles.load()

BACKENDS = ("sqlite", "postgresql")

#: Folders whose every file runs commands or flows end to end (minutes of CPU between them).
END_TO_END = ("tests/pipeline/flows/", "tests/pipeline/cli/")


def _session_root(config: pytest.Config) -> Path:
    """The temporary folder all processes of this test session share."""
    base = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    return base.parent if hasattr(config, "workerinput") else base


@pytest.fixture(scope="session")
def session_root(request: pytest.FixtureRequest) -> Path:
    """The temporary folder all processes of this test session share (the xdist workers and
    the commands they start): where what the whole run shares is made once."""
    return _session_root(request.config)


@pytest.fixture(scope="session")
def postgres(request: pytest.FixtureRequest) -> Cluster:
    """A running PostgreSQL cluster (Unix socket only), one per test session."""
    return shared_cluster(_session_root(request.config))


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty event store's location on each back end."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite")
    return request.getfixturevalue("postgres").fresh_url()


@pytest.hookimpl(trylast=True)  # after the tmp_path plugin has made its factory
def pytest_configure(config: pytest.Config) -> None:
    """Event stores are sealed by default with a key made on first use in the user's
    configuration folder: the tests' key is made in the session's temporary folder (shared
    by the xdist workers and the processes the tests start), never in the real one.

    The session's Prefect API starts here, in the controlling process, before the workers
    start (they inherit ``PREFECT_API_URL``) and before any test module imports Prefect
    (which reads its settings once, on import)."""
    if not hasattr(config, "_tmp_path_factory"):
        return
    root = _session_root(config)
    os.environ["XDG_CONFIG_HOME"] = str(root / "config")
    if not hasattr(config, "workerinput"):  # whose end stops the PostgreSQL cluster's watcher
        os.environ[RUN_PID_VARIABLE] = str(os.getpid())
    if not hasattr(config, "workerinput") and _runs_pipeline_tests(config):
        os.environ["PREFECT_API_URL"] = start_api(root).url
        trust_no_authority_on_plain_http()  # the workers' in-process flows, as a command's
    if not hasattr(config, "workerinput") and config.getoption("numprocesses", None):
        precompile(config)  # once, before the workers start (tests/precompile.py)


def _runs_pipeline_tests(config: pytest.Config) -> bool:
    """Whether the tests asked for include some of tests/pipeline (where Prefect runs); a
    ``--collect-only`` run runs none (the API's start is ~20 s of CPU)."""
    if config.option.collectonly:
        return False
    pipeline = Path(__file__).parent / "pipeline"
    here = config.invocation_params.dir
    asked = [(here / arg.split("::")[0]).resolve() for arg in config.args] or [pipeline]
    return any(path == pipeline or pipeline in path.parents or path in pipeline.parents
               for path in asked)  # fmt: skip


@pytest.fixture(scope="session", autouse=True)
def _session_prefect_api(request: pytest.FixtureRequest) -> None:
    """Tests run once the session's Prefect API answers (it starts while the workers
    collect the tests), and its database as it then stands is kept for the tests that start
    a server of their own (tests/prefect_api.py)."""
    url = os.environ.get("PREFECT_API_URL")
    if url:
        wait_until_ready(url)
        keep_fresh_database(_session_root(request.config))


def pytest_unconfigure(config: pytest.Config) -> None:
    if hasattr(config, "_tmp_path_factory") and not hasattr(config, "workerinput"):
        stop_recorded_api(_session_root(config))  # the controller, or a run without xdist


def pytest_sessionfinish(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the controller, or a run without xdist
        stop_recorded(_session_root(session.config))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The expensive files first, the rest in their usual order.

    Under ``--dist loadfile`` a worker takes the next file when it runs out; pytest-xdist
    by default hands out the files with the most tests first, which puts the few long
    end-to-end tests (a batch on Dask, twelve commands at once) last, and one worker idles for
    minutes while the other finishes them. A file goes first when it is in an end-to-end
    folder or holds a test marked ``slow``; ``make test`` asks for this order with
    ``--no-loadscope-reorder``. The sort is stable, so the order inside each group (and the
    order of the tests of a file) stays as collected."""
    slow_files = {
        item.nodeid.split("::")[0]
        for item in items
        if item.get_closest_marker("slow") or item.nodeid.startswith(END_TO_END)
    }
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in slow_files)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built (the test modules, bridgescan, Prefect, pandas, OpenCV: most of
    a worker's heap, and alive to the end) moved out of the garbage collector's way, as the
    commands do (pipeline/flows/collector.py): each full collection during the tests, and
    the ones at exit (pytest's check for unraisable exceptions, the interpreter's own), would
    otherwise walk it again; a worker's exit took 5 s of them."""
    frozen_setup()
