"""Dates said out loud: the date an agent's answer is for, and how it was chosen.

Every tool answers for one date, `as_of`. It is the caller's (`user`), else the one date the caller's question
names (`question`, found by `dates_in_question`), else today (`default-today`), and the answer says which:

>>> today = lambda: date(2026, 12, 3)
>>> choose_as_of(None, None, today).said
'as in force today, 3 December 2026 (no date was given)'
>>> choose_as_of("2004-01-01", None, today).source
'user'
>>> found = choose_as_of(None, "In 2021, could an employer refuse a subject access request?", today)
>>> found.day, found.source
(datetime.date(2021, 1, 1), 'question')
>>> found.said
'as in force on 1 January 2021 (the question names the year 2021: its first day)'

The question is read by a small grammar (ISO dates, "1 January 2004", "January 1, 2004", "1.1.2004", a month and
year, a year after "in", "during", "as of" ...), never by guessing: a year in a citation ("the DPA 1998", "2000
c. 36") is not a date, relative wording ("last year", "recently") is reported and not turned into one, and a
numeric date that reads two ways (03/04/2005) is reported as ambiguous.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from lexrdf.citing import spoken  # the one way a date is written for people (re-exported)
from lexrdf.errors import QueryError
from lexrdf.queries import parse_date

Clock = Callable[[], date]  # what "today" is: date.today in service, a fixed day in tests
AS_OF_SOURCES = ("user", "question", "default-today")

_ENGLISH = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December")  # fmt: skip
_MONTH_NAMES = {
    1: "january jan gennaio januar jänner janvier janeiro enero",
    2: "february feb febbraio februar février fevereiro febrero",
    3: "march mar marzo märz mars março",
    4: "april apr aprile avril abril",
    5: "may maggio mai maio mayo",
    6: "june jun giugno juni juin junho junio",
    7: "july jul luglio juli juillet julho julio",
    8: "august aug agosto août",
    9: "september sep sept settembre septembre setembro septiembre",
    10: "october oct ottobre oktober octobre outubro octubre",
    11: "november nov novembre novembro noviembre",
    12: "december dec dicembre dezember décembre dezembro diciembre",
}
MONTHS = {name: number for number, names in _MONTH_NAMES.items() for name in names.split()}
_MONTH = "(?P<month>" + "|".join(sorted(map(re.escape, MONTHS), key=len, reverse=True)) + r")\.?"
_YEAR = r"(?P<year>1[0-9]{3}|20[0-9]{2})"
_DAY = r"(?P<day>[0-3]?[0-9])"
_NOT_CITATION = r"(?!\s*(?:c\.|ch\.|chapter\b|/|-[0-9]{1,2}\b(?!-)))"  # "2000 c. 36", "S.I. 2024/1303"
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("day", re.compile(r"\b(?P<year>[0-9]{4})-(?P<month>[0-9]{2})-(?P<day>[0-9]{2})\b")),
    ("day", re.compile(rf"\b{_DAY}(?:st|nd|rd|th|\.|º|°)?\s+(?:of\s+|de\s+)?{_MONTH},?\s+(?:de\s+)?{_YEAR}\b", re.I)),
    ("day", re.compile(rf"\b{_MONTH}\s+{_DAY}(?:st|nd|rd|th)?,?\s+{_YEAR}\b", re.I)),
    ("dotted", re.compile(rf"\b{_DAY}\.(?P<month>[01]?[0-9])\.{_YEAR}\b")),  # 30.11.2000: day first
    ("slashed", re.compile(rf"\b(?P<first>[0-3]?[0-9])/(?P<second>[01]?[0-9]|[0-3]?[0-9])/{_YEAR}\b")),
    ("month", re.compile(rf"\b{_MONTH}\s+(?:de\s+|of\s+)?{_YEAR}\b{_NOT_CITATION}", re.I)),
    (
        "year",
        re.compile(
            r"\b(?:in|during|throughout|as of|as at|for|nel|nell'anno|im jahr|im|en|em|no ano de|year|anno|jahr)"
            rf"\s+(?:the\s+(?:year\s+)?|tax\s+year\s+)?{_YEAR}\b{_NOT_CITATION}",
            re.I,
        ),
    ),
]
# a year after these bounds a period rather than naming a point in time: reported, never chosen
_BOUNDING = re.compile(rf"\b(?:before|after|since|until|till|by|from|up to)\s+{_YEAR}\b{_NOT_CITATION}", re.I)
_RELATIVE = re.compile(
    r"\b(?:today|now|currently|at present|nowadays|yesterday|tomorrow|recently|these days|"
    r"(?:last|next|this|previous|coming)\s+(?:year|month|week|decade)|(?:a few|some|many|several)\s+years\s+ago|"
    r"[0-9]+\s+(?:years?|months?)\s+ago)\b",
    re.I,
)


@dataclass(frozen=True)
class FoundDate:
    """A date a question names: its words, the period they name (`start` to `end`, both included) and the day an
    answer for it is given (`day`: the period's first)."""

    text: str
    granularity: str  # "day", "month" or "year"
    start: date
    end: date

    @property
    def day(self) -> date:
        return self.start

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "granularity": self.granularity,
            "date": self.day.isoformat(),
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
        }


@dataclass(frozen=True)
class QuestionDates:
    """What `dates_in_question` found: the dates named, in order; the words it would not turn into a date; and the
    one date an answer is for (`chosen`: None when the question names none, or several)."""

    question: str
    dates: list[FoundDate] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)  # numeric dates that read two ways
    not_dates: list[str] = field(default_factory=list)  # relative words and bounding years, never guessed

    @property
    def chosen(self) -> FoundDate | None:
        distinct = {(found.start, found.granularity) for found in self.dates}
        return self.dates[0] if len(distinct) == 1 and not self.ambiguous else None

    @property
    def note(self) -> str:
        """What was decided, in one sentence.

        >>> dates_in_question("Was s. 12A in force on 1 January 2008?").note
        "the question names one date: '1 January 2008' (2008-01-01)"
        """
        if self.ambiguous:
            return f"the question names a date that reads two ways ({', '.join(self.ambiguous)}): pass as_of"
        if len({(found.start, found.granularity) for found in self.dates}) > 1:
            named = ", ".join(f"'{found.text}'" for found in self.dates)
            return f"the question names several dates ({named}): pass the one each answer is for as as_of"
        chosen = self.chosen
        relative = f"; not taken as dates: {', '.join(repr(w) for w in self.not_dates)}" if self.not_dates else ""
        if chosen is None:
            return "the question names no date: answers are for today" + relative
        kind = "date" if chosen.granularity == "day" else chosen.granularity
        return f"the question names one {kind}: '{chosen.text}' ({chosen.day.isoformat()})" + relative

    def to_dict(self) -> dict[str, Any]:
        chosen = self.chosen
        return {
            "question": self.question,
            "dates": [found.to_dict() for found in self.dates],
            "chosen": chosen.to_dict() if chosen else None,
            "ambiguous": list(self.ambiguous),
            "not_dates": list(self.not_dates),
            "note": self.note,
        }


def _period(granularity: str, year: int, month: int = 1, day: int = 1) -> tuple[date, date]:
    start = date(year, month, day)
    if granularity == "day":
        return start, start
    if granularity == "month":
        following = date(year + (month == 12), month % 12 + 1, 1)
        return start, following - timedelta(days=1)
    return start, date(year, 12, 31)


def dates_in_question(question: str) -> QuestionDates:
    """Every date `question` names, in the order it names them (see the module docstring for what counts).

    >>> [f.day.isoformat() for f in dates_in_question("What did s. 7(1) of the DPA 1998 say on 1 January 2004?").dates]
    ['2004-01-01']
    >>> dates_in_question("Which provisions did FOIA 2000 change, and when?").dates
    []
    >>> found = dates_in_question("Was it law on 03/04/2005, or on January 5, 2006, or in March 2007?")
    >>> [(f.granularity, f.day.isoformat()) for f in found.dates], found.ambiguous
    ([('day', '2006-01-05'), ('month', '2007-03-01')], ['03/04/2005'])
    >>> dates_in_question("What did it say last year, and before 2010?").not_dates
    ['last year', 'before 2010']
    """
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, FoundDate]] = []
    ambiguous: list[tuple[int, str]] = []

    def free(span: tuple[int, int]) -> bool:
        return all(span[1] <= start or span[0] >= end for start, end in taken)

    for granularity, pattern in _PATTERNS:
        for match in pattern.finditer(question):
            span = match.span()
            if not free(span):
                continue
            parts = match.groupdict()
            year = int(parts["year"])
            text = match.group(0) if granularity in ("day", "dotted", "slashed") else _tail(match, parts)
            if granularity == "slashed":
                first, second = int(parts["first"]), int(parts["second"])
                if first <= 12 and second <= 12 and first != second:
                    taken.append(span)
                    ambiguous.append((span[0], text))
                    continue
                day, month = (first, second) if second <= 12 else (second, first)
            elif granularity == "year":
                day, month = 1, 1
            else:
                month_text = parts["month"]
                month = int(month_text) if month_text.isdigit() else MONTHS[month_text.lower()]
                day = int(parts.get("day") or 1)
            kind = "day" if granularity in ("dotted", "slashed") else granularity
            try:
                start, end = _period(kind, year, month, day)
            except ValueError:  # 31 February: not a date
                continue
            taken.append(span)
            found.append((span[0], FoundDate(text, kind, start, end)))
    not_dates = [
        (match.start(), match.group(0))
        for pattern in (_RELATIVE, _BOUNDING)
        for match in pattern.finditer(question)
        if free(match.span())
    ]
    return QuestionDates(
        question,
        [item for _, item in sorted(found, key=lambda pair: pair[0])],
        [text for _, text in sorted(ambiguous)],
        [text for _, text in sorted(not_dates)],
    )


def _tail(match: re.Match[str], parts: dict[str, str | None]) -> str:
    """The words of a month or year, without the preposition that introduced it ("in 2021" -> "2021")."""
    text = match.group(0)
    if parts.get("month") is None:  # a year: from the year on
        return text[match.start("year") - match.start() :]
    return text


@dataclass(frozen=True)
class AsOf:
    """The date an answer is for, how it was chosen (`source`: one of AS_OF_SOURCES), and the words that say so."""

    day: date
    source: str
    said: str
    found: FoundDate | None = None  # the question's words, when it came from the question

    def to_dict(self) -> dict[str, Any]:
        return {"as_of_used": self.day.isoformat(), "as_of_source": self.source, "as_of_said": self.said}


def choose_as_of(as_of: str | None, question: str | None, today: Clock) -> AsOf:
    """The date an answer is for: `as_of` when given (a date, YYYY-MM-DD), else the one date `question` names,
    else today (`today()`). QueryError when `as_of` is not a date, or the question names several dates or one that
    reads two ways (the caller must then say which)."""
    if as_of is not None and as_of != "":
        day = parse_date(as_of, "as_of")
        return AsOf(day, "user", f"as in force on {spoken(day)}")
    if question:
        read = dates_in_question(question)
        if read.ambiguous or len({(f.start, f.granularity) for f in read.dates}) > 1:
            raise QueryError(f"parameter 'question': {read.note}", "as_of")
        chosen = read.chosen
        if chosen is not None:
            if chosen.granularity == "day":
                why = "the date the question names"
            else:
                period = chosen.text if chosen.granularity == "month" else f"the year {chosen.start.year}"
                why = f"the question names {period}: its first day"
            return AsOf(chosen.day, "question", f"as in force on {spoken(chosen.day)} ({why})", chosen)
    day = today()
    return AsOf(day, "default-today", f"as in force today, {spoken(day)} (no date was given)")
