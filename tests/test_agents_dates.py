"""Dates said out loud (lexrdf.agents.dates): which date an agent's answer is for, and how it was chosen.

"Today" is an injected clock: nothing here depends on the calendar.
"""

from __future__ import annotations

from datetime import date

import pytest

from lexrdf.agents.dates import choose_as_of, dates_in_question
from lexrdf.errors import QueryError


def today() -> date:
    return date(2026, 12, 3)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What did s. 7(1) of the DPA 1998 say on 1 January 2004?", [("day", "2004-01-01")]),
        ("Was s. 12A in force on 1 January 2008?", [("day", "2008-01-01")]),
        ("In 2021, could an employer refuse a subject access request?", [("year", "2021-01-01")]),
        ("What was the rate on 2019-04-06?", [("day", "2019-04-06")]),
        ("As of March 2004, who was a data controller?", [("month", "2004-03-01")]),
        ("What did it say on January 5, 2006?", [("day", "2006-01-05")]),
        ("Words substituted (30.11.2000) by the 2000 Act", [("day", "2000-11-30")]),
        ("Cosa diceva l'art. 6 il 1° gennaio 2010?", [("day", "2010-01-01")]),
        ("Was galt am 1. Januar 2018?", [("day", "2018-01-01")]),
        ("On 25/12/2010 was it law?", [("day", "2010-12-25")]),  # 25 is no month: day first
        # years in citations are not dates: the act's year, a UK chapter, an S.I. number
        ("Which provisions did FOIA 2000 change, and when?", []),
        ("What did 2000 c. 36 change in the Data Protection Act 1998?", []),
        ("Is S.I. 2024/1303 in force?", []),
        ("What does section 7 say?", []),
    ],
)
def test_the_dates_a_question_names(question, expected):
    found = dates_in_question(question)
    assert [(f.granularity, f.day.isoformat()) for f in found.dates] == expected


def test_a_year_is_its_first_day_and_the_answer_says_so():
    as_of = choose_as_of(None, "In 2021, could an employer refuse?", today)
    assert (as_of.day, as_of.source) == (date(2021, 1, 1), "question")
    assert as_of.said == "as in force on 1 January 2021 (the question names the year 2021: its first day)"
    found = dates_in_question("In 2021, could an employer refuse?").chosen
    assert found is not None and (found.start, found.end) == (date(2021, 1, 1), date(2021, 12, 31))


def test_a_month_is_its_whole_period():
    (found,) = dates_in_question("in February 2024").dates
    assert (found.granularity, found.start, found.end) == ("month", date(2024, 2, 1), date(2024, 2, 29))


def test_nothing_is_guessed_from_vague_wording():
    read = dates_in_question("What did it say last year, recently, and before 2010?")
    assert read.dates == [] and read.chosen is None
    assert read.not_dates == ["last year", "recently", "before 2010"]
    as_of = choose_as_of(None, "What did it say last year?", today)
    assert (as_of.day, as_of.source) == (date(2026, 12, 3), "default-today")


def test_without_a_date_the_answer_is_for_today_said_explicitly():
    as_of = choose_as_of(None, None, today)
    assert as_of.to_dict() == {
        "as_of_used": "2026-12-03",
        "as_of_source": "default-today",
        "as_of_said": "as in force today, 3 December 2026 (no date was given)",
    }


def test_the_callers_date_wins_over_the_question():
    as_of = choose_as_of("2004-01-01", "In 2021, was it law?", today)
    assert (as_of.day, as_of.source, as_of.said) == (date(2004, 1, 1), "user", "as in force on 1 January 2004")


def test_several_dates_or_a_date_read_two_ways_are_not_chosen():
    several = dates_in_question("Compare 1 January 2001 with 1 January 2010")
    assert [f.day.isoformat() for f in several.dates] == ["2001-01-01", "2010-01-01"] and several.chosen is None
    with pytest.raises(QueryError, match="several dates"):
        choose_as_of(None, several.question, today)
    two_ways = dates_in_question("Was it law on 03/04/2005?")
    assert two_ways.ambiguous == ["03/04/2005"] and two_ways.chosen is None
    with pytest.raises(QueryError, match="reads two ways"):
        choose_as_of(None, two_ways.question, today)


def test_a_bad_as_of_is_refused_naming_it():
    with pytest.raises(QueryError) as refused:
        choose_as_of("1 January 2004", None, today)
    assert refused.value.parameter == "as_of"
