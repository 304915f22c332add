"""Prefect's API clients on a plain-HTTP API on this machine load one certificate, not a
bundle of some 140 (pipeline/flows/prefect_env.py, ``trust_no_authority_on_plain_http``):
only there, never over a user's own setting, and the file is a certificate list that loads."""

from __future__ import annotations

import os
import ssl

import pytest

from pipeline.flows import prefect_env, prefect_server
from pipeline.flows.prefect_env import PLAIN_HTTP_CA_FILE, trust_no_authority_on_plain_http

_SETTING = "PREFECT_API_SSL_CERT_FILE"


def _trusted_for(monkeypatch: pytest.MonkeyPatch, url: str) -> str | None:
    monkeypatch.delenv(_SETTING, raising=False)
    monkeypatch.setenv("PREFECT_API_URL", url)
    trust_no_authority_on_plain_http()
    return os.environ.get(_SETTING)


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1:4200/api", "http://localhost:37017/api", "http://[::1]:4200/api"],
)
def test_a_plain_http_api_on_this_machine_gets_the_one_certificate(
    monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    assert _trusted_for(monkeypatch, url) == str(PLAIN_HTTP_CA_FILE)


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1:4200/api",  # TLS: the clients verify as Prefect chooses
        "http://prefect.office.example:4200/api",  # another machine: it may redirect to TLS
        "https://api.prefect.cloud/api/accounts/a/workspaces/w",
        "",
    ],
)
def test_any_other_api_keeps_prefects_choice(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    assert _trusted_for(monkeypatch, url) is None


def test_a_certificate_file_the_user_set_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(_SETTING, "/etc/office/ca.pem")
    monkeypatch.setenv("PREFECT_API_URL", "http://127.0.0.1:4200/api")
    trust_no_authority_on_plain_http()
    assert os.environ[_SETTING] == "/etc/office/ca.pem"


def test_the_file_is_one_certificate_authority_of_ours() -> None:
    context = ssl.create_default_context(cafile=str(PLAIN_HTTP_CA_FILE))
    (authority,) = context.get_ca_certs()
    assert dict(pair for rdn in authority["subject"] for pair in rdn) == {
        "organizationName": "bridgescan",
        "commonName": "plain-HTTP Prefect API: no authority",
    }


def test_prefect_reads_it_as_its_clients_certificate_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from prefect.settings import Settings

    monkeypatch.setenv(_SETTING, str(PLAIN_HTTP_CA_FILE))
    assert Settings().api.ssl_cert_file == str(PLAIN_HTTP_CA_FILE)


def test_choosing_the_api_sets_it() -> None:
    """``choose_api`` (every command that runs a flow: run, batch, the club's console) with
    an address the user gave: the clients get the one certificate before Prefect loads."""
    saved = dict(os.environ)  # choose_api sets Prefect's defaults in this process too
    try:
        os.environ.pop(_SETTING, None)
        os.environ["PREFECT_API_URL"] = "http://127.0.0.1:4200/api"
        assert prefect_server.choose_api() == "http://127.0.0.1:4200/api"
        assert os.environ[_SETTING] == str(prefect_env.PLAIN_HTTP_CA_FILE)
    finally:
        os.environ.clear()
        os.environ.update(saved)
