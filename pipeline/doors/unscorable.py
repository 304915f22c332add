"""Why no board of a session could be scored, said so a person can act on it.

When every board of a session is refused (every line names pairs the section does not
have, or one such line sits on every board), the run stops with bad input (exit 2). A bare
"no board could be scored" leaves the director to guess; ten thousand findings one per line
bury the answer. This says it by file and by kind: how many rows, which rows (as ranges),
and one example in the validation's own words, errors first, at most a screenful.
"""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.doors.session_input import ScoreInputError
from pipeline.validation import Finding
from pipeline.validation.findings import Severity
from scoring.number_ranges import number_ranges

__all__ = ["nothing_scorable", "row_ranges"]

_KINDS_SHOWN = 6  # kinds of error listed; the rest are counted
_RANGES_SHOWN = 8  # row ranges listed per kind; the rest are counted


def row_ranges(rows: Iterable[int], shown: int = _RANGES_SHOWN) -> str:
    """``2, 5, 7-9, 12-10001`` for rows 2, 5, 7, 8, 9, 12..10001; after ``shown`` ranges,
    how many rows more."""
    return number_ranges(sorted(set(rows)), shown=shown)


def nothing_scorable(session: int, findings: Iterable[Finding], why: str = "") -> ScoreInputError:
    """The error for a session none of whose boards could be scored: the session, then the
    errors that stand in the way grouped by file and kind (rows as ranges, one example),
    then ``why`` (what scoring itself said about the first board)."""
    groups: dict[tuple[str, str], list[Finding]] = {}
    for f in findings:
        if f.severity is Severity.ERROR:
            file = f.location.source.file if f.location.source is not None else "(no file)"
            groups.setdefault((file, f.code.value), []).append(f)
    ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    lines = [f"session {session}: no board could be scored"]
    if ordered:
        lines[0] += "; what stands in the way, by file:"
    for (file, code), found in ordered[:_KINDS_SHOWN]:
        rows = [f.location.row for f in found if f.location.row is not None]
        example = found[0]
        where = f"row {example.location.row}: " if example.location.row is not None else ""
        counted = f"{len(set(rows)):,} row(s) ({'rows ' + row_ranges(rows)})" if rows else (
            f"{len(found):,} finding(s)")  # fmt: skip
        lines.append(f"  {file}: {code} on {counted}; e.g. {where}{example.message}")
    if len(ordered) > _KINDS_SHOWN:
        more = sum(len(found) for _key, found in ordered[_KINDS_SHOWN:])
        lines.append(f"  and {more:,} more error(s) of {len(ordered) - _KINDS_SHOWN} other "
                     "kind(s): `bridgescan entry check` lists every one")  # fmt: skip
    if why:
        lines.append(f"  scoring refused every board, e.g. {why}")
    return ScoreInputError("\n".join(lines))
