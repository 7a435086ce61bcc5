"""What is derived from an act graph and rebuilt after every write to it: the full-text index's documents of the
act (lexrdf.search, when the store keeps an index) and the act's views (lexrdf.views).

The index comes first: the views' rebuild ends the write's journal entry, so a writer killed before both is
repaired by the next writer's recovery, which calls this again (lexrdf.store.embedded)."""

from __future__ import annotations

from collections.abc import Mapping

from pyoxigraph import Quad

from lexrdf.store.base import Store


def rebuild_derived(store: Store, *acts: str, views: Mapping[str, list[Quad]] | None = None) -> int:
    """Bring the acts' index documents and views in step with their graphs as they now are (after a group of act
    writes: the new views filled in one commit); the quads the views hold. `views` holds the views of some of the
    acts already computed (lexrdf.views.derive)."""
    from lexrdf.search import update_act  # both read the store: imported when needed (the store imports this)
    from lexrdf.views import refresh

    for act in acts:
        update_act(store, act)
    return refresh(store, *acts, derived=views)
