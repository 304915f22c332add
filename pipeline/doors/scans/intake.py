"""Scans uploaded from the director's console, taken into the event folder.

The web layer streams an upload to a temporary file and calls ``take_upload``; nothing here
knows about HTTP. An upload is checked by its content, never by its name (``upload_content``:
what kind of file it is, that it is not too large, that it opens as a scan the reader can
decode); a refused upload raises ``UploadRefused`` with the reason in plain English, naming
the file (and the page where one is at fault).

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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.doors.scans.upload_content import (
    MAX_UPLOAD_BYTES,
    UploadRefused,
    examine_upload,
    sniff_scan_kind,
)
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

UPLOADS_LOG = "uploads.jsonl"
"""The log of every upload, in ``EVENT/scans/``: one JSON object a line, never rewritten."""

_SCANS = "scans"
_LOCK = ".uploads.lock"
_SLUG_CHARS = 40
_EXTENSIONS = {"pdf": "pdf", "png": "png", "jpeg": "jpg", "tiff": "tif"}  # all in ocr/pages.py
_STORED = re.compile(r"^(\d{3,})-[a-z0-9-]*\.(pdf|png|jpg|tif)$")
_NUMBERED = re.compile(r"^(\d+)-")


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
        kind, pages, note = examine_upload(temp_path, shown, entry)
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
