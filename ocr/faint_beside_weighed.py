"""A pale dot gone with the dust, beside a clump weighed as the field's mark (issue 43).

Rule ``dust_dot_alone`` (ocr/dust_dots.py) weighs a clump the page cannot tell from a pen
dot as its dot reads where it is the only ink of a field that needs one mark: the player's
mark, it reasons, left no ink at all. A player's pale dot can leave a little: on a dusty
page ``specks_of`` (ocr/page_dust.py) may take the whole dot for specks (none of its ink
is left once they are taken out: ``fill_without_specks`` 0.0, no dot among specks), and
what remains is its first fill, under ``empty_below`` (0.05), with no reading of its own.
Weighed alone beside it, the clump made the field's mark. On a fresh TEST set (noisy,
seed 26499, ``page_0035.jpg`` row 12) a clump of 0.40 mm^2 in level 4 was weighed so beside
the player's black ballpoint dot in 6, scanned pale to a fill of 0.040, and 6NT by South
down 1 was accepted as 4NT down 1: both -50, the written score could not tell. (Since
2026-12-05 such a clump in a level, strain or declarer is weighed on a scale to 0.50 mm^2,
since 2026-12-07 to 0.60, ``ocr.dust_dots.weighed_p``: at 0.40 mm^2 it is 0.61 (0.84 on
the scale to 0.50) and no longer certain on its own, so
that row would go to a person without this rule too; the rule's price below was measured
before.)

So, in a field of ``ONE_BOX_FIELDS`` where a clump is weighed alone, an empty box with no
reading of its own whose first fill is ``faint_beside_weighed_fill`` (0.03) or more is
unsure: a rival the written score must rule out (Law 77), and where it cannot the row
goes to a person. TRAINING's dusty pages (1,924 pages, ``mark_settings``): players' marks
beside a weighed clump read 0.031-0.049, so only their first fill tells them from the dust
beside it (0.031 at the 99th percentile). TRAINING's price set: 4 readings more to a
person (1,637 -> 1,641), 0 wrong rows either way.
"""

from __future__ import annotations

from ocr.dust_dots import ONE_BOX_FIELDS
from ocr.mark_settings import MarkSettings
from ocr.marks import DUST_DOT_ALONE, MarkReading, MarkState, made_unsure
from ocr.row_evidence import RowEvidence

__all__ = ["clump_weighed", "faint_beside_weighed"]

Readings = list[MarkReading]


def clump_weighed(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: a clump weighed alone (``DUST_DOT_ALONE``)?"""
    return any(r.how == DUST_DOT_ALONE for r in read)


def faint_beside_weighed(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """In a field of ``ONE_BOX_FIELDS`` where a clump is weighed alone, each empty box with
    no reading of its own whose first fill is ``faint_beside_weighed_fill`` or more, read
    unsure (see the module docstring). No box changes on a page without dust: only
    ``dust_dot_alone`` weighs a clump, and only on a dusty page."""
    fields = [f for f, _, _ in ev.geometry.boxes]
    weighed = {
        f for f, r in zip(fields, read, strict=True) if r.how == DUST_DOT_ALONE
    } & ONE_BOX_FIELDS
    return [
        made_unsure(r)
        if f in weighed
        and r.state is MarkState.EMPTY
        and not r.how
        and first.fill >= t.faint_beside_weighed_fill
        else r
        for f, r, first in zip(fields, read, ev.first, strict=True)
    ]
