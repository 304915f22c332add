"""The PBN file syntax (PBN standard 2.1, sections 2 and 3): bytes to games of tags and tables.

What the standard says and what we do with it:

- Character set: PBN 2.1 files are ISO-8859-1; many programs write UTF-8. We read UTF-8 when
  the bytes are valid UTF-8 (with or without BOM) and ISO-8859-1 otherwise: Latin-1 text
  with Nordic letters is practically never valid UTF-8.
- Lines end in CRLF (export format) or LF; both are accepted.
- ``%`` in the first column is an escape line (``% PBN 2.1``, ``% EXPORT``): kept as a directive.
- Comments: ``;`` to the end of the line, and ``{ ... }`` which may span lines.
- A tag is ``[Name "value"]``; the name is letters, digits and ``_``; inside the quoted value
  ``\\"`` is a quote and ``\\\\`` a backslash. A value ``#`` repeats the previous game's value.
- A game ends at an empty line. The lines after a tag that are not tags are its data
  section (auction, play, or the rows of a table tag).
- A table tag's value declares the columns (section 5.3): ``Name\\<width><R|L>`` separated by
  ``;``, a leading ``+``/``-`` asks for ascending/descending sort. Widths are advisory:
  rows are parsed token by token (whitespace separates, ``"..."`` quotes), never by width.
  An unquoted ``-`` is an empty cell.
- One exception, for a dialect: BridgeComposer writes pair names unquoted and padded to
  their declared width (``Names_NS\\17;Names_EW``), so a name with a space gives the row
  more tokens than columns. When a row has too many tokens and the table has free-text
  columns (names, clubs, rosters), the surplus is given to those columns, by the declared
  width where there are several; any other mismatch is an error naming the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import cast

from pipeline.interop.records import InteropError, Location

__all__ = [
    "decode_pbn",
    "Token",
    "PbnTag",
    "PbnGame",
    "PbnFile",
    "Column",
    "parse_columns",
    "format_columns",
    "table_rows",
    "parse_pbn",
    "quote",
    "TAG_NAME",
]

TAG_NAME = re.compile(r"^[A-Za-z0-9_]+$")
_COLUMN = re.compile(
    r"^(?P<order>[+\-])?(?P<name>[A-Za-z0-9_]+)(?:\\(?P<width>\d+)(?P<align>[RLrl])?)?$"
)


def decode_pbn(data: bytes) -> tuple[str, str]:
    """The text of a PBN file and the encoding used: "utf-8" or "iso-8859-1"."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8"), "utf-8"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("iso-8859-1"), "iso-8859-1"


@dataclass(frozen=True)
class Token:
    """A data token: its text, whether it was quoted, and the line it was on."""

    text: str
    quoted: bool
    line: int
    column: int = 0
    """Where the token starts in its line (0-based), for width-declared free text."""

    @property
    def value(self) -> str | None:
        """The cell value: None for an unquoted "-" (no value), else the text."""
        return None if (self.text == "-" and not self.quoted) else self.text


@dataclass(frozen=True)
class PbnTag:
    """A tag pair and its data section (one tuple of tokens per line)."""

    name: str
    value: str
    line: int
    rows: tuple[tuple[Token, ...], ...] = ()


@dataclass(frozen=True)
class PbnGame:
    """The tags of one game, in file order."""

    tags: tuple[PbnTag, ...]
    line: int

    def get(self, name: str) -> PbnTag | None:
        """The tag with that name (case-insensitive, as tag names are compared in practice)."""
        key = name.lower()
        for tag in self.tags:
            if tag.name.lower() == key:
                return tag
        return None

    def value(self, name: str) -> str | None:
        tag = self.get(name)
        return None if tag is None or tag.value in ("", "?") else tag.value


@dataclass(frozen=True)
class PbnFile:
    """A parsed PBN file: escape-line directives and the games."""

    source: str
    encoding: str
    directives: tuple[str, ...]
    games: tuple[PbnGame, ...]


#: What makes a line more than plain tokens: strings, comments, tags.
_SPECIAL = re.compile(r'[";{}\[]')
_PLAIN = re.compile(r"\S+")
_TAG_START = re.compile(r"\[\s*([^\s\"\]]+)\s*")


class _Lexer:
    """Splits the text into tags and data tokens, line by line, skipping comments."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = text.splitlines()
        self.source = source
        self.in_brace = False

    def error(self, line: int, message: str) -> InteropError:
        return InteropError(Location(self.source, line), message)

    def items(self) -> Iterator[tuple[int, str, object]]:
        """Yield (line, kind, payload): "blank", "directive", "tag" (name, value), "tokens"."""
        for number, raw in enumerate(self.lines, start=1):
            if not self.in_brace and raw.startswith("%"):
                yield number, "directive", raw[1:].strip()
                continue
            if not self.in_brace and not raw.strip():
                yield number, "blank", None
                continue
            yield from self._line(number, raw)

    def _line(self, number: int, text: str) -> Iterator[tuple[int, str, object]]:
        if not self.in_brace and not _SPECIAL.search(text):
            # Most table rows hold plain tokens only: split them in one pass.
            plain = tuple(Token(m.group(), False, number, m.start()) for m in _PLAIN.finditer(text))
            if plain:
                yield number, "tokens", plain
            return
        tokens: list[Token] = []
        i = 0
        while i < len(text):
            ch = text[i]
            if self.in_brace:
                end = text.find("}", i)
                if end < 0:
                    i = len(text)
                    continue
                self.in_brace = False
                i = end + 1
            elif ch.isspace():
                i += 1
            elif ch == ";":
                break
            elif ch == "{":
                self.in_brace = True
                i += 1
            elif ch == "[":
                if tokens:
                    yield number, "tokens", tuple(tokens)
                    tokens = []
                name, value, i = self._tag(number, text, i)
                yield number, "tag", (name, value)
            elif ch == '"':
                start = i
                value, i = self._string(number, text, i)
                tokens.append(Token(value, True, number, start))
            else:
                start = i
                while i < len(text) and not text[i].isspace() and text[i] not in ';{["':
                    i += 1
                tokens.append(Token(text[start:i], False, number, start))
        if tokens:
            yield number, "tokens", tuple(tokens)

    def _string(self, number: int, text: str, start: int) -> tuple[str, int]:
        out: list[str] = []
        i = start + 1
        while i < len(text):
            ch = text[i]
            if ch == "\\" and i + 1 < len(text) and text[i + 1] in '"\\':
                out.append(text[i + 1])
                i += 2
            elif ch == '"':
                return "".join(out), i + 1
            else:
                out.append(ch)
                i += 1
        raise self.error(number, f"string {text[start : start + 30]!r} has no closing quote")

    def _tag(self, number: int, text: str, start: int) -> tuple[str, str, int]:
        match = _TAG_START.match(text, start)
        if match is None:
            raise self.error(number, f"tag {text[start : start + 30]!r} has no name")
        name = match.group(1)
        if not TAG_NAME.match(name):
            raise self.error(number, f"tag name {name!r} may only hold letters, digits and '_'")
        i = match.end()
        if i >= len(text) or text[i] != '"':
            raise self.error(number, f'tag [{name}] needs a quoted value: [{name} "..."]')
        value, i = self._string(number, text, i)
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text) or text[i] != "]":
            raise self.error(number, f"tag [{name} ...] is not closed with ']'")
        return name, value, i + 1


def parse_pbn(data: bytes | str, source: str = "<pbn>") -> PbnFile:
    """Parse a PBN file into games (see the module docstring for the rules applied)."""
    if isinstance(data, bytes):
        text, encoding = decode_pbn(data)
    else:
        text, encoding = data, "str"
    lexer = _Lexer(text, source)
    directives: list[str] = []
    games: list[PbnGame] = []
    tags: list[PbnTag] = []
    previous: dict[str, str] = {}
    game_line = 0

    def close() -> None:
        nonlocal tags
        if tags:
            games.append(PbnGame(tuple(tags), game_line))
            for tag in tags:
                previous[tag.name.lower()] = tag.value
            tags = []

    for number, kind, payload in lexer.items():
        if kind == "directive":
            directives.append(str(payload))
        elif kind == "blank":
            close()
        elif kind == "tag":
            name, value = cast(tuple[str, str], payload)
            if not tags:
                game_line = number
            if value == "#":
                if name.lower() not in previous:
                    raise lexer.error(number, f'[{name} "#"] repeats a value no earlier game gave')
                value = previous[name.lower()]
            tags.append(PbnTag(name, value, number))
        else:
            if not tags:
                first = payload[0].text  # type: ignore[index]
                raise lexer.error(number, f"data {first!r} before any tag")
            last = tags[-1]
            tags[-1] = PbnTag(last.name, last.value, last.line, (*last.rows, payload))  # type: ignore[arg-type]
    if lexer.in_brace:
        raise lexer.error(len(lexer.lines), "a '{' comment is never closed")
    close()
    return PbnFile(source, encoding, tuple(directives), tuple(games))


@dataclass(frozen=True)
class Column:
    """A declared table column: name, advisory width and alignment, sort order."""

    name: str
    width: int | None = None
    align: str | None = None
    order: str | None = None

    def __str__(self) -> str:
        width = f"\\{self.width}{self.align or ''}" if self.width is not None else ""
        return f"{self.order or ''}{self.name}{width}"


def parse_columns(spec: str, where: Location) -> tuple[Column, ...]:
    """Read a table tag's column declaration: "Table\\2R;PairId_NS\\2R;Contract\\5L"."""
    columns = []
    for item in spec.split(";"):
        item = item.strip()
        if not item:
            continue
        match = _COLUMN.match(item)
        if match is None:
            raise InteropError(where, f"column {item!r} is not Name or Name\\<width><R|L>")
        width = match["width"]
        align = match["align"].upper() if match["align"] else None
        columns.append(Column(match["name"], int(width) if width else None, align, match["order"]))
    if not columns:
        raise InteropError(where, f"table declares no columns: {spec!r}")
    names = [c.name.lower() for c in columns]
    if len(set(names)) != len(names):
        raise InteropError(where, f"table declares a column twice: {spec!r}")
    return tuple(columns)


def format_columns(columns: tuple[Column, ...]) -> str:
    return ";".join(str(column) for column in columns)


#: Columns that hold free text (names), which some programs write unquoted.
FREE_TEXT = frozenset(
    {"names", "name", "names_ns", "names_ew", "teamname", "roster", "club", "pairname"}
)


def _free_text_cells(columns: tuple[Column, ...], tokens: tuple[Token, ...]) -> list[str | None]:
    """Cells of a row with more tokens than columns: surplus tokens go to free-text columns.

    Columns before the first free-text column take one token each from the left, columns
    after the last one from the right; the free-text columns share what is between, each
    (but the last) taking the tokens that start within its declared width.
    """
    text_at = [i for i, c in enumerate(columns) if c.name.lower() in FREE_TEXT]
    first, last = text_at[0], text_at[-1]
    tail = len(columns) - last - 1
    left = list(tokens[:first])
    right = list(tokens[len(tokens) - tail :]) if tail else []
    middle = list(tokens[first : len(tokens) - tail])
    cells: list[str | None] = [t.value for t in left]
    for index in range(first, last + 1):
        column = columns[index]
        if index == last:
            taken, middle = middle, []
        elif column.name.lower() in FREE_TEXT and column.width and middle:
            end = middle[0].column + column.width
            taken = [t for t in middle if t.column < end] or middle[:1]
            middle = middle[len(taken) :]
        else:
            taken, middle = middle[:1], middle[1:]
        cells.append(" ".join(t.text for t in taken) if taken else None)
    return cells + [t.value for t in right]


def table_rows(
    tag: PbnTag, source: str
) -> tuple[tuple[Column, ...], list[tuple[int, dict[str, str | None]]]]:
    """The columns and rows of a table tag; each row maps lower-case column name to cell."""
    columns = parse_columns(tag.value, Location(source, tag.line))
    free_text = any(c.name.lower() in FREE_TEXT for c in columns)
    rows = []
    for tokens in tag.rows:
        line = tokens[0].line
        if len(tokens) > len(columns) and free_text:
            cells = _free_text_cells(columns, tokens)
        elif len(tokens) != len(columns):
            raise InteropError(
                Location(source, line),
                f"[{tag.name}] row has {len(tokens)} values for {len(columns)} columns "
                f"({', '.join(c.name for c in columns)}); quote values with spaces",
            )
        else:
            cells = [t.value for t in tokens]
        rows.append((line, {c.name.lower(): v for c, v in zip(columns, cells, strict=True)}))
    return columns, rows


def quote(value: str) -> str:
    """A PBN string in double quotes: ``\\"`` for a quote, ``\\\\`` for a backslash.

    A backslash followed by anything else is written as is, as in the column declarations
    (``Table\\2R``) every program writes, so other readers see the usual text.
    """
    out = []
    for i, ch in enumerate(value):
        following = value[i + 1] if i + 1 < len(value) else ""
        if ch == '"' or (ch == "\\" and following in ('"', "\\", "")):
            out.append("\\")
        out.append(ch)
    return '"' + "".join(out) + '"'
