"""The club's member list: importing clubs' files, CLUB/members.csv, the log, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from openpyxl import Workbook
from typer.testing import CliRunner

from pipeline.cli.club import register
from pipeline.clock import ENV_NOW
from pipeline.events.members import (
    LOG_FILE,
    MEMBERS_FILE,
    Member,
    MembersError,
    MergeReport,
    add_member,
    import_members,
    load_members,
    merge_members,
    read_member_file,
    record_change,
    remove_member,
    save_members,
    update_member,
)
from pipeline.xlsx import set_text

ANNA = Member("012345", "Anna Berg")
BO = Member("104510", "Bo Ek")
CECILIA = Member("", "Cecilia Lind")


@pytest.fixture
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    (folder / "events").mkdir(parents=True)
    return folder


def log_lines(club: Path) -> list[dict]:
    path = club / LOG_FILE
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def workbook(path: Path, rows: list[list[object]], title: str = "Medlemmar") -> Path:
    book = Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


# -- Member ---------------------------------------------------------------------------------


def test_member_number_follows_the_event_models_rule():
    with pytest.raises(MembersError, match=r"member number '12 4' of Anna Berg is not valid"):
        Member("12 4", "Anna Berg")
    with pytest.raises(MembersError, match="must not be empty"):
        Member("1", " ")
    assert Member("", "Anna Berg").player().member_number is None
    assert Member("012345", "Anna Berg").player().member_number == "012345"


def test_from_text_tidies_and_unquotes():
    assert Member.from_text(" 012345 ", "  Anna   Berg ") == Member("012345", "Anna Berg")
    assert Member.from_text("'012345", "'=cmd()") == Member("012345", "=cmd()")
    assert Member.from_text("", "'t Hooft") == Member("", "'t Hooft")  # not a quote mark


# -- reading clubs' files -------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["latin-1", "utf-8-sig", "utf-8"])
def test_csv_with_semicolons_in_any_encoding(tmp_path, encoding):
    text = (
        "Medlemslista Bridgeklubben Väst;;\r\n"
        "\r\n"
        "Medlemsnr;Förnamn;Efternamn\r\n"
        "012345;Åsa;Öberg\r\n"
        ";;\r\n"
        "104510;Bo;Ek\r\n"
    )
    path = tmp_path / "medlemmar.csv"
    path.write_bytes(text.encode(encoding))
    assert read_member_file(path) == [Member("012345", "Åsa Öberg"), BO]


def test_csv_header_words_and_a_plain_nr_column(tmp_path):
    path = tmp_path / "list.csv"
    # "Nr" counts rows here; "Medl.nr" is the member number.
    path.write_text("Nr,NAVN,Medl.nr\n1,Anna Berg,012345\n2,Cecilia Lind,\n", encoding="utf-8")
    assert read_member_file(path) == [ANNA, CECILIA]


def test_a_nummer_column_is_the_member_number_as_a_plain_nr_is(tmp_path):
    """Swedish, Norwegian and Danish lists head the number plainly "Nummer"."""
    path = tmp_path / "medlemmer.csv"
    path.write_text("Nummer;Navn\n012345;Anna Berg\n", encoding="utf-8")
    assert read_member_file(path) == [ANNA]
    beside = tmp_path / "both.csv"  # a column saying member number still wins
    beside.write_text("Nummer;Medlemsnr;Namn\n1;012345;Anna Berg\n", encoding="utf-8")
    assert read_member_file(beside) == [ANNA]


def test_xlsx_first_and_last_names_and_numeric_cells(tmp_path):
    path = workbook(
        tmp_path / "members.xlsx",
        [
            ["Bridgeklubben Väst"],
            ["Member number", "First name", "Surname"],
            [104503.0, "Anna", "Berg"],
            [104510, "Bo", "Ek"],
            [None, None, None],
            [None, "Cecilia", "Lind"],
            ["012346", "Dag", "Holm"],
        ],
    )
    assert read_member_file(path) == [
        Member("104503", "Anna Berg"),
        BO,
        CECILIA,
        Member("012346", "Dag Holm"),
    ]


def test_xlsx_number_shown_with_zeros_keeps_them(tmp_path):
    book = Workbook()
    sheet = book.active
    sheet.append(["Medlemsnummer", "Namn"])
    sheet.append([12345, "Anna Berg"])
    sheet["A2"].number_format = "000000"
    book.save(tmp_path / "m.xlsx")
    assert read_member_file(tmp_path / "m.xlsx") == [ANNA]


def test_xlsx_sheet_is_chosen_or_found(tmp_path):
    book = Workbook()
    book.active.title = "Info"
    book.active.append(["Klubb", "Väst"])
    members = book.create_sheet("Medlemmar")
    members.append(["Nr", "Namn"])
    members.append(["012345", "Anna Berg"])
    book.save(tmp_path / "m.xlsx")
    assert read_member_file(tmp_path / "m.xlsx") == [ANNA]
    assert read_member_file(tmp_path / "m.xlsx", sheet="Medlemmar") == [ANNA]
    with pytest.raises(MembersError, match=r"m\.xlsx, sheet 'Info': no header row"):
        read_member_file(tmp_path / "m.xlsx", sheet="Info")
    with pytest.raises(MembersError, match=r"no sheet 'Blad1' \(sheets: Info, Medlemmar\)"):
        read_member_file(tmp_path / "m.xlsx", sheet="Blad1")


def test_a_name_starting_with_equals_stays_text(tmp_path, club):
    book = Workbook()
    sheet = book.active
    sheet.append(["Name", "Member no"])
    set_text(sheet.cell(2, 1), "=cmd()")
    sheet.cell(2, 2).value = "104503"
    book.save(tmp_path / "m.xlsx")
    members = read_member_file(tmp_path / "m.xlsx")
    assert members == [Member("104503", "=cmd()")]

    save_members(club, members)
    written = (club / MEMBERS_FILE).read_bytes()
    assert written.startswith(b"\xef\xbb\xbfMember number,Name\r\n")
    assert b"104503,'=cmd()\r\n" in written  # a spreadsheet shows it as text
    assert load_members(club) == members  # and it reads back as the name


def test_bad_member_number_names_file_sheet_and_row(tmp_path):
    path = workbook(tmp_path / "m.xlsx", [["Medlemsnr", "Namn"], [104503, "Anna"], ["12 4", "Bo"]])
    with pytest.raises(MembersError) as caught:
        read_member_file(path)
    assert str(caught.value) == (
        "m.xlsx, sheet 'Medlemmar', row 3: member number '12 4' of Bo is not valid "
        "(letters and digits, up to 20 characters)"
    )
    assert (caught.value.file, caught.value.sheet, caught.value.row) == ("m.xlsx", "Medlemmar", 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Medlemsnr;Klubb\n1;Väst\n", r"m\.csv, row 1: the header has no name column"),
        ("a,b\n1,2\n", r"m\.csv: no header row with a Name column"),
        ("Nr,Name\n1,Anna\n1,Bo\n", r"m\.csv, row 3: member number 1 is given twice \(rows 2"),
        ("Nr,Name\n1,Anna\n2,\n", r"m\.csv, row 3: member number 2 has no name"),
    ],
)
def test_unusable_csv(tmp_path, text, message):
    (tmp_path / "m.csv").write_text(text, encoding="utf-8")
    with pytest.raises(MembersError, match=message):
        read_member_file(tmp_path / "m.csv")


def test_content_is_sniffed_not_the_name(tmp_path):
    fake = tmp_path / "members.xlsx"
    fake.write_text("Name\nAnna Berg\n", encoding="utf-8")
    with pytest.raises(MembersError, match=r"members\.xlsx: not a \.xlsx workbook \(not a zip"):
        read_member_file(fake)
    # A real workbook saved under a .csv name is read as the workbook it is.
    disguised = workbook(tmp_path / "members.csv", [["Name", "Nr"], ["Anna Berg", "012345"]])
    assert read_member_file(disguised) == [ANNA]
    old = tmp_path / "old.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600))
    with pytest.raises(MembersError, match=r"old\.xls: an old Excel \.xls workbook"):
        read_member_file(old)
    with pytest.raises(MembersError, match=r"nowhere\.csv: file not found"):
        read_member_file(tmp_path / "nowhere.csv")


# -- merging ----------------------------------------------------------------------------------


def test_merge_updates_by_number_adds_and_never_removes():
    current = [ANNA, BO, CECILIA, Member("", "Dag Holm")]
    imported = [
        Member("012345", "Anna Berg-Lind"),  # same number, new name: updated
        BO,  # unchanged
        Member("200001", "Dag Holm"),  # had no number: gets one
        Member("200002", "Eva Ström"),  # new
        Member("", "Cecilia Lind"),  # already there
    ]
    merged, report = merge_members(current, imported)
    assert merged == [
        Member("012345", "Anna Berg-Lind"),
        BO,
        CECILIA,
        Member("200001", "Dag Holm"),
        Member("200002", "Eva Ström"),
    ]
    assert [m.name for m in report.added] == ["Eva Ström"]
    assert [(b.name, a.name) for b, a in report.updated] == [
        ("Anna Berg", "Anna Berg-Lind"),
        ("Dag Holm", "Dag Holm"),
    ]
    assert [m.name for m in report.unchanged] == ["Bo Ek", "Cecilia Lind"]
    assert report.summary() == "1 added, 2 updated, 2 unchanged"
    assert "updated: Anna Berg (012345) -> Anna Berg-Lind (012345)" in report.lines()


def test_merge_of_the_same_list_changes_nothing():
    merged, report = merge_members([ANNA, BO], [BO, ANNA])
    assert merged == [ANNA, BO]
    assert report == MergeReport(unchanged=(BO, ANNA))
    assert not report.changed


def test_merge_refuses_a_number_twice_in_the_import():
    with pytest.raises(MembersError, match="104510 is given to both Bo Ek and Bo Eriksson"):
        merge_members([], [BO, Member("104510", "Bo Eriksson")])


# -- the club folder --------------------------------------------------------------------------


def test_no_members_file_is_an_empty_list(club):
    assert load_members(club) == []


def test_save_is_sorted_atomic_and_round_trips(club):
    save_members(club, [BO, CECILIA, ANNA, Member("", "ärla Öst")])
    text = (club / MEMBERS_FILE).read_text(encoding="utf-8-sig")
    assert text.splitlines() == [
        "Member number,Name",
        "012345,Anna Berg",
        "104510,Bo Ek",
        ",Cecilia Lind",
        ",ärla Öst",
    ]
    assert load_members(club) == [ANNA, BO, CECILIA, Member("", "ärla Öst")]
    assert sorted(p.name for p in club.iterdir()) == ["events", MEMBERS_FILE]  # no temp file


def test_save_refuses_a_repeated_number_and_keeps_the_old_file(club):
    save_members(club, [ANNA])
    with pytest.raises(MembersError, match="012345 is given to both Anna Berg and Bo Ek"):
        save_members(club, [ANNA, Member("012345", "Bo Ek")])
    assert load_members(club) == [ANNA]


def test_save_failing_half_way_leaves_the_old_file_and_no_temp_file(club, monkeypatch):
    import os

    save_members(club, [ANNA])

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_members(club, [ANNA, BO])
    monkeypatch.undo()
    assert load_members(club) == [ANNA]
    assert [p.name for p in club.iterdir() if p.name.endswith(".part")] == []


def test_a_hand_edited_file_from_a_swedish_excel_reads(club):
    (club / MEMBERS_FILE).write_bytes("Member number;Name\r\n012345;Anna Berg\r\n".encode("cp1252"))
    assert load_members(club) == [ANNA]


# -- changes and their log --------------------------------------------------------------------


def test_add_update_remove_by_number_or_by_name():
    members = add_member([], BO)
    members = add_member(members, CECILIA)
    members = add_member(members, ANNA)
    assert members == [ANNA, BO, CECILIA]  # sorted by name
    members = update_member(members, "012345", Member("012345", "Anna Berg-Lind"))
    members = update_member(members, CECILIA, Member("300003", "Cecilia Lind"))
    assert members == [Member("012345", "Anna Berg-Lind"), BO, Member("300003", "Cecilia Lind")]
    members = remove_member(members, Member("104510", "Bo Ek"))
    members = remove_member(members, "300003")
    assert members == [Member("012345", "Anna Berg-Lind")]
    assert remove_member(add_member(members, CECILIA), "cecilia  lind") == members


def test_duplicate_numbers_are_refused():
    members = [ANNA, BO, CECILIA]
    with pytest.raises(MembersError, match="member number 012345 is already Anna Berg's"):
        add_member(members, Member("012345", "Someone Else"))
    with pytest.raises(MembersError, match="member number 104510 is already Bo Ek's"):
        update_member(members, ANNA, Member("104510", "Anna Berg"))
    with pytest.raises(MembersError, match="Cecilia Lind is already a member"):
        add_member(members, Member("", "cecilia lind"))
    with pytest.raises(MembersError, match="no member with the number or name '999'"):
        remove_member(members, "999")
    with pytest.raises(MembersError, match="no member has the number 999"):
        update_member(members, Member("999", "Anna Berg"), ANNA)
    assert update_member(members, ANNA, ANNA) == members  # keeping one's own number is fine


def test_import_logs_one_line_per_change(club, tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_NOW, "2026-11-16T19:05:00+01:00")
    save_members(club, [ANNA])
    (tmp_path / "upload-1").write_text("Nr,Name\n104510,Bo Ek\n012345,Anna Berg\n", "utf-8")
    report = import_members(club, tmp_path / "upload-1", who="Lena", name="federation.csv")
    assert report.summary() == "1 added, 0 updated, 1 unchanged"
    assert load_members(club) == [ANNA, BO]
    assert log_lines(club) == [
        {
            "time": "2026-11-16T18:05:00.000000+00:00",
            "who": "Lena",
            "action": "import",
            "detail": {
                "file": "federation.csv",
                "sheet": None,
                "added": [{"number": "104510", "name": "Bo Ek"}],
                "updated": [],
                "unchanged": 1,
            },
        }
    ]
    # The same file again changes nothing: no file written, no line.
    assert not import_members(club, tmp_path / "upload-1", who="Lena").changed
    assert len(log_lines(club)) == 1
    (tmp_path / "renamed.csv").write_text("Nr,Name\n104510,Bo Ekström\n", "utf-8")
    import_members(club, tmp_path / "renamed.csv", who="Kim")
    assert [line["who"] for line in log_lines(club)] == ["Lena", "Kim"]
    assert log_lines(club)[1]["detail"]["updated"] == [
        {"before": {"number": "104510", "name": "Bo Ek"},
         "after": {"number": "104510", "name": "Bo Ekström"}}
    ]  # fmt: skip


def test_record_change_only_appends(club):
    record_change(club, "Kim", "add", {"member": ANNA.as_dict()})
    first = (club / LOG_FILE).read_bytes()
    record_change(club, "Kim", "update", {"before": ANNA.as_dict(), "after": BO.as_dict()})
    record_change(club, "Kim", "remove", {"member": BO.as_dict()})
    assert (club / LOG_FILE).read_bytes().startswith(first)
    assert [line["action"] for line in log_lines(club)] == ["add", "update", "remove"]


def test_a_change_needs_who_an_action_and_an_existing_club(club, tmp_path):
    (tmp_path / "m.csv").write_text("Name\nAnna Berg\n", "utf-8")
    with pytest.raises(MembersError, match="say who"):
        import_members(club, tmp_path / "m.csv", who=" ")
    with pytest.raises(MembersError, match="no such club folder"):
        import_members(tmp_path / "nowhere", tmp_path / "m.csv", who="Kim")
    with pytest.raises(MembersError, match="unknown action 'delete'"):
        record_change(club, "Kim", "delete", {})
    with pytest.raises(MembersError, match="say who"):
        record_change(club, "", "add", {})
    assert not (club / MEMBERS_FILE).exists()
    assert log_lines(club) == []


def test_imports_at_the_same_time_are_all_kept(club, tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    people = [Member(f"{n:06d}", f"Player {n:02d}") for n in range(1, 21)]
    files = []
    for member in people:
        path = tmp_path / f"{member.number}.csv"
        path.write_text(f"Nr,Name\n{member.number},{member.name}\n", "utf-8")
        files.append(path)
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda path: import_members(club, path, who="Kim"), files))
    assert load_members(club) == people
    assert len(log_lines(club)) == 20


# -- the command line ------------------------------------------------------------------------


def app() -> typer.Typer:
    root = typer.Typer()
    register(root)

    @root.command("noop")
    def noop() -> None:  # a second command keeps "club" a sub-command group
        """Nothing."""

    return root


def run(*args: str):
    return CliRunner().invoke(app(), list(args))


def test_cli_lists_the_members(club):
    save_members(club, [BO, ANNA, Member("", "[bold]Dag")])
    result = run("club", "members", str(club))
    assert result.exit_code == 0, result.output
    assert "club: 3 members" in result.output
    assert "012345" in result.output and "Anna Berg" in result.output
    assert "[bold]Dag" in result.output  # printed as it is, not as markup


def test_cli_imports_merges_and_logs(club, tmp_path):
    save_members(club, [ANNA])
    path = workbook(
        tmp_path / "federation.xlsx",
        [["Medlemsnr", "Fornavn", "Etternavn"], [12345.0, "Anna", "Berg"], [104510, "Bo", "Ek"]],
        title="Ark1",
    )
    # 12345.0 is not 012345: a workbook that lost the zero adds a member, and says so.
    result = run(
        "club", "members", str(club), "--import", str(path), "--sheet", "Ark1", "--by", "Kim"
    )
    assert result.exit_code == 0, result.output
    assert "federation.xlsx: 2 added, 0 updated, 0 unchanged" in result.output
    assert "added: Bo Ek (104510)" in result.output
    assert f"saved {club / MEMBERS_FILE}" in result.output
    assert [line["action"] for line in log_lines(club)] == ["import"]
    assert log_lines(club)[0]["detail"]["sheet"] == "Ark1"

    again = run("club", "members", str(club), "--import", str(path), "--by", "Kim")
    assert again.exit_code == 0, again.output
    assert "0 added, 0 updated, 2 unchanged" in again.output
    assert "nothing to change" in again.output
    assert len(log_lines(club)) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--import", "{bad}", "--by", "Kim"], "bad.csv, row 2: member number '1 2'"),
        (["--import", "{bad}"], "--import needs --by NAME"),
        (["--by", "Kim"], "--sheet and --by go with --import FILE"),
        (["--import", "{missing}", "--by", "Kim"], "missing.csv: file not found"),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(club, tmp_path, args, message):
    bad = tmp_path / "bad.csv"
    bad.write_text("Nr;Namn\n1 2;Anna Berg\n", encoding="utf-8")
    filled = [a.format(bad=bad, missing=tmp_path / "missing.csv") for a in args]
    result = run("club", "members", str(club), *filled)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert not (club / MEMBERS_FILE).exists()


def test_cli_missing_club_folder_exits_2(tmp_path):
    result = run("club", "members", str(tmp_path / "nowhere"))
    assert result.exit_code == 2
    assert "no such club folder" in result.stderr
