"""``bridgescan import-pbn / import-usebio / export / export-session / compare / deals``.

Other programs' files, one module per command: reading what a file holds (imports.py),
writing PBN or USEBIO (export.py), re-scoring and comparing (compare.py), hand records
(deals.py), and what they share (inputs.py). Imports live inside the commands so
``bridgescan --help`` stays instant. Exit codes follow ``pipeline.cli.ExitCode``: 0 fine,
1 ``compare`` found differences, 2 the input could not be read or the output not written,
3 the double-dummy solver is not installed.
"""

from __future__ import annotations

import typer

from pipeline.cli.interop.compare import compare
from pipeline.cli.interop.deals import deals
from pipeline.cli.interop.export import export, export_session
from pipeline.cli.interop.imports import import_pbn, import_usebio

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add the interoperability commands to the bridgescan app."""
    app.command("import-pbn")(import_pbn)
    app.command("import-usebio")(import_usebio)
    app.command("export")(export)
    app.command("export-session")(export_session)
    app.command("compare")(compare)
    app.command("deals")(deals)
