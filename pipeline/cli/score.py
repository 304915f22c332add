"""``bridgescan score EVENT.yaml SESSION_FILES... -o OUTDIR``: the spreadsheet path's command.

Reads the event file and one entry workbook or CSV per session (or ``2=thursday.xlsx`` to
name the session), validates and scores everything, and writes ``results.xlsx``,
``results.json`` and ``masterpoints.csv`` into OUTDIR, then prints the ranking and where
the files are. Exit codes (``pipeline.cli.ExitCode``): 0 published cleanly; 1 written, but
findings block publishing (see the Findings sheet); 2 bad input, nothing written; 3 the
disk cannot take the output (what to free is said), nothing published.
Imports happen inside the command so ``bridgescan --help`` stays instant.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.disk import exits_when_the_disk_is_full
from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.failing import said
from pipeline.cli.options import (
    DealFilesOption,
    Masterpoints,
    MasterpointsOption,
    OutFolder,
    record_deal_files,
)
from pipeline.cli.output import FormatOption, OutputFormat
from pipeline.cli.store import StoreOption

__all__ = ["register", "score"]


def score(
    event_file: Annotated[Path, typer.Argument(help="The event file (YAML).")],
    files: Annotated[
        list[str],
        typer.Argument(help="Entry workbooks or CSVs, one per session in order, or N=FILE."),
    ],
    out: OutFolder = Path("out"),
    masterpoints: MasterpointsOption = Masterpoints.BRONZE,
    store: StoreOption = None,
    deals: DealFilesOption = None,
    form: FormatOption = OutputFormat.TEXT,
) -> None:
    """Score an event from entry workbooks/CSVs: result workbook, JSON, masterpoint CSV.

    Published as the next version of OUT (kept in the event store, like `run`)."""
    from pipeline.cli.correct import publication_lines
    from pipeline.cli.output import emit, stderr_console, stdout_console
    from pipeline.cli.store import for_flow, resolve_store, store_errors
    from pipeline.clock import now
    from pipeline.flows.score_files import run_score

    console = stdout_console(data_elsewhere=form is not OutputFormat.TEXT)
    errors = stderr_console()
    location = for_flow(resolve_store(store, out))
    try:
        with exits_when_the_disk_is_full(out), store_errors("nothing was published"):
            record_deal_files(location, out, deals)
            results, paths = run_score(event_file, files, out, masterpoints.value, location)  # type: ignore[arg-type]
    except (ValueError, KeyError, OSError) as error:
        message = error.args[0] if isinstance(error, KeyError) and error.args else said(error)
        errors.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
        errors.print("nothing was written", markup=False)
        raise typer.Exit(ExitCode.BAD_INPUT) from None
    from pipeline.cli.report import print_status, ranking_listing

    emit([ranking_listing(results)], form, console)
    for note in results.notes:
        console.print(note, markup=False)
    blocking = results.blocking_findings
    others = len(results.findings) - len(blocking)
    for key, path in paths.items():
        console.print(f"{key:9} {path}", markup=False, highlight=False, soft_wrap=True)
    if results.publication is not None:
        for line in publication_lines(results.publication, now()):
            console.print(line, markup=False, highlight=False, soft_wrap=True)
    if blocking:
        console.print(
            f"{len(blocking)} finding(s) block publishing, {others} other(s): see the "
            f"Findings sheet of {paths['workbook']}",
            markup=False,
        )
        for finding in blocking[:10]:
            console.print(
                f"  {finding.code}: {finding.where}: {finding.message}",
                markup=False,
                soft_wrap=True,
            )
    elif others:
        console.print(f"{others} warning(s)/note(s) on the Findings sheet", markup=False)
    print_status(results, console)
    if results.status.provisional:
        raise typer.Exit(ExitCode.FINDINGS)


def register(app: typer.Typer) -> None:
    """Add ``bridgescan score`` to the root command."""
    app.command("score", no_args_is_help=True)(score)
