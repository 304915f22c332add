"""A new store made without Alembic has the very schema ``alembic upgrade head`` makes.

A new, empty store runs every revision's DDL itself and records the head revision
(pipeline/store/schema_ddl.py), which spares each new store Alembic's import and command
machinery. That is only right while the result is the same schema: here two empty
databases on each back end (SQLite, a real PostgreSQL) are made at the head, one by the
store's own opening and one by Alembic's upgrade, and compared table by table, column by
column, index by index, constraint by constraint, trigger by trigger, with the revision
each records. On SQLite the DDL text SQLite keeps (``sqlite_master``) must be the same to
the byte; on PostgreSQL the catalogue's own definitions, with each store's schema name
taken out.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, inspect, text

from pipeline.store import EventStore
from pipeline.store.engine import open_engine, writing
from pipeline.store.location import store_location
from pipeline.store.schema_ddl import REVISION_DDL
from pipeline.store.upgrade import REVISIONS, head_revision, upgrade_with_alembic


def _made_by_alembic(url: str) -> Engine:
    location = store_location(url)
    engine = open_engine(location)
    if location.schema:
        with engine.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{location.schema}"'))
    with writing(engine) as connection:
        upgrade_with_alembic(connection, None)
    return engine


def _made_by_the_store(url: str) -> Engine:
    with EventStore(url, seal=None) as store:
        assert store.schema == head_revision()
    return open_engine(store_location(url))


def _inspected(engine: Engine) -> dict[str, Any]:
    """What SQLAlchemy's inspector reads of every table, in both back ends' terms."""
    inspector = inspect(engine)
    tables: dict[str, Any] = {}
    for table in sorted(inspector.get_table_names()):
        tables[table] = {
            "columns": [
                {key: str(value) for key, value in column.items()}
                for column in inspector.get_columns(table)
            ],  # in order: a column's place is part of the schema
            "primary key": inspector.get_pk_constraint(table),
            "indexes": sorted(inspector.get_indexes(table), key=lambda i: str(i["name"])),
            "unique": inspector.get_unique_constraints(table),
            "foreign keys": inspector.get_foreign_keys(table),
            "checks": inspector.get_check_constraints(table),
        }
    return tables


def _catalogue(engine: Engine, schema: str | None) -> dict[str, Any]:
    """What the back end itself keeps: SQLite's DDL text; PostgreSQL's columns (with their
    collation), index, constraint, trigger and function definitions."""
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            found = connection.exec_driver_sql(
                "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
            ).all()
            return {"sqlite_master": [tuple(row) for row in found]}
        queries = {
            "columns": "SELECT table_name, ordinal_position, column_name, data_type, "
            "collation_name, is_nullable, column_default, character_maximum_length "
            "FROM information_schema.columns WHERE table_schema = current_schema() "
            "ORDER BY table_name, ordinal_position",
            "indexes": "SELECT indexname, indexdef FROM pg_indexes "
            "WHERE schemaname = current_schema() ORDER BY indexname",
            "constraints": "SELECT c.relname, k.conname, pg_get_constraintdef(k.oid) "
            "FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid "
            "WHERE c.relnamespace = current_schema()::regnamespace ORDER BY 1, 2",
            "triggers": "SELECT t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger t "
            "JOIN pg_class c ON c.oid = t.tgrelid "
            "WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal "
            "ORDER BY 1",
            "functions": "SELECT proname, pg_get_functiondef(oid) FROM pg_proc "
            "WHERE pronamespace = current_schema()::regnamespace ORDER BY 1",
        }
        out = {}
        for name, query in queries.items():
            rows = connection.exec_driver_sql(query).all()
            assert schema is not None
            out[name] = [tuple(str(v).replace(f"{schema}.", "SCHEMA.") for v in row)
                         for row in rows]  # fmt: skip
        return out


def _revision(engine: Engine) -> list[tuple[str, ...]]:
    with engine.connect() as connection:
        return [tuple(r) for r in connection.exec_driver_sql("SELECT * FROM alembic_version")]


@pytest.fixture(params=["sqlite", "postgresql"])
def two_urls(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    """Two new, empty stores' locations on one back end."""
    if request.param == "sqlite":
        return str(tmp_path / "by-store.sqlite"), str(tmp_path / "by-alembic.sqlite")
    postgres = request.getfixturevalue("postgres")
    return postgres.fresh_url(), postgres.fresh_url()


def test_a_new_store_has_the_schema_alembic_makes(two_urls: tuple[str, str]) -> None:
    ours, theirs = _made_by_the_store(two_urls[0]), _made_by_alembic(two_urls[1])
    try:
        assert _revision(ours) == _revision(theirs) == [(head_revision(),)]
        described = _inspected(ours)
        assert described == _inspected(theirs)
        assert set(described) == {"alembic_version", "blobs", "records"}
        assert [c["name"] for c in described["records"]["columns"]][-1] == "sealed_by"
        schemas = [store_location(url).schema for url in two_urls]
        assert _catalogue(ours, schemas[0]) == _catalogue(theirs, schemas[1])
    finally:
        ours.dispose()
        theirs.dispose()


def test_a_new_sqlite_store_refuses_to_change_a_record_like_any(tmp_path: Path) -> None:
    """The triggers made without Alembic work: a record cannot be changed or deleted."""
    path = tmp_path / "store.sqlite"
    with EventStore(path, seal=None) as store:
        store.append("event", "name", {"name": "Club night"})
    db = sqlite3.connect(path)
    try:
        for statement in ("UPDATE records SET kind = 'x'", "DELETE FROM records"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                db.execute(statement)
    finally:
        db.close()


def test_every_revision_the_release_knows_has_its_ddl() -> None:
    assert tuple(REVISION_DDL) == REVISIONS
    assert all(set(ddl) == {"sqlite", "postgresql"} for ddl in REVISION_DDL.values())
