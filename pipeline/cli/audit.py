"""``bridgescan audit show OUT`` and ``bridgescan audit verify OUT``: the audit log.

``show`` lists every correction (who, role, when, the line before and after, why, on which
law) filtered by session, board, pair or person, and with them, in time order, every review
decision whichever door it came through and every clock correction
(pipeline/corrections/trail.py); ``--format json`` (or ``csv``) gives the same for scripts
(``kind`` says which).
``verify`` checks the event store's hash chain, the corrections against the published
versions, and every version's files against the hashes recorded when they were published;
it names the first broken entry.

Exit codes: 0 all as published; 4 (``ExitCode.STORE_BROKEN``) something was changed behind
the program's back. The issue asked for 1; 1 means "done, something waits for a person" for
every bridgescan command, and 4 means "the store fails verification" for every command that
opens a store, so a script tests one number for one meaning.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.correct import open_store
from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.output import FormatOption, OutputFormat
from pipeline.cli.store import StoreOption

if TYPE_CHECKING:
    from pipeline.corrections.trail import TrailEntry
    from pipeline.results.publication import AuditEntry

__all__ = ["register", "audit_app", "entry_lines"]

audit_app = typer.Typer(
    help="The audit log of corrections: show it, verify it.", no_args_is_help=True
)


@audit_app.command("show", no_args_is_help=True)
def show(
    out: Annotated[Path, typer.Argument(help="The event's output folder.")],
    session: Annotated[
        int | None, typer.Option("-s", "--session", help="Only this session.")
    ] = None,
    board: Annotated[int | None, typer.Option(help="Only this board.")] = None,
    pair: Annotated[int | None, typer.Option(help="Only lines this pair played.")] = None,
    person: Annotated[
        str | None,
        typer.Option("--by", help="Only corrections by (or overrides naming) this person."),
    ] = None,
    form: FormatOption = OutputFormat.TEXT,
    as_json: Annotated[
        bool, typer.Option("--json", hidden=True, help="The same as --format json.")
    ] = False,
    store: StoreOption = None,
) -> None:
    """List the corrections: who, when, what before and after, why, on which law."""
    from datetime import datetime

    from pipeline.cli.output import stderr_console, stdout_console
    from pipeline.corrections import AuditFilter, audit_log
    from pipeline.corrections.records import EVENT
    from pipeline.corrections.trail import TrailEntry, trail_entries

    with open_store(out, store, stderr_console()) as opened:
        entries = audit_log(opened, AuditFilter(session, board, pair, person))
        others = trail_entries(opened) if session is None and board is None and pair is None else []
        record = opened.latest(EVENT, EVENT)
    if person is not None:
        others = [e for e in others if person.strip().lower() in e.by.lower()]
    zone = record.value.time_zone if record is not None else ""
    acts: list[tuple[datetime, int, object]] = [(e.made_at, 0, e) for e in entries]
    acts += [(e.at, 1, e) for e in others]
    acts.sort(key=lambda act: (act[0], act[1]))  # time order: the store refuses going back
    if as_json or form is OutputFormat.JSON:
        typer.echo(json.dumps([_entry_json(e, zone) for _, _, e in acts], indent=1,
                              ensure_ascii=False))  # fmt: skip
        return
    if form is OutputFormat.CSV:
        _entries_csv([e for _, _, e in acts], zone)
        return
    console = stdout_console()
    if not acts:
        console.print("no corrections", markup=False)
        return
    for _, _, e in acts:
        text = entry_lines(e, zone) if not isinstance(e, TrailEntry) else trail_lines(e, zone)
        console.print(text, markup=False, highlight=False, soft_wrap=True)


def trail_lines(entry: TrailEntry, zone: str) -> str:
    """A review decision or a clock correction as the terminal shows it."""
    from pipeline.clock import local_text

    published = ""
    if entry.kind == "review decision":
        published = (f" · published in version {entry.published_in}" if entry.published_in
                     else " · not published yet")  # fmt: skip
    door = f" ({entry.door})" if entry.door else ""
    why = f": {entry.why}" if entry.why else ""
    return (
        f"{entry.kind.capitalize()} · {local_text(entry.at, zone, seconds=True)}{published}\n"
        f"  {entry.what}\n"
        f"  by {entry.by}{door}{why}\n"
    )


def entry_lines(entry: AuditEntry, zone: str) -> str:
    """One correction as the terminal shows it: four lines, any width."""
    from pipeline.clock import local_text
    from pipeline.publish.wording import law_text

    reopened = ""
    if entry.reopens_until is not None:
        reopened = f"; board reopened until {local_text(entry.reopens_until, zone)}"
    return (
        f"Correction {entry.number} · {local_text(entry.made_at, zone, seconds=True)} · "
        f"session {entry.session}, board {entry.board} · version {entry.version}\n"
        f"  {entry.before or '(no result)'}  ->  {entry.after}\n"
        f"  by {entry.by} ({entry.role}): {entry.reason}\n"
        f"  {law_text(entry)}{reopened}\n"
    )


def _entries_csv(entries: list[object], zone: str) -> None:
    """One row per act in time order: a correction with the columns of the four lines
    ``entry_lines`` prints; a review decision or a clock correction (``Kind``) with what it
    did in After, its door in Role and the version that published it."""
    from pipeline.cli.output import Listing, emit, stdout_console
    from pipeline.clock import local_text
    from pipeline.corrections.trail import TrailEntry
    from pipeline.publish.wording import law_text

    columns = ("Kind", "Correction", "Time", "Session", "Board", "Version", "Before", "After",
               "By", "Role", "Reason", "Law")  # fmt: skip
    listing = Listing("corrections", "Corrections", columns)
    for e in entries:
        if isinstance(e, TrailEntry):
            listing.add(e.kind, "", local_text(e.at, zone, seconds=True), "", "",
                        e.published_in or "", "", e.what, e.by, e.door, e.why, "")  # fmt: skip
            continue
        assert isinstance(e, AuditEntry)
        listing.add("correction", e.number, local_text(e.made_at, zone, seconds=True),
                    e.session, e.board, e.version, e.before, e.after, e.by, e.role, e.reason,
                    law_text(e))  # fmt: skip
    emit([listing], OutputFormat.CSV, stdout_console(data_elsewhere=True))


def _entry_json(entry: object, zone: str) -> dict[str, object]:
    from dataclasses import asdict
    from datetime import datetime

    data = asdict(entry)  # type: ignore[call-overload]
    data.setdefault("kind", "correction")
    for key, value in list(data.items()):
        if isinstance(value, datetime):
            data[key] = value.isoformat()
    data["time_zone"] = zone
    return data  # type: ignore[no-any-return]


@audit_app.command("verify", no_args_is_help=True)
def verify(
    out: Annotated[Path, typer.Argument(help="The event's output folder.")],
    store: StoreOption = None,
) -> None:
    """Check the chain, the corrections and the published files; name what is broken."""
    from pipeline.cli.output import stderr_console, stdout_console
    from pipeline.corrections import verify_audit

    console, errors = stdout_console(), stderr_console()
    with open_store(out, store, errors, verified=False) as opened:
        report = verify_audit(opened, out)
    if report.ok:
        console.print(f"audit verified: {report.records} records in an unbroken chain, "
                      f"{report.versions} version(s) and their files as published",
                      markup=False, soft_wrap=True)  # fmt: skip
        return
    errors.print("audit verification FAILED:", markup=False)
    for problem in report.problems:
        errors.print(f"  {problem}", markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(ExitCode.STORE_BROKEN)


def register(app: typer.Typer) -> None:
    """Add ``bridgescan audit show`` and ``bridgescan audit verify``."""
    app.add_typer(audit_app, name="audit")
