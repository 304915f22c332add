"""``bridgescan entry ...``: make the entry workbook of a session, check typed travellers.

- ``bridgescan entry template EVENT --session S -o FILE.xlsx [--layout long|per-board] [--force]``
- ``bridgescan entry check EVENT [N=]FILE... [--session S] [--warnings-ok] [--json]``

Exit codes (``pipeline.cli.ExitCode``), which scripts can rely on:
0 no errors or warnings (information such as a passed-out board does not count);
1 findings: at least one error (blocks publishing) or warning (needs the director's
acknowledgement); with ``--warnings-ok`` only errors give 1;
2 bad input: the event file or a typed file cannot be read; nothing is written.

Imports stay inside the commands so ``bridgescan --help`` is instant.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.failing import fail
from pipeline.cli.options import output_file, split_session_file
from pipeline.cli.output import FormatOption, OutputFormat

if TYPE_CHECKING:
    from pipeline.doors.entry.sessions import SessionEntries
    from pipeline.validation.findings import Location
    from scoring.event import Event

__all__ = ["register"]


class LayoutChoice(StrEnum):
    long = "long"
    per_board = "per-board"


def register(app: typer.Typer) -> None:
    """Add the ``entry`` command group to the bridgescan app."""
    group = typer.Typer(
        help="The spreadsheet door: entry workbooks for typing travellers, and checking them.",
        no_args_is_help=True,
    )
    group.command("template")(template)
    group.command("check")(check)
    app.add_typer(group, name="entry")


def _load_event(event_file: Path) -> Event:
    from pipeline.events.eventfile import EventFileError, load_event

    try:
        return load_event(event_file)
    except (EventFileError, ValueError) as error:
        raise fail(str(error)) from None


def template(
    event_file: Annotated[Path, typer.Argument(help="The event file (YAML).")],
    output: Annotated[
        Path, typer.Option("-o", "--out", help="The workbook to write.", callback=output_file)
    ],
    session: Annotated[
        int | None, typer.Option("-s", "--session", help="Session number (if several).")
    ] = None,
    layout: Annotated[
        LayoutChoice, typer.Option(help="One long sheet, or one sheet per board.")
    ] = LayoutChoice.long,
    force: Annotated[
        bool, typer.Option("--force", help="Replace an existing file (typed results are lost).")
    ] = False,
) -> None:
    """Write the entry workbook of a session, pre-filled with the movement's pairs."""
    from pipeline.doors.entry.template import Layout, write_entry_workbook

    event = _load_event(event_file)
    numbers = [s.number for s in event.sessions]
    if session is None:
        if len(numbers) != 1:
            raise fail(f"the event has sessions {', '.join(map(str, numbers))}: pass --session")
        session = numbers[0]
    if session not in numbers:
        raise fail(f"session {session} is not in {event_file.name} ({numbers})")
    if output.suffix.lower() != ".xlsx":
        raise fail(f"{output.name}: the entry workbook must be an .xlsx file")
    if output.exists() and not force:
        raise fail(
            f"{output} exists and may hold typed results; choose another name or pass --force"
        )
    path = write_entry_workbook(output, event, session, layout=Layout(layout.value))
    typer.echo(f"wrote {path} (session {session}, {layout.value} layout)")


def check(
    event_file: Annotated[Path, typer.Argument(help="The event file (YAML).")],
    files: Annotated[
        list[str],
        typer.Argument(
            help="Entry workbooks (.xlsx) or CSV files; N=FILE says the file is session N "
            "(FILE@N is read too)."
        ),
    ],
    session: Annotated[
        int | None, typer.Option("-s", "--session", help="Session of the files (if several).")
    ] = None,
    warnings_ok: Annotated[
        bool, typer.Option("--warnings-ok", help="Exit 0 when there are only warnings.")
    ] = False,
    form: FormatOption = OutputFormat.TEXT,
    as_json: Annotated[
        bool, typer.Option("--json", hidden=True, help="The same as --format json.")
    ] = False,
) -> None:
    """Import typed travellers and print every finding (code, severity, where, what, fix)."""
    from pipeline.doors.entry.errors import EntryError
    from pipeline.doors.entry.sessions import load_session_entries
    from pipeline.validation.findings import Severity

    event = _load_event(event_file)
    try:
        sessions = load_session_entries(event, [_session_file(f) for f in files], session)
    except EntryError as error:
        raise fail(str(error)) from None
    findings = [f for entries in sessions for f in entries.findings]
    if as_json or form is OutputFormat.JSON:
        _print_json(sessions)
    elif form is OutputFormat.CSV:
        _print_csv(sessions)
    else:
        _print_table(sessions)
    errors = sum(f.severity is Severity.ERROR for f in findings)
    warnings = sum(f.severity is Severity.WARNING for f in findings)
    if errors or (warnings and not warnings_ok):
        raise typer.Exit(ExitCode.FINDINGS)
    raise typer.Exit(ExitCode.OK)


def _session_file(text: str) -> tuple[Path, int | None]:
    """``2=late.csv`` (as every command names a session's file) or ``late.csv@2``."""
    from pipeline.doors.entry.sessions import split_session_suffix

    number, name = split_session_file(text)
    if number is not None and not Path(text).exists():
        return Path(name), number
    return split_session_suffix(text)


def _where(loc: Location) -> str:
    return str(loc.source) if loc.source is not None else _round_table(loc)


def _print_csv(sessions: list[SessionEntries]) -> None:
    """Every finding of every session, one row each (JSON has the location field by field)."""
    from pipeline.cli.output import Listing, emit, stdout_console

    listing = Listing("findings", "Findings", ("Session", "Severity", "Code", "Board", "Where",
                      "Finding", "Suggestion"))  # fmt: skip
    for entries in sessions:
        for f in entries.findings:
            listing.add(entries.session, f.severity.value, f.code.value, f.location.board,
                        _where(f.location), f.message, f.suggestion)  # fmt: skip
    emit([listing], OutputFormat.CSV, stdout_console(data_elsewhere=True))


def _print_table(sessions: list[SessionEntries]) -> None:
    from rich import box
    from rich.table import Table

    from pipeline.cli.output import stdout_console
    from pipeline.validation.findings import Severity

    console = stdout_console()
    styles = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}
    for entries in sessions:
        counts = {s: sum(f.severity is s for f in entries.findings) for s in Severity}
        title = (
            f"Session {entries.session}: {len(entries.rows)} rows from "
            f"{', '.join(entries.files)}; {counts[Severity.ERROR]} errors, "
            f"{counts[Severity.WARNING]} warnings, {counts[Severity.INFO]} notes"
        )
        if not entries.findings:
            console.print(f"{title}: no findings.", markup=False, highlight=False)
            continue
        table = Table(title=title, title_justify="left", show_lines=False, expand=False,
                      box=box.HEAVY_HEAD if console.is_terminal else box.ASCII)  # fmt: skip
        for header in ("Severity", "Code", "Board"):
            table.add_column(header, no_wrap=True)
        for header in ("Where", "Finding", "Suggestion"):
            table.add_column(header, overflow="fold", ratio=1)
        for finding in entries.findings:
            loc = finding.location
            where = _where(loc)
            table.add_row(
                finding.severity.value,
                finding.code.value,
                "" if loc.board is None else str(loc.board),
                where,
                finding.message,
                finding.suggestion or "",
                style=styles[finding.severity],
            )
        console.print(table)


def _round_table(loc: Location) -> str:
    parts = []
    if loc.round is not None:
        parts.append(f"round {loc.round}")
    if loc.table is not None:
        parts.append(f"table {loc.table}")
    return ", ".join(parts)


def _print_json(sessions: list[SessionEntries]) -> None:
    import json

    out = []
    for entries in sessions:
        out.append(
            {
                "session": entries.session,
                "files": list(entries.files),
                "rows": len(entries.rows),
                "findings": [
                    {
                        "code": f.code.value,
                        "severity": f.severity.value,
                        "session": f.location.session,
                        "section": f.location.section,
                        "board": f.location.board,
                        "round": f.location.round,
                        "table": f.location.table,
                        "file": f.location.source.file if f.location.source else None,
                        "sheet": f.location.source.sheet if f.location.source else None,
                        "row": f.location.row,
                        "column": f.location.column,
                        "message": f.message,
                        "suggestion": f.suggestion,
                    }
                    for f in entries.findings
                ],
            }
        )
    typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
