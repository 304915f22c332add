"""``--help`` on an 80-column terminal: a command's description wraps as paragraphs, not
at the docstring's own line ends (Typer keeps those after the first paragraph). Through
``execute``, the command line's one entry (pipeline/cli/commands.py), as a shell runs it."""

from __future__ import annotations

import pytest

from pipeline.cli.commands import build_app, execute


def test_compare_help_wraps_as_paragraphs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert execute(build_app(("interop",)), ["bridgescan", "compare", "--help"]) == 0
    page = capsys.readouterr().out
    lines = [line.strip() for line in page.splitlines()]
    # The docstring's second paragraph, written in lines of 92 columns: before, each line
    # broke in two at 80 ("... and the report says" / "which it" / "took from the file ...").
    assert "Options not given are detected from each file's figures, and the report says" in lines
    assert "which it took from the file and which it assumed. A folder is searched for" in lines
    assert "which it" not in lines
    assert all(len(line) <= 80 for line in page.splitlines())
