"""Version rows (text-at.rq, versions.rq) as version answers: one a version, in the asked language, with
every act and note behind its window; the rows of the territories asked for."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _asked_language, _event, _value
from lexrdf.answers.statuses import IN_FORCE
from lexrdf.answers.types import InPart, VersionAnswer

PARTLY_THROUGHOUT = "in force for some purposes only throughout: the sources record no commencement of the rest"


def version_from_row(row: QuerySolution, provision: str, status: str = IN_FORCE) -> VersionAnswer:
    """One version row of text-at / versions as an answer (a version in force in part only throughout its window,
    lex:partlyInForce, says so in its message; text-at gives it status partly-in-force)."""
    answer = VersionAnswer(
        status=status,
        provision=provision,
        version=_value(row, "version"),
        text=_value(row, "text"),
        closing=_value(row, "closing"),
        layout=_value(row, "layout"),
        number=_value(row, "number"),
        heading=_value(row, "heading"),
        language=_value(row, "language"),
        valid_from=_value(row, "valid_from"),
        valid_until=_value(row, "valid_until"),
        applicable_from=_value(row, "applicable_from"),
        opened_by=_event(row, "opened"),
        closed_by=_event(row, "closed"),
        extent=_value(row, "extent"),
    )
    if _value(row, "partly") == "true":
        answer.message = PARTLY_THROUGHOUT
    return answer


def distinct_versions(rows: list[QuerySolution]) -> list[QuerySolution]:
    """One row per version (rows repeat when an event names several source acts, and once per language): the
    row in the asked language (``_language``) when there is one."""
    asked = _asked_language(rows)
    chosen: dict[str, QuerySolution] = {}
    for row in rows:
        version = _value(row, "version")
        if version is None:
            continue
        if version not in chosen or (asked and _value(row, "language") == asked != _value(chosen[version], "language")):
            chosen[version] = row
    return list(chosen.values())


def with_languages(answer: VersionAnswer, rows: list[QuerySolution]) -> VersionAnswer:
    """Name the languages the answer's version has a text in; without the asked one, give no text."""
    if answer.version is None:
        return answer
    answer.languages = sorted({_value(r, "language") for r in rows if _value(r, "version") == answer.version} - {None})
    asked = _asked_language(rows)
    if asked and answer.language != asked:
        answer.text = answer.number = answer.heading = answer.language = None
        answer.message = f"no text in {asked!r} is recorded for this version; it has: {', '.join(answer.languages)}"
    return answer


def with_sources(answer: VersionAnswer, rows: list[QuerySolution], day: date | None = None) -> VersionAnswer:
    """Name every act behind the opening and closing events, what dated each and the editor's notes of deferred
    effects (rows repeat once per source act and piece of evidence); the purposes of the commencements in part before
    the version, of those dated on or before `day` only when one is asked (each row ties its purposes to its
    commencement in part: lex:InForceInPart)."""
    own = [r for r in rows if _value(r, "version") == answer.version]
    for attribute, prefix in (("opened_by", "opened"), ("closed_by", "closed")):
        event = getattr(answer, attribute)
        if event is None:
            continue
        sources = sorted({_value(r, f"{prefix}_source") for r in own} - {None})
        evidence = sorted({_value(r, f"{prefix}_evidence") for r in own} - {None})
        setattr(answer, attribute, replace(event, sources=sources, evidence=evidence))
    answer.deferred_effects = sorted({_value(r, "deferred") for r in own} - {None})
    parts = {(_value(r, "in_part"), _value(r, "in_part_date")) for r in own if _value(r, "in_part")}
    answer.in_force_in_part = [
        InPart(event=event, date=day or "") for event, day in sorted(parts, key=lambda p: (p[1], p[0]))
    ]
    made_by_then = [r for r in own if day is None or (_value(r, "in_part_date") or "") <= day.isoformat()]
    answer.purposes = sorted({_value(r, "in_part_purposes") for r in made_by_then} - {None})
    answer.in_part_evidence = sorted({_value(r, "in_part_evidence") for r in own} - {None})
    return answer


def _regions(extent: str) -> set[str]:
    """The regions an extent names, in any spelling ("E+W+N.I.", "e+w+ni", "S"): {"e", "w", "ni"}."""
    return {token.strip().lower().replace(".", "") for token in extent.split("+") if token.strip()}


def in_extent(rows: list[QuerySolution]) -> list[QuerySolution]:
    """The rows of versions whose text extends to every territory asked for (``_extent``; "all": every row). A
    version with no extent recorded holds wherever its act does."""
    asked = _value(rows[0], "_extent") if rows else None
    if asked in (None, "all"):
        return rows
    wanted = _regions(asked)
    return [
        r
        for r in rows
        if _value(r, "version") is None or not _value(r, "extent") or wanted <= _regions(_value(r, "extent"))
    ]


@reduces("versions")
def versions_answer(rows: list[QuerySolution], provision: str) -> list[VersionAnswer]:
    """Every version of `provision` in the rows of versions.rq, in their (time) order, each with every act and note
    behind its window and the languages it has a text in; with an extent asked, only those extending to it."""
    rows = in_extent(rows)
    return [
        with_languages(with_sources(version_from_row(row, provision, status="version"), rows), rows)
        for row in distinct_versions(rows)
    ]
