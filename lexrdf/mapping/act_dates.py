"""The dates of the act as a whole: its own date, the entry into force and application its source states, and
what they rule for the windows of its texts (none before the act's entry into force; those its own text defers)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from lexrdf.mapping.dates import xsd_date
from lexrdf.mapping.own_commencement import OwnCommencement, own_commencement
from lexrdf.mapping.reader import Reader
from lexrdf.mapping.vacatio import vacatio_legis
from lexrdf.model import Unit


def notice_before_the_act(reader: Reader, units: list[Unit], work_date: date) -> None:
    """A window the source gives that starts before the act's own date (a retroactive entry into force, or a date
    impossible for the act: 1970-01-01): kept as the source says, and reported once per start, at its first unit."""
    reported: set[date] = set()
    for unit in units:
        start = unit.window.start if unit.window else None
        if start is None or start >= work_date or start in reported:
            continue
        reported.add(start)
        reader.notices.append(
            f"{reader.path}:{unit.line}: {unit.eid or unit.path} is in force from {start}, before the act's date "
            f"{work_date} (retroactive, or a date impossible for the act): check the source's period"
        )


def read_work_date(reader: Reader) -> tuple[date, int | None, str | None]:
    """The act's date and its line; where the source gives its year only (``work_year``: an old act with no date of
    enactment), 1 January of that year for ordering, with the evidence that the day is unknown (its texts then start
    at the expression's date, as for an undated entry into force, and no event is dated by it)."""
    dated = reader.paths.values(reader.mapping["identification"].get("work_date", []))
    if dated:
        text, line, origin = dated[0]
        return reader.parse_date(text, line, f"work_date {origin}"), line, None
    found = reader.paths.values(reader.mapping["identification"].get("work_year", []))
    year = next(((text, line, origin) for text, line, origin in found if re.fullmatch(r"[0-9]{3,4}", text)), None)
    if year is None:
        reader.missing("work_date")
    text, line, origin = year  # type: ignore[misc]
    where = f"{reader.path}:{line}" if line else reader.path
    undated = f"{where}: the source gives the act's year {text} only ({origin}), no day enacted"
    return date(int(text), 1, 1), line, undated


def apply_own_commencement(
    reader: Reader,
    units: list[Unit],
    periods_authoritative: bool,
    stated_entry: date | None,
    expression_date: date,
    work_date: date,
    portion: str | None = None,
) -> OwnCommencement:
    """What a text as enacted or made (no periods, of the act's own date, no entry into force stated by its metadata)
    says of its own coming into force: the units it defers to a day it does not give become prospective. A portion
    of it (`portion`: the identifier naming one provision, legislation.gov.uk's .../section/157/enacted) lacks the
    act's other provisions, its commencement clauses among them: its silence proves no entry into force on the day
    the act was passed, which is then only the earliest its units can have entered into force (`entry_unknown`)."""
    rules = reader.mapping.get("own_commencement")
    if not rules or periods_authoritative or stated_entry is not None or expression_date != work_date:
        return OwnCommencement()
    own = own_commencement(rules, units, reader.path, work_date, rules.get("separator", "-"))
    if portion and not own.whole:
        own.entry_unknown = (
            f"{reader.path}: the source is a portion of the act (its identifier names a {portion}), without the "
            "act's provisions on its coming into force"
        )
        reader.notices.append(f"{own.entry_unknown}: in force at the earliest on {work_date}, the act's own date")
    for unit in units:
        if unit.path in own.prospective:
            unit.window, unit.prospective = None, True
    reader.notices.extend(own.notices)
    return own


def read_stated_entry(reader: Reader) -> tuple[date | None, int | None, str]:
    """The day the source states the act entered into force (the earliest: an instrument may come into force on
    several days, part by part), the line and the element stating it."""
    stated = [
        (reader.parse_date(text, line, f"entry_into_force {origin}"), line, origin)
        for text, line, origin in reader.paths.values(reader.mapping["identification"].get("entry_into_force", []))
    ]
    return min(stated, key=lambda found: found[0], default=(None, None, ""))


def read_vacatio_legis(reader: Reader, work_date: date) -> tuple[date, int | None, str] | None:
    """The earliest day the text can enter into force when its own clause puts that a period after its publication
    (the mapping's `vacatio_legis`; lexrdf/mapping/vacatio.py), the clause's line and words."""
    rules = reader.mapping.get("vacatio_legis")
    return vacatio_legis(rules, reader.paths.values(rules["clauses"]), work_date) if rules else None


def not_before_entry(reader: Reader, units: list[Unit], entry: date | None, line: int | None, origin: str) -> None:
    """No text is in force before its act: a unit the source shows in force before the day the source states the
    act entered into force (legislation.gov.uk dates retained EU law from its adoption, RestrictStartDate, while the
    EUR-Lex metadata it carries says it entered into force days later) starts on that day. Reported once."""
    if entry is None:
        return
    moved = [u for u in units if u.window and u.window.start < entry and (u.window.end is None or u.window.end > entry)]
    for unit in moved:
        unit.window = replace(unit.window, start=entry)
    if moved:
        reader.notices.append(
            f"{reader.path}:{moved[0].line}: {len(moved)} provision(s) shown in force before the act's entry into "
            f"force {entry} (stated at line {line} {origin}) start on that day"
        )


def apply_applicable_from(reader: Reader, units: list[Unit], entry: date | None) -> None:
    """The day the act applies from, where the source states one for the whole act (``applicable_from``: one date,
    later than its entry into force; EUR-Lex's date of application): the texts in force from its entry into force
    apply from then. Several dates name parts of the act, which the source does not tie to units: none is used."""
    found = {xsd_date(text) for text, _, _ in reader.paths.values(reader.mapping["identification"].get(
        "applicable_from", []))} - {None}  # fmt: skip
    if entry is None or len(found) != 1 or (applicable := found.pop()) <= entry:  # type: ignore[operator]
        return
    for unit in units:
        if unit.window and unit.window.start == entry and unit.window.applicable_from is None:
            unit.window = replace(unit.window, applicable_from=applicable)


def in_force_from(units: list[Unit], expression_date: date) -> date | None:
    """The day a point-in-time expression none of whose texts is in force on its own date is the text as from: the
    earliest start its periods give (the EStG promulgated 2023-12-23 whose every text is in force from 2023-12-24
    vouches for that text on 2023-12-24); None when a text is in force on its date or undated."""
    starts = [unit.window.start if unit.window else None for unit in units]
    if not starts or None in starts or min(starts) <= expression_date:  # type: ignore[type-var]
        return None
    return min(starts)  # type: ignore[type-var]
