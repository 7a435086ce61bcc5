"""A page's ELI metadata as JSON-LD for its head, in the terms the ELI view publishes (lexrdf/views/eli/).

Acts and provisions are eli:LegalResource / eli:LegalResourceSubdivision (eli:is_part_of); a version is an
eli:LegalResource that eli:is_member_of its provision and eli:is_realized_by its eli:LegalExpression(s), which carry
eli:title; windows give eli:first_date_entry_in_force and eli:date_no_longer_in_force (inclusive: the half-open
window's end minus one day); events are prov:Activity. Interpretive time, which ELI has no terms for, is said in
the PROV-O and Dublin Core terms the ontology aligns it with: an interpretation is a prov:Entity that
prov:specializationOf its item, prov:wasGeneratedBy its ruling (a prov:Activity) with its reading as prov:value; an
interpretive item is a dcterms-titled prov:Entity.

>>> data = resource("https://e.org/a/art_1", "eli:LegalResourceSubdivision", part_of="https://e.org/a")
>>> data["eli:is_part_of"]
{'@id': 'https://e.org/a'}
>>> "</script>" in script({"@graph": [{"eli:title": "</script>"}]})
False
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import Any

CONTEXT = {
    "eli": "http://data.europa.eu/eli/ontology#",
    "prov": "http://www.w3.org/ns/prov#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "dcterms": "http://purl.org/dc/terms/",
    "lrmoo": "http://iflastandards.info/ns/lrm/lrmoo/",
}
_CHANGES = {  # event kind -> the ELI property from the changed resource to the acting act (as the ELI view)
    "amendment": "eli:amended_by",
    "substitution": "eli:amended_by",
    "insertion": "eli:amended_by",
    "repeal": "eli:repealed_by",
    "commencement": "eli:commenced_by",
    "correction": "eli:corrected_by",
}


def script(graph: dict[str, Any]) -> str:
    """The JSON-LD document for a `<script type="application/ld+json">`: `<`, `>` and `&` escaped, so no text
    in it can end the script element."""
    text = json.dumps({"@context": CONTEXT, **graph}, ensure_ascii=False, indent=1)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _ref(iri: str) -> dict[str, str]:
    return {"@id": iri}


def _date(value: str) -> dict[str, str]:
    return {"@value": value, "@type": "xsd:date"}


def last_day_in_force(valid_until: str) -> str:
    """ELI's inclusive end: the day before the half-open window's end."""
    return (date.fromisoformat(valid_until) - timedelta(days=1)).isoformat()


def resource(iri: str, kind: str, part_of: str | None = None, **dates: str | None) -> dict[str, Any]:
    """An act or provision node (`kind` eli:LegalResource or eli:LegalResourceSubdivision) with ELI dates
    (keyword names are ELI property local names)."""
    node: dict[str, Any] = {"@id": iri, "@type": kind}
    if part_of:
        node["eli:is_part_of"] = _ref(part_of)
    node.update({f"eli:{name}": _date(value) for name, value in dates.items() if value})
    return node


def version(
    iri: str,
    member_of: str,
    valid_from: str | None,
    valid_until: str | None,
    applicable_from: str | None,
    expressions: list[tuple[str, str]],
    title: str | None,
) -> list[dict[str, Any]]:
    """A version and its language expressions (`(expression IRI, language tag)`), with its window in ELI dates."""
    dates: dict[str, Any] = {}
    if valid_from:
        dates["eli:first_date_entry_in_force"] = _date(valid_from)
    if valid_until:
        dates["eli:date_no_longer_in_force"] = _date(last_day_in_force(valid_until))
    if applicable_from:
        dates["eli:date_applicability"] = _date(applicable_from)
    node = {"@id": iri, "@type": "eli:LegalResource", "eli:is_member_of": _ref(member_of), **dates}
    if expressions:
        node["eli:is_realized_by"] = [_ref(expression) for expression, _ in expressions]
    nodes = [node]
    for expression, language in expressions:
        realized: dict[str, Any] = {"@id": expression, "@type": "eli:LegalExpression", "eli:realizes": _ref(iri)}
        if title:
            realized["eli:title"] = {"@value": title, "@language": language}
        nodes.append({**realized, **dates})
    return nodes


def activity(
    iri: str,
    kind: str,
    day: str,
    sources: list[str],
    generated: list[str],
    invalidated: list[str],
    changed: list[str],
    associated: str | None = None,
) -> list[dict[str, Any]]:
    """An event as prov:Activity (the day at 00:00, as the ELI view gives it), and what it changed, linked to the
    acts that made it by the ELI property of its kind."""
    node: dict[str, Any] = {
        "@id": iri,
        "@type": "prov:Activity",
        "prov:startedAtTime": {"@value": f"{day}T00:00:00", "@type": "xsd:dateTime"},
    }
    if sources and kind != "enactment":
        node["prov:used"] = [_ref(source) for source in sources]
    if generated:
        node["prov:generated"] = [_ref(v) for v in generated]
    if invalidated:
        node["prov:invalidated"] = [_ref(v) for v in invalidated]
    if associated:
        node["prov:wasAssociatedWith"] = _ref(associated)
    nodes = [node]
    prop = _CHANGES.get(kind)
    if prop and sources:
        nodes.extend({"@id": target, prop: [_ref(source) for source in sources]} for target in changed)
    return nodes


def interpretation(
    iri: str,
    item: str,
    text: str | None,
    language: str | None,
    valid_from: str,
    valid_until: str | None,
    ruling: str | None,
    ruling_date: str | None,
) -> list[dict[str, Any]]:
    """An interpretation (a reading fixed by a binding ruling) as prov:Entity, and its ruling as prov:Activity."""
    node: dict[str, Any] = {"@id": iri, "@type": "prov:Entity", "prov:specializationOf": _ref(item)}
    if text:
        node["prov:value"] = {"@value": text, "@language": language} if language else text
    # operative from the start of valid_from until the start of valid_until (the half-open window)
    node["prov:generatedAtTime"] = {"@value": f"{valid_from}T00:00:00", "@type": "xsd:dateTime"}
    if valid_until:
        node["prov:invalidatedAtTime"] = {"@value": f"{valid_until}T00:00:00", "@type": "xsd:dateTime"}
    nodes = [node]
    if ruling:
        node["prov:wasGeneratedBy"] = _ref(ruling)
        activity_node: dict[str, Any] = {"@id": ruling, "@type": "prov:Activity", "prov:generated": [_ref(iri)]}
        if ruling_date:
            activity_node["prov:startedAtTime"] = {"@value": f"{ruling_date}T00:00:00", "@type": "xsd:dateTime"}
        nodes.append(activity_node)
    return nodes


def item(iri: str, title: str | None, kind: str | None, identifiers: list[str]) -> dict[str, Any]:
    """An interpretive item (a doctrine, a precedent: no statutory text) as an LRMoo work and PROV entity."""
    node: dict[str, Any] = {"@id": iri, "@type": ["lrmoo:F1_Work", "prov:Entity"]}
    if title:
        node["dcterms:title"] = title
    if kind:
        node["dcterms:type"] = kind
    if identifiers:
        node["dcterms:identifier"] = identifiers
    return node
