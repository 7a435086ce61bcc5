"""What the parts of a SAT-Graph mapping share: the dataset, the minter, the graphs made so far, where each item,
version and action goes (placed before any is mapped, so that each can name the others), whom rulings bind, the
text units that describe a resource, and the notices."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pyoxigraph import Literal, NamedNode

from lexrdf.satgraph.mapping.graphs import (
    ACTION_CLASSES,
    RELATIONS,
    SAT,
    GraphQuads,
    ImportSummary,
    Placed,
    _json,
    _kept,
    _metadata_of,
    _ordinal_iri,
    _scope,
)
from lexrdf.satgraph.model import Action, Dataset, TextUnit, Version
from lexrdf.satgraph.urn import SatMinter, parse_urn
from lexrdf.txtime import stamp
from lexrdf.uris import IriMinter, KnownActs, short_hash, slug
from lexrdf.vocab import DCTERMS, LEX, PROV, RDF, RDFS


class PlanState:
    """The state of one mapping (no store access beyond what `known` and `provisional` give): graphs and placements."""

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

    def changesets(self) -> None:
        for out in self.graphs.values():
            out.add(out.changeset, RDF.type, LEX.Changeset)
            out.add(out.changeset, PROV.startedAtTime, out.recorded)
            out.add(out.changeset, LEX.sourceFile, Literal(self.source))
            out.add(out.changeset, LEX.act, NamedNode(out.iri))
