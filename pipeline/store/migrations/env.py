"""Alembic's environment for the event store: migrations run on the connection the store gives.

The store opens the connection, takes its write lock (SQLite ``BEGIN IMMEDIATE``, a
PostgreSQL advisory lock) and passes the connection in ``config.attributes``; the
migrations then run inside that one transaction, so an upgrade is all or nothing and two
processes opening an old store at once upgrade it once. Run upgrades with
``bridgescan store upgrade --store URL`` (or simply by opening the store), not with the
``alembic`` command.
"""

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise SystemExit("upgrade an event store with `bridgescan store upgrade --store URL`")
context.configure(connection=connection, target_metadata=None, transactional_ddl=True)
with context.begin_transaction():
    context.run_migrations()
