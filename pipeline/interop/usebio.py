"""USEBIO 1.2 XML in and out (the EBU's exchange format, also used by other federations).

Reading: the first EVENT; its EVENT_TYPE (MP_PAIRS, BUTLER_PAIRS, CROSS_IMP, teams types)
gives the scoring; PARTICIPANTS > PAIR (or TEAM) with PLAYER names and member numbers,
PLACE, TOTAL_SCORE, PERCENTAGE; every BOARD outside HANDSET (directly in EVENT, in
SESSION/SECTION, or in a teams MATCH) with its TRAVELLER_LINEs; HANDSET deals. Pair numbers
may carry their direction ("1NS"); then, or when PAIR DIRECTION repeats numbers, pairs are
keyed by number and side.

Adjusted scores (docs/interop.md): an artificial score is an A-marker in SCORE or
ADJUSTED_SCORE (A60/40, A+, A5050); NS_SCORE and EW_SCORE that differ are a split assigned
score. SCORE is from North-South's side.

Writing (``pipeline.interop.usebio_writer``) produces USEBIO 1.2 valid against
``usebio_1_2.dtd`` (shipped beside this module), which :func:`validate_usebio` checks with
lxml. Parsing never resolves entities or fetches
anything (no XXE, no network).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from lxml import etree

from pipeline.events.hands import Deal, Hand
from pipeline.interop.cells import (
    artificial_adjustment,
    decimal,
    integer,
    is_artificial,
    pbn_date,
)
from pipeline.interop.records import (
    ImportedBoard,
    ImportedPair,
    ImportedResult,
    ImportedSession,
    InteropError,
    Location,
    Scoring,
    pair_key,
)
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Side, parse_contract, parse_tricks
from scoring.outcome import Adjustment, Weighted

__all__ = ["read_usebio", "read_usebio_bytes", "validate_usebio", "DTD_PATH"]

DTD_PATH = Path(__file__).with_name("usebio_1_2.dtd")

_EVENT_TYPES = {
    "MP_PAIRS": Scoring.MATCHPOINTS,
    "BUTLER_PAIRS": Scoring.BUTLER,
    "IMP_PAIRS": Scoring.BUTLER,
    "CROSS_IMP": Scoring.CROSS_IMPS,
    "TEAMS_OF_FOUR": Scoring.TEAMS,
    "SWISS_TEAMS": Scoring.TEAMS,
    "MP_TEAMS": Scoring.TEAMS,
}


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, remove_comments=True
    )


def read_usebio(path: str | Path) -> ImportedSession:
    """Read a USEBIO file from disk."""
    path = Path(path)
    return read_usebio_bytes(path.read_bytes(), str(path))


def _text(element: etree._Element, *names: str) -> str | None:
    for name in names:
        child = element.find(name)
        if child is not None and child.text is not None and child.text.strip():
            return str(child.text).strip()
    return None


def _where(source: str, element: etree._Element) -> Location:
    return Location(source, element.sourceline, element.getroottree().getpath(element))


def read_usebio_bytes(data: bytes, source: str = "<usebio>") -> ImportedSession:
    """Read USEBIO XML bytes; ``source`` names the file in errors and locations."""
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as error:
        message = f"not well-formed XML: {error.msg}"
        raise InteropError(Location(source, error.lineno), message) from None
    if root.tag != "USEBIO":
        raise InteropError(Location(source, root.sourceline), f"root is <{root.tag}>, not <USEBIO>")
    event = root.find("EVENT")
    if event is None:
        raise InteropError(Location(source, root.sourceline), "no <EVENT> in the file")
    notes: list[str] = []
    if len(root.findall("EVENT")) > 1:
        notes.append(f"{source}: only the first of {len(root.findall('EVENT'))} events was read")
    event_type = event.get("EVENT_TYPE", "")
    scoring = _EVENT_TYPES.get(event_type.upper(), Scoring.UNKNOWN)
    deals = _handset(event, source)
    participants = [
        element
        for element in event.iter("PAIR", "TEAM")
        if element.getparent() is not None and element.getparent().tag == "PARTICIPANTS"
    ]
    raw_pairs = [_pair(element, source) for element in participants]
    boards: dict[int, list[ImportedResult]] = {}
    board_elements: dict[int, etree._Element] = {}
    for board in event.iter("BOARD"):
        if any(ancestor.tag == "HANDSET" for ancestor in board.iterancestors()):
            continue
        number = _board_number(board, source)
        board_elements.setdefault(number, board)
        match = board.getparent() if board.getparent().tag == "MATCH" else None
        for line in board.findall("TRAVELLER_LINE"):
            boards.setdefault(number, []).append(_line(line, number, match, source))
    lines = [r for results in boards.values() for r in results]
    numbers = [p.number for p in raw_pairs] + [n for r in lines for n in (r.ns_pair, r.ew_pair)]
    sided = [p.number for p in raw_pairs if p.side]
    by_direction = (
        any(n.upper().endswith(("NS", "EW")) for n in numbers)
        or len(set(sided)) < len(sided)
        or any(r.ns_pair == r.ew_pair for r in lines)
    )
    pairs: dict[str, ImportedPair] = {}
    for pair in raw_pairs:
        key = pair_key(pair.number, pair.side, by_direction)
        pairs[key] = ImportedPair(
            key, pair.number, pair.side, pair.names, pair.location, pair.total, pair.percent,
            pair.imps, pair.rank, pair.boards_played, pair.member_ids,
        )  # fmt: skip
    session_boards = []
    for number in sorted(set(boards) | set(deals)):
        element = board_elements.get(number)
        where = _where(source, element) if element is not None else Location(source)
        dealer = _text(element, "DEALER") if element is not None else None
        vul = _text(element, "VULNERABILITY") if element is not None else None
        try:
            session_boards.append(
                ImportedBoard(
                    number,
                    Seat.parse(dealer) if dealer else None,
                    Vulnerability.parse(vul) if vul else None,
                    deals.get(number),
                    tuple(boards.get(number, ())),
                    where,
                )
            )
        except ValueError as error:
            raise InteropError(where, f"board {number}: {error}") from None
    session = ImportedSession(
        source=source,
        format="USEBIO",
        event=_text(event, "EVENT_DESCRIPTION") or "",
        date=pbn_date(_text(event, "DATE")),
        scoring=scoring,
        boards=tuple(session_boards),
        pairs=(),
        by_direction=by_direction,
        program=_text(event, "PROGRAM_NAME"),
        site=_text(root.find("CLUB"), "CLUB_NAME") if root.find("CLUB") is not None else None,
        notes=tuple(notes),
    )
    for result in session.results:
        for key, pair_id, side in (
            (session.ns_key(result), result.ns_pair, Side.NS),
            (session.ew_key(result), result.ew_pair, Side.EW),
        ):
            if key not in pairs:
                pairs[key] = ImportedPair(
                    key, pair_id, side if by_direction else None, (), result.location
                )
    ordered = tuple(sorted(pairs.values(), key=lambda p: (_digits(p.key), p.key)))
    return ImportedSession(**{**session.__dict__, "pairs": ordered})


def _digits(text: str) -> int:
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else 0


def _board_number(board: etree._Element, source: str) -> int:
    text = _text(board, "BOARD_NUMBER")
    try:
        if text is None:
            raise ValueError("no BOARD_NUMBER")
        return integer(text)
    except ValueError as error:
        raise InteropError(_where(source, board), str(error)) from None


def _pair(element: etree._Element, source: str) -> ImportedPair:
    where = _where(source, element)
    try:
        number = _text(element, "PAIR_NUMBER") or element.get("TEAM_ID") or ""
        if not number:
            raise ValueError(f"<{element.tag}> without a number")
        direction = _text(element, "DIRECTION")
        side = Side.parse(direction) if direction else None
        if side is None and number.upper().endswith(("NS", "EW")):
            side = Side.parse(number[-2:])
        players = element.findall("PLAYER") or element.findall("PAIR/PLAYER")
        names = tuple(n for n in (_text(p, "PLAYER_NAME") for p in players) if n)
        members = tuple(n for n in (_text(p, "NATIONAL_ID_NUMBER") for p in players) if n)
        if element.tag == "TEAM" and element.get("TEAM_NAME"):
            names = (element.get("TEAM_NAME", ""), *names)
        total = _text(element, "TOTAL_SCORE")
        percent = _text(element, "PERCENTAGE")
        imps = _text(element, "TOTAL_IMPS")
        played = _text(element, "BOARDS_PLAYED")
        return ImportedPair(
            key=number,
            number=number,
            side=side,
            names=names,
            location=where,
            total=decimal(total) if total else None,
            percent=decimal(percent) if percent else None,
            imps=decimal(imps) if imps else None,
            rank=_text(element, "PLACE"),
            boards_played=integer(played) if played else None,
            member_ids=members,
        )
    except ValueError as error:
        raise InteropError(where, str(error)) from None


def _line(
    line: etree._Element, board: int, match: etree._Element | None, source: str
) -> ImportedResult:
    where = _where(source, line)
    try:
        ns_pair = _text(line, "NS_PAIR_NUMBER")
        ew_pair = _text(line, "EW_PAIR_NUMBER")
        if ns_pair is None or ew_pair is None:
            raise ValueError("a traveller line needs NS_PAIR_NUMBER and EW_PAIR_NUMBER")
        contract_text = _text(line, "CONTRACT")
        score_text = _text(line, "SCORE")
        adjusted_text = _text(line, "ADJUSTED_SCORE")
        split_ns, split_ew = _text(line, "NS_SCORE"), _text(line, "EW_SCORE")
        contract: Contract | None = None
        declarer: Seat | None = None
        tricks: int | None = None
        ns_score: int | None = None
        adjustment: Adjustment | None = None
        marker = next(
            (t for t in (adjusted_text, score_text, contract_text) if is_artificial(t)), None
        )
        if marker is not None:
            adjustment = artificial_adjustment(marker, None)
        elif split_ns is not None and split_ew is not None and split_ns != split_ew:
            ns_score = integer(split_ns)
            adjustment = Adjustment(Weighted.of(ns_score), Weighted.of(integer(split_ew)))
        else:
            ns_score = integer(score_text) if score_text is not None else None
            contract = parse_contract(contract_text) if contract_text else None
            if contract is not None:
                played_by = _text(line, "PLAYED_BY")
                tricks_text = _text(line, "TRICKS")
                if played_by is None or tricks_text is None:
                    raise ValueError(f"contract {contract_text} needs PLAYED_BY and TRICKS")
                declarer = Seat.parse(played_by)
                tricks = parse_tricks(tricks_text, contract)
            elif contract_text is None and ns_score:
                adjustment = Adjustment(Weighted.of(ns_score), Weighted.of(ns_score))
        round_text = _text(line, "ROUND_NUMBER") or (
            _text(match, "ROUND_NUMBER") if match is not None else None
        )
        table_text = _text(line, "TABLE_NUMBER")
        return ImportedResult(
            board=board,
            ns_pair=ns_pair,
            ew_pair=ew_pair,
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            ns_score=ns_score,
            location=where,
            adjustment=adjustment,
            round=integer(round_text) if round_text else None,
            table=integer(table_text) if table_text else None,
            lead=_text(line, "LEAD"),
            ns_mp=_num(_text(line, "NS_MATCH_POINTS")),
            ew_mp=_num(_text(line, "EW_MATCH_POINTS")),
            ns_percent=_num(_text(line, "NS_PERCENTAGE")),
            ew_percent=_num(_text(line, "EW_PERCENTAGE")),
            ns_imps=_num(_text(line, "NS_IMPS", "NS_CROSS_IMPS")),
            ew_imps=_num(_text(line, "EW_IMPS", "EW_CROSS_IMPS")),
        )
    except ValueError as error:
        if isinstance(error, InteropError):
            raise
        raise InteropError(where, f"board {board}: {error}") from None


def _num(text: str | None) -> Fraction | None:
    return decimal(text) if text is not None else None


def _handset(event: etree._Element, source: str) -> dict[int, Deal]:
    deals: dict[int, Deal] = {}
    for board in event.findall("HANDSET/BOARD"):
        number = _board_number(board, source)
        hands: dict[Seat, Hand] = {}
        try:
            for hand in board.findall("HAND"):
                seat = Seat.parse(_text(hand, "DIRECTION") or "?")
                suits = [_text(hand, s) or "" for s in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")]
                hands[seat] = Hand.parse(".".join(s.replace(" ", "") for s in suits))
            deals[number] = Deal(*(hands.get(seat) for seat in Seat))
        except ValueError as error:
            raise InteropError(_where(source, board), f"hand record {number}: {error}") from None
    return deals


def validate_usebio(data: bytes) -> list[str]:
    """Problems of a USEBIO document against our DTD (empty list: valid)."""
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as error:
        return [f"line {error.lineno}: not well-formed XML: {error.msg}"]
    dtd = etree.DTD(str(DTD_PATH))
    if dtd.validate(root):
        return []
    return [f"line {e.line}: {e.message}" for e in dtd.error_log.filter_from_errors()]
