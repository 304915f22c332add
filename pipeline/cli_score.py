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

if TYPE_CHECKING:
    from pipeline.workbook.model import EventResults
    from scoring.event import Event

__all__ = ["register", "score", "assign_files", "ranking_table", "run_score"]


def assign_files(event: Event, files: list[str]) -> dict[int, list[Path]]:
    """Which files belong to which session.

    ``N=path`` names the session; plain paths go to the sessions in order (one each), or all
    to the only session of a one-session event. ValueError says what does not fit.
    """
    numbers = [s.number for s in event.sessions]
    named: dict[int, list[Path]] = {}
    plain: list[Path] = []
    for item in files:
        head, sep, tail = item.partition("=")
        if sep and head.strip().isdigit():
            number = int(head)
            if number not in numbers:
                raise ValueError(f"{item}: the event has no session {number} (sessions {numbers})")
            named.setdefault(number, []).append(Path(tail))
        else:
            plain.append(Path(item))
    if plain:
        free = [n for n in numbers if n not in named]
        if len(free) == 1:
            named.setdefault(free[0], []).extend(plain)
        elif len(plain) == len(free):
            for number, path in zip(free, plain, strict=True):
                named.setdefault(number, []).append(path)
        else:
            raise ValueError(
                f"{len(plain)} file(s) for {len(free)} session(s) {free}: give one file per "
                "session in order, or name the session as N=FILE"
            )
    for paths in named.values():
        for path in paths:
            if not path.is_file():
                raise ValueError(f"{path}: file not found")
    return dict(sorted(named.items()))


def ranking_table(results: EventResults) -> object:
    from rich.table import Table

    from pipeline.workbook.layout import fmt

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


def run_score(
    event_file: Path, files: list[str], out_dir: Path, masterpoints: str = "bronze"
) -> tuple[EventResults, dict[str, Path]]:
    """Everything the command does except printing; raises ValueError on bad input."""
    from pipeline.eventfile import load_event
    from pipeline.publish import masterpoint_scale, publish
    from pipeline.scoring_run import check_names, read_session, score_event

    event = load_event(event_file)
    check_names(event, event_file.name)
    assigned = assign_files(event, files)
    inputs = [read_session(event, number, paths) for number, paths in assigned.items()]
    scale = masterpoint_scale(masterpoints)
    results = score_event(
        event,
        inputs,
        masterpoint_scale=scale,
        with_masterpoints=scale is not None,
        source=event_file.name,
    )
    paths = publish(results, out_dir)
    return results, paths


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
) -> None:
    """Score an event from entry workbooks/CSVs: result workbook, JSON, masterpoint CSV."""
    from rich.console import Console

    from pipeline.cli import ExitCode

    console = Console()
    errors = Console(stderr=True)
    if masterpoints not in ("bronze", "silver", "none"):
        errors.print(f"error: --masterpoints {masterpoints!r} is not bronze, silver or none")
        raise typer.Exit(ExitCode.BAD_INPUT)
    try:
        results, paths = run_score(event_file, files, out, masterpoints)
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
