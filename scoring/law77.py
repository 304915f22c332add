"""The score of a contract, Law 77 (scoring table), as whole points.

Written from the law's table, one rule per function, so each can be checked against the
text: trick score, game/partscore and slam bonuses, the insult for a doubled contract made,
overtricks and undertricks.
"""

from __future__ import annotations

from scoring.board import Vulnerability
from scoring.contract import Contract, Doubling, Seat, Strain
from scoring.errors import TricksError

__all__ = ["contract_score", "ns_score", "trick_score", "undertrick_penalty"]


def trick_score(contract: Contract) -> int:
    """Points for the tricks bid and made: 20 minors, 30 majors, NT 40 + 30; x2 / x4 doubled."""
    if contract.strain is Strain.NOTRUMP:
        base = 40 + 30 * (contract.level - 1)
    elif contract.strain.is_minor:
        base = 20 * contract.level
    else:
        base = 30 * contract.level
    return base * contract.doubling.factor


def _overtrick_value(contract: Contract, vulnerable: bool) -> int:
    if contract.doubling is Doubling.UNDOUBLED:
        return 20 if contract.strain.is_minor else 30
    per = 200 if vulnerable else 100
    return per if contract.doubling is Doubling.DOUBLED else 2 * per


def undertrick_penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    """Penalty for going ``down`` tricks (a positive number of points to the defenders)."""
    if down <= 0:
        return 0
    if doubling is Doubling.UNDOUBLED:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        # Not vulnerable: 100, then 200 for the 2nd and 3rd, 300 from the 4th.
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * (2 if doubling is Doubling.REDOUBLED else 1)


def contract_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Declarer's score for taking ``tricks`` in ``contract`` (negative when defeated), Law 77."""
    if not 0 <= tricks <= 13:
        raise TricksError(f"{tricks} tricks: a deal has 0-13")
    if tricks < contract.tricks_needed:
        return -undertrick_penalty(contract.tricks_needed - tricks, contract.doubling, vulnerable)
    below = trick_score(contract)
    score = below
    score += (500 if vulnerable else 300) if below >= 100 else 50
    if contract.level == 6:
        score += 750 if vulnerable else 500
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000
    if contract.doubling is Doubling.DOUBLED:
        score += 50
    elif contract.doubling is Doubling.REDOUBLED:
        score += 100
    score += (tricks - contract.tricks_needed) * _overtrick_value(contract, vulnerable)
    return score


def ns_score(
    contract: Contract | None,
    declarer: Seat | None,
    tricks: int | None,
    vulnerability: Vulnerability,
) -> int:
    """The score from North-South's side; a passed-out board (``contract`` None) scores 0."""
    if contract is None:
        return 0
    if declarer is None or tricks is None:
        raise TricksError(f"{contract}: a played contract needs a declarer and a result")
    score = contract_score(contract, tricks, vulnerability.is_vulnerable(declarer))
    return score if declarer.side.value == "NS" else -score
