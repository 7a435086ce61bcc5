r"""Emitting RDF: a document and its versioning plan become the quads of the act's named graph, as N-Quads text.

Writes each quad as a line of N-Quads (no rdflib, and no pyoxigraph objects per quad on the ingest path: making
them cost several times what writing the line does); knows nothing about the store. Every IRI is checked once as
pyoxigraph checks a NamedNode, and every literal is escaped, so a line is exactly one quad whatever a source says.

>>> out = Emitter("https://e.org/act", IriMinter("https://e.org/"), "https://e.org/cs", datetime(2020, 1, 2))
>>> out.add(out.iri("https://e.org/act/art_1"), LEX_T.text, literal('He said "no"\n'))
>>> out.lines()
['<https://e.org/act/art_1> <https://w3id.org/lexrdf/ontology#text> "He said \\"no\\"\\n" <https://e.org/act> .\n']
>>> [q.object.value for q in out.quads()]
['He said "no"\n']
>>> out.iri("https://e.org/a b")
Traceback (most recent call last):
ValueError: ...
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from functools import cache
from typing import Protocol

import pyoxigraph
from pyoxigraph import Literal, NamedNode, Quad, RdfFormat

from lexrdf.mapping.spec import all_mappings
from lexrdf.model import ActReference, SourceDocument
from lexrdf.source_rules import PortionPaths, SourceRule
from lexrdf.txtime import stamp
from lexrdf.uris import IriMinter, identifier_forms, with_canonical
from lexrdf.versioning import NewRecord, Plan, expression_iri, record_expressions, record_iri
from lexrdf.vocab import DCTERMS, EVENT_CLASSES, LEX, OWL, PROV, RDF, RDFS, XSD, Terms

LEX_T, RDF_T, PROV_T, OWL_T, RDFS_T, DCTERMS_T = (Terms(ns) for ns in (LEX, RDF, PROV, OWL, RDFS, DCTERMS))
_DATE = f"^^<{XSD.date.value}>"
_DECIMAL = f"^^<{XSD.decimal.value}>"
_INTEGER = f"^^<{XSD.integer.value}>"
_TRUE = f'"true"^^<{XSD.boolean.value}>'
_YEAR = f"^^<{XSD.gYear.value}>"


def literal(value: str, suffix: str = "") -> str:
    """A literal as N-Triples: `value` escaped (the four characters a quoted string cannot hold as they are), then
    `suffix` (a datatype, ``^^<iri>``; none for a plain string)."""
    if "\\" in value or '"' in value or "\n" in value or "\r" in value:
        value = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    return f'"{value}"{suffix}'


def date_term(day: date) -> str:
    """An xsd:date literal as N-Triples."""
    return f'"{day.isoformat()}"{_DATE}'


def date_literal(day: date) -> Literal:
    """An xsd:date literal."""
    return Literal(day.isoformat(), datatype=XSD.date)


class QuadSink(Protocol):
    """Where emitted lines go: a `lexrdf.store.spool.QuadSpool` (which moves them to disk when many), or a list."""

    def add(self, line: str, predicate: str, obj: str, /) -> None: ...


class _Lines(list[str]):
    """A sink that only keeps the lines."""

    def add(self, line: str, predicate: str, obj: str, /) -> None:
        self.append(line)


class Emitter:
    """Writes the quads of one act graph as N-Quads lines (to `sink`, else to a list of its own); terms are
    N-Triples text (`iri`, `literal`, `date_term`, `LEX_T.text`). What describes an act (this one, or one it cites)
    is said once a write: `described` holds the lines the write's other documents said already."""

    def __init__(
        self,
        act: str,
        minter: IriMinter,
        changeset: str,
        recorded_at: datetime,
        sink: QuadSink | None = None,
        described: set[str] | None = None,
    ) -> None:
        self._iris: dict[str, str] = {}
        self.act = self.iri(act)  # the act, and the graph every line is in
        self.minter = minter
        self.changeset = self.iri(changeset)
        self.recorded_at = str(stamp(recorded_at))
        self._sink: QuadSink = sink if sink is not None else _Lines()
        self._tail = f" {self.act} .\n"
        self.described = described if described is not None else set()

    def iri(self, value: str) -> str:
        """An IRI as N-Triples, checked as a pyoxigraph NamedNode is (a ValueError names what is wrong with it)."""
        known = self._iris.get(value)
        if known is None:
            known = self._iris[value] = str(NamedNode(value))
        return known

    def add(self, subject: str, predicate: str, obj: str) -> None:
        self._sink.add(f"{subject} {predicate} {obj}{self._tail}", predicate, obj)

    def describe(self, subject: str, predicate: str, obj: str) -> None:
        """`add` a quad describing an act, unless this write added it already (every document of an act, and every
        event citing an act, describes it again)."""
        line = f"{subject} {predicate} {obj}{self._tail}"
        if line not in self.described:
            self.described.add(line)
            self._sink.add(line, predicate, obj)

    def recorded(self, subject: str) -> None:
        self.add(subject, LEX_T.recordedAt, self.recorded_at)
        self.add(subject, LEX_T.recordedBy, self.changeset)

    def lines(self) -> list[str]:
        """The lines written, when the emitter keeps them itself (no `sink`)."""
        assert isinstance(self._sink, _Lines)
        return list(self._sink)

    def quads(self) -> list[Quad]:
        """The quads written, as pyoxigraph quads, when the emitter keeps them itself (no `sink`)."""
        return list(pyoxigraph.parse("".join(self.lines()).encode(), format=RdfFormat.N_QUADS))


def emit_act(
    document: SourceDocument,
    plan: Plan,
    minter: IriMinter,
    changeset: str,
    recorded_at: datetime,
    stored_events: set[str],
    sink: QuadSink | None = None,
    described: set[str] | None = None,
) -> Emitter:
    """All quads a document adds, as N-Quads lines: act and cited acts, new provisions, versions, records, events,
    changeset; written to `sink`, else kept by the emitter returned. `described`: the lines describing acts the
    write holds already (each is written once)."""
    out = Emitter(plan.act, minter, changeset, recorded_at, sink, described)
    _act(out, document, new=not stored_events)
    _portion_identifiers(out, document, plan)
    parent_of = {unit.path: unit.parent_path for unit in document.units}
    unversioned = {unit.path for unit, _ in plan.new_provisions} - {version.path for version in plan.new_versions}
    for unit, order in plan.new_provisions:
        provision = out.iri(minter.provision(plan.act, unit.path))
        parent = out.iri(minter.provision(plan.act, unit.parent_path)) if unit.parent_path else out.act
        # the transitive closure of lex:parent, so that context and descendants are plain index lookups
        out.add(provision, LEX_T.within, out.act)
        ancestor = unit.parent_path
        while ancestor:
            out.add(provision, LEX_T.within, out.iri(minter.provision(plan.act, ancestor)))
            ancestor = parent_of.get(ancestor)
        out.add(provision, RDF_T.type, LEX_T.Provision)
        out.recorded(provision)  # known from then on ("as known at" a time before, it is an unknown reference)
        out.add(provision, LEX_T.act, out.act)
        out.add(provision, LEX_T.parent, parent)
        out.add(provision, LEX_T.order, f'"{order}"{_DECIMAL}')
        out.add(provision, LEX_T.unitType, literal(unit.unit_type))
        out.add(provision, LEX_T.path, literal(unit.path))
        if unit.eid:
            out.add(provision, LEX_T.eId, literal(unit.eid))
        if unit.line:
            out.add(provision, LEX_T.sourceLine, f'"{int(unit.line)}"{_INTEGER}')
        if unit.prospective:  # shown as prospective: in force on no date the source gives
            out.add(provision, LEX_T.prospective, _TRUE)
        if unit.path in unversioned:  # shown only as repealed: the number and heading the source still prints
            if unit.number:
                out.add(provision, LEX_T.shownNumber, literal(unit.number))
            if unit.heading:
                out.add(provision, LEX_T.shownHeading, literal(unit.heading))
    # a provision the source shows only as repealed has no version to carry what dated its repeal: it carries it
    for spec in (spec for spec in plan.events.values() if spec.kind == "repeal"):
        for path in sorted(spec.affects & unversioned):
            provision = out.iri(minter.provision(plan.act, path))
            for evidence in sorted(spec.evidence.get(path, ())):
                out.add(provision, LEX_T.datedBy, literal(evidence))
    for version in plan.new_versions:
        node = out.iri(version.iri)
        provision = out.iri(minter.provision(plan.act, version.path))
        out.add(node, RDF_T.type, LEX_T.Version)
        out.add(node, LEX_T.versionOf, provision)
        out.add(node, LEX_T.act, out.act)
        out.add(node, LEX_T.validFrom, date_term(version.valid_from))
        if version.applicable_from:
            out.add(node, LEX_T.applicableFrom, date_term(version.applicable_from))
        out.add(node, PROV_T.wasGeneratedBy, out.iri(version.opened_by))
        if version.previous:
            out.add(node, PROV_T.wasRevisionOf, out.iri(version.previous))
        if version.begins_history:
            out.add(node, LEX_T.beginsHistory, _TRUE)
        for evidence in version.dated_by:
            out.add(node, LEX_T.datedBy, literal(evidence))
        opened = plan.events.get(version.opened_by)
        for made_by in sorted(opened.provisions.get(version.path, ()) if opened else ()):
            out.add(node, LEX_T.madeByProvision, out.iri(made_by))
        unit = version.record.unit
        if unit is not None and unit.extent:
            out.add(node, LEX_T.extent, literal(unit.extent))
        if version.concurrent:  # one of several texts in force at once, each for its own extent
            out.add(node, LEX_T.concurrent, _TRUE)
        # each commencement in part once, with what the source says it did for this provision: its words and
        # evidence, each once (two clauses of one note, at Royal Assent and on 3.3.2011, quote the same note)
        in_part = sorted(set(version.in_part))
        for event in sorted({event for event, _, _ in in_part}):
            out.add(node, LEX_T.inForceInPart, out.iri(event))
            qualified = out.iri(minter.in_force_in_part(version.iri, event))
            out.add(node, LEX_T.qualifiedInForceInPart, qualified)
            out.add(qualified, RDF_T.type, LEX_T.InForceInPart)
            out.add(qualified, LEX_T.partialCommencement, out.iri(event))
            for purposes in sorted({purposes for made_by, purposes, _ in in_part if made_by == event and purposes}):
                out.add(qualified, LEX_T.inPartPurposes, literal(purposes))
            for evidence in sorted({evidence for made_by, _, evidence in in_part if made_by == event}):
                out.add(qualified, LEX_T.inPartEvidence, literal(evidence))
        if version.partly:
            out.add(node, LEX_T.partlyInForce, _TRUE)
        out.recorded(node)
        _record(out, version.record, document.language)
    for record in plan.new_records:
        _record(out, record, document.language)
    for withdrawn in plan.withdrawn:  # its current record superseded by none
        out.add(out.iri(withdrawn.record), LEX_T.supersededAt, out.recorded_at)
        out.add(out.iri(withdrawn.record), LEX_T.supersededBy, out.changeset)
    for event in plan.superseded_events:  # a stored event no source shows any more
        out.add(out.iri(event), LEX_T.supersededAt, out.recorded_at)
        out.add(out.iri(event), LEX_T.supersededBy, out.changeset)
    for path in plan.prospective:  # a provision stored before, shown prospective by this document
        out.add(out.iri(minter.provision(plan.act, path)), LEX_T.prospective, _TRUE)
    for spec in plan.events.values():
        event = out.iri(spec.iri)
        if spec.iri not in stored_events:
            out.add(event, RDF_T.type, LEX_T.Event)
            out.add(event, RDF_T.type, LEX_T[EVENT_CLASSES[spec.kind]])
            out.add(event, LEX_T.date, date_term(spec.day))
            if spec.at_latest:
                out.add(event, LEX_T.dateAtLatest, _TRUE)
            if spec.at_earliest:
                out.add(event, LEX_T.dateAtEarliest, _TRUE)
            if spec.extent:  # limited to some territories (a repeal "for E." only)
                out.add(event, LEX_T.limitedTo, literal(spec.extent))
            out.add(event, LEX_T.affectedAct, out.act)
            out.recorded(event)
            if document.authority and spec.kind == "enactment":
                out.add(event, LEX_T.authority, out.iri(minter.authority(document.authority)))
        # a recorded event keeps the source acts, provisions and notes it was recorded with: a link added to it
        # later would carry no transaction time ("as known at" must not see it before it was added)
        if spec.iri not in stored_events:
            for source in sorted(spec.source_acts):
                out.add(event, LEX_T.sourceAct, cited_act(out, source, document))
            for source_provision in sorted(spec.source_provisions):
                out.add(event, LEX_T.sourceProvision, out.iri(source_provision))
            for note in sorted(spec.notes):
                out.add(event, LEX_T.sourceNote, literal(note))
        for path in sorted(spec.affects):
            out.add(event, LEX_T.affects, out.iri(minter.provision(plan.act, path)))
        for path in sorted(spec.introduces):
            out.add(event, LEX_T.introduces, out.iri(minter.provision(plan.act, path)))
        for version in sorted(spec.opens):
            out.add(event, LEX_T.opens, out.iri(version))
        for version in sorted(spec.closes):
            out.add(event, LEX_T.closes, out.iri(version))
            out.add(out.iri(version), PROV_T.wasInvalidatedBy, event)
    if plan.changes_anything or plan.advances_currency:
        out.add(out.changeset, RDF_T.type, LEX_T.Changeset)
        out.add(out.changeset, PROV_T.startedAtTime, out.recorded_at)
        out.add(out.changeset, LEX_T.sourceFile, literal(document.path))
        out.add(out.changeset, LEX_T.expressionDate, date_term(document.expression_date))
        if document.expression_version:  # one of several versions of that expression (ELI-DE .../2024-03-27/2/deu)
            out.add(out.changeset, LEX_T.expressionVersion, f'"{document.expression_version}"{_INTEGER}')
        if document.portion:  # some provisions of the act only: its date is no expression of the whole act
            out.add(out.changeset, LEX_T.sourcePortion, _TRUE)
        out.add(out.changeset, LEX_T.act, out.act)
        if document.current_to:
            out.add(out.changeset, LEX_T.currentTo, date_term(document.current_to))
    return out


def _record(out: Emitter, record: NewRecord, language: str) -> None:
    node = out.iri(record_iri(out.minter, record, language))
    version = out.iri(record.version)
    out.add(node, RDF_T.type, LEX_T.VersionRecord)
    out.add(node, LEX_T.recordOf, version)
    added = expression_iri(out.minter, record, language)
    if record.unit is not None and added:
        expression = out.iri(added)
        out.add(expression, RDF_T.type, LEX_T.Expression)
        out.add(expression, LEX_T.realizes, version)
        out.add(expression, LEX_T.language, literal(language))
        out.add(expression, LEX_T.text, literal(record.unit.text))
        if record.unit.number:
            out.add(expression, LEX_T.number, literal(record.unit.number))
        if record.unit.heading:
            out.add(expression, LEX_T.heading, literal(record.unit.heading))
        for deferred in record.unit.deferred_effects:
            out.add(expression, LEX_T.deferredEffect, literal(deferred))
        if record.unit.closing:
            out.add(expression, LEX_T.closingText, literal(record.unit.closing))
        if record.unit.layout:
            out.add(expression, LEX_T.textLayout, literal(record.unit.layout))
        out.recorded(expression)
    for kept in sorted(record_expressions(out.minter, record, language).values()):
        out.add(node, LEX_T.expression, out.iri(kept))
    if record.valid_until:
        out.add(node, LEX_T.validUntil, date_term(record.valid_until))
    if record.closed_by:
        out.add(node, LEX_T.closedBy, out.iri(record.closed_by))
        for evidence in record.dated_by:
            out.add(node, LEX_T.datedBy, literal(evidence))
    out.recorded(node)
    if record.supersedes:
        previous = out.iri(record.supersedes)
        out.add(previous, LEX_T.supersededAt, out.recorded_at)
        out.add(previous, LEX_T.supersededBy, out.changeset)


def _act(out: Emitter, document: SourceDocument, new: bool) -> None:
    act = out.act
    out.describe(act, RDF_T.type, LEX_T.Act)
    for identifier in with_canonical([document.frbr_work, *document.frbr_aliases]):  # and each in one spelling
        out.describe(act, LEX_T.frbrWork, literal(identifier))
    identifiers = [document.frbr_work, *document.frbr_aliases]
    for source in _sources(document.mapping):
        if source.applies(identifiers):  # the publisher's licence, and its IRIs of the same work
            if source.licence:
                out.describe(act, DCTERMS_T.license, out.iri(source.licence))
            for same in source.same_as(identifiers):
                out.describe(out.iri(same), OWL_T.sameAs, act)
    if new:  # as first recorded (untimed); what a later expression says of the act is in the act's versions
        out.describe(act, LEX_T.title, literal(document.title))
        if document.short_title:
            out.describe(act, LEX_T.shortTitle, literal(document.short_title))
        out.describe(act, LEX_T.jurisdiction, literal(document.jurisdiction))
        out.describe(act, LEX_T.actType, literal(document.act_type))
        out.describe(act, LEX_T.actNumber, literal(document.act_number))
        if document.year_only:
            out.describe(act, LEX_T.documentYear, literal(f"{document.work_date.year:04d}", _YEAR))
        else:
            out.describe(act, LEX_T.documentDate, date_term(document.work_date))
        if document.publication_date:
            out.describe(act, LEX_T.publicationDate, date_term(document.publication_date))
    if document.prospective and new:  # its own words defer its coming into force to a day the source does not give:
        out.add(act, LEX_T.prospective, _TRUE)  # no version of it; it is known from this changeset on
        out.recorded(act)
    # the act was known only by reference before it was ingested: the IRIs minted for it then name it
    for earlier, same in out.minter.known.equivalences(act[1:-1]):
        out.describe(out.iri(earlier), OWL_T.sameAs, out.iri(same))


def _portion_identifiers(out: Emitter, document: SourceDocument, plan: Plan) -> None:
    """The URIs the source's own scheme gives each new provision (``portion_paths`` in its mapping, e.g.
    http://www.legislation.gov.uk/ukpga/1998/29/section/7), so that `resolve` finds it by one lookup; and those it
    gives to parts of it that are no provisions (``part_identifiers``: lex:partIdentifier)."""
    rule = _portion_paths(document.mapping)
    if rule is None:
        return
    act_identifiers = [document.frbr_work, *document.frbr_aliases]
    sources = [source for source in _sources(document.mapping) if source.applies(act_identifiers)]
    own = {
        identifier
        for unit, _ in plan.new_provisions
        if unit.eid
        for identifier in rule.identifiers(act_identifiers, unit.eid)
    }
    for unit, _ in plan.new_provisions:
        provision = out.iri(out.minter.provision(plan.act, unit.path))
        if unit.eid:
            identifiers = rule.identifiers(act_identifiers, unit.eid)
            for identifier in identifiers:
                out.add(provision, DCTERMS_T.identifier, literal(identifier))
            for same in (same for source in sources for same in source.same_as(identifiers)):
                out.add(out.iri(same), OWL_T.sameAs, provision)  # the publisher's IRI of the same provision
        # the URIs the source gives to parts of it held as no provision (an annex's paragraph), under this act's own
        # identifiers (not a quoted act's) and naming no provision of their own: `resolve` answers this provision
        for part in unit.part_identifiers:
            if part not in own and any(part.startswith(f"{act}/") for act in act_identifiers):
                out.add(provision, LEX_T.partIdentifier, literal(part))


@cache
def _sources(mapping_name: str) -> tuple[SourceRule, ...]:
    """The publishers a mapping knows (its ``sources`` rules)."""
    mapping = next((m for m in all_mappings() if m.name == mapping_name), None)
    return tuple(SourceRule.from_rule(rule) for rule in (mapping.get("sources") or [])) if mapping else ()


@cache
def _portion_paths(mapping_name: str) -> PortionPaths | None:
    mapping = next((m for m in all_mappings() if m.name == mapping_name), None)
    return PortionPaths.from_rule(mapping.get("portion_paths")) if mapping else None


def cited_act(out: Emitter, reference: str, document: SourceDocument) -> str:
    """The act an event names as its source (as N-Triples): this act, an act we hold (by its own IRI, described in
    its own graph), or an act known only by reference, described here by what the citing source says of it."""
    if out.act == f"<{reference}>":
        return out.act
    if reference.startswith(out.minter.base.rstrip("/") + "/eli/"):  # already one of ours (an announced change's act)
        return out.iri(reference)
    held = out.minter.known.act(reference)
    if held:
        return out.iri(held)
    return describe_reference(out, reference, document.cited_acts.get(reference))


def describe_reference(out: Emitter, reference: str, cited: ActReference | None) -> str:
    """An act known only by reference, described in this graph by what the citing source says of it (`cited`); its
    IRI as N-Triples."""
    node = out.iri(out.minter.cited_act(reference))
    out.describe(node, RDF_T.type, LEX_T.Act)
    for form in identifier_forms(reference):  # as written, and the work an expression URI names
        out.describe(node, LEX_T.frbrWork, literal(form))
    out.describe(node, LEX_T.knownByReference, _TRUE)
    if cited and cited.title:
        out.describe(node, LEX_T.title, literal(cited.title))
        out.describe(node, RDFS_T.label, literal(cited.title))
    if cited and cited.day:
        out.describe(node, LEX_T.documentDate, date_term(cited.day))
    return node


def provenance_quads(quads: Iterable[Quad], hashes: dict[str, str], submitter: str) -> list[Quad]:
    """What submitted each changeset among `quads` that names its source file (``lex:sourceFile``): the SHA-256 of
    the file (``lex:sourceSha256``, from `hashes` by path) and who (``lex:submittedBy``). A changeset already
    carrying them gains nothing."""
    quads = list(quads)
    described = {q.subject for q in quads if q.predicate == LEX.submittedBy}
    added: list[Quad] = []
    for quad in quads:
        if quad.predicate != LEX.sourceFile or quad.subject in described:
            continue
        described.add(quad.subject)
        sha256 = hashes.get(quad.object.value)
        if sha256:
            added.append(Quad(quad.subject, LEX.sourceSha256, Literal(sha256), quad.graph_name))
        added.append(Quad(quad.subject, LEX.submittedBy, Literal(submitter), quad.graph_name))
    return added


__all__ = [
    "DCTERMS_T",
    "LEX_T",
    "PROV_T",
    "RDF_T",
    "Emitter",
    "QuadSink",
    "cited_act",
    "date_literal",
    "date_term",
    "describe_reference",
    "emit_act",
    "literal",
    "provenance_quads",
]
