"""Mapping a SAT-Graph dataset's items: acts, their provisions (with their parents and document order), and
interpretive items."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from pyoxigraph import Literal, NamedNode

from lexrdf.emit import date_literal
from lexrdf.satgraph.mapping.graphs import (
    SAT,
    GraphQuads,
    Placed,
    _json,
    _kept,
)
from lexrdf.satgraph.mapping.state import PlanState
from lexrdf.satgraph.model import Item
from lexrdf.satgraph.urn import is_statutory, parse_urn
from lexrdf.vocab import DCTERMS, LEX, RDF, XSD


class ItemsPart(PlanState):
    """Items as acts, provisions and interpretive items."""

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
