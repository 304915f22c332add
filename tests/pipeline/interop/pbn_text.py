"""Small PBN result files written in a test, line by line, so each test shows the file it
reads (the dialects of issue 41: conventions, "-" pairs, split scores, penalty lines)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["MP_COLUMNS", "pbn_file", "write_pbn_text"]

MP_COLUMNS = (
    "Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;"
    "Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;MP_EW\\5R"
)
_DEALERS = "NESW"
_VULNERABLE = ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
               "EW", "All", "None", "NS", "All", "None", "NS", "EW"]  # fmt: skip


def pbn_file(
    boards: dict[int, list[str]],
    totals: list[str] | None = None,
    *,
    columns: str = MP_COLUMNS,
    totals_columns: str = "Rank\\2R;PairId\\2R;TotalScoreMP\\5R;TotalPercentage\\6R",
    scoring: str = "MP",
    generator: str | None = None,
) -> str:
    """A PBN results file: one game per board (dealer and vulnerability by Law 2), the
    ``[TotalScoreTable]`` in the first game, ``boards`` the score-table rows as written."""
    out = ["% PBN 2.1", "% EXPORT"]
    for index, (number, rows) in enumerate(sorted(boards.items())):
        out += [
            '[Event "Club night"]',
            f'[Board "{number}"]',
            f'[Dealer "{_DEALERS[(number - 1) % 4]}"]',
            f'[Vulnerable "{_VULNERABLE[(number - 1) % 16]}"]',
            f'[Scoring "{scoring}"]',
        ]
        if generator is not None:
            out.append(f'[Generator "{generator}"]')
        if index == 0 and totals is not None:
            out.append(f'[TotalScoreTable "{totals_columns}"]')
            out += totals
        out.append(f'[ScoreTable "{columns}"]')
        out += rows
        out.append("")
    return "\r\n".join(out) + "\r\n"


def write_pbn_text(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("latin-1"))
    return path
