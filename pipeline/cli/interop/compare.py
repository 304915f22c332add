"""``bridgescan compare``: re-score another program's file or folder and show each difference.

The options a file was scored with are detected from its own figures unless given
(pipeline/interop/detection.py); a folder is compared file by file with progress, then a
summary table (optionally as CSV). Exit 0: no differences; 1: differences; 2: unreadable.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pipeline.cli.disk import cannot_write_reason
from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.interop.inputs import SectionOption, fail
from pipeline.cli.options import output_file
from pipeline.cli.output import FormatOption, OutputFormat

__all__ = ["compare"]


_Scale = Annotated[str | None, typer.Option(help="Matchpoint scale: 2-1-0 or 1-0.5-0.")]
_Rounding = Annotated[
    str | None, typer.Option(help="Board scores (Neuberg) kept exact, or to 0.1 or 0.01.")
]
_Ties = Annotated[
    str | None,
    typer.Option(help="Exact ties: half-up, half-away-from-zero or half-to-even (Compscore)."),
]
_Adjusted = Annotated[
    str | None,
    typer.Option(
        "--adjusted-rounding",
        "--adjusted",
        help="Artificial scores: whole-points (seed 004), swedish (every 60%+ up) or plain.",
    ),
]
_Law88 = Annotated[
    bool | None, typer.Option("--law88/--no-law88", help="Law 88 on or off (default: detect).")
]
_Credit = Annotated[
    str | None,
    typer.Option(help="Sit-out credit: none, zero, average (per round) or average-per-board."),
]
_Fewer = Annotated[
    str | None, typer.Option(help="Pairs with fewer boards: as-played or scale (North American).")
]
_PercentTotal = Annotated[
    str | None,
    typer.Option(help="Percentage from the total rounded to exact, 0.1 or 0.01 (ACBLscore)."),
]
_Method = Annotated[str | None, typer.Option(help="mp, cross-imp, butler or teams.")]
_CrossImps = Annotated[str | None, typer.Option(help="Cross-IMPs per result: average or sum.")]
_CrossRounding = Annotated[
    str | None, typer.Option(help="Cross-IMPs kept exact or rounded to 0.01.")
]
_ImpTotals = Annotated[str | None, typer.Option(help="IMP totals: sum or per-board.")]
_DatumDrop = Annotated[
    int | None, typer.Option(help="Butler: top and bottom scores left out of the datum.")
]
_PerComparison = Annotated[
    str | None,
    typer.Option(help="Cross-IMPs: IMPs per comparison for A+ (e.g. 1.5), or law-86a."),
]
_Normal = Annotated[int | None, typer.Option(help="Results per board for Neuberg (N).")]
_Sections = Annotated[
    str | None, typer.Option(help="Several sections scored apart or together (one field).")
]
_Details = Annotated[
    bool, typer.Option(help="For a folder: the full report of every file with differences.")
]
_SummaryCsv = Annotated[
    Path | None,
    typer.Option(
        "--summary", help="For a folder: write the summary as CSV here.", callback=output_file
    ),
]


def compare(
    path: Annotated[
        Path, typer.Argument(help="A PBN or USEBIO file scored elsewhere, or a folder of them.")
    ],
    method: _Method = None,
    scale: _Scale = None,
    neuberg_rounding: _Rounding = None,
    ties: _Ties = None,
    adjusted_rounding: _Adjusted = None,
    law88: _Law88 = None,
    sitout_credit: _Credit = None,
    fewer_boards: _Fewer = None,
    percentage_from_total_rounded_to: _PercentTotal = None,
    cross_imps: _CrossImps = None,
    cross_imp_rounding: _CrossRounding = None,
    imp_totals: _ImpTotals = None,
    datum_drop: _DatumDrop = None,
    artificial_imps_per_comparison: _PerComparison = None,
    normal: _Normal = None,
    sections: _Sections = None,
    section: SectionOption = None,
    details: _Details = False,
    summary: _SummaryCsv = None,
    form: FormatOption = OutputFormat.TEXT,
) -> None:
    """Re-score another program's results and report each difference beyond rounding.

    Options not given are detected from each file's figures, and the report says which it
    took from the file and which it assumed. A folder is searched for .pbn and .xml files;
    each is compared on its own, one line per file, then a summary table (--format csv or
    json: the summary alone on stdout, a file given alone as a folder of one). Exit code 0:
    no differences; 1: differences found; 2: a file could not be read.
    """
    from pipeline.interop.batch import GivenOptions

    given = GivenOptions(
        method, scale, neuberg_rounding, ties, adjusted_rounding, law88, sitout_credit,
        fewer_boards, percentage_from_total_rounded_to, cross_imps, cross_imp_rounding,
        imp_totals, datum_drop, artificial_imps_per_comparison, normal, sections,
    )  # fmt: skip
    try:
        given.apply(_detect_nothing())
    except (ValueError, ZeroDivisionError) as error:
        raise fail(f"bad option: {error}") from None
    if path.is_dir() or form is not OutputFormat.TEXT:
        _compare_folder(path, given, details, summary, form)
        return
    from pipeline.interop.batch import compare_file

    try:
        _, comparison = compare_file(path, given, section)
    except OSError as error:
        raise fail(f"{path}: {error.strerror}") from None
    except ValueError as error:
        raise fail(str(error)) from None
    typer.echo(comparison.report())
    if not comparison.agrees:
        raise typer.Exit(ExitCode.FINDINGS)


def _detect_nothing() -> Any:
    from pipeline.results.field_records import FieldOptions

    return FieldOptions()


def _compare_folder(
    folder: Path, given: Any, details: bool, summary: Path | None, form: OutputFormat
) -> None:
    import time

    from pipeline.cli.output import Listing, emit, stdout_console
    from pipeline.files import atomic_write_bytes
    from pipeline.interop.batch import (
        SUMMARY_HEADER,
        compare_files,
        results_files,
        summary_csv,
        summary_rows,
    )

    paths = results_files(folder) if folder.is_dir() else [folder]
    if not paths:
        raise fail(f"{folder}: no .pbn or .xml results files in this folder")
    aside = form is not OutputFormat.TEXT  # stdout carries the summary's data alone
    typer.echo(f"compare {folder}: {len(paths)} files", err=aside)
    start = time.perf_counter()
    done = [0]

    def progress(outcome: Any) -> None:
        done[0] += 1
        typer.echo(f"  [{done[0]:>{len(str(len(paths)))}}/{len(paths)}] {outcome.line()}",
                   err=aside)  # fmt: skip

    outcomes = compare_files(paths, given, progress)
    rows = summary_rows(outcomes, folder if folder.is_dir() else folder.parent)
    table = Listing("files", f"compare {folder}", tuple(SUMMARY_HEADER))
    for row in rows:
        table.add(*row)
    emit([table], form, stdout_console(data_elsewhere=aside))
    clean = sum(1 for o in outcomes if o.status == "clean")
    unreadable = sum(1 for o in outcomes if o.status == "unreadable")
    empty = sum(1 for o in outcomes if o.status == "no results")
    differing = len(outcomes) - clean - unreadable - empty
    typer.echo(
        f"{len(outcomes)} files: {clean} with no differences, {differing} with differences, "
        f"{unreadable} unreadable"
        + (f", {empty} with no results to compare" if empty else "")
        + f"; {time.perf_counter() - start:.1f} s",
        err=aside,
    )
    if details:
        for outcome in outcomes:
            if outcome.comparison is not None and not outcome.comparison.agrees:
                typer.echo("", err=aside)
                typer.echo(outcome.comparison.report(), err=aside)
    if summary is not None:
        try:
            atomic_write_bytes(summary, summary_csv(rows))
        except OSError as error:
            if cannot_write_reason(error):
                raise  # a full disk: exit 3 (pipeline.cli.main)
            raise fail(f"{summary}: {error.strerror}") from None
        typer.echo(f"wrote {summary}", err=aside)
    if unreadable:
        raise typer.Exit(ExitCode.BAD_INPUT)
    if differing:
        raise typer.Exit(ExitCode.FINDINGS)
