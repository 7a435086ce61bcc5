"""The full-text index of version texts kept beside the store (docs/search.md).

One tantivy index in `<store>/search/`: a document per recorded text (a version record's expression in one
language, or an interpretation's reading), keyed with its valid-time and transaction-time windows, so that "in force
on D, as known at K" is a range filter, not a scan. It is replaced act by act after each act write
(`update_act`), and rebuilt from the store on demand (`rebuild`, `lexrdf search-index rebuild`).
"""

from lexrdf.search.index import (
    INDEX_DIR,
    IndexedHit,
    IndexPage,
    SearchIndex,
    index_directory,
    rebuild,
    update_act,
)

__all__ = ["INDEX_DIR", "IndexPage", "IndexedHit", "SearchIndex", "index_directory", "rebuild", "update_act"]
