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

The flow's parameter schema (``Flow.parameters``: the OpenAPI description of its
parameters that a deployment sends to the API) is made when first asked for, not when the
flow is defined: Prefect makes it in ``Flow.__init__``, and checking each parameter's type
for a pydantic v1 model imports ``pydantic.v1`` (0.16 s of CPU for ``run_event``'s flow at
load 12, 2026-11-29), in every command that imports a flow module though only ``bridgescan
deploy`` uses the schema. Asked for, it is Prefect's own (``parameter_schema``).

Importing this module also makes every flow run of the process end without waiting for its
heartbeat thread (pipeline/flows/prefect_heartbeats.py): up to a second a flow run.

Import this module only after :func:`pipeline.flows.prefect_env.configure_prefect`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from pathlib import PurePath
from typing import Any, TypeVar

from prefect import flows
from prefect.flows import Flow
from prefect.utilities.callables import ParameterSchema, parameter_schema

from pipeline.flows import prefect_heartbeats

__all__ = ["PlainFlow", "plain_flow"]

_PLAIN = (str, int, float, bool, type(None))

F = TypeVar("F", bound=Callable[..., Any])

prefect_heartbeats.install()  # every flow of the process: run, and the batch's

# The functions of plain flows being defined: their schema is made when first asked for.
_schema_later: weakref.WeakSet[Callable[..., Any]] = weakref.WeakSet()


def _schema_unless_later(fn: Callable[..., Any]) -> ParameterSchema | None:
    """What ``Flow.__init__`` calls for the schema: Prefect's own, except for a plain flow's
    function (None: ``PlainFlow.parameters`` makes it when first asked for)."""
    if fn in _schema_later:
        return None
    return parameter_schema(fn)


flows.parameter_schema = _schema_unless_later  # type: ignore[attr-defined,assignment]


class PlainFlow(Flow):  # type: ignore[type-arg]
    """A Prefect flow whose plain parameters are recorded without FastAPI, and whose
    parameter schema is made when first asked for (the module's docstring)."""

    _schema: ParameterSchema | None = None

    @property
    def parameters(self) -> ParameterSchema:
        if self._schema is None:
            self._schema = parameter_schema(self.fn)
        return self._schema

    @parameters.setter
    def parameters(self, schema: ParameterSchema | None) -> None:
        self._schema = schema

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
        _schema_later.add(function)
        try:
            return PlainFlow(fn=function, name=name, validate_parameters=False, **options)
        finally:
            _schema_later.discard(function)

    return decorate
