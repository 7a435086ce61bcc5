"""Views: graphs derived from one act graph and published beside it, in other vocabularies (docs/model.md, "The ELI
view").

A view is a folder of SPARQL CONSTRUCT files in this package (`eli/`): the view graph holds the union of what they
construct. Each file has the query library's header and typed parameters, of these: the act graph it reads
(``?__act_iri``), the graph it is written to (``?__view_iri``), the day its "in force" values are for
(``?__today_xsd_date``) and the moment it is built (``?__built_xsd_dateTime``). A view is several files rather than
one CONSTRUCT over a UNION because a CONSTRUCT instantiates its whole template for every solution: each part's
template holds only what its solutions can fill (measured: the same views of the 45 act graphs of 3x10^5 quads in
1.11 s against 1.33 s). A view reads its act graph alone, so re-ingesting another act never makes it stale, and
it is materialised into its own named graph, replaced whole (one transaction) right after each write to the act
graph: a view, not history, so it is rebuilt rather than versioned. This module only runs the files; what a view
says is in them.

>>> view_graph("https://e.org/eli/xx/act/2001-03-14/12").value
'https://e.org/eli/xx/act/2001-03-14/12/view/eli'
>>> is_view_graph(view_graph("https://e.org/eli/xx/act/2001-03-14/12")), is_view_graph(NamedNode("https://e.org/a"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, date, datetime
from functools import cache
from pathlib import Path

import pyoxigraph
from pyoxigraph import NamedNode, Quad, RdfFormat, Triple

from lexrdf.queries import Query, load_library
from lexrdf.store.base import Store
from lexrdf.store.nquads import Serialized, in_graph
from lexrdf.uris import view_graph_iri, view_graph_parts

VIEWS_DIR = Path(__file__).resolve().parent


@cache
def views() -> dict[str, list[Query]]:
    """Every view by name (its folder's name), as its CONSTRUCT files in the order of their names."""
    folders = sorted(folder for folder in VIEWS_DIR.iterdir() if folder.is_dir() and any(folder.glob("*.rq")))
    return {folder.name: list(load_library(folder).values()) for folder in folders}


def view_graph(act: str, name: str = "eli") -> NamedNode:
    """The named graph that holds the view `name` of the act graph `act`."""
    return NamedNode(view_graph_iri(act, name))


def is_view_graph(graph: NamedNode) -> bool:
    """Whether a named graph holds a view (and so is not an act graph)."""
    parts = view_graph_parts(graph.value)
    return parts is not None and parts[1] in views()


def construct(store: Store, act: str, name: str = "eli", today: date | None = None) -> list[Triple]:
    """The triples of one view of one act graph, computed now from what the store holds (nothing is written)."""
    return list(_constructed(store, act, name, today))


def _constructed(store: Store, act: str, name: str, today: date | None) -> Iterator[Triple]:
    for query in _bound(act, name, today):
        yield from store.sparql(query)


def _bound(act: str, name: str, today: date | None) -> list[str]:
    """The view's CONSTRUCTs for one act graph, each bound to the parameters it takes (all built at one moment)."""
    built = datetime.now(UTC)
    values = {
        "act": act,
        "view": view_graph(act, name).value,
        "today": (today or built.date()).isoformat(),
        "built": built.isoformat(),
    }
    bound = []
    for query in views()[name]:
        taken = {parameter.name for parameter in query.public_parameters}
        bound.append(query.bound({key: value for key, value in values.items() if key in taken}))
    return bound


def derive(
    graph_store: pyoxigraph.Store, act: str, today: date | None = None, blank_free: bool = False
) -> dict[str, Serialized]:
    """Every view of the act graph `act`, by view graph, computed from a pyoxigraph store that holds that graph as
    it will be written (the ingest's in-memory graph, just validated): what `refresh` computes from the store
    after the write, computed before it and off the writer's path, and serialised by pyoxigraph as N-Quads in the
    view graph (each quad once) with no quad objects made. `blank_free`: `graph_store` names no blank node, so
    neither do the views (their templates name none)."""
    derived = {}
    for name in views():
        graph = view_graph(act, name)
        triples = b"".join(
            graph_store.query(query, use_default_graph_as_union=True).serialize(format=RdfFormat.N_TRIPLES)
            for query in _bound(act, name, today)
        )
        lines = in_graph(triples, graph)
        derived[graph.value] = Serialized(b"".join(dict.fromkeys(lines.splitlines(keepends=True))), blank_free)
    return derived


def refresh(store: Store, *acts: str, today: date | None = None) -> int:
    """Rebuild every view of the act graphs `acts` and replace each view graph whole (streamed from the CONSTRUCT
    into the store's write; the views that were empty are filled in one commit); the quads written."""
    contents: list[tuple[NamedNode, Iterable[Quad] | Serialized]] = []
    counted = []
    for act in acts:
        for name in views():
            graph = view_graph(act, name)
            counting = _Counted(_in_graph(graph, _constructed(store, act, name, today)))
            contents.append((graph, counting))
            counted.append(counting)
    if contents:
        store.replace_graphs(contents)
    return sum(count.count for count in counted)


def _in_graph(graph: NamedNode, triples: Iterable[Triple]) -> Iterator[Quad]:
    return (Quad(t.subject, t.predicate, t.object, graph) for t in triples)


class _Counted:
    """An iterable that counts what passes through it."""

    def __init__(self, items: Iterable[Quad]) -> None:
        self.items = items
        self.count = 0

    def __iter__(self) -> Iterator[Quad]:
        for item in self.items:
            self.count += 1
            yield item
