"""A text's own clause putting its entry into force a stated period after its publication (the mapping's
``vacatio_legis`` rule), where the source does not date the publication.

"Este Código entrará em vigor 1 (um) ano após a sua publicação" (Lei 10.406/2002, art. 2.044); "Esta Lei entra em
vigor após decorridos noventa dias de sua publicação oficial". A law is published on its own date or later, so such a
text is not in force before its own date plus the period: that day is the earliest its entry into force can be, and
the source proves no later one. The act then enters into force by its own clause, dated at the earliest
(`lex:dateAtEarliest`), never on the day it was made. Brazilian law counts the period from the day of publication
and brings the law into force on the day after it is complete (Lei Complementar 95/1998, art. 8, § 1): publication
on day P and a period of one year give P plus one year, which the act's own date plus one year cannot follow.

>>> from lexrdf.mapping.spec import MAPPINGS_DIR, load_mapping
>>> rules = load_mapping(MAPPINGS_DIR / "lexml.yaml")["vacatio_legis"]  # LexML Brasil's
>>> earliest_entry(rules, "Este Código entrará em vigor 1 (um) ano após a sua publicação.", date(2002, 1, 10))
datetime.date(2003, 1, 10)
>>> earliest_entry(rules, "Esta Lei entra em vigor após decorridos cento e oitenta dias de sua publicação oficial.",
...     date(2015, 7, 6))
datetime.date(2016, 1, 2)
>>> earliest_entry(rules, "Esta Lei entra em vigor na data de sua publicação.", date(2015, 7, 6)) is None
True
>>> earliest_entry(rules, "Esta Lei entra em vigor 90 dias após sua publicação, exceto o art. 3º.", date(2015, 7, 6))
>>> earliest_entry(rules, "O art. 3º entra em vigor 90 dias após sua publicação.", date(2015, 7, 6))
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta


def vacatio_legis(
    rules: dict, clauses: list[tuple[str, int | None, str]], made: date
) -> tuple[date, int | None, str] | None:
    """The earliest day the text can enter into force by the first of its `clauses` (words, line, element) that
    states a period after publication, its line, and what it says; None when none does."""
    for words, line, _ in clauses:
        day = earliest_entry(rules, words, made)
        if day is not None and day > made:
            return day, line, words
    return None


def earliest_entry(rules: dict, clause: str, made: date) -> date | None:
    """The earliest day a text made on `made` can enter into force by `clause`, its own words putting that a
    period after its publication; None when the clause states no period the rules read."""
    match = re.search(rules["clause"], clause, re.IGNORECASE)
    excepted = rules.get("excepted")
    if match is None or (excepted and re.search(excepted, clause, re.IGNORECASE)):
        return None
    count = _count(match.group("count"), rules.get("numbers", {}))
    unit = rules.get("units", {}).get(match.group("unit").lower())
    if count is None or unit is None:
        return None
    if unit == "days":
        return made + timedelta(days=count)
    months = count * (12 if unit == "years" else 1)
    year, month = divmod(made.month - 1 + months, 12)
    year += made.year
    return date(year, month + 1, min(made.day, calendar.monthrange(year, month + 1)[1]))


def _count(words: str, numbers: dict[str, int]) -> int | None:
    """A number as a law writes it: in figures ("90", "1 (um)": the figures) or in words joined by "e" ("cento e
    oitenta"), each word's value from the rules' `numbers`.

    >>> _count("cento e oitenta", {"cento": 100, "oitenta": 80}), _count("90 (noventa)", {}), _count("x", {})
    (180, 90, None)
    """
    figures = re.match(r"\s*(\d+)", words)
    if figures:
        return int(figures.group(1))
    values = [numbers.get(word) for word in re.split(r"\s+e\s+|\s+", words.strip().lower()) if word]
    if not values or None in values:
        return None
    return sum(v for v in values if v is not None)
