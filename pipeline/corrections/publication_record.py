"""The publication record of a version: the results' digest and each session's period.

``results_digest`` fingerprints the results as scored, so the same results brought by
another door or in another order publish no new version; ``session_publications`` says,
per session, whether it is official, when its correction period started and ends (Law
79C1) and which boards a changed ruling reopened (Law 92B); ``same_publication`` is the
test that nothing a reader would see has changed. Apart from the publishing itself
(publication.py) because a correction (correct.py) builds its version from the same parts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from pipeline.corrections.records import Publication, ReopenedBoard, SessionPublication
from pipeline.results.model.event import EventResults
from pipeline.results.model.sessions import ResultLine
from pipeline.results.status import session_blocking, session_status
from pipeline.store.codec import dumps
from scoring.event import Event

__all__ = ["bare_results", "results_digest", "session_publications", "same_publication"]


def bare_results(results: EventResults) -> EventResults:
    """The results as scored: without the publication, the changes and the audit."""
    return replace(results, publication=None, changes=None, audit=())


def results_digest(results: EventResults) -> str:
    """SHA-256 of the results as scored (without version, changes or audit), with each
    traveller's lines in one order: the same results brought by another door, or in
    another order, are the same results and publish no new version."""
    bare = bare_results(results)
    sessions = tuple(
        replace(session, boards=tuple(
            replace(board, lines=tuple(sorted(board.lines, key=_line_order)))
            for board in session.boards
        ))
        for session in bare.sessions
    )  # fmt: skip
    return hashlib.sha256(dumps(replace(bare, sessions=sessions)).encode("utf-8")).hexdigest()


def _line_order(line: ResultLine) -> tuple[int, int, int, int]:
    return (line.ns_pair, line.ew_pair, line.round or 0, line.table or 0)


def session_publications(
    event: Event,
    results: EventResults,
    open_items: Mapping[int, tuple[str, ...]],
    previous: Publication | None,
    version: int,
    at: datetime,
    changed: set[int],
    reopen: Mapping[int, ReopenedBoard] | None = None,
    numbers: Sequence[int] | None = None,
) -> tuple[SessionPublication, ...]:
    """Each session's state in version ``version`` published at ``at``.

    Official when nothing is open and nothing blocks; the period starts the first time it is
    published official and keeps that start while it stays official. ``reopen``: a board a
    changed ruling reopens, per session (Law 92B).
    """
    if numbers is None:  # the sessions scored; a team evening has no session views
        numbers = [view.number for view in results.sessions] or list(open_items)
    out = []
    for number in numbers:
        before = previous.session(number) if previous is not None else None
        items = tuple(open_items.get(number, ()))
        status = session_status(number, items, results.findings)
        blocking = len(session_blocking(results.findings, number))
        rule = event.correction_rule(number)
        official = not status.provisional
        official_at = deadline = None
        reopened: tuple[ReopenedBoard, ...] = ()
        if official:
            official_at = before.official_at if before and before.official_at else at
            deadline = rule.period(official_at).ends_at
            reopened = before.reopened if before and before.official else ()
            if reopen and number in reopen:
                reopened = (*reopened, reopen[number])
        changed_in = version if before is None or number in changed else before.changed_in
        out.append(
            SessionPublication(
                number, official_at, deadline, str(rule), items, blocking, reopened, changed_in
            )  # fmt: skip
        )
    return tuple(out)


def same_publication(old: Publication, new: Publication) -> bool:
    def states(p: Publication) -> list[tuple[object, ...]]:
        return [(s.session, s.official, s.open_items, s.blocking, s.deadline) for s in p.sessions]

    return old.results_digest == new.results_digest and states(old) == states(new)
