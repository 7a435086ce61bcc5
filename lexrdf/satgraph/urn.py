"""SAT-Graph identifiers and the lexrdf IRIs minted for them.

A URN LEX names a work (`urn:lex:br:federal:constituicao:1988-10-05;1988`), a component of it after `!`
(`...;1988!art6_cpt`), and a version after `@`. Works become ELI-style acts, components their provisions;
anything else a dataset names (a doctrine, a precedent, a proposition) is an interpretive item.

>>> urn = parse_urn("urn:lex:br:federal:constituicao:1988-10-05;1988!art6_cpt")
>>> urn.work, urn.path, urn.jurisdiction, urn.act_type, urn.work_date, urn.number
('urn:lex:br:federal:constituicao:1988-10-05;1988', 'art6_cpt', 'br', 'constituicao', '1988-10-05', '1988')
>>> SatMinter(IriMinter("https://e.org")).act(urn)
'https://e.org/eli/br/constituicao/1988-10-05/1988'
>>> parse_urn("doctrine:presumption-of-innocence") is None
True
>>> SatMinter(IriMinter("https://e.org")).item("doctrine:presumption-of-innocence")
'https://e.org/item/doctrine-presumption-of-innocence-81d829'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexrdf.uris import IriMinter, short_hash, slug

_URN_LEX = re.compile(
    r"""
    ^(?P<work>urn:lex:(?P<jurisdiction>[a-z]{2}[a-z0-9.\-]*)    # urn:lex:br
      (?::[^:;@!\#~]+)*?                                        # :federal (authority, locality...)
      :(?P<type>[^:;@!\#~]+)                                    # :constituicao
      :(?P<date>\d{4}(?:-\d{2}(?:-\d{2})?)?)                    # :1988-10-05
      (?:;(?P<number>[^@!\#~]+))?)                              # ;1988
    (?:@(?P<version>[^!\#~]*))?                                 # @2000-02-14
    (?:!(?P<path>[^\#~]+))?                                     # !art6_cpt
    (?:[\#~].*)?$                                               # #amendment-art6, ~text;pt
    """,
    re.VERBOSE,
)

#: SAT-Graph item types that name no statutory text (lex:InterpretiveItem whatever their identifier)
INTERPRETIVE_TYPES = frozenset(
    {"doctrine", "precedent", "proposition", "thesis", "legal-thesis", "binding-precedent", "concept", "principle"}
)


@dataclass(frozen=True)
class Urn:
    """A URN LEX split into the parts an ELI act IRI and a provision path are made of."""

    work: str
    jurisdiction: str
    act_type: str
    work_date: str
    number: str
    path: str | None


def parse_urn(identifier: str) -> Urn | None:
    """The URN LEX an identifier is, or None."""
    match = _URN_LEX.match(identifier.strip())
    if not match:
        return None
    number = match.group("number") or match.group("date")
    return Urn(
        match.group("work"),
        match.group("jurisdiction"),
        match.group("type"),
        match.group("date"),
        number,
        match.group("path"),
    )


def is_statutory(identifier: str, type_id: str | None = None) -> bool:
    """Whether an item is an act or a provision (a URN LEX not typed as an interpretive kind)."""
    return parse_urn(identifier) is not None and (type_id or "").lower() not in INTERPRETIVE_TYPES


@dataclass(frozen=True)
class SatMinter:
    """Mints the IRIs of imported resources (ELI acts and provisions, interpretive items, interpretations)."""

    minter: IriMinter

    def act(self, urn: Urn) -> str:
        return self.minter.act(urn.jurisdiction, urn.act_type, urn.work_date, urn.number)

    def provision(self, urn: Urn) -> str:
        return self.minter.provision(self.act(urn), urn.path or "")

    def item(self, identifier: str) -> str:
        """An interpretive item: ``{base}/item/{slug}`` (with a hash when the slug is not the identifier)."""
        name = slug(identifier)
        if name != identifier:
            name = f"{name}-{short_hash(identifier)[:6]}"
        return f"{self.minter.base}/item/{name}"

    def statutory(self, identifier: str) -> tuple[str, str]:
        """(act IRI, item IRI) of a statutory item."""
        urn = parse_urn(identifier)
        assert urn is not None
        return self.act(urn), self.provision(urn)


__all__ = ["INTERPRETIVE_TYPES", "SatMinter", "Urn", "is_statutory", "parse_urn"]
