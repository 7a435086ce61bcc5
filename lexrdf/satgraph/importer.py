"""Importing a SAT-Graph dataset: items, versions, text units and actions become lexrdf acts, provisions,
interpretive items, versions, interpretations and events, one named graph per act or item.

What maps to what (docs/satgraph.md has the full table):

- an item whose id is a URN LEX work is a `lex:Act` at its ELI IRI; a URN LEX component (`...!art6_cpt`) a
  `lex:Provision` of that act (the act is created when the dataset does not hold it as an item); any other item
  (a doctrine, a precedent, a proposition, or an item typed so) a `lex:InterpretiveItem` at ``{base}/item/{slug}``;
- a statutory version is a `lex:Version` of its provision, an interpretive version a `lex:Interpretation` of its
  item; each gets one `lex:VersionRecord` with its window end (`lex:validUntil`, `lex:closedBy`) and its
  canonical text units as `lex:Expression`s; other text units (summary, ratio, ...) are `sat:TextUnit`s;
- a documentary version (a source document's own text, such as a ruling's), or one of a type lexrdf does not
  know, is a `sat:Version` with its type as written and a `sat:VersionRecord`, its texts `sat:TextUnit`s: the
  SAT-Graph operations serve it, lexrdf's own queries never take it for the law's text;
- a relation is a `sat:Relation` in its source's graph, its predicate as written;
- an action is a `lex:Event` (a ruling a `lex:JudicialDecision` or `lex:AdministrativeDecision`) opening the
  versions it produces and closing those it terminates; a version no action opened (or closed) is opened by a
  `lex:UnrecordedStart` (closed by a `lex:UnrecordedEnd`), which the SAT-Graph side does not see;
- every SAT-Graph id is the resource's `dcterms:identifier` (an act's is also its `lex:frbrWork`), so `resolve`
  and the SAT-Graph operations find it; what lexrdf has no term for is kept under `sat:` (`sat:metadata` as JSON,
  the action's own intervals, an applicability end), and so are fields it does not map (`sat:extra`) and the
  values it assumed for fields left out (`sat:assumed`: a version's `type` statutory, a ruling's `bindingScope`
  erga omnes), which the operations state in their answers;
- what the dataset holds that lexrdf does not know never refuses it: one warning per kind names the file, the JSON
  path of the first occurrence and how many there were.

The dataset's graphs are handed together to the commit gate every act graph goes through (lexrdf.ingest.commit):
each is validated with the SHACL shapes, and only if every one conforms are they written, in one group commit (each
graph its own change, with one changeset timed at the commit: lexrdf.txtime), the views of its acts and the index
documents of every graph rebuilt; a dataset with a violation writes nothing. A graph the store holds for another
identifier (an act ingested from other sources under the same ELI IRI) is refused. Re-importing writes only
resources not stored yet; a version recorded anew supersedes its stored record. The quads themselves are made by
lexrdf.satgraph.mapping.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from pyoxigraph import Literal, NamedNode, Quad

from lexrdf.errors import SourceError
from lexrdf.ingest.commit import ActWrite, commit
from lexrdf.satgraph.mapping.graphs import SAT, GraphQuads, ImportSummary
from lexrdf.satgraph.mapping.plan import Plan
from lexrdf.satgraph.model import Dataset
from lexrdf.satgraph.urn import SatMinter, is_statutory, parse_urn
from lexrdf.settings import Settings
from lexrdf.store.base import Store
from lexrdf.txtime import Pending
from lexrdf.uris import IriMinter, KnownActs
from lexrdf.validate import Report
from lexrdf.vocab import DCTERMS, LEX, RDF


def read_dataset(path: str | Path) -> Dataset:
    """Parse a SAT-Graph JSON file, naming the file on any error."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SourceError(str(path), None, f"cannot read file ({exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise SourceError(str(path), exc.lineno, f"not valid JSON: {exc.msg}") from exc
    if not isinstance(data, dict):
        raise SourceError(str(path), None, "not a SAT-Graph dataset (an object with items, versions, actions)")
    return Dataset.parse(data, str(path))


def _known_acts(store: Store, dataset: Dataset, minter: SatMinter) -> KnownActs:
    """The acts the dataset or the store holds under a URN LEX work, so actions cite them by their own IRI."""
    held: dict[str, str] = {}
    for item in dataset.items:
        urn = parse_urn(item.id)
        if urn is not None and is_statutory(item.id, item.type_id):
            held[urn.work] = minter.act(urn)
    works = {urn.work for urn in (parse_urn(a.id) for a in dataset.actions) if urn is not None} - set(held)
    for work in works:
        urn = parse_urn(work)
        assert urn is not None
        act = minter.act(urn)
        if any(quad.object == Literal(work) for quad in _subject_quads(store, act, LEX.frbrWork)):
            held[work] = act
    return KnownActs(held)


def _subject_quads(store: Store, graph: str, predicate: NamedNode) -> Iterable[Quad]:
    node = NamedNode(graph)
    return (q for q in store.graph_quads(node) if q.subject == node and q.predicate == predicate)


def _superseded(held: list[Quad], new: list[Quad], out: GraphQuads) -> list[Quad]:
    """A stored version recorded anew (a later dataset ends its window): its current record is superseded by the
    new one, as an ingest closes a window (nothing stored is edited)."""
    recorded_anew = {q.object for q in new if q.predicate == LEX.recordOf}
    superseded = {q.subject for q in held if q.predicate == LEX.supersededAt}
    current = {q.subject for q in held if q.predicate == LEX.recordOf and q.object in recorded_anew} - superseded
    return [
        quad
        for record in sorted(current, key=str)
        for quad in (
            Quad(record, LEX.supersededAt, out.recorded, NamedNode(out.iri)),
            Quad(record, LEX.supersededBy, out.changeset, NamedNode(out.iri)),
        )
    ]


def _owner_check(store: Store, out: GraphQuads, path: str) -> None:
    """Refuse to write into a graph the store holds for something else than this dataset's item."""
    node = NamedNode(out.iri)
    stored = [q for q in store.graph_quads(node) if q.subject == node]
    if not stored:
        return
    ours = {q.object for q in out.quads if q.subject == node and q.predicate in (LEX.frbrWork, DCTERMS.identifier)}
    theirs = {q.object for q in stored if q.predicate in (LEX.frbrWork, DCTERMS.identifier)}
    if not ours & theirs:
        raise SourceError(path, None, f"{out.iri} is held in the store under other identifiers: not written into")


def import_dataset(path: str | Path, store: Store, settings: Settings) -> ImportSummary:
    """Import one SAT-Graph JSON file into the store (validated first; all graphs or none). The caller publishes."""
    dataset = read_dataset(path)
    minter = IriMinter(settings.base_iri)
    plan = Plan(dataset, minter, _known_acts(store, dataset, SatMinter(minter)), str(path), store.clock.next)
    plan.place_items()
    plan.place_versions()
    plan.place_actions()
    plan.versions()
    plan.actions()
    plan.relations()
    plan.changesets()
    plan.notices()
    writes: list[ActWrite] = []
    items: set[str] = set()  # interpretive items' graphs: no views, their texts indexed
    for out in plan.graphs.values():
        _owner_check(store, out, str(path))
        held = list(store.graph_quads(NamedNode(out.iri)))
        stored = {q.subject for q in held if q.predicate == RDF.type}
        new = [q for q in dict.fromkeys(out.quads) if q.subject not in stored]
        if all(q.subject == out.changeset for q in new):
            continue
        new += _superseded(held, new, out)
        provisional = datetime.fromisoformat(out.recorded.value)  # as planned; the commit's time replaces it
        writes.append(ActWrite(out.iri, new, pending=Pending([(provisional, out.changeset.value)])))
        if not any(q.subject == NamedNode(out.iri) and q.object == LEX.Act for q in out.quads):
            items.add(out.iri)
    failures = [(act, report) for act, report in commit(store, writes, items).items() if not report.conforms]
    if failures:
        raise DatasetRefused(str(path), failures)
    plan.summary.quads += sum(len(write.quads) for write in writes)
    plan.summary.graphs = len(writes)
    return plan.summary


class DatasetRefused(SourceError):
    """A dataset whose graphs do not conform to the shapes: nothing was written."""

    def __init__(self, path: str, failures: list[tuple[str, Report]]) -> None:
        self.failures = failures
        first_graph, first = failures[0]
        detail = "; ".join(f"{result.focus}: {result.message}" for result in first.violations[:3])
        super().__init__(
            path, None, f"{len(failures)} graph(s) violate the shapes, nothing written ({first_graph}: {detail})"
        )


__all__ = ["SAT", "DatasetRefused", "ImportSummary", "import_dataset", "read_dataset"]
