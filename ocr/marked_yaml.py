"""YAML read with the line of every value, and a pydantic model's errors put at those lines.

A file a person edits (the form's layout, templates/forms/traveller.yaml; the event file,
pipeline/events/eventfile.py) is validated by a pydantic model of its shape. Pydantic
names a mistake by its ``loc`` (``("rows", "fields", 3, "kind")``); the composed YAML
nodes know their lines. ``load_marked`` keeps both, ``problems`` joins them, so every
message says file, line and field.

It imports neither ocr's reader nor pipeline: pipeline sits above ocr and reads its event
files with it too (one reader of marked YAML, not two).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator
from pydantic_core import PydanticCustomError

__all__ = [
    "FileModel",
    "Loc",
    "LineMarks",
    "MarkedYamlError",
    "Problem",
    "dotted",
    "load_marked",
    "parse_path",
    "problems",
]

Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class LineMarks:
    """The 1-based line of every value and of every mapping key, by its ``loc``."""

    values: Mapping[Loc, int]
    keys: Mapping[Loc, int]

    def line(self, loc: Iterable[str | int]) -> int | None:
        """The line of ``loc``, or of its nearest ancestor the file has (a value the
        model filled in, such as a default, has no line of its own)."""
        path = tuple(loc)
        while path not in self.values:
            if not path:
                return None
            path = path[:-1]
        return self.values[path]

    def key_line(self, loc: Loc) -> int | None:
        """The line of the key that holds ``loc`` (where an unknown setting is written)."""
        return self.keys.get(loc, self.line(loc))


class MarkedYamlError(ValueError):
    """The text is not YAML, or a mapping gives a key twice; ``loc`` and ``line`` say where."""

    def __init__(self, message: str, loc: Loc = (), line: int | None = None) -> None:
        self.loc = loc
        self.line = line
        self.detail = message
        super().__init__(message)


def load_marked(
    text: str, loader: type[yaml.BaseLoader] = yaml.SafeLoader
) -> tuple[Any, LineMarks]:
    """The document as plain dicts, lists and scalars (built by ``loader``: ``BaseLoader``
    keeps every scalar as text) and the lines of its values. None for an empty file."""
    reader = loader(text)
    try:
        root = reader.get_single_node()
        values: dict[Loc, int] = {}
        keys: dict[Loc, int] = {}

        def build(node: yaml.Node, loc: Loc) -> Any:
            values[loc] = node.start_mark.line + 1
            if isinstance(node, yaml.MappingNode):
                if isinstance(reader, yaml.SafeLoader):
                    reader.flatten_mapping(node)  # YAML merge keys (<<), as safe_load does
                out: dict[Any, Any] = {}
                for key_node, value_node in node.value:
                    key = reader.construct_object(key_node, deep=True)
                    key = key.strip() if isinstance(key, str) else key
                    line = key_node.start_mark.line + 1
                    if key in out:
                        raise MarkedYamlError(f"{key!r} is given twice", loc, line)
                    keys[(*loc, key)] = line
                    out[key] = build(value_node, (*loc, key))
                return out
            if isinstance(node, yaml.SequenceNode):
                return [build(child, (*loc, i)) for i, child in enumerate(node.value)]
            return reader.construct_object(node, deep=True)

        data = None if root is None else build(root, ())
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        raise MarkedYamlError(
            f"not valid YAML: {problem}", (), None if mark is None else mark.line + 1
        ) from None
    finally:
        reader.dispose()
    return data, LineMarks(values, keys)


class FileModel(BaseModel):
    """A mapping in a file a person writes: unknown keys are refused with the allowed ones
    (and the nearest, when it looks like a slip of the pen), a list or a single value where
    a mapping belongs says which keys were expected."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _known_keys(cls, data: Any) -> Any:
        allowed = sorted(f.alias or name for name, f in cls.model_fields.items())
        if not isinstance(data, dict):
            required = sorted(
                f.alias or name for name, f in cls.model_fields.items() if f.is_required()
            )
            raise PydanticCustomError(
                "mapping",
                "expected a mapping with {keys}",
                {"keys": ", ".join(required or allowed)},
            )
        for key in data:
            if key not in allowed:
                near = difflib.get_close_matches(str(key), allowed, n=1)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                raise PydanticCustomError(
                    "unknown_setting",
                    "unknown setting {written} (allowed: {allowed}){hint}",
                    {"key": key, "written": repr(key), "allowed": ", ".join(allowed), "hint": hint},
                )
        return data


@dataclass(frozen=True)
class Problem:
    """One mistake: where (``loc``, as the dotted ``path`` a person reads) and its line."""

    loc: Loc
    message: str
    line: int | None

    @property
    def path(self) -> str:
        return dotted(self.loc)


def _names(fields: list[str]) -> str:
    return ", ".join(fields)


def problems(
    error: ValidationError, marks: LineMarks, *, missing: Callable[[list[str]], str] | None = None
) -> list[Problem]:
    """Pydantic's errors at their lines, in the file's order; the required keys missing
    from one mapping become one problem (``missing`` words it: "name, kind missing")."""
    word = missing or (lambda names: f"{_names(names)} missing")
    out: list[Problem] = []
    absent: dict[Loc, list[str]] = {}
    for item in error.errors(include_url=False):
        loc: Loc = tuple(item["loc"])
        kind = item["type"]
        if kind == "missing":
            absent.setdefault(loc[:-1], []).append(str(loc[-1]))
            continue
        if kind == "unknown_setting":
            key = (item.get("ctx") or {}).get("key", "")
            out.append(Problem(loc, item["msg"], marks.key_line((*loc, key))))
            continue
        if kind in ("list_type", "tuple_type"):
            message = "expected a list"
        elif kind.startswith(("value_error", "assertion_error")):
            message = str(item["msg"]).split(", ", 1)[-1]
        else:
            message = item["msg"]
        out.append(Problem(loc, message, marks.line(loc)))
    for loc, names in absent.items():
        out.append(Problem(loc, word(sorted(names)), marks.line(loc)))
    return sorted(out, key=lambda p: p.line or 0)


def dotted(loc: Iterable[str | int]) -> str:
    """``("sessions", 0, "pairs")`` as a person reads it: ``sessions[0].pairs``."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path


_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def parse_path(path: str) -> Loc:
    """The reverse of ``dotted``: ``pairs[3].players[0].member`` as a ``loc``."""
    return tuple(int(index) if index else name for name, index in _PART.findall(path))
