"""``bridgescan import-pbn / import-usebio / export / compare / deals``: other programs' files.

Imports live inside the commands so ``bridgescan --help`` stays instant. Exit codes follow
``pipeline.cli.ExitCode``: 0 fine, 1 ``compare`` found differences, 2 the input could not
be read or the output not written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pipeline.cli.exit_codes import ExitCode

__all__ = ["register"]


def _solved(records: Any) -> Any:
    """Double-dummy tables and par, or exit 3 when the solver is not installed."""
    from pipeline.interop.deals import MissingSolverError, analyse

    try:
        return analyse(records)
    except MissingSolverError as error:
        raise _fail(str(error), 3) from None


def register(app: typer.Typer) -> None:
    """Add the interoperability commands to the bridgescan app."""
    app.command("import-pbn")(import_pbn)
    app.command("import-usebio")(import_usebio)
    app.command("export")(export)
    app.command("export-session")(export_session)
    app.command("compare")(compare)
    app.command("deals")(deals)


def _fail(message: str, code: int = ExitCode.BAD_INPUT) -> typer.Exit:
    typer.echo(message, err=True)
    return typer.Exit(code)


def _summary(session: object) -> list[str]:
    from pipeline.interop.records import Competition, ImportedSession
    from scoring.presentation import Presentation

    assert isinstance(session, ImportedSession)
    results = session.results
    adjusted = sum(1 for r in results if r.adjustment is not None)
    counts = sorted({len(b.results) for b in session.boards if b.results})
    entrants = {
        Competition.PAIRS: "pairs",
        Competition.INDIVIDUALS: "players",
        Competition.TEAMS: "teams",
    }[session.competition]
    phantoms = sum(1 for p in session.pairs if p.phantom)
    details = [
        "numbered per direction" if session.by_direction else "",
        f"{phantoms} phantom" if phantoms else "",
        f"sections {', '.join(session.sections)}" if len(session.sections) > 1 else "",
    ]
    detail = ", ".join(d for d in details if d)
    lines = [
        f"{session.source}: {session.format}"
        f"{' (' + session.program + ')' if session.program else ''}, "
        f"{session.event or 'no event name'}"
        f"{', ' + session.date if session.date else ''}, scoring {session.scoring.value}",
        f"  {len(session.boards)} boards, {len(results)} results ({adjusted} adjusted), "
        f"results per board {', '.join(map(str, counts)) or '-'}, "
        f"{len(session.sitouts)} sit-outs",
        f"  {len(session.pairs)} {entrants}{' (' + detail + ')' if detail else ''}"
        f", deals for {sum(1 for b in session.boards if b.deal)} boards",
    ]
    if session.presentation is Presentation.CENTRED:
        lines.append("  matchpoints printed centred on the average (points - top/2)")
    if any(p.cumulative_total is not None for p in session.pairs):
        lines.append("  totals for this session and cumulative over the event")
    lines += [f"  note: {note}" for note in session.notes]
    return lines


def _read(path: Path, expected: str | None = None, section: str | None = None) -> object:
    from pipeline.interop.formats import format_of, read_results

    try:
        if expected is not None and format_of(path.read_bytes(), str(path)) != expected:
            raise _fail(f"{path}: this is not a {expected} file")
        return read_results(path, section)
    except OSError as error:
        raise _fail(f"{path}: {error.strerror}") from None
    except ValueError as error:
        raise _fail(str(error)) from None


_Section = Annotated[
    str | None, typer.Option(help="Read one section of a PBN file with several (default: all).")
]


def import_pbn(
    file: Annotated[Path, typer.Argument(help="A PBN results file (PBN 2.0/2.1).")],
    section: _Section = None,
) -> None:
    """Read a PBN results file and summarise what it holds (boards, results, pairs)."""
    typer.echo("\n".join(_summary(_read(file, "PBN", section))))


def import_usebio(
    file: Annotated[Path, typer.Argument(help="A USEBIO 1.2 XML file.")],
) -> None:
    """Read a USEBIO 1.2 file and summarise what it holds."""
    typer.echo("\n".join(_summary(_read(file, "USEBIO"))))


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
    Path | None, typer.Option("--summary", help="For a folder: write the summary as CSV here.")
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
    section: _Section = None,
    details: _Details = False,
    summary: _SummaryCsv = None,
) -> None:
    """Re-score another program's results and report each difference beyond rounding.

    Options not given are detected from each file's figures, and the report says which it
    took from the file and which it assumed. A folder is searched for .pbn and .xml files;
    each is compared on its own, one line per file, then a summary table. Exit code 0: no
    differences; 1: differences found; 2: a file could not be read.
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
        raise _fail(f"bad option: {error}") from None
    if path.is_dir():
        _compare_folder(path, given, details, summary)
        return
    from pipeline.interop.batch import compare_file

    try:
        _, comparison = compare_file(path, given, section)
    except OSError as error:
        raise _fail(f"{path}: {error.strerror}") from None
    except ValueError as error:
        raise _fail(str(error)) from None
    typer.echo(comparison.report())
    if not comparison.agrees:
        raise typer.Exit(ExitCode.FINDINGS)


def _detect_nothing() -> Any:
    from pipeline.interop.rescored import RescoreOptions

    return RescoreOptions()


def _compare_folder(folder: Path, given: Any, details: bool, summary: Path | None) -> None:
    import time

    from rich.console import Console
    from rich.table import Table

    from pipeline.files import atomic_write_bytes
    from pipeline.interop.batch import (
        SUMMARY_HEADER,
        compare_files,
        results_files,
        summary_csv,
        summary_rows,
    )

    paths = results_files(folder)
    if not paths:
        raise _fail(f"{folder}: no .pbn or .xml results files in this folder")
    typer.echo(f"compare {folder}: {len(paths)} files")
    start = time.perf_counter()
    done = [0]

    def progress(outcome: Any) -> None:
        done[0] += 1
        typer.echo(f"  [{done[0]:>{len(str(len(paths)))}}/{len(paths)}] {outcome.line()}")

    outcomes = compare_files(paths, given, progress)
    rows = summary_rows(outcomes, folder)
    table = Table(*SUMMARY_HEADER, title=f"compare {folder}", show_lines=False)
    for row in rows:
        table.add_row(*row)
    Console(width=200, soft_wrap=False).print(table)
    clean = sum(1 for o in outcomes if o.status == "clean")
    unreadable = sum(1 for o in outcomes if o.status == "unreadable")
    typer.echo(
        f"{len(outcomes)} files: {clean} with no differences, "
        f"{len(outcomes) - clean - unreadable} with differences, {unreadable} unreadable; "
        f"{time.perf_counter() - start:.1f} s"
    )
    if details:
        for outcome in outcomes:
            if outcome.comparison is not None and not outcome.comparison.agrees:
                typer.echo("")
                typer.echo(outcome.comparison.report())
    if summary is not None:
        try:
            atomic_write_bytes(summary, summary_csv(rows))
        except OSError as error:
            raise _fail(f"{summary}: {error.strerror}") from None
        typer.echo(f"wrote {summary}")
    if unreadable:
        raise typer.Exit(ExitCode.BAD_INPUT)
    if clean < len(outcomes):
        raise typer.Exit(ExitCode.FINDINGS)


_Centred = Annotated[
    bool,
    typer.Option(
        "--centred",
        help="Print matchpoints centred on the average (points - top/2), as Norwegian clubs "
        "read them.",
    ),
]


def export(
    file: Annotated[Path, typer.Argument(help="A PBN or USEBIO results file.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Target: .pbn or .xml (USEBIO).")],
    rescore: Annotated[
        bool, typer.Option(help="Write bridgescan's own figures instead of the file's.")
    ] = True,
    deals_file: Annotated[
        Path | None, typer.Option("--deals", help="A deal file (PBN) to add hand records.")
    ] = None,
    section: _Section = None,
    double_dummy: Annotated[
        bool, typer.Option("--dd/--no-dd", help="With --deals: add DD tables and par (PBN).")
    ] = False,
    centred: _Centred = False,
) -> None:
    """Write a session as PBN 2.1 (with ScoreTable, TotalScoreTable, deals) or USEBIO 1.2."""
    from pipeline.interop.detection import detect_options
    from pipeline.interop.records import ImportedSession
    from pipeline.interop.rescore import apply_scores
    from pipeline.interop.rescore import rescore as rescore_session

    session = _read(file, section=section)
    assert isinstance(session, ImportedSession)
    session, hand_records = _with_deals(session, deals_file, double_dummy)
    if rescore or centred:
        options, _ = detect_options(session)
        try:
            scored = rescore_session(session, options)
        except ValueError as error:
            raise _fail(str(error)) from None
        session = apply_scores(session, scored)
        if centred:
            session = _centred(session, scored)
    _write(session, out, hand_records)


def _centred(session: Any, scored: Any) -> Any:
    from pipeline.interop.centred import as_centred

    return as_centred(session, scored)


def _with_deals(
    session: object, deals_file: Path | None, double_dummy: bool
) -> tuple[Any, dict[int, Any]]:
    """The session with the deal file's hands, and the hand records (analysed if asked)."""
    from dataclasses import replace

    from pipeline.interop.deals import read_deal_file
    from pipeline.interop.records import ImportedSession

    assert isinstance(session, ImportedSession)
    if deals_file is None:
        return session, {}
    try:
        records = read_deal_file(deals_file)
    except (OSError, ValueError) as error:
        raise _fail(f"{deals_file}: {error}") from None
    if double_dummy:
        records = _solved(records)
    hand_records = {r.board: r for r in records}
    boards = tuple(
        replace(b, deal=hand_records[b.number].deal) if b.number in hand_records else b
        for b in session.boards
    )
    return replace(session, boards=boards), hand_records


def _write(session: object, out: Path, hand_records: dict[int, Any]) -> None:
    from pipeline.files import atomic_write_bytes
    from pipeline.interop.formats import results_bytes
    from pipeline.interop.records import ImportedSession

    assert isinstance(session, ImportedSession)
    try:
        data = results_bytes(session, out, hand_records)
        atomic_write_bytes(out, data)
    except (OSError, ValueError) as error:
        raise _fail(f"{out}: {error}") from None
    typer.echo(f"wrote {out} ({len(data)} bytes)")


def export_session(
    event_file: Annotated[Path, typer.Argument(help="The event file (YAML).")],
    files: Annotated[list[Path], typer.Argument(help="The session's entry workbooks / CSVs.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Target: .pbn or .xml (USEBIO).")],
    session_number: Annotated[int, typer.Option("--session", help="Session number.")] = 1,
    deals_file: Annotated[
        Path | None, typer.Option("--deals", help="A deal file (PBN) to add hand records.")
    ] = None,
    double_dummy: Annotated[
        bool, typer.Option("--dd/--no-dd", help="With --deals: add DD tables and par (PBN).")
    ] = False,
    centred: _Centred = False,
) -> None:
    """Score a session of an event as ``bridgescan score`` does and write it as PBN/USEBIO.

    Matchpoint pairs sessions; the figures are the pipeline's own (Law 88, sit-outs,
    penalties included). Validation findings are not shown here: run ``score`` for those.
    """
    from pipeline.doors.session_input import read_session
    from pipeline.events.eventfile import load_event
    from pipeline.interop.from_event import session_from_scored
    from pipeline.results.pairs import score_pairs_session

    try:
        event = load_event(event_file)
        data = read_session(event, session_number, files)
        scored = score_pairs_session(event, event.session(session_number), data.rows)
        session = session_from_scored(event, scored, str(event_file))
    except OSError as error:
        raise _fail(f"{error.filename}: {error.strerror}") from None
    except (ValueError, KeyError) as error:
        raise _fail(str(error.args[0] if isinstance(error, KeyError) else error)) from None
    session, hand_records = _with_deals(session, deals_file, double_dummy)
    if centred:
        from pipeline.interop.detection import detect_options
        from pipeline.interop.rescore import rescore as rescore_session

        session = _centred(session, rescore_session(session, detect_options(session)[0]))
    _write(session, out, hand_records)


def deals(
    file: Annotated[Path, typer.Argument(help="Deal file: PBN, or lines '<board> N:<hands>'.")],
    double_dummy: Annotated[
        bool, typer.Option("--dd/--no-dd", help="Solve double dummy and par (endplay).")
    ] = True,
    xlsx: Annotated[
        Path | None, typer.Option(help="Write the hand records to this workbook.")
    ] = None,
) -> None:
    """Hand records from a deal file, with double-dummy tricks and par score per board."""
    from pipeline.interop.deals import STRAIN_ORDER, read_deal_file
    from scoring.contract import Seat

    try:
        records = read_deal_file(file)
    except OSError as error:
        raise _fail(f"{file}: {error.strerror}") from None
    except ValueError as error:
        raise _fail(str(error)) from None
    if double_dummy:
        records = _solved(records)
    for record in records:
        hands = "  ".join(
            f"{seat.value}:{hand.pbn()}"
            for seat, hand in zip(Seat, record.deal.hands, strict=True)
            if hand is not None
        )
        where = f"{record.dealer.value}, {record.vulnerability.value}"
        typer.echo(f"board {record.board} ({where}): {hands}")
        if record.double_dummy is not None and record.par is not None:
            dd = record.double_dummy
            table = "  ".join(
                f"{strain.value} " + "/".join(str(dd.get(strain, seat)) for seat in Seat)
                for strain in STRAIN_ORDER
            )
            typer.echo(f"  double dummy (N/E/S/W): {table}; par {record.par}")
    if xlsx is not None:
        import openpyxl

        from pipeline.files import atomic_write
        from pipeline.interop.deals import add_hand_records_sheet

        workbook = openpyxl.Workbook()
        workbook.remove(workbook.active)
        add_hand_records_sheet(workbook, records)
        atomic_write(xlsx, workbook.save)
        typer.echo(f"wrote {xlsx}")
