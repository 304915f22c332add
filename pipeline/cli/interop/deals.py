"""``bridgescan deals``: hand records from a deal file, with double-dummy tricks and par.

Prints each board's hands (and, unless ``--no-dd``, the double-dummy table and par from
endplay) and can write them as a workbook sheet, the same sheet the results workbook has.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.interop.inputs import fail, solved
from pipeline.cli.options import output_file

__all__ = ["deals"]


def deals(
    file: Annotated[Path, typer.Argument(help="Deal file: PBN, or lines '<board> N:<hands>'.")],
    double_dummy: Annotated[
        bool, typer.Option("--dd/--no-dd", help="Solve double dummy and par (endplay).")
    ] = True,
    xlsx: Annotated[
        Path | None,
        typer.Option(help="Write the hand records to this workbook.", callback=output_file),
    ] = None,
) -> None:
    """Hand records from a deal file, with double-dummy tricks and par score per board."""
    from pipeline.events.hand_records import STRAIN_ORDER
    from pipeline.interop.deals import read_deal_file
    from scoring.contract import Seat

    try:
        records = read_deal_file(file)
    except OSError as error:
        raise fail(f"{file}: {error.strerror}") from None
    except ValueError as error:
        raise fail(str(error)) from None
    if double_dummy:
        records = solved(records)
    for record in records:
        hands = "  ".join(
            f"{seat.value}:{hand.pbn()}"
            for seat, hand in zip(Seat, record.deal.hands, strict=True)
            if hand is not None
        )
        where = f"{record.dealer.value}, {record.vulnerability.value}"
        typer.echo(f"board {record.board} ({where}): {hands}")
        if record.double_dummy is not None and record.par is not None:
            dd = record.double_dummy
            table = "  ".join(
                f"{strain.value} " + "/".join(str(dd.get(strain, seat)) for seat in Seat)
                for strain in STRAIN_ORDER
            )
            typer.echo(f"  double dummy (N/E/S/W): {table}; par {record.par}")
    if xlsx is not None:
        import openpyxl

        from pipeline.files import atomic_write
        from pipeline.interop.deals import add_hand_records_sheet

        workbook = openpyxl.Workbook()
        workbook.remove(workbook.active)
        add_hand_records_sheet(workbook, records)
        atomic_write(xlsx, workbook.save)
        typer.echo(f"wrote {xlsx}")
