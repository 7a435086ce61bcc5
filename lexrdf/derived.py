"""What is derived from an act graph and rebuilt after every write to it: the full-text index's documents of the
act (lexrdf.search) and the act's views (lexrdf.views).

The two are rebuilt side by side (the index's commit waits on its files while the views are written), and only
once both are done does the store let go of the marker naming the acts (`Store.derived_rebuilt`): a writer killed
before that is repaired by the next writer's recovery, which calls this again (lexrdf.store.embedded). A store
that has no index yet (a new store, one that predates the index) gets one here, built from every text it holds,
this act's included: the index is on by default wherever the store has a directory to keep it in
(docs/search.md)."""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lexrdf.store.base import Store
from lexrdf.store.nquads import Serialized


def rebuild_derived(
    store: Store,
    *acts: str,
    views: Mapping[str, Serialized] | None = None,
    texts: Mapping[str, list[dict[str, Any]]] | None = None,
) -> int:
    """Bring the acts' index documents and views in step with their graphs as they now are (after a group of act
    writes: one index commit, the new views filled in one commit); the quads the views hold. `views` holds the
    view graphs of some of the acts already computed (lexrdf.views.derive), `texts` the index's texts of some of
    them, by act graph (lexrdf.search.texts, as committed)."""
    from lexrdf.search import ensure_index, update_acts  # both read the store: imported when needed
    from lexrdf.views import refresh

    if ensure_index(store) is not None:  # built just now, from every text the store holds: these acts' included
        written = refresh(store, *acts, derived=views)
    else:  # the index was there (or cannot be kept): replace these acts' documents while the views are written
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="lexrdf-index") as indexer:
            indexed = indexer.submit(update_acts, store, acts, texts=texts)
            try:
                written = refresh(store, *acts, derived=views)
            except BaseException:
                indexed.exception()  # waited for: the views' error is the one raised
                raise
            indexed.result()
    store.derived_rebuilt(acts)
    return written
