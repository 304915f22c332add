"""The progress line where stdout is a file or a pipe, written without Rich
(pipeline/cli/progress_line.py): the same characters as Rich's own display draws there, for
a command that ends, one stopped half way, one that counted no pages; each drawn by both
on clocks that tick alike."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from pipeline.cli.progress import StageProgress, stage_progress
from pipeline.cli.progress_line import FinalLine, rich_would_draw_plainly


class _Clock:
    """A clock that moves only when told (both sides read it as often as they like)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


Steps = Callable[[StageProgress, _Clock], None]


def _scan(pages: int, total: int | None, *, finish: bool = True) -> Steps:
    """What ``scan read`` does: the total, each page 0.37 s apart, writing, done."""

    def steps(progress: StageProgress, clock: _Clock) -> None:
        progress.set_total(total)
        for _ in range(pages):
            clock.now += 0.37
            progress.page()
        clock.now += 0.41
        progress.stage("writing")
        clock.now += 1.3
        if finish:
            progress.finish("done")

    return steps


def _by_rich(steps: Steps) -> str:
    clock = _Clock()
    out = io.StringIO()
    console = Console(file=out, width=100_000, no_color=True, highlight=False, emoji=False,
                      get_time=clock)  # fmt: skip  # as pipeline/cli/output.py makes it
    with stage_progress(console) as progress:
        steps(progress, clock)
    return out.getvalue()


def _by_final_line(steps: Steps) -> str:
    clock = _Clock()
    out = io.StringIO()
    line = FinalLine(out, clock=clock)
    steps(StageProgress(line, None), clock)
    line.close()
    return out.getvalue()


@pytest.mark.parametrize(
    "steps",
    [
        _scan(27, 27),  # the time stops at the 27th page, not at "done"
        _scan(1, 1),
        _scan(3, 27, finish=False),  # stopped half way: the spinner turns, the bar is cut
        _scan(0, 27, finish=False),
        _scan(1, 7, finish=False),  # 11 halves of 80: a half bar
        _scan(1000, 1000),  # "reading page 1000 of 1000" is longer than its 24 columns
        _scan(2, None),  # no count of pages: finished as 1 of 1
        _scan(2, None, finish=False),  # no count of pages, stopped: the pulse
    ],
    ids=[
        "27",
        "1",
        "3-of-27-stopped",
        "0-of-27-stopped",
        "1-of-7-stopped",
        "1000",
        "no-count",
        "no-count-stopped",
    ],  # fmt: skip
)
def test_the_line_is_richs(steps: Steps) -> None:
    ours = _by_final_line(steps)
    assert ours == _by_rich(steps)
    assert ours.endswith("\n") and ours.count("\n") == 1


def test_the_finished_line_by_hand() -> None:
    # 27 pages 0.37 s apart: 9.99 s when the last is read, shown as 0:00:09
    assert _by_final_line(_scan(27, 27)) == f"- {'done':<24} {'━' * 40} 27/27 0:00:09\n"


def test_rich_draws_it_itself_on_a_terminal_or_when_told_to(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    with open(tmp_path / "log.txt", "w", encoding="utf-8") as log:
        assert rich_would_draw_plainly(log)
        monkeypatch.setenv("FORCE_COLOR", "1")
        assert not rich_would_draw_plainly(log)
        monkeypatch.delenv("FORCE_COLOR")
        monkeypatch.setenv("TTY_COMPATIBLE", "1")
        assert not rich_would_draw_plainly(log)
    with open(tmp_path / "log.txt", "w", encoding="latin-1") as log:
        monkeypatch.delenv("TTY_COMPATIBLE")
        assert not rich_would_draw_plainly(log)  # Rich would draw "-" bars


def test_scan_read_into_a_pipe_loads_no_rich(tmp_path: Path) -> None:
    """The progress line on a pipe and nothing else of Rich's: ``scan read`` of a folder
    with no scans stops on its input before any, so the modules come from the command's
    start and its progress; the reading's own imports are pinned in
    tests/pipeline/doors/test_scan_read_imports.py."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c",
         "import sys; from pipeline.cli.progress import stage_progress_on_stdout\n"
         "with stage_progress_on_stdout() as p:\n p.set_total(2); p.page(); p.page(); "
         "p.finish('done')"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("- done ")
    assert " rich" not in done.stderr
