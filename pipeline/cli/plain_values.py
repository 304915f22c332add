"""A command line's plain values (words, whole numbers, paths, flags) taken as Typer takes
them, without pydantic.

Typer (0.29) turns every value it parses into its parameter's type through a pydantic
``TypeAdapter``, built when the value is first coerced: the first command line a process
parses imports pydantic for it, some 0.1 s of CPU of ``bridgescan scan read``'s start-up
(issue 43's outside check counts it; nothing else on that path needs pydantic). A ``str``,
``int``, ``bool`` or ``Path`` value on the command line is what pydantic would make of it
in any case: the text itself, ``int`` of plain ASCII digits, the flag, ``Path`` of the
text, which then goes through Typer's own checks (``coerce_cli_path``: exists, file or
folder, readable) as before. ``take_plain_values`` makes Typer give each such parameter
that coercion; every other value (another type, a parser, bounds, a number with a sign or
spaces, a flag's word from an environment variable) still goes to Typer's pydantic
adapter, so what a command receives and the words it refuses a value with stay Typer's.

It reaches into Typer's parameters (``_TyperParameter.get_runtime_param``, the lazy builder
every parameter calls before its value is coerced, ``--help`` included): with a Typer that
has no such builder, nothing changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

try:
    from typer._coercion import RuntimeParam, build_runtime_param
    from typer._param_types import coerce_cli_path
    from typer.core import _TyperParameter

    _ADAPTERS = True
except ImportError:  # a Typer without pydantic adapters: it needs no pydantic to parse
    _ADAPTERS = False

__all__ = ["take_plain_values"]

_KINDS = (str, int, bool, Path)


def take_plain_values() -> None:
    """Make every Typer parameter of a plain kind coerce its value without pydantic (the
    module's docstring says why); once a process, before a command line is parsed."""
    if not _ADAPTERS or getattr(_TyperParameter.get_runtime_param, "plain", False):
        return
    typers_own = _TyperParameter.get_runtime_param

    def get_runtime_param(self: Any) -> Any:
        described = self.type_descriptor
        if self._runtime_param is None and _plain(described):
            self._runtime_param = _PlainValue(
                parameter_info=described.parameter_info, annotation=described.annotation
            )
        return typers_own(self)

    get_runtime_param.plain = True  # type: ignore[attr-defined]
    _TyperParameter.get_runtime_param = get_runtime_param  # type: ignore[method-assign]


if _ADAPTERS:

    class _PlainValue(RuntimeParam):
        """A parameter's value taken as Typer's adapter would take it; anything but a plain
        value of its kind through that adapter."""

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            kind = self.annotation
            if kind is str and type(value) is str:
                return value
            if kind is int and (type(value) is int or _digits(value)):
                return int(value)
            if kind is bool and type(value) is bool:
                return value
            if kind is Path and (type(value) is str or isinstance(value, Path)):
                return coerce_cli_path(Path(value), self.parameter_info, path_type=Path,
                                       param=param, ctx=ctx)  # fmt: skip
            typed = build_runtime_param(param.type_descriptor)
            return typed._coerce_value(value, param=param, ctx=ctx)


def _plain(descriptor: Any) -> bool:
    """Whether Typer coerces the parameter as a bare ``str``, ``int``, ``bool`` or ``Path``:
    no parser, no file to open, no bounds on a number, a path given as ``Path`` (the cases
    its pydantic adapter adds to)."""
    info = descriptor.parameter_info
    if descriptor.annotation not in _KINDS or descriptor.file_annotation is not None:
        return False
    if getattr(info, "parser", None) is not None:
        return False
    if descriptor.annotation is int:
        return info.min is None and info.max is None and not info.clamp
    if descriptor.annotation is Path:
        return info.path_type in (None, Path)
    return True


def _digits(value: object) -> bool:
    """Plain ASCII digits, which pydantic reads as ``int`` reads them (a sign, spaces,
    underscores, other scripts' digits: left to pydantic)."""
    return type(value) is str and value.isascii() and value.isdigit()
