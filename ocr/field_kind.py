"""How a field of the form is filled in: a type of its own, so that the form's records
(ocr/layout_geometry.py) need not import the layout file's pydantic models (ocr/layout_file.py)
to name it."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["FieldKind"]


class FieldKind(StrEnum):
    """How a field is filled in: printed by us, marked by a player, or written in digits."""

    PRINTED = "printed"
    MARKS = "marks"
    DIGITS = "digits"
