"""Pick the reader or writer by file content or suffix: PBN (``.pbn``) or USEBIO (``.xml``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.interop.records import ImportedSession, InteropError, Location

if TYPE_CHECKING:
    from pipeline.events.hand_records import HandRecord

__all__ = ["read_results", "results_bytes", "format_of"]


def format_of(data: bytes, name: str = "") -> str:
    """ "USEBIO" for XML whose root is USEBIO, "PBN" otherwise (content decides, not name)."""
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<") and b"USEBIO" in data[:4096].upper():
        return "USEBIO"
    if head.startswith(b"<"):
        raise InteropError(Location(name), "an XML file that is not USEBIO")
    return "PBN"


def read_results(path: str | Path, section: str | None = None) -> ImportedSession:
    """Read a PBN or USEBIO results file (``section``: which section of a PBN file)."""
    from pipeline.interop.pbn import read_pbn_bytes
    from pipeline.interop.usebio import read_usebio_bytes

    path = Path(path)
    data = path.read_bytes()
    if format_of(data, str(path)) == "USEBIO":
        return read_usebio_bytes(data, str(path))
    return read_pbn_bytes(data, str(path), section)


def results_bytes(
    session: ImportedSession,
    target: str | Path,
    hand_records: Mapping[int, HandRecord] | None = None,
) -> bytes:
    """The session written in the format the target's suffix asks for (.pbn or .xml).

    Analysed ``hand_records`` add double-dummy tables and par to a PBN file.
    """
    from pipeline.interop.pbn_writer import write_pbn
    from pipeline.interop.usebio_writer import write_usebio

    suffix = Path(target).suffix.lower()
    if suffix == ".pbn":
        return write_pbn(session, hand_records)
    if suffix in (".xml", ".usebio"):
        return write_usebio(session)
    raise InteropError(Location(str(target)), "write .pbn (PBN 2.1) or .xml (USEBIO 1.2)")
