"""Typed answers: the result shapes of the query library, each built from the rows of one library query.

An answer that cannot be given is a typed non-answer (a `status`), never a neighbouring version.

One module a query's reducer (rows -> one typed answer), each registered for its query name in `registry` (the
queries lexrdf.api.Lexrdf.run answers with a typed answer): `resolve`, `text_at`, `versions`, `chains` (context,
toc), `descendants`, `lineage`, `impact`, `diff`, `changes` (changes-since), `hits` (search), `interpretations`; the
shapes they share in `types`, the statuses (in force, and each typed non-answer) in `statuses`, and reading rows in
`rows`. Import a name from its module. The package depends on nothing of lexrdf but lexrdf.vocab.
"""

# every reducer module, so that each has registered its reducer whenever the registry is read
from lexrdf.answers import (  # noqa: F401
    chains,
    changes,
    descendants,
    diff,
    hits,
    impact,
    interpretations,
    lineage,
    resolve,
    text_at,
    versions,
)

# lexrdf.search imports these from the package itself
from lexrdf.answers.chains import in_document_order
from lexrdf.answers.types import ContextUnit, EventSummary, SearchHit

__all__ = ["ContextUnit", "EventSummary", "SearchHit", "in_document_order"]
