"""The columns of the entry workbook and CSV, from templates/entry/columns.yaml.

A header cell is matched to a field by its aliases (English and Scandinavian), compared
case-insensitively with spaces, dots, dashes, underscores and slashes removed, so "N-S",
"NS pair", "ns_pair" and "NS" are all the NS column.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

__all__ = ["ColumnSpec", "EntryTemplate", "template", "normalise_header", "match_header"]


@dataclass(frozen=True)
class ColumnSpec:
    """One column: the field ``key``, the printed ``header``, accepted ``aliases``."""

    key: str
    header: str
    aliases: frozenset[str]
    width: int
    required: bool = False
    choices: tuple[str, ...] = ()
    text: bool = False


@dataclass(frozen=True)
class EntryTemplate:
    """The template data: marker and version written on the info sheet, and the columns."""

    marker: str
    version: int
    info_sheet: str
    columns: tuple[ColumnSpec, ...]
    generated: tuple[str, ...]

    def column(self, key: str) -> ColumnSpec:
        for spec in self.columns:
            if spec.key == key:
                return spec
        raise KeyError(key)


def normalise_header(text: object) -> str:
    """The comparable form of a header cell ("N-S pair" -> "nspair")."""
    folded = unicodedata.normalize("NFC", str(text)).strip().casefold()
    return re.sub(r"[\s._\-/()]+", "", folded)


@cache
def template() -> EntryTemplate:
    """The template data shipped in templates/entry/columns.yaml."""
    text = resources.files("templates.entry").joinpath("columns.yaml").read_text("utf-8")
    data = yaml.safe_load(text)
    columns = tuple(
        ColumnSpec(
            key=c["key"],
            header=c["header"],
            aliases=frozenset(normalise_header(a) for a in [c["header"], *c["aliases"]]),
            width=int(c["width"]),
            required=bool(c.get("required", False)),
            choices=tuple(str(v) for v in c.get("list", ())),
            text=bool(c.get("text", False)),
        )
        for c in data["columns"]
    )
    return EntryTemplate(
        marker=data["marker"],
        version=int(data["version"]),
        info_sheet=data["info_sheet"],
        columns=columns,
        generated=tuple(data["generated"]),
    )


def match_header(cells: Sequence[object]) -> dict[str, int]:
    """Field key -> 0-based index for the header cells that name a known column.

    The first cell naming a field wins; unknown headers are ignored.
    """
    found: dict[str, int] = {}
    for index, cell in enumerate(cells):
        if cell is None:
            continue
        key = normalise_header(cell)
        if not key:
            continue
        for spec in template().columns:
            if key in spec.aliases and spec.key not in found:
                found[spec.key] = index
                break
    return found
