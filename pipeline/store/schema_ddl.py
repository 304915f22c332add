"""Each schema revision's DDL as plain SQL per back end, and the new store made from it.

The migrations (pipeline/store/migrations/versions/) run these statements under Alembic to
upgrade a store; a new, empty store runs every revision's in order without Alembic
(``head_statements``) and records the head revision as Alembic would: Alembic's import and
its command's machinery cost a new store a fifth of a second of CPU (``scan read`` makes
one for every output folder). No SQLAlchemy here either, so that a new SQLite file is made
with Python's sqlite3 alone (sqlite_file.py). tests/pipeline/store/test_store_schema.py
checks, on SQLite and PostgreSQL, that the two ways make the same schema table by table,
column by column, index by index, trigger by trigger. A released revision's statements
never change: a change of schema is a new revision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

__all__ = [
    "SQLITE_0001",
    "POSTGRESQL_0001",
    "SEALED_BY_0002",
    "REVISION_DDL",
    "head_statements",
    "create_at_head",
]

#: 0001 on SQLite: byte for byte the DDL of release 0.1.0's store.py.
SQLITE_0001 = (
    """CREATE TABLE IF NOT EXISTS records (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT NOT NULL,
    key         TEXT NOT NULL,
    payload     TEXT NOT NULL,
    digest      TEXT NOT NULL,
    actor       TEXT NOT NULL,
    reason      TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    chain       TEXT NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS records_kind_key ON records (kind, key, seq)",
    """CREATE TABLE IF NOT EXISTS blobs (
    digest      TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    data        BLOB NOT NULL
)""",
    *(
        f"CREATE TRIGGER IF NOT EXISTS {table}_no_{what} BEFORE {what.upper()} ON {table}\n"
        "BEGIN SELECT RAISE(ABORT, 'the event store is append-only'); END"
        for table in ("records", "blobs")
        for what in ("update", "delete")
    ),
)

#: 0001 on PostgreSQL: the same tables, ``seq`` assigned by the store under its lock, keys
#: in the "C" collation, triggers that refuse UPDATE, DELETE and TRUNCATE.
POSTGRESQL_0001 = (
    """CREATE TABLE records (
    seq         BIGINT PRIMARY KEY,
    kind        TEXT COLLATE "C" NOT NULL,
    key         TEXT COLLATE "C" NOT NULL,
    payload     TEXT NOT NULL,
    digest      TEXT NOT NULL,
    actor       TEXT NOT NULL,
    reason      TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    chain       TEXT NOT NULL
)""",
    "CREATE INDEX records_kind_key ON records (kind, key, seq)",
    """CREATE TABLE blobs (
    digest      TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    data        BYTEA NOT NULL
)""",
    """CREATE FUNCTION bridgescan_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the event store is append-only (% on % refused)', TG_OP, TG_TABLE_NAME;
END $$""",
    *(
        f"CREATE TRIGGER {table}_no_{what} BEFORE {what.upper()} ON {table}"
        f" FOR EACH {'STATEMENT' if what == 'truncate' else 'ROW'}"
        " EXECUTE FUNCTION bridgescan_append_only()"
        for table in ("records", "blobs")
        for what in ("update", "delete", "truncate")
    ),
)

#: 0002 on both: the key that sealed a record's link ("" for a plain SHA-256 link).
SEALED_BY_0002 = "ALTER TABLE records ADD COLUMN sealed_by TEXT NOT NULL DEFAULT ''"

#: revision -> back end -> its statements, oldest revision first (upgrade.REVISIONS).
REVISION_DDL: dict[str, dict[str, tuple[str, ...]]] = {
    "0001": {"sqlite": SQLITE_0001, "postgresql": POSTGRESQL_0001},
    "0002": {"sqlite": (SEALED_BY_0002,), "postgresql": (SEALED_BY_0002,)},
}

#: Alembic's own record of the revision, as its MigrationContext's table is made (the text
#: SQLAlchemy writes for it on both back ends).
ALEMBIC_VERSION = (
    "CREATE TABLE alembic_version (\n\tversion_num VARCHAR(32) NOT NULL, \n\t"
    "CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)\n)"
)


def head_statements(dialect: str) -> list[str]:
    """What makes an empty database (``"sqlite"`` or ``"postgresql"``) a store at the head
    schema, as ``alembic upgrade head`` leaves it: every revision's statements in order,
    and the head revision recorded in ``alembic_version``. Run in one write transaction."""
    statements = [s for ddl in REVISION_DDL.values() for s in ddl[dialect]]
    head = list(REVISION_DDL)[-1]
    return [*statements, ALEMBIC_VERSION,
            f"INSERT INTO alembic_version (version_num) VALUES ('{head}')"]  # fmt: skip


def create_at_head(connection: Connection) -> None:
    """``head_statements`` on a SQLAlchemy connection, inside the caller's write
    transaction (a new SQLite file is made by sqlite_file.py with Python's sqlite3)."""
    from sqlalchemy import text

    for statement in head_statements(connection.dialect.name):
        connection.execute(text(statement))  # as Alembic's op.execute runs it
