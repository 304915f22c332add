"""``compare`` over a file or a whole folder of results files, with options given or detected.

A tournament office or a federation checks a club's season in one command: every ``.pbn``
and USEBIO ``.xml`` file below a folder is read, re-scored and compared on its own (each
file's options detected from its own figures unless given), one line per file as it
finishes, then a summary table (also as CSV for a spreadsheet). A file that cannot be read
is listed with the reason and does not stop the others.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from enum import Enum
from fractions import Fraction
from pathlib import Path

from pipeline.interop.compare import Comparison, compare_session
from pipeline.interop.detection import detect_with_assumptions
from pipeline.interop.formats import read_results
from pipeline.interop.option_words import describe_options
from pipeline.interop.records import ImportedSession, Scoring
from pipeline.results.field_records import FieldOptions
from scoring.matchpoints import Scale
from scoring.options import (
    AdjustedRounding,
    CrossImps,
    FewerBoards,
    ImpTotals,
    Rounding,
    SitoutCredit,
    TieRounding,
)

__all__ = [
    "GivenOptions",
    "FileOutcome",
    "results_files",
    "compare_file",
    "compare_files",
    "summary_rows",
    "summary_csv",
]

_METHODS = {
    "mp": Scoring.MATCHPOINTS,
    "matchpoints": Scoring.MATCHPOINTS,
    "cross-imp": Scoring.CROSS_IMPS,
    "cross-imps": Scoring.CROSS_IMPS,
    "butler": Scoring.BUTLER,
    "teams": Scoring.TEAMS,
}


def _enum(kind: type[Enum], text: str, name: str) -> Enum:
    """An enum member from its value or its name, as the event file accepts them."""
    key = text.strip().lower().replace("_", "-")
    for member in kind:
        if key in (str(member.value).lower(), member.name.lower().replace("_", "-")):
            return member
    allowed = ", ".join(str(m.value) for m in kind)
    raise ValueError(f"--{name.replace('_', '-')} {text!r} is not one of {allowed}")


@dataclass(frozen=True)
class GivenOptions:
    """Options given on the command line; None means "detect from the file".

    The names are the event file's option names (docs/scoring-options.md), so a director
    who knows one knows the other.
    """

    method: str | None = None
    scale: str | None = None
    neuberg_rounding: str | None = None
    ties: str | None = None
    adjusted_rounding: str | None = None
    law88: bool | None = None
    sitout_credit: str | None = None
    fewer_boards: str | None = None
    percentage_from_total_rounded_to: str | None = None
    cross_imps: str | None = None
    cross_imp_rounding: str | None = None
    imp_totals: str | None = None
    datum_drop: int | None = None
    artificial_imps_per_comparison: str | None = None
    normal: int | None = None
    sections: str | None = None
    """"apart" or "together"."""

    def given(self) -> bool:
        return any(getattr(self, f.name) is not None for f in fields(self))

    def describe(self) -> str:
        """What was given, as the command line spells it."""
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            name = f.name.replace("_", "-")
            if isinstance(value, bool):
                parts.append(f"--{name}" if value else f"--no-{name}")
            else:
                parts.append(f"--{name} {value}")
        return " ".join(parts)

    def apply(self, options: FieldOptions) -> FieldOptions:
        """``options`` with everything given put in (ValueError names a bad value)."""
        enums: dict[str, type[Enum]] = {
            "scale": Scale,
            "neuberg_rounding": Rounding,
            "ties": TieRounding,
            "adjusted_rounding": AdjustedRounding,
            "sitout_credit": SitoutCredit,
            "fewer_boards": FewerBoards,
            "percentage_from_total_rounded_to": Rounding,
            "cross_imps": CrossImps,
            "cross_imp_rounding": Rounding,
            "imp_totals": ImpTotals,
        }
        scoring = options.scoring
        changes: dict[str, object] = {}
        for name, kind in enums.items():
            text = getattr(self, name)
            if text is not None:
                changes[name] = _enum(kind, text, name)
        if self.law88 is not None:
            changes["law88"] = self.law88
        if self.datum_drop is not None:
            changes["datum_drop"] = self.datum_drop
        if self.artificial_imps_per_comparison is not None:
            text = self.artificial_imps_per_comparison.strip().lower()
            changes["artificial_imps_per_comparison"] = (
                None if text in ("law-86a", "law86a", "none") else Fraction(text.replace(",", "."))
            )
        scoring = replace(scoring, **changes)  # type: ignore[arg-type]
        result = replace(options, scoring=scoring)
        if self.method is not None:
            key = self.method.strip().lower()
            if key not in _METHODS:
                raise ValueError(f"--method {self.method!r} is not one of {', '.join(_METHODS)}")
            result = replace(result, kind=_METHODS[key].kind)
        if self.normal is not None:
            result = replace(result, normal=self.normal)
        if self.sections is not None:
            if self.sections not in ("apart", "together"):
                raise ValueError(f"--sections {self.sections!r} is not apart or together")
            result = replace(result, across_sections=self.sections == "together")
        return result


def compare_file(
    path: Path, given: GivenOptions = GivenOptions(), section: str | None = None
) -> tuple[ImportedSession, Comparison]:
    """Read one file and compare it (options detected, then the given ones put in).

    OSError and ValueError (with the file and line in the message) pass to the caller.
    """
    session = read_results(path, section)
    if not given.given():
        return session, compare_session(session)
    detected, evidence, assumed = detect_with_assumptions(session)
    options = given.apply(detected)
    told = (*evidence, f"given on the command line: {given.describe()}")
    return session, compare_session(session, options, told, assumed)


@dataclass(frozen=True)
class FileOutcome:
    """One file of a folder: what it held, the comparison, or why it could not be read."""

    path: Path
    seconds: float
    session: ImportedSession | None = None
    comparison: Comparison | None = None
    error: str | None = None

    @property
    def status(self) -> str:
        """ "clean" (every figure reproduced), "differences", "unreadable", or "no results"
        (a file with no result line and no total, such as a deal file: nothing to check)."""
        if self.error is not None:
            return "unreadable"
        assert self.comparison is not None
        if not self.comparison.results_checked and not self.comparison.pairs_checked:
            return "no results"
        return "clean" if self.comparison.agrees else "differences"

    def line(self) -> str:
        """The progress line of this file."""
        if self.error is not None:
            return f"{self.path}: cannot be read -- {self.error}"
        assert self.comparison is not None and self.session is not None
        program = self.session.program or self.session.format
        boards = sum(1 for b in self.session.boards if b.results)
        return (
            f"{self.path}: {self.comparison.summary()} ({program}, {boards} boards, "
            f"{self.seconds:.2f} s)"
        )


def results_files(folder: Path) -> list[Path]:
    """Every ``.pbn`` and ``.xml`` file below ``folder`` (any case), in name order."""
    found = [p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in (".pbn", ".xml")]
    return sorted(found)


def compare_files(
    paths: Iterable[Path],
    given: GivenOptions = GivenOptions(),
    progress: Callable[[FileOutcome], None] | None = None,
) -> list[FileOutcome]:
    """Compare each file on its own; ``progress`` is called as each one finishes."""
    outcomes = []
    for path in paths:
        start = time.perf_counter()
        try:
            session, comparison = compare_file(path, given)
            outcome = FileOutcome(path, time.perf_counter() - start, session, comparison)
        except OSError as error:
            outcome = FileOutcome(
                path, time.perf_counter() - start, error=error.strerror or str(error)
            )
        except ValueError as error:
            outcome = FileOutcome(path, time.perf_counter() - start, error=str(error))
        outcomes.append(outcome)
        if progress is not None:
            progress(outcome)
    return outcomes


SUMMARY_HEADER = ("file", "program", "boards", "results", "scored with", "status", "to check",
                  "systematic", "seconds")  # fmt: skip


def summary_rows(outcomes: Iterable[FileOutcome], root: Path | None = None) -> list[list[str]]:
    """One row per file for the summary table and its CSV."""
    rows = []
    for outcome in outcomes:
        name = str(outcome.path.relative_to(root) if root is not None else outcome.path)
        if outcome.comparison is None or outcome.session is None:
            rows.append([name, "", "", "", outcome.error or "", "unreadable", "", "",
                         f"{outcome.seconds:.2f}"])  # fmt: skip
            continue
        comparison, session = outcome.comparison, outcome.session
        systematic = sum(len(v) for v in comparison.systematic.values())
        rows.append(
            [
                name,
                session.program or session.format,
                str(sum(1 for b in session.boards if b.results)),
                str(comparison.results_checked),
                describe_options(comparison.options),
                outcome.status,
                str(len(comparison.real)),
                str(systematic),
                f"{outcome.seconds:.2f}",
            ]
        )
    return rows


def summary_csv(rows: list[list[str]]) -> bytes:
    """The summary as CSV (UTF-8 with a BOM so Excel reads the letters right)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(SUMMARY_HEADER)
    for row in rows:
        # A cell that starts like a formula is written as text (no formula from input).
        writer.writerow(["'" + c if c[:1] in ("=", "+", "-", "@") else c for c in row])
    return buffer.getvalue().encode("utf-8-sig")
