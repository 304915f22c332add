"""Errors of the scoring core: precise ``ValueError`` subclasses that say what was wrong."""

from __future__ import annotations

__all__ = [
    "ScoringError",
    "ContractError",
    "SeatError",
    "TricksError",
    "VulnerabilityError",
    "AdjustmentError",
    "BoardError",
    "CardError",
]


class ScoringError(ValueError):
    """Base class: input the laws cannot score."""


class ContractError(ScoringError):
    """A contract that cannot be bid ("8S", "4Q")."""


class SeatError(ScoringError):
    """A declarer or dealer that is not one of the four seats."""


class TricksError(ScoringError):
    """A result outside 0-13 tricks, or written in a form we cannot read."""


class VulnerabilityError(ScoringError):
    """A vulnerability that is none of None / NS / EW / All."""


class AdjustmentError(ScoringError):
    """An adjusted score the director wrote in a form we cannot read."""


class BoardError(ScoringError):
    """A board number or a board's set of results that cannot be scored."""


class CardError(ScoringError):
    """A card (an opening lead) that is not a suit and a rank."""
