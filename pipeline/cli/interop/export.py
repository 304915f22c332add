"""``bridgescan export / export-session``: write results as PBN 2.1 or USEBIO 1.2.

``export`` converts another program's file (re-scored by bridgescan unless told not to);
``export-session`` scores a session of our own event as ``bridgescan score`` does. Both
can add hand records from a deal file (with double-dummy tables) and print matchpoints
centred on the average.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pipeline.cli.disk import cannot_write_reason
from pipeline.cli.interop.inputs import SectionOption, fail, read_results_file, solved
from pipeline.cli.options import output_file

__all__ = ["export", "export_session"]


CentredOption = Annotated[
    bool,
    typer.Option(
        "--centred",
        help="Print matchpoints centred on the average (points - top/2), as Norwegian clubs "
        "read them.",
    ),
]


def export(
    file: Annotated[Path, typer.Argument(help="A PBN or USEBIO results file.")],
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="Target: .pbn or .xml (USEBIO).", callback=output_file),
    ],
    rescore: Annotated[
        bool, typer.Option(help="Write bridgescan's own figures instead of the file's.")
    ] = True,
    deals_file: Annotated[
        Path | None, typer.Option("--deals", help="A deal file (PBN) to add hand records.")
    ] = None,
    section: SectionOption = None,
    double_dummy: Annotated[
        bool, typer.Option("--dd/--no-dd", help="With --deals: add DD tables and par (PBN).")
    ] = False,
    centred: CentredOption = False,
) -> None:
    """Write a session as PBN 2.1 (with ScoreTable, TotalScoreTable, deals) or USEBIO 1.2."""
    from pipeline.interop.apply import apply_scores
    from pipeline.interop.detection import detect_options
    from pipeline.interop.records import ImportedSession
    from pipeline.interop.score import rescore as rescore_session

    session = read_results_file(file, section=section)
    assert isinstance(session, ImportedSession)
    session, hand_records = _with_deals(session, deals_file, double_dummy)
    if rescore or centred:
        options, _ = detect_options(session)
        try:
            scored = rescore_session(session, options)
        except ValueError as error:
            raise fail(str(error)) from None
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
        raise fail(f"{deals_file}: {error}") from None
    if double_dummy:
        records = solved(records)
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
        if cannot_write_reason(error):
            raise  # a full disk: exit 3 (pipeline.cli.main)
        if isinstance(error, OSError):
            raise fail(f"{out}: {error.strerror or error}") from None
        raise fail(str(error)) from None  # an InteropError names the file itself
    typer.echo(f"wrote {out} ({len(data)} bytes)")


def export_session(
    event_file: Annotated[Path, typer.Argument(help="The event file (YAML).")],
    files: Annotated[list[Path], typer.Argument(help="The session's entry workbooks / CSVs.")],
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="Target: .pbn or .xml (USEBIO).", callback=output_file),
    ],
    session_number: Annotated[int, typer.Option("-s", "--session", help="Session number.")] = 1,
    deals_file: Annotated[
        Path | None, typer.Option("--deals", help="A deal file (PBN) to add hand records.")
    ] = None,
    double_dummy: Annotated[
        bool, typer.Option("--dd/--no-dd", help="With --deals: add DD tables and par (PBN).")
    ] = False,
    centred: CentredOption = False,
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
        raise fail(f"{error.filename}: {error.strerror}") from None
    except (ValueError, KeyError) as error:
        raise fail(str(error.args[0] if isinstance(error, KeyError) else error)) from None
    session, hand_records = _with_deals(session, deals_file, double_dummy)
    if centred:
        from pipeline.interop.detection import detect_options
        from pipeline.interop.score import rescore as rescore_session

        session = _centred(session, rescore_session(session, detect_options(session)[0]))
    _write(session, out, hand_records)
