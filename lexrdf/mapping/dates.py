"""Dates as a source writes them: the lexical forms of xsd:date and xsd:dateTime, and the date an identifier
carries."""

from __future__ import annotations

import re
from datetime import date

_URI_DATE = re.compile(r"/(\d{4}-\d{2}-\d{2})(?:/|$)")

# The lexical forms of xsd:date and xsd:dateTime (XML Schema 1.1 part 2, 3.3.9 and 3.3.7), for the years a Python
# date holds (0001-9999): nothing before or after, an optional time zone.
_XSD_DATE = re.compile(
    r"""
    (?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})
    (?:T(?P<hour>\d{2}):(?P<minute>\d{2}):(?P<second>\d{2})(?:\.\d+)?)?   # only in an xsd:dateTime
    (?:Z|(?P<sign>[+-])(?P<tz_hour>\d{2}):(?P<tz_minute>\d{2}))?
    """,
    re.VERBOSE | re.ASCII,  # \d is 0-9 only: an Arabic-Indic date is no xsd:date
)


def xsd_date(text: str) -> date | None:
    """The day an xsd:date or xsd:dateTime names, or None unless the whole text is exactly one, with a valid day,
    time and time zone (surrounding whitespace aside: both types collapse it).

    >>> xsd_date("2020-02-01"), xsd_date("2014-11-14Z"), xsd_date(" 2020-02-01T10:30:00+01:00 ")
    (datetime.date(2020, 2, 1), datetime.date(2014, 11, 14), datetime.date(2020, 2, 1))
    >>> [xsd_date(t) for t in ("2020-02-01garbage", "2001-13-45", "2020-02-01 x", "2020-02-01T25:00:00", "20200201")]
    [None, None, None, None, None]
    >>> xsd_date("\u0662\u0660\u0662\u0660-\u0660\u0662-\u0660\u0661"), xsd_date("2020-02-01\u00a0")  # not ASCII
    (None, None)
    """
    text = text.strip(" \t\n\r")
    match = _XSD_DATE.fullmatch(text)
    if match is None:
        return None
    try:
        day = date(int(match["year"]), int(match["month"]), int(match["day"]))
    except ValueError:
        return None
    if match["hour"] is not None:
        hour, minute, second = int(match["hour"]), int(match["minute"]), int(match["second"])
        if minute > 59 or second > 59 or hour > 24 or (hour == 24 and (minute or second or "." in text[19:20])):
            return None
    if match["sign"] and (int(match["tz_hour"]) > 14 or int(match["tz_minute"]) > 59):
        return None
    return day


def date_in(uri: str) -> date | None:
    """The date an identifier carries, as AKN work URIs do (``/akn/xx/act/2004-06-01/7``)."""
    match = _URI_DATE.search(uri)
    if not match:
        return None
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        return None
