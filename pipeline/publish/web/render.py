"""The HTML templates: one Jinja2 environment for the results site and the director's console.

Autoescaping is on for every template, always (not chosen by file extension): a pair called
``<script>`` or a club called ``=HYPERLINK(...)`` is text on every page. Undefined names
are errors, so a template that asks for something the context lacks fails in the tests, not
as a blank cell on the club's web site. Templates and the stylesheet ship inside the
package (``templates/``, ``static/``), so a site needs no network at build or view time.
The templates as compiled are kept between processes (``CompiledTemplates``), so a command
that publishes does not compile them again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from fractions import Fraction
from functools import cache
from importlib import resources

from jinja2 import (
    BytecodeCache,
    ChoiceLoader,
    Environment,
    FileSystemBytecodeCache,
    PackageLoader,
    StrictUndefined,
)
from jinja2.bccache import Bucket
from markupsafe import Markup, escape

from pipeline.publish.wording import fmt, shown
from pipeline.publish.wording import signed as signed_figure

__all__ = [
    "CompiledTemplates", "environment", "static_files", "number", "matchpoints", "signed",
    "breakable", "contract", "card",
]  # fmt: skip


def number(value: Fraction | int | None, places: int = 1) -> str:
    """A number for a table cell: ``places`` decimals, halves away from zero; blank for None."""
    return fmt(value, places)


def matchpoints(
    value: Fraction | None, tops: Fraction | None, centred: bool, places: int = 1
) -> str:
    """A matchpoint figure as the event prints it: points, or with its sign centred on the
    average (minus half the ``tops`` it counts: ``pipeline.publish.wording.shown``)."""
    if not centred:
        return fmt(value, places)
    return signed_figure(shown(value, tops, centred), places)


def signed(value: int | None) -> str:
    """A bridge score as written on a traveller: ``+420``, ``-50``, ``0``; blank for None."""
    if value is None:
        return ""
    return f"{value:+d}" if value else "0"


def breakable(text: str) -> Markup:
    """An adjusted score (``+620/+170``, ``A60/A40``) that may wrap after its slash on a
    phone; the text is escaped first, only the break opportunity is markup."""
    return Markup("/<wbr>").join(escape(part) for part in str(text).split("/"))


_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT)(X{0,2})$")
_SUIT_WORDS = {"C": ("clubs", "♣"), "D": ("diamonds", "♦"), "H": ("hearts", "♥"),
               "S": ("spades", "♠")}  # fmt: skip


def contract(text: str) -> Markup:
    """``4HX`` as ``4♥X`` with the suit's name for screen readers; anything else (``PASS``,
    a contract as some file wrote it) escaped as it is."""
    match = _CONTRACT.match(str(text))
    if match is None or match.group(2) == "NT":
        return escape(text)
    level, strain, doubling = match.groups()
    name, symbol = _SUIT_WORDS[strain]
    return Markup(
        f'{level}<span class="suit {name}" aria-hidden="true">{symbol}</span>'
        f'<span class="visually-hidden"> {name} </span>{doubling}'
    )


def card(text: str) -> Markup:
    """A lead (``SA``, ``HT``) as ``♠A``, ``♥10``, with the suit's name for screen readers."""
    if len(text) != 2 or text[0] not in _SUIT_WORDS:
        return escape(text)
    name, symbol = _SUIT_WORDS[text[0]]
    rank = "10" if text[1] == "T" else escape(text[1])
    return Markup(
        f'<span class="suit {name}" aria-hidden="true">{symbol}</span>'
        f'<span class="visually-hidden">{name} </span>{rank}'
    )


def local_time(value: datetime | None) -> str:
    """``2026-11-16 22:41`` with the zone's name or offset, as a notice board would show it."""
    if value is None:
        return ""
    zone = value.tzname() or ""
    return f"{value:%Y-%m-%d %H:%M} {zone}".strip()


def iso_time(value: datetime | None) -> str:
    """The machine-readable form for ``<time datetime=...>`` (seconds, with offset)."""
    return "" if value is None else value.isoformat(timespec="seconds")


class CompiledTemplates(FileSystemBytecodeCache):
    """The templates as Jinja2 compiles them, kept between processes (Jinja2's own bytecode
    cache: by default in a folder of the temporary folder that only this user may open,
    ``_jinja2-cache-UID``, each file written beside and renamed): compiling the site's
    twelve templates took 0.18 s of CPU in every command that publishes (load 9). A kept
    one is used only for the same template text and the same Jinja2 and Python (its key
    and its header say so), else compiled again. Keeping it is a help, not a duty: a
    temporary folder that cannot take it (full, read-only) leaves the template compiled
    in memory only."""

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except OSError:
            return  # nothing kept to read: compiled here

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            return  # compiled again by the next process; the page itself is unaffected


def _compiled_templates() -> BytecodeCache | None:
    try:
        return CompiledTemplates()
    except (OSError, RuntimeError):  # no temporary folder this user alone may use
        return None


@cache
def environment(*extra_packages: str) -> Environment:
    """The environment for the site's templates, plus templates of ``extra_packages``
    (the console's), which may extend the site's ``base.html``."""
    loaders = [PackageLoader(package, "templates") for package in extra_packages]
    loaders.append(PackageLoader("pipeline.publish.web", "templates"))
    env = Environment(
        loader=ChoiceLoader(loaders),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=_compiled_templates(),
    )
    env.filters["number"] = number
    env.filters["mp"] = matchpoints
    env.filters["signed"] = signed
    env.filters["breakable"] = breakable
    env.filters["contract"] = contract
    env.filters["card"] = card
    env.filters["local_time"] = local_time
    env.filters["iso_time"] = iso_time
    return env


STATIC = ("style.css", "site.js")


def static_files(names: Iterable[str] = STATIC) -> dict[str, bytes]:
    """The stylesheet and script that every page links (relative, same folder)."""
    folder = resources.files("pipeline.publish.web").joinpath("static")
    return {name: folder.joinpath(name).read_bytes() for name in names}
