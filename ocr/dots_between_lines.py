"""A pen dot between a row's two lines of boxes: the box whose field nothing else settles.

A row's mark boxes stand on two lines about 1.5 mm apart: the contract's above (PASS,
level, strain, doubling, declarer), the result's below ("pairs changed", the result's
sign and count of tricks, the score's side). A player's dot put on a contract box's
bottom edge and pushed past it lies in that strip (``ocr.training.synthetic.mark_styles``:
one dot in four is put on its box's edge or corner, pushed out by up to half its size);
what the mask of the printed line leaves of it lies further out still, so it is near a
box of each line (``EdgeDot.near``), neither holds ``edge_dot_own_share`` of it and its
centre lies on neither's edge (``EdgeDot.owner``): rule ``edge_dots`` reads both boxes
unsure, the contract's field is not certain, and the row goes to a person ("marks not
certain in strain, which the score cannot check", or an unsure count of tricks).

The row's other marks tell the two apart where the dot can be a mark of one field only:
a field is *settled* without the dot where another of its boxes reads marked for certain
(a field is marked once), and the count of tricks is where the result's sign reads "="
for certain (a contract made exactly marks no count). Where exactly one of the two fields
is settled, the dot is the other box's (``owners``): rule ``edge_dots`` reads that box
unsure by it and leaves the settled field's box as it was, and rules ``edge_dot_rivals``
and ``clean_rivals`` weigh the dot as that box's own (``ocr.clean_rivals.
owned_edge_dots``). The box is then no longer one of two unsure by one dot
(``ocr.shared_dots``), and may be its field's only ink. Where both or neither field is
settled, both boxes stay unsure as before: the dot may be the result's (TRAINING phone,
fresh seed 5533, ``page_0022.png`` row 13, shareddot43: the player's dot for "-" on its
top edge, under level 3, the player's level dot read as nothing; neither field settled).

Chosen on TRAINING only (docs/reader-history.md, "between43"). On the damaged pages of
nine fresh seeds (270 pages) and seed 13's 40 pages of each of eight conditions, 12 such
dots on pages that are not dusty: 11 the player's dot for the contract's box above, one
by a result sign the player marked with ink of its own; the rule gives 7 to the box above
(the count settled by another count or by "="), none to another box. Only on a page that
is not dusty: there the dust's specks lie between the lines (TRAINING's dirty glass,
seeds 13, 24680 and 31415, 240 pages: 30 such blobs, 3 by a box the player marked), and
the dust rules weigh them (``dusty_edges``, ``clean_rivals``).

The wrong reading it could give needs the dot to be the player's mark of the settled
field, beside a box of that field read marked for certain that the player did not mark
(or a "=" the player did not mark), and the other box's field then read from the dot
where the written score cannot check it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ocr.edge_dots import EdgeDot
from ocr.layout_geometry import RESULT_COUNT, RESULT_SIGN
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, MarkState
from ocr.row_evidence import RowEvidence

__all__ = ["field_settled", "owners"]

_MADE_EXACTLY = "="


def owners(
    ev: RowEvidence, read: Sequence[MarkReading], dots: Sequence[EdgeDot], t: MarkSettings
) -> tuple[int | None, ...]:
    """Each dot's box: its owner (``EdgeDot.owner``), else, on a page that is not dusty, for
    a dot near one box of each of two fields, the box whose field is not settled where the
    other's is (see the module docstring); else None (every box it is near)."""
    fields = [f for f, _, _ in ev.geometry.boxes]
    out = [d.owner(t.edge_dot_own_share, t.edge_dot_centre_mm) for d in dots]
    if ev.dust.dusty():
        return tuple(out)
    for k, d in enumerate(dots):
        near = [i for i, n in enumerate(d.near) if n]
        if out[k] is not None or len(near) != 2 or fields[near[0]] == fields[near[1]]:
            continue
        settled = [field_settled(fields, read, i) for i in near]
        if settled[0] != settled[1]:
            out[k] = near[1] if settled[0] else near[0]
    return tuple(out)


def field_settled(fields: Sequence[str], read: Sequence[MarkReading], i: int) -> bool:
    """Is box ``i``'s field settled without box ``i``: another of its boxes read marked for
    certain, or, for the count of tricks, the result's sign read "=" for certain?"""
    field = fields[i]
    for j, (f, r) in enumerate(zip(fields, read, strict=True)):
        if r.state is not MarkState.MARKED or j == i:
            continue
        if f == field or (field == RESULT_COUNT and f == RESULT_SIGN and r.option == _MADE_EXACTLY):
            return True
    return False
