"""The console's security, request by request (Starlette's test client, no browser needed).

Viewing is open, changing needs the director's secret; every form needs the session's CSRF
token and the console's own origin; names and reasons stay text; no request reaches a file
outside the output folder; the console does not listen beyond this machine unless told.
"""

from __future__ import annotations

import os
from pathlib import Path

import lxml.html
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pipeline.cli import app as cli
from pipeline.doors.scans.review import ReviewCandidate, ReviewItem
from pipeline.doors.scans.review_decisions import current_decisions
from pipeline.doors.scans.review_queue_file import write_queue
from pipeline.store import EventStore, store_location
from pipeline.web.app import Console, console_app
from pipeline.web.files import inside
from pipeline.web.security import MAX_FAILURES, SESSION_COOKIE, BindRefused, Secrets, check_bind

TOKEN = "the-token-printed-at-start"
BASE = "http://127.0.0.1:8315"


def _client(out: Path, password: str | None = None) -> TestClient:
    console = Console(out, Secrets(password=password, token=TOKEN))
    return TestClient(console_app(console), base_url=BASE)


def _csrf(client: TestClient, path: str = "/review") -> str:
    doc = lxml.html.fromstring(client.get(path).text)
    return str(doc.xpath('//input[@name="csrf"]/@value')[0])


def _signed_in(out: Path) -> TestClient:
    client = _client(out)
    assert client.get(f"/login?token={TOKEN}").status_code == 200
    return client


def _decisions(out: Path) -> list[dict[str, str]]:
    """Every decision in the event store (the only place decisions live)."""
    with EventStore(store_location(None, out), create=False) as store:
        return [{"item": k, "who": d.who, "value": d.value, "note": d.note}
                for k, d in current_decisions(store).items()]  # fmt: skip


def _decide(client: TestClient, csrf: str | None, **headers: str) -> int:
    fields = {"item": "session1.pdf#p17r1", "who": "TD Eva", "value": "candidate 1"}
    if csrf is not None:
        fields["csrf"] = csrf
    return client.post("/review/decide", data=fields, headers=headers).status_code


def test_viewing_is_open(console_out: Path) -> None:
    client = _client(console_out)
    for path in ("/", "/review", "/site/index.html", "/site/board-1-9.html", "/login"):
        assert client.get(path).status_code == 200, path
    page = client.get("/review").text
    assert "session1.pdf#p17r1" in page and "Sign in" in page
    assert "/review/decide" not in page  # no forms for a visitor


def test_a_change_needs_the_directors_secret(console_out: Path) -> None:
    client = _client(console_out)
    assert _decide(client, _csrf(client, "/login")) == 403
    assert _decisions(console_out) == []
    client.post("/login", data={"csrf": _csrf(client, "/login"), "secret": "guess"})
    assert _decide(client, _csrf(client, "/login")) == 403
    assert _decisions(console_out) == []


def test_signed_in_the_director_decides(console_out: Path) -> None:
    client = _signed_in(console_out)
    response = client.post(
        "/review/decide",
        data={
            "csrf": _csrf(client),
            "item": "session1.pdf#p17r1",
            "who": "TD Eva",
            "value": "candidate 1",
        },  # fmt: skip
    )
    assert response.status_code == 200 and "recorded" in response.text
    (decision,) = _decisions(console_out)
    assert (decision["item"], decision["who"], decision["value"]) == (
        "session1.pdf#p17r1", "TD Eva", "8-11 2CX E -1 +100",
    )  # fmt: skip


def test_the_token_and_the_password_both_sign_in_with_a_new_session(console_out: Path) -> None:
    client = _client(console_out, password="correct horse")
    client.get("/")
    before = client.cookies[SESSION_COOKIE]
    response = client.post(
        "/login", data={"csrf": _csrf(client, "/login"), "secret": "correct horse"}
    )
    assert "signed in as the director" in response.text
    assert client.cookies[SESSION_COOKIE] != before  # no session fixation
    other = _client(console_out)
    assert "signed in as the director" in other.get(f"/login?token={TOKEN}").text


def test_wrong_secrets_lock_the_login_for_a_while(console_out: Path) -> None:
    client = _client(console_out)
    for _ in range(MAX_FAILURES):
        client.post("/login", data={"csrf": _csrf(client, "/login"), "secret": "nope"})
    response = client.post("/login", data={"csrf": _csrf(client, "/login"), "secret": TOKEN})
    assert "Too many wrong tries" in response.text
    assert "signed in as the director" not in response.text


@pytest.mark.parametrize(
    ("csrf", "headers"),
    [
        (None, {}),  # no token
        ("forged", {}),  # a wrong token
        ("", {}),
        ("<valid>", {"origin": "http://evil.example"}),  # another site's page posting here
        ("<valid>", {"origin": "null"}),
        ("<valid>", {"referer": "http://evil.example/page"}),
    ],
)
def test_csrf_every_form_needs_the_sessions_token_and_origin(
    console_out: Path, csrf: str | None, headers: dict[str, str]
) -> None:
    client = _signed_in(console_out)
    token = _csrf(client) if csrf == "<valid>" else csrf
    assert _decide(client, token, **headers) == 403
    assert _decisions(console_out) == []


def test_csrf_token_of_another_session_is_refused(console_out: Path) -> None:
    stranger = _client(console_out)
    their_token = _csrf(stranger, "/login")
    director = _signed_in(console_out)
    assert _decide(director, their_token) == 403
    assert _decisions(console_out) == []


def test_sign_out_needs_the_token_too(console_out: Path) -> None:
    client = _signed_in(console_out)
    assert client.post("/logout", data={}).status_code == 403
    assert "signed in as the director" in client.get("/").text
    client.post("/logout", data={"csrf": _csrf(client, "/")})
    assert "signed in as the director" not in client.get("/").text


def test_only_html_forms_of_modest_size(console_out: Path) -> None:
    client = _signed_in(console_out)
    csrf = _csrf(client)
    as_json = client.post("/review/decide", json={"csrf": csrf, "item": "x", "who": "y"})
    assert as_json.status_code == 403
    huge = client.post("/review/decide", data={"csrf": csrf, "note": "x" * 70_000})
    assert huge.status_code == 403
    assert _decisions(console_out) == []


HOSTILE_ITEM = ReviewItem(
    id="<script>alert(1)</script>.pdf#p1r1",
    file="<img src=x onerror=alert(2)>.pdf",
    page=1,
    row=1,
    board=3,
    kind="row",
    reasons=('=HYPERLINK("http://evil.example","click")',),
    candidates=(ReviewCandidate("<b>1-2</b> 4S N = 420", 0.9, "the reader's reading"),),
)


def test_names_and_reasons_stay_text(console_out: Path) -> None:
    write_queue([HOSTILE_ITEM], console_out / "review")
    client = _signed_in(console_out)
    response = client.post(
        "/review/decide",
        data={
            "csrf": _csrf(client),
            "item": HOSTILE_ITEM.id,
            "who": "<script>alert(3)</script>",
            "value": "reject",
            "note": '=HYPERLINK("http://evil.example")',
        },  # fmt: skip
    )
    assert response.status_code == 200
    doc = lxml.html.fromstring(client.get("/review").text)
    assert [s.get("src") for s in doc.xpath("//script")] == ["/static/site.js"]
    assert not doc.xpath("//b | //img[not(starts-with(@src, '/review/crop'))]")
    text = doc.text_content()
    for shown in (HOSTILE_ITEM.id, HOSTILE_ITEM.reasons[0], "<b>1-2</b> 4S N = 420",
                  "<script>alert(3)</script>", '=HYPERLINK("http://evil.example")'):  # fmt: skip
        assert shown in text, shown
    assert _decisions(console_out)[0]["who"] == "<script>alert(3)</script>"


def test_security_headers_and_cookie_flags(console_out: Path) -> None:
    response = _client(console_out).get("/")
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy and "form-action 'self'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8315", "192.168.1.20:8315"])
def test_other_host_names_are_refused(console_out: Path, host: str) -> None:
    """A web page whose name resolves to 127.0.0.1 (DNS rebinding) gets nothing."""
    response = _client(console_out).get("/review", headers={"host": host})
    assert response.status_code == 400
    assert response.text.startswith("unknown host name: this console answers at http://127.0.0.1")
    assert "set-cookie" not in response.headers  # refused before any session is made


@pytest.mark.parametrize("host", ["127.0.0.1:8315", "localhost:8315", "[::1]:8315", "127.0.0.1"])
def test_this_machines_names_are_accepted(console_out: Path, host: str) -> None:
    assert _client(console_out).get("/", headers={"host": host}).status_code == 200


def test_the_loopback_address_it_listens_on_is_accepted(console_out: Path) -> None:
    """Bound to 127.0.0.2 (a loopback address: no --public needed), the console answers to
    that name as well as this machine's usual ones, and still to no other."""
    console = Console(console_out, Secrets(token=TOKEN))
    client = TestClient(console_app(console, "127.0.0.2"), base_url="http://127.0.0.2:8315")
    assert client.get("/").status_code == 200
    assert client.get("/", headers={"host": "localhost:8315"}).status_code == 200
    assert client.get("/", headers={"host": "127.0.0.3:8315"}).status_code == 400


def test_a_public_console_answers_any_name(console_out: Path) -> None:
    console = Console(console_out, Secrets(token=TOKEN), public=True)
    client = TestClient(console_app(console, "0.0.0.0"), base_url="http://club-laptop.local")
    assert client.get("/").status_code == 200


def test_the_session_cookie_is_found_among_others(console_out: Path) -> None:
    """Other cookies of the same host (another local app's) do not hide the session."""
    client = _signed_in(console_out)
    session = client.cookies[SESSION_COOKIE]
    client.cookies.clear()
    cookie = f'other="a; b"; {SESSION_COOKIE}={session}; theme=dark'
    page = client.get("/review", headers={"cookie": cookie})
    assert "set-cookie" not in page.headers  # the same session, not a new one
    assert "Sign out" in page.text


@pytest.mark.parametrize(
    "path",
    [
        "/site/../results.json",
        "/site/%2e%2e/results.json",
        "/site/..%2fresults.json",
        "/site/%2e%2e%2fbridgescan.sqlite",
        "/site//etc/passwd",
        "/site/%2fetc%2fpasswd",
        "/site/..\\results.json",
        "/site/.hidden",
        "/site/board-1-1.html%00.png",
        "/site/outside.html",  # a symbolic link in web/ pointing out of it
        "/static/../results.json",
        "/static/%2e%2e%2fresults.json",
        "/review/crop?item=../../results.json",
        "/review/crop?item=/etc/passwd",
    ],
)
def test_no_request_reaches_outside_the_output_folder(console_out: Path, path: str) -> None:
    (console_out / "web" / "outside.html").symlink_to(console_out / "results.json")
    (console_out / "web" / ".hidden").write_text("secret")
    response = _client(console_out).get(path)
    assert response.status_code == 404, response.text[:200]
    assert "bridgescan-results" not in response.text and "root:" not in response.text


def test_inside_is_strict(tmp_path: Path) -> None:
    root = tmp_path / "web"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "a.html").write_text("a")
    (tmp_path / "secret.txt").write_text("s")
    os.symlink(tmp_path / "secret.txt", root / "link.html")
    assert inside(root, "sub/a.html") == (root / "sub" / "a.html").resolve()
    for bad in ("../secret.txt", "sub/../../secret.txt", "/etc/passwd", "link.html", "sub",
                "", "a\x00b", "sub\\a.html"):  # fmt: skip
        assert inside(root, bad) is None, bad


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "club-laptop.local"])
def test_a_public_address_needs_the_explicit_flag(host: str) -> None:
    with pytest.raises(BindRefused, match="--public"):
        check_bind(host, public=False)
    check_bind(host, public=True)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1"])
def test_this_machine_needs_no_flag(host: str) -> None:
    check_bind(host, public=False)


def test_serve_refuses_a_public_address_from_the_command_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["serve", str(tmp_path), "--host", "0.0.0.0"])
    assert result.exit_code == 2
    assert "--public" in result.output and "Traceback" not in result.output


def _versions(out: Path) -> list[str]:
    return sorted(p.name for p in (out / "versions").iterdir() if not p.name.startswith("."))


CORRECTION = {
    "session": "2", "board": "1", "ns": "16", "ew": "1", "result": "-2", "score": "+300",
    "by": "TD Eva", "role": "director", "reason": "NS showed the traveller",
}  # fmt: skip


def test_a_correction_needs_the_directors_secret(console_out: Path) -> None:
    client = _client(console_out)
    response = client.post("/corrections", data={**CORRECTION, "csrf": _csrf(client, "/login")})
    assert response.status_code == 403
    assert _versions(console_out) == ["v0001"]
    assert client.post("/publish", data={"csrf": _csrf(client, "/login")}).status_code == 403


def test_a_correction_needs_the_forms_token(console_out: Path) -> None:
    client = _signed_in(console_out)
    assert client.post("/corrections", data=CORRECTION).status_code == 403
    assert client.post("/corrections", data={**CORRECTION, "csrf": "x"}).status_code == 403
    assert _versions(console_out) == ["v0001"]


def test_the_director_corrects_and_the_next_version_is_published(console_out: Path) -> None:
    client = _signed_in(console_out)
    response = client.post("/corrections", data={**CORRECTION, "csrf": _csrf(client, "/")})
    assert response.status_code == 200 and "Correction 1 accepted" in response.text
    assert _versions(console_out) == ["v0001", "v0002"]
    changes = (console_out / "web" / "changes.html").read_text("utf-8")
    assert "NS showed the traveller" in changes and "4HX E -2 +300" in changes


def test_a_bad_correction_is_refused_with_the_form_kept(console_out: Path) -> None:
    client = _signed_in(console_out)
    response = client.post(
        "/corrections", data={**CORRECTION, "score": "+500", "csrf": _csrf(client, "/")}
    )
    assert response.status_code == 409
    assert "Refused, nothing was changed" in response.text and "Law 77" in response.text
    doc = lxml.html.fromstring(response.text)
    assert doc.xpath('//input[@name="score"]/@value') == ["+500"]  # nothing to type again
    assert _versions(console_out) == ["v0001"]


def test_publish_again_publishes_only_what_differs(console_out: Path) -> None:
    """The "Publish again" button scores what the store holds (as a run does): the same
    results are no new version, and the current version's files are put back where they are
    missing."""
    (console_out / "web").unlink()  # the link to the current version's site, lost
    client = _signed_in(console_out)
    response = client.post("/publish", data={"csrf": _csrf(client, "/"), "by": "TD Eva"})
    assert response.status_code == 200
    assert "Nothing changed since version 1: its files are in place." in response.text
    assert _versions(console_out) == ["v0001"]
    assert (console_out / "web" / "index.html").is_file()
