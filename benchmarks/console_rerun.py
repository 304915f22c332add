"""The director's path in the club's console, timed: ``bench_rerun.py --via console``.

A real ``bridgescan serve CLUB`` process over a club folder that holds the sample evening
laid out as the console keeps an event (the scans of session 1 as an upload, each session's
typed travellers), driven over HTTP as the pages drive it: the sign-in address the console
printed, then each form posted with the session's CSRF token from the page that carries it.
What is timed, wall and the console's CPU (its process and its children, the console's
temporary Prefect API among them; a standing server's CPU is reported apart):

- the console's start, until it prints its sign-in address (Prefect and the reader loaded);
- the first run ("Score now" on the event's page, until ``progress.json`` says ``done``):
  all 26 pages read, version 1;
- an unchanged re-run (nothing new: no version);
- **the decision**: the first open review item decided on the review page (``candidate 1``),
  from the POST until its answer, which in the console already publishes the next version
  (``correct_review_item``: the store holds the row's page as read);
- the re-run after that decision ("Score now" again: finds the published version current);
- the re-run after a decision made in the terminal (``bridgescan review resolve``, not timed:
  it only records), the one that publishes the next version from the run itself.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).parents[1]
SAMPLE = ROOT / "sample_data" / "club-evening"
SLUG = "2026-11-24-club-evening"

__all__ = ["club_with_sample", "ConsoleDriver", "served", "measure_console"]


def club_with_sample(club: Path) -> Path:
    """A club folder holding the sample evening as the console keeps an event (its folder)."""
    event = club / "events" / SLUG
    (event / "scans" / "session1").mkdir(parents=True)
    (event / "typed").mkdir()
    shutil.copy(SAMPLE / "event.yaml", event / "event.yaml")
    shutil.copy(
        SAMPLE / "scans" / "session1.pdf", event / "scans" / "session1" / "001-session1.pdf"
    )
    shutil.copy(SAMPLE / "scans" / "session1-director.csv", event / "typed" / "session1.csv")
    shutil.copy(SAMPLE / "session2.csv", event / "typed" / "session2.csv")
    return event


def _cpu(process: psutil.Process | None) -> float:
    """User and system CPU of the process, of its children it has waited for (the reading
    processes of a run) and of its living children (its temporary API); none: 0."""
    if process is None:
        return 0.0
    own = process.cpu_times()
    total = own.user + own.system + own.children_user + own.children_system
    for child in process.children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.Error:
            continue  # ended between the listing and the look
        total += times.user + times.system
    return total


@contextmanager
def served(
    club: Path, env: dict[str, str], log: Path
) -> Iterator[tuple[str, str, psutil.Process, float]]:
    """``bridgescan serve CLUB`` on a free port: (its address, the sign-in address, the
    process, seconds until it printed the sign-in address); stopped on leaving."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [str(ROOT / ".venv" / "bin" / "bridgescan"), "serve", str(club), "--port", str(port)]
    began = time.perf_counter()
    with log.open("w") as said:
        process = subprocess.Popen(command, env={**env, "PYTHONUNBUFFERED": "1"}, cwd=ROOT,
                                   stdout=said, stderr=subprocess.STDOUT)  # fmt: skip
    try:
        while not (found := re.search(r"sign in as the director: (\S+)", log.read_text())):
            if process.poll() is not None:
                raise SystemExit(f"bridgescan serve did not start:\n{log.read_text()}")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}", found[1], psutil.Process(process.pid), (
            time.perf_counter() - began)  # fmt: skip
    finally:
        process.terminate()
        process.wait(timeout=60)


class ConsoleDriver:
    """A signed-in browser's requests to the club console: pages read, forms posted with the
    page's CSRF token and the console's origin, as the pages' own forms send them."""

    def __init__(self, url: str, sign_in: str, process: psutil.Process | None = None) -> None:
        self.client = httpx.Client(base_url=url, headers={"origin": url}, timeout=900)
        self.process = process
        self.base = f"/events/{SLUG}"
        self.client.get(sign_in.removeprefix(url), follow_redirects=True)

    def _csrf(self, page: str) -> str:
        found = re.search(r'name="csrf" value="([^"]+)"', page)
        if found is None:
            raise SystemExit("the page holds no form: not signed in?")
        return found[1]

    def progress(self) -> dict[str, object]:
        answer: dict[str, object] = self.client.get(f"{self.base}/progress.json").json()
        return answer

    def score(self) -> tuple[float, float, dict[str, object]]:
        """ "Score now", until the run is done: wall, CPU, the run's last progress."""
        token = self._csrf(self.client.get(f"{self.base}/").text)
        began, cpu = time.perf_counter(), _cpu(self.process)
        self.client.post(f"{self.base}/score", data={"csrf": token})
        while (progress := self.progress())["state"] in ("waiting", "running"):
            time.sleep(0.05)  # the page polls once a second: here 50 ms, to time the end
        return time.perf_counter() - began, _cpu(self.process) - cpu, progress

    def open_item(self) -> tuple[str, str]:
        """The first open review item's id and the review page's CSRF token."""
        page = self.client.get(f"{self.base}/review").text
        found = re.search(r'name="item" value="([^"]+)"', page)
        if found is None:
            raise SystemExit("no open review item on the review page")
        return found[1], self._csrf(page)

    def decide(self, item: str, token: str, value: str = "candidate 1") -> tuple[float, float, str]:
        """The review page's form for ``item``: wall and CPU until its answer, and what the
        console said (the page it redirects to)."""
        began, cpu = time.perf_counter(), _cpu(self.process)
        answer = self.client.post(f"{self.base}/review/decide", follow_redirects=True,
                                  data={"csrf": token, "item": item, "who": "bench",
                                        "value": value})  # fmt: skip
        took, used = time.perf_counter() - began, _cpu(self.process) - cpu
        said = re.search(r"recorded [^<]*", answer.text)
        return took, used, said[0].replace("&#39;", "'") if said else answer.text[-400:]


def _figures(
    wall: float, cpu: float, progress: dict[str, object] | None = None
) -> dict[str, object]:
    figures: dict[str, object] = {"wall_s": round(wall, 2), "cpu_s": round(cpu, 2)}
    if progress is not None:
        figures["said"] = progress.get("lines", [""])[:1]  # type: ignore[index]
    return figures


def measure_console(scratch: Path, env: dict[str, str], bridgescan: Path) -> dict[str, object]:
    """Each step of the director's path in one console (see the module's docstring)."""
    club = scratch / "club"
    event = club_with_sample(club)
    result: dict[str, object] = {}
    with served(club, env, scratch / "serve.log") as (url, sign_in, process, started):
        result["console_start"] = _figures(started, _cpu(process))
        driver = ConsoleDriver(url, sign_in, process)
        result["first_run"] = _figures(*driver.score())
        result["unchanged_rerun"] = _figures(*driver.score())
        item, token = driver.open_item()
        took, used, said = driver.decide(item, token)
        result["decision_published"] = {**_figures(took, used), "said": said}
        result["rerun_after_the_decision"] = _figures(*driver.score())
        item, _ = driver.open_item()
        subprocess.run([str(bridgescan), "review", "resolve", str(event / "out" / "review"),
                        item, "--by", "bench", "--value", "candidate 1"],
                       env=env, cwd=ROOT, check=False, capture_output=True)  # fmt: skip
        result["rerun_after_a_terminal_decision"] = _figures(*driver.score())
    return result
