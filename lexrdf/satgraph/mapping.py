"""Mapping a SAT-Graph dataset onto lexrdf quads, one graph per act or item (see lexrdf.satgraph.importer for
what maps to what); knows nothing about the store beyond the acts it is told are held.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from pyoxigraph import Literal, NamedNode, Quad

from lexrdf.emit import date_literal
from lexrdf.satgraph.model import Action, Assumption, Dataset, Item, Relation, TextUnit, Version
from lexrdf.satgraph.urn import SatMinter, is_statutory, parse_urn
from lexrdf.txtime import stamp
from lexrdf.uris import IriMinter, KnownActs, short_hash, slug
from lexrdf.vocab import DCTERMS, LEX, PROV, RDF, RDFS, XSD, Namespace

SAT = Namespace("https://w3id.org/lexrdf/satgraph#")
JSON_LITERAL = NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#JSON")
_TRUE = Literal("true", datatype=XSD.boolean)

#: SAT-Graph action type -> lexrdf event kind (lex: class); rulings are also lex:BindingRuling
ACTION_CLASSES: dict[str, str] = {
    "Amendment": "Amendment",
    "Legislative Override": "Amendment",
    "Creation": "Enactment",
    "Revocation": "Repeal",
    "Repeal": "Repeal",
    "Interpretation": "JudicialDecision",
    "Overruling": "JudicialDecision",
    "Distinguishing": "JudicialDecision",
    "Constitutional Mutation": "JudicialDecision",
}
RULING_CLASSES = frozenset({"JudicialDecision", "AdministrativeDecision"})
#: how a ruling relates to the interpretations it ends: by its metadata's `relation`, else by its type
RELATIONS = {"overrules": "overrules", "supersedes": "supersedes", "refines": "refines", "unifies": "unifies"}
_RELATION_OF_TYPE = {"Overruling": "overrules", "Distinguishing": "refines"}
_SCOPES = {"ergaomnes": LEX.ErgaOmnes, "interpartes": LEX.InterPartes}
_AUTHORITY_KEYS = ("authority", "court", "legislature", "issuingBody", "organ")


@dataclass
class ImportSummary:
    """What an import did."""

    items: int = 0
    versions: int = 0
    interpretations: int = 0
    documents: int = 0  # versions of another type than statutory or interpretive (documentary, or unknown)
    relations: int = 0
    actions: int = 0
    text_units: int = 0
    graphs: int = 0
    quads: int = 0
    warnings: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"{self.items} items, {self.versions} versions, {self.interpretations} interpretations, "
            + (f"{self.documents} documentary and other versions, " if self.documents else "")
            + f"{self.actions} actions, {self.text_units} text units, "
            + (f"{self.relations} relations, " if self.relations else "")
            + f"{self.quads} quads in {self.graphs} graphs"
            + (f"; {len(self.warnings)} warnings" if self.warnings else "")
        )


@dataclass(frozen=True)
class Placed:
    """Where an item lives: its IRI, the graph that holds it, and whether it is an act, provision or item."""

    iri: str
    graph: str
    kind: str  # act | provision | interpretive


@dataclass
class GraphQuads:
    """The quads one graph receives, with its provisional changeset."""

    iri: str
    changeset: NamedNode
    recorded: Literal
    quads: list[Quad] = field(default_factory=list)

    def add(self, subject: NamedNode, predicate: NamedNode, obj: NamedNode | Literal) -> None:
        self.quads.append(Quad(subject, predicate, obj, NamedNode(self.iri)))

    def recorded_now(self, subject: NamedNode) -> None:
        self.add(subject, LEX.recordedAt, self.recorded)
        self.add(subject, LEX.recordedBy, self.changeset)


def _json(value: Any) -> Literal:
    return Literal(json.dumps(value, ensure_ascii=False, sort_keys=True), datatype=JSON_LITERAL)


def _kept(out: GraphQuads, node: NamedNode, extra: Any, assumed: tuple[Assumption, ...] = ()) -> None:
    """What lexrdf does not map, kept on the resource: the fields it does not know (`sat:extra`, as they came) and
    the values it took for fields the dataset left out (`sat:assumed`); the operations return both."""
    if extra:
        out.add(node, SAT.extra, _json(dict(extra)))
    if assumed:
        out.add(node, SAT.assumed, _json([assumption.json() for assumption in assumed]))


#: what an import takes when a ruling (or its interpretation) gives no `bindingScope`
ERGA_OMNES_ASSUMED = Assumption(
    "bindingScope",
    "erga omnes",
    "the dataset gives no bindingScope; SAT-Graph interpretive versions are taken as the binding reading, for all",
)


def _ordinal_iri(base: str, taken: set[str]) -> str:
    """`base`, or `base-2`, `base-3`... when taken (two states of one item starting on one day)."""
    iri, index = base, 1
    while iri in taken:
        index += 1
        iri = f"{base}-{index}"
    taken.add(iri)
    return iri


class Plan:
    """Maps one dataset onto graphs of quads (no store access beyond what `known` and `provisional` give)."""

    def __init__(
        self, dataset: Dataset, minter: IriMinter, known: KnownActs, source: str, provisional: Callable[[], datetime]
    ) -> None:
        self.dataset = dataset
        self.minter = minter.knowing(known)
        self.sat = SatMinter(self.minter)
        self.source = source
        self.provisional = provisional
        self.graphs: dict[str, GraphQuads] = {}
        self.placed: dict[str, Placed] = {}  # item id -> where it lives
        self.version_iri: dict[str, str] = {}  # version id -> IRI
        self.version_graph: dict[str, str] = {}
        self.event_iri: dict[str, str] = {}  # action id -> IRI
        self.summary = ImportSummary()
        self._taken: set[str] = set()
        self._unscoped: dict[str, str] = {}  # ruling id -> JSON path of its metadata, when it has no bindingScope
        self._action_index = {action.id: index for index, action in enumerate(dataset.actions)}
        self._version_index = {version.id: index for index, version in enumerate(dataset.versions)}

    # -- graphs ---------------------------------------------------------------------------------------------
    def graph(self, iri: str) -> GraphQuads:
        if iri not in self.graphs:
            moment = self.provisional()
            changeset = NamedNode(self.minter.new_changeset(moment))
            self.graphs[iri] = GraphQuads(iri, changeset, stamp(moment))
        return self.graphs[iri]

    # -- items ----------------------------------------------------------------------------------------------
    def place_items(self) -> None:
        items = {item.id: item for item in self.dataset.items}
        for version in self.dataset.versions:  # an item named only by its versions
            items.setdefault(version.item_id, Item(version.item_id, "provision", version.item_id))
        order: dict[str, int] = defaultdict(int)
        for item in items.values():
            urn = parse_urn(item.id)
            if is_statutory(item.id, item.type_id) and urn is not None:
                act = self.sat.act(urn)
                if urn.path:
                    self.placed[item.id] = Placed(self.sat.provision(urn), act, "provision")
                else:
                    self.placed[item.id] = Placed(act, act, "act")
            else:
                iri = self.sat.item(item.id)
                self.placed[item.id] = Placed(iri, iri, "interpretive")
        for item in items.values():
            place = self.placed[item.id]
            if place.kind == "act":
                self._act(item, place)
            elif place.kind == "interpretive":
                self._interpretive_item(item, place)
        for item in items.values():
            place = self.placed[item.id]
            if place.kind == "provision":
                self._ensure_act(place.graph, parse_urn(item.id).work)  # type: ignore[union-attr]
                order[place.graph] += 1
                self._provision(item, place, items, order[place.graph])
        self.summary.items = len(self.dataset.items)

    def _described(self, out: GraphQuads, node: NamedNode, item: Item) -> None:
        out.add(node, DCTERMS.identifier, Literal(item.id))
        out.add(node, DCTERMS.title, Literal(item.label))
        if item.urn:
            out.add(node, SAT.urn, Literal(item.urn))
        if item.url:
            out.add(node, SAT.url, Literal(item.url))
        if item.metadata is not None:
            out.add(node, SAT.metadata, _json(item.metadata))
        _kept(out, node, item.extra)

    def _act(self, item: Item, place: Placed) -> None:
        urn = parse_urn(item.id)
        assert urn is not None
        out = self.graph(place.graph)
        node = NamedNode(place.iri)
        self._act_triples(out, node, urn.work, item.label)
        out.add(node, SAT.typeId, Literal(item.type_id))
        self._described(out, node, item)

    def _act_triples(self, out: GraphQuads, node: NamedNode, work: str, title: str) -> None:
        urn = parse_urn(work)
        assert urn is not None
        out.add(node, RDF.type, LEX.Act)
        out.add(node, LEX.frbrWork, Literal(work))
        out.add(node, LEX.title, Literal(title))
        out.add(node, LEX.jurisdiction, Literal(urn.jurisdiction))
        out.add(node, LEX.actType, Literal(urn.act_type))
        out.add(node, LEX.actNumber, Literal(urn.number))
        if len(urn.work_date) == 10:
            out.add(node, LEX.documentDate, date_literal(date.fromisoformat(urn.work_date)))

    def _ensure_act(self, act: str, work: str) -> None:
        """The act of a provision the dataset holds no item for: titled by the dataset's source naming it."""
        if any(place.iri == act for place in self.placed.values()):
            return
        title = next(
            (
                str(source.get("label"))
                for source in self.dataset.metadata.get("sources") or []
                if isinstance(source, dict) and work in str(source.get("url", "")) and source.get("label")
            ),
            work,
        )
        out = self.graph(act)
        self._act_triples(out, NamedNode(act), work, title)
        out.add(NamedNode(act), DCTERMS.identifier, Literal(work))
        self.placed[work] = Placed(act, act, "act")

    def _interpretive_item(self, item: Item, place: Placed) -> None:
        out = self.graph(place.graph)
        node = NamedNode(place.iri)
        out.add(node, RDF.type, LEX.InterpretiveItem)
        out.add(node, LEX.itemKind, Literal(item.type_id))
        out.recorded_now(node)
        self._described(out, node, item)
        parent = self.placed.get(item.parent_id or "")
        if parent:
            out.add(node, DCTERMS.isPartOf, NamedNode(parent.iri))

    def _provision(self, item: Item, place: Placed, items: dict[str, Item], order: int) -> None:
        urn = parse_urn(item.id)
        assert urn is not None and urn.path
        out = self.graph(place.graph)
        node = NamedNode(place.iri)
        chain = self._ancestors(item, items, place.graph)
        out.add(node, RDF.type, LEX.Provision)
        out.recorded_now(node)
        out.add(node, LEX.act, NamedNode(place.graph))
        out.add(node, LEX.parent, NamedNode(chain[0] if chain else place.graph))
        out.add(node, LEX.within, NamedNode(place.graph))
        for ancestor in chain:
            out.add(node, LEX.within, NamedNode(ancestor))
        out.add(node, LEX.order, Literal(str(order), datatype=XSD.decimal))
        out.add(node, LEX.unitType, Literal(item.type_id))
        out.add(node, LEX.path, Literal(urn.path))
        out.add(node, LEX.eId, Literal(urn.path))
        self._described(out, node, item)

    def _ancestors(self, item: Item, items: dict[str, Item], act: str) -> list[str]:
        """The provisions above an item, nearest first: its `parentId`, else the longest path prefix the
        dataset holds (``art5_inc57`` is under ``art5``)."""
        chain: list[str] = []
        current: Item | None = item
        while current is not None:
            parent = self._parent(current, items, act)
            if parent is None or parent.id == item.id or self.placed[parent.id].iri in chain:
                break
            chain.append(self.placed[parent.id].iri)
            current = parent
        return chain

    def _parent(self, item: Item, items: dict[str, Item], act: str) -> Item | None:
        if item.parent_id and item.parent_id in items:
            parent = items[item.parent_id]
            place = self.placed[parent.id]
            return parent if place.kind == "provision" and place.graph == act else None
        urn = parse_urn(item.id)
        if urn is None or not urn.path:
            return None
        parts = urn.path.split("_")
        for cut in range(len(parts) - 1, 0, -1):
            candidate = f"{urn.work}!{'_'.join(parts[:cut])}"
            if candidate in items and self.placed[candidate].kind == "provision":
                return items[candidate]
        return None

    # -- versions -------------------------------------------------------------------------------------------
    def place_versions(self) -> None:
        for version in self.dataset.versions:
            place = self.placed[version.item_id]
            stem = {"statutory": "", "interpretive": "/interpretation"}.get(version.type, f"/{slug(version.type)}")
            iri = _ordinal_iri(f"{place.iri}{stem}/{version.validity.start.isoformat()}", self._taken)  # type: ignore[union-attr]
            self.version_iri[version.id] = iri
            self.version_graph[version.id] = place.graph

    def place_actions(self) -> None:
        versions = {version.id: version for version in self.dataset.versions}
        for index, action in enumerate(self.dataset.actions):
            if action.type not in ACTION_CLASSES:
                self.dataset.unknowns.saw(
                    f"action type {action.type!r}",
                    f"actions[{index}].type",
                    "kept as its dcterms:type and returned as its type (a lex:Amendment, or a lex:JudicialDecision "
                    "when it produces interpretations)",
                )
            relation = _metadata_of(action).get("relation")
            if relation is not None and str(relation).lower() not in RELATIONS:
                self.dataset.unknowns.saw(
                    f"ruling relation {relation!r}",
                    f"actions[{index}].metadata.relation",
                    "kept in its sat:metadata; the relation is taken from its type",
                )
            graphs = self._action_graphs(action, versions)
            home = graphs[0] if graphs else self._source_act(action)
            kind = ACTION_CLASSES.get(action.type, "Amendment")
            self.event_iri[action.id] = _ordinal_iri(
                self.minter.event(home, action.event_time, slug(kind.lower()), (action.id,)), self._taken
            )

    def _action_graphs(self, action: Action, versions: dict[str, Version]) -> list[str]:
        named = [*action.produces, *action.terminates]
        named += [v.id for v in versions.values() if action.id in (v.produced_by, v.terminated_by)]
        return list(dict.fromkeys(self.version_graph[v] for v in named if v in self.version_graph))

    def _source_act(self, action: Action) -> str:
        urn = parse_urn(action.id)
        return self.minter.cited_act(urn.work) if urn else self.minter.cited_act(action.id)

    def versions(self) -> None:
        actions = {action.id: action for action in self.dataset.actions}
        opened_by: dict[str, str] = {}
        closed_by: dict[str, str] = {}
        for version in self.dataset.versions:
            if version.produced_by:
                opened_by[version.id] = version.produced_by
            if version.terminated_by:
                closed_by[version.id] = version.terminated_by
        for action in self.dataset.actions:
            for produced in action.produces:
                opened_by.setdefault(produced, action.id)
            for terminated in action.terminates:
                closed_by.setdefault(terminated, action.id)
        units: dict[str, list[TextUnit]] = defaultdict(list)
        for unit in self.dataset.text_units:
            units[unit.source_id].append(unit)
        earliest: dict[str, date] = {}
        for version in self.dataset.versions:
            start = version.validity.start
            assert start is not None
            if version.type in ("statutory", "interpretive"):
                earliest[version.item_id] = min(start, earliest.get(version.item_id, start))
        for version in self.dataset.versions:
            for action_id in (opened_by.get(version.id), closed_by.get(version.id)):
                if action_id and action_id not in actions:
                    self.summary.warnings.append(f"version {version.id}: action {action_id} is not in the dataset")
            self._version(version, actions, opened_by, closed_by, units.pop(version.id, []), earliest)
            self._dated_by(version, actions, opened_by.get(version.id), closed_by.get(version.id))
        for source_id, rest in units.items():
            for unit in rest:
                self._text_unit(unit, source_id)
        self._concurrent()

    def _dated_by(self, version: Version, actions: dict[str, Action], opening: str | None, closing: str | None) -> None:
        """What in the dataset dated the version's start (`lex:datedBy` on the version) and its end (on its record):
        the file, the JSON path of its `validityInterval` and the action (with its `eventTime`) named for it."""
        where = f"{Path(self.source).name}: versions[{self._version_index[version.id]}].validityInterval"
        node = NamedNode(self.version_iri[version.id])
        out = self.graph(self.version_graph[version.id])
        start, end = version.validity.start, version.validity.end
        out.add(
            node, LEX.datedBy, Literal(f"{where} starts {start}, {self._action_words(actions, opening, 'produced')}")
        )
        if end is None and closing in actions:
            end = actions[closing].event_time  # the window the terminating action's eventTime closes
            where = f"{where} open-ended; "
        elif end is not None:
            where = f"{where} ends {end}, "
        if end is None:
            return
        record = NamedNode(self.minter.record(node.value, short_hash(version.id, version.validity.json())))
        out.add(record, LEX.datedBy, Literal(f"{where}{self._action_words(actions, closing, 'terminated')}"))

    def _action_words(self, actions: dict[str, Action], action_id: str | None, how: str) -> str:
        if action_id is None:
            return f"{how} by no action the dataset names"
        if action_id not in actions:
            return f"{how} by action {action_id}, which the dataset does not hold"
        index, action = self._action_index[action_id], actions[action_id]
        return f"{how} by action {action_id} ({action.type}, actions[{index}].eventTime {action.event_time})"

    def _concurrent(self) -> None:
        """Interpretations of one item whose windows overlap are `lex:concurrentWith` each other (the later one
        says it: it is the one recorded knowing the other)."""
        readings = sorted(
            (v for v in self.dataset.versions if v.type == "interpretive"), key=lambda v: (v.item_id, v.validity.start)
        )
        for index, later in enumerate(readings):
            for earlier in readings[:index]:
                overlaps = earlier.validity.end is None or later.validity.start < earlier.validity.end  # type: ignore[operator]
                if earlier.item_id == later.item_id and overlaps and later.validity.start != earlier.validity.end:
                    out = self.graph(self.version_graph[later.id])
                    out.add(
                        NamedNode(self.version_iri[later.id]),
                        LEX.concurrentWith,
                        NamedNode(self.version_iri[earlier.id]),
                    )

    def _version(
        self,
        version: Version,
        actions: dict[str, Action],
        opened_by: dict[str, str],
        closed_by: dict[str, str],
        units: list[TextUnit],
        earliest: dict[str, date],
    ) -> None:
        place = self.placed[version.item_id]
        out = self.graph(place.graph)
        node = NamedNode(self.version_iri[version.id])
        start = version.validity.start
        assert start is not None
        interpretive = version.type == "interpretive"
        documentary = version.type not in ("statutory", "interpretive")  # documentary, or a type kept as written
        opening = opened_by.get(version.id)
        opener = (
            NamedNode(self.event_iri[opening])
            if opening in self.event_iri
            else self._unrecorded(
                out, place, start, "started-without-recorded-act", "UnrecordedStart", node, opens=True
            )
        )
        if interpretive:
            out.add(node, RDF.type, LEX.Interpretation)
            out.add(node, LEX.interprets, NamedNode(place.iri))
            if opening in self.event_iri:
                out.add(node, LEX.fixedBy, opener)
            self.summary.interpretations += 1
        elif documentary:  # not the law's text nor its reading: lexrdf's own queries leave it out
            out.add(node, RDF.type, SAT.Version)
            out.add(node, SAT.versionOf, NamedNode(place.iri))
            out.add(node, SAT.versionType, Literal(version.type))
            self.summary.documents += 1
        else:
            out.add(node, RDF.type, LEX.Version)
            out.add(node, LEX.versionOf, NamedNode(place.iri))
            out.add(node, LEX.act, NamedNode(place.graph))
            if earliest[version.item_id] == start:
                out.add(node, LEX.beginsHistory, _TRUE)
            self.summary.versions += 1
        out.add(node, DCTERMS.identifier, Literal(version.id))
        out.add(node, LEX.validFrom, date_literal(start))
        out.add(node, PROV.wasGeneratedBy, opener)
        out.recorded_now(node)
        if version.applicability is not None:
            if version.applicability.start:
                out.add(node, LEX.applicableFrom, date_literal(version.applicability.start))
            if version.applicability.end:
                out.add(node, SAT.applicableUntil, date_literal(version.applicability.end))
        assumed = list(version.assumed)
        if interpretive:
            ruling = actions.get(opening or "")
            scope = _scope(self.minter, version.metadata)
            if scope is None and ruling is not None:
                scope = self.ruling_scope(ruling)
                if ruling.id in self._unscoped:
                    assumed.append(ERGA_OMNES_ASSUMED)
        if interpretive and scope is not None:
            self._scope_triples(out, scope)
            out.add(node, LEX.bindingScope, scope[0])
        for key, value in (("urn", version.urn), ("url", version.url)):
            if value:
                out.add(node, SAT[key], Literal(value))
        if version.metadata is not None:
            out.add(node, SAT.metadata, _json(version.metadata))
        _kept(out, node, version.extra, tuple(assumed))
        record = NamedNode(self.minter.record(node.value, short_hash(version.id, version.validity.json())))
        out.add(record, RDF.type, SAT.VersionRecord if documentary else LEX.VersionRecord)
        out.add(record, LEX.recordOf, node)
        out.recorded_now(record)
        end = version.validity.end
        closing = closed_by.get(version.id)
        if end is None and closing in actions:
            end = actions[closing].event_time
        if end is not None:
            out.add(record, LEX.validUntil, date_literal(end))
            closer = (
                NamedNode(self.event_iri[closing])
                if closing in self.event_iri
                else self._unrecorded(out, place, end, "ended-without-recorded-act", "UnrecordedEnd", node, opens=False)
            )
            out.add(record, LEX.closedBy, closer)
            out.add(node, PROV.wasInvalidatedBy, closer)
        if documentary:  # its texts, the canonical one too, are text units describing it
            for unit in units:
                self._text_unit(unit, version.id)
            return
        canonical = [unit for unit in units if unit.aspect == "canonical"]
        for unit in units:
            if unit.aspect != "canonical":
                self._text_unit(unit, version.id)
        languages: set[str] = set()
        for unit in canonical:
            expression = NamedNode(
                self.minter.expression(node.value, unit.language)
                if unit.language not in languages
                else self.minter.expression(node.value, unit.language, short_hash(unit.content))
            )
            languages.add(unit.language)
            self._expression(out, expression, node, record, unit.language, unit.content)
            out.add(expression, DCTERMS.identifier, Literal(unit.id))
            if unit.metadata is not None:
                out.add(expression, SAT.metadata, _json(unit.metadata))
            _kept(out, expression, unit.extra)
            self.summary.text_units += 1
        reading = canonical[0].content if canonical else _reading(units)
        if interpretive and reading is not None:
            out.add(node, LEX.text, Literal(reading))
            if not canonical:  # the reading taken from a ratio or holding: no canonical text unit of its own
                expression = NamedNode(self.minter.expression(node.value, units[0].language))
                self._expression(out, expression, node, record, units[0].language, reading)
                out.add(expression, SAT.derived, _TRUE)

    def _expression(
        self, out: GraphQuads, expression: NamedNode, version: NamedNode, record: NamedNode, language: str, text: str
    ) -> None:
        out.add(expression, RDF.type, LEX.Expression)
        out.add(expression, LEX.realizes, version)
        out.add(expression, LEX.language, Literal(language))
        out.add(expression, LEX.text, Literal(text))
        out.recorded_now(expression)
        out.add(record, LEX.expression, expression)

    def _unrecorded(
        self, out: GraphQuads, place: Placed, day: date, kind: str, cls: str, version: NamedNode, opens: bool
    ) -> NamedNode:
        """The event that opened (closed) a version when the dataset names no action for it."""
        event = NamedNode(self.minter.event(place.graph, day, kind))
        out.add(event, RDF.type, LEX.Event)
        out.add(event, RDF.type, LEX[cls])
        out.add(event, LEX.date, date_literal(day))
        if place.kind != "interpretive":
            out.add(event, LEX.affectedAct, NamedNode(place.graph))
        out.add(event, LEX.affects, NamedNode(place.iri))
        out.add(event, LEX.opens if opens else LEX.closes, version)
        out.recorded_now(event)
        return event

    def ruling_scope(self, action: Action) -> tuple[NamedNode, str | None]:
        """Whom a ruling binds: its metadata's `bindingScope`, else erga omnes (SAT-Graph's interpretive versions
        are the binding reading of the item): an assumption, recorded (`sat:assumed`) and warned of once."""
        scope = _scope(self.minter, action.metadata)
        if scope is None:
            self._unscoped.setdefault(action.id, f"actions[{self._action_index[action.id]}].metadata.bindingScope")
            scope = (LEX.ErgaOmnes, None)
        return scope

    def notices(self) -> None:
        """One warning per kind of what the dataset holds that lexrdf does not know, and per default it assumed,
        each naming the file and the JSON path of the first occurrence."""
        if self._unscoped:
            first, count = next(iter(self._unscoped.values())), len(self._unscoped)
            self.summary.warnings.append(
                f"{self.source}: {first}: absent for {count} ruling{'s' if count != 1 else ''}, taken as erga omnes "
                "(recorded as sat:assumed and stated in the answers)"
            )
        self.summary.warnings.extend(self.dataset.unknowns.warnings(self.source))

    def _scope_triples(self, out: GraphQuads, scope: tuple[NamedNode, str | None]) -> None:
        node, label = scope
        if label is not None:
            out.add(node, RDF.type, LEX.ProceduralContext)
            out.add(node, RDFS.label, Literal(label))

    def _text_unit(self, unit: TextUnit, source_id: str) -> None:
        """A text unit that is not a version's canonical text: a `sat:TextUnit` describing its source."""
        target, graph = self._source_of(source_id)
        if target is None or graph is None:
            self.summary.warnings.append(f"text unit {unit.id}: source {source_id} is not in the dataset")
            return
        out = self.graph(graph)
        node = NamedNode(f"{target}/text/{slug(unit.aspect)}/{slug(unit.language)}-{short_hash(unit.id)[:6]}")
        out.add(node, RDF.type, SAT.TextUnit)
        out.add(node, SAT.describes, NamedNode(target))
        out.add(node, SAT.sourceType, Literal(unit.source_type))
        out.add(node, SAT.aspect, Literal(unit.aspect))
        out.add(node, LEX.language, Literal(unit.language))
        out.add(node, LEX.text, Literal(unit.content))
        out.add(node, DCTERMS.identifier, Literal(unit.id))
        if unit.metadata is not None:
            out.add(node, SAT.metadata, _json(unit.metadata))
        _kept(out, node, unit.extra)
        out.recorded_now(node)
        self.summary.text_units += 1

    def _source_of(self, source_id: str) -> tuple[str | None, str | None]:
        if source_id in self.version_iri:
            return self.version_iri[source_id], self.version_graph[source_id]
        if source_id in self.placed:
            return self.placed[source_id].iri, self.placed[source_id].graph
        if source_id in self.event_iri:
            graphs = self._action_graphs(
                next(a for a in self.dataset.actions if a.id == source_id),
                {v.id: v for v in self.dataset.versions},
            )
            return self.event_iri[source_id], (graphs[0] if graphs else None)
        return None, None

    # -- actions --------------------------------------------------------------------------------------------
    def actions(self) -> None:
        versions = {version.id: version for version in self.dataset.versions}
        for action in self.dataset.actions:
            graphs = self._action_graphs(action, versions)
            if not graphs:
                self.summary.warnings.append(f"action {action.id}: it produces and terminates no version we hold")
                continue
            for graph in graphs:
                self._event(self.graph(graph), action, versions)
            self.summary.actions += 1

    def _event(self, out: GraphQuads, action: Action, versions: dict[str, Version]) -> None:
        event = NamedNode(self.event_iri[action.id])
        metadata = _metadata_of(action)
        kind = ACTION_CLASSES.get(action.type) or (
            "JudicialDecision"
            if any(versions[v].type == "interpretive" for v in action.produces if v in versions)
            else "Amendment"
        )
        if kind == "JudicialDecision" and str(metadata.get("decisionType", "")).lower() == "administrative":
            kind = "AdministrativeDecision"
        out.add(event, RDF.type, LEX.Event)
        out.add(event, RDF.type, LEX[kind])
        out.add(event, DCTERMS.identifier, Literal(action.id))
        out.add(event, DCTERMS.type, Literal(action.type))
        out.add(event, LEX.date, date_literal(action.event_time))
        out.recorded_now(event)
        graph_place = next(p for p in self.placed.values() if p.graph == out.iri)
        if graph_place.kind != "interpretive":
            out.add(event, LEX.affectedAct, NamedNode(out.iri))
        out.add(event, LEX.sourceAct, self._cited(out, self._source_act(action), action))
        authority = next((str(metadata[key]) for key in _AUTHORITY_KEYS if metadata.get(key)), None) or _urn_authority(
            action.id
        )
        if authority:
            node = NamedNode(self.minter.authority(authority))
            out.add(event, LEX.authority, node)
            out.add(node, RDF.type, LEX.Authority)
            out.add(node, RDFS.label, Literal(authority))
        if metadata.get("publicationDate"):
            out.add(event, LEX.publicationDate, date_literal(date.fromisoformat(str(metadata["publicationDate"])[:10])))
        if kind in RULING_CLASSES:
            scope = self.ruling_scope(action)
            self._scope_triples(out, scope)
            out.add(event, LEX.bindingScope, scope[0])
        for interval, name in ((action.validity, "validityInterval"), (action.applicability, "applicabilityInterval")):
            if interval is not None:
                out.add(event, SAT[name], _json(interval.json()))
        if action.parent_id:
            out.add(event, SAT.parentId, Literal(action.parent_id))
        if action.metadata is not None:
            out.add(event, SAT.metadata, _json(action.metadata))
        _kept(out, event, action.extra, (ERGA_OMNES_ASSUMED,) if action.id in self._unscoped else ())
        for used in action.source_version_ids:
            iri = self.version_iri.get(used, used)
            try:
                out.add(event, LEX.sourceProvision, NamedNode(iri))
            except ValueError:
                self.summary.warnings.append(f"action {action.id}: source version {used} is not an IRI")
        produced = [v for v in versions.values() if v.produced_by == action.id]
        terminated = [v for v in versions.values() if v.terminated_by == action.id]
        produced_ids = list(dict.fromkeys([*action.produces, *(v.id for v in produced)]))
        terminated_ids = list(dict.fromkeys([*action.terminates, *(v.id for v in terminated)]))
        for version_id in produced_ids:
            if self.version_graph.get(version_id) == out.iri:
                out.add(event, LEX.opens, NamedNode(self.version_iri[version_id]))
                out.add(event, LEX.affects, NamedNode(self.placed[versions[version_id].item_id].iri))
        relation = RELATIONS.get(str(metadata.get("relation", "")).lower()) or _RELATION_OF_TYPE.get(action.type)
        ended_interpretations = [v for v in terminated_ids if v in versions and versions[v].type == "interpretive"]
        if relation is None and ended_interpretations:
            relation = "unifies" if len(ended_interpretations) > 1 and produced_ids else "supersedes"
        for version_id in terminated_ids:
            if self.version_graph.get(version_id) != out.iri:
                continue
            version = NamedNode(self.version_iri[version_id])
            out.add(event, LEX.closes, version)
            out.add(event, LEX.affects, NamedNode(self.placed[versions[version_id].item_id].iri))
            if versions[version_id].type == "interpretive" and kind in RULING_CLASSES and relation:
                out.add(event, LEX[relation], version)
            elif versions[version_id].type == "statutory" and kind in RULING_CLASSES:
                out.add(event, LEX.strikesDown, version)

    # -- relations ------------------------------------------------------------------------------------------
    def relations(self) -> None:
        """Each Relation a `sat:Relation` in the graph of its source item or version, its predicate kept as
        written (the specification's baseline or not); one whose source the dataset does not hold is left out."""
        for relation in self.dataset.relations:
            source, graph = self._source_of(relation.source_id)
            if source is None or graph is None:
                self.summary.warnings.append(
                    f"{self.source}: relation {relation.id}: source {relation.source_id} is not in the dataset"
                )
                continue
            self._relation(self.graph(graph), relation, NamedNode(source))

    def _relation(self, out: GraphQuads, relation: Relation, source: NamedNode) -> None:
        node = NamedNode(f"{source.value}/relation/{short_hash(relation.id)}")
        out.add(node, RDF.type, SAT.Relation)
        out.add(node, DCTERMS.identifier, Literal(relation.id))
        out.add(node, SAT.predicate, Literal(relation.predicate))
        out.add(node, SAT.source, source)
        out.add(node, SAT.sourceType, Literal(relation.source_type))
        target, _ = self._source_of(relation.target_id)
        if target is not None:
            out.add(node, SAT.target, NamedNode(target))
        out.add(node, SAT.targetId, Literal(relation.target_id))
        out.add(node, SAT.targetType, Literal(relation.target_type))
        if relation.validity is not None:
            out.add(node, SAT.validityInterval, _json(relation.validity.json()))
        if relation.metadata is not None:
            out.add(node, SAT.metadata, _json(relation.metadata))
        _kept(out, node, relation.extra)
        out.recorded_now(node)
        self.summary.relations += 1

    def _cited(self, out: GraphQuads, act: str, action: Action) -> NamedNode:
        """The act that made a change; one the store and dataset do not hold is described as known by reference."""
        node = NamedNode(act)
        if self.minter.is_cited_only(act):
            urn = parse_urn(action.id)
            out.add(node, RDF.type, LEX.Act)
            out.add(node, LEX.frbrWork, Literal(urn.work if urn else action.id))
            out.add(node, LEX.knownByReference, _TRUE)
        return node

    def changesets(self) -> None:
        for out in self.graphs.values():
            out.add(out.changeset, RDF.type, LEX.Changeset)
            out.add(out.changeset, PROV.startedAtTime, out.recorded)
            out.add(out.changeset, LEX.sourceFile, Literal(self.source))
            out.add(out.changeset, LEX.act, NamedNode(out.iri))


def _metadata_of(action: Action | None) -> dict[str, Any]:
    return action.metadata if action is not None and isinstance(action.metadata, dict) else {}


def _scope(minter: IriMinter, metadata: Any) -> tuple[NamedNode, str | None] | None:
    """The binding scope a ruling's or interpretation's metadata gives (`bindingScope`), as lex: terms."""
    if not isinstance(metadata, dict) or not metadata.get("bindingScope"):
        return None
    text = str(metadata["bindingScope"])
    known = _SCOPES.get("".join(ch for ch in text.lower() if ch.isalpha()))
    if known is not None:
        return known, None
    return NamedNode(f"{minter.base}/context/{slug(text.lower())}"), text


def _urn_authority(identifier: str) -> str | None:
    """The authority a URN LEX names (``urn:lex:br:supremo.tribunal.federal:acordao:...`` -> supremo.tribunal.federal).

    >>> _urn_authority("urn:lex:xx:supremo.tribunal:acordao:2012-03-01;hc1#ratio")
    'supremo.tribunal'
    """
    urn = parse_urn(identifier)
    if urn is None:
        return None
    parts = urn.work.split(":")[3:-2]
    return ":".join(parts) or None


def _reading(units: list[TextUnit]) -> str | None:
    for aspect in ("holding", "ratio", "summary", "description"):
        for unit in units:
            if unit.aspect == aspect:
                return unit.content
    return units[0].content if units else None


__all__ = ["ACTION_CLASSES", "SAT", "ImportSummary", "Plan", "Placed"]
