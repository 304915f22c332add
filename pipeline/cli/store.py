"""``bridgescan store verify | info | upgrade | keygen``, and the ``--store`` option every
command that opens an event store shares.

``--store`` takes a path (a SQLite file) or a URL (``postgresql://user@host/dbname``,
``?schema=NAME`` for a store in its own schema); without it ``BRIDGESCAN_STORE``, then
``OUT/bridgescan.sqlite``. ``store_errors()`` turns what the store refuses into the exit
codes of pipeline/cli/exit_codes.py, with one message and no traceback:
a broken store STORE_BROKEN (4), a store written by a newer bridgescan STORE_TOO_NEW (6),
a server that cannot be reached, a key that was not given or a clock behind the store's
last record ENVIRONMENT (3), a
compare-and-append that lost CONFLICT (5).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.failing import fail
from pipeline.cli.output import FormatOption, OutputFormat

if TYPE_CHECKING:
    from pipeline.store import ChainHead, EventStore, StoreLocation

__all__ = ["StoreOption", "register", "store_errors", "resolve_store", "for_flow"]

StoreOption = Annotated[
    str | None,
    typer.Option(
        "--store",
        envvar="BRIDGESCAN_STORE",
        show_envvar=True,
        help="Event store: a path (SQLite file) or a URL (postgresql://user@host/dbname, "
        "?schema=NAME for its own schema). Default: OUT/bridgescan.sqlite.",
    ),
]


OutOption = Annotated[
    Path, typer.Option("-o", "--out", help="Output folder holding bridgescan.sqlite.")
]


@contextmanager
def store_errors(consequence: str = "") -> Iterator[None]:
    """What the store refuses, as one message and the exit code scripts rely on;
    ``consequence`` is said after a broken store (``"nothing was published"``)."""
    from pipeline.store import (
        ClockBehindError,
        ConflictError,
        StoreBrokenError,
        StoreKeyError,
        StoreTooNewError,
        StoreUnavailableError,
    )

    try:
        yield
    except StoreBrokenError as error:
        after = f"\nthe event store is broken: {consequence}" if consequence else ""
        raise fail(f"{error}{after}", ExitCode.STORE_BROKEN) from None
    except StoreTooNewError as error:
        raise fail(str(error), ExitCode.STORE_TOO_NEW) from None
    except (StoreUnavailableError, StoreKeyError, ClockBehindError) as error:
        raise fail(str(error), ExitCode.ENVIRONMENT) from None
    except ConflictError as error:
        raise fail(str(error), ExitCode.CONFLICT) from None


def resolve_store(value: str | None, out: Path | None) -> StoreLocation:
    """``--store`` (or BRIDGESCAN_STORE, or OUT/bridgescan.sqlite) parsed; bad input exits 2."""
    from pipeline.store import store_location

    try:
        return store_location(value, out)
    except ValueError as error:
        raise fail(str(error), ExitCode.BAD_INPUT) from None


def for_flow(location: StoreLocation) -> str:
    """The location as a Prefect flow parameter. Prefect records flow parameters, so a
    password in a URL moves to PGPASSWORD (libpq reads it) instead of being recorded."""
    if location.url.password is not None:
        os.environ["PGPASSWORD"] = str(location.url.password)
        location = type(location)(location.url.set(password=None), location.path,
                                  location.schema)  # fmt: skip
    if location.path is not None:
        return str(location.path)
    url = location.url
    if location.schema:
        url = url.update_query_dict({"schema": location.schema})
    return url.render_as_string(hide_password=False)


@contextmanager
def _opened(location: StoreLocation) -> Iterator[EventStore]:
    """An existing store for the ``store`` commands (none there is bad input, exit 2)."""
    from pipeline.store import EventStore, StoreMissingError

    try:
        store = EventStore(location, create=False)
    except StoreMissingError as error:
        raise fail(str(error), ExitCode.BAD_INPUT) from None
    with store:
        yield store


def _expected(text: str | None) -> ChainHead | None:
    """``--expect``: ``RECORDS:HASH``, or a published ``results.json`` / ``results.xlsx``."""
    from pipeline.store import ChainHead

    if text is None:
        return None
    try:
        if Path(text).suffix.lower() in (".json", ".xlsx"):
            return _published(Path(text))
        return ChainHead.parse(text)
    except ValueError as error:
        raise fail(str(error), ExitCode.BAD_INPUT) from None


def _published(path: Path) -> ChainHead:
    """The chain head a published file carries (results.json's ``store``, the workbook's
    custom property)."""
    from pipeline.store import ChainHead

    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    if path.suffix.lower() == ".json":
        from pipeline.publish.results_json_read import read_store_head

        head = read_store_head(path)
        if head is None:
            raise ValueError(f"{path}: these results carry no event store head")
        return ChainHead(head.records, head.chain)
    from openpyxl import load_workbook

    from pipeline.publish.workbook.writer import STORE_HEAD_PROPERTY

    try:
        workbook = load_workbook(path, read_only=True)
    except Exception as error:  # noqa: BLE001 - any unreadable workbook is bad input
        raise ValueError(f"{path}: not a readable workbook ({error})") from None
    for prop in workbook.custom_doc_props:
        if prop.name == STORE_HEAD_PROPERTY:
            return ChainHead.parse(str(prop.value))
    raise ValueError(f"{path}: this workbook carries no event store head")


def verify_command(
    store: StoreOption = None,
    out: OutOption = Path("out"),
    expect: Annotated[
        str | None,
        typer.Option(
            help="A published chain head the store must hold: RECORDS:HASH, or the "
            "results.json / results.xlsx that carries it."
        ),
    ] = None,
) -> None:
    """Check every record, link and blob of the store, and a published head.

    Exit 0 when sound; 4 with the first broken record named.
    """
    location = resolve_store(store, out)
    head = _expected(expect)
    with store_errors(), _opened(location) as opened:
        found = opened.check(head)
    typer.echo(f"{location}: {found.records} records, chain verified, head {found.head}")
    if found.sealed:
        typer.echo(f"{found.sealed} record(s) sealed with the store key")
    typer.echo(f"{found.blobs} blob(s), {found.blob_bytes:,} bytes, each matching its hash")
    if head is not None:
        typer.echo(f"the published head {head} is in the chain")


def info_command(
    store: StoreOption = None,
    out: OutOption = Path("out"),
    form: FormatOption = OutputFormat.TEXT,
) -> None:
    """Where the store is, its schema version, its records by kind and its chain head."""
    from pipeline.cli.output import Listing, emit, stdout_console

    location = resolve_store(store, out)
    with store_errors(), _opened(location) as opened:
        head = opened.head()
        kinds = opened.kinds()
    console = stdout_console(data_elsewhere=form is not OutputFormat.TEXT)
    console.print(f"store    {location} ({location.backend})", markup=False, highlight=False)
    console.print(f"schema   {opened.schema}", markup=False, highlight=False)
    console.print(f"head     {head}", markup=False, highlight=False)
    console.print(f"key      {_key_text()}", markup=False, highlight=False, soft_wrap=True)
    table = Listing("kinds", "records by kind", ("kind", "records", "keys"),
                    right=frozenset({"records", "keys"}))  # fmt: skip
    for kind, (records, keys) in sorted(kinds.items()):
        table.add(kind, records, keys)
    emit([table], form, console)


def _key_text() -> str:
    """Which key new records are sealed with, and where it is kept."""
    from pipeline.store.chain import KEY_FILE_ENV, UNSEALED_ENV, default_key_file

    if os.environ.get(KEY_FILE_ENV):
        return f"{os.environ[KEY_FILE_ENV]} ({KEY_FILE_ENV})"
    if os.environ.get(UNSEALED_ENV, "").strip().lower() in ("1", "yes", "true"):
        return f"none: new records are not sealed ({UNSEALED_ENV})"
    return f"{default_key_file()} (made on first use)"


def upgrade_command(
    store: StoreOption = None,
    out: OutOption = Path("out"),
) -> None:
    """Upgrade the store's schema to this release's (opening a store does the same)."""
    location = resolve_store(store, out)
    with store_errors(), _opened(location) as opened:
        typer.echo(f"{location}: schema {opened.schema}, {opened.head().records} records")


def keygen_command(
    path: Annotated[Path, typer.Argument(help="Where to write the new key (kept secret).")],
) -> None:
    """Write a new HMAC key for sealing stores; point BRIDGESCAN_STORE_KEY_FILE at it."""
    from pipeline.store.chain import KEY_FILE_ENV, Seal, new_key

    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise fail(f"{path} exists: a key is never overwritten", ExitCode.BAD_INPUT) from None
    except OSError as error:
        raise fail(f"{path}: {error.strerror}", ExitCode.BAD_INPUT) from None
    key = new_key()
    with os.fdopen(descriptor, "w") as handle:
        handle.write(key + "\n")
    typer.echo(f"wrote key {Seal(bytes.fromhex(key)).id} to {path} (readable by you only); "
               f"export {KEY_FILE_ENV}={path}")  # fmt: skip


def register(app: typer.Typer) -> None:
    """Add the ``store`` command group."""
    group = typer.Typer(help="The event store: verify, info, upgrade, keys.",
                        no_args_is_help=True)  # fmt: skip
    group.command("verify")(verify_command)
    group.command("info")(info_command)
    group.command("upgrade")(upgrade_command)
    group.command("keygen")(keygen_command)
    app.add_typer(group, name="store")
