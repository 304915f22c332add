"""``bridgescan review list / resolve / import``: the review queue of doubtful readings.

``OUT`` is the output folder of ``run`` or ``scan read`` (its ``review/`` folder holds the
queue); decisions are records in the event store (``OUT/bridgescan.sqlite`` or
``--store``), never a file. A decision is checked against Law 77 and the movement before it
is taken; a later decision on the same item replaces the earlier one. The logic is in
``pipeline.doors.scans.review*`` (the web console calls the same functions); this module
parses and prints. Every command verifies the record first (the store and the files OUT
published: pipeline/corrections/record_check.py). Exit codes: 0 done (``list``: no item
open), 1 (``list``) items still open, as every command says something waits, 2 a refused or
unreadable decision (nothing recorded), 3 the clock is behind the store's last record, 4
the event store is broken or a published file was changed, 6 the store is newer than this
bridgescan.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.failing import fail
from pipeline.cli.store import StoreOption, resolve_store, store_errors

if TYPE_CHECKING:
    from pipeline.doors.scans.review import Decision, ReviewItem
    from pipeline.store import EventStore

__all__ = ["register"]

_Out = Annotated[Path, typer.Argument(help="The output folder of `run` or `scan read`.")]


def register(app: typer.Typer) -> None:
    """Add the ``review`` command group."""
    review = typer.Typer(help="The review queue of doubtful readings.", no_args_is_help=True)
    review.command("list", no_args_is_help=True)(review_list)
    review.command("resolve", no_args_is_help=True)(review_resolve)
    review.command("import", no_args_is_help=True)(review_import)
    app.add_typer(review, name="review")


def _open(out: Path, store: str | None) -> tuple[Path, tuple[ReviewItem, ...], EventStore]:
    """The queue folder, its items and the event store of an output folder (which must
    exist: decisions are recorded beside the readings they decide)."""
    from pipeline.flows.collector import collector_paused

    with collector_paused():  # no collection while the store and results model load
        from pipeline.corrections.record_check import open_checked
        from pipeline.doors.scans.review import ReviewError
        from pipeline.doors.scans.review_queue_file import find_queue, load_queue

    try:
        folder = find_queue(out)
        items = load_queue(folder)
    except ReviewError as exc:
        raise fail(str(exc)) from exc
    root = folder.parent if folder.name == "review" else folder
    location = resolve_store(store, root)
    with store_errors("nothing was recorded; `bridgescan audit verify` lists every problem"):
        opened = open_checked(root, location)  # verified before it is read or extended
    if opened is None:
        raise fail(f"{location}: the event store is empty or missing")
    return folder, items, opened


def _zone(store: EventStore) -> str:
    """The event's time zone ("" before an event is recorded: the machine's own)."""
    from pipeline.corrections.records import EVENT

    record = store.latest(EVENT, EVENT)
    return record.value.time_zone if record is not None else ""


def _at(when: str, zone: str) -> str:
    """A decision's time (stored as ISO UTC) in the event's zone, as every time is shown."""
    from pipeline.clock import local_text, parse_instant, zone_name

    return f"{local_text(parse_instant(when), zone, seconds=True)} ({zone_name(zone)})"


def _show(
    item: ReviewItem, state: str, decision: Decision | None, replaced: int, zone: str
) -> None:
    typer.echo(f"{item.id}  {item.where}: {'; '.join(item.reasons)}")
    if item.written:
        read = ", ".join(f"{score:+d} (p={p:.2f})" for score, p in item.written)
        typer.echo(f"    written score as read: {read}")
    for k, candidate in enumerate(item.candidates, start=1):
        sure = "" if candidate.probability is None else f", p={candidate.probability:.3f}"
        flag = "" if candidate.fits else "  DOES NOT FIT: " + "refused unless overridden"
        typer.echo(f"    candidate {k}: {candidate.text}  ({candidate.why}{sure}){flag}")
    if item.kind == "page":
        typer.echo("    values: reject | keep | board N")
    if decision is not None:
        override = f"; OVERRIDE of: {'; '.join(decision.overridden)}" if decision.override else ""
        earlier = f"; replaces {replaced} earlier decision(s)" if replaced else ""
        typer.echo(f"    decided: {decision.value} by {decision.who} at {_at(decision.when, zone)} "
                   f"({decision.source}{earlier}{override})")  # fmt: skip
    elif state == "closed":
        typer.echo("    closed: its page was rejected")


def review_list(
    out: _Out,
    all_items: Annotated[bool, typer.Option("--all", help="Also decided items.")] = False,
    store: StoreOption = None,
) -> None:
    """Show the review items still open (or all of them), with their candidates."""
    from pipeline.doors.scans.review import item_state
    from pipeline.doors.scans.review_decisions import current_decisions, decision_history

    _, items, kept = _open(out, store)
    with kept:
        decisions = current_decisions(kept)
        zone = _zone(kept)
        states = {item.id: item_state(item, items, decisions) for item in items}
        for item in items:
            if all_items or states[item.id] == "open":
                earlier = len(decision_history(kept, item.id)) - 1 if item.id in decisions else 0
                _show(item, states[item.id], decisions.get(item.id), earlier, zone)
    still = sum(1 for state in states.values() if state == "open")
    typer.echo(f"{still} open of {len(items)} item(s)")
    if still:  # the house's exit 1: done, and something waits for the director
        raise typer.Exit(ExitCode.FINDINGS)


def review_resolve(
    out: _Out,
    item: Annotated[str, typer.Argument(help="Item id, as `review list` shows it.")],
    by: Annotated[str, typer.Option("--by", help="Who decides (recorded).")],
    value: Annotated[
        str,
        typer.Option(
            help='A row ("3-12 4HX N -1 -200"), "candidate N" or "reject"; for a '
            'page "keep", "board N" or "reject".'
        ),
    ],
    note: Annotated[str, typer.Option(help="Why (recorded; needed with --override).")] = "",
    override: Annotated[
        bool,
        typer.Option(
            "--override",
            help="Take it although it does not fit Law 77 or "
            "the movement (recorded as an override).",
        ),
    ] = False,
    store: StoreOption = None,
) -> None:
    """Record a decision on a review item; it replaces any earlier decision on that item."""
    from pipeline.doors.scans.review import ReviewError, open_items
    from pipeline.doors.scans.review_corrections import store_corrections
    from pipeline.doors.scans.review_decisions import current_decisions, decide, decision_history
    from pipeline.doors.scans.review_queue_file import queue_lock, write_queue

    folder, items, kept = _open(out, store)
    with kept, store_errors("nothing was recorded"):
        try:
            decision = decide(kept, items, item, by, value, note=note, override=override)
        except ReviewError as exc:
            raise fail(f"{exc}\nnothing was recorded") from None
        history = decision_history(kept, item)  # in the store's order: the one replaced
        mine = max(i for i, d in enumerate(history) if d == decision)
        before = history[mine - 1] if mine > 0 else None
        zone = _zone(kept)
        with queue_lock(folder):  # the latest decisions, in the store's order
            decisions = current_decisions(kept)
            write_queue(items, folder, decisions)
    chosen = next(i for i in items if i.id == item)
    if chosen.kind == "row" and decision.value != "reject":
        from pipeline.doors.scans.review_values import parse_row_value

        store_corrections(chosen, parse_row_value(decision.value), folder)
    flag = " OVERRIDE" if decision.override else ""
    typer.echo(f"{decision.item}: {decision.value} (by {decision.who}, "
               f"{_at(decision.when, zone)}){flag}")  # fmt: skip
    if before is not None:
        typer.echo(f"  replaces: {before.value} (by {before.who}, {_at(before.when, zone)})")
    left = len(open_items(items, decisions))
    typer.echo(f"{left} item(s) still open; run again to publish the results with it")


def review_import(
    out: _Out,
    file: Annotated[Path, typer.Argument(help="A filled-in review.xlsx, or a decisions.jsonl.")],
    by: Annotated[
        str, typer.Option("--by", help="Who decided, where the By column is empty.")
    ] = "",
    override: Annotated[
        bool, typer.Option("--override", help="Take decisions that do not fit (each needs a Note).")
    ] = False,
    store: StoreOption = None,
) -> None:
    """Import decisions from a filled-in review sheet: all checked, all recorded, or none."""
    from pipeline.doors.scans.review import ReviewError
    from pipeline.doors.scans.review_decisions import current_decisions
    from pipeline.doors.scans.review_queue_file import queue_lock, write_queue
    from pipeline.doors.scans.review_sheet import import_decisions

    folder, items, kept = _open(out, store)
    with kept, store_errors("nothing was imported"):
        try:
            taken = import_decisions(kept, items, file, by, override=override)
        except ReviewError as exc:
            raise fail(f"{exc}") from None
        with queue_lock(folder):  # the latest decisions, in the store's order
            write_queue(items, folder, current_decisions(kept))
    for decision in taken:
        typer.echo(f"{decision.item}: {decision.value} (by {decision.who})")
    typer.echo(f"{len(taken)} decision(s) imported from {file}; run again to publish with them")
