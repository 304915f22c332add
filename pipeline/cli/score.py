"""``bridgescan score EVENT.yaml SESSION_FILES... -o OUTDIR``: the spreadsheet path's command.

Reads the event file and one entry workbook or CSV per session (or ``2=thursday.xlsx`` to
name the session), validates and scores everything, and writes ``results.xlsx``,
``results.json`` and ``masterpoints.csv`` into OUTDIR, then prints the ranking and where
the files are. Exit codes (``pipeline.cli.ExitCode``): 0 published cleanly; 1 written, but
findings block publishing (see the Findings sheet); 2 bad input, nothing written.
Imports happen inside the command so ``bridgescan --help`` stays instant.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.store import StoreOption

if TYPE_CHECKING:
    from pipeline.results.model import EventResults

__all__ = ["register", "score", "ranking_table"]


def ranking_table(results: EventResults) -> object:
    from rich.table import Table

    from pipeline.publish.workbook.layout import fmt

    table = Table(title=results.title)
    if results.teams is not None:
        for name in ("Place", "Team", "Name", "VP", "IMPs +/-"):
            table.add_column(name)
        for team in results.teams.standings:
            table.add_row(
                team.place,
                str(team.team),
                team.name,
                fmt(team.vp, 2),
                f"{fmt(team.imps_won, 0)}/{fmt(team.imps_lost, 0)}",
            )
        return table
    imps = results.scale == "IMP"
    for name in (
        "Place",
        "Pair",
        "Names",
        "IMPs" if imps else "Points",
        "Per board" if imps else "%",
    ):
        table.add_column(name, justify="left" if name == "Names" else "right")
    if results.leveled:
        for overall in results.leveled:
            table.add_row(
                overall.place,
                str(overall.pair),
                overall.names,
                fmt(overall.total),
                fmt(overall.percent, 2),
            )
    else:
        for standing in results.sessions[0].standings:
            place = f"{standing.direction} {standing.place}".strip()
            table.add_row(
                place,
                str(standing.pair),
                standing.names,
                fmt(standing.points),
                fmt(standing.percent, 2),
            )
    return table


def score(
    event_file: Annotated[Path, typer.Argument(help="The event file (YAML).")],
    files: Annotated[
        list[str],
        typer.Argument(help="Entry workbooks or CSVs, one per session in order, or N=FILE."),
    ],
    out: Annotated[Path, typer.Option("-o", "--out", help="Output folder.")] = Path("out"),
    masterpoints: Annotated[
        str, typer.Option(help="Masterpoint scale: bronze, silver or none.")
    ] = "bronze",
    store: StoreOption = None,
) -> None:
    """Score an event from entry workbooks/CSVs: result workbook, JSON, masterpoint CSV,
    published as the next version of OUT (kept in the event store, like `run`)."""
    from rich.console import Console

    from pipeline.cli.correct import publication_lines
    from pipeline.cli.store import for_flow, resolve_store, store_errors
    from pipeline.clock import now
    from pipeline.flows.score_files import run_score

    console = Console()
    errors = Console(stderr=True)
    if masterpoints not in ("bronze", "silver", "none"):
        errors.print(f"error: --masterpoints {masterpoints!r} is not bronze, silver or none")
        raise typer.Exit(ExitCode.BAD_INPUT)
    location = for_flow(resolve_store(store, out))
    try:
        with store_errors("nothing was published"):
            results, paths = run_score(event_file, files, out, masterpoints, location)  # type: ignore[arg-type]
    except (ValueError, KeyError, OSError) as error:
        message = error.args[0] if isinstance(error, KeyError) and error.args else error
        errors.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
        errors.print("nothing was written", markup=False)
        raise typer.Exit(ExitCode.BAD_INPUT) from None
    console.print(ranking_table(results))
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
        raise typer.Exit(ExitCode.FINDINGS)
    if others:
        console.print(f"{others} warning(s)/note(s) on the Findings sheet", markup=False)


def register(app: typer.Typer) -> None:
    """Add ``bridgescan score`` to the root command."""
    app.command("score", no_args_is_help=True)(score)
