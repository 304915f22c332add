"""Scans uploaded from the director's console, taken into the event folder.

The web layer streams an upload to a temporary file and calls ``take_upload``; nothing here
knows about HTTP. An upload is checked by its content, never by its name: what kind of file
it is (``sniff_scan_kind``), that it is not too large (``MAX_UPLOAD_BYTES``), and that it
opens as a scan the reader can decode (a PDF with PDFium, an image with Pillow and OpenCV,
every page of a TIFF). A refused upload raises ``UploadRefused`` with the reason in plain
English, naming the file (and the page where one is at fault).

An accepted upload is moved into ``EVENT/scans/session{N}/`` under a name made here,
``{NNN}-{slug}.{ext}`` (``001-table-a.pdf``): the number keeps the upload order (``bridgescan
run`` reads a scans folder in name order), the slug keeps the director's name recognisable,
the extension is the content's (the reader picks its decoder by extension), and the name the
browser sent never becomes a path. The same bytes uploaded twice for a session are stored
once (``Intake.duplicate_of``): a scan read twice would put every board on it in review as
"scanned more than once".

Every upload, stored, duplicate, refused or failed, is a line of the append-only
``EVENT/scans/uploads.jsonl``, so what the director sent and what became of it is never
lost. Uploads of one event are taken one at a time (a lock file beside that log), so two
browsers never get the same number or both store one file.

Without ``inputs.yaml`` the uploads folder is a session's scans by convention
(pipeline/doors/inputs.py); with one, ``scans/session{N}`` must be listed under ``scans:``.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import unicodedata
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.files import append_line, held_lock

__all__ = [
    "MAX_UPLOAD_BYTES",
    "UPLOADS_LOG",
    "UploadRefused",
    "Intake",
    "sniff_scan_kind",
    "take_upload",
    "uploaded_scans",
]

MAX_UPLOAD_BYTES = 100 * 1024 * 1024
"""The largest file one upload may be. ``bridgescan run`` keeps every scan in the event
store as one blob, read whole into memory and written as one database value
(pipeline/flows/steps.py ``keep_scans``, pipeline/store/event_store.py ``put_blob``), so a
file costs a few times its size in memory at once. A session's travellers scanned in grey
at 200 dpi are about 0.4 MB a page (the sample evening: 26 pages, 9.9 MB), so 100 MB is some
250 pages, more than a club session has; a larger file is nearly always a colour or
600 dpi scan, or not a scan at all, and is better split or scanned again."""

UPLOADS_LOG = "uploads.jsonl"
"""The log of every upload, in ``EVENT/scans/``: one JSON object a line, never rewritten."""

_SCANS = "scans"
_LOCK = ".uploads.lock"
_HEAD_BYTES = 1024 + len(b"%PDF-")
_PDF_JUNK = 1024  # PDFium, like Acrobat, finds the header up to 1 KiB into the file
_SLUG_CHARS = 40
_EXTENSIONS = {"pdf": "pdf", "png": "png", "jpeg": "jpg", "tiff": "tif"}  # all in ocr/pages.py
_STORED = re.compile(r"^(\d{3,})-[a-z0-9-]*\.(pdf|png|jpg|tif)$")
_NUMBERED = re.compile(r"^(\d+)-")


class UploadRefused(ValueError):
    """An upload that is not taken: the reason in plain English, naming the file."""


@dataclass(frozen=True)
class Intake:
    """One upload as taken into the event folder."""

    name: str  # the stored file's name in the session's folder (``003-table-b.pdf``)
    path: Path  # where it is: ``EVENT/scans/session{N}/{name}``
    kind: str  # "pdf", "png", "jpeg" or "tiff", from the content
    pages: int  # pages the reader will see (a damaged PDF's unreadable pages included)
    sha256: str  # the content's hash (the key ``bridgescan run`` keeps its blob under)
    duplicate_of: str | None  # the earlier upload with these bytes (nothing stored again)
    note: str  # "" or what the director should know (a damaged PDF taken in part)


def sniff_scan_kind(head: bytes) -> str | None:
    """The kind of scan file that starts with ``head`` (its first bytes, 1029 are enough):
    "pdf", "png", "jpeg", "tiff", or None for anything else, whatever the file is called.

    A PDF's ``%PDF-`` may follow up to 1024 bytes of anything (a mail gateway's banner), as
    PDF readers accept; the images' signatures must come first.
    """
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head[:4] in (b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+"):  # BigTIFF too
        return "tiff"
    if head.find(b"%PDF-", 0, _PDF_JUNK + len(b"%PDF-")) >= 0:
        return "pdf"
    return None


def take_upload(event_folder: Path, session: int, original_name: str, temp_path: Path) -> Intake:
    """Check the uploaded file at ``temp_path`` and move it into the session's scans.

    Raises ``UploadRefused`` when the content is not a scan that can be read, is too large,
    or the session's folder leads out of the event folder; the temporary file is then left
    where it is, for the caller to delete. A stored or duplicate upload's temporary file is
    gone afterwards. Raises ``ValueError`` for a folder without ``event.yaml`` or a session
    that is not a positive number (the caller's mistake, not the upload's).
    """
    event_folder, temp_path = Path(event_folder), Path(temp_path)
    if not (event_folder / "event.yaml").is_file():
        raise ValueError(f"{event_folder} is not an event folder: it has no event.yaml")
    if isinstance(session, bool) or not isinstance(session, int) or session < 1:
        raise ValueError(f"session {session!r}: give a session number (1, 2, ...)")
    shown = _shown(original_name)
    root = _folder_inside(event_folder, _SCANS, shown)  # refused unlogged: no safe log there
    entry: dict[str, Any] = {"session": session, "original_name": original_name}
    try:
        folder = _folder_inside(event_folder, f"{_SCANS}/session{session}", shown)
        kind, pages, note = _examine(temp_path, shown, entry)
    except UploadRefused as refused:
        with held_lock(root / _LOCK):
            _log(root, {**entry, "outcome": "refused", "reason": str(refused)})
        raise
    entry.update(kind=kind, pages=pages, note=note)
    with held_lock(root / _LOCK):
        earlier = _same_bytes(uploaded_scans(event_folder, session), entry)
        if earlier is not None:
            os.unlink(temp_path)
            _log(root, {**entry, "outcome": "duplicate", "stored_name": earlier.name,
                        "duplicate_of": earlier.name})  # fmt: skip
            return Intake(earlier.name, earlier, kind, pages, entry["sha256"], earlier.name, note)
        try:
            path = _store(temp_path, folder, _slug(original_name), _EXTENSIONS[kind], entry)
        except (OSError, UploadRefused) as error:
            _log(root, {**entry, "outcome": "failed", "reason": str(error)})
            raise
        _log(root, {**entry, "outcome": "stored", "stored_name": path.name})
    return Intake(path.name, path, kind, pages, entry["sha256"], None, note)


def uploaded_scans(event_folder: Path, session: int) -> list[Path]:
    """The files uploaded for a session, in upload order (their numbers); files put in the
    folder by other means, and links, are not uploads and are not listed. A session folder
    that leads out of the event folder raises ``InputsError`` (pipeline/doors/inputs.py)."""
    from pipeline.doors.inputs import inside

    folder = inside(Path(event_folder), f"{_SCANS}/session{session}", "uploads")
    if not folder.is_dir():
        return []
    found = []
    with os.scandir(folder) as entries:
        for item in entries:
            match = _STORED.match(item.name)
            if match and item.is_file(follow_symlinks=False):
                found.append((int(match.group(1)), item.name))
    return [folder / name for _, name in sorted(found)]


# -- checking the content ----------------------------------------------------------------


def _examine(path: Path, shown: str, entry: dict[str, Any]) -> tuple[str, int, str]:
    """Kind, pages and note of an upload; what is learnt on the way goes into ``entry`` (the
    log line), so a refused upload's line says as much as was found."""
    from pipeline.doors.scans.reading import file_digest

    size = os.stat(path).st_size
    entry["bytes"] = size
    if size == 0:
        raise UploadRefused(f"{shown} is empty (0 bytes)")
    if size > MAX_UPLOAD_BYTES:
        raise UploadRefused(
            f"{shown} is {_size(size)}; one upload may be at most {_size(MAX_UPLOAD_BYTES)}: "
            "upload the session in several files"
        )
    entry["sha256"] = file_digest(path)
    with open(path, "rb") as handle:
        kind = sniff_scan_kind(handle.read(_HEAD_BYTES))
    if kind is None:
        raise UploadRefused(
            f"{shown} is not a scan: its content is not a PDF, PNG, JPEG or TIFF file, "
            "whatever its name says"
        )
    entry["kind"] = kind
    pages, note = _PAGES[kind](path, shown)
    return kind, pages, note


def _pdf_pages(path: Path, shown: str) -> tuple[int, str]:
    """A PDF's pages, as PDFium (the reader's renderer) opens it. PDFium finds a document's
    pages from its trailer, at the end of the file: a PDF cut short has none and cannot be
    opened at all. A file with a trailer near its start (a "fast web view" PDF) or damaged
    in the middle opens, and a page whose objects are missing does not load: such a PDF is
    taken with a note, its unreadable pages kept for review as the reader keeps them."""
    import pypdfium2 as pdfium

    from ocr.pages import PDFIUM_LOCK

    with PDFIUM_LOCK:  # PDFium is not thread-safe, even on different documents
        try:
            doc = pdfium.PdfDocument(str(path))
        except pdfium.PdfiumError as error:
            if getattr(error, "err_code", None) == pdfium.raw.FPDF_ERR_PASSWORD:
                raise UploadRefused(
                    f"{shown}: the PDF is protected by a password; save it without one "
                    "and upload it again"
                ) from None
            raise UploadRefused(
                f"{shown}: the PDF is damaged or incomplete (truncated?): it cannot be opened"
            ) from None
        try:
            count = len(doc)
            readable = sum(_page_loads(doc, index) for index in range(count))
        finally:
            doc.close()
    if count == 0:
        raise UploadRefused(f"{shown}: the PDF has no pages")
    if readable == 0:
        raise UploadRefused(f"{shown}: the PDF is damaged: none of its {count} pages can be read")
    if readable < count:
        return count, f"the PDF is damaged: {readable} of its {count} pages could be read"
    with open(path, "rb") as handle:  # every PDF writer ends the file with %%EOF
        handle.seek(max(0, os.fstat(handle.fileno()).st_size - 1024))
        ended = b"%%EOF" in handle.read()
    if not ended:
        return count, "the PDF does not end as a PDF ends (truncated?): its last page may be cut"
    return count, ""


def _page_loads(doc: Any, index: int) -> bool:
    try:
        doc[index].close()
    except Exception:  # noqa: BLE001 - PDFium says only that the page failed to load
        return False
    return True


def _image_pages(path: Path, shown: str) -> tuple[int, str]:
    """A PNG or JPEG is one page, decoded to its last byte by Pillow (which says when the
    file stops short) and by OpenCV, the reader's decoder."""
    import cv2
    import numpy as np

    _refuse_too_large(path, shown)
    _pillow_frames(path, shown)
    if cv2.imdecode(np.fromfile(path, np.uint8), cv2.IMREAD_GRAYSCALE) is None:
        raise UploadRefused(f"{shown}: the image cannot be decoded")
    return 1, ""


def _tiff_pages(path: Path, shown: str) -> tuple[int, str]:
    """A TIFF's pages, every one decoded by Pillow and by OpenCV (the reader's decoder, which
    reads a TIFF cut short as fewer pages without a word)."""
    import cv2

    _refuse_too_large(path, shown)
    count = _pillow_frames(path, shown)
    try:
        opencv = cv2.imcount(str(path))
    except cv2.error:
        opencv = 0
    if opencv != count:
        raise UploadRefused(
            f"{shown}: the TIFF is damaged: how many pages it has cannot be told "
            f"({count} or {opencv})"
        )
    for index in range(count):  # one page at a time: a long TIFF never sits in memory whole
        ok, images = cv2.imreadmulti(str(path), index, 1, flags=cv2.IMREAD_GRAYSCALE)
        if not ok or not images:
            raise UploadRefused(f"{shown}, page {index + 1}: the TIFF page cannot be decoded")
    return count, ""


def _refuse_too_large(path: Path, shown: str) -> None:
    """A page larger than a scanned traveller can be (ocr/image_limits.py: a decompression
    bomb, a few hundred KB that decode to gigabytes) is refused from its header, before
    Pillow or OpenCV decode anything."""
    from ocr.image_limits import PageTooLarge, check_size, header_size

    size = header_size(path.read_bytes())
    if size is not None:
        try:
            check_size(*size, shown)
        except PageTooLarge as error:
            raise UploadRefused(str(error)) from None


def _pillow_frames(path: Path, shown: str) -> int:
    """How many frames Pillow decodes, every one of them to its end; refused when one fails."""
    from PIL import Image

    page = 1
    with warnings.catch_warnings():  # a damaged file says so below, not on stderr
        warnings.simplefilter("ignore")
        try:
            with Image.open(path, formats=("PNG", "JPEG", "TIFF")) as image:
                count = getattr(image, "n_frames", 1)
                for index in range(count):
                    page = index + 1
                    image.seek(index)
                    image.load()
        except Image.DecompressionBombError:
            raise UploadRefused(f"{shown}: the image has too many pixels to be a scan") from None
        except Exception:  # noqa: BLE001 - Pillow's errors for a cut file vary by format
            where = f"{shown}, page {page}" if page > 1 else shown
            raise UploadRefused(
                f"{where}: the image is damaged or incomplete (truncated?)"
            ) from None
    return count


_PAGES: dict[str, Callable[[Path, str], tuple[int, str]]] = {
    "pdf": _pdf_pages,
    "png": _image_pages,
    "jpeg": _image_pages,
    "tiff": _tiff_pages,
}


# -- storing ------------------------------------------------------------------------------


def _folder_inside(event_folder: Path, relative: str, shown: str) -> Path:
    """``event_folder / relative``, made if missing, refused when it (a link) leads out."""
    from pipeline.doors.inputs import InputsError, inside

    try:
        folder = inside(event_folder, relative, relative)
        folder.mkdir(parents=True, exist_ok=True)
        return inside(event_folder, relative, relative)  # again, now that it exists
    except InputsError as error:
        raise UploadRefused(f"{shown} not stored: {error}") from None


def _same_bytes(stored: list[Path], entry: dict[str, Any]) -> Path | None:
    """The stored file with the upload's bytes (only files of its size are hashed)."""
    from pipeline.doors.scans.reading import file_digest

    for path in stored:
        if path.stat().st_size == entry["bytes"] and file_digest(path) == entry["sha256"]:
            return path
    return None


def _store(temp_path: Path, folder: Path, slug: str, extension: str, entry: dict[str, Any]) -> Path:
    """Move the upload into ``folder`` under the next free number (the lock held).

    It is first put beside its final place under a hidden ``.part`` name the reader never
    lists (renamed when the temporary file is on the same file system, else copied and
    checked against its hash), then renamed to its name in one step: a run never sees half
    a file. Whatever fails on the way, the caller's temporary file is still there.
    """
    staged = folder / f".incoming-{secrets.token_hex(8)}.part"
    renamed = _stage(temp_path, staged, entry["sha256"])
    try:
        number = 1 + max((int(m.group(1)) for m in map(_NUMBERED.match, os.listdir(folder)) if m),
                         default=0)  # fmt: skip
        while os.path.lexists(final := folder / f"{number:03d}-{slug}.{extension}"):
            number += 1
        os.rename(staged, final)
    except BaseException:
        if renamed:
            os.rename(staged, temp_path)
        else:
            staged.unlink(missing_ok=True)
        raise
    if not renamed:
        os.unlink(temp_path)
    _sync_folder(folder)
    return final


def _stage(temp_path: Path, staged: Path, digest: str) -> bool:
    """The upload at ``staged``: renamed there (True) or, from another file system, copied
    (False, the temporary file kept until the upload has its name)."""
    try:
        os.rename(temp_path, staged)
    except OSError as error:
        if error.errno != errno.EXDEV:
            raise
    else:
        with open(staged, "rb") as handle:
            os.fsync(handle.fileno())
        return True
    check = hashlib.sha256()
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        with open(temp_path, "rb") as source, open(os.open(staged, flags, 0o644), "wb") as out:
            for block in iter(lambda: source.read(1 << 20), b""):
                check.update(block)
                out.write(block)
            out.flush()
            os.fsync(out.fileno())
        if check.hexdigest() != digest:
            raise UploadRefused(f"{temp_path.name} changed while it was being stored")
    except BaseException:
        staged.unlink(missing_ok=True)
        raise
    return False


def _sync_folder(folder: Path) -> None:
    """The new name on disk too, not only the bytes (POSIX: fsync the directory)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _slug(original_name: str) -> str:
    """The name the director gave, as ASCII letters, digits and dashes (at most 40): only
    its last part (after any / or \\), without its extension; "scan" when nothing is left."""
    base = re.split(r"[\\/]", original_name)[-1]
    stem, dot, _ = base.rpartition(".")
    text = unicodedata.normalize("NFKD", stem if dot and stem else base)
    ascii_text = text.encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^A-Za-z0-9]+", "-", ascii_text).strip("-").lower()
    return slug[:_SLUG_CHARS].rstrip("-") or "scan"


def _shown(original_name: str) -> str:
    """The original name for a message: control characters (a NUL) shown as "?"."""
    text = "".join("?" if unicodedata.category(c) in ("Cc", "Cs") else c for c in original_name)
    return text if text.strip() else "the file without a name"


def _size(count: int) -> str:
    return f"{count / 2**20:.1f} MB" if count >= 2**20 else f"{count:,} bytes"


# -- the log ------------------------------------------------------------------------------


def _log(root: Path, entry: dict[str, Any]) -> None:
    """Append one upload to ``EVENT/scans/uploads.jsonl`` (the lock held), on disk before
    the upload is answered. Fields: time (UTC), outcome (stored, duplicate, refused,
    failed), session, original_name, stored_name, sha256, bytes, pages, kind, note,
    duplicate_of, reason; a field not known for the outcome is null."""
    from pipeline.clock import now, utc_text

    fields = ("outcome", "session", "original_name", "stored_name", "sha256", "bytes", "pages",
              "kind", "note", "duplicate_of", "reason")  # fmt: skip
    append_line(
        root / UPLOADS_LOG,
        json.dumps({"time": utc_text(now()), **{k: entry.get(k) for k in fields}}),
    )
