"""Records to JSON and back, for the event store and for hashing.

Frozen dataclasses, enums, Fractions and tuples of our own types are written as tagged JSON
with sorted keys, so the same record always gives the same bytes (and the same hash).
Decoding only rebuilds types from bridgescan's own packages, never arbitrary classes.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from datetime import date, datetime
from enum import Enum
from fractions import Fraction
from typing import Any

__all__ = ["to_jsonable", "from_jsonable", "dumps", "loads"]

_OWN_PACKAGES = ("scoring.", "ocr.", "pipeline.")


def _qualname(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _resolve(name: str) -> Any:
    module_name, _, attr = name.partition(":")
    if not module_name.startswith(_OWN_PACKAGES):
        raise ValueError(f"refusing to decode a foreign type {name!r}")
    target: Any = importlib.import_module(module_name)
    for part in attr.split("."):
        target = getattr(target, part)
    return target


def to_jsonable(value: Any) -> Any:
    """A JSON-ready structure for ``value`` (tagged where JSON has no type of its own)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return {"__enum__": _qualname(type(value)), "value": value.value}
    if isinstance(value, Fraction):
        return {"__fraction__": str(value)}
    if isinstance(value, datetime):
        return {"__datetime__": value.isoformat()}
    if isinstance(value, date):
        return {"__date__": value.isoformat()}
    if isinstance(value, bytes):
        return {"__bytes__": value.hex()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"__type__": _qualname(type(value)), **fields}
    if isinstance(value, tuple):
        return {"__tuple__": [to_jsonable(item) for item in value]}
    if isinstance(value, list):
        return [to_jsonable(item) for item in value]
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            return {"__items__": [[to_jsonable(k), to_jsonable(v)] for k, v in value.items()]}
        return {key: to_jsonable(item) for key, item in value.items()}
    raise TypeError(f"cannot store a {type(value).__name__} as a record")


def from_jsonable(data: Any) -> Any:
    """The inverse of :func:`to_jsonable`."""
    if isinstance(data, list):
        return [from_jsonable(item) for item in data]
    if not isinstance(data, dict):
        return data
    if "__enum__" in data:
        return _resolve(data["__enum__"])(data["value"])
    if "__fraction__" in data:
        return Fraction(data["__fraction__"])
    if "__datetime__" in data:
        return datetime.fromisoformat(data["__datetime__"])
    if "__date__" in data:
        return date.fromisoformat(data["__date__"])
    if "__bytes__" in data:
        return bytes.fromhex(data["__bytes__"])
    if "__tuple__" in data:
        return tuple(from_jsonable(item) for item in data["__tuple__"])
    if "__items__" in data:
        return {from_jsonable(k): from_jsonable(v) for k, v in data["__items__"]}
    if "__type__" in data:
        cls = _resolve(data["__type__"])
        return cls(**{k: from_jsonable(v) for k, v in data.items() if k != "__type__"})
    return {key: from_jsonable(item) for key, item in data.items()}


def dumps(value: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, UTF-8 characters kept."""
    return json.dumps(to_jsonable(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> Any:
    return from_jsonable(json.loads(text))
