"""``bridgescan batch`` where its reading processes cannot be started (pipeline/cli/batch.py).

The command starts its reading processes before its flow (``start_early``). Where the
machine has no file descriptor (or process) left for them, the command says so in a line
and exits 3 (the environment), and leaves none of the processes it did start running.
"""

from __future__ import annotations

import io
import resource
import socket
from pathlib import Path

import psutil
import pytest
import typer
from rich.console import Console

from pipeline.cli.batch import _start_reading_processes
from pipeline.cli.exit_codes import ExitCode
from pipeline.flows.reading_processes import close_early
from tests.pipeline.flows.reading_children import reading_processes


def test_no_descriptor_left_for_the_reading_processes_is_a_line_and_exit_3() -> None:
    me = psutil.Process()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    out = io.StringIO()
    errors = Console(file=out, width=200)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (me.num_fds() + 1, hard))
        with pytest.raises(typer.Exit) as stopped:
            _start_reading_processes(3, errors)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        close_early()
    assert stopped.value.exit_code == ExitCode.ENVIRONMENT == 3
    assert out.getvalue().startswith("error: cannot start the reading processes: [Errno 24]")
    assert reading_processes(me.pid) == []


def test_a_dask_scheduler_that_does_not_answer_is_named(tmp_path: Path) -> None:
    """`--runner dask --address` of a port where no scheduler listens: "cannot write the
    batch summary: Timed out trying to connect ..." before, as if the disk were at fault.
    The real command (through the Typer app), Dask's connect time-out made 1 s in Dask's
    configuration itself: Dask reads its environment variables once, when it is first
    imported, which an earlier test in the same worker may have done. Distributed is
    imported first: its defaults join Dask's configuration on import, and a setting made
    before them would take them away again as it is undone."""
    import dask
    import distributed  # noqa: F401
    from typer.testing import CliRunner

    from pipeline.cli import app
    from tests.pipeline.flows.sample_events import both_sessions_typed

    with socket.socket() as free:  # a port nobody listens on
        free.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{free.getsockname()[1]}"
    folder = both_sessions_typed(tmp_path / "evening")
    args = ["batch", str(folder), "-o", str(tmp_path / "out"), "--runner", "dask",
            "--address", address]  # fmt: skip
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        done = CliRunner().invoke(app, args, prog_name="bridgescan", catch_exceptions=False)
    assert done.exit_code == ExitCode.ENVIRONMENT == 3
    assert done.stderr == (
        f"error: --address {address}: no Dask scheduler answers there (Timed out trying to "
        f"connect to {address} after 1 s); start it, or run the batch without --address\n"
    )
