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
    from pipeline.interop.records import ImportedSession

    assert isinstance(session, ImportedSession)
    results = session.results
    adjusted = sum(1 for r in results if r.adjustment is not None)
    counts = sorted({len(b.results) for b in session.boards if b.results})
    lines = [
        f"{session.source}: {session.format}, {session.event or 'no event name'}"
        f"{', ' + session.date if session.date else ''}, scoring {session.scoring.value}",
        f"  {len(session.boards)} boards, {len(results)} results ({adjusted} adjusted), "
        f"results per board {', '.join(map(str, counts)) or '-'}",
        f"  {len(session.pairs)} pairs{' (numbered per direction)' if session.by_direction else ''}"
        f", deals for {sum(1 for b in session.boards if b.deal)} boards",
    ]
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
    str | None, typer.Option(help="Section of a PBN file with several (default: the first).")
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


def _options(
    scale: str | None,
    neuberg_rounding: str | None,
    adjusted: str | None,
    method: str | None,
    normal: int | None,
    session: object,
) -> object:
    from dataclasses import replace

    from pipeline.interop.compare import detect_options
    from pipeline.interop.records import ImportedSession, Scoring
    from scoring.matchpoints import Scale
    from scoring.options import AdjustedRounding, Rounding

    assert isinstance(session, ImportedSession)
    options, _ = detect_options(session)
    scoring = options.scoring
    try:
        if scale:
            scoring = replace(scoring, scale=Scale(scale))
        if neuberg_rounding:
            scoring = replace(scoring, neuberg_rounding=Rounding(neuberg_rounding))
        if adjusted:
            scoring = replace(scoring, adjusted_rounding=AdjustedRounding(adjusted))
        if method:
            names = {"mp": "MP", "cross-imp": "CROSS_IMP", "butler": "BUTLER"}
            options = replace(options, method=Scoring(names[method.lower()]))
    except (ValueError, KeyError) as error:
        raise _fail(f"bad option: {error}") from None
    options = replace(options, scoring=scoring)
    if normal is not None:
        options = replace(options, normal=normal)
    return options


_Scale = Annotated[str | None, typer.Option(help="Matchpoint scale: 2-1-0 or 1-0.5-0.")]
_Rounding = Annotated[str | None, typer.Option(help="Neuberg rounding: exact, 0.1 or 0.01.")]
_Adjusted = Annotated[
    str | None, typer.Option(help="Artificial scores: plain or swedish (seed 004).")
]
_Method = Annotated[str | None, typer.Option(help="mp, cross-imp or butler.")]
_Normal = Annotated[int | None, typer.Option(help="Results per board for Neuberg (N).")]


def compare(
    file: Annotated[Path, typer.Argument(help="A PBN or USEBIO file scored elsewhere.")],
    scale: _Scale = None,
    neuberg_rounding: _Rounding = None,
    adjusted: _Adjusted = None,
    method: _Method = None,
    normal: _Normal = None,
    section: _Section = None,
) -> None:
    """Re-score another program's session and report each difference beyond rounding.

    Options not given are detected from the file's figures. Exit code 1 when differences
    are found.
    """
    from pipeline.interop.compare import compare_session

    session = _read(file, section=section)
    given = any(v is not None for v in (scale, neuberg_rounding, adjusted, method, normal))
    options = None
    if given:
        options = _options(scale, neuberg_rounding, adjusted, method, normal, session)
    comparison = compare_session(session, options)  # type: ignore[arg-type]
    typer.echo(comparison.report())
    if not comparison.agrees:
        raise typer.Exit(ExitCode.FINDINGS)


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
) -> None:
    """Write a session as PBN 2.1 (with ScoreTable, TotalScoreTable, deals) or USEBIO 1.2."""
    from pipeline.interop.compare import detect_options
    from pipeline.interop.records import ImportedSession
    from pipeline.interop.rescore import apply_scores
    from pipeline.interop.rescore import rescore as rescore_session

    session = _read(file, section=section)
    assert isinstance(session, ImportedSession)
    session, hand_records = _with_deals(session, deals_file, double_dummy)
    if rescore:
        options, _ = detect_options(session)
        try:
            session = apply_scores(session, rescore_session(session, options))
        except ValueError as error:
            raise _fail(str(error)) from None
    _write(session, out, hand_records)


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
