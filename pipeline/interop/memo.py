"""Re-scorings of one session remembered (by identity: imported sessions are immutable).

Detection tries many options, ``compare`` scores once more with the ones it took, and the
reasons try the alternatives again: each (session, options) is re-scored once. The last two
sessions are kept (``compare`` of a folder goes file by file).
"""

from __future__ import annotations

from typing import TypeVar

from pipeline.interop.records import ImportedSession
from pipeline.interop.score import Rescored, rescore
from pipeline.results.field_records import FieldOptions

__all__ = ["rescored", "remembered"]

_V = TypeVar("_V")

_SCORED: list[tuple[ImportedSession, dict[FieldOptions, Rescored | None]]] = []


def remembered(
    store: list[tuple[ImportedSession, dict[FieldOptions, _V]]], session: ImportedSession
) -> dict[FieldOptions, _V]:
    """The memo of ``session`` in ``store``, which keeps the last two sessions."""
    cache = next((c for s, c in store if s is session), None)
    if cache is None:
        cache = {}
        store.insert(0, (session, cache))
        del store[2:]
    return cache


def rescored(session: ImportedSession, options: FieldOptions) -> Rescored | None:
    """``rescore``, remembered per session and options; None when the session cannot be
    scored with these options."""
    cache = remembered(_SCORED, session)
    if options not in cache:
        try:
            cache[options] = rescore(session, options)
        except ValueError:
            cache[options] = None
    return cache[options]
