"""Mapping a SAT-Graph dataset's actions and relations: each action an event in the graph of every act or item
whose versions it opens or closes (a ruling with whom it binds and how it treats the readings it ends), each
relation a sat:Relation in its source's graph."""

from __future__ import annotations

from datetime import date

from pyoxigraph import Literal, NamedNode

from lexrdf.emit import date_literal
from lexrdf.satgraph.mapping.graphs import (
    _AUTHORITY_KEYS,
    _RELATION_OF_TYPE,
    _TRUE,
    ACTION_CLASSES,
    ERGA_OMNES_ASSUMED,
    RELATIONS,
    RULING_CLASSES,
    SAT,
    GraphQuads,
    _json,
    _kept,
    _metadata_of,
    _urn_authority,
)
from lexrdf.satgraph.mapping.state import PlanState
from lexrdf.satgraph.model import Action, Relation, Version
from lexrdf.satgraph.urn import parse_urn
from lexrdf.uris import short_hash
from lexrdf.vocab import DCTERMS, LEX, RDF, RDFS


class EventsPart(PlanState):
    """Actions as events; relations."""

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
