"""The rules a mapping declares about the identifiers of its sources' acts (lexrdf/mappings/*.yaml): how a publisher
writes a portion's URI as a path after its act's identifier (`PortionPaths`), and who publishes an act, under which
licence, with which of its identifiers naming the same work on the publisher's site (`SourceRule`). The IRIs
themselves are minted in lexrdf.uris."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from lexrdf.uris import provision_path


@dataclass(frozen=True)
class PortionPaths:
    """How a source writes the URI of a portion of an act as a path after the act's identifier (a rule its
    mapping declares as ``portion_paths``): the portion's eId is the path's segments joined with `join`.

    At ingest every provision is given these URIs for each identifier of its act that `acts` matches, so that
    `resolve` finds it by one lookup. (Read backwards, the rule splits an eId at each `join`: right when no
    path segment holds that character, as in legislation.gov.uk's paths.)

    >>> rule = PortionPaths.from_rule({"acts": "^https?://", "join": "-"})
    >>> rule.eid("schedule/5/paragraph/17")
    'schedule-5-paragraph-17'
    >>> rule.identifiers(["http://www.legislation.gov.uk/id/ukpga/1998/29", "/akn/uk/act/1998/29"], "section-7-1")
    ['http://www.legislation.gov.uk/id/ukpga/1998/29/section/7/1']
    """

    acts: re.Pattern[str]
    join: str

    @classmethod
    def from_rule(cls, rule: Mapping[str, Any] | None) -> PortionPaths | None:
        if not rule:
            return None
        return cls(re.compile(str(rule.get("acts", ""))), str(rule.get("join", "-")))

    def eid(self, path: str) -> str:
        """The eId a portion path names."""
        return self.join.join(part for part in path.split("/") if part)

    def identifiers(self, act_identifiers: Iterable[str], eid: str) -> list[str]:
        """The portion URIs naming the unit `eid`, one for each identifier of its act the rule applies to."""
        path = provision_path(eid, self.join)
        if not path:
            return []
        acts = dict.fromkeys(a.strip().rstrip("/") for a in act_identifiers if self.acts.search(a.strip()))
        return [f"{act}/{path}" for act in acts if act]


@dataclass(frozen=True)
class SourceRule:
    """Who publishes an act, known by its identifiers (a rule its mapping declares under ``sources``): the licence
    the publisher gives its data under, and which of the act's (and its provisions') identifiers name the same work
    on the publisher's site, to be recorded as IRIs (``owl:sameAs``), not only as strings.

    >>> rule = SourceRule.from_rule({"identifiers": "^https?://www\\\\.legislation\\\\.gov\\\\.uk/", "licence": "https://e.org/ogl",
    ...                              "same_as": "^http://www\\\\.legislation\\\\.gov\\\\.uk/id/"})
    >>> rule.applies(["/akn/uk/act/1998/29", "http://www.legislation.gov.uk/id/ukpga/1998/29"])
    True
    >>> rule.same_as(["http://www.legislation.gov.uk/id/ukpga/1998/29", "http://www.legislation.gov.uk/ukpga/1998/29",
    ...               "http://www.legislation.gov.uk/id/ukpga/1998/29/section 7"])
    ['http://www.legislation.gov.uk/id/ukpga/1998/29']
    """

    identifiers: re.Pattern[str]
    licence: str | None
    same_work: re.Pattern[str] | None

    @classmethod
    def from_rule(cls, rule: Mapping[str, Any]) -> SourceRule:
        same = rule.get("same_as")
        licence = rule.get("licence")
        return cls(
            re.compile(str(rule["identifiers"])), str(licence) if licence else None, re.compile(same) if same else None
        )

    def applies(self, identifiers: Iterable[str]) -> bool:
        """Whether an act with these identifiers is this publisher's."""
        return any(self.identifiers.search(identifier.strip()) for identifier in identifiers)

    def same_as(self, identifiers: Iterable[str]) -> list[str]:
        """The identifiers naming the same work on the publisher's site, each once, as absolute IRIs (an identifier
        that is no IRI, with a space or an angle bracket in it, is left a string)."""
        if self.same_work is None:
            return []
        kept = []
        for identifier in dict.fromkeys(i.strip().rstrip("/") for i in identifiers):
            if self.same_work.search(identifier) and _ABSOLUTE_IRI.fullmatch(identifier):
                kept.append(identifier)
        return kept


# an absolute http(s) IRI with none of the characters RFC 3987 leaves out (space, <>"{}|\^`) and no control character
_ABSOLUTE_IRI = re.compile(r"https?://[^\s<>\"{}|\\^`\x00-\x1f\x7f]+")
