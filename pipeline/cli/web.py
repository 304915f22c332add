"""``bridgescan web OUT``: the results site of an output folder, written again from its JSON.

``run`` and ``score`` write ``OUT/web/`` with every publication; this command rewrites it
from ``OUT/results.json`` alone (after an upgrade, or to add the hand records with
``--deals``), so the folder can be copied to any web host as it is. Exit codes
(``pipeline.cli.ExitCode``): 0 written; 1 written, but the results are provisional;
2 bad input (no results.json, a bad deal file), nothing changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.exit_codes import ExitCode

__all__ = ["register", "web_command"]


def _deal_files(items: list[str]) -> dict[int, Path]:
    """``N=FILE`` names the session; a plain FILE is session 1."""
    chosen: dict[int, Path] = {}
    for item in items:
        head, sep, tail = item.partition("=")
        if sep and head.strip().isdigit():
            chosen[int(head)] = Path(tail)
        else:
            chosen[1] = Path(item)
    return chosen


def web_command(
    out: Annotated[Path, typer.Argument(help="Output folder of `run` or `score` (results.json).")],
    deals: Annotated[
        list[str] | None,
        typer.Option(
            "--deals",
            help="Deal file (PBN, or '<board> N:<hands>' lines) for the hand diagrams: "
            "N=FILE for session N, FILE alone for session 1. Repeat for more sessions.",
        ),
    ] = None,
) -> None:
    """Write the results site (OUT/web/) from OUT/results.json."""
    from rich.console import Console

    from pipeline.interop.deals import MissingSolverError, analyse, read_deal_file
    from pipeline.interop.records import InteropError
    from pipeline.publish.results_json_read import ResultsJsonError, read_results_json
    from pipeline.publish.web import site_status, write_site

    console, errors = Console(), Console(stderr=True)
    try:
        results = read_results_json(out / "results.json")
        hands = {n: read_deal_file(path) for n, path in _deal_files(deals or []).items()}
    except (ResultsJsonError, InteropError, OSError, ValueError) as error:
        errors.print(f"error: {error}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(ExitCode.BAD_INPUT) from None
    try:
        hands = {n: analyse(records) for n, records in hands.items()}
    except MissingSolverError as error:  # the hands are shown, without double dummy and par
        errors.print(f"note: {error}", markup=False, highlight=False, soft_wrap=True)
    report = write_site(results, out, hands=hands)
    size = report.total_bytes / 1_000_000
    console.print(
        f"web       {report.folder / 'index.html'} ({report.pages} pages, {size:.2f} MB)",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )
    if site_status(results).provisional:
        console.print("the results are PROVISIONAL (the site says so on every page)", markup=False)
        raise typer.Exit(ExitCode.FINDINGS)


def register(app: typer.Typer) -> None:
    """Add ``bridgescan web``."""
    app.command("web", no_args_is_help=True)(web_command)
