"""A dot the page cannot tell from its dust, alone in a field that needs a mark (issue 43).

On a dusty page the rule ``dusty_page`` (ocr/mark_rules.py) reads a box marked or unsure by
its dot alone without that dot where the page's blank margins hold specks nearly as large
(ocr/page_dust.py): a clump of settled dust is as large as a pen dot. It reads a player's
pen dot so too, on pages whose clumps are as large (TEST noisy, seed 13: 56 players' dots
read without their dot, and of the rows without a player's error sent to a person, 37
for such a box), and the row went to a person ("reads empty, but the reading needs it
marked"), though the written score names the contract.

Such a box (``DUST_DOT``) is neither clean nor marked: the page says its dot is as likely
dust as a pen's. Where it lies in a field a played result marks exactly one box of (the
level, the strain, the declarer, the result's sign) and no other box of that field holds
a mark (marked or unsure), the field's mark is missing unless it is this dot, so the box
is weighed at ``dust_dot_p_marked`` instead of as a clean box (``DUST_DOT_ALONE``), and
the joint decoding lets the written score (Law 77) and the other marks choose; a reading
that then needs it is no guess (ocr/row_reader.py ``missing_marks``). A dust dot left
beside another mark is a missing mark as before. A dot weighed less than marked is never
certain on its own (ocr/decode.py ``_certain``), so a field the score cannot check (the
declarer of 4S= by North or South) still goes to a person, and a row without a written
score too. Beside another mark of its field the dot is left as dust (a field holds one
mark; weighing it there made 4 TRAINING rows uncertain, and a clump beside a doubling
left out would compete with "undoubled").

The wrong row this could let through needs two faults at once: the player's mark of that
field missed altogether (read empty, not unsure) and a clump read away in another box of
it whose result the written score gives, a score the player wrote wrong.
"""

from __future__ import annotations

from dataclasses import replace

from ocr.layout import DECLARER, LEVEL, RESULT_SIGN, STRAIN
from ocr.mark_settings import MarkSettings
from ocr.marks import DUST_DOT, DUST_DOT_ALONE, MarkReading, MarkState
from ocr.row_evidence import RowEvidence

__all__ = ["ONE_BOX_FIELDS", "dust_dot_alone", "dust_dot_on_its_own"]

Readings = list[MarkReading]

ONE_BOX_FIELDS = frozenset({LEVEL, STRAIN, DECLARER, RESULT_SIGN})
"""The fields every played result marks exactly one box of (the doubling, the count of
tricks of a contract made exactly and the PASS box may be left empty)."""


def dust_dot_on_its_own(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: a box ``dusty_page`` read empty?"""
    return any(r.how == DUST_DOT for r in read)


def dust_dot_alone(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A ``DUST_DOT`` box in a field of ``ONE_BOX_FIELDS`` whose other boxes are all read
    empty is weighed at ``dust_dot_p_marked`` (see the module docstring); its state stays
    empty. Runs last, on what every other rule left."""
    fields = [f for f, _, _ in ev.geometry.boxes]
    inked = {f for f, r in zip(fields, read, strict=True) if r.state is not MarkState.EMPTY}
    out = list(read)
    for i, (f, r) in enumerate(zip(fields, read, strict=True)):
        if r.how == DUST_DOT and f in ONE_BOX_FIELDS and f not in inked:
            out[i] = replace(r, how=DUST_DOT_ALONE, p_marked=max(r.p_marked, t.dust_dot_p_marked))
    return out
