"""The graphs of quads a SAT-Graph import fills (one per act or item), where each item lives, the import summary,
the sat: namespace and the tables of action types, and the readers of a resource's metadata (binding scope,
authority, reading)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pyoxigraph import Literal, NamedNode, Quad

from lexrdf.satgraph.model import Action, Assumption, TextUnit
from lexrdf.satgraph.urn import parse_urn
from lexrdf.uris import IriMinter, slug
from lexrdf.vocab import LEX, XSD, Namespace

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
