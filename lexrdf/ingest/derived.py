"""What is derived from an act graph and rebuilt after every write to it: the full-text index's documents of the
act (lexrdf.search) and the act's views (lexrdf.views).

The two are rebuilt side by side (the index's commit waits on its files while the views are written), and only
once both are done does the store let go of the marker naming the acts (`Store.derived_rebuilt`): a writer killed
before that is repaired by the next writer, whose store reports the graphs it recovered (`Store.recovered`) and whose
opener rebuilds what is derived from them (`recover_derived`: lexrdf.api.Lexrdf.open, the server's editorial writer).
A store that has no index yet (a new store, one that predates the index) gets one here, built from every text it
holds, this act's included: the index is on by default wherever the store has a directory to keep it in
(docs/search.md)."""

from __future__ import annotations

from collections.abc import Collection
from concurrent.futures import ThreadPoolExecutor

from pyoxigraph import NamedNode

from lexrdf import search  # its functions looked up when called (tests/test_crash_safety.py replaces one)
from lexrdf.queries import load_library, term_value
from lexrdf.store.base import Store
from lexrdf.views import is_view_graph, refresh, view_graph, views


def rebuild_derived(store: Store, *acts: str, viewed: Collection[str] = (), indexed: Collection[str] = ()) -> int:
    """Bring the acts' index documents and views in step with their graphs as they now are (after a group of act
    writes: one index commit, the new views filled in one commit); the quads the views rebuilt here hold. The acts
    in `viewed` had their views written with them (lexrdf.views.derive, `GraphWrite.whole`), those in `indexed`
    their index documents (lexrdf.ingest.write_acts): neither is rebuilt here."""
    unviewed = [act for act in acts if act not in viewed]
    unindexed = [act for act in acts if act not in indexed]
    if search.ensure_index(store) is not None or not unindexed:  # built just now, from every text the store holds
        written = refresh(store, *unviewed)
    else:  # the index was there (or cannot be kept): replace these acts' documents while the views are written
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="lexrdf-index") as indexer:
            indexing = indexer.submit(search.update_acts, store, unindexed)
            try:
                written = refresh(store, *unviewed)
            except BaseException:
                indexing.exception()  # waited for: the views' error is the one raised
                raise
            indexing.result()
    store.derived_rebuilt(acts)
    return written


def recover_derived(store: Store) -> list[str]:
    """Rebuild what is derived from the act graphs a writer's open recovered from a killed writer (`Store.recovered`,
    view graphs aside) from each graph as it now is: the views and index documents of an act that gets views, the
    index documents of one whose write was undone (those indexed as it was journaled, lexrdf.ingest.write_acts, are
    taken out); nothing for a graph that has no view graph and does not describe its own act (a test graph). Then
    the store lets go of the marker naming them. Call once a writer is open, before anything else; the act graphs."""
    acts = [graph for graph in store.recovered if not is_view_graph(NamedNode(graph))]
    for act in acts:
        holds, describes_itself, has_view = _recovered(store, act)
        if describes_itself or has_view:  # it gets views
            rebuild_derived(store, act)
        elif not holds:
            search.update_acts(store, [act])
    store.derived_rebuilt(store.recovered)
    return acts


def _recovered(store: Store, act: str) -> tuple[bool, bool, bool]:
    """Whether a recovered act graph holds anything, describes its own act, has a view graph (`_recovered-graph`)."""
    bound = {"act": act, "views": [view_graph(act, name).value for name in views()]}
    (row,) = list(store.select(load_library()["_recovered-graph"].bound(bound)))
    holds, describes_itself, has_view = (bool(term_value(row[n])) for n in ("holds", "describes_itself", "has_view"))
    return holds, describes_itself, has_view
