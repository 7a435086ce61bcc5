"""What is derived from an act graph and rebuilt after every write to it: the full-text index's documents of the
act (lexrdf.search) and the act's views (lexrdf.views).

The index comes first: the views' rebuild ends the write's journal entry, so a writer killed before both is
repaired by the next writer's recovery, which calls this again (lexrdf.store.embedded). A store that has no index
yet (a new store, one that predates the index) gets one here, built from every text it holds, this act's included:
the index is on by default wherever the store has a directory to keep it in (docs/search.md)."""

from __future__ import annotations

from collections.abc import Mapping
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

    if ensure_index(store) is None:  # None: the index was there (or cannot be kept): replace these acts' documents
        update_acts(store, acts, texts=texts)
    return refresh(store, *acts, derived=views)
