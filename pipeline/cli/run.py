"""``bridgescan run FOLDER -o OUT``: the main job, scans and typed travellers to results.

Runs the Prefect flow ``bridgescan-run`` (pipeline/flows/run_event.py) on Prefect's local ephemeral
API (no server), with the event store in ``OUT/bridgescan.sqlite`` (or ``--store``: a path or
a PostgreSQL URL; ``BRIDGESCAN_STORE``). Exit codes
(``pipeline.cli.ExitCode``): 0 results published with nothing open; 1 results written but
review items or findings wait for the director; 2 bad input, nothing published; 3 a tool
or package is missing; 4 the event store is broken; 6 the store is newer than this
bridgescan. Heavy imports (Prefect, OpenCV) happen inside the command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.store import StoreOption, for_flow, resolve_store, store_errors

__all__ = ["register", "run_command"]


def run_command(
    folder: Annotated[Path, typer.Argument(help="Event folder: event.yaml, scans, entry files.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="Output folder.")] = Path("out"),
    store: StoreOption = None,
    masterpoints: Annotated[
        str, typer.Option(help="Masterpoint scale: bronze, silver or none.")
    ] = "bronze",
) -> None:
    """Read, validate and score an event folder; write the workbook and the review queue."""
    from rich.console import Console

    from pipeline.results.masterpoints import MASTERPOINT_SCALES

    console, errors = Console(), Console(stderr=True)
    if folder.name == "sample_data" and (folder / "club-evening").is_dir():
        folder = folder / "club-evening"  # `bridgescan run sample_data` runs the sample event
    if masterpoints not in MASTERPOINT_SCALES:
        errors.print(f"error: --masterpoints {masterpoints!r} is not bronze, silver or none")
        raise typer.Exit(ExitCode.BAD_INPUT)
    if not (folder / "event.yaml").is_file():
        errors.print(f"error: {folder}: no event.yaml here", markup=False)
        raise typer.Exit(ExitCode.BAD_INPUT)
    location = resolve_store(store, out)
    with store_errors("nothing was published"):  # before Prefect starts: a broken store stops here
        from pipeline.flows.store_checks import check_store

        check_store(location, out)
    summary = _run(folder, out, for_flow(location), masterpoints, console, errors)
    _report(summary, console)
    if summary.to_review or summary.blocking:
        raise typer.Exit(ExitCode.FINDINGS)


def _run(folder: Path, out: Path, store: str, masterpoints: str, console, errors):  # type: ignore[no-untyped-def]
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from pipeline.flows.prefect_env import configure_prefect

    configure_prefect()
    from ocr.reader import page_count
    from pipeline.doors.inputs import session_files
    from pipeline.doors.scans.reading import scan_files
    from pipeline.events.eventfile import load_event
    from pipeline.flows import run_event as flows

    try:
        event = load_event(folder / "event.yaml")
        pages = sum(
            page_count(file) for f in session_files(folder, event) for file in scan_files(f.scans)
        )
    except (OSError, ValueError) as error:
        errors.print(f"error: {error}", markup=False, soft_wrap=True)
        raise typer.Exit(ExitCode.BAD_INPUT) from None
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        reading = progress.add_task("reading scans", total=pages or None)
        listener = lambda _page: progress.advance(reading)  # noqa: E731
        flows.page_listeners.append(listener)
        try:
            with store_errors("nothing was published"):
                return flows.run_event(folder, out, store, masterpoints)
        except FileNotFoundError as error:  # tesseract, opencv-doc: the machine lacks a tool
            errors.print(f"error: {error}", markup=False, soft_wrap=True)
            raise typer.Exit(ExitCode.ENVIRONMENT) from None
        except (OSError, ValueError, KeyError) as error:
            errors.print(f"error: {error}", markup=False, soft_wrap=True)
            errors.print("nothing was published", markup=False)
            raise typer.Exit(ExitCode.BAD_INPUT) from None
        finally:
            flows.page_listeners.remove(listener)


def _report(summary, console) -> None:  # type: ignore[no-untyped-def]
    from rich.table import Table

    from pipeline.cli.score import ranking_table

    console.print(ranking_table(summary.results))

    table = Table(title=f"{summary.event}: inputs")
    for name in ("Session", "Pages", "Rows read", "Accepted", "Decided", "To review", "Typed"):
        table.add_column(name, justify="right")
    for s in summary.sessions:
        table.add_row(*(str(v) for v in (s.session, s.pages, s.rows_read, s.accepted,
                                         s.decided, s.to_review, s.typed)))  # fmt: skip
    console.print(table)
    for s in summary.sessions:
        if s.pages_reused:
            reused = f"{s.pages_reused} of {s.pages} page(s) as read before"
            console.print(f"session {s.session}: {reused} (same scan, same reader), not read again",
                          markup=False)  # fmt: skip
        for note in s.replaced:
            console.print(f"session {s.session}: {note}", markup=False, soft_wrap=True)
    for note in summary.notes:
        console.print(note, markup=False)
    for key, path in summary.paths.items():
        console.print(f"{key:9} {path}", markup=False, highlight=False, soft_wrap=True)
    console.print(f"{'review':9} {summary.review_folder} ({summary.to_review} open)", markup=False)
    stored = f"{summary.store} ({summary.records} records, chain verified, head {summary.head})"
    console.print(f"{'store':9} {stored}", markup=False, highlight=False, soft_wrap=True)
    publication = getattr(summary.results, "publication", None)
    if publication is not None:
        from pipeline.cli.correct import publication_lines
        from pipeline.clock import now

        for line in publication_lines(publication, now()):
            console.print(line, markup=False, highlight=False, soft_wrap=True)
    if summary.blocking:
        console.print(f"{len(summary.blocking)} finding(s) block publishing:", markup=False)
        for line in summary.blocking[:10]:
            console.print(f"  {line}", markup=False, soft_wrap=True)
    if summary.to_review:
        console.print(
            f"{summary.to_review} reading(s) wait for review: `bridgescan review list "
            f"{summary.review_folder}`, then run again",
            markup=False,
        )


def register(app: typer.Typer) -> None:
    """Add ``bridgescan run``."""
    app.command("run", no_args_is_help=True)(run_command)
