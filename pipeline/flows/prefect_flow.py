"""``plain_flow``: Prefect's ``@flow`` for a flow whose parameters are plain values.

Prefect records every flow run's parameters in its API, made JSON by FastAPI's
``jsonable_encoder``: the first flow run of a process imports FastAPI for that (about 0.2 s of
CPU, a twentieth of a re-run of ``bridgescan run``), and Prefect also validates the
parameters against a pydantic model of the function's signature, built when the flow is
defined and used at every call. bridgescan's flows take plain values (paths, strings,
numbers, flags; what a command line gives), so they are recorded here as the JSON they are
(a path as its text, as FastAPI writes it), and nothing is validated that the callers
already give in the right type. Anything else (never passed by bridgescan) is still
encoded by Prefect's own method. The flow stays an ordinary Prefect flow: its runs,
parameters, task runs and states are in the API and the UI as before.

Importing this module also makes every flow run of the process end without waiting for its
heartbeat thread (pipeline/flows/prefect_heartbeats.py): up to a second a flow run.

Import this module only after :func:`pipeline.flows.prefect_env.configure_prefect`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath
from typing import Any, TypeVar

from prefect.flows import Flow

from pipeline.flows import prefect_heartbeats

__all__ = ["PlainFlow", "plain_flow"]

_PLAIN = (str, int, float, bool, type(None))

F = TypeVar("F", bound=Callable[..., Any])

prefect_heartbeats.install()  # every flow of the process: run, and the batch's


class PlainFlow(Flow):  # type: ignore[type-arg]
    """A Prefect flow whose plain parameters are recorded without FastAPI."""

    def serialize_parameters(self, parameters: dict[str, Any]) -> dict[str, Any]:
        plain: dict[str, Any] = {}
        other: dict[str, Any] = {}
        for name, value in parameters.items():
            if isinstance(value, _PLAIN):
                plain[name] = value
            elif isinstance(value, PurePath):
                plain[name] = str(value)  # as jsonable_encoder writes a path
            else:
                other[name] = value
        if other:
            plain.update(super().serialize_parameters(other))
        return {name: plain[name] for name in parameters if name in plain}


def plain_flow(name: str, **options: Any) -> Callable[[F], PlainFlow]:
    """``@flow(name=..., ...)`` for a function of plain parameters (the module's docstring);
    the parameters are not validated: the callers pass them in their types."""

    def decorate(function: F) -> PlainFlow:
        return PlainFlow(fn=function, name=name, validate_parameters=False, **options)

    return decorate
