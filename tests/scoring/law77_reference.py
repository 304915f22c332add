"""An independent reading of the Law 77 scoring table, written as the law prints it.

Tables, not formulas: cumulative undertrick penalties as printed in the law, per-trick values
per strain, bonuses as a lookup. Used only to check ``scoring.law77`` across every case.
"""

# Cumulative penalty for 1..13 undertricks, from the Law 77 undertrick table.
# Not vulnerable: undoubled 50 each; doubled 100, 300, 500, then +300; redoubled twice doubled.
# Vulnerable: undoubled 100 each; doubled 200, 500, 800, then +300; redoubled twice doubled.
_NV_DOUBLED = [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500]
_V_DOUBLED = [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800]
UNDERTRICKS = {
    (False, ""): [50 * k for k in range(1, 14)],
    (False, "X"): _NV_DOUBLED,
    (False, "XX"): [2 * p for p in _NV_DOUBLED],
    (True, ""): [100 * k for k in range(1, 14)],
    (True, "X"): _V_DOUBLED,
    (True, "XX"): [2 * p for p in _V_DOUBLED],
}
PER_TRICK = {"C": 20, "D": 20, "H": 30, "S": 30}
MULTIPLIER = {"": 1, "X": 2, "XX": 4}
OVERTRICK = {  # (vulnerable, doubling) -> per overtrick; undoubled is the trick value
    (False, "X"): 100,
    (True, "X"): 200,
    (False, "XX"): 200,
    (True, "XX"): 400,
}
SLAM = {(6, False): 500, (6, True): 750, (7, False): 1000, (7, True): 1500}
INSULT = {"": 0, "X": 50, "XX": 100}


def reference_score(level: int, strain: str, doubling: str, vulnerable: bool, tricks: int) -> int:
    """Declarer's score per the printed table."""
    needed = level + 6
    if tricks < needed:
        return -UNDERTRICKS[(vulnerable, doubling)][needed - tricks - 1]
    if strain == "NT":
        contract_points = (40 + 30 * (level - 1)) * MULTIPLIER[doubling]
        trick_value = 30
    else:
        contract_points = PER_TRICK[strain] * level * MULTIPLIER[doubling]
        trick_value = PER_TRICK[strain]
    if contract_points >= 100:
        bonus = 500 if vulnerable else 300
    else:
        bonus = 50
    overtricks = tricks - needed
    per_over = trick_value if doubling == "" else OVERTRICK[(vulnerable, doubling)]
    return (
        contract_points
        + bonus
        + SLAM.get((level, vulnerable), 0)
        + INSULT[doubling]
        + overtricks * per_over
    )
