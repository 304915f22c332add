"""Schema 0001: the event store as release 0.1.0 wrote it (the base every upgrade starts from).

On SQLite this is byte for byte the DDL of 0.1.0's store.py, so a store written by 0.1.0 is
simply stamped 0001 and upgraded from there. On PostgreSQL (new in this release) the same
tables, with ``seq`` assigned by the store under its lock (no gaps), keys in the "C"
collation (so a key-prefix LIKE uses the index whatever the database's locale), and
triggers that refuse UPDATE, DELETE and TRUNCATE.

Revision ID: 0001
Revises:
"""

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

SQLITE = (
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

POSTGRESQL = (
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


def upgrade() -> None:
    for statement in SQLITE if op.get_bind().dialect.name == "sqlite" else POSTGRESQL:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("the event store is append-only: schemas only move forward")
