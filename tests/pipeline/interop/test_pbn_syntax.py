"""The PBN tokenizer against the PBN 2.1 syntax rules (tags, strings, comments, tables)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from pipeline.interop.pbn_syntax import (
    Column,
    decode_pbn,
    parse_columns,
    parse_pbn,
    quote,
    table_rows,
)
from pipeline.interop.records import InteropError, Location

HERE = Location("test.pbn", 1)


def test_tags_comments_and_escape_lines() -> None:
    text = (
        "% PBN 2.1\n"
        "% EXPORT\n"
        "; a line comment\n"
        '[Event "Club \\"Night\\""] ; trailing comment\n'
        '{ a brace comment\n over two lines } [Site "Oslo"]\n'
        '[Board "1"]\n'
        "\n"
        '[Board "2"]\n'
    )
    parsed = parse_pbn(text, "test.pbn")
    assert parsed.directives == ("PBN 2.1", "EXPORT")
    assert len(parsed.games) == 2
    first = parsed.games[0]
    assert [t.name for t in first.tags] == ["Event", "Site", "Board"]
    assert first.value("Event") == 'Club "Night"'
    assert first.get("site").line == 6  # type: ignore[union-attr]  # after the } on line 6
    assert parsed.games[1].value("Board") == "2"


def test_crlf_and_lf_give_the_same_games() -> None:
    lf = '[Board "1"]\n[Dealer "E"]\n\n[Board "2"]\n'
    assert parse_pbn(lf.replace("\n", "\r\n")).games == parse_pbn(lf).games


def test_hash_repeats_the_previous_games_value() -> None:
    parsed = parse_pbn('[Event "Spring"]\n[Board "1"]\n\n[Event "#"]\n[Board "2"]\n')
    assert parsed.games[1].value("Event") == "Spring"


def test_hash_without_an_earlier_value_is_an_error_with_its_line() -> None:
    with pytest.raises(InteropError, match=r"f.pbn:2: .*repeats a value"):
        parse_pbn('[Board "1"]\n[Event "#"]\n', "f.pbn")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Event "no end]\n', r"x.pbn:1: string .* no closing quote"),
        ("[Event Oslo]\n", r"x.pbn:1: tag \[Event\] needs a quoted value"),
        ('[Ev-ent "x"]\n', r"x.pbn:1: tag name 'Ev-ent'"),
        ('[Event "x"\n', r"x.pbn:1: tag \[Event ...\] is not closed"),
        ("stray data\n", r"x.pbn:1: data 'stray' before any tag"),
        ('[Board "1"]\n{ never closed\n', r"x.pbn:2: a '\{' comment is never closed"),
    ],
)
def test_syntax_errors_name_file_and_line(text: str, message: str) -> None:
    with pytest.raises(InteropError, match=message):
        parse_pbn(text, "x.pbn")


def test_column_declarations_with_widths_alignment_and_sort_order() -> None:
    columns = parse_columns("+Table\\2R;PairId_NS\\2R;Contract\\5L;Names;-MP_NS\\4", HERE)
    assert columns == (
        Column("Table", 2, "R", "+"),
        Column("PairId_NS", 2, "R", None),
        Column("Contract", 5, "L", None),
        Column("Names", None, None, None),
        Column("MP_NS", 4, None, "-"),
    )
    assert str(columns[0]) == "+Table\\2R"


@pytest.mark.parametrize("spec", ["Table\\2X", "Ta ble", "Table;table", "", "A\\R"])
def test_bad_column_declarations(spec: str) -> None:
    with pytest.raises(InteropError, match="test.pbn:1"):
        parse_columns(spec, HERE)


def test_rows_are_read_by_tokens_not_by_the_advisory_widths() -> None:
    text = (
        '[ScoreTable "Table\\1R;PairId_NS\\1R;Contract\\2L;Names\\3L;Score_NS\\2R"]\n'
        '10    7   3NT   "Ann - Bo"  -\n'  # wider than declared, spaces everywhere
        '1 2 "-" x 420\n'
    )
    tag = parse_pbn(text).games[0].get("ScoreTable")
    assert tag is not None
    _, rows = table_rows(tag, "t.pbn")
    assert rows[0] == (
        2,
        {"table": "10", "pairid_ns": "7", "contract": "3NT", "names": "Ann - Bo", "score_ns": None},
    )
    # A quoted "-" is the text "-", an unquoted one an empty cell.
    assert rows[1][1]["contract"] == "-"


def test_a_row_with_the_wrong_number_of_values_names_its_line() -> None:
    text = '[Board "1"]\n[ScoreTable "Table;PairId_NS;PairId_EW"]\n1 2 3\n1 Ann Bo 3\n'
    tag = parse_pbn(text).games[0].get("ScoreTable")
    assert tag is not None
    with pytest.raises(InteropError, match=r"t.pbn:4: .*4 values for 3 columns"):
        table_rows(tag, "t.pbn")


@pytest.mark.parametrize(
    ("data", "encoding", "text"),
    [
        ("Øvre Å".encode("iso-8859-1"), "iso-8859-1", "Øvre Å"),
        ("Øvre Å".encode(), "utf-8", "Øvre Å"),
        (b"\xef\xbb\xbf" + "Ö".encode(), "utf-8", "Ö"),
        (b"plain", "utf-8", "plain"),
    ],
)
def test_encoding_is_detected(data: bytes, encoding: str, text: str) -> None:
    assert decode_pbn(data) == (text, encoding)


def test_latin1_file_reads_the_same_as_utf8() -> None:
    text = '[Event "Klubbkväll i Växjö"]\r\n[Board "1"]\r\n'
    latin = parse_pbn(text.encode("iso-8859-1"))
    utf8 = parse_pbn(text.encode("utf-8"))
    assert latin.encoding == "iso-8859-1" and utf8.encoding == "utf-8"
    assert latin.games == utf8.games
    assert latin.games[0].value("Event") == "Klubbkväll i Växjö"


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=40))
def test_quote_round_trips_through_the_tokenizer(value: str) -> None:
    assume(value != "#")  # PBN reserves a lone "#": "the previous game's value"
    parsed = parse_pbn(f"[Note {quote(value)}]")
    assert parsed.games[0].tags[0].value == value


def test_quote_keeps_column_backslashes_as_other_programs_write_them() -> None:
    assert quote("Table\\2R;Names\\20L") == '"Table\\2R;Names\\20L"'
    assert quote('say "x"') == '"say \\"x\\""'
