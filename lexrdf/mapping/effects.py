"""legislation.gov.uk changes feeds: each ``ukm:Effect`` record becomes a change one act makes to another.

A changes feed (``/changes/affecting/ukpga/2002/38/data.feed``) is an Atom feed with one ``ukm:Effect`` per entry:
the affecting act and provisions, the affected act and provisions, the type of effect as legislation.gov.uk's
editors wrote it ("words substituted", "inserted", "applied (with modifications)"), its in-force dates and whether
the change has been applied to the revised text legislation.gov.uk publishes. The records are the same facts an
Akoma Ntoso amending act states in its ``activeModifications``, so they are read into the same model
(`ActiveModification`), by the rules of the ``effects`` section of mappings/clml.yaml: this module knows XML and
those rules, nothing of RDF.

>>> from lexrdf.mapping.spec import MAPPINGS_DIR
>>> rules = EffectRules.from_mapping(MAPPINGS_DIR / "clml.yaml")
>>> [rules.kind(t) for t in ("words substituted", "inserted", "word repealed", "ceases to have effect",
...                          "restricted by 1978 c. 28 s.53C (as inserted)")]
['substitution', 'insertion', 'repeal', 'repeal', 'modification']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from lxml import etree

from lexrdf import yamltext
from lexrdf.errors import MappingError, SourceError
from lexrdf.mapping.xmlsafe import parse_xml
from lexrdf.model import ActiveModification
from lexrdf.settings import DEFAULT_SOURCE_LIMITS, SourceLimits

_XSD_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class EffectRules:
    """The ``effects`` section of a mapping file, compiled."""

    root: str
    element: str
    namespaces: dict[str, str]
    paths: dict[str, str]
    full_effect: re.Pattern[str]
    kinds: tuple[tuple[re.Pattern[str], str], ...]
    otherwise: str

    @classmethod
    def from_mapping(cls, path: Path) -> EffectRules:
        """The rules of the ``effects`` section of the mapping file at `path`."""
        try:
            data = yamltext.load(path.read_text(encoding="utf-8")) or {}
        except (OSError, yamltext.YAMLError) as exc:
            raise MappingError(f"{path}: no usable 'effects' section ({exc!r})") from exc
        return cls.from_section(data.get("effects"), str(path))

    @classmethod
    def from_section(cls, section: dict[str, Any] | None, origin: str) -> EffectRules:
        """The rules of an ``effects`` section (`origin` names its mapping in messages)."""
        try:
            if not isinstance(section, dict):
                raise KeyError("effects")
            return cls(
                root=section["root"],
                element=section["element"],
                namespaces=dict(section["namespaces"]),
                paths={key: value for key, value in section.items() if isinstance(value, str)},
                full_effect=re.compile(section["full_effect"], re.IGNORECASE),
                kinds=tuple((re.compile(rule["pattern"], re.IGNORECASE), rule["kind"]) for rule in section["kinds"]),
                otherwise=section.get("otherwise", "amendment"),
            )
        except (KeyError, TypeError, re.error) as exc:
            raise MappingError(f"{origin}: no usable 'effects' section ({exc!r})") from exc

    def kind(self, effect_type: str) -> str:
        """The event kind of an effect type as legislation.gov.uk writes it."""
        text = " ".join(effect_type.split())
        return next((kind for pattern, kind in self.kinds if pattern.match(text)), self.otherwise)


@dataclass(frozen=True)
class ProvisionRef:
    """A provision an effect names: its id in its act (``section-55``), and the last one of a range."""

    act: str
    ref: str
    through: str | None = None
    uri: str | None = None


@dataclass
class Effect:
    """One ``ukm:Effect`` record, as the feed states it."""

    effect_id: str
    line: int | None
    effect_type: str
    kind: str
    affecting: str
    affected: str
    applied: bool
    affected_provisions: list[ProvisionRef] = field(default_factory=list)
    affecting_provisions: list[ProvisionRef] = field(default_factory=list)
    in_force: date | None = None  # the day the change takes full effect, when the feed dates it
    dates: tuple[date, ...] = ()  # every in-force date given (some purposes or places first)
    affected_title: str | None = None
    affecting_title: str | None = None

    @property
    def prospective(self) -> bool:
        """No in-force date yet: the change is made but not commenced."""
        return self.in_force is None


@dataclass
class EffectsFeed:
    """What a changes feed says: its effects, and what could not be used as it stands (``file:line: ...``)."""

    path: str
    effects: list[Effect]
    notices: list[str] = field(default_factory=list)
    source_sha256: str | None = None  # of the file, when ingested (its changeset records it)

    @property
    def affecting_acts(self) -> list[str]:
        return sorted({effect.affecting for effect in self.effects})

    def active_modifications(self, affecting: str) -> list[ActiveModification]:
        """The changes the act `affecting` makes, in the model of an amending act's ``activeModifications``: one per
        affected provision (a range is one change ``through`` its last provision), made by each of the affecting
        provisions named (the most specific ones). An effect with no in-force date makes no dated change: it is a
        notice, not an event."""
        found: list[ActiveModification] = []
        for effect in self.effects:
            if effect.affecting != affecting:
                continue
            if effect.in_force is None:
                self.notices.append(
                    f"{self.path}:{effect.line}: effect {effect.effect_id} ({effect.effect_type!r} of "
                    f"{effect.affected}) has no in-force date yet (prospective): no event is recorded for it"
                )
                continue
            sources = most_specific(effect.affecting_provisions) or [None]
            # "Sch. 4" and "paras. 3-5" name Sch. 4 paras. 3-5: the most specific provisions, as for the sources
            targets = most_specific(effect.affected_provisions) or [ProvisionRef(effect.affected, "")]
            for target in targets:
                for source in sources:
                    found.append(
                        ActiveModification(
                            kind=effect.kind,
                            target_work=effect.affected,
                            target=target.ref,
                            effective=effect.in_force,
                            source_eid=source.ref if source else None,
                            source_path=source.ref if source else None,
                            line=effect.line,
                            element=f"ukm:Effect {effect.effect_id}",
                            destination=f"{effect.affected}#{target.ref}" if target.ref else effect.affected,
                            through=target.through,
                            applied=effect.applied,
                        )
                    )
        return list(dict.fromkeys(found))


def most_specific(provisions: list[ProvisionRef]) -> list[ProvisionRef]:
    """The provisions no other one of the list lies within: the feed lists "Sch. 3" and "para. 30" for Sch. 3
    para. 30 (refs ``schedule-3`` and ``schedule-3-paragraph-30``).

    >>> [p.ref for p in most_specific([ProvisionRef("a", "schedule-3"), ProvisionRef("a", "schedule-3-paragraph-30"),
    ...                                ProvisionRef("a", "section-139-1")])]
    ['schedule-3-paragraph-30', 'section-139-1']
    """
    refs = {p.ref for p in provisions}
    return [p for p in provisions if not any(other.startswith(p.ref + "-") for other in refs)]


class _EffectReader:
    """Evaluates the ``effects`` rules over one parsed feed."""

    def __init__(self, path: str, rules: EffectRules) -> None:
        self.path = path
        self.rules = rules

    def attribute(self, element: etree._Element, key: str, required: bool = True) -> str:
        values = element.xpath(self.rules.paths[key], namespaces=self.rules.namespaces)
        value = " ".join(str(values[0]).split()) if values else ""
        if not value and required:
            raise SourceError(
                self.path, element.sourceline, f"<{etree.QName(element).localname}> has no {self.rules.paths[key]}"
            )
        return value

    def text(self, element: etree._Element, key: str) -> str | None:
        found = element.xpath(self.rules.paths[key], namespaces=self.rules.namespaces)
        return " ".join("".join(found[0].itertext()).split()) or None if found else None

    def provisions(self, element: etree._Element, key: str, act: str) -> list[ProvisionRef]:
        found: list[ProvisionRef] = []
        for item in element.xpath(self.rules.paths[key], namespaces=self.rules.namespaces):
            if etree.QName(item).localname == "SectionRange":
                start, end = item.get("Start") or "", item.get("End") or ""
                if not start or not end:
                    raise SourceError(self.path, item.sourceline, "<ukm:SectionRange> without Start and End")
                found.append(ProvisionRef(act, start, end, item.get("URI")))
            elif item.get("Ref"):
                found.append(ProvisionRef(act, item.get("Ref"), None, item.get("URI")))
        return found

    def day(self, element: etree._Element, value: str) -> date:
        if not _XSD_DAY.fullmatch(value):
            raise SourceError(self.path, element.sourceline, f"<ukm:InForce Date> {value!r} is not an xsd:date")
        try:
            return date.fromisoformat(value)
        except ValueError as exc:
            raise SourceError(self.path, element.sourceline, f"<ukm:InForce Date> {value!r} is no day") from exc

    def in_force(self, element: etree._Element) -> tuple[date | None, tuple[date, ...]]:
        dated = [
            (self.day(item, item.get("Date", "")), item.get("Qualification") or "")
            for item in element.xpath(self.rules.paths["in_force"], namespaces=self.rules.namespaces)
        ]
        if not dated:
            return None, ()
        full = [day for day, qualification in dated if self.rules.full_effect.match(qualification.strip())]
        days = tuple(sorted({day for day, _ in dated}))
        return (full[0] if full else days[-1]), days

    def effect(self, element: etree._Element) -> Effect:
        affecting = self.attribute(element, "affecting")
        affected = self.attribute(element, "affected")
        effect_type = self.attribute(element, "type")
        applied = self.attribute(element, "applied", required=False)
        if applied not in {"", "true", "false"}:
            raise SourceError(self.path, element.sourceline, f"<ukm:Effect Applied> {applied!r} is not a boolean")
        in_force, dates = self.in_force(element)
        return Effect(
            effect_id=self.attribute(element, "id"),
            line=element.sourceline,
            effect_type=effect_type,
            kind=self.rules.kind(effect_type),
            affecting=affecting,
            affected=affected,
            applied=applied != "false",
            affected_provisions=self.provisions(element, "affected_provisions", affected),
            affecting_provisions=self.provisions(element, "affecting_provisions", affecting),
            in_force=in_force,
            dates=dates,
            affected_title=self.text(element, "affected_title"),
            affecting_title=self.text(element, "affecting_title"),
        )


def is_effects_feed(root: etree._Element, rules: EffectRules) -> bool:
    """Whether a parsed document is a changes feed these rules read."""
    return root.tag == rules.root


def read_effects(
    path: str | Path, mapping: Path | None = None, limits: SourceLimits = DEFAULT_SOURCE_LIMITS
) -> EffectsFeed:
    """Parse a changes feed safely (within `limits`) and read its effects by the ``effects`` rules of `mapping`
    (mappings/clml.yaml by default). A feed without a single effect record, or a record lacking what every effect
    has (its acts, its type), is an error naming the file, the line and the element."""
    from lexrdf.mapping.spec import MAPPINGS_DIR

    rules = EffectRules.from_mapping(mapping or MAPPINGS_DIR / "clml.yaml")
    return effects_of_tree(str(path), parse_xml(path, limits), rules)


def effects_rules_for(root: etree._Element, mappings_dir: Path | None = None) -> EffectRules | None:
    """The ``effects`` rules of the mapping that declares `root`'s element and namespace as a changes feed
    (``effects: {root: "{namespace}element"}``), or None: how a feed is routed, as documents are by ``root``."""
    from lexrdf.mapping.spec import MAPPINGS_DIR, all_mappings

    for mapping in all_mappings(mappings_dir or MAPPINGS_DIR):
        section = mapping.get("effects")
        if isinstance(section, dict) and section.get("root") == root.tag:
            return EffectRules.from_section(section, mapping.name)
    return None


def effects_of_tree(path: str, tree: etree._ElementTree, rules: EffectRules) -> EffectsFeed:
    """Read a parsed changes feed by `rules` (see `read_effects`)."""
    root = tree.getroot()
    if not is_effects_feed(root, rules):
        raise SourceError(
            str(path), root.sourceline, f"root <{etree.QName(root).localname}> is not a changes feed ({rules.root})"
        )
    reader = _EffectReader(str(path), rules)
    elements = root.xpath(rules.element, namespaces=rules.namespaces)
    if not elements:
        raise SourceError(str(path), root.sourceline, f"a changes feed with no effect record ({rules.element})")
    return EffectsFeed(str(path), [reader.effect(element) for element in elements])


__all__ = [
    "Effect",
    "EffectRules",
    "EffectsFeed",
    "ProvisionRef",
    "effects_of_tree",
    "effects_rules_for",
    "most_specific",
    "read_effects",
]
