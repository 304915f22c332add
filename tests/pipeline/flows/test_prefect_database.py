"""A new Prefect home gets the installation's database template (flows/prefect_database.py;
made beforehand by flows/prefect_template.py).

Real Prefect throughout: the template is Prefect's own migrations and block registration
(made by the first API in a new home, and for the other tests this installation's, copied,
else made once by ``make_template``), and the API processes are started as the commands
start theirs (``local_api.api_command``). What a home must end
up with is read from Prefect itself: Alembic's head among Prefect's SQLite migrations, the
API answering a flow run, the block types as the template holds them (not registered
again: ``start_settings`` told Prefect its memo matches, without importing the collections),
and Prefect's own start saying it skipped registering them because its memo matched where
bridgescan leaves the comparison to it.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest

from pipeline.flows import prefect_database
from pipeline.flows.local_api import answers, api_command, free_port
from pipeline.flows.prefect_database import (
    TEMPLATE_FOLDER_VARIABLE,
    installation_key,
    template_folder,
    template_path,
)
from pipeline.flows.prefect_template import make_template

SKIPPED_REGISTRATION = "Skipping block loading due to matching hash"
"""What Prefect's API logs at start when its memo says the block types are registered."""


@pytest.fixture(scope="module")
def templates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding this installation's template: a copy of the one made already, else
    one made now (Prefect's migrations, about 13 s of CPU)."""
    folder = tmp_path_factory.mktemp("templates")
    installed = template_path(installation_key(), template_folder())
    if installed.is_file() and installed.with_suffix(".json").is_file():
        shutil.copy(installed, folder)
        shutil.copy(installed.with_suffix(".json"), folder)
    else:
        make_template(folder, say=lambda line: None)
    return folder


def _api_env(home: Path, templates: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env.update(PREFECT_HOME=str(home), PREFECT__SERVER_EPHEMERAL="1", PREFECT_UI_ENABLED="0")
    # Prefect's start says at DEBUG whether its memo spared it registering the block types.
    env.update(DO_NOT_TRACK="1", PREFECT_DEBUG_MODE="1", PREFECT_LOGGING_SERVER_LEVEL="DEBUG")
    env[TEMPLATE_FOLDER_VARIABLE] = str(templates)
    return env


@contextmanager
def _apis(home: Path, templates: Path, count: int = 1) -> Iterator[list[tuple[str, Path]]]:
    """``count`` Prefect API processes started at once on ``home``, answering: their
    addresses and logs; stopped on leaving."""
    started = []
    for number in range(count):
        port = free_port()
        log = home.parent / f"api-{number}.log"
        env = _api_env(home, templates)
        with log.open("w") as sink:
            process = subprocess.Popen(api_command(port), env=env, stdin=subprocess.DEVNULL,
                                       stdout=sink, stderr=sink)  # fmt: skip
        started.append((process, f"http://127.0.0.1:{port}/api", log))
    try:
        deadline = time.monotonic() + 240
        for process, url, log in started:
            while not answers(url, timeout=1.0):
                assert process.poll() is None, log.read_text()[-3000:]
                assert time.monotonic() < deadline, f"{url} did not answer"
                time.sleep(0.1)
        yield [(url, log) for _, url, log in started]
    finally:
        for process, _, _ in started:
            process.terminate()
        for process, _, _ in started:
            process.wait(30)


def _asked(request: urllib.request.Request | str) -> Any:
    """The API's answer, asked again after a 503 as Prefect's own client does: the API says
    503 for what a client may retry (SQLite's "database is locked" while its background
    services write, on a loaded machine), and Prefect's client retries it five times."""
    for attempt in range(6):
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                return json.loads(reply.read())
        except urllib.error.HTTPError as error:
            if error.code != 503 or attempt == 5:
                raise
            time.sleep(0.5 * 2**attempt)


def _post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})  # fmt: skip
    return _asked(request)


def _a_completed_flow_run(api: str) -> str:
    """A flow run made and finished through the API; its id."""
    flow = _post(f"{api}/flows/", {"name": "bridgescan-template-check"})
    run = _post(f"{api}/flow_runs/", {"flow_id": flow["id"], "name": "template-check"})
    _post(f"{api}/flow_runs/{run['id']}/set_state", {"state": {"type": "COMPLETED"}})
    return str(run["id"])


def _state_of(api: str, run: str) -> str:
    return str(_asked(f"{api}/flow_runs/{run}")["state"]["type"])


def _alembic_head() -> str:
    """Prefect's head revision among its SQLite migrations, as Alembic finds it."""
    import prefect.server.database as database
    from alembic.script import ScriptDirectory

    migrations = Path(database.__file__).parent / "_migrations"
    script = ScriptDirectory(
        str(migrations), version_locations=[str(migrations / "versions" / "sqlite")]
    )
    head = script.get_current_head()
    assert head is not None
    return head


def _block_types(database: Path) -> list[tuple[str, str]]:
    """Each block type's slug and when it was last written: a registration writes them all."""
    with closing(sqlite3.connect(database)) as made:
        return list(made.execute("SELECT slug, updated FROM block_type ORDER BY slug"))


def _revision(database: Path) -> str:
    with closing(sqlite3.connect(database)) as made:
        return str(made.execute("SELECT version_num FROM alembic_version").fetchone()[0])


def test_the_first_new_home_makes_the_template_and_answers_a_flow_run(tmp_path: Path) -> None:
    templates, home = tmp_path / "templates", tmp_path / "prefect"  # no template yet
    templates.mkdir()
    for leftover in (templates / ".scratch-killed", templates / "prefect-x.db.0123.part"):
        if leftover.name.startswith("."):
            leftover.mkdir()
        else:
            leftover.write_bytes(b"half a template")
        two_hours_ago = time.time() - 7200
        os.utime(leftover, (two_hours_ago, two_hours_ago))  # left by a build killed then
    with _apis(home, templates) as [(api, log)]:
        run = _a_completed_flow_run(api)
        assert _state_of(api, run) == "COMPLETED"
        block_types = _post(f"{api}/block_types/filter", {})
    made = template_path(installation_key(), templates)
    assert json.loads(made.with_suffix(".json").read_text())["alembic_head"] == _alembic_head()
    assert _revision(made) == _revision(home / "prefect.db") == _alembic_head()
    assert "local-file-system" in {block_type["slug"] for block_type in block_types}
    assert json.loads(made.with_suffix(".json").read_text())[prefect_database.NO_BLOCK_TYPES]
    # Not registered again: the memo written for the copy matched the registry's hash, made
    # without Dask's collection (it adds no block type), and Prefect was told so.
    assert _block_types(home / "prefect.db") == _block_types(made)
    said = log.read_text()
    assert SKIPPED_REGISTRATION not in said  # Prefect did not compare (nor import) itself
    assert "bridgescan:" not in said  # the template was made and copied
    # ... and without what a build killed half way left there
    assert sorted(path.name for path in templates.iterdir()) == [made.name, f"{made.stem}.json"]


def test_two_apis_starting_at_once_in_one_new_home_both_work(
    tmp_path: Path, templates: Path
) -> None:
    home = tmp_path / "prefect"
    with _apis(home, templates, count=2) as [(first, first_log), (second, second_log)]:
        run = _a_completed_flow_run(first)
        assert _state_of(second, run) == "COMPLETED"  # one database, the same for both
    assert _revision(home / "prefect.db") == _alembic_head()
    made = template_path(installation_key(), templates)
    assert _block_types(home / "prefect.db") == _block_types(made)  # neither registered them
    assert "bridgescan:" not in first_log.read_text() + second_log.read_text()
    assert sorted(path.name for path in home.iterdir() if path.name.endswith(".part")) == []


@pytest.fixture
def prefect_settings() -> Iterator[Any]:
    """Prefect's settings module, for ``temporary_settings`` (imported only by the tests
    that need it)."""
    import prefect.settings

    yield prefect.settings


def _seed(settings: Any, home: Path, more: dict[Any, str] | None = None) -> str:
    with settings.temporary_settings(updates={settings.PREFECT_HOME: str(home), **(more or {})}):
        return prefect_database.seed_home()


def test_an_existing_database_is_left_as_it_is(
    tmp_path: Path, templates: Path, prefect_settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TEMPLATE_FOLDER_VARIABLE, str(templates))
    home = tmp_path / "prefect"
    home.mkdir()
    (home / "prefect.db").write_bytes(b"not even SQLite")
    assert _seed(prefect_settings, home) == "the home has a database: left alone"
    assert (home / "prefect.db").read_bytes() == b"not even SQLite"
    (home / "prefect.db").unlink()
    (home / "prefect.db-wal").write_bytes(b"a deleted database's log")  # would be replayed
    assert _seed(prefect_settings, home) == "the home has a database: left alone"
    assert sorted(path.name for path in home.iterdir()) == ["prefect.db-wal"]


def test_a_database_made_between_the_look_and_the_link_is_left_as_it_is(
    tmp_path: Path, templates: Path, prefect_settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The two-API test rarely meets this: the other process's database appearing after the
    # look and before the link. A dangling link is such a name: no database to the look
    # (``exists`` follows it), there to ``link`` (which must then not replace it).
    monkeypatch.setenv(TEMPLATE_FOLDER_VARIABLE, str(templates))
    home = tmp_path / "prefect"
    home.mkdir()
    (home / "prefect.db").symlink_to(tmp_path / "made-by-another.db")
    said = _seed(prefect_settings, home)
    assert said == "another process made the database meanwhile: left to it"
    assert [path.name for path in home.iterdir()] == ["prefect.db"]  # no part left
    assert (home / "prefect.db").is_symlink() and not (tmp_path / "made-by-another.db").exists()


def _described_as(tmp_path: Path, templates: Path, **changes: object) -> Path:
    """The template copied to a folder of its own, its description changed; returns the
    description's path."""
    made = template_path(installation_key(), templates)
    folder = tmp_path / "templates"
    folder.mkdir()
    shutil.copy(made, folder)
    described = json.loads(made.with_suffix(".json").read_text())
    description = folder / made.with_suffix(".json").name
    description.write_text(json.dumps({**described, **changes}))
    return description


def test_a_template_of_another_prefect_is_never_used(
    tmp_path: Path, templates: Path, prefect_settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    description = _described_as(tmp_path, templates, prefect="3.8.7")
    monkeypatch.setenv(TEMPLATE_FOLDER_VARIABLE, str(description.parent))
    home = tmp_path / "prefect"
    said = _seed(prefect_settings, home)
    assert said == "a template of another Prefect under this one's name: left to Prefect"
    assert not (home / "prefect.db").exists()


def test_an_upgraded_sqlalchemy_or_alembic_gets_a_template_of_its_own(tmp_path: Path) -> None:
    # The same Prefect and migrations: a template named by them alone would be found, its
    # description another key, and every new home of the upgraded installation migrated.
    key = installation_key()
    names = {template_path({**key, name: "0.0.1"}, tmp_path).name for name in key}
    assert template_path(key, tmp_path).name not in names
    assert len(names) == len(key)
    # ... and so does one with a collection installed or removed (prefect-dask here)
    assert key["collections"].startswith("prefect_dask=prefect_dask (prefect-dask ")


def test_a_home_used_before_registers_nothing_again(tmp_path: Path, templates: Path) -> None:
    home = tmp_path / "prefect"
    with _apis(home, templates):
        pass
    with _apis(home, templates) as [(_, log)]:  # its database and memo there already
        pass
    assert _block_types(home / "prefect.db") == _block_types(
        template_path(installation_key(), templates)
    )
    assert SKIPPED_REGISTRATION not in log.read_text()  # told, not compared by Prefect
    assert "bridgescan:" not in log.read_text()


def test_collections_that_add_block_types_are_left_to_prefects_memo(
    tmp_path: Path, templates: Path
) -> None:
    # A template made where a collection adds block types: the registry's hash needs the
    # collections imported, so Prefect's start compares its memo itself (and finds it
    # matching: the memo written for the copy is Prefect's own hash).
    description = _described_as(tmp_path, templates, **{prefect_database.NO_BLOCK_TYPES: False})
    home = tmp_path / "prefect"
    with _apis(home, description.parent) as [(_, log)]:
        pass
    said = log.read_text()
    assert SKIPPED_REGISTRATION in said
    assert "bridgescan:" not in said
    assert _block_types(home / "prefect.db") == _block_types(
        template_path(installation_key(), templates)
    )


def test_a_block_registry_unlike_the_templates_gets_no_memo(
    tmp_path: Path, templates: Path, prefect_settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    description = _described_as(tmp_path, templates, blocks_hash="0" * 64)
    monkeypatch.setenv(TEMPLATE_FOLDER_VARIABLE, str(description.parent))
    home = tmp_path / "prefect"
    assert _seed(prefect_settings, home) == "template copied"  # Prefect registers them again
    assert not (home / "memo_store.toml").exists()
    assert _revision(home / "prefect.db") == _alembic_head()


def test_a_memo_left_by_a_deleted_database_is_not_kept_for_the_copy(
    tmp_path: Path, templates: Path, prefect_settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The home's database deleted, its memo kept: Prefect's hash of today's registry at this
    # URL. Left beside a copy whose block types are not that registry's (a collection
    # installed since the template was made), Prefect would skip registering them.
    description = _described_as(tmp_path, templates, blocks_hash="0" * 64)
    monkeypatch.setenv(TEMPLATE_FOLDER_VARIABLE, str(description.parent))
    home = tmp_path / "prefect"
    home.mkdir()
    url = f"sqlite+aiosqlite:///{home}/prefect.db"
    with prefect_settings.temporary_settings(updates={prefect_settings.PREFECT_HOME: str(home)}):
        today = asyncio.run(prefect_database._blocks_hash(url))
    (home / "memo_store.toml").write_text(f'block_auto_registration = "{today}"\n')
    with _apis(home, description.parent) as [(_, log)]:
        pass
    assert SKIPPED_REGISTRATION not in log.read_text()  # Prefect registered them again
    made = template_path(installation_key(), templates)
    assert _block_types(home / "prefect.db") != _block_types(made)
    assert "bridgescan:" not in log.read_text()  # the template was copied
    assert _revision(home / "prefect.db") == _alembic_head()


def test_a_database_elsewhere_is_left_to_prefect(
    tmp_path: Path, templates: Path, prefect_settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TEMPLATE_FOLDER_VARIABLE, str(templates))
    home = tmp_path / "prefect"
    url = prefect_settings.PREFECT_API_DATABASE_CONNECTION_URL
    for elsewhere in ("postgresql+asyncpg://bridgescan:secret@127.0.0.1:5432/prefect",
                      f"sqlite+aiosqlite:///{tmp_path}/other.db"):  # fmt: skip
        assert _seed(prefect_settings, home, {url: elsewhere}) == (
            "not Prefect's default SQLite database: left alone"
        )
    assert not home.exists() and not (tmp_path / "other.db").exists()
