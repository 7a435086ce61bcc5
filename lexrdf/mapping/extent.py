"""Territorial extent and prospective status of units, by the mapping's ``extent:`` and ``prospective:`` rules.

A UK provision extends to some of England, Wales, Scotland and Northern Ireland; legislation.gov.uk gives it on
each provision (CLML ``RestrictExtent="E+W"``, inherited from the nearest element around that has one) or in the
metadata (its Akoma Ntoso export: ``<restriction href="#section-7" refersTo="#e+w+s+ni" type="jurisdiction"/>``,
one without ``href`` for the whole document). Every spelling becomes one: the regions the mapping's ``regions``
names, in that order, joined by ``+``.

>>> Regions({"e": "E", "w": "W", "s": "S", "ni": "N.I.", "n.i.": "N.I."}).spelled("#e+w+ni")
'E+W+N.I.'
>>> Regions({"e": "E", "w": "W", "s": "S", "n.i.": "N.I."}).spelled("E+W+S+N.I.")
'E+W+S+N.I.'
>>> Regions({"e": "E", "w": "W"}).spelled("E+X") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lxml import etree


@dataclass(frozen=True)
class Regions:
    """The regions an extent may name: the source's token (case aside) -> its one spelling."""

    names: dict[str, str]

    def spelled(self, value: str) -> str | None:
        """`value` in the one spelling, or None when it names a region the rule does not know."""
        tokens = [t.strip().lower() for t in value.strip().lstrip("#").split("+") if t.strip()]
        known = {k.lower(): v for k, v in self.names.items()}
        if not tokens or any(t not in known for t in tokens):
            return None
        order = list(dict.fromkeys(self.names.values()))
        return "+".join(sorted({known[t] for t in tokens}, key=order.index))

    def covers(self, extent: str | None, asked: str) -> bool:
        """Whether a text of `extent` (None: the source gives none, so it holds wherever the act does) extends to
        every region `asked` names ("all": no region asked)."""
        if asked == "all" or extent is None:
            return True
        wanted = self.spelled(asked)
        return wanted is not None and set(wanted.split("+")) <= set(extent.split("+"))


class ExtentReader:
    """Evaluates a mapping's ``extent`` and ``prospective`` rules over one parsed document."""

    def __init__(
        self, rules: dict[str, Any] | None, prospective: dict[str, Any] | None, id_attribute: str, paths: Any
    ) -> None:
        rules = rules or {}
        self.regions = Regions(rules.get("regions", {}))
        self.attribute: str | None = rules.get("attribute")
        self.id_attribute = id_attribute
        self.by_eid: dict[str, str] = {}  # restrictions in the metadata: eId -> extent
        self.whole: str | None = None  # a restriction of the whole document
        self.notices: list[tuple[int | None, str]] = []
        if rules.get("restrictions"):
            for element in paths.select(rules["restrictions"]):
                value = element.get(rules.get("value", "refersTo")) or ""
                extent = self.regions.spelled(value)
                if extent is None:
                    self.notices.append((element.sourceline, f"an extent {value!r} naming no known region"))
                    continue
                href = (element.get(rules.get("href", "href")) or "").lstrip("#")
                if href:
                    self.by_eid[href] = extent
                else:
                    self.whole = extent
        prospective = prospective or {}
        self.status_attribute: str | None = prospective.get("attribute")
        self.status_value: str | None = prospective.get("value")

    def extent(self, element: etree._Element) -> str | None:
        """The extent of `element`: its own or that of the nearest element around it that gives one."""
        for holder in (element, *element.iterancestors()):
            if self.attribute and holder.get(self.attribute):
                extent = self.regions.spelled(holder.get(self.attribute))
                if extent is None:
                    self.notices.append(
                        (holder.sourceline, f"an extent {holder.get(self.attribute)!r} naming no known region")
                    )
                return extent
            eid = holder.get(self.id_attribute)
            if eid and eid in self.by_eid:
                return self.by_eid[eid]
        return self.whole

    def prospective(self, element: etree._Element) -> bool:
        """Whether the source shows `element` (or a unit around it) as prospective: not in force, no date given."""
        if not self.status_attribute:
            return False
        holders = (element, *element.iterancestors())
        return any(holder.get(self.status_attribute) == self.status_value for holder in holders)
