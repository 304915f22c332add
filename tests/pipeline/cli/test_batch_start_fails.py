"""``bridgescan batch`` where its reading processes cannot be started (pipeline/cli/batch.py).

The command starts its reading processes before its flow (``start_early``). Where the
machine has no file descriptor (or process) left for them, the command says so in a line
and exits 3 (the environment), and leaves none of the processes it did start running.
"""

from __future__ import annotations

import io
import resource

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
