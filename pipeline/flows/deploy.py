"""The batch as a deployment on a Prefect server: the tournament office's set-up.

On one laptop ``bridgescan batch`` runs the flow in its own process on Prefect's temporary
API. An office that wants several machines and the Prefect UI runs a Prefect server, a
work pool of type ``process`` and a worker on each machine that should run batches, and
registers the batch flow once with ``deploy_batch`` (``bridgescan deploy``); README,
"The tournament office", has the commands.

The deployment names the flow by module path (``pipeline.flows.batch.run_batch``), so a
worker runs the bridgescan installed beside it: nothing is copied or built. The runner
configuration given here (threads, or Dask with N workers or a scheduler's address) is the
deployment's default; a run may override it with its own parameters.
"""

from __future__ import annotations

from typing import Any

from pipeline.flows.prefect_env import MATHS_THREADS

__all__ = ["DEFAULT_DEPLOYMENT", "deploy_batch"]

DEFAULT_DEPLOYMENT = "office"

# The flow-run process gets the embedded defaults the command line gives itself (one BLAS
# thread, one Tesseract thread, no telemetry), so a deployed batch reads as ``run`` does.
_JOB_ENV_NAMES = (*MATHS_THREADS, "PREFECT_SERVER_ANALYTICS_ENABLED")


def _ensure_pool(pool: str) -> None:
    """Create the work pool (type ``process``) unless the server has it already."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.actions import WorkPoolCreate
    from prefect.exceptions import ObjectNotFound

    with get_client(sync_client=True) as client:
        try:
            client.read_work_pool(pool)
        except ObjectNotFound:
            client.create_work_pool(WorkPoolCreate(name=pool, type="process"))


def deploy_batch(pool: str, name: str = DEFAULT_DEPLOYMENT, **defaults: Any) -> str:
    """Register the batch flow for work pool ``pool`` on the server at ``PREFECT_API_URL``
    (the pool is created if missing); ``defaults`` are parameter defaults (``runner``,
    ``workers``, ``address``, ``masterpoints``, ``chunk_pages``). Returns the deployment's
    name as ``prefect deployment run`` takes it."""
    import os

    from prefect.deployments.runner import EntrypointType
    from prefect.settings import PREFECT_API_URL

    from pipeline.flows.batch import run_batch

    if not (os.environ.get("PREFECT_API_URL") or PREFECT_API_URL.value()):
        raise ValueError("no Prefect server: set PREFECT_API_URL (see `prefect server start`)")
    _ensure_pool(pool)
    env = {key: os.environ[key] for key in _JOB_ENV_NAMES if key in os.environ}
    run_batch.deploy(
        name=name,
        work_pool_name=pool,
        build=False,
        push=False,
        entrypoint_type=EntrypointType.MODULE_PATH,
        parameters={key: value for key, value in defaults.items() if value is not None},
        job_variables={"env": env},
        description="A tournament office's batch: bridgescan batch, run by a work-pool worker.",
        print_next_steps=False,
    )
    return f"{run_batch.name}/{name}"
