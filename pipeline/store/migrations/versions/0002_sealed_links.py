"""Schema 0002: a link may be sealed with an HMAC key, and blobs enter the chain.

``records.sealed_by`` names the key that sealed a record's link ("" for a plain SHA-256
link, as every 0.1.0 record has). Blobs get no new column: from this schema on every blob
has a ``blob`` record in the chain; the store appends those records for the blobs an older
store already held when it upgrades one (pipeline/store/upgrade.py), so the upgrade itself
is on the record.

Revision ID: 0002
Revises: 0001
"""

from alembic import op

from pipeline.store.schema_ddl import SEALED_BY_0002

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(SEALED_BY_0002)


def downgrade() -> None:
    raise NotImplementedError("the event store is append-only: schemas only move forward")
