"""A command line's plain values taken without pydantic (pipeline/cli/plain_values.py): every
value any command's plain parameter is given comes out as Typer's own pydantic adapter
makes it, and a value the adapter refuses is refused with the adapter's words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer._click import Context
from typer._click.exceptions import BadParameter
from typer._coercion import build_runtime_param
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.cli.plain_values import _plain, _PlainValue

VALUES: dict[type, tuple[object, ...]] = {
    str: ("", "x y", "é", "a\udcffb", " 3 "),
    int: (0, 7, "0", "7", "012", "12345678901234567890", " 3", "+3", "-1", "1_0", "x", "３", ""),
    bool: (True, False),
    Path: ("out", "", ".", "a\udcffb", Path("out"), "MISSING/DIR"),
}


def _parameters() -> Iterator[tuple[Any, Any]]:
    """Every plain parameter of every command, with a context of its command."""

    def walk(command: Any) -> Iterator[tuple[Any, Any]]:
        for param in command.params:
            descriptor = getattr(param, "type_descriptor", None)
            if descriptor is not None and _plain(descriptor):
                yield command, param
        for sub in getattr(command, "commands", {}).values():
            yield from walk(sub)

    yield from walk(typer.main.get_command(app))


def _outcome(coerce: Any, value: object, param: Any, ctx: Context) -> tuple[str, object]:
    try:
        made = coerce(value, param=param, ctx=ctx)
    except BadParameter as refused:
        return "refused", refused.format_message()
    return type(made).__name__, made


def test_every_plain_value_is_what_typers_adapter_makes(tmp_path: Path) -> None:
    a_file = tmp_path / "f.txt"
    a_file.write_text("x")
    kinds_seen = set()
    for command, param in _parameters():
        descriptor = param.type_descriptor
        kind = descriptor.annotation
        kinds_seen.add(kind)
        ctx = Context(command)
        ours = _PlainValue(parameter_info=descriptor.parameter_info, annotation=kind)
        typers = build_runtime_param(descriptor)
        extra = (str(a_file), str(a_file / "under")) if kind is Path else ()
        for value in (*VALUES[kind], *extra):
            assert _outcome(ours._coerce_value, value, param, ctx) == _outcome(
                typers._coerce_value, value, param, ctx
            ), (command.name, param.name, value)
    assert kinds_seen == {str, int, bool, Path}  # each kind is a parameter somewhere


def test_a_number_pydantic_refuses_is_refused_in_typers_words(tmp_path: Path) -> None:
    done = CliRunner().invoke(
        app, ["scan", "read", str(tmp_path), "-o", str(tmp_path / "out"), "--session", "two"]
    )

    assert done.exit_code == 2
    assert "Invalid value for '-s' / '--session'" in done.output
    assert "valid integer" in done.output  # pydantic's message: the value went to its adapter


def test_a_parameter_with_bounds_or_a_parser_is_left_to_typer() -> None:
    bounded = typer.models.OptionInfo(min=1)
    parsed = typer.models.OptionInfo(parser=int)
    plain = typer.models.OptionInfo()
    from typer._coercion import resolve_type_descriptor

    assert _plain(resolve_type_descriptor(int, plain))
    assert not _plain(resolve_type_descriptor(int, bounded))
    assert not _plain(resolve_type_descriptor(str, parsed))
    assert not _plain(resolve_type_descriptor(float, plain))
    assert not _plain(resolve_type_descriptor(list[str], plain))


@pytest.mark.parametrize("value", ["7", "0"])
def test_a_session_number_reaches_the_command_as_an_int(tmp_path: Path, value: str) -> None:
    seen: list[object] = []
    small = typer.Typer()

    @small.command()
    def show(session: int = typer.Option(1, "--session")) -> None:
        seen.append(session)

    from pipeline.cli.plain_values import take_plain_values

    take_plain_values()
    assert CliRunner().invoke(small, ["--session", value]).exit_code == 0
    assert seen == [int(value)] and type(seen[0]) is int
