"""The runner looks only at requests of the client's shape (pipeline/cli/runner/request.py)."""

from __future__ import annotations

import json
import os

import pytest

from pipeline.cli.runner import client
from pipeline.cli.runner.request import well_formed


def test_the_client_s_own_request_is_well_formed() -> None:
    request = json.loads(client._request(["bridgescan", "run", "sample_data", "-o", "out"]))
    assert request["cwd"] == os.getcwd()
    assert well_formed(request)


@pytest.mark.parametrize(
    "broken",
    [
        [],  # not an object
        {"cwd": "/", "code": "x", "env": {}},  # no command line
        {"argv": [], "cwd": "/", "code": "x"},  # an empty one
        {"argv": ["bridgescan", 1], "cwd": "/", "code": "x"},  # a word not a string
        {"argv": ["bridgescan"], "cwd": 7, "code": "x"},  # a folder not a string
        {"argv": ["bridgescan"], "cwd": "/", "code": "x", "env": ["PG"]},  # env a list
        {"argv": ["bridgescan"], "cwd": "/", "code": "x", "env": {"TZ": 1}},
        {"argv": ["bridgescan"], "cwd": "/", "code": "x", "size": [80]},  # one number
        {"argv": ["bridgescan"], "cwd": "/", "code": "x", "size": ["80", 24]},
        {"argv": ["bridgescan"], "cwd": "/", "code": "x", "stdout": "tty"},
        {"argv": ["bridgescan"], "cwd": "/"},  # no code digest
    ],
)
def test_a_request_of_another_shape_is_refused_before_it_is_looked_at(broken: object) -> None:
    assert not well_formed(broken)
