"""The hash chain over the store's records, its head, and the optional HMAC seal.

Every record has a ``digest`` (SHA-256 of kind, key and canonical payload) and a ``chain``
link: the hash of the previous link, the digest, who, why and when. The format is the one
release 0.1.0 wrote, so old chains verify unchanged::

    chain_n = SHA-256(chain_{n-1} 0x1f digest 0x1f actor 0x1f reason 0x1f recorded_at)

with ``chain_0`` sixty-four zeros. Anyone can recompute SHA-256, so a chain kept only in
the file it protects shows an edit but not a forger who rewrites it. Two things close that:

- the **head** (record count and last link) is published with every result and can be
  checked later (``ChainHead``, ``bridgescan store verify --expect N:HASH``);
- a **seal**, by default: with a secret key kept outside the store the link is
  ``HMAC-SHA256(key, same text)`` and the record names the key by its id, so a record
  cannot be forged or re-chained without the key. The key is the file named by
  ``BRIDGESCAN_STORE_KEY_FILE``, else one made on first use in the user's configuration
  folder (its location printed when it is made); ``BRIDGESCAN_STORE_UNSEALED=1`` is the
  explicit request for plain links.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "GENESIS",
    "KEY_FILE_ENV",
    "UNSEALED_ENV",
    "ChainHead",
    "Seal",
    "record_digest",
    "link",
    "seal_from_environment",
    "default_key_file",
    "new_key",
]

GENESIS = "0" * 64
#: The environment variable naming the file that holds the store's HMAC key.
KEY_FILE_ENV = "BRIDGESCAN_STORE_KEY_FILE"
#: ``BRIDGESCAN_STORE_UNSEALED=1``: new records are not sealed (an explicit request).
UNSEALED_ENV = "BRIDGESCAN_STORE_UNSEALED"

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


def default_key_file() -> Path:
    """Where the key made on first use is kept: the user's configuration folder
    (``$XDG_CONFIG_HOME/bridgescan/store.key``, else ``~/.config/bridgescan/store.key``),
    never beside the store or in the output folder it protects."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "bridgescan" / "store.key"


def _made_on_first_use(path: Path) -> Seal:
    """The key in ``path``, made there (readable by this user only) when there is none yet.
    Made beside it and linked into place, so two processes starting at once share one."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.new")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(new_key() + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process made it first: theirs is the key
        else:
            logging.getLogger("bridgescan").warning(
                "made a new store key at %s (id %s): new event stores are sealed with it. "
                "Keep it, and a copy elsewhere: a store sealed with it is verified and "
                "extended only with it. %s=FILE names another key; %s=1 keeps new records "
                "unsealed",
                path, Seal.from_file(path).id, KEY_FILE_ENV, UNSEALED_ENV,
            )  # fmt: skip
        finally:
            temporary.unlink(missing_ok=True)
    return Seal.from_file(path)


def seal_from_environment() -> Seal | None:
    """The seal new records get: the key named by ``BRIDGESCAN_STORE_KEY_FILE``; else none
    when ``BRIDGESCAN_STORE_UNSEALED=1`` asks for none; else the key kept in the user's
    configuration folder, made on first use (``default_key_file``)."""
    path = os.environ.get(KEY_FILE_ENV)
    if path:
        return Seal.from_file(Path(path))
    if os.environ.get(UNSEALED_ENV, "").strip().lower() in ("1", "yes", "true"):
        return None
    return _made_on_first_use(default_key_file())


def new_key() -> str:
    """A fresh random key, as the hex text a key file holds."""
    return os.urandom(32).hex()
