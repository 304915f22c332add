"""``bridgescan correct OUT ...`` and ``bridgescan versions OUT``: the correction period.

``correct`` changes one result line of a published event (contract, declarer, result, the
score as written, the pair numbers or the adjusted score), or the decision on a review item
(``--review-item ID --value 'candidate 2'``), naming who (``--by``, ``--role``)
and why (``--reason``); after the correction period only with ``--override`` naming the
director and the organizer (Law 79C2). It re-scores the whole event, publishes the next
version and prints what changed. ``versions`` lists every version with its correction
deadlines and whether they have passed. The work is done by ``pipeline.corrections``; this
module parses and prints.

Exit codes (``pipeline.cli.ExitCode``): 0 accepted and published; 2 refused (bad, or after
the period), nothing changed; 4 the event store fails verification, nothing changed; 5 the
results changed since you looked (``--seen-version``, or another scorer corrected the same
line at the same moment), nothing changed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.output import FormatOption, OutputFormat
from pipeline.cli.store import StoreOption

if TYPE_CHECKING:
    from rich.console import Console

    from pipeline.cli.output import Listing
    from pipeline.results.publication import ChangeReport, PublicationView
    from pipeline.store import EventStore

__all__ = [
    "register",
    "correct_command",
    "versions_command",
    "open_store",
    "publication_lines",
    "change_listings",
]


class RoleChoice(StrEnum):
    """Who may make a correction (pipeline.corrections.records.Role), as --help lists it."""

    SCORER = "scorer"
    DIRECTOR = "director"
    ORGANIZER = "organizer"


@contextmanager
def open_store(
    out: Path, store: str | None, errors: Console, *, verified: bool = True
) -> Iterator[EventStore]:
    """The event store of an output folder (``--store``, ``BRIDGESCAN_STORE``, else
    OUT/bridgescan.sqlite), verified with what OUT published before anything is read or
    added (pipeline/corrections/record_check.py; ``verified=False`` for ``audit verify``,
    which lists every problem itself): exit 2 when there is none and nothing was published
    from one; a broken store, a store gone while OUT holds versions, or a changed published
    file exits 4; a store that cannot be reached 3."""
    from pipeline.cli.store import resolve_store, store_errors
    from pipeline.flows.collector import collector_paused

    with collector_paused():  # no collection while the store and results model load
        from pipeline.corrections.record_check import open_checked

    location = resolve_store(store, out)
    with store_errors("nothing was changed; `bridgescan audit verify` lists every problem"):
        opened = open_checked(out, location, verified=verified)
        if opened is None:
            commands = "`bridgescan run` or `bridgescan score`"
            give = f"give the output folder of {commands}"
            why = f"{location}: no event store here; publish the event first ({commands})"
            if not out.exists():
                why = f"{out}: no such folder; {give}"
            elif not out.is_dir():
                why = f"{out}: it is a file, not a folder; {give}"
            errors.print(f"error: {why}", markup=False, soft_wrap=True)
            raise typer.Exit(ExitCode.BAD_INPUT)
        with opened:
            yield opened


def _left(deadline: datetime, at: datetime) -> str:
    seconds = int((deadline - at).total_seconds())
    if seconds <= 0:
        return "ended"
    hours, rest = divmod(seconds, 3600)
    minutes = (rest + 59) // 60
    return f"open, {hours} h {minutes} min left" if hours else f"open, {minutes} min left"


def publication_lines(view: PublicationView, at: datetime | None = None) -> list[str]:
    """The version, its time, and each session's correction period, as the terminal shows
    them; ``at`` (now) says whether each period is still open."""
    from pipeline.clock import local_text, zone_name

    zone = view.time_zone
    lines = [
        f"Version {view.version}, published {local_text(view.published_at, zone)} "
        f"({zone_name(zone)}): {view.cause}" + (" [Law 79C2 override]" if view.late else "")
    ]
    for s in view.sessions:
        if s.official_at is None or s.deadline is None:
            waiting = []
            if s.open_items:
                waiting.append(f"{len(s.open_items)} review item(s) open")
            if s.blocking:
                waiting.append(f"{s.blocking} finding(s) block it")
            lines.append(f"  {s.name}: PROVISIONAL ({', '.join(waiting)}); no correction "
                         "period runs until it is official")  # fmt: skip
            continue
        state = _left(s.deadline, at) if at is not None else ("ended" if s.passed else "open")
        line = (
            f"  {s.name}: official since {local_text(s.official_at, zone)}; corrections until "
            f"{local_text(s.deadline, zone)} ({state}; {s.rule}, Law 79C1)"
        )
        for board, until in s.reopened:
            line += f"; board {board} reopened until {local_text(until, zone)} (Law 92B)"
        lines.append(line)
    return lines


def change_listings(report: ChangeReport) -> list[Listing]:
    """The change report as listings: the lines, then the pairs that moved (names are in
    the workbook's Changes sheet). Matchpoints and masterpoints are spelt out: "MP" would
    be either."""
    from pipeline.cli.output import Listing
    from pipeline.publish.workbook.layout import fmt

    def moved(before: object, after: object, places: int = 1) -> str:
        def text(value: object) -> str:
            return "-" if value is None else fmt(value, places)  # type: ignore[arg-type]

        return f"{text(before)} -> {text(after)}"

    def delta(value: object, places: int = 1) -> str:
        if value is None or value == 0:
            return ""
        text = fmt(value, places)  # type: ignore[arg-type]
        return text if text.startswith("-") else f"+{text}"

    listings: list[Listing] = []
    if report.lines:
        lines = Listing(
            "lines", f"What changed from version {report.previous} to {report.version}",
            ("Session", "Board", "NS-EW", "Before", "After", "NS matchpoints",
             "EW matchpoints"),
        )  # fmt: skip
        for c in report.lines:
            lines.add(
                c.session, c.board, f"{c.ns_pair}-{c.ew_pair}", c.before or "-",
                c.after or "-", moved(c.ns_mp_before, c.ns_mp_after),
                moved(c.ew_mp_before, c.ew_mp_after),
            )  # fmt: skip
        listings.append(lines)
    if report.pairs:
        pairs = Listing(
            "pairs", "Pairs whose results moved (after, and by how much)",
            ("Ranking", "Pair", "Points", "Points +/-", "%", "% +/-", "Place", "Masterpoints"),
        )  # fmt: skip
        for p in report.pairs:
            pairs.add(
                "overall" if p.session is None else f"S{p.session}", p.pair,
                fmt(p.points_after), delta(p.points_delta), fmt(p.percent_after, 2),
                delta(p.percent_delta, 2), f"{p.place_before or '-'} -> {p.place_after or '-'}",
                "" if not p.masterpoints_delta else
                f"{fmt(p.masterpoints_before or 0, 0)} -> {fmt(p.masterpoints_after or 0, 0)}",
            )  # fmt: skip
        listings.append(pairs)
    return listings


def correct_command(
    out: Annotated[Path, typer.Argument(help="The event's output folder (as `run`/`score` -o).")],
    by: Annotated[str, typer.Option(help="Who makes the correction (name).")],
    role: Annotated[RoleChoice, typer.Option(help="Their role.", case_sensitive=False)],
    reason: Annotated[str, typer.Option(help="Why: what was wrong.")],
    board: Annotated[int | None, typer.Option(help="Board number.")] = None,
    ns: Annotated[int | None, typer.Option(help="NS pair of the line, as published.")] = None,
    ew: Annotated[int | None, typer.Option(help="EW pair of the line, as published.")] = None,
    session: Annotated[
        int | None,
        typer.Option("-s", "--session", help="Session number (needed when the event has several)."),
    ] = None,
    review_item: Annotated[
        str | None,
        typer.Option(help="Decide a review item again (or a scanned row), e.g. session1.pdf#p6r5."),
    ] = None,
    value: Annotated[
        str | None,
        typer.Option(help="With --review-item: 'candidate N', a row ('4S S = 620') or 'reject'."),
    ] = None,
    section: Annotated[
        str | None, typer.Option(help="Section, when the session has several.")
    ] = None,
    contract: Annotated[str | None, typer.Option(help="Contract: 4S, 3NTX, 2HXX, PASS.")] = None,
    declarer: Annotated[str | None, typer.Option(help="Declarer: N, E, S, W (Ø/Ö/V too).")] = None,
    result: Annotated[str | None, typer.Option(help="Result: =, +1, -2 or tricks (10).")] = None,
    score: Annotated[
        int | None,
        typer.Option(help="NS score as written; must fit Law 77.", min=-10000, max=10000),
    ] = None,
    new_ns: Annotated[int | None, typer.Option(help="The right NS pair number.")] = None,
    new_ew: Annotated[int | None, typer.Option(help="The right EW pair number.")] = None,
    adjusted: Annotated[
        str | None, typer.Option(help="Adjusted score (A60/40, +420/-100), or 'none' to remove.")
    ] = None,
    ruling: Annotated[
        bool,
        typer.Option("--ruling", help="A changed ruling (Law 92B, director): reopens the board."),
    ] = False,
    override: Annotated[
        bool,
        typer.Option(
            "--override", help="Law 79C2: after the period; needs --director and --organizer."
        ),
    ] = False,
    director: Annotated[str | None, typer.Option(help="Law 79C2: the director, by name.")] = None,
    organizer: Annotated[str | None, typer.Option(help="Law 79C2: the organizer, by name.")] = None,
    seen_version: Annotated[
        int | None, typer.Option(help="The version you looked at: refused if it is not current.")
    ] = None,
    store: StoreOption = None,
    form: FormatOption = OutputFormat.TEXT,
) -> None:
    """Correct one result line and publish the next version (Law 79C)."""  # noqa: D401
    from pipeline.cli.output import stderr_console, stdout_console
    from pipeline.flows.collector import collector_paused

    with collector_paused():  # no collection while they load
        from pipeline.corrections import (
            CorrectionRefused,
            LateOverride,
            LineCorrection,
            NothingPublished,
            ResultsChanged,
            Role,
            Signature,
            correct,
        )

    console = stdout_console(data_elsewhere=form is not OutputFormat.TEXT)
    errors = stderr_console()

    def refuse(message: str, code: ExitCode = ExitCode.BAD_INPUT) -> typer.Exit:
        errors.print(f"refused: {message}", markup=False, highlight=False, soft_wrap=True)
        errors.print("nothing was changed", markup=False)
        return typer.Exit(code)

    if override and not (director and organizer):
        raise refuse("a Law 79C2 override (--override) needs --director NAME and --organizer NAME")
    if (director or organizer) and not override:
        raise refuse("--director/--organizer name a Law 79C2 override: add --override")
    try:
        signature = Signature(
            by, Role.parse(role.value), reason,
            LateOverride(director or "", organizer or "") if override else None,
        )  # fmt: skip
    except ValueError as error:
        raise refuse(str(error)) from None
    if review_item is not None:
        if value is None or any(
            v is not None
            for v in (board, ns, ew, contract, declarer, result, score, new_ns, new_ew, adjusted)
        ):
            raise refuse("--review-item takes --value ('candidate N', a row, or 'reject') and "
                         "no line options")  # fmt: skip
    elif board is None or ns is None or ew is None:
        raise refuse("name the line with --board, --ns and --ew (or a scanned row with "
                     "--review-item and --value)")  # fmt: skip
    from pipeline.cli.disk import exits_when_the_disk_is_full

    with (
        exits_when_the_disk_is_full(out, "nothing was changed"),
        open_store(out, store, errors) as opened,
    ):  # noqa: E501
        try:
            if review_item is not None:
                from pipeline.corrections import ReviewItemCorrection, correct_review_item

                request_item = ReviewItemCorrection(review_item, value or "", seen_version)
                outcome = correct_review_item(opened, out, request_item, signature)
            else:
                assert board is not None and ns is not None and ew is not None
                if session is None:
                    session = _only_session(opened, errors)
                request = LineCorrection(
                    session, board, ns, ew, section, contract, declarer, result, score, new_ns,
                    new_ew, adjusted, ruling, seen_version,
                )  # fmt: skip
                outcome = correct(opened, out, request, signature)
        except ResultsChanged as error:
            raise refuse(str(error), ExitCode.CONFLICT) from None
        except (CorrectionRefused, NothingPublished, KeyError) as error:
            raise refuse(str(error.args[0] if error.args else error)) from None
    _report(outcome, console, form)


def _only_session(store: EventStore, errors: Console) -> int:
    from pipeline.corrections.records import EVENT

    record = store.latest(EVENT, EVENT)
    numbers = [s.number for s in record.value.sessions] if record is not None else []
    if len(numbers) != 1:
        errors.print(f"refused: the event has sessions {', '.join(map(str, numbers))}: give "
                     "--session", markup=False)  # fmt: skip
        raise typer.Exit(ExitCode.BAD_INPUT)
    return numbers[0]


def _report(outcome: object, console: Console, form: OutputFormat) -> None:
    from pipeline.cli.output import emit
    from pipeline.clock import now
    from pipeline.corrections import basis_text, line_text

    correction = outcome.correction  # type: ignore[attr-defined]
    published = outcome.published  # type: ignore[attr-defined]
    view = published.results.publication
    after = line_text(correction.after) if correction.after is not None else "(taken off)"
    item = f" (review item {correction.review_item})" if correction.review_item else ""
    console.print(
        f"Correction {correction.number} accepted: session {correction.session}, board "
        f"{correction.board}{item}: {line_text(correction.before) or '(no result)'} -> {after}",
        markup=False, highlight=False, soft_wrap=True,
    )  # fmt: skip
    console.print(
        f"  by {correction.by} ({correction.role}): {correction.reason}; "
        f"{basis_text(correction, view.time_zone)}",
        markup=False, highlight=False, soft_wrap=True,
    )  # fmt: skip
    if correction.reopens_until is not None:
        from pipeline.clock import local_text

        console.print(f"  changed ruling (Law 92B): board {correction.board} open for "
                      f"corrections until {local_text(correction.reopens_until, view.time_zone)}",
                      markup=False, highlight=False)  # fmt: skip
    emit(change_listings(outcome.changes), form, console)  # type: ignore[attr-defined]
    for line in publication_lines(view, now()):
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    console.print(f"files     {published.folder}", markup=False, highlight=False, soft_wrap=True)


def versions_command(
    out: Annotated[Path, typer.Argument(help="The event's output folder.")],
    store: StoreOption = None,
    form: FormatOption = OutputFormat.TEXT,
) -> None:
    """List every published version with its correction deadlines (open or ended)."""
    from pipeline.cli.output import Listing, emit, stderr_console, stdout_console
    from pipeline.clock import local_text, now
    from pipeline.flows.collector import collector_paused

    with collector_paused():  # no collection while they load
        from pipeline.corrections import publication_view, versions
    from pipeline.corrections.records import EVENT
    from pipeline.store.clock_floor import CLOCK_KEY, CLOCK_KIND

    console = stdout_console(data_elsewhere=form is not OutputFormat.TEXT)
    errors = stderr_console()
    with open_store(out, store, errors) as opened:
        history = versions(opened)
        event_record = opened.latest(EVENT, EVENT)
        clocks = opened.history(CLOCK_KIND, CLOCK_KEY)
    if not history or event_record is None:
        errors.print(f"error: nothing has been published in {out} yet", markup=False)
        raise typer.Exit(ExitCode.BAD_INPUT)
    event = event_record.value
    table = Listing("versions", f"{event.name}: published versions",
                    ("Version", "Published", "Cause", "By", "Late (79C2)"))  # fmt: skip
    for entry in history:
        p = entry.publication
        table.add(p.version, local_text(p.published_at, p.time_zone), p.cause, p.by,
                  "yes" if p.late else "")  # fmt: skip
    emit([table], form, console)
    for record in clocks:  # the versions are in time order but across these
        after = next((e.publication.version for e in history if e.seq > record.seq), None)
        said, last = (local_text(datetime.fromisoformat(record.value[name]), event.time_zone)
                      for name in ("clock_at", "last_record_at"))  # fmt: skip
        text = (
            f"clock correction before version {after}, by {record.actor}: {record.reason} "
            f"(the clock said {said}, the store's last record was made at {last})"
        )
        console.print(text, markup=False, highlight=False, soft_wrap=True)
    for line in publication_lines(publication_view(history[-1].publication, event), now()):
        console.print(line, markup=False, highlight=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    """Add ``bridgescan correct`` and ``bridgescan versions``."""
    app.command("correct", no_args_is_help=True)(correct_command)
    app.command("versions", no_args_is_help=True)(versions_command)
