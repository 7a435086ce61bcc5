"""The one registry of typed answers (lexrdf.answers.registry): the queries Lexrdf.run answers with a typed answer.

The expected names are the library queries that had a Python answer builder before the registry
(Lexrdf.ANSWER_BUILDERS in lexrdf/api.py at f141667); every other query gives its rows."""

import pytest

from lexrdf.answers.registry import REDUCERS, reduces
from lexrdf.api import Lexrdf
from lexrdf.queries import load_library

TYPED = {
    "resolve",
    "text-at",
    "versions",
    "context",
    "descendants",
    "lineage",
    "impact",
    "diff",
    "changes-since",
    "search",
    "interpretations",
    "toc",
}


def test_every_typed_query_has_one_reducer_a_library_query_and_a_builder():
    assert set(REDUCERS) == TYPED
    library = load_library()
    for name in REDUCERS:
        assert name in library
        assert callable(getattr(Lexrdf, name.replace("-", "_")))


def test_a_second_reducer_for_a_query_is_refused():
    with pytest.raises(ValueError, match="text-at"):
        reduces("text-at")(lambda rows: rows)
    assert REDUCERS["text-at"].__name__ == "text_at_answer"
