"""What is derived from an act graph and rebuilt after every write to it: the full-text index's documents of the
act (lexrdf.search) and the act's views (lexrdf.views).

The two are rebuilt side by side (the index's commit waits on its files while the views are written), and only
once both are done does the store let go of the marker naming the acts (`Store.derived_rebuilt`): a writer killed
before that is repaired by the next writer's recovery, which calls this again (lexrdf.store.embedded). A store
that has no index yet (a new store, one that predates the index) gets one here, built from every text it holds,
this act's included: the index is on by default wherever the store has a directory to keep it in
(docs/search.md)."""

from __future__ import annotations

from collections.abc import Collection
from concurrent.futures import ThreadPoolExecutor

from lexrdf.store.base import Store


def rebuild_derived(store: Store, *acts: str, viewed: Collection[str] = (), indexed: Collection[str] = ()) -> int:
    """Bring the acts' index documents and views in step with their graphs as they now are (after a group of act
    writes: one index commit, the new views filled in one commit); the quads the views rebuilt here hold. The acts
    in `viewed` had their views written with them (lexrdf.views.derive, `GraphWrite.whole`), those in `indexed`
    their index documents (lexrdf.ingest.write_acts): neither is rebuilt here."""
    from lexrdf.search import ensure_index, update_acts  # both read the store: imported when needed
    from lexrdf.views import refresh

    unviewed = [act for act in acts if act not in viewed]
    unindexed = [act for act in acts if act not in indexed]
    if ensure_index(store) is not None or not unindexed:  # built just now, from every text the store holds
        written = refresh(store, *unviewed)
    else:  # the index was there (or cannot be kept): replace these acts' documents while the views are written
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="lexrdf-index") as indexer:
            indexing = indexer.submit(update_acts, store, unindexed)
            try:
                written = refresh(store, *unviewed)
            except BaseException:
                indexing.exception()  # waited for: the views' error is the one raised
                raise
            indexing.result()
    store.derived_rebuilt(acts)
    return written
