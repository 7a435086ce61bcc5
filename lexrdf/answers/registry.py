"""The one registry of typed answers: which library queries a reducer of this package answers, by query name.

A reducer registers itself with `reduces`; importing lexrdf.answers imports every reducer module, so the registry
is complete whenever it can be read. lexrdf.api.Lexrdf.run answers a registered query with its typed answer (the
Lexrdf method named like the query reads its rows, applies the reducer and adds what the store holds beside them);
any other query gives its rows, so a new .rq file is a new query with no Python edit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

Reducer = TypeVar("Reducer", bound=Callable[..., Any])

#: query name -> the function that turns its rows into its typed answer
REDUCERS: dict[str, Callable[..., Any]] = {}


def reduces(query: str) -> Callable[[Reducer], Reducer]:
    """Register the decorated function as the reducer of library query `query` (one a query)."""

    def register(reducer: Reducer) -> Reducer:
        held = REDUCERS.setdefault(query, reducer)
        if held is not reducer:
            raise ValueError(f"query {query!r} has a reducer already: {held.__module__}.{held.__qualname__}")
        return reducer

    return register
