"""Corrections, the audit log and re-publishing in the browser (Law 79C).

The correction page shows each session's correction period counting down (from the
console's clock, so a laptop whose clock is off still counts to the right minute), the
board's traveller with a "correct" link on every line, and the form: what to change, who
(name and role), why; after the period only as a Law 79C2 override naming the director and
the organizer. Sending it calls ``pipeline.corrections.correct``, the function behind
``bridgescan correct``: the same checks (Law 77, the movement, the clock), the same records,
the same re-scoring and the next version published, or the same refusal with the deadline.
The audit page lists every correction and every version (``audit_log``, ``versions``) and
runs ``verify_audit``; re-publishing calls ``publish_stored`` as ``run`` and ``score`` do.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from pipeline.clock import local_text, now
from pipeline.corrections import (
    AuditFilter,
    CorrectionRefused,
    LateOverride,
    LineCorrection,
    NothingPublished,
    ResultsChanged,
    Role,
    Signature,
    audit_log,
    correct,
    publish_stored,
    verify_audit,
    versions,
)
from pipeline.corrections.correct import basis_text
from pipeline.corrections.request import CorrectionPeriodEnded
from pipeline.corrections.trail import trail_entries
from pipeline.publish.results_json_read import ResultsJsonError
from pipeline.publish.web.publication import publication_text
from pipeline.publish.wording import law_text
from pipeline.results.cards import traveller_order
from pipeline.results.model.event import EventResults
from pipeline.store import EventStore, StoreError, store_location
from pipeline.web.console import Console
from pipeline.web.http import base_of, console_of, page, redirect, require_director, session_of
from pipeline.web.state import results as published_results

__all__ = ["correction_page", "correction_post", "audit_page", "publish_post"]

ROLES = tuple(role.value for role in Role)
FIELDS = ("contract", "declarer", "result", "score", "new_ns", "new_ew", "adjusted")


@contextmanager
def _store(console: Console) -> Iterator[EventStore]:
    """The console's event store (--store, BRIDGESCAN_STORE or OUT/bridgescan.sqlite); never
    created here: a console without published results has nothing to correct."""
    with EventStore(store_location(console.store, console.out_dir), create=False) as store:
        yield store


def _number(text: str | None) -> int | None:
    text = (text or "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise CorrectionRefused(f"{text!r} is not a number") from None


def _published(console: Console) -> EventResults | None:
    try:
        return published_results(console.out_dir)
    except ResultsJsonError:
        return None


def _board_lines(results: EventResults, session: int | None, board: int | None) -> list[Any]:
    for view in results.sessions:
        if view.number == session:
            for board_view in view.boards:
                if board_view.board == board:
                    return [line for line in traveller_order(board_view) if not line.not_played]
    return []


def _form_page(request: Request, fields: dict[str, str], status: int = 200) -> Response:
    """The correction page with the form filled from ``fields`` (query or a refused POST)."""
    console = console_of(request)
    results = _published(console)
    if results is None:
        return page(request, "message.html", status=404, title="Corrections",
                    message="Nothing has been published in this folder yet.")  # fmt: skip
    session = _safe_number(fields.get("session")) or (
        results.sessions[0].number if len(results.sessions) == 1 else None
    )
    board = _safe_number(fields.get("board"))
    publication = publication_text(results)
    at = now(console.clock)
    period = publication.period(session) if publication and session is not None else None
    passed = bool(period and period.deadline is not None and at >= period.deadline)
    return page(
        request,
        "corrections.html",
        status=status,
        title="Corrections",
        results=results,
        publication=publication,
        server_now=at.isoformat(timespec="seconds"),
        chosen_session=session,
        chosen_board=board,
        lines=_board_lines(results, session, board),
        period=period,
        passed=passed,
        fields=fields,
        roles=ROLES,
        line_chosen=all(fields.get(k) for k in ("session", "board", "ns", "ew")),
    )


def _safe_number(text: str | None) -> int | None:
    try:
        return _number(text)
    except CorrectionRefused:
        return None


async def correction_page(request: Request) -> Response:
    """GET /corrections?session=&board=&ns=&ew=: the periods, a board's lines, the form."""
    return _form_page(request, dict(request.query_params))


def _request(fields: dict[str, str]) -> tuple[LineCorrection, Signature]:
    session, board = _number(fields.get("session")), _number(fields.get("board"))
    ns, ew = _number(fields.get("ns")), _number(fields.get("ew"))
    if session is None or board is None or ns is None or ew is None:
        raise CorrectionRefused("choose the line to correct: session, board, NS and EW pair")
    try:
        role = Role.parse(fields.get("role", ""))
    except ValueError as error:
        raise CorrectionRefused(str(error)) from None
    override = None
    if fields.get("override") == "yes":
        override = LateOverride(fields.get("director", ""), fields.get("organizer", ""))
    signature = Signature(fields.get("by", ""), role, fields.get("reason", ""), override)

    def text(key: str) -> str | None:
        return fields.get(key, "").strip() or None

    correction = LineCorrection(
        session, board, ns, ew,
        contract=text("contract"), declarer=text("declarer"), result=text("result"),
        score=_number(fields.get("score")), new_ns_pair=_number(fields.get("new_ns")),
        new_ew_pair=_number(fields.get("new_ew")), adjusted=text("adjusted"),
        ruling=fields.get("ruling") == "yes", seen_version=_number(fields.get("seen_version")),
    )  # fmt: skip
    if not correction.changes_anything:
        raise CorrectionRefused(
            f"{correction.where}: give what to change (contract, declarer, result, score, "
            "pair numbers or an adjusted score)"
        )
    return correction, signature


async def _correct(request: Request, fields: dict[str, str]) -> Response:
    console = console_of(request)
    session = session_of(request)
    if fields.get("by", "").strip():
        session.name = fields["by"].strip()

    def make() -> object:
        correction, signature = _request(fields)
        with _store(console) as store:
            return correct(store, console.out_dir, correction, signature, console.clock)

    try:
        outcome = await run_in_threadpool(make)
    except CorrectionPeriodEnded as error:
        session.say("error", f"Refused, nothing was changed: {_period_ended(error, fields)}")
        return _form_page(request, fields, status=409)
    except (CorrectionRefused, ResultsChanged, NothingPublished, StoreError) as error:
        session.say("error", f"Refused, nothing was changed: {error}")
        return _form_page(request, fields, status=409)
    made = outcome.correction  # type: ignore[attr-defined]
    published = outcome.published  # type: ignore[attr-defined]
    view = published.results.publication
    zone = view.time_zone if view is not None else ""
    session.say(
        "done",
        f"Correction {made.number} accepted ({basis_text(made, zone)}); version "
        f"{published.version} published. The results site and what changed are updated.",
    )
    return redirect(
        f"{base_of(request)}/corrections?session={made.session}&board={made.board}#what-changed"
    )


def _period_ended(error: CorrectionPeriodEnded, fields: dict[str, str]) -> str:
    """The late refusal in the console's terms: the deadline as the page shows it beside
    the form (to the minute, the event's zone), and the form's override, not the command
    line's options."""
    return (
        f"{error.where}: the correction period of session {fields.get('session')} ended at "
        f"{local_text(error.deadline, error.zone)}; it is now "
        f"{local_text(error.at, error.zone, seconds=True)}. A later correction needs a Law "
        "79C2 override: tick \u201cLaw 79C2 override\u201d below and name the director and the "
        "organizer, who both find it beyond reasonable doubt that the record is wrong."
    )


correction_post = require_director(_correct)


def _filter(params: dict[str, str]) -> AuditFilter:
    return AuditFilter(
        session=_safe_number(params.get("session")),
        board=_safe_number(params.get("board")),
        pair=_safe_number(params.get("pair")),
        person=(params.get("person") or "").strip() or None,
    )


async def audit_page(request: Request) -> Response:
    """GET /audit: every correction (filtered), every version; ``?verify=1`` checks them."""
    console = console_of(request)
    params = dict(request.query_params)
    check = None

    def read() -> tuple[Any, Any, Any, Any]:
        with _store(console) as store:
            report = verify_audit(store, console.out_dir) if params.get("verify") else None
            acts = trail_entries(store)  # review decisions from every door, clock corrections
            return audit_log(store, _filter(params)), versions(store), report, acts

    try:
        entries, history, check, acts = await run_in_threadpool(read)
    except (StoreError, ValueError) as error:
        return page(request, "message.html", status=404, title="Audit log",
                    message=f"No audit log here: {error}")  # fmt: skip
    results = _published(console)
    zone = results.publication.time_zone if results and results.publication else ""
    return page(
        request,
        "audit.html",
        title="Audit log",
        params=params,
        entries=[
            {"entry": e, "made_at": local_text(e.made_at, zone), "law": law_text(e)}
            for e in reversed(entries)
        ],
        history=[
            {"p": v.publication, "at": local_text(v.publication.published_at, zone)}
            for v in reversed(history)
        ],
        check=check,
        acts=[{"act": a, "at": local_text(a.at, zone, seconds=True)} for a in reversed(acts)],
    )


async def _publish(request: Request, fields: dict[str, str]) -> Response:
    console = console_of(request)
    session = session_of(request)
    who = fields.get("by", "").strip() or session.name or "the director"

    def run() -> object:
        with _store(console) as store:
            return publish_stored(store, console.out_dir, cause=f"re-published by {who}",
                                  by=who, clock=console.clock)  # fmt: skip

    try:
        published = await run_in_threadpool(run)
    except (CorrectionRefused, NothingPublished, StoreError, ValueError) as error:
        session.say("error", f"Not published: {error}")
        return redirect(base_of(request) + "/")
    version = published.version  # type: ignore[attr-defined]
    if published.new:  # type: ignore[attr-defined]
        session.say("done", f"Version {version} published.")
    else:
        session.say("done", f"Nothing changed since version {version}: its files are in place.")
    return redirect(base_of(request) + "/")


publish_post = require_director(_publish)
