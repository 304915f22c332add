"""bridgescan's scoring core: the laws of duplicate bridge as pure functions and plain types.

No I/O, no Prefect. Each function's docstring names the law or the seed section it follows.
"""

from scoring.board import Vulnerability, dealer_of, vulnerability_of
from scoring.contract import Contract, Doubling, Seat, Side, Strain, parse_contract, parse_tricks
from scoring.errors import ScoringError
from scoring.law77 import contract_score, ns_score
from scoring.matchpoints import Scale, matchpoints, top
from scoring.neuberg import neuberg
from scoring.outcome import Adjustment, Artificial, Weighted, parse_adjustment
from scoring.traveller import Source, TravellerRow

__all__ = [
    "Adjustment",
    "Artificial",
    "Contract",
    "Doubling",
    "Scale",
    "ScoringError",
    "Seat",
    "Side",
    "Source",
    "Strain",
    "TravellerRow",
    "Vulnerability",
    "Weighted",
    "contract_score",
    "dealer_of",
    "matchpoints",
    "neuberg",
    "ns_score",
    "parse_adjustment",
    "parse_contract",
    "parse_tricks",
    "top",
    "vulnerability_of",
]
