"""One description of a published JSON object, read and written from it (pydantic v2).

A ``Shape`` subclass describes one JSON object: its keys in the order they are written,
their JSON types, and the dataclass of the results model it carries (``domain``). The same
class writes (``Shape.encode(record)``, then ``model_dump``), reads
(``model_validate(data).decode()``) and gives the JSON Schema (``model_json_schema``), so
a key written is a key read, and a field added to a model dataclass that no shape carries
stops the import with its name (``TypeError``) instead of vanishing from the JSON.

A field's Python name is the dataclass attribute it carries; its alias is the JSON key.
Where the JSON is not one key per attribute, a marker in ``Annotated[...]`` says how:

- ``Exact()``: a decimal rounded for people, with the exact fraction beside it as
  ``<key>_exact``, which the reader takes when it is there;
- ``Both(a, b)``: ``[a, b]``, two attributes as one pair (before/after, home/away);
- ``Flat()``: a nested record's keys written into this object (a player's name and member
  number on an award line);
- ``Group()``: a JSON object of this record's own attributes (``"event": {...}``);
- ``Derived(source)``: written for readers, computed from the others, never read back.

Numbers are exact ``Fraction`` values in the model and decimals in the JSON
(``json_number.number``: an int when whole, else rounded to the places the type says,
halves away from zero). Text and flags a JSON from an earlier release may leave out or give
as null read as blank, false or empty, as the hand-written reader did.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime
from fractions import Fraction
from functools import partial
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    GetJsonSchemaHandler,
    PlainSerializer,
    PlainValidator,
    SerializerFunctionWrapHandler,
    WithJsonSchema,
    model_serializer,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from pipeline.publish.json_number import number

__all__ = [
    "Shape",
    "Exact",
    "Both",
    "Flat",
    "Group",
    "Derived",
    "Rounded2",
    "Rounded4",
    "Rounded6",
    "Text",
    "BlankAsNull",
    "Flag",
    "UtcTime",
    "Many",
    "utc_text",
]


@dataclasses.dataclass(frozen=True)
class Exact:
    """The exact fraction is written beside the decimal as ``<key>_exact``."""


@dataclasses.dataclass(frozen=True)
class Both:
    """``[first, second]``: two attributes of the record as one JSON pair."""

    first: str
    second: str


@dataclasses.dataclass(frozen=True)
class Flat:
    """The nested record's keys are written into this object, not under a key of their own."""


@dataclasses.dataclass(frozen=True)
class Group:
    """A JSON object made of this record's own attributes (the nested shape has the same
    ``domain`` and carries part of it)."""


@dataclasses.dataclass(frozen=True)
class Derived:
    """Written for readers and never read back: an attribute or property of the record
    (``source``, the field's name when None) or a function of it."""

    source: str | Callable[[Any], Any] | None = None

    def value(self, record: Any, name: str) -> Any:
        if callable(self.source):
            return self.source(record)
        return getattr(record, self.source or name)


_Marker = Exact | Both | Flat | Group | Derived


def _fraction(value: Any) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"expected a number, got {value!r}")
    try:
        return Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"expected a number, got {value!r}") from None


def _rounded(places: int) -> Any:
    return Annotated[
        Fraction,
        PlainValidator(_fraction),
        PlainSerializer(partial(number, places=places)),
        WithJsonSchema({"type": "number", "description": f"rounded half up to {places} places"}),
    ]


#: Exact numbers written as decimals rounded to 2, 4 or 6 places (ints when whole); the
#: schema's words "half up" are kept as published (the same for the non-negative figures).
Rounded2 = _rounded(2)
Rounded4 = _rounded(4)
Rounded6 = _rounded(6)


def _blank_if_none(value: Any) -> Any:
    return "" if value is None else value


def _false_if_none(value: Any) -> Any:
    return False if value is None else value


#: Text; null (or the key left out, where the field has a default) reads as blank.
Text = Annotated[str, BeforeValidator(_blank_if_none)]
#: Text written as null when blank (an optional note, a lead not recorded).
BlankAsNull = Annotated[
    str,
    BeforeValidator(_blank_if_none),
    PlainSerializer(lambda text: text or None),
    WithJsonSchema({"type": ["string", "null"], "minLength": 1}),
]
#: A flag; null reads as false.
Flag = Annotated[bool, BeforeValidator(_false_if_none)]


def utc_text(value: datetime | None) -> str | None:
    """ISO 8601 in UTC with ``Z`` (the zone is beside it where a page shows local time)."""
    return None if value is None else value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _time(value: Any) -> datetime:
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str):
        raise ValueError(f"expected an ISO 8601 time, got {value!r}")
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


#: A moment, written in UTC (``2026-11-24T20:40:00Z``).
UtcTime = Annotated[
    datetime,
    PlainValidator(_time),
    PlainSerializer(utc_text),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]

_Item = TypeVar("_Item")


def _empty_if_none(value: Any) -> Any:
    return () if value is None else value


#: A JSON array; null reads as empty.
Many = Annotated[tuple[_Item, ...], BeforeValidator(_empty_if_none)]


def _marker(info: Any) -> _Marker | None:
    for item in info.metadata:
        if isinstance(item, _Marker):
            return item
    return None


def _key(name: str, info: Any) -> str:
    return str(info.alias or name)


def _decode(value: Any) -> Any:
    if isinstance(value, Shape):
        return value.decode()
    if isinstance(value, tuple):
        return tuple(_decode(item) for item in value)
    return value


class Shape(BaseModel):
    """One JSON object of the published results and the model dataclass it carries."""

    model_config = ConfigDict(
        frozen=True,
        extra="ignore",  # keys a later release adds do not stop this one reading
        serialize_by_alias=True,
        json_schema_serialization_defaults_required=True,
        # Validators and serializers are built when a shape is first used, not at import:
        # a command that only checks the store head (``StoreJson``) or never publishes
        # does not pay for the whole document's (``pipeline.publish.results_json.build_shapes``).
        defer_build=True,
    )

    #: The results model's dataclass this object carries (None: not a record of its own).
    domain: ClassVar[type | None] = None
    #: The dataclass's attributes this JSON object does not carry, each filled by
    #: ``read_back`` or its parent (the board of a traveller line) or left at its default.
    read_elsewhere: ClassVar[frozenset[str]] = frozenset()
    #: True for a ``Group``: part of its parent's record, decoded to keywords.
    group: ClassVar[bool] = False

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if cls.domain is None or cls.group:
            return
        expected = {field.name for field in dataclasses.fields(cls.domain)}
        carried = cls._carried()
        if missing := sorted(expected - carried):
            names = ", ".join(f"{cls.domain.__name__}.{name}" for name in missing)
            raise TypeError(
                f"{cls.__name__} does not carry {names}: describe it in the results JSON "
                "(a field of this shape, or read_elsewhere with read_back)"
            )
        if unknown := sorted(carried - expected):
            raise TypeError(f"{cls.__name__} carries {unknown}, not in {cls.domain.__name__}")

    @classmethod
    def _carried(cls) -> set[str]:
        carried = set(cls.read_elsewhere)
        for name, info in cls.model_fields.items():
            marker = _marker(info)
            if isinstance(marker, Derived):
                continue
            if isinstance(marker, Both):
                carried |= {marker.first, marker.second}
            elif isinstance(marker, Group):
                carried |= info.annotation._carried()
            else:
                carried.add(name)
        return carried

    # -- reading a record or a JSON object ---------------------------------------------------

    @model_validator(mode="before")
    @classmethod
    def _from_source(cls, data: Any) -> Any:
        if cls.domain is not None and isinstance(data, cls.domain):
            return cls.prepare(data, cls._keys_of(data))
        if isinstance(data, dict):
            return cls.prepare(None, cls._unflatten(data))
        return data

    @classmethod
    def _keys_of(cls, record: Any) -> dict[str, Any]:
        """The record's values under this shape's JSON keys (nested records as they are)."""
        out: dict[str, Any] = {}
        for name, info in cls.model_fields.items():
            marker = _marker(info)
            if isinstance(marker, Derived):
                value = marker.value(record, name)
            elif isinstance(marker, Both):
                value = (getattr(record, marker.first), getattr(record, marker.second))
            elif isinstance(marker, Group):
                value = record
            else:
                value = getattr(record, name)
            out[_key(name, info)] = value
        return out

    @classmethod
    def _unflatten(cls, data: dict[str, Any]) -> dict[str, Any]:
        """A JSON object as the fields see it: exact values taken over their decimals,
        flattened keys gathered under their field."""
        data = dict(data)
        for name, info in cls.model_fields.items():
            marker, key = _marker(info), _key(name, info)
            if isinstance(marker, Exact) and data.get(f"{key}_exact") is not None:
                data[key] = data[f"{key}_exact"]
            elif isinstance(marker, Flat):
                nested = info.annotation.model_fields
                keys = {_key(n, i) for n, i in nested.items()}
                data[key] = {k: v for k, v in data.items() if k in keys}
        return data

    @classmethod
    def prepare(cls, record: Any, data: dict[str, Any]) -> dict[str, Any]:
        """A hook for shapes that depend on their record or parent (None: read from JSON)."""
        return data

    def decode(self) -> Any:
        """The model record (for a ``Group``, its attributes as keywords)."""
        values: dict[str, Any] = {}
        for name, info in type(self).model_fields.items():
            marker, value = _marker(info), _decode(getattr(self, name))
            if isinstance(marker, Derived):
                continue
            if isinstance(marker, Both):
                values[marker.first], values[marker.second] = value
            elif isinstance(marker, Group):
                values.update(value)
            else:
                values[name] = value
        values.update(self.read_back())
        assert self.domain is not None, f"{type(self).__name__} carries no record"
        return values if self.group else self.domain(**values)

    def read_back(self) -> dict[str, Any]:
        """Attributes not in the JSON object (``read_elsewhere``), from what is."""
        return {}

    @classmethod
    def encode(cls, record: Any) -> Shape:
        return cls.model_validate(record)

    # -- writing ----------------------------------------------------------------------------

    @model_serializer(mode="wrap")
    def _written(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        # No return annotation: pydantic then keeps the fields' schema for this object.
        plain = handler(self)
        out: dict[str, Any] = {}
        for name, info in type(self).model_fields.items():
            key = _key(name, info)
            if key not in plain:
                continue  # excluded (the board of a line is its board's)
            marker = _marker(info)
            if isinstance(marker, Flat):
                out.update(plain[key])
                continue
            out[key] = plain[key]
            if isinstance(marker, Exact):
                out[f"{key}_exact"] = str(getattr(self, name))
        return out

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The schema of what is written: exact twins and flattened keys in their place."""
        schema = handler(core_schema)
        if handler.mode != "serialization":
            return schema
        target = handler.resolve_ref_schema(schema)
        if cls.__doc__:
            target["description"] = " ".join(cls.__doc__.split())
        written = target.get("properties", {})
        properties: dict[str, Any] = {}
        for name, info in cls.model_fields.items():
            key = _key(name, info)
            if key not in written:
                continue
            marker = _marker(info)
            if isinstance(marker, Flat):
                properties.update(handler.resolve_ref_schema(written[key])["properties"])
                continue
            properties[key] = written[key]
            if isinstance(marker, Exact):
                properties[f"{key}_exact"] = {
                    "type": "string",
                    "pattern": r"^-?[0-9]+(/[0-9]+)?$",
                    "description": f"{key} exactly, as a fraction",
                }
        target["properties"] = properties
        target["required"] = list(properties)
        return schema
