"""bridgescan's scoring core: the laws of duplicate bridge as pure functions and plain types.

No I/O, no Prefect. Each function's docstring names the law or the seed section it follows.
The names below are the everyday API; each module has more (see its ``__all__``). Each is
imported from its module when first asked for (``from scoring import Contract`` as
before): importing one module of the package (``scoring.board`` for a reader) no longer
imports every law, the movements' tables and the event's types with it, some 30 ms of
CPU of a cold ``scan read``.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scoring.board import Vulnerability, dealer_of, vulnerability_of
    from scoring.board_scoring import BoardLine, BoardScore, score_board
    from scoring.contract import (
        Contract,
        Doubling,
        Seat,
        Side,
        Strain,
        parse_contract,
        parse_tricks,
    )
    from scoring.errors import ScoringError
    from scoring.event import Event, EventKind, Pair, Player, Section, Session, Team
    from scoring.imps import board_imps, butler_imps, cross_imps, imps, team_imps
    from scoring.law77 import contract_score, ns_score
    from scoring.leveling import level_factor, level_sessions
    from scoring.masterpoints import SwedishBronze, SwedishSilver, award
    from scoring.matchpoints import Scale, matchpoints, top
    from scoring.movement import Movement
    from scoring.neuberg import neuberg, round_points
    from scoring.options import ScoringOptions
    from scoring.outcome import Adjustment, Artificial, Weighted, parse_adjustment
    from scoring.ranking import rank
    from scoring.session import score_session
    from scoring.traveller import Source, TravellerRow
    from scoring.vp import wbf_vp

_MODULE_OF = {
    "Adjustment": "scoring.outcome",
    "Artificial": "scoring.outcome",
    "BoardLine": "scoring.board_scoring",
    "BoardScore": "scoring.board_scoring",
    "Contract": "scoring.contract",
    "Doubling": "scoring.contract",
    "Event": "scoring.event",
    "EventKind": "scoring.event",
    "Movement": "scoring.movement",
    "Pair": "scoring.event",
    "Player": "scoring.event",
    "Scale": "scoring.matchpoints",
    "ScoringError": "scoring.errors",
    "ScoringOptions": "scoring.options",
    "Seat": "scoring.contract",
    "Section": "scoring.event",
    "Session": "scoring.event",
    "Side": "scoring.contract",
    "Source": "scoring.traveller",
    "Strain": "scoring.contract",
    "SwedishBronze": "scoring.masterpoints",
    "SwedishSilver": "scoring.masterpoints",
    "Team": "scoring.event",
    "TravellerRow": "scoring.traveller",
    "Vulnerability": "scoring.board",
    "Weighted": "scoring.outcome",
    "award": "scoring.masterpoints",
    "board_imps": "scoring.imps",
    "butler_imps": "scoring.imps",
    "contract_score": "scoring.law77",
    "cross_imps": "scoring.imps",
    "dealer_of": "scoring.board",
    "imps": "scoring.imps",
    "level_factor": "scoring.leveling",
    "level_sessions": "scoring.leveling",
    "matchpoints": "scoring.matchpoints",
    "neuberg": "scoring.neuberg",
    "ns_score": "scoring.law77",
    "parse_adjustment": "scoring.outcome",
    "parse_contract": "scoring.contract",
    "parse_tricks": "scoring.contract",
    "rank": "scoring.ranking",
    "round_points": "scoring.neuberg",
    "score_board": "scoring.board_scoring",
    "score_session": "scoring.session",
    "team_imps": "scoring.imps",
    "top": "scoring.matchpoints",
    "vulnerability_of": "scoring.board",
    "wbf_vp": "scoring.vp",
}

__all__ = [
    "Adjustment",
    "Artificial",
    "BoardLine",
    "BoardScore",
    "Contract",
    "Doubling",
    "Event",
    "EventKind",
    "Movement",
    "Pair",
    "Player",
    "Scale",
    "ScoringError",
    "ScoringOptions",
    "Seat",
    "Section",
    "Session",
    "Side",
    "Source",
    "Strain",
    "SwedishBronze",
    "SwedishSilver",
    "Team",
    "TravellerRow",
    "Vulnerability",
    "Weighted",
    "award",
    "board_imps",
    "butler_imps",
    "contract_score",
    "cross_imps",
    "dealer_of",
    "imps",
    "level_factor",
    "level_sessions",
    "matchpoints",
    "neuberg",
    "ns_score",
    "parse_adjustment",
    "parse_contract",
    "parse_tricks",
    "rank",
    "round_points",
    "score_board",
    "score_session",
    "team_imps",
    "top",
    "vulnerability_of",
    "wbf_vp",
]


if not TYPE_CHECKING:  # a type checker reads the imports above, and flags a misspelt name

    def __getattr__(name: str) -> Any:
        """``scoring.<name>`` of the everyday API, imported from its module on first use."""
        module = _MODULE_OF.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The everyday API (``__all__``), not the package's own machinery."""
    return sorted(__all__)


class _Package(ModuleType):
    """The package, whose ``imps``, ``matchpoints`` and ``neuberg`` are the functions, not
    the modules of the same name: Python sets a module on its package when it is first
    imported (``import scoring.imps``), which would hide the function of that name that
    the package gives."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and _MODULE_OF.get(name) == value.__name__:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
