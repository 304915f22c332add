"""``bridgescan forms ...``: print travellers, blank forms, and synthetic scans.

- ``forms print EVENT_FILE -o travellers.pdf``: one traveller per board for a session's
  sections, the NS/EW pairs of each round pre-printed from the movement
  (scoring.movement: ``plays_of(board)``); or ``forms print --rows rows.csv`` with the rows
  given explicitly (columns board, round, ns, ew and optionally section).
- ``forms blank -o blank.pdf --boards 1-24``: generic travellers for clubs without an
  event file (board, dealer and vulnerability printed; players write the pairs);
  ``--movement '{type: mitchell, tables: 9, boards_per_round: 3}'`` (or ``--event FILE``)
  puts each board's meetings into the QR code, for a club that plays it every week.
- ``forms synth OUT_DIR -n 50``: filled and "scanned" travellers with ground truth.

Heavy modules (reportlab, cv2, pypdfium2) load inside the commands, so ``--help`` is
instant. Exit codes follow ``pipeline.cli.ExitCode``: 0 fine, 2 bad input.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pipeline.cli.disk import cannot_write_reason
from pipeline.cli.failing import fail, said
from pipeline.cli.options import Paper, PaperOption, output_file, output_folder
from pipeline.doors.scans.forms import (
    blank_meetings,
    parse_boards,
    travellers_from_csv,
    travellers_from_event,
)

if TYPE_CHECKING:
    from scoring.movement import Movement

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add the ``forms`` command group to the bridgescan app."""
    group = typer.Typer(
        help="Printable traveller forms (with QR code and markers) and synthetic scans.",
        no_args_is_help=True,
    )
    group.command("print")(print_forms)
    group.command("blank")(blank)
    group.command("synth")(synth)
    app.add_typer(group, name="forms")


def print_forms(
    event_file: Annotated[Path | None, typer.Argument(help="The event file (YAML).")] = None,
    output: Annotated[
        Path, typer.Option("-o", "--out", help="PDF to write.", callback=output_file)
    ] = Path("travellers.pdf"),
    session: Annotated[int, typer.Option("-s", "--session", help="Session number.")] = 1,
    section: Annotated[
        list[str] | None,
        typer.Option(metavar="NAME", help="Section to print (repeatable; default all)."),
    ] = None,
    rows: Annotated[
        Path | None,
        typer.Option(help="Instead of an event file: a CSV with board, round, ns, ew [, section]."),
    ] = None,
    paper: PaperOption = Paper.A4,
) -> None:
    """Print a session's travellers, pairs pre-printed, one PDF (one page per board)."""
    from ocr.qrpayload import QrPayloadError
    from ocr.render import RenderError, render_pdf

    if (event_file is None) == (rows is None):
        raise fail("give an event file or --rows ROWS.csv (one of them)")
    try:
        if event_file is not None:
            from pipeline.events.eventfile import EventFileError, load_event

            try:
                event = load_event(event_file)
                sheets = travellers_from_event(event, session, section)
            except EventFileError as error:
                raise fail(str(error)) from None
            except KeyError as error:
                raise fail(f"{event_file.name}: {error.args[0]}") from None
        else:
            assert rows is not None
            sheets = travellers_from_csv(rows, session=str(session))
            if section:
                sheets = [s for s in sheets if s.section in section]
        render_pdf(sheets, output, paper=paper.value)
    except (RenderError, QrPayloadError, ValueError, OSError) as error:
        if cannot_write_reason(error):
            raise  # a full disk: exit 3 (pipeline.cli.main)
        raise fail(said(error)) from None
    typer.echo(f"{len(sheets)} travellers ({paper.value}): {output}")


def blank(
    output: Annotated[
        Path, typer.Option("-o", "--out", help="PDF to write.", callback=output_file)
    ] = Path("blank-travellers.pdf"),
    boards: Annotated[
        str | None,
        typer.Option(help="Boards, e.g. 1-24 or 1-12,25-36 (default 1-32, or the movement's)."),
    ] = None,
    paper: PaperOption = Paper.A4,
    title: Annotated[str, typer.Option(help="Text printed in the header.")] = "",
    pairs: Annotated[
        str | None,
        typer.Option(
            help="The club's pair numbers, e.g. 1-18 (into the QR code: a form read without "
            "an event file then checks the handwritten pair numbers against them)."
        ),
    ] = None,
    movement: Annotated[
        str | None,
        typer.Option(
            help="The movement the club plays every week, as an event file writes it, e.g. "
            "'{type: mitchell, tables: 9, boards_per_round: 3}': each board's meetings go "
            "into the QR code, and the reader checks the written pairs against them."
        ),
    ] = None,
    event_file: Annotated[
        Path | None, typer.Option("--event", help="Instead of --movement: an event file's.")
    ] = None,
    session: Annotated[int, typer.Option("-s", "--session", help="With --event: the session.")] = 1,
    section: Annotated[
        str | None, typer.Option(help="With --event: the section (default: the only one).")
    ] = None,
) -> None:
    """Print generic travellers: board, dealer and vulnerability; pairs written by hand."""
    from ocr.qrpayload import QrPayloadError, parse_pair_ranges
    from ocr.render import RenderError, blank_sheets, render_pdf

    try:
        played = _blank_movement(movement, event_file, session, section)
        if played is not None and pairs is not None:
            raise ValueError("--pairs: the movement gives the pair numbers; leave --pairs out")
        meetings = None
        if played is not None:
            meetings = blank_meetings(played)
            numbers: tuple[int, ...] | None = played.pairs
            chosen = parse_boards(boards) if boards else list(played.boards)
            unplayed = [b for b in chosen if b not in meetings]
            if unplayed:
                raise ValueError(f"board {unplayed[0]} is not played in the movement")
        else:
            numbers = None if pairs is None else parse_pair_ranges(pairs.replace(" ", ""))
            chosen = parse_boards(boards or "1-32")
        sheets = blank_sheets(chosen, title=title, pairs=numbers, meetings=meetings)
        render_pdf(sheets, output, paper=paper.value)
    except (RenderError, QrPayloadError, ValueError, OSError) as error:
        if cannot_write_reason(error):
            raise  # a full disk: exit 3 (pipeline.cli.main)
        raise fail(said(error)) from None
    what = "" if played is None else " with the movement's meetings in the QR code"
    typer.echo(f"{len(sheets)} blank travellers{what} ({paper.value}): {output}")


def _slots(sheet: Any) -> list[Any]:
    """A printed traveller's rows as the synthetic filler's pair slots."""
    from ocr.training.synthetic.results import PairSlot

    return [PairSlot(r.round, r.ns_pair, r.ew_pair, r.players) for r in sheet.rows]


def _blank_movement(
    text: str | None, event_file: Path | None, session: int, section: str | None
) -> Movement | None:
    """The movement ``forms blank`` prints for: ``--movement`` written as in an event file,
    or a section of ``--event``'s session; None for generic forms. ValueError (with the
    file's message) for a bad one or both given."""
    from pipeline.events.eventfile import EventFileError, load_event, parse_movement

    if text is not None and event_file is not None:
        raise ValueError("give --movement or --event (one of them)")
    try:
        if text is not None:
            return parse_movement(text)
        if event_file is None:
            return None
        sitting = load_event(event_file).session(session)
    except (EventFileError, KeyError) as error:
        raise ValueError(str(error)) from None
    try:
        return sitting.only_or_named(section).movement
    except KeyError as error:
        names = ", ".join(p.name for p in sitting.sections)
        hint = " (--section)" if section is None else f" ({names})"
        raise ValueError(error.args[0] + hint) from None


def synth(
    out_dir: Annotated[
        Path,
        typer.Argument(help="Folder for page_NNNN.jpg/.png + .json.", callback=output_folder),
    ],
    count: Annotated[int, typer.Option("--count", "-n", help="Pages to make.")] = 16,
    split: Annotated[str, typer.Option(help="training or test handwriting/scans.")] = "training",
    seed: Annotated[int, typer.Option(help="Random seed (same seed, same files).")] = 0,
    paper: PaperOption = Paper.A4,
    event_file: Annotated[
        Path | None, typer.Option("--event", help="Fill this event's travellers instead.")
    ] = None,
    session: Annotated[int, typer.Option("-s", "--session", help="With --event: the session.")] = 1,
    blank_form: Annotated[
        bool, typer.Option("--blank-form", help="Fill generic forms (pairs written by hand).")
    ] = False,
    score_errors: Annotated[
        float, typer.Option(help="Share of rows where the player writes a wrong score.")
    ] = 0.0,
    dpi: Annotated[
        int | None, typer.Option(help="Fix the scan dpi (default: the split's).")
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", help="Worker processes (same files as one).")
    ] = 1,
    jobs: Annotated[
        int | None, typer.Option("--jobs", hidden=True, help="The same as --workers.")
    ] = None,  # its name before `batch`'s --workers was the one word for it
    bundle: Annotated[
        Path | None,
        typer.Option(
            help="Also write all pages into one multi-page .pdf or .tif (a batch scan).",
            callback=output_file,
        ),
    ] = None,
) -> None:
    """Make filled, scanned travellers with ground truth beside each page."""
    from ocr.training.synthetic.generate import SyntheticPage, generate_pages, generate_session
    from ocr.training.synthetic.sources import split_named
    from pipeline.cli.output import stdout_console
    from pipeline.cli.progress import stage_progress

    try:  # what was asked for is checked before the progress line is drawn
        chosen = split_named(split)
        if event_file is not None:
            from pipeline.events.eventfile import EventFileError, load_event

            try:
                sheets = travellers_from_event(load_event(event_file), session)
            except (EventFileError, KeyError) as error:
                raise fail(str(error)) from None
    except ValueError as error:
        raise fail(str(error)) from None
    total = len(sheets) if event_file is not None else count
    with stage_progress(stdout_console(), total) as progress:
        progress.stage("making pages")  # on screen from the first second: 500 take minutes
        try:
            if event_file is not None:
                pages: list[SyntheticPage] = []
                for sec in sorted({s.section for s in sheets}):
                    mine = [s for s in sheets if s.section == sec]
                    slots = {s.board: _slots(s) for s in mine}
                    pages += generate_session(
                        out_dir,
                        [s.board for s in mine],
                        slots=slots,
                        split=chosen,
                        seed=seed,
                        paper=paper.value,
                        event=mine[0].event,
                        session=str(session),
                        section=sec,
                        score_error_rate=score_errors,
                        dpi=dpi,
                        start_index=len(pages) + 1,
                        pdf_name=f"travellers_{sec}.pdf",
                    )
                    progress.advance(len(mine))
            else:
                pages = generate_pages(
                    out_dir,
                    count,
                    split=chosen,
                    seed=seed,
                    paper=paper.value,
                    blank_form=blank_form,
                    score_error_rate=score_errors,
                    dpi=dpi,
                    jobs=workers if jobs is None else jobs,
                    keep_images=bundle is not None,
                    on_pages=progress.advance,
                )
            if bundle is not None:
                from ocr.training.synthetic.bundle import write_bundle

                bundle.parent.mkdir(parents=True, exist_ok=True)
                write_bundle(pages, bundle)
                typer.echo(f"bundle: {bundle}")
        except (ValueError, OSError, RuntimeError) as error:
            if cannot_write_reason(error):
                raise  # a full disk: exit 3 (pipeline.cli.main)
            raise fail(said(error)) from None
    rows = sum(len(p.truth.rows) for p in pages)
    typer.echo(f"{len(pages)} pages, {rows} rows ({chosen.name} split): {out_dir}")
