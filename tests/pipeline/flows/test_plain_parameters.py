"""What a plain flow records of its parameters (pipeline/flows/prefect_flow.py) is what
Prefect's own ``Flow.serialize_parameters`` records (FastAPI's ``jsonable_encoder``, and
``<TypeName>`` for a value it refuses), for the parameters the batch's flows take: lists and
tuples of paths, the event handed over by reference; and anything else is still left to
Prefect's method. In this process (FastAPI's import is the other test module's point:
test_prefect_flow.py)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest
from prefect.flows import Flow

from pipeline.flows.batch import run_batch
from pipeline.flows.batch_event import ByReference, score_and_publish, settle_session
from pipeline.flows.prefect_flow import plain_flow


def _prefects(flow: Flow, parameters: dict) -> dict:  # type: ignore[type-arg]
    return Flow.serialize_parameters(flow, parameters)


@pytest.mark.parametrize(
    "parameters",
    [
        {"folders": [Path("/day/club"), PurePosixPath("b")], "out_dir": Path("out"),
         "runner": "threads", "workers": None, "chunk_pages": 8, "store": None},
        {"folders": (Path("a"), "b", 3, 0.5, True, None), "out_dir": "o"},
        {"folders": [], "out_dir": Path("/")},
        {"folders": [ByReference(1)], "out_dir": {"at": Path("c")}},  # Prefect's own, both
        {"folders": [[Path("nested")]], "out_dir": Path("x")},
    ],
)  # fmt: skip
def test_the_batch_records_what_prefect_records(parameters: dict) -> None:  # type: ignore[type-arg]
    assert run_batch.serialize_parameters(parameters) == _prefects(run_batch, parameters)


@pytest.mark.parametrize("flow", [score_and_publish, settle_session])
def test_an_event_by_reference_is_recorded_as_prefect_records_it(flow: Flow) -> None:  # type: ignore[type-arg]
    parameters = {"run": ByReference(object()), "masterpoints": "bronze"}
    assert flow.serialize_parameters(parameters) == _prefects(flow, parameters)
    assert flow.serialize_parameters(parameters)["run"] == "<ByReference>"


def test_only_the_flows_placeholders_are_written_as_placeholders() -> None:
    @plain_flow("no-placeholders")
    def plain(run: object) -> None:
        return None

    parameters = {"run": ByReference(1)}
    assert plain.placeholders == ()
    assert plain.serialize_parameters(parameters) == {"run": "<ByReference>"}  # Prefect's
    assert not plain.isasync and plain.should_validate_parameters is False
    assert run_batch.should_validate_parameters is True  # a deployment's paths come as text
