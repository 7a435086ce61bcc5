"""diff's answer: a provision on two dates compared word by word in one language, with the events between."""

from __future__ import annotations

import difflib
from datetime import date

from pyoxigraph import QuerySolution

from lexrdf.answers.registry import reduces
from lexrdf.answers.rows import _asked_language, _event, _value
from lexrdf.answers.statuses import IN_FORCE, OUTSIDE_COVERAGE, UNKNOWN_REFERENCE
from lexrdf.answers.types import DiffAnswer, TextChange, VersionAnswer
from lexrdf.answers.versions import distinct_versions, version_from_row


def _words(text: str) -> list[str]:
    return text.split()


@reduces("diff")
def diff_answer(rows: list[QuerySolution], provision: str, start: date, end: date, known: bool) -> DiffAnswer:
    """Compare the versions in force on `start` and `end` word by word, in one language (`diff_language`); list
    the events between."""
    answer = DiffAnswer(
        status=IN_FORCE if known else UNKNOWN_REFERENCE,
        provision=provision,
        from_=start.isoformat(),
        to=end.isoformat(),
    )
    versions = distinct_versions(rows)  # one row a version: its window and events

    def at(day: date) -> str | None:
        for row in versions:
            begins = date.fromisoformat(_value(row, "valid_from") or "9999-12-31")
            until = _value(row, "valid_until")
            if begins <= day and (until is None or day < date.fromisoformat(until)):
                return _value(row, "version")
        return None

    sides = (at(start), at(end))
    languages = [_languages_of(rows, version) for version in sides if version is not None]
    language = diff_language(_asked_language(rows), languages)
    before, after = (_side(rows, version, language, provision) for version in sides)
    answer.from_version, answer.to_version = before, after
    compared = [side for side in (before, after) if side is not None]
    if all(side.text is not None for side in compared) and len({side.language for side in compared}) <= 1:
        old = _words(before.text or "") if before else []
        new = _words(after.text or "") if after else []
        matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
        answer.changes = [
            TextChange(op=op, from_text=" ".join(old[i1:i2]), to_text=" ".join(new[j1:j2]))
            for op, i1, i2, j1, j2 in matcher.get_opcodes()
        ]
    seen: set[str] = set()
    for row in versions:
        for edge, prefix in (("valid_from", "opened"), ("valid_until", "closed")):
            value, event = _value(row, edge), _event(row, prefix)
            if value and event and start < date.fromisoformat(value) <= end and event.event not in seen:
                seen.add(event.event)
                answer.events.append(event)
    answer.events.sort(key=lambda e: (e.date, e.event))
    if known and sides == (None, None):
        answer.status = OUTSIDE_COVERAGE
    return answer


def diff_language(asked: str | None, languages: list[list[str]]) -> str | None:
    """The one language a diff compares its sides in: `asked`, else the first in code order that every side in
    force has (each side's languages, sorted), else None (each side in its own first language).

    >>> diff_language(None, [["en", "fr"], ["fr"]]), diff_language("en", [["fr"]])
    ('fr', 'en')
    >>> diff_language(None, [["en"], ["fr"]]) is None  # nothing shared: no word changes
    True
    """
    if asked:
        return asked
    shared = set(languages[0]).intersection(*languages[1:]) if languages else set()
    return min(shared) if shared else None


def _languages_of(rows: list[QuerySolution], version: str) -> list[str]:
    return sorted({_value(r, "language") for r in rows if _value(r, "version") == version} - {None})  # type: ignore[arg-type]


def _side(rows: list[QuerySolution], version: str | None, language: str | None, provision: str) -> VersionAnswer | None:
    """One side of a diff: `version` with its text in `language` (None: its first language), or with no text and
    the languages it has when it has none in `language`."""
    if version is None:
        return None
    own = [row for row in rows if _value(row, "version") == version]
    chosen = next((row for row in own if language is not None and _value(row, "language") == language), own[0])
    side = version_from_row(chosen, provision)
    side.languages = _languages_of(own, version)
    if language is not None and side.language != language:
        side.text = side.number = side.heading = side.language = None
        side.message = f"no text in {language!r} is recorded for this version; it has: {', '.join(side.languages)}"
    return side
