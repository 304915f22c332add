"""Schema 0001: the event store as release 0.1.0 wrote it (the base every upgrade starts from).

On SQLite this is byte for byte the DDL of 0.1.0's store.py, so a store written by 0.1.0 is
simply stamped 0001 and upgraded from there. On PostgreSQL (new in this release) the same
tables, with ``seq`` assigned by the store under its lock (no gaps), keys in the "C"
collation (so a key-prefix LIKE uses the index whatever the database's locale), and
triggers that refuse UPDATE, DELETE and TRUNCATE. The statements are
pipeline/store/schema_ddl.py's, which a new store runs without Alembic.

Revision ID: 0001
Revises:
"""

from alembic import op

from pipeline.store.schema_ddl import POSTGRESQL_0001, SQLITE_0001

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    for statement in SQLITE_0001 if op.get_bind().dialect.name == "sqlite" else POSTGRESQL_0001:
        op.execute(statement)


def downgrade() -> None:
    raise NotImplementedError("the event store is append-only: schemas only move forward")
