"""``bridgescan club ...``: the club folder (CLUB/members.csv, CLUB/events/).

One command a concept: ``members`` (the member list) and ``events`` (the club's events and
their status); each calls the same functions as the club's console
(``pipeline.events.members``, ``pipeline.web.club_pages.event_rows``). Exit codes follow
``pipeline.cli.ExitCode``: 0 fine, 1 an event is provisional (``events``), 2 the input could
not be used (one line on stderr naming file, sheet and row).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.disk import cannot_write_reason
from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.failing import fail
from pipeline.cli.output import FormatOption, OutputFormat

if TYPE_CHECKING:
    from pipeline.events.members import Member

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add the ``club`` command group to the bridgescan app."""
    group = typer.Typer(
        help="The club folder (members.csv, events/): its member list and its events.",
        no_args_is_help=True,
    )
    group.command("members")(members)
    group.command("events")(events)
    app.add_typer(group, name="club")


def members(
    club: Annotated[Path, typer.Argument(help="The club folder (holds members.csv).")],
    import_file: Annotated[
        Path | None,
        typer.Option("--import", help="Merge the members of this CSV or XLSX file."),
    ] = None,
    sheet: Annotated[str | None, typer.Option(help="--import: the XLSX sheet.")] = None,
    by: Annotated[
        str | None, typer.Option("--by", help="--import: who imports (for the members log).")
    ] = None,
    form: FormatOption = OutputFormat.TEXT,
) -> None:
    """List the club's members, or merge a club's CSV/XLSX file into them.

    With --import FILE --by NAME, members are updated by number and added, never removed;
    the list is saved and the change logged in members-log.jsonl."""
    from pipeline.events.members import MEMBERS_FILE, MembersError, import_members, load_members

    if not club.is_dir():
        raise fail(f"{club}: no such club folder")
    if import_file is None:
        if sheet is not None or by is not None:
            raise fail("--sheet and --by go with --import FILE")
        try:
            listed = load_members(club)
        except MembersError as error:
            raise fail(str(error)) from None
        _print_members(club, listed, form)
        return
    who = (by or "").strip()
    if not who:
        raise fail("--import needs --by NAME: who imports, for the members log")
    try:
        report = import_members(club, import_file, sheet=sheet, who=who)
    except MembersError as error:
        raise fail(str(error)) from None
    except OSError as error:  # the club folder cannot be written
        if cannot_write_reason(error):
            raise  # a full disk: exit 3 (pipeline.cli.main)
        raise fail(f"{error.filename or club}: {error.strerror or error}") from None
    typer.echo(f"{import_file.name}: {report.summary()}")
    for line in report.lines():
        typer.echo(f"  {line}")
    typer.echo(f"saved {club / MEMBERS_FILE}" if report.changed else "nothing to change")


def _print_members(club: Path, members: list[Member], form: OutputFormat) -> None:
    from pipeline.cli.output import Listing, emit, stdout_console

    table = Listing(
        "members",
        f"{club.resolve().name}: {len(members)} member{'' if len(members) == 1 else 's'}",
        ("Member number", "Name"),
    )
    for member in members:
        table.add(member.number, member.name)  # shown as text: "[bold]" stays as typed
    emit([table], form, stdout_console(data_elsewhere=form is not OutputFormat.TEXT))


def events(
    club: Annotated[Path, typer.Argument(help="The club folder (holds events/).")],
    form: FormatOption = OutputFormat.TEXT,
) -> None:
    """List the club's events, newest first, with their status: not scored, PROVISIONAL
    (and why), official (corrections until when), final. Exit 1 when any is provisional."""
    from pipeline.cli.output import Listing, emit, stdout_console
    from pipeline.web.club_pages import event_rows

    if not club.is_dir():
        raise fail(f"{club}: no such club folder")
    rows = event_rows(club)
    table = Listing("events", f"{club}: events", ("Date", "Event", "Status", "Details", "Folder"))
    for row in rows:
        status = "PROVISIONAL" if row.status == "provisional" else row.status
        table.add(row.date, row.name, status, row.detail, f"events/{row.slug}")
    emit([table], form, stdout_console(data_elsewhere=form is not OutputFormat.TEXT))
    if any(row.status in ("provisional", "broken") for row in rows):
        raise typer.Exit(ExitCode.FINDINGS)
