"""While a command's temporary Prefect API starts, the command does work of its own that
needs no API (pipeline/flows/local_api.py, ``meanwhile``; issue 42): the steps given run
one at a time only as long as the API does not answer, and the wait ends when it answers.

The API here is a real process on loopback that answers ``/api/health`` as Prefect's does,
but only once a file appears: the test decides when it "has started"."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from importlib.util import find_spec
from pathlib import Path

from pipeline.flows import local_api

LATE_API = textwrap.dedent(
    """
    import http.server, os, sys, time
    ready, port = sys.argv[1], int(sys.argv[2])
    while not os.path.exists(ready):  # not listening yet: as Prefect's API while it imports
        time.sleep(0.02)

    class Health(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200 if self.path == "/api/health" else 404)
            self.end_headers()
            self.wfile.write(b"true")

        def log_message(self, *args):
            pass

    http.server.HTTPServer(("127.0.0.1", port), Health).serve_forever()
    """
)


def test_the_steps_run_while_the_api_starts_and_stop_when_it_answers(tmp_path: Path) -> None:
    port = local_api.free_port()
    ready = tmp_path / "ready"
    api = subprocess.Popen([sys.executable, "-c", LATE_API, str(ready), str(port)])
    done: list[int] = []

    def steps():  # more steps than the wait has room for: the wait must not do them all
        for number in range(1000):
            yield lambda number=number: (done.append(number), time.sleep(0.02))

    def starts_after_three_steps():
        for number in range(3):
            yield lambda number=number: done.append(number)
        ready.touch()  # the API "has started": it answers in a moment
        yield from steps()

    try:
        began = time.monotonic()
        local_api._wait_for(api, f"http://127.0.0.1:{port}/api", starts_after_three_steps())
        waited = time.monotonic() - began
        assert local_api.answers(f"http://127.0.0.1:{port}/api")
    finally:
        api.kill()
        api.wait()
    assert done[:3] == [0, 1, 2]  # in order, one at a time
    assert 3 < len(done) < 200, len(done)  # stopped once it answered, not all 1,003
    assert waited < 10


def test_an_api_that_answers_at_once_leaves_the_steps_undone(tmp_path: Path) -> None:
    port = local_api.free_port()
    ready = tmp_path / "ready"
    ready.touch()
    api = subprocess.Popen([sys.executable, "-c", LATE_API, str(ready), str(port)])
    url = f"http://127.0.0.1:{port}/api"
    try:
        deadline = time.monotonic() + 30
        while not local_api.answers(url) and time.monotonic() < deadline:
            time.sleep(0.05)
        done: list[str] = []
        local_api._wait_for(api, url, iter([lambda: done.append("imported")]))
    finally:
        api.kill()
        api.wait()
    assert done == []  # a server that answers: the run imports them when its steps need them


def test_the_run_flows_step_modules_exist() -> None:
    """What ``bridgescan run`` imports while it waits (pipeline/flows/run_event.py): a
    module renamed or moved is noticed here, not as a failed run."""
    from pipeline.flows.prefect_env import configure_prefect

    configure_prefect()
    from pipeline.flows.run_event import STEP_MODULES

    assert STEP_MODULES and all(find_spec(name) is not None for name in STEP_MODULES)
