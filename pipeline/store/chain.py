"""The hash chain over the store's records, its head, and the optional HMAC seal.

Every record has a ``digest`` (SHA-256 of kind, key and canonical payload) and a ``chain``
link: the hash of the previous link, the digest, who, why and when. The format is the one
release 0.1.0 wrote, so old chains verify unchanged::

    chain_n = SHA-256(chain_{n-1} 0x1f digest 0x1f actor 0x1f reason 0x1f recorded_at)

with ``chain_0`` sixty-four zeros. Anyone can recompute SHA-256, so a chain kept only in
the file it protects shows an edit but not a forger who rewrites it. Two things close that:

- the **head** (record count and last link) is published with every result and can be
  checked later (``ChainHead``, ``bridgescan store verify --expect N:HASH``);
- a **seal**: with a secret key kept outside the store (``BRIDGESCAN_STORE_KEY_FILE``) the
  link is ``HMAC-SHA256(key, same text)`` and the record names the key by its id, so a
  record cannot be forged or re-chained without the key.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "GENESIS",
    "KEY_FILE_ENV",
    "ChainHead",
    "Seal",
    "record_digest",
    "link",
    "seal_from_environment",
    "new_key",
]

GENESIS = "0" * 64
#: The environment variable naming the file that holds the store's HMAC key.
KEY_FILE_ENV = "BRIDGESCAN_STORE_KEY_FILE"

_HEAD = re.compile(r"(\d+):([0-9a-f]{64})")


@dataclass(frozen=True)
class ChainHead:
    """Where the chain stood: ``records`` records, the last one's link ``chain``.

    Written ``N:HASH`` (``str()``/``parse``), as results publish it and ``--expect`` takes it.
    A later store must still hold record N with this link: a shorter store lost records, a
    different link means the chain was rewritten.
    """

    records: int
    chain: str

    def __str__(self) -> str:
        return f"{self.records}:{self.chain}"

    @classmethod
    def parse(cls, text: str) -> ChainHead:
        match = _HEAD.fullmatch(text.strip().lower())
        if match is None:
            raise ValueError(f"{text!r} is not a chain head (RECORDS:HASH, 64 hex digits)")
        return cls(int(match[1]), match[2])


def record_digest(kind: str, key: str, payload: str) -> str:
    """What the record says, hashed: kind, key and canonical JSON payload."""
    return hashlib.sha256(f"{kind}\x1f{key}\x1f{payload}".encode()).hexdigest()


def _link_text(previous: str, digest: str, actor: str, reason: str, recorded_at: str) -> bytes:
    return f"{previous}\x1f{digest}\x1f{actor}\x1f{reason}\x1f{recorded_at}".encode()


@dataclass(frozen=True)
class Seal:
    """An HMAC key for the chain, known only by its id inside the store."""

    key: bytes

    @property
    def id(self) -> str:
        """A short public name for the key (an HMAC of a fixed text: reveals nothing)."""
        return hmac.new(self.key, b"bridgescan store key id", hashlib.sha256).hexdigest()[:16]

    def link(self, text: bytes) -> str:
        return hmac.new(self.key, text, hashlib.sha256).hexdigest()

    @classmethod
    def from_file(cls, path: Path) -> Seal:
        """The key in a file (what ``bridgescan store keygen`` writes: 64 hex digits)."""
        try:
            text = Path(path).read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"{path}: cannot read the store key: {error}") from None
        try:
            key = bytes.fromhex(text)
        except ValueError:
            key = b""
        if len(key) < 16:
            raise ValueError(f"{path}: a store key is at least 32 hex digits (16 bytes)")
        return cls(key)


def link(
    previous: str,
    digest: str,
    actor: str,
    reason: str,
    recorded_at: str,
    seal: Seal | None = None,
) -> str:
    """The chain link of a record: SHA-256, or HMAC-SHA256 under ``seal``."""
    text = _link_text(previous, digest, actor, reason, recorded_at)
    return hashlib.sha256(text).hexdigest() if seal is None else seal.link(text)


def seal_from_environment() -> Seal | None:
    """The seal named by ``BRIDGESCAN_STORE_KEY_FILE``, or None when it is not set."""
    path = os.environ.get(KEY_FILE_ENV)
    return Seal.from_file(Path(path)) if path else None


def new_key() -> str:
    """A fresh random key, as the hex text a key file holds."""
    return os.urandom(32).hex()
