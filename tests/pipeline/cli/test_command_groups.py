"""A command line builds only the group of the command it names (pipeline/cli/commands.py),
and that group is the one that registers the command: every command is still found."""

from __future__ import annotations

import pytest
import typer.main

from pipeline.cli import _COMMANDS, _GROUPS, _groups_for, build_app


def test_each_command_is_listed_with_the_group_that_registers_it() -> None:
    registered = {}
    for group in _GROUPS:
        for name in typer.main.get_command(build_app((group,))).commands:  # type: ignore[attr-defined]
            registered[name] = group
    assert registered == _COMMANDS
    every = typer.main.get_command(build_app()).commands  # type: ignore[attr-defined]
    assert set(every) == set(_COMMANDS)


@pytest.mark.parametrize(
    ("args", "groups"),
    [
        (["run", "sample_data", "-o", "out"], ("run",)),
        (["versions", "out"], ("correct",)),
        (["review", "resolve", "out", "s1-b1"], ("review",)),
        (["--clock-correction", "run", "store", "out"], ("store",)),  # "run" is its value
        (["--clock-correction=late", "export", "out"], ("interop",)),
        (["run", "--help"], ("run",)),
        (["--help"], _GROUPS),
        (["-h", "run"], _GROUPS),  # the main help lists every command
        ([], _GROUPS),
        (["no-such-command"], _GROUPS),  # Click names it as unknown among them all
    ],
)
def test_the_command_line_builds_the_group_it_names(
    args: list[str], groups: tuple[str, ...]
) -> None:
    assert _groups_for(args) == groups
