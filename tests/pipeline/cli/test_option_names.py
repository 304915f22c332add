"""The same option names on every command (README, "Commands"): read from the command
line's own parser, so a new command that names a session or its workers another way fails
here. An old spelling a script may use stays, hidden from --help."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pipeline.cli import app

EVENT = Path(__file__).parents[3] / "sample_data" / "club-evening" / "event.yaml"


def _commands() -> Iterator[tuple[str, typer.core.TyperCommand]]:
    def walk(command: object, path: str) -> Iterator[tuple[str, typer.core.TyperCommand]]:
        subcommands = getattr(command, "commands", None)
        if subcommands is None:
            yield path, command  # type: ignore[misc]
            return
        for name, sub in subcommands.items():
            yield from walk(sub, f"{path} {name}".strip())

    yield from walk(typer.main.get_command(app), "")


def _names() -> dict[str, dict[str, tuple[list[str], bool]]]:
    """Every command's options: long name -> (all its names, hidden)."""
    return {
        path: {
            max(p.opts, key=len): (sorted(p.opts), bool(getattr(p, "hidden", False)))
            for p in command.params
            if getattr(p, "param_type_name", "") == "option"
        }
        for path, command in _commands()
    }


# The commands that take a session, and those with an output folder (where the command
# writes; for `store` and `event next-round`, the output folder it reads); `forms synth
# FOLDER` and `store keygen PATH` take theirs as an argument.
SESSION = (
    "correct|export-session|audit show|entry template|entry check|event movement|"
    "event cards|event next-round|forms print|forms blank|forms synth|scan read"
)
OUT = (
    "run|batch|score|scan read|web|entry template|event cards|event next-round|export|"
    "export-session|forms blank|forms print|model train-digits|store info|store upgrade|"
    "store verify"
)


@pytest.mark.parametrize(
    ("option", "commands", "names"),
    [("--session", SESSION, ["--session", "-s"]), ("--out", OUT, ["--out", "-o"])],
    ids=["-s", "-o"],
)
def test_the_same_short_name_everywhere(option: str, commands: str, names: list[str]) -> None:
    having = {path: o[option][0] for path, o in _names().items() if option in o}
    assert having == dict.fromkeys(commands.split("|"), names)


def test_workers_are_workers_and_the_old_spellings_are_hidden() -> None:
    names = _names()
    workers = {path for path, o in names.items() if "--workers" in o}
    assert workers == {"batch", "deploy", "forms synth"}
    hidden = sorted((path, name) for path, o in names.items() for name, (_, h) in o.items() if h)
    assert hidden == [
        ("audit show", "--json"),
        ("entry check", "--json"),
        ("forms synth", "--jobs"),
    ]


def test_the_short_session_option_on_a_real_command(tmp_path: Path) -> None:
    """`event cards EVENT -s 2`: session 2's cards (16 pairs), where --session was its only
    name (exit 2, "No such option: -s")."""
    cards = tmp_path / "cards.xlsx"
    done = CliRunner().invoke(app, ["event", "cards", str(EVENT), "-s", "2", "-o", str(cards)])
    assert done.exit_code == 0, done.output
    assert cards.exists()


def test_a_repeatable_option_names_what_it_takes() -> None:
    """--help wrote a repeatable option's value as a Python type (`--deals <list[str]>`,
    `--absent <list[int]>`): each says what to give instead ([N=]FILE, PAIR, ...)."""
    unnamed = sorted(
        (path, max(p.opts, key=len))
        for path, command in _commands()
        for p in command.params
        if getattr(p, "multiple", False) and p.metavar is None
    )
    assert unnamed == []


def test_the_commands_list_gives_each_command_one_sentence() -> None:
    """The main --help's list shows a command's first paragraph: `score` and `serve` began
    with two-line sentences, cut across the list's lines."""
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    firsts = {name: (c.help or "").split("\n\n")[0] for name, c in commands.items()}
    assert [name for name, first in firsts.items() if "\n" in first.strip()] == []
