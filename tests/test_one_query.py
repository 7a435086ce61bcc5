"""Each primitive answers in one query, its citation included (issue 13), and gives what the separate queries gave.

text-at, descendants, lineage and diff fold into their own .rq file the rows they once fetched with other queries:
the provision's own state (text-at.rq's rows, as ?own_*) and its governing chain (context.rq's rows, as ?chain_*).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

import pytest
from conftest import HARBOUR, ODA

import lexrdf.queries
from lexrdf.api import Lexrdf

DATES = ["1990-01-01", "1996-03-01", "2002-01-01", "2005-01-01", "2011-06-30"]


@contextmanager
def counted(lex: Lexrdf) -> Iterator[list[str]]:
    """The queries `lex` sends to its store while inside the block."""
    sent: list[str] = []
    select = lex.store.select

    def counting(text: str, *args, **kwargs):
        sent.append(text)
        return select(text, *args, **kwargs)

    lex.store.select = counting  # type: ignore[method-assign]
    try:
        yield sent
    finally:
        del lex.store.select


@pytest.mark.parametrize(
    "primitive, params",
    [
        ("text-at", {"provision": f"{ODA}/art_3/para_2", "date": "2005-01-01"}),
        ("descendants", {"provision": f"{ODA}/art_3", "date": "2005-01-01"}),
        ("lineage", {"provision": f"{ODA}/art_3/para_2", "date": "2005-01-01"}),
        ("diff", {"provision": f"{ODA}/art_3/para_2", "from": "2002-01-01", "to": "2005-01-01"}),
    ],
)
def test_a_primitive_with_its_citations_is_one_query(samples_lex, primitive, params):
    with counted(samples_lex) as sent:
        answer = samples_lex.run(primitive, params)
    assert len(sent) == 1, f"{primitive} sent {len(sent)} queries"
    assert answer["status"] == "in-force"


def _provisions(lex: Lexrdf) -> list[str]:
    rows = lex.store.select(
        "PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT DISTINCT ?p WHERE { ?p lex:act ?act }"
    )
    return sorted(row["p"].value for row in rows) + [ODA, HARBOUR]


def test_the_folded_citations_and_states_are_those_of_context_and_text_at(samples_lex):
    """The chain folded into text-at, descendants and diff cites as context.rq does; the own state folded into
    descendants and lineage is text-at's."""
    for provision in _provisions(samples_lex):
        for day in DATES:
            state = samples_lex._state(provision, date.fromisoformat(day), None)
            text_at = samples_lex.text_at(provision, day)
            descendants = samples_lex.descendants(provision, day)
            lineage = samples_lex.lineage(provision, day)
            assert (descendants.status, descendants.message) == (state.status, state.message)
            assert (lineage.status, lineage.message) == (state.status, state.message)
            if text_at.status == "in-force":
                cited = samples_lex._citation(provision, date.fromisoformat(day), None)
                assert text_at.citation == cited
                diff = samples_lex.diff(provision, day, "2011-06-30")
                assert diff.from_version is not None and diff.from_version.citation == cited


# -- the folded copies stay the same SPARQL as their sources ----------------------------------------------------
def _normalised(name: str) -> str:
    """A library query's text without its comments, its whitespace collapsed."""
    text = (Path(lexrdf.queries.__file__).parent / f"{name}.rq").read_text(encoding="utf-8")
    return " ".join(" ".join(line for line in text.splitlines() if not line.strip().startswith("#")).split())


def _state_body() -> str:
    """text-at.rq's own rows (before its citation branch) on the in-force basis, without the text's layout."""
    text_at = _normalised("text-at")
    body = text_at[text_at.index("WHERE {") + len("WHERE {") : text_at.index("} UNION { { ?__provision_iri lex:within")]
    basis = 'BIND (IF(?_basis = "applicable", COALESCE(?applicable_from, ?valid_from), ?valid_from) AS ?starts) '
    # the text laid out in lines is for showing the text, which the own state does not return
    layout = (
        "OPTIONAL { ?expression lex:textLayout ?layout } # the text in lines where it holds list items (lexrdf.layout) "
    )
    return body.replace(basis + "BIND (IF(?starts >", "BIND (IF(?valid_from >").replace(layout, "")


def _chain_block() -> str:
    """text-at.rq's citation branch: context.rq's rows under ?chain_* names, and the titles."""
    text_at = _normalised("text-at")
    end = 'BIND ("title-dc" AS ?chain_kind) }'
    return text_at[text_at.index("{ ?__provision_iri lex:within ?chain_unit .") : text_at.index(end) + len(end)]


def test_the_folded_own_state_is_text_at_s_sparql():
    state = _state_body()
    assert "?_basis" not in state and state in _normalised("_state")
    own = re.sub(r"\?([a-z]\w*)", r"?own_\1", state)
    assert own in _normalised("descendants")
    assert own in _normalised("lineage")


def test_the_folded_chain_is_the_same_sparql_in_every_primitive():
    chain = _chain_block()
    assert chain in _normalised("descendants")
    both_dates = "{ BIND (?__from_xsd_date AS ?chain_date) } UNION { BIND (?__to_xsd_date AS ?chain_date) } "
    diff = _normalised("diff").replace(both_dates, "").replace("?chain_date", "?__date_xsd_date")
    assert chain in diff
