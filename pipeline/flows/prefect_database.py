"""Prefect's database made once per installed Prefect, not once per Prefect home.

Prefect's API, started on a Prefect home without a database (a fresh clone's ``make run``,
``bench_rerun``, a test's home), first builds one: Alembic's 114 SQLite migrations (most of
them ``batch_alter_table``, which reflects and copies tables) and the registration of every
block type, some 8-9 s of CPU of a 12-14 s start (docs/batch.md, "A new Prefect home"). The
result is the same for every home of one installed Prefect, so it is made once, as a
template: Prefect's own ``create_db`` and block registration on a new SQLite file, written
out with SQLite's ``VACUUM INTO`` (``build_template``).

The API process (``local_api.api_command``: the temporary API of a command, ``bridgescan
prefect start``'s server, the test session's API) calls ``seed_home`` once Prefect is
imported and before its app starts: when the home's database is Prefect's default SQLite
file and does not exist yet, the template is copied in (a temporary file in the home, then
a hard link that fails if another process made the database meanwhile: two commands starting
at once in one new home both work, and an existing database is never touched). The first
such API of an installation finds no template and makes it first, in its own process, at
the cost of the migrations it would have run anyway: no separate step (setup, a command) is
needed, and none imports Prefect's server a second time for it (``python -m
pipeline.flows.prefect_template`` makes it beforehand, for an installation its users cannot
write to). It runs in the API process because only Prefect's settings know which database
the API will use (its environment, a profile in the home, a ``prefect.toml`` or ``.env`` in
the working folder), and that process has them loaded anyway. Prefect's own start then finds
its Alembic head there (nothing to migrate) and its block types registered: the memo Prefect
keeps of that (``memo_store.toml``, a hash of the block registry, the collections' block
data and the database's URL) is written for the copy when the registry is the one the
template was made with, else Prefect registers them again as it would. At every start
(``start_settings``) that memo is compared here with the registry's hash made without
importing Prefect's collections, where the template says they add no block type (Dask's
does not), and Prefect is told its block types are registered when it matches: its own
comparison imports them first (Dask and distributed, 0.3 s of the API's CPU).

A template is found by the installation's key (``installation_key``: Prefect's, SQLAlchemy's
and Alembic's versions, a hash of Prefect's SQLite migrations, so a Prefect patched under
the same version number is a new key too, and the collections installed); one made by
another installation is never used. It lives with the installation:
``$BRIDGESCAN_PREFECT_TEMPLATES`` when set, else in the virtual environment
(``<sys.prefix>/var/bridgescan``, gone with the environment that made it), else in the
user's cache. Where it cannot be made (a folder nobody may write to),
Prefect migrates each new home as before, and the API's error output says why.

This file imports nothing of bridgescan: the API process runs it by its path
(``local_api.api_command``), without ``pipeline``'s package, whose import sets the commands'
environment defaults.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import sqlite3
import sys
import tempfile
import time
from contextlib import AbstractContextManager, closing, nullcontext, suppress
from importlib import metadata
from importlib.util import find_spec
from pathlib import Path
from typing import Any

__all__ = [
    "NO_BLOCK_TYPES",
    "TEMPLATE_FOLDER_VARIABLE",
    "build_template",
    "installation_key",
    "seed_home",
    "start_settings",
    "template_description",
    "template_folder",
    "template_path",
]

#: Where templates are kept, when set (the tests; an installation its users cannot write to).
TEMPLATE_FOLDER_VARIABLE = "BRIDGESCAN_PREFECT_TEMPLATES"
DATABASE_NAME = "prefect.db"
#: In a template's description: whether importing Prefect's collections (their entry points,
#: ``prefect.collections``) added no block type to Prefect's registry when it was made.
NO_BLOCK_TYPES = "collections_add_no_block_types"
#: The files SQLite keeps beside a database: one left by a deleted database would be read
#: into a new one, so a home holding any of them is left to Prefect.
_SIDE_FILES = ("-wal", "-journal", "-shm")


def template_folder() -> Path:
    """Where this installation's templates are: ``$BRIDGESCAN_PREFECT_TEMPLATES``, else the
    virtual environment's ``var/bridgescan`` (it lives and goes with the Prefect installed
    in it), else the user's cache (``$XDG_CACHE_HOME`` or ``~/.cache``)/bridgescan."""
    chosen = os.environ.get(TEMPLATE_FOLDER_VARIABLE)
    if chosen:
        return Path(chosen)
    if sys.prefix != sys.base_prefix:
        return Path(sys.prefix) / "var" / "bridgescan"
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "bridgescan"


def _migrations_hash() -> str:
    """A hash of what Alembic builds Prefect's SQLite database from (its ini, env.py and
    every SQLite migration: the head revision among them)."""
    spec = find_spec("prefect")
    assert spec is not None and spec.origin is not None, "prefect is installed with bridgescan"
    root = Path(spec.origin).parent / "server" / "database"
    files = [root / "alembic.ini", root / "_migrations" / "env.py"]
    files += sorted((root / "_migrations" / "versions" / "sqlite").glob("*.py"))
    digest = hashlib.sha256()
    for path in files:
        digest.update(f"{path.relative_to(root)}\0".encode() + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _collections() -> list[metadata.EntryPoint]:
    return sorted(metadata.entry_points(group="prefect.collections"), key=lambda e: e.name)


def installed_collections() -> str:
    """Prefect's collections installed (the entry points Prefect imports before it registers
    its block types), each with its distribution's version: ``prefect_dask=prefect_dask
    (prefect-dask 0.3.7)``, one a line."""
    return "\n".join(f"{entry.name}={entry.value} ({entry.dist.name if entry.dist else '?'} "
                     f"{entry.dist.version if entry.dist else '?'})"
                     for entry in _collections())  # fmt: skip


def installation_key() -> dict[str, str]:
    """What a template must have been made with to be used: the versions of Prefect and of
    what runs its migrations, the hash of its migrations and the collections installed.
    Standard library only (some 10 ms of CPU once Prefect is imported)."""
    key = {name: metadata.version(name) for name in ("prefect", "sqlalchemy", "alembic")}
    key["migrations"] = _migrations_hash()
    key["collections"] = installed_collections()
    return key


def template_path(key: dict[str, str], folder: Path | None = None) -> Path:
    """The template's database file for ``key`` (its description beside it, ``.json``),
    named by a hash of the whole key: an installation that upgrades SQLAlchemy or Alembic
    under the same Prefect makes a template of its own instead of finding the old one's
    name taken (its description another key) and migrating every new home from then on."""
    whole = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()
    name = f"prefect-{key['prefect']}-{whole[:16]}.db"
    return (folder or template_folder()) / name


def template_description(database: Path) -> dict[str, Any] | None:
    """The template's description, when the template is whole (the description is written
    last), else None."""
    try:
        described = json.loads(database.with_suffix(".json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return described if isinstance(described, dict) and database.is_file() else None


# --- made once: by the first API process that finds none, or beforehand -------------------


def build_template(target: Path) -> dict[str, Any]:
    """Make the template ``target`` with the Prefect of this process: Prefect's
    ``create_db`` and block registration, as its API's start runs them, on a new SQLite
    file beside ``target`` (Prefect's database interface pointed at it for the while, then
    given back), written to ``target`` with ``VACUUM INTO`` and described beside it, the
    description last. Returns the description."""
    import asyncio

    from prefect.server.database.configurations import AioSqliteConfiguration
    from prefect.server.database.dependencies import temporary_database_interface

    target.parent.mkdir(parents=True, exist_ok=True)
    _clear_leftovers(target.parent)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".scratch-") as scratch:
        url = f"sqlite+aiosqlite:///{scratch}/{DATABASE_NAME}"
        with temporary_database_interface(AioSqliteConfiguration(connection_url=url)):
            blocks_hash, no_block_types = asyncio.run(_migrate_and_register(url))
        part = target.with_name(f"{target.name}.{secrets.token_hex(8)}.part")
        try:
            with closing(sqlite3.connect(Path(scratch) / DATABASE_NAME)) as made:
                made.execute("VACUUM INTO ?", (str(part),))
                (head,) = made.execute("SELECT version_num FROM alembic_version").fetchone()
            part.replace(target)
        finally:
            part.unlink(missing_ok=True)
    described = {**installation_key(), "alembic_head": head, "blocks_url": url,
                 "blocks_hash": blocks_hash, NO_BLOCK_TYPES: no_block_types}  # fmt: skip
    description = target.with_name(f"{target.stem}.{secrets.token_hex(8)}.json.part")
    description.write_text(json.dumps(described, indent=1) + "\n", "utf-8")
    description.replace(target.with_suffix(".json"))
    return described


#: How old a build's scratch folder or part file must be to be a killed build's leftover: a
#: build takes seconds, a minute on a machine at load 20.
_LEFTOVER_AGE_S = 3600


def _clear_leftovers(folder: Path) -> None:
    """Remove what builds killed half way left in ``folder`` (an API stopped while it made
    the template: a command killed in its first seconds), older than ``_LEFTOVER_AGE_S``,
    so that a build now running beside this one keeps its own."""
    now = time.time()
    for entry in folder.iterdir():
        if not (entry.name.startswith(".scratch-") or entry.name.endswith(".part")):
            continue
        try:
            if now - entry.lstat().st_mtime <= _LEFTOVER_AGE_S:
                continue
            if entry.is_dir():
                shutil.rmtree(entry)
            else:
                entry.unlink()
        except OSError:  # removed meanwhile by another build
            pass


async def _migrate_and_register(url: str) -> tuple[str | None, bool]:
    """Prefect's migrations and block registration on the database Prefect's interface
    points at (``url``); Prefect's hash of the block registry registered, for its memo, and
    whether importing the collections left that registry as it was (``NO_BLOCK_TYPES``:
    false when they were imported before, so that it cannot be told)."""
    import prefect.plugins
    from prefect.server.database import provide_database_interface
    from prefect.server.models.block_registration import run_block_auto_registration

    database = provide_database_interface()
    await database.create_db()
    imported = any(entry.module in sys.modules for entry in _collections())
    bare = None if imported else await _blocks_hash(url)
    prefect.plugins.load_prefect_collections()  # as Prefect's memo does, before registering
    blocks_hash = await _blocks_hash(url)
    session = await database.session()
    async with session:
        await run_block_auto_registration(session=session)
    await (await database.engine()).dispose()
    return blocks_hash, bare is not None and bare == blocks_hash


async def _blocks_hash(url: str) -> str | None:
    """Prefect's hash of its block registry for the database at ``url``, made as its API's
    start makes it (``prefect.server.api.server._memoize_block_auto_registration``)."""
    from hashlib import sha256

    from prefect.blocks.core import Block
    from prefect.server.models.block_registration import _load_collection_blocks_data
    from prefect.utilities.dispatch import get_registry_for_type
    from prefect.utilities.hashing import hash_objects

    collections_data = await _load_collection_blocks_data()
    return hash_objects(get_registry_for_type(Block), collections_data, url, hash_algo=sha256)


# --- used by every API process --------------------------------------------------------------


def seed_home() -> str:
    """In Prefect's API process, Prefect imported, before its app starts: put the template
    in the home (made first when this installation has none yet) when the database the API
    will use is Prefect's default SQLite file there and does not exist yet. Returns what was
    done, in a few words (for the tests). Never stops the API from starting: a template that
    cannot be made or copied leaves Prefect to migrate, as before, with a line on stderr."""
    import prefect.settings as settings

    if not (settings.PREFECT_API_DATABASE_MIGRATE_ON_START.value()
            and settings.PREFECT_API_BLOCKS_REGISTER_ON_START.value()):  # fmt: skip
        return "Prefect migrates or registers nothing on start: left to it"
    home = Path(settings.PREFECT_HOME.value())
    url = settings.PREFECT_API_DATABASE_CONNECTION_URL.value()
    if url != f"sqlite+aiosqlite:///{home}/{DATABASE_NAME}":
        return "not Prefect's default SQLite database: left alone"
    memo = None
    if settings.PREFECT_MEMOIZE_BLOCK_AUTO_REGISTRATION.value():
        memo = Path(settings.PREFECT_MEMO_STORE_PATH.value())
    try:
        return _seed(home, url, memo)
    except Exception as error:  # noqa: BLE001 - whatever it is, Prefect's own way is left
        print(f"bridgescan: Prefect's database template not used: {error!r}", file=sys.stderr)
        return f"failed: {error!r}"


def _seed(home: Path, url: str, memo: Path | None) -> str:
    database = home / DATABASE_NAME
    if any(Path(f"{database}{side}").exists() for side in ("", *_SIDE_FILES)):
        return "the home has a database: left alone"
    key = installation_key()
    template = template_path(key)
    described = template_description(template)
    made = ""
    if described is None:  # the first new home of this installation: Prefect would migrate
        described, made = build_template(template), "template made, "  # it anyway
    if {name: described.get(name) for name in key} != key:
        return "a template of another Prefect under this one's name: left to Prefect"
    home.mkdir(parents=True, exist_ok=True)
    part = home / f".{DATABASE_NAME}.{secrets.token_hex(8)}.part"
    try:
        shutil.copyfile(template, part)
        try:
            os.link(part, database)  # never replaces: fails when another process made one
        except FileExistsError:
            return "another process made the database meanwhile: left to it"
    finally:
        part.unlink(missing_ok=True)
    if memo is None:
        return f"{made}template copied"
    try:
        if _write_memo(memo, url, described):
            return f"{made}template copied, block registration memo written"
    except OSError:  # a memo Prefect cannot read or write either: it registers them again
        pass
    # A memo left from a database no longer there vouches for block types the copy may not
    # hold (Prefect's hash is of its registry and the URL, not of the database): gone, so
    # that Prefect registers them.
    with suppress(OSError):
        memo.unlink(missing_ok=True)
    return f"{made}template copied"


def _write_memo(memo: Path, url: str, described: dict[str, Any]) -> bool:
    """Prefect's memo that its block types are registered in the database at ``url`` (in
    Prefect's own format, replacing one left from a database no longer there), when
    Prefect's block registry is the one registered in the template: a collection installed
    since would add block types, and Prefect then registers them all again, as it would."""
    import asyncio

    import prefect.plugins
    import toml

    if described.get(NO_BLOCK_TYPES) is not True:
        prefect.plugins.load_prefect_collections()  # cached: Prefect's start uses the same
    made, blocks_hash = asyncio.run(_two_hashes(described.get("blocks_url", ""), url))
    if made is None or made != described.get("blocks_hash") or blocks_hash is None:
        return False
    part = memo.with_name(f".{memo.name}.{secrets.token_hex(8)}.part")
    part.touch(mode=0o600)
    part.write_text(toml.dumps({"block_auto_registration": blocks_hash}), "utf-8")
    part.replace(memo)
    return True


def start_settings() -> AbstractContextManager[object]:
    """Prefect's settings for its API's start (``local_api.api_command``, after
    ``seed_home``): its block registration skipped when its memo says the block types are
    registered, told without importing the collections.

    Before it registers its block types, Prefect's start imports every collection installed
    (``prefect_dask``: Dask and distributed, 0.3 s of the API's 3.5-4 s of CPU) to hash its
    block registry with them, and registers nothing when the memo in its home holds that
    hash. Where this installation's template says the collections add no block type
    (``NO_BLOCK_TYPES``; the collections are in its key), the registry's hash is the same
    without them: compared here, and when it matches the memo, Prefect's start is told not
    to register (``PREFECT_API_BLOCKS_REGISTER_ON_START`` and its memo off for this
    process), which is what its own comparison would conclude. Anything else (no template,
    no memo, another hash, a collection that adds block types): Prefect's own way."""
    import prefect.settings as settings

    if not (settings.PREFECT_API_BLOCKS_REGISTER_ON_START.value()
            and settings.PREFECT_MEMOIZE_BLOCK_AUTO_REGISTRATION.value()):  # fmt: skip
        return nullcontext()  # Prefect registers none, or every time: its way, untouched
    memo = Path(settings.PREFECT_MEMO_STORE_PATH.value())
    try:
        registered = _memo_matches(memo, settings.PREFECT_API_DATABASE_CONNECTION_URL.value())
    except Exception as error:  # noqa: BLE001 - whatever it is, Prefect's own way is left
        print(f"bridgescan: Prefect's block memo not read: {error!r}", file=sys.stderr)
        return nullcontext()
    if not registered:
        return nullcontext()
    return settings.temporary_settings(updates={
        settings.PREFECT_API_BLOCKS_REGISTER_ON_START: False,
        settings.PREFECT_MEMOIZE_BLOCK_AUTO_REGISTRATION: False})  # fmt: skip


def _memo_matches(memo: Path, url: str) -> bool:
    """Whether Prefect's memo at ``memo`` holds the hash its start would make of its block
    registry for ``url``, made without the collections, which the template says add none."""
    import asyncio
    import tomllib

    described = template_description(template_path(installation_key()))
    if described is None or described.get(NO_BLOCK_TYPES) is not True:
        return False
    try:
        saved = tomllib.loads(memo.read_text("utf-8")).get("block_auto_registration")
    except (OSError, ValueError):
        return False
    return saved is not None and saved == asyncio.run(_blocks_hash(url))


async def _two_hashes(first: str, second: str) -> tuple[str | None, str | None]:
    return await _blocks_hash(first), await _blocks_hash(second)
