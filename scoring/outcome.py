"""What the scorer compares on a board: a table score, a weighted assigned score, or an
artificial adjusted score (Law 12C), possibly different for the two sides (a split score).

``parse_adjustment`` reads the notation directors write on a traveller or in the entry
workbook: ``A60/40``, ``A60``, ``A50/50``, ``A+`` / ``A-`` / ``A=`` (60 / 40 / 50),
``60%-40%``, ``A5050``, an assigned score ``+420`` (or ``420/-100`` for a split score), and a
weighted score ``50% +420, 50% +170``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import AdjustmentError

__all__ = [
    "Weighted",
    "Artificial",
    "Outcome",
    "Adjustment",
    "parse_adjustment",
    "format_outcome",
]


@dataclass(frozen=True)
class Weighted:
    """A score from North-South's side, or a weighted mix of scores (Law 12C1(c)).

    ``parts`` are (weight, NS points); weights are positive and sum to 1. A plain table score
    is a single part of weight 1.
    """

    parts: tuple[tuple[Fraction, int], ...]

    def __post_init__(self) -> None:
        if not self.parts:
            raise AdjustmentError("a weighted score needs at least one part")
        if any(weight <= 0 for weight, _ in self.parts):
            raise AdjustmentError("every part of a weighted score needs a positive weight")
        if sum(weight for weight, _ in self.parts) != 1:
            raise AdjustmentError("the weights of a weighted score must add up to 100%")

    @classmethod
    def of(cls, ns_points: int) -> Weighted:
        """A plain score."""
        return cls(((Fraction(1), int(ns_points)),))

    @property
    def is_plain(self) -> bool:
        return len(self.parts) == 1

    @property
    def mean(self) -> Fraction:
        """The expected NS score (for total-point and datum scoring)."""
        return sum((weight * points for weight, points in self.parts), Fraction(0))


@dataclass(frozen=True)
class Artificial:
    """An artificial adjusted score, a percentage of the top (Law 12C2): 60, 50, 40 or other."""

    percent: Fraction

    def __post_init__(self) -> None:
        if not 0 <= self.percent <= 100:
            raise AdjustmentError(f"an artificial score of {self.percent}% is not 0-100%")


Outcome = Weighted | Artificial


@dataclass(frozen=True)
class Adjustment:
    """The director's adjusted score on one line: what each side is scored with.

    When ``ns`` and ``ew`` differ it is a split score; each side is compared with its own.
    """

    ns: Outcome
    ew: Outcome

    @property
    def is_split(self) -> bool:
        return self.ns != self.ew


_PERCENT_WORDS = {"+": Fraction(60), "=": Fraction(50), "-": Fraction(40)}
_WEIGHTED_PART_RE = re.compile(r"^(?P<weight>\d{1,3}(?:[.,]\d+)?)%(?:OF)?(?P<score>[+\-]?\d+)$")
_PERCENT_PAIR_RE = re.compile(r"^\d{1,3}%[/\-]\d{1,3}%$")


def _artificial(body: str, text: str) -> Adjustment:
    """``60/40``, ``6040``, ``60``, ``+``, ``+-``, ``+/-``, ``=``: one value serves both sides."""
    body = body.replace("%", "")
    if any(ch.isdigit() for ch in body):
        if re.fullmatch(r"\d{4}", body):
            tokens = [body[:2], body[2:]]
        else:
            tokens = [t for t in re.split(r"[/\-]", body) if t]
        if not all(t.isdigit() for t in tokens):
            tokens = []
        percents = [Fraction(int(t)) for t in tokens]
    else:
        percents = [_PERCENT_WORDS[ch] for ch in body if ch in _PERCENT_WORDS]
        if len(percents) != len(body.replace("/", "")):
            percents = []
    if len(percents) not in (1, 2):
        raise AdjustmentError(
            f"cannot read artificial score {text!r} (e.g. A60/40, A60, A+, A5050)"
        )
    try:
        return Adjustment(Artificial(percents[0]), Artificial(percents[-1]))
    except AdjustmentError as error:
        raise AdjustmentError(f"{text!r}: {error}") from None


def _weighted(text: str) -> Weighted:
    parts = []
    for chunk in re.split(r"[;]|,(?!\d)|\s+(?=\d{1,3}(?:[.,]\d+)?\s*%)", text.strip()):
        chunk = re.sub(r"\s+", "", chunk)
        if not chunk:
            continue
        match = _WEIGHTED_PART_RE.match(chunk)
        if match is None:
            raise AdjustmentError(f"cannot read weighted part {chunk!r} (e.g. '50% +420')")
        weight = Fraction(match["weight"].replace(",", ".")) / 100
        parts.append((weight, int(match["score"])))
    return Weighted(tuple(parts))


def parse_adjustment(text: str) -> Adjustment:
    """Read a director's adjusted score (see the module docstring for the notation).

    A single artificial value applies to both sides (``A60``: both 60%, neither at fault);
    a split is written NS first (``A60/40``). An assigned score is from NS's side.
    """
    upper = text.strip().upper()
    compact = re.sub(r"\s+", "", upper)
    if not compact:
        raise AdjustmentError("empty adjusted score")
    if compact.startswith("A"):
        return _artificial(compact[1:], text)
    if _PERCENT_PAIR_RE.match(compact):
        return _artificial(compact, text)
    sides = [side.strip() for side in upper.split("/")]
    if len(sides) > 2 or not all(sides):
        raise AdjustmentError(f"cannot read assigned score {text!r}: write NS/EW at most")
    outcomes: list[Outcome] = []
    for side in sides:
        if "%" in side:
            outcomes.append(_weighted(side))
        elif re.fullmatch(r"[+\-]?\d+", side.replace(" ", "")):
            outcomes.append(Weighted.of(int(side.replace(" ", ""))))
        else:
            raise AdjustmentError(f"cannot read assigned score {text!r} (e.g. +420, 420/-100)")
    return Adjustment(outcomes[0], outcomes[-1])


def format_outcome(outcome: Outcome) -> str:
    """Write an outcome the way a director reads it: ``A60``, ``+420``, ``50% +420 50% +170``."""
    if isinstance(outcome, Artificial):
        return f"A{float(outcome.percent):g}"
    if outcome.is_plain:
        return f"{outcome.parts[0][1]:+d}"
    return " ".join(f"{float(weight * 100):g}% {points:+d}" for weight, points in outcome.parts)
