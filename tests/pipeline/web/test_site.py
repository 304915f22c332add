"""The static results site: its pages, their numbers, links that stay inside, text that stays text.

The browser checks (phone width, accessibility, clicking through) are in test_browser.py;
these read the HTML directly.
"""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from urllib.parse import urlsplit

import lxml.html
import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.events.hand_records import analyse
from pipeline.interop.deals import read_deals
from pipeline.publish.web import NotASiteError, build_site, write_site
from pipeline.results.model.event import Award, EventResults
from pipeline.results.model.sessions import BoardView, PlayerView, ResultLine, SessionView, Standing
from pipeline.results.model.teams import MatchView, TeamBoard, TeamStanding, TeamsView
from pipeline.results.publication import (
    AuditEntry,
    ChangeReport,
    LineChange,
    PairChange,
    PublicationView,
    SessionPeriodView,
)
from pipeline.results.status import FindingView

F = Fraction


def _line(board: int, ns: int, ew: int, rnd: int, contract: str, by: str, result: str,
          score: int | None, ns_mp: F, ew_mp: F, **marks: object) -> ResultLine:  # fmt: skip
    return ResultLine(board, ns, ew, rnd, 1, contract, by, result, score, "", ns_mp, ew_mp,
                      **marks)  # type: ignore[arg-type]  # fmt: skip


def _event(names: dict[int, str] | None = None, **extra: object) -> EventResults:
    """Four pairs, two boards, each played twice (top 2 on the 2-1-0 scale).

    Board 1: 1-2 +420 (NS 2, EW 0), 3-4 +170 (NS 0, EW 2).
    Board 2: 3-1 -100 (pair 3 NS 0, pair 1 EW 2), 4-2 -50 (NS 2, EW 0).
    Pair 1: board 1 as NS, 2 of 2 = 100 %; board 2 as EW +100, 2 of 2; total 4 of 4.
    Pair 2: board 1 EW -420, 0; board 2 EW +50, 0; total 0.
    """
    names = names or {1: "Anna Berg - Bo Ek", 2: "Cia Dahl - Dan Ek", 3: "Eva Fors - Fia Gran",
                      4: "Gus Holm - Hans Is"}  # fmt: skip
    board1 = BoardView(1, F(2), 2, 2, (
        _line(1, 3, 4, 2, "2S", "N", "+1", 170, F(0), F(2)),
        _line(1, 1, 2, 1, "4H", "S", "=", 420, F(2), F(0)),
    ))  # fmt: skip
    board2 = BoardView(2, F(2), 2, 2, (
        _line(2, 3, 1, 2, "3NT", "N", "-2", -100, F(0), F(2)),
        _line(2, 4, 2, 1, "1NT", "S", "-1", -50, F(2), F(0)),
    ))  # fmt: skip

    def standing(place: str, pair: int, points: int) -> Standing:
        players = tuple(PlayerView(n.strip()) for n in names[pair].split(" - "))
        return Standing(place, pair, players, F(points), F(4), F(points) * 25, 2)

    standings = (standing("1", 1, 4), standing("2-3", 3, 2), standing("2-3", 4, 2),
                 standing("4", 2, 0))  # fmt: skip
    session = SessionView(1, "Tuesday", 4, F(2), F(1), (board1, board2), standings, "Howell")
    values: dict[str, object] = {
        "title": "Tuesday pairs", "date": "2026-11-17", "club": "BK Test", "kind": "pairs",
        "scale": "2-1-0", "sessions": (session,),
    }  # fmt: skip
    values.update(extra)
    return EventResults(**values)  # type: ignore[arg-type]


def _doc(files: dict[str, bytes], name: str) -> lxml.html.HtmlElement:
    return lxml.html.fromstring(files[name].decode("utf-8"))


def _rows(doc: lxml.html.HtmlElement, table_class: str) -> list[list[str]]:
    """Visible cell texts of a table's body rows (cells only shown on phones left out)."""
    rows = []
    for tr in doc.xpath(f'//table[contains(@class, "{table_class}")]/tbody/tr'):
        cells = []
        for cell in tr.xpath("./th|./td"):
            for hidden in cell.xpath('.//*[contains(@class, "narrow-inline")]'):
                hidden.drop_tree()  # the phone's copy of the declarer and result
            for spoken in cell.xpath('.//*[contains(@class, "visually-hidden")]'):
                spoken.drop_tree()  # a suit's name for screen readers
            cells.append(" ".join(cell.text_content().split()))
        rows.append(cells)
    return rows


def test_pages_of_a_one_session_event() -> None:
    files = build_site(_event())
    assert sorted(files) == [
        "board-1-1.html", "board-1-2.html", "index.html", "pair-1.html", "pair-2.html",
        "pair-3.html", "pair-4.html", "site.js", "style.css",
    ]  # fmt: skip
    ranking = _rows(_doc(files, "index.html"), "ranking")
    assert ranking[0] == ["1", "1 Anna Berg - Bo Ek", "4.0", "4.0", "100.00", "2"]
    assert [row[0] for row in ranking] == ["1", "2-3", "2-3", "4"]


def test_score_card_from_the_pairs_own_side_with_running_total() -> None:
    files = build_site(_event())
    rows = _rows(_doc(files, "pair-1.html"), "score-card")
    # Round, board, direction, opponents, contract, by, result, score, points, %, total.
    assert rows == [
        ["1", "1", "NS", "2 Cia Dahl - Dan Ek", "4♥", "S", "=", "+420", "2.0", "100", "2.0"],
        ["2", "2", "EW", "3 Eva Fors - Fia Gran", "3NT", "N", "-2", "+100", "2.0", "100", "4.0"],
    ]
    rows = _rows(_doc(files, "pair-2.html"), "score-card")
    assert [(r[1], r[2], r[7], r[8], r[10]) for r in rows] == [
        ("1", "EW", "-420", "0.0", "0.0"),
        ("2", "EW", "+50", "0.0", "0.0"),
    ]


def test_traveller_best_ns_score_first_with_names_and_percent() -> None:
    files = build_site(_event())
    doc = _doc(files, "board-1-1.html")
    rows = _rows(doc, "traveller")
    # NS, EW, contract, by, result, NS score, NS points, EW points, NS %.
    assert rows == [
        ["1 Anna Berg - Bo Ek", "2 Cia Dahl - Dan Ek", "4♥", "S", "=", "+420", "2.0", "0.0",
         "100"],
        ["3 Eva Fors - Fia Gran", "4 Gus Holm - Hans Is", "2♠", "N", "+1", "+170", "0.0", "2.0",
         "0"],
    ]  # fmt: skip
    facts = doc.xpath('//main//p[@class="facts"]')[0].text_content()
    assert "Dealer N, vulnerable None" in facts  # Law 2: board 1


def test_links_stay_inside_the_site_and_every_target_exists(
    sample_out: tuple[EventResults, Path],
) -> None:
    results, _ = sample_out
    files = build_site(results)
    for name, content in files.items():
        if not name.endswith(".html"):
            continue
        doc = lxml.html.fromstring(content.decode("utf-8"))
        for element, _attribute, link, _pos in doc.iterlinks():
            parts = urlsplit(link)
            if link.startswith("#"):
                continue
            assert not parts.scheme and not parts.netloc, f"{name}: {link} leaves the site"
            assert ".." not in parts.path and not parts.path.startswith("/"), (name, link)
            assert parts.path in files, f"{name}: link to missing {link} ({element.tag})"


def test_the_sample_event_site(sample_out: tuple[EventResults, Path]) -> None:
    results, out = sample_out
    site = out / "web"
    names = {p.name for p in site.iterdir()}
    boards = {f"board-1-{b}.html" for b in range(1, 27)} | {
        f"board-2-{b}.html" for b in range(1, 31)
    }
    pairs = {f"pair-{p}.html" for p in range(1, 17)}
    extra = {"index.html", "session-1.html", "session-2.html", "masterpoints.html"}
    assert names == boards | pairs | extra | {"style.css", "site.js"}
    index = lxml.html.parse(str(site / "index.html")).getroot()
    first = _rows(index, "overall")[0]
    # The leveled total of the leader, as results.json gives it (pair 13: 147 x 1.4 + 235).
    assert first[:2] == ["1", "13 Vera Ekdahl - Åke Öberg"]
    assert first[2:5] == ["147.0", "205.8", "235.0"] and "440.8" in first
    assert "PROVISIONAL" in index.text_content()  # a finding blocks publishing (board 17)


def test_light_pages(sample_out: tuple[EventResults, Path]) -> None:
    """Issue 15's budget: no page over 100 KB, the whole site under 3 MB (sizes, not speed;
    the write time is in benchmarks/bench_web.py)."""
    results, _ = sample_out
    files = build_site(results)
    assert max(len(content) for content in files.values()) < 100_000
    assert sum(len(content) for content in files.values()) < 3_000_000


HOSTILE = {
    1: "<script>alert(1)</script> - Bo Ek",
    2: '=HYPERLINK("http://evil.example","x") - Dan Ek',
    3: "Eva & Co - <img src=x onerror=alert(2)>",
    4: "Gus Holm - Hans Is",
}


def test_names_club_and_messages_stay_text_on_every_page() -> None:
    finding = FindingView("error", "score-mismatch", "1", "board 2", "<b>bold</b> claim")
    awards = (Award("1", 1, PlayerView("<script>alert(3)</script>", "<i>1</i>"), F(5)),)
    results = _event(
        HOSTILE,
        club='<a href="http://evil.example">club</a>',
        title="</title><script>x()</script>",
        findings=(finding,),
        awards=awards,
    )
    files = build_site(results)
    for name, content in files.items():
        if not name.endswith(".html"):
            continue
        doc = lxml.html.fromstring(content.decode("utf-8"))
        scripts = doc.xpath("//script")
        assert [s.get("src") for s in scripts] == ["site.js"], name
        assert not doc.xpath("//img | //b | //i"), name
        assert not [a for a in doc.xpath("//a/@href") if "evil" in a], name
        text = doc.text_content()
        assert "</title><script>x()</script>" in text, name
    card = _doc(files, "pair-1.html").text_content()
    assert "<script>alert(1)</script>" in card
    index = _doc(files, "index.html").text_content()
    assert '=HYPERLINK("http://evil.example","x")' in index
    assert "Eva & Co - <img src=x onerror=alert(2)>" in index
    assert "<b>bold</b> claim" in index  # the provisional notice quotes the finding as text


def test_provisional_on_every_page_while_a_finding_blocks() -> None:
    finding = FindingView("error", "score-mismatch", "1", "board 2", "score does not fit")
    blocked = build_site(_event(findings=(finding,)))
    clean = build_site(_event(findings=(FindingView("warning", "w", "1", "b 1", "note"),)))
    for name in blocked:
        if name.endswith(".html"):
            assert "PROVISIONAL" in blocked[name].decode(), name
            assert "PROVISIONAL" not in clean[name].decode(), name


def test_site_replaced_whole_and_nothing_left_behind(tmp_path: Path) -> None:
    write_site(_event(), tmp_path / "web")
    (tmp_path / "web" / "stale.html").write_text("old")
    report = write_site(_event(title="Renamed"), tmp_path / "web")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["web"]
    assert not (tmp_path / "web" / "stale.html").exists()
    assert "Renamed" in (tmp_path / "web" / "index.html").read_text("utf-8")
    assert report.pages == 7 and report.total_bytes == sum(
        p.stat().st_size for p in (tmp_path / "web").iterdir()
    )
    (tmp_path / "published").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "published")  # a version's site: not replaced
    with pytest.raises(FileExistsError, match="published version"):
        write_site(_event(), tmp_path / "link")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "published", "web"]


def test_a_site_never_replaces_a_folder_of_other_files(
    sample_out: tuple[EventResults, Path], tmp_path: Path
) -> None:
    """`bridgescan web OUT -o FOLDER` replaces FOLDER whole: given the director's documents
    it deleted them (exit 0). Now exit 2 and nothing changed; a folder an earlier site
    wrote is still replaced, and an empty one filled."""
    _, out = sample_out
    documents = tmp_path / "Documents"
    documents.mkdir()
    (documents / "minutes.txt").write_text("the annual meeting\n")
    done = CliRunner().invoke(app, ["web", str(out), "-o", str(documents)], catch_exceptions=False)
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        f"error: {documents}: it holds minutes.txt, which is not part of a results site, and "
        "the site replaces its folder whole; give a new or empty folder, or the folder of an "
        "earlier site\n"
    )
    assert [p.name for p in documents.iterdir()] == ["minutes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Documents"]
    (tmp_path / "empty").mkdir()
    for folder in (tmp_path / "empty", tmp_path / "empty"):  # empty, then an earlier site
        done = CliRunner().invoke(app, ["web", str(out), "-o", str(folder)])
        assert done.exit_code == 1, done.output  # written; the sample is provisional
        assert (folder / "index.html").exists()
    with pytest.raises(NotASiteError, match="it holds minutes.txt"):
        write_site(sample_out[0], documents)


def test_imp_session_shows_imps_and_no_percent() -> None:
    results = _event(scale="IMP")
    session = results.sessions[0]
    imp_session = SessionView(session.number, session.name, session.pairs, F(0), F(1),
                              session.boards, session.standings, unit="IMP")  # fmt: skip
    files = build_site(EventResults(**{**results.__dict__, "sessions": (imp_session,)}))
    heads = _doc(files, "index.html").xpath("//table//thead//th/text()")
    assert "IMPs" in heads and "IMPs/board" in heads and "%" not in heads
    card_heads = _doc(files, "pair-1.html").xpath("//table//thead//th/text()")
    assert "IMPs" in card_heads and "%" not in card_heads


def test_team_event() -> None:
    match = MatchView(1, 1, 2, (TeamBoard(1, 420, 170, F(6)),), F(25), F(15), F("13.78"),
                      F("6.22"))  # fmt: skip
    teams = TeamsView(
        (match,),
        (TeamStanding("1", 1, "Vikings", (PlayerView("Ann"),), F("13.78"), F(25), F(15)),
         TeamStanding("2", 2, "<Ravens>", (), F("6.22"), F(15), F(25))),
    )  # fmt: skip
    files = build_site(EventResults("Friday teams", "", "", "teams", "IMP", teams=teams))
    assert sorted(files) == ["index.html", "site.js", "style.css"]
    doc = _doc(files, "index.html")
    assert _rows(doc, "ranking")[0] == ["1", "1 Vikings: Ann", "13.78", "25", "15", "1.667"]
    assert _rows(doc, "match") == [["1", "+420", "+170", "6", ""]]
    assert "Vikings – <Ravens>" in doc.text_content()


BOARD_1 = "N:AKQ2.J43.T98.765 JT9.AKQ2.765.T98 876.T98.AKQ2.J43 543.765.J43.AKQ2"


def test_hand_diagram_with_double_dummy_and_par() -> None:
    records = analyse(read_deals(f"1 {BOARD_1}\n".encode()))
    files = build_site(_event(), hands={1: records})
    doc = _doc(files, "board-1-1.html")
    north = doc.xpath('//div[contains(@class, "hand north")]')[0].text_content()
    assert "North 10 HCP" in " ".join(north.split())
    assert "spades: AKQ2" in " ".join(north.split())
    assert "diamonds: 1098" in " ".join(north.split())  # the ten is written 10
    dd = _rows(doc, "double-dummy")
    assert [row[0] for row in dd] == ["N", "S", "E", "W"]
    expected = records[0].double_dummy
    assert expected is not None
    assert int(dd[0][2]) == expected.get(*_spades_north())
    assert doc.xpath('//p[@class="par"]')[0].text_content().startswith("Par: ")
    assert "hands" not in files["board-1-2.html"].decode()  # no deal for board 2


def _spades_north() -> tuple[object, object]:
    from scoring.contract import Seat, Strain

    return Strain.SPADES, Seat.NORTH


def test_cli_writes_a_site_of_its_own_from_results_json(
    sample_out: tuple[EventResults, Path], tmp_path: Path
) -> None:
    _, out = sample_out
    deals = tmp_path / "deals.txt"
    deals.write_text(f"1 {BOARD_1}\n", encoding="utf-8")
    assert (out / "web").is_symlink()  # the published version's site
    refused = CliRunner().invoke(app, ["web", str(out)])
    assert refused.exit_code == 2 and "give -o FOLDER" in refused.output
    site = tmp_path / "club-site"
    result = CliRunner().invoke(app, ["web", str(out), "-o", str(site), "--deals", f"2={deals}"])
    assert result.exit_code == 1, result.output  # written, but provisional (board 17)
    assert "76 pages" in result.output and "PROVISIONAL" in result.output
    again = lxml.html.parse(str(site / "index.html")).getroot()
    first = lxml.html.parse(str(out / "web" / "index.html")).getroot()
    assert _rows(again, "overall") == _rows(first, "overall")
    assert "version 1, published" in again.xpath("//header")[0].text_content()
    assert "Double-dummy" in (site / "board-2-1.html").read_text("utf-8")
    assert "Double-dummy" not in (out / "web" / "board-2-1.html").read_text("utf-8")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read it"),
        ("{not json", "not JSON"),
        ('{"format": "other/1"}', "not a bridgescan results file"),
        ('{"format": "bridgescan-results/1", "event": {}}', "incomplete or damaged"),
    ],
)
def test_cli_refuses_what_is_not_a_results_file(
    tmp_path: Path, content: str | None, message: str
) -> None:
    if content is not None:
        (tmp_path / "results.json").write_text(content, encoding="utf-8")
    result = CliRunner().invoke(app, ["web", str(tmp_path)])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "web").exists()


@pytest.mark.parametrize(
    ("text", "shown", "spoken"),
    [
        ("4HX", "4♥X", "4 hearts X"),
        ("2CXX", "2♣XX", "2 clubs XX"),
        ("3NT", "3NT", "3NT"),
        ("PASS", "PASS", "PASS"),
        ("<b>7S</b>", "<b>7S</b>", "<b>7S</b>"),
    ],
)
def test_contracts_with_suit_symbols_and_their_names(text: str, shown: str, spoken: str) -> None:
    from pipeline.publish.web.render import contract

    cell = lxml.html.fragment_fromstring(f"<td>{contract(text)}</td>")
    for hidden in cell.xpath('.//*[@aria-hidden="true"]'):
        hidden.drop_tree()
    assert cell.text_content() == spoken  # what a screen reader gets (symbols hidden)
    visible = lxml.html.fragment_fromstring(f"<td>{contract(text)}</td>")
    for spoken_only in visible.xpath('.//*[contains(@class, "visually-hidden")]'):
        spoken_only.drop_tree()
    assert visible.text_content() == shown


PUBLISHED = datetime(2026, 11, 24, 20, 40, tzinfo=UTC)  # 21:40 in Stockholm
DEADLINE = datetime(2026, 11, 24, 21, 10, tzinfo=UTC)  # 22:10


def _published(official: bool = True, late: bool = False) -> EventResults:
    """Version 2 of the four-pair evening, published at 21:40 Stockholm time with corrections
    until 22:10: board 2's 4-2 line was corrected from 1NT S -2 -100 to 1NT S -1 -50 by the
    director (its matchpoints did not move: -50 still beats -100 at the other table)."""
    period = SessionPeriodView(
        1, "Tuesday", PUBLISHED if official else None, DEADLINE if official else None,
        passed=False, rule="30 minutes after publication",
        open_items=() if official else ("s1.pdf#p3r2",),
    )  # fmt: skip
    view = PublicationView(2, PUBLISHED, "Europe/Stockholm", "correction 1 by TD Eva (director)",
                           (period,), late=late)  # fmt: skip
    audit = (
        AuditEntry(1, PUBLISHED, 1, 2, 4, 2, "4-2 1NT S -2 -100", "4-2 1NT S -1 -50", "TD Eva",
                   "director", "<b>wrong</b> result", "79C2" if late else "79C1", DEADLINE, 2,
                   override="Law 79C2 override: director Eva, organizer Olle" if late else ""),
    )  # fmt: skip
    changes = ChangeReport(
        2, 1, "correction 1 by TD Eva (director)",
        (LineChange(1, 2, 4, 2, "4-2 1NT S -2 -100", "4-2 1NT S -1 -50", F(2), F(2), F(0), F(0)),),
        (PairChange(1, 4, "Gus Holm - Hans Is", F(2), F(2), F(50), F(50), "2-3", "2-3", None,
                    None),),
    )  # fmt: skip
    return _event(publication=view, changes=changes, audit=audit)


def test_version_deadline_and_countdown_on_the_pages() -> None:
    files = build_site(_published())
    index = _doc(files, "index.html")
    header = " ".join(index.xpath("//header")[0].text_content().split())
    assert "version 2, published 2026-11-24 21:40 (Europe/Stockholm)" in header
    (period,) = index.xpath("//*[@data-deadline]")
    assert period.get("data-deadline") == "2026-11-24T21:10:00+00:00"
    assert "corrections until 2026-11-24 22:10 (Law 79C1" in period.text_content()
    assert period.xpath(".//*[@data-countdown]")  # the script writes the time left here
    assert "PROVISIONAL" not in files["index.html"].decode()
    board = _doc(files, "board-1-2.html")
    assert board.xpath('//*[@data-deadline="2026-11-24T21:10:00+00:00"]')


def test_corrected_results_are_marked_and_link_to_what_changed() -> None:
    files = build_site(_published())
    board = _doc(files, "board-1-2.html")
    marks = board.xpath('//a[@class="corrected"]')
    assert [(a.text_content(), a.get("href")) for a in marks] == [
        ("corrected", "changes.html#correction-1")
    ]
    row = marks[0].xpath("ancestor::tr")[0]
    assert row.xpath("./th")[0].text_content().startswith("4")  # the 4-2 line
    assert not _doc(files, "board-1-1.html").xpath('//a[@class="corrected"]')
    for pair in (2, 4):  # both pairs' score cards
        assert _doc(files, f"pair-{pair}.html").xpath('//a[@href="changes.html#correction-1"]')
    assert not _doc(files, "pair-1.html").xpath('//a[@class="corrected"]')
    changes = _doc(files, "changes.html")
    entry = changes.xpath('//li[@id="correction-1"]')[0].text_content()
    entry = " ".join(entry.split())
    assert "4-2 1NT S -2 -100 → 4-2 1NT S -1 -50" in entry
    assert "By TD Eva (director): <b>wrong</b> result." in entry
    assert "Law 79C1 (within the period)" in entry
    assert _rows(changes, "changed-lines") == [
        ["2", "4–2", "4-2 1NT S -2 -100", "4-2 1NT S -1 -50", "2.0 → 2.0", "0.0 → 0.0"]
    ]
    assert "What changed" in _doc(files, "index.html").xpath("//nav")[0].text_content()


def test_a_late_override_is_marked() -> None:
    files = build_site(_published(late=True))
    header = _doc(files, "index.html").xpath("//header")[0].text_content()
    assert "under a Law 79C2 override" in header
    entry = _doc(files, "changes.html").xpath('//li[@id="correction-1"]')[0]
    assert entry.get("class") == "late"
    assert "Law 79C2 OVERRIDE (director Eva, organizer Olle)" in entry.text_content()


def test_a_session_waiting_for_review_is_provisional_and_has_no_period() -> None:
    files = build_site(_published(official=False))
    for name in ("index.html", "board-1-1.html", "pair-3.html", "changes.html"):
        assert (
            "Tuesday may still change"
            in _doc(files, name).xpath('//div[contains(@class, "provisional")]')[0].text_content()
        ), name
    index = _doc(files, "index.html")
    assert not index.xpath("//*[@data-deadline]")
    why = " ".join(index.xpath('//section[@class="notice"]')[0].text_content().split())
    assert "Tuesday: 1 reading(s) wait for review (s1.pdf#p3r2)" in why
