"""``--cpu-durations=N``: the tests that cost the most CPU, and the files that do.

The machine the suite runs on is shared, so ``--durations`` (wall time) says as much about
the neighbours as about the test. CPU seconds do not: each phase of a test (setup, call,
teardown) is measured as the CPU its process used plus the CPU of the processes it started
and waited for (a ``bridgescan`` command, a Prefect API it stopped). The figures travel with
the test's report, so under pytest-xdist the controlling process sums both workers'. What
no test waits for (the session's Prefect API, a shared PostgreSQL cluster) is not counted.

The last test of a process tears down the session's fixtures too, and a process they started
is counted when it ends (Chromium and Playwright's driver: a minute of CPU for the web tests).
That phase is listed on a line of its own, ``(session fixtures torn down)``, not on a test.
"""

from __future__ import annotations

import resource
from collections import Counter
from collections.abc import Generator

import pytest

__all__ = [
    "pytest_addoption",
    "pytest_runtest_setup",
    "pytest_runtest_call",
    "pytest_runtest_teardown",
    "pytest_runtest_logreport",
    "pytest_terminal_summary",
]

_KEY = "cpu_seconds"
_SESSION_KEY = "cpu_seconds_session_teardown"
SESSION_TEARDOWN = "(session fixtures torn down)"
_spent: Counter[str] = Counter()


def _cpu() -> float:
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-durations", type=int, default=None, metavar="N",
        help="show the N tests (and files) that used the most CPU seconds",
    )  # fmt: skip


def _measured(item: pytest.Item, key: str = _KEY) -> Generator[None, None, None]:
    if item.config.getoption("cpu_durations") is None:
        yield
        return
    began = _cpu()
    yield
    item.user_properties.append((key, _cpu() - began))  # copied into this phase's report


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    yield from _measured(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    yield from _measured(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(
    item: pytest.Item, nextitem: pytest.Item | None
) -> Generator[None, None, None]:
    yield from _measured(item, _KEY if nextitem is not None else _SESSION_KEY)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "teardown" and report.user_properties[-1:]:
        key, value = report.user_properties[-1]
        if key == _SESSION_KEY:
            _spent[SESSION_TEARDOWN] += value
            return
    spent = [value for key, value in report.user_properties if key == _KEY]
    if spent:  # the last one is this phase's (earlier phases' stay in the list)
        _spent[report.nodeid] += spent[-1]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    shown = terminalreporter.config.getoption("cpu_durations")
    if shown is None or not _spent or hasattr(terminalreporter.config, "workerinput"):
        return
    files: Counter[str] = Counter()
    for nodeid, seconds in _spent.items():
        files[nodeid.split("::")[0]] += seconds
    write = terminalreporter.write_line
    terminalreporter.section(f"CPU seconds: {sum(_spent.values()):.0f} in the tests")
    for nodeid, seconds in _spent.most_common(shown or None):
        write(f"{seconds:8.2f}s  {nodeid}")
    terminalreporter.section("CPU seconds by file")
    for name, seconds in files.most_common(shown or None):
        write(f"{seconds:8.2f}s  {name}")
