"""The reader's version: what a stored page reading was read with.

A page read once need not be read again (the pipeline keeps readings by the scan's content
hash), but only while the reader would read it the same way. So the version is a hash of
everything the reading depends on, and changes whenever any of it does:

- the reader's code (every module of ``ocr/`` except the training side): alignment, marks,
  digits, the joint Law 77 decoding and its thresholds live there;
- the digit model's weights (the shipped file, or whatever model the reader was given);
- the form layouts (``templates/forms/``) and the layout the reader holds;
- the acceptance threshold and whether printed numbers are read with Tesseract.

The session's own context (the movement pre-printed on the travellers, the event and
session the QR codes must name) is added by the pipeline (pipeline/doors/scans/reading.py),
which knows it. A change in Tesseract's own version is not seen: it reads only printed
board numbers when a QR code is damaged.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ocr.digits import DigitModel
    from ocr.reader import ScanReader

__all__ = ["code_digest", "model_digest", "reader_version", "shipped_reader_digest"]

_OCR = Path(__file__).parent
_FORMS = _OCR.parent / "templates" / "forms"
_MODELS = _OCR / "models"  # the shipped digit model (ocr/digits.py, DEFAULT_MODEL_PATH)


def _files() -> list[Path]:
    files = sorted(_OCR.glob("*.py"))
    if _FORMS.is_dir():
        files += sorted(p for p in _FORMS.rglob("*") if p.is_file() and p.suffix != ".pyc")
    return files


@cache
def code_digest() -> str:
    """SHA-256 over the reader's modules and the form layouts, as they are on disk."""
    digest = hashlib.sha256()
    for path in _files():
        digest.update(path.relative_to(_OCR.parent).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


@cache
def shipped_reader_digest() -> str:
    """SHA-256 over every file the reader as shipped is made of: its code and form layouts
    (``code_digest``) and the shipped model files (``ocr/models/``).

    The default reader's ``reader_version`` is a function of these files alone (its layout
    is read from the forms, its threshold and whether it reads printed numbers are in its
    code), so when this digest is unchanged its version is too: a caller can know that
    without loading the model, OpenCV or numpy (pipeline/flows/session_readings.py)."""
    digest = hashlib.sha256(code_digest().encode() + b"\0")
    for path in sorted(p for p in _MODELS.iterdir() if p.is_file() and p.suffix != ".pyc"):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def model_digest(model: DigitModel) -> str:
    """SHA-256 over the digit model's weights and settings."""
    import numpy as np

    digest = hashlib.sha256(f"{model.members}|{model.temperature}|".encode())
    for array in (*model.weights, *model.biases):
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def reader_version(reader: ScanReader) -> str:
    """The version of ``reader``: ``reader-`` and 20 hex digits."""
    digest = hashlib.sha256()
    for part in (code_digest(), model_digest(reader.model), repr(reader.layout),
                 repr(reader.threshold), repr(reader.read_printed)):  # fmt: skip
        digest.update(part.encode() + b"\0")
    return "reader-" + digest.hexdigest()[:20]
