"""``plain_flow``: Prefect's ``@flow`` for a flow whose parameters are plain values.

Prefect records every flow run's parameters in its API, made JSON by FastAPI's
``jsonable_encoder``: the first flow run of a process imports FastAPI for that (about 0.2 s of
CPU, a twentieth of a re-run of ``bridgescan run``), and Prefect also validates the
parameters against a pydantic model of the function's signature, built when the flow is
defined and used at every call. bridgescan's flows take plain values (paths, strings,
numbers, flags, lists of them; what a command line gives), so they are recorded here as the
JSON they are (a path as its text, a list or tuple as a list, as FastAPI writes them), and
nothing is validated that the callers already give in the right type (unless the flow asks:
the batch's, which a deployment's run gives its paths as text). A value handed over by
reference (``placeholders``: the batch's sub-flows take the event as a ``ByReference``) is
recorded as Prefect records a value its encoder refuses, ``<ByReference>``, without
trying. Anything else (never passed by bridgescan) is still encoded by Prefect's own
method. The flow stays an ordinary Prefect flow: its runs,
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


#: What ``_as_json`` gives for a value it leaves to Prefect's own encoder.
_OTHER = object()


def _as_json(value: Any, placeholders: tuple[type, ...] = ()) -> Any:
    """``value`` as FastAPI's ``jsonable_encoder`` writes it, for plain values, paths, lists
    and tuples of them, and ``placeholders`` (as Prefect records a value the encoder refuses);
    ``_OTHER`` for anything else."""
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, PurePath):
        return str(value)  # as jsonable_encoder writes a path
    if isinstance(value, placeholders):
        return f"<{type(value).__name__}>"  # as Prefect's serialize_parameters records it
    if type(value) in (list, tuple):  # each item (a placeholder in one fails the whole list)
        items = [_as_json(item) for item in value]
        if not any(item is _OTHER for item in items):
            return items
    return _OTHER


class PlainFlow(Flow):  # type: ignore[type-arg]
    """A Prefect flow whose plain parameters are recorded without FastAPI, and whose
    parameter schema is made when first asked for (the module's docstring)."""

    _schema: ParameterSchema | None = None
    #: Types whose values are recorded as ``<TypeName>``, not looked into.
    placeholders: tuple[type, ...] = ()

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
            written = _as_json(value, self.placeholders)
            if written is _OTHER:
                other[name] = value
            else:
                plain[name] = written
        if other:
            plain.update(super().serialize_parameters(other))
        return {name: plain[name] for name in parameters if name in plain}


def plain_flow(
    name: str, *, placeholders: tuple[type, ...] = (), **options: Any
) -> Callable[[F], PlainFlow]:
    """``@flow(name=..., ...)`` for a function of plain parameters (the module's docstring);
    the parameters are not validated unless ``validate_parameters=True``: the callers pass
    them in their types. Values of ``placeholders`` are recorded as ``<TypeName>``."""
    options.setdefault("validate_parameters", False)

    def decorate(function: F) -> PlainFlow:
        _schema_later.add(function)
        try:
            made = PlainFlow(fn=function, name=name, **options)
        finally:
            _schema_later.discard(function)
        made.placeholders = placeholders
        return made

    return decorate
