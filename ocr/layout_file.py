"""The shape of the form's layout file (templates/forms/traveller.yaml), as pydantic models.

Each block of the file is one model; a mistake is named by file, line and field through
ocr/marked_yaml.py. What needs several blocks at once (a field's lines inside the row's
lines, the content on the paper) is checked where the layout is built (ocr/layout_build.py).
Coordinates are millimetres in the content block, as the file's own header explains.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, ValidationInfo, model_validator
from pydantic_core import PydanticCustomError

from ocr.field_kind import FieldKind
from ocr.marked_yaml import FileModel

__all__ = ["CORNERS", "FieldEntry", "FieldKind", "LayoutFile"]

CORNERS = ("top_left", "top_right", "bottom_right", "bottom_left")


def _millimetres(value: object, info: ValidationInfo) -> float:
    if not isinstance(value, bool):
        try:
            return float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            pass
    raise PydanticCustomError(
        "layout",
        "{field} {value} is not a number (millimetres)",
        {"field": info.field_name, "value": repr(value)},
    )


Mm = Annotated[float, BeforeValidator(_millimetres)]


def _one_of(allowed: tuple[str, ...], what: str) -> Any:
    def check(value: object) -> object:
        if value not in allowed:
            raise PydanticCustomError("layout", f"{what} must be one of {list(allowed)}")
        return value

    return BeforeValidator(check)


class Size(FileModel):
    width: Mm
    height: Mm


class Area(FileModel):
    """A rectangle of the content block (the QR code, a header area)."""

    x: Mm
    y: Mm
    width: Mm
    height: Mm


class MarkerEntry(FileModel):
    """An ArUco marker: its dictionary id and the corner of the content block it marks."""

    id: int
    corner: Annotated[str, _one_of(CORNERS, "corner")]
    x: Mm
    y: Mm


class Aruco(FileModel):
    dictionary: str
    size: Mm
    markers: tuple[MarkerEntry, ...]

    @model_validator(mode="after")
    def _one_per_corner(self) -> Aruco:
        ids = {m.id for m in self.markers}
        corners = {m.corner for m in self.markers}
        if len(self.markers) != 4 or len(ids) != 4 or corners != set(CORNERS):
            raise PydanticCustomError(
                "layout", "need four markers with distinct ids, one per corner"
            )
        return self


class LineEntry(FileModel):
    """A line of a row: its offset from the row's top and its height."""

    dy: Mm
    height: Mm


class TimingMark(FileModel):
    x: Mm
    line: int = 0
    width: Mm
    height: Mm


class MarkBox(FileModel):
    size: Mm


class FieldEntry(FileModel):
    """A field of every row: printed text, a row of mark boxes (``options``, ``pitch``
    apart) or a comb of ``count`` digit boxes ``width`` wide."""

    name: str
    kind: Annotated[FieldKind, _one_of(tuple(k.value for k in FieldKind), "kind")]
    label: str | None = None
    x: Mm
    line: int = 0
    span: int = 1
    width: Mm | None = None
    count: int | None = None
    pitch: Mm | None = None
    options: tuple[str, ...] | None = None
    captions: tuple[str, ...] | None = None

    @model_validator(mode="before")
    @classmethod
    def _options_as_text(cls, value: Any) -> Any:
        if isinstance(value, dict):  # a YAML 1 is the option "1"
            for key in ("options", "captions"):
                if isinstance(value.get(key), list):
                    value = {**value, key: [str(item) for item in value[key]]}
        return value

    @model_validator(mode="after")
    def _complete(self) -> FieldEntry:
        needs = {
            FieldKind.PRINTED: ("width",),
            FieldKind.DIGITS: ("width", "count"),
            FieldKind.MARKS: ("pitch", "options"),
        }[self.kind]
        absent = [name for name in needs if getattr(self, name) is None]
        if absent:
            raise PydanticCustomError(
                "layout", f"a {self.kind.value} field needs {', '.join(absent)}"
            )
        options = self.options or ()
        if self.captions is not None and len(self.captions) != len(options):
            raise PydanticCustomError(
                "layout", f"{len(self.captions)} captions for {len(options)} options"
            )
        if not self.name or len(set(options)) != len(options):
            raise PydanticCustomError("layout", "needs a name and distinct options")
        return self


class Rows(FileModel):
    """The rows: ``count`` of them, ``pitch`` apart from ``top``, each of ``lines``."""

    count: int
    top: Mm
    pitch: Mm
    height: Mm
    lines: tuple[LineEntry, ...]
    timing_mark: TimingMark
    mark_box: MarkBox
    fields: tuple[FieldEntry, ...]


class LayoutFile(FileModel):
    """The whole file."""

    form: str = "traveller"
    version: int
    content: Size
    papers: dict[str, Size]
    aruco: Aruco
    qr: Area
    header: dict[str, Area]
    rows: Rows
