"""Reading citations as people write them: a source site's URLs as a browser shows them, number citations and title
citations with a provision ("1998 c. 29, s. 7", "Data Protection Act 1998 s. 7(3)(a)").

The forms are data: each mapping's ``citations`` rules (mappings/clml.yaml for legislation.gov.uk). A citation is
read into the reference grammar `resolve` already takes (an act's identifier, then ``~`` and the provision's eId in
the source's own joining, or a portion URI), the date a URL's point in time names, and, for a title citation, the
title. Anything no rule reads is given back unchanged, so every identifier that resolved before still does.

>>> cited = read_citation("https://www.legislation.gov.uk/ukpga/1998/29/section/7/2001-01-01")
>>> cited.reference, cited.date
('http://www.legislation.gov.uk/ukpga/1998/29/section/7', '2001-01-01')
>>> read_citation("1998 c. 29, s. 7").reference
'http://www.legislation.gov.uk/id/ukpga/1998/29~section-7'
>>> cited = read_citation("Data Protection Act 1998 s. 7(3)(a)")
>>> cited.reference, cited.title
('Data Protection Act 1998~section-7-3-a', 'Data Protection Act 1998')
>>> read_citation("/akn/xx/act/2001-03-14/12~art_3").reference
'/akn/xx/act/2001-03-14/12~art_3'
"""

from __future__ import annotations

import re
from collections.abc import Mapping as MappingType
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from lexrdf.mapping.spec import all_mappings

_DATE_SEGMENT = re.compile(r"\d{4}-\d{2}-\d{2}")
# one unit of a provision citation: its word ("s.", "reg", "Sch."), its number ("7", "9A", "III"), the numbers in
# brackets below it ("(3)(a)")
_UNIT = re.compile(r"(?P<word>[A-Za-z]+)\.?\s*(?P<number>[0-9]+[A-Za-z]*|[IVXLC]+)(?P<below>(?:\([0-9A-Za-z]+\))*)")
_BELOW = re.compile(r"\(([0-9A-Za-z]+)\)")
_SEPARATOR = re.compile(r"[\s,]*")


@dataclass(frozen=True)
class Citation:
    """What a citation names, in the grammar `resolve` takes.

    `reference`: the identifier to look up (the citation itself when no rule reads it); `date`: the point in time a
    URL asks for (YYYY-MM-DD), if any; `title`: the act's title, for a title citation (then `reference` is the title,
    with ``~eId`` when a provision is cited).
    """

    reference: str
    date: str | None = None
    title: str | None = None

    @property
    def eid(self) -> str | None:
        return self.reference.partition("~")[2] or None if self.title else None


@dataclass(frozen=True)
class CitationRules:
    """One mapping's ``citations`` rules (see mappings/clml.yaml)."""

    site: re.Pattern[str] | None
    site_identifier: str
    drop: re.Pattern[str] | None
    acts: tuple[tuple[re.Pattern[str], str], ...]
    title: re.Pattern[str] | None
    units: MappingType[str, str]
    join: str

    @classmethod
    def from_rules(cls, rules: MappingType[str, Any]) -> CitationRules:
        site = rules.get("site") or {}
        drop = site.get("drop") or []
        return cls(
            re.compile(site["pattern"]) if site.get("pattern") else None,
            str(site.get("identifier", "{path}")),
            re.compile("|".join(f"(?:{word})" for word in drop)) if drop else None,
            tuple((re.compile(str(act["pattern"])), str(act["identifier"])) for act in rules.get("acts") or []),
            re.compile(str(rules["title"])) if rules.get("title") else None,
            {str(word).lower(): str(name) for word, name in (rules.get("units") or {}).items()},
            str(rules.get("join", "-")),
        )

    def read_url(self, text: str) -> Citation | None:
        """A URL of the site: the identifier and the point in time, or None when it is not one."""
        match = self.site.fullmatch(text) if self.site else None
        if match is None:
            return None
        kept, day = [], None
        for segment in match.group("path").split("/"):
            if _DATE_SEGMENT.fullmatch(segment) and len(kept) >= 3:  # after the act's type, year and number
                day = segment
            elif segment and not (self.drop and self.drop.fullmatch(segment)):
                kept.append(segment)
        if not kept:
            return None
        identifier = self.site_identifier.format(path="/".join(kept))
        portion = match.group("portion")
        return Citation(f"{identifier}#{portion}" if portion else identifier, day)

    def provision(self, text: str) -> str | None:
        """The eId a provision citation names ("s. 7(3)(a)" -> "section-7-3-a"), "" for none, None if unread."""
        parts: list[str] = []
        position = _SEPARATOR.match(text).end()  # type: ignore[union-attr]
        while position < len(text):
            unit = _UNIT.match(text, position)
            name = self.units.get(unit.group("word").lower()) if unit else None
            if unit is None or name is None:
                return None
            parts += [name, unit.group("number"), *_BELOW.findall(unit.group("below"))]
            position = _SEPARATOR.match(text, unit.end()).end()  # type: ignore[union-attr]
        return self.join.join(parts)

    def read_words(self, text: str) -> Citation | None:
        """A number or title citation with an optional provision, or None when it is not one."""
        for pattern, identifier in self.acts:
            act = pattern.match(text)
            if act is not None:
                eid = self.provision(text[act.end() :])
                if eid is not None:
                    reference = identifier.format(**act.groupdict())
                    return Citation(f"{reference}~{eid}" if eid else reference)
        title = self.title.match(text) if self.title else None
        if title is None:
            return None
        rest = text[title.end() :].lstrip()
        if rest.startswith("(") and ")" in rest:  # "Data Protection Act 1998 (c. 29), s. 7": the number decides
            inside, _, after = rest[1:].partition(")")
            year = title.group("title").strip()[-4:]  # "(c. 29)" is chapter 29 of the title's year
            by_number = self.read_words(f"{year} {inside}{after}")
            if by_number is not None and by_number.title is None:
                return by_number
            rest = after
        eid = self.provision(rest)
        if eid is None:
            return None
        name = title.group("title").strip()
        return Citation(f"{name}~{eid}" if eid else name, title=name)


@cache
def _all_rules() -> tuple[CitationRules, ...]:
    return tuple(CitationRules.from_rules(m.get("citations")) for m in all_mappings() if m.get("citations"))


@lru_cache(maxsize=4096)
def read_citation(text: str) -> Citation:
    """What `text` cites, by the first mapping's rules that read it; `text` itself (trimmed) when none does.

    >>> read_citation("S.I. 2000/183 reg. 3").reference
    'http://www.legislation.gov.uk/id/uksi/2000/183~regulation-3'
    >>> read_citation("legislation.gov.uk/ukpga/1998/29/schedule/5/paragraph/17/data.xml").reference
    'http://www.legislation.gov.uk/ukpga/1998/29/schedule/5/paragraph/17'
    >>> read_citation("https://www.legislation.gov.uk/ukpga/1998/29/contents/enacted").reference
    'http://www.legislation.gov.uk/ukpga/1998/29'
    >>> read_citation("Greater London Authority Act 1999 (c. 29), s. 85(1)").reference
    'http://www.legislation.gov.uk/id/ukpga/1999/29~section-85-1'
    >>> read_citation("Sch. 5 para. 17").reference  # no act: nothing a rule reads
    'Sch. 5 para. 17'
    """
    written = text.strip()
    for rules in _all_rules():
        cited = rules.read_url(written) or rules.read_words(written)
        if cited is not None:
            return cited
    return Citation(written)


__all__ = ["Citation", "CitationRules", "read_citation"]
