"""The full-text index of version texts kept beside the store (docs/search.md).

One tantivy index in `<store>/search/`: a document per recorded text (a version record's expression in one
language, or an interpretation's reading), keyed with its valid-time and transaction-time windows, so that "in force
on D, as known at K" is a range filter, not a scan. It is built when a writer finds none (`ensure_index`),
replaced after each group of act writes (`update_acts`), and rebuilt on demand (`rebuild`, `lexrdf search-index
rebuild`).

Its modules, one job each: `schema` (fields, analyzers, window keys), `texts` (reading a graph's texts from the
store, through the query library's `_search-*` queries), `documents` (texts as documents), `index` (the
`SearchIndex`: writing, searching, paging), `maintain` (where it lives, keeping it in step with the store),
`citations` (the chains a page of hits cites), `windows` and `phrases` (what a hit shows, either path).
"""

from lexrdf.search.index import IndexedHit, IndexPage, Searchable, SearchIndex
from lexrdf.search.maintain import (
    INDEX_DIR,
    ensure_index,
    has_index,
    index_directory,
    rebuild,
    update_act,
    update_acts,
)

#: hits a page over HTTP, on the home page and in the CLI by default, and at most (Python: any size, or all)
DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE = 20, 100

__all__ = [
    "DEFAULT_PAGE_SIZE",
    "INDEX_DIR",
    "MAX_PAGE_SIZE",
    "IndexPage",
    "IndexedHit",
    "SearchIndex",
    "Searchable",
    "ensure_index",
    "has_index",
    "index_directory",
    "rebuild",
    "update_act",
    "update_acts",
]
