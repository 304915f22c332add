"""The club's console request by request (Starlette's test client, no browser): the pages,
who may change what, the new-event form's problems beside their fields, the prints, and
bad uploads refused with their reason while nothing is lost.

The whole evening in a real browser is tests/pipeline/web/test_club_evening.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import pypdfium2
import pytest
from starlette.testclient import TestClient

from pipeline.events.club_folder import club_events
from pipeline.events.members import load_members
from pipeline.events.new_event import EventDraft, PairDraft, PlayerDraft, draft_event
from pipeline.web.club import ClubConsole, club_app
from pipeline.web.security import Secrets

TOKEN = "the-token-printed-at-start"
BASE = "http://127.0.0.1:8315"
SLUG = "2026-11-24-tuesday-pairs"


def _event_text(club: Path) -> str:
    pairs = tuple(
        PairDraft(n, (PlayerDraft(f"Anna {n}", f"20{n:02}"), PlayerDraft(f"Bo {n}")))
        for n in range(1, 8)
    )
    draft = EventDraft(
        "Tuesday pairs",
        "2026-11-24",
        time_zone="Europe/Stockholm",
        movement="howell:pairs=7,boards_per_round=2",
        pairs=pairs,
    )
    text, event, _ = draft_event(draft, club)
    assert event is not None
    return text


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A club folder with one event (7 pairs, Howell, 14 boards), nothing played yet."""
    folder = tmp_path / "club"
    (folder / "events" / SLUG).mkdir(parents=True)
    (folder / "events" / SLUG / "event.yaml").write_text(_event_text(folder), encoding="utf-8")
    return folder


def _client(club: Path) -> TestClient:
    console = ClubConsole(club, Secrets(token=TOKEN))
    return TestClient(club_app(console), base_url=BASE)


def _signed_in(club: Path) -> TestClient:
    client = _client(club)
    assert client.get(f"/login?token={TOKEN}").status_code == 200
    return client


def _csrf(client: TestClient, path: str = "/") -> str:
    doc = lxml.html.fromstring(client.get(path).text)
    return str(doc.xpath('//input[@name="csrf"]/@value')[0])


def _messages(html: str) -> list[str]:
    doc = lxml.html.fromstring(html)
    return [
        " ".join(m.text_content().split()) for m in doc.xpath('//*[contains(@class, "message")]')
    ]


def test_the_club_home_lists_the_events_with_their_status(club: Path) -> None:
    client = _client(club)
    page = client.get("/")
    assert page.status_code == 200
    doc = lxml.html.fromstring(page.text)
    rows = [
        [" ".join(c.text_content().split()) for c in tr.xpath("td")]
        for tr in doc.xpath("//table//tbody/tr")
    ]
    assert rows == [["2026-11-24", "Tuesday pairs", "not scored", "nothing published yet"]]
    event = client.get(f"/events/{SLUG}/")
    assert event.status_code == 200 and "Tuesday pairs" in event.text
    assert client.get(f"/events/{SLUG}", follow_redirects=False).status_code == 308
    # the event's console, mounted under the event: its links stay under it
    review = client.get(f"/events/{SLUG}/review")
    assert review.status_code == 200
    assert f'href="/events/{SLUG}/corrections"' in review.text
    for bad in ("/events/../../etc/", "/events/nothing-here/", "/events/%2e%2e/review"):
        assert client.get(bad).status_code == 404, bad


def test_viewing_is_open_changing_needs_the_director(club: Path) -> None:
    client = _client(club)
    csrf = _csrf(client, "/login")  # a visitor's own token: not enough to change anything
    refused = client.post(
        "/members", data={"csrf": csrf, "action": "add", "name": "Eva Berg", "by": "someone"}
    )
    assert refused.status_code == 403
    files = {"scans": ("a.pdf", b"%PDF-1.4\n", "application/pdf")}
    upload = client.post(f"/events/{SLUG}/scans", data={"csrf": csrf, "session": "1"}, files=files)
    assert upload.status_code == 403
    assert not (club / "events" / SLUG / "scans").exists()
    signed = _signed_in(club)
    no_token = signed.post("/members", data={"action": "add", "name": "Eva", "by": "TD"})
    assert no_token.status_code == 403
    assert load_members(club) == []


def test_members_are_imported_added_and_stay_text(club: Path) -> None:
    client = _signed_in(club)
    csrf = _csrf(client, "/members")
    listing = "Medlemsnummer;Förnamn;Efternamn\n104503;Hans;Nyström\n104510;Ulf;Strand\n"
    page = client.post(
        "/members/import",
        data={"csrf": csrf, "by": "TD Eva"},
        files={"file": ("medlemmar.csv", listing.encode("latin-1"), "text/csv")},
    )
    assert any("medlemmar.csv: 2 added" in m for m in _messages(page.text)), _messages(page.text)
    page = client.post(
        "/members",
        data={
            "csrf": csrf,
            "action": "add",
            "by": "TD Eva",
            "name": "<script>x</script> =HYPERLINK(1)",
            "number": "",
        },
    )
    assert "<script>x</script>" not in page.text and "&lt;script&gt;x&lt;/script&gt;" in page.text
    assert [m.name for m in load_members(club)] == [
        "<script>x</script> =HYPERLINK(1)",
        "Hans Nyström",
        "Ulf Strand",
    ]
    log = (club / "members-log.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["action"] for line in log] == ["import", "add"]


def test_a_new_event_shows_each_problem_beside_its_field(club: Path) -> None:
    client = _signed_in(club)
    csrf = _csrf(client, "/events/new")
    form = {
        "csrf": csrf,
        "name": "Wednesday",
        "date": "2026-11-25",
        "kind": "pairs-matchpoints",
        "pairs": "7",
        "boards": "14-21",
        "sessions": "1",
        "correction_minutes": "30",
        "action": "suggest",
    }
    page = client.post("/events/new", data=form)
    doc = lxml.html.fromstring(page.text)
    choices = doc.xpath('//input[@name="movement"]/@value')
    assert choices[0] == "howell:pairs=7,boards_per_round=2"  # seed 004: Howell first
    assert len(doc.xpath('//input[starts-with(@name, "pair-") and contains(@name, "-name")]')) == 14
    names = {f"pair-{n}-{i}-name": f"Player {n}{i}" for n in range(1, 8) for i in (1, 2)}
    names["pair-4-2-name"] = ""
    names["pair-4-1-name"] = ""
    names["pair-2-1-member"] = "12 4"
    page = client.post(
        "/events/new", data={**form, **names, "movement": choices[0], "action": "create"}
    )
    assert page.status_code == 400
    doc = lxml.html.fromstring(page.text)
    problem = doc.xpath('//p[@id="pair-4-1-name-problem"]')
    assert problem and "who plays" in problem[0].text_content()
    assert doc.xpath('//input[@name="pair-4-1-name"]/@aria-invalid') == ["true"]
    assert doc.xpath('//input[@name="pair-3-1-name"]/@value') == ["Player 31"]  # kept
    assert [e.slug for e in club_events(club)] == [SLUG]  # nothing written
    # every problem at once, each beside its field: the member number by the event file's rule
    assert "12 4" in doc.xpath('//p[@id="pair-2-1-member-problem"]')[0].text_content()
    names["pair-4-1-name"] = "Player 41"
    names["pair-2-1-member"] = "0124"
    page = client.post(
        "/events/new", data={**form, **names, "movement": choices[0], "action": "create"}
    )
    doc = lxml.html.fromstring(page.text)  # a pair is two players
    assert "name the partner" in doc.xpath('//p[@id="pair-4-2-name-problem"]')[0].text_content()
    names["pair-4-2-name"] = "Player 42"
    page = client.post(
        "/events/new", data={**form, **names, "movement": choices[0], "action": "create"}
    )
    assert page.url.path == "/events/2026-11-25-wednesday/"
    assert (club / "events" / "2026-11-25-wednesday" / "event.yaml").is_file()


def test_the_prints_are_pdfs_of_the_right_size(club: Path) -> None:
    client = _client(club)
    travellers = client.get(f"/events/{SLUG}/print/travellers.pdf?session=1&paper=Letter")
    assert travellers.headers["content-type"] == "application/pdf"
    pdf = pypdfium2.PdfDocument(travellers.content)
    assert len(pdf) == 14  # one traveller a board
    assert [round(x) for x in pdf[0].get_size()] == [612, 792]  # Letter
    cards = client.get(f"/events/{SLUG}/print/cards.pdf?session=1&paper=A4")
    assert cards.status_code == 200
    assert [round(x) for x in pypdfium2.PdfDocument(cards.content)[0].get_size()] == [595, 842]
    for bad in (
        "travellers.pdf?session=2",
        "travellers.pdf?paper=A3",
        "../event.yaml",
        "secrets.pdf",
    ):
        assert client.get(f"/events/{SLUG}/print/{bad}").status_code == 404, bad


def _upload(client: TestClient, name: str, data: object, kind: str = "application/pdf") -> str:
    csrf = _csrf(client, f"/events/{SLUG}/")
    page = client.post(
        f"/events/{SLUG}/scans",
        data={"csrf": csrf, "session": "1"},
        files={"scans": (name, data, kind)},
    )
    return " | ".join(_messages(page.text))


def test_bad_uploads_are_refused_with_the_reason_and_nothing_is_lost(
    club: Path, tmp_path: Path
) -> None:
    client = _signed_in(club)
    folder = club / "events" / SLUG
    exe = b"MZ\x90\x00\x03\x00\x00\x00" + bytes(range(256)) * 40
    said = _upload(client, "travellers.pdf", exe)
    assert "Not taken: travellers.pdf" in said and "not a PDF" in said, said
    real = client.get(f"/events/{SLUG}/print/travellers.pdf?session=1&paper=A4").content
    said = _upload(client, "scan-cut.pdf", real[: len(real) // 3])
    assert "Not taken: scan-cut.pdf" in said and "damaged" in said, said
    big = tmp_path / "big.pdf"
    with big.open("wb") as handle:  # 200 MB, sparse on disk
        handle.write(b"%PDF-1.4\n")
        handle.truncate(200 * 1024 * 1024)
    csrf = _csrf(client, f"/events/{SLUG}/")
    with big.open("rb") as handle:
        page = client.post(
            f"/events/{SLUG}/scans",
            data={"csrf": csrf, "session": "1"},
            files={"scans": ("big.pdf", handle, "application/pdf")},
        )
    assert page.status_code == 413
    assert "at most" in page.text and "Nothing was kept" in page.text
    assert (
        not any((folder / "scans" / "session1").glob("*"))
        if (folder / "scans" / "session1").exists()
        else True
    )
    assert not any((club / ".incoming").rglob("*.pdf"))
    # every refusal is in the upload log; the run never started
    log = [
        json.loads(line) for line in (folder / "scans" / "uploads.jsonl").read_text().splitlines()
    ]
    assert [entry["original_name"] for entry in log] == ["travellers.pdf", "scan-cut.pdf"]
    assert not (folder / "out").exists()


def test_last_weeks_pairs_are_taken_over(club: Path) -> None:
    client = _signed_in(club)
    form = {
        "csrf": _csrf(client, "/events/new"),
        "name": "Tuesday pairs",
        "date": "2026-12-01",
        "kind": "pairs-matchpoints",
        "pairs": "7",
        "boards": "14-21",
        "sessions": "1",
        "correction_minutes": "30",
        "takeover": SLUG,
        "action": "takeover",
    }
    doc = lxml.html.fromstring(client.post("/events/new", data=form).text)
    value = {i.get("name"): i.get("value") for i in doc.xpath("//input[@name]")}
    assert value["pair-3-1-name"] == "Anna 3" and value["pair-3-1-member"] == "2003"
    assert value["pair-7-2-name"] == "Bo 7" and value["pair-7-2-member"] == ""
    assert doc.xpath('//select[@name="takeover"]/option[@selected]/@value') == [SLUG]


def test_the_events_name_follows_its_file(club: Path) -> None:
    """The console keeps the event's name while its file is unchanged (every page of the
    event asks for it) and reads it again once the file changes."""
    console = ClubConsole(club, Secrets(token=TOKEN))
    (found,) = club_events(club)
    assert console.console_for(found).title == "Tuesday pairs"
    text = found.event_file.read_text(encoding="utf-8")
    assert "Tuesday pairs" in text
    found.event_file.write_text(text.replace("Tuesday pairs", "Tuesday pairs, final"), "utf-8")
    assert console.console_for(found).title == "Tuesday pairs, final"
    found.event_file.write_text("event: [not, an, event]\n", encoding="utf-8")
    assert console.console_for(found).title == SLUG  # a file that does not read: its folder
