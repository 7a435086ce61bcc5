"""Emitting RDF: a document and its versioning plan become the quads of the act's named graph.

Builds pyoxigraph quads directly (no rdflib on the ingest path); knows nothing about the store.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from functools import cache
from typing import Any, Protocol

from pyoxigraph import Literal, NamedNode, Quad

from lexrdf.mapping.spec import all_mappings
from lexrdf.model import ActReference, SourceDocument
from lexrdf.uris import IriMinter, PortionPaths, identifier_forms
from lexrdf.versioning import NewRecord, Plan, expression_iri, record_expressions, record_iri
from lexrdf.vocab import DCTERMS, EVENT_CLASSES, LEX, OWL, PROV, RDF, RDFS, XSD

_TRUE = Literal("true", datatype=XSD.boolean)


def date_literal(day: date) -> Literal:
    """An xsd:date literal."""
    return Literal(day.isoformat(), datatype=XSD.date)


def _datetime(moment: datetime) -> Literal:
    return Literal(moment.isoformat(), datatype=XSD.dateTime)


class QuadSink(Protocol):
    """Where emitted quads go: a list, or a `lexrdf.store.spool.QuadSpool` (which moves them to disk when many)."""

    def append(self, quad: Quad, /) -> None: ...


class Emitter:
    """Collects the quads of one act graph (in `sink`, else in a new list). What describes an act (this one, or one
    it cites) is said once a write: `described` holds what the write's other documents said already."""

    def __init__(
        self,
        act: str,
        minter: IriMinter,
        changeset: str,
        recorded_at: datetime,
        sink: QuadSink | None = None,
        described: set[Quad] | None = None,
    ) -> None:
        self.graph = NamedNode(act)
        self.act = NamedNode(act)
        self.minter = minter
        self.changeset = NamedNode(changeset)
        self.recorded_at = _datetime(recorded_at)
        self.quads: Any = sink if sink is not None else []
        self.described = described if described is not None else set()

    def add(self, subject: NamedNode, predicate: NamedNode, obj: NamedNode | Literal) -> None:
        self.quads.append(Quad(subject, predicate, obj, self.graph))

    def describe(self, subject: NamedNode, predicate: NamedNode, obj: NamedNode | Literal) -> None:
        """`add` a quad describing an act, unless this write added it already (every document of an act, and every
        event citing an act, describes it again)."""
        quad = Quad(subject, predicate, obj, self.graph)
        if quad not in self.described:
            self.described.add(quad)
            self.quads.append(quad)

    def recorded(self, subject: NamedNode) -> None:
        self.add(subject, LEX.recordedAt, self.recorded_at)
        self.add(subject, LEX.recordedBy, self.changeset)


def emit_act(
    document: SourceDocument,
    plan: Plan,
    minter: IriMinter,
    changeset: str,
    recorded_at: datetime,
    stored_events: set[str],
    sink: QuadSink | None = None,
    described: set[Quad] | None = None,
) -> Any:
    """All quads a document adds: act and cited acts, new provisions, versions, records, events, changeset; added
    to `sink` (returned), else to a new list. `described`: the act descriptions the write holds already (each is
    added once)."""
    out = Emitter(plan.act, minter, changeset, recorded_at, sink, described)
    _act(out, document, new=not stored_events)
    _portion_identifiers(out, document, plan)
    parent_of = {unit.path: unit.parent_path for unit in document.units}
    for unit, order in plan.new_provisions:
        provision = NamedNode(minter.provision(plan.act, unit.path))
        parent = NamedNode(minter.provision(plan.act, unit.parent_path)) if unit.parent_path else out.act
        # the transitive closure of lex:parent, so that context and descendants are plain index lookups
        out.add(provision, LEX.within, out.act)
        ancestor = unit.parent_path
        while ancestor:
            out.add(provision, LEX.within, NamedNode(minter.provision(plan.act, ancestor)))
            ancestor = parent_of.get(ancestor)
        out.add(provision, RDF.type, LEX.Provision)
        out.recorded(provision)  # known from then on ("as known at" a time before, it is an unknown reference)
        out.add(provision, LEX.act, out.act)
        out.add(provision, LEX.parent, parent)
        out.add(provision, LEX.order, Literal(str(order), datatype=XSD.decimal))
        out.add(provision, LEX.unitType, Literal(unit.unit_type))
        out.add(provision, LEX.path, Literal(unit.path))
        if unit.eid:
            out.add(provision, LEX.eId, Literal(unit.eid))
        if unit.line:
            out.add(provision, LEX.sourceLine, Literal(str(unit.line), datatype=XSD.integer))
    for version in plan.new_versions:
        node = NamedNode(version.iri)
        provision = NamedNode(minter.provision(plan.act, version.path))
        out.add(node, RDF.type, LEX.Version)
        out.add(node, LEX.versionOf, provision)
        out.add(node, LEX.act, out.act)
        out.add(node, LEX.validFrom, date_literal(version.valid_from))
        if version.applicable_from:
            out.add(node, LEX.applicableFrom, date_literal(version.applicable_from))
        out.add(node, PROV.wasGeneratedBy, NamedNode(version.opened_by))
        if version.previous:
            out.add(node, PROV.wasRevisionOf, NamedNode(version.previous))
        if version.begins_history:
            out.add(node, LEX.beginsHistory, _TRUE)
        out.recorded(node)
        _record(out, version.record, document.language)
    for record in plan.new_records:
        _record(out, record, document.language)
    for spec in plan.events.values():
        event = NamedNode(spec.iri)
        if spec.iri not in stored_events:
            out.add(event, RDF.type, LEX.Event)
            out.add(event, RDF.type, LEX[EVENT_CLASSES[spec.kind]])
            out.add(event, LEX.date, date_literal(spec.day))
            out.add(event, LEX.affectedAct, out.act)
            out.recorded(event)
            if document.authority and spec.kind == "enactment":
                out.add(event, LEX.authority, NamedNode(minter.authority(document.authority)))
        # a recorded event keeps the source acts, provisions and notes it was recorded with: a link added to it
        # later would carry no transaction time ("as known at" must not see it before it was added)
        if spec.iri not in stored_events:
            for source in sorted(spec.source_acts):
                out.add(event, LEX.sourceAct, cited_act(out, source, document))
            for source_provision in sorted(spec.source_provisions):
                out.add(event, LEX.sourceProvision, NamedNode(source_provision))
            for note in sorted(spec.notes):
                out.add(event, LEX.sourceNote, Literal(note))
        for path in sorted(spec.affects):
            out.add(event, LEX.affects, NamedNode(minter.provision(plan.act, path)))
        for version in sorted(spec.opens):
            out.add(event, LEX.opens, NamedNode(version))
        for version in sorted(spec.closes):
            out.add(event, LEX.closes, NamedNode(version))
            out.add(NamedNode(version), PROV.wasInvalidatedBy, event)
    if plan.changes_anything or plan.advances_currency:
        out.add(out.changeset, RDF.type, LEX.Changeset)
        out.add(out.changeset, PROV.startedAtTime, out.recorded_at)
        out.add(out.changeset, LEX.sourceFile, Literal(document.path))
        out.add(out.changeset, LEX.expressionDate, date_literal(document.expression_date))
        out.add(out.changeset, LEX.act, out.act)
        if document.current_to:
            out.add(out.changeset, LEX.currentTo, date_literal(document.current_to))
    return out.quads


def _record(out: Emitter, record: NewRecord, language: str) -> None:
    node = NamedNode(record_iri(out.minter, record, language))
    version = NamedNode(record.version)
    out.add(node, RDF.type, LEX.VersionRecord)
    out.add(node, LEX.recordOf, version)
    added = expression_iri(out.minter, record, language)
    if record.unit is not None and added:
        expression = NamedNode(added)
        out.add(expression, RDF.type, LEX.Expression)
        out.add(expression, LEX.realizes, version)
        out.add(expression, LEX.language, Literal(language))
        out.add(expression, LEX.text, Literal(record.unit.text))
        if record.unit.number:
            out.add(expression, LEX.number, Literal(record.unit.number))
        if record.unit.heading:
            out.add(expression, LEX.heading, Literal(record.unit.heading))
        out.recorded(expression)
    for kept in sorted(record_expressions(out.minter, record, language).values()):
        out.add(node, LEX.expression, NamedNode(kept))
    if record.valid_until:
        out.add(node, LEX.validUntil, date_literal(record.valid_until))
    if record.closed_by:
        out.add(node, LEX.closedBy, NamedNode(record.closed_by))
    out.recorded(node)
    if record.supersedes:
        previous = NamedNode(record.supersedes)
        out.add(previous, LEX.supersededAt, out.recorded_at)
        out.add(previous, LEX.supersededBy, out.changeset)


def _act(out: Emitter, document: SourceDocument, new: bool) -> None:
    act = out.act
    out.describe(act, RDF.type, LEX.Act)
    out.describe(act, LEX.frbrWork, Literal(document.frbr_work))
    for alias in document.frbr_aliases:
        out.describe(act, LEX.frbrWork, Literal(alias))
    if new:  # as first recorded (untimed); what a later expression says of the act is in the act's versions
        out.describe(act, LEX.title, Literal(document.title))
        if document.short_title:
            out.describe(act, LEX.shortTitle, Literal(document.short_title))
        out.describe(act, LEX.jurisdiction, Literal(document.jurisdiction))
        out.describe(act, LEX.actType, Literal(document.act_type))
        out.describe(act, LEX.actNumber, Literal(document.act_number))
        out.describe(act, LEX.documentDate, date_literal(document.work_date))
        if document.publication_date:
            out.describe(act, LEX.publicationDate, date_literal(document.publication_date))
    # the act was known only by reference before it was ingested: the IRIs minted for it then name it
    for earlier, same in out.minter.known.equivalences(act.value):
        out.describe(NamedNode(earlier), OWL.sameAs, NamedNode(same))


def _portion_identifiers(out: Emitter, document: SourceDocument, plan: Plan) -> None:
    """The URIs the source's own scheme gives each new provision (``portion_paths`` in its mapping, e.g.
    http://www.legislation.gov.uk/ukpga/1998/29/section/7), so that `resolve` finds it by one lookup."""
    rule = _portion_paths(document.mapping)
    if rule is None:
        return
    act_identifiers = [document.frbr_work, *document.frbr_aliases]
    for unit, _ in plan.new_provisions:
        if unit.eid:
            provision = NamedNode(out.minter.provision(plan.act, unit.path))
            for identifier in rule.identifiers(act_identifiers, unit.eid):
                out.add(provision, DCTERMS.identifier, Literal(identifier))


@cache
def _portion_paths(mapping_name: str) -> PortionPaths | None:
    mapping = next((m for m in all_mappings() if m.name == mapping_name), None)
    return PortionPaths.from_rule(mapping.get("portion_paths")) if mapping else None


def cited_act(out: Emitter, reference: str, document: SourceDocument) -> NamedNode:
    """The act an event names as its source: this act, an act we hold (by its own IRI, described in its own
    graph), or an act known only by reference, described here by what the citing source says of it."""
    if reference == out.act.value:
        return out.act
    if reference.startswith(out.minter.base.rstrip("/") + "/eli/"):  # already one of ours (an announced change's act)
        return NamedNode(reference)
    held = out.minter.known.act(reference)
    if held:
        return NamedNode(held)
    return describe_reference(out, reference, document.cited_acts.get(reference))


def describe_reference(out: Emitter, reference: str, cited: ActReference | None) -> NamedNode:
    """An act known only by reference, described in this graph by what the citing source says of it (`cited`)."""
    node = NamedNode(out.minter.cited_act(reference))
    out.describe(node, RDF.type, LEX.Act)
    for form in identifier_forms(reference):  # as written, and the work an expression URI names
        out.describe(node, LEX.frbrWork, Literal(form))
    out.describe(node, LEX.knownByReference, _TRUE)
    if cited and cited.title:
        out.describe(node, LEX.title, Literal(cited.title))
        out.describe(node, RDFS.label, Literal(cited.title))
    if cited and cited.day:
        out.describe(node, LEX.documentDate, date_literal(cited.day))
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


__all__ = ["Emitter", "QuadSink", "cited_act", "date_literal", "describe_reference", "emit_act", "provenance_quads"]
