"""One history whatever the order: the same sources ingested in any order, one file an ingest, give the same
versions, windows, events and texts (or the same refusal, naming the same file and line).

The corpora are every multi-file act in ../shared/data and the bundled samples: the Vereinsgesetz (its original
expression, its 2017 consolidation and the amending act BGBl. I 2017 S. 419), the Open Data Act's three
expressions, legislation.gov.uk's fragments of the Income Tax Act 2007 and the Local Government Finance Act 1992,
and the Companies Act 2006 s. 382 beside the S.I. 2024/1303 that amends it.
"""

from __future__ import annotations

import re
from itertools import permutations
from pathlib import Path

import pytest
from conftest import SAMPLES, SHARED_DATA, VEREINSG, needs_shared, open_lex

from lexrdf.errors import SourceError

_HISTORY = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX owl: <http://www.w3.org/2002/07/owl#>
SELECT ?provision ?from ?until ?opened_kind ?opened_date ?opened_source ?closed_kind ?closed_date ?text WHERE {
  ?version lex:versionOf ?provision ; lex:validFrom ?from ; prov:wasGeneratedBy ?opened .
  ?opened a ?opened_kind ; lex:date ?opened_date .
  FILTER (STRSTARTS(STR(?opened_kind), STR(lex:)) && ?opened_kind != lex:Event)
  # the source act as held, when it was cited before it was (owl:sameAs, as the queries answer it)
  OPTIONAL { ?opened lex:sourceAct ?opened_cited .
    OPTIONAL { GRAPH ?opened_held { ?opened_cited owl:sameAs ?opened_held } }
    BIND (COALESCE(?opened_held, ?opened_cited) AS ?opened_source) }
  ?record lex:recordOf ?version .
  FILTER NOT EXISTS { ?record lex:supersededAt ?superseded }
  OPTIONAL { ?record lex:validUntil ?until }
  OPTIONAL { ?record lex:closedBy ?closed . ?closed a ?closed_kind ; lex:date ?closed_date .
             FILTER (STRSTARTS(STR(?closed_kind), STR(lex:)) && ?closed_kind != lex:Event) }
  OPTIONAL { ?record lex:expression ?expression . ?expression lex:text ?text }
}
"""

_COLUMNS = [name.lstrip("?") for name in _HISTORY.split("SELECT", 1)[1].split("WHERE", 1)[0].split()]

FIXTURES = Path(__file__).parent / "fixtures" / "truth"

CORPORA = {
    "vereinsgesetz": [
        VEREINSG / "vereinsg@1964-08-05.xml",
        VEREINSG / "vereinsg@2017-03-16.xml",
        VEREINSG / "amending-bgbl1-2017-s419.xml",
    ],
    "open-data-act": sorted((SAMPLES / "expressions").glob("*.xml")),
    # legislation.gov.uk fragments of one act, each current to its own day, and an amending S.I. beside the act it
    # amends (the act's notes cite the S.I.; the S.I. is held itself)
    "income-tax-act-2007": [
        SHARED_DATA / "clml" / "more" / f"ukpga-2007-3-section-{number}.xml" for number in ("8", "12A", "16")
    ],
    "local-government-finance-act-1992": [
        SHARED_DATA / "clml" / "more" / "ukpga-1992-14-section-13A.xml",
        SHARED_DATA / "clml" / "more" / "ukpga-1992-14-schedule-1A.xml",
    ],
    # an act's whole texts of 2000 and 2005, the 2005 one in English and in French, and a portion of 2007 holding
    # art. 1(2) only. A portion's date is no expression of the whole act; a text in another language that its
    # document dates from after the version in force began is no translation of that version (the French art. 1(1),
    # <paragraph eId="art_1__para_1" period="#tg2">, tg2 starting at e3, 2005-01-01, is the substituted text, not the
    # English text in force since 2000)
    "fisheries-act-and-a-portion": [
        FIXTURES / "fisheries-act@2000-01-01.xml",
        FIXTURES / "fisheries-act@2005-01-01.xml",
        FIXTURES / "fisheries-act@2005-01-01-fra.xml",
        FIXTURES / "fisheries-act-portion@2007-01-01.xml",
    ],
    "companies-act-2006-and-si-2024-1303": [
        SHARED_DATA / "clml" / "more" / "ukpga-2006-46-section-382.xml",
        SHARED_DATA / "clml" / "more" / "uksi-2024-1303-regulation-3.xml",
    ],
}


# The one thing that may follow the order: the IRI minted for an act whose sources disagree on its work date. The
# Vereinsgesetz's 2017 consolidation gives its FRBRWork the date 2017-03-15 (vereinsg@2017-03-16.xml, lines 39-46:
# <FRBRdate date="2017-03-15" name="verkuendungsfassung-ausfertigungsdatum"/>) though its FRBRuri is
# eli/bund/bgbl-1/1964/s593, the original's (FRBRdate 1964-08-05): the act is one act in every order (found by its
# FRBRuri), minted from the work date of the first expression ingested; an IRI once minted never changes.
_MINTED_ACT = re.compile(r"/eli/de/act/(?:1964-08-05|2017-03-15)/s593")


def history(lex) -> set[tuple]:
    """Every current record of every version: what was in force when, opened and closed by what, with which text."""
    return {
        tuple(
            _MINTED_ACT.sub("/eli/de/act/{minted}/s593", row[name].value) if row[name] is not None else None
            for name in _COLUMNS
        )
        for row in lex.store.sparql(_HISTORY)
    }


def ingest_in_order(directory: Path, files: list[Path]) -> tuple[set[tuple], list[str]]:
    """The history after ingesting `files` one at a time in this order, and what each ingest refused."""
    lex = open_lex(directory)
    refused: list[str] = []
    try:
        for path in files:
            try:
                summary = lex.ingest([path])
            except SourceError as error:
                refused.append(f"{Path(error.path).name}:{error.line}: {error.problem}")
                continue
            refused += [f"{path.name}: refused {act}" for act in summary.refused]
        return history(lex), refused
    finally:
        lex.close()


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_every_order_of_ingest_gives_one_history(tmp_path, corpus):
    files = CORPORA[corpus]
    for path in files:
        needs_shared(path)
    outcomes = {}
    for index, order in enumerate(permutations(files)):
        outcomes[tuple(p.name for p in order)] = ingest_in_order(tmp_path / f"order-{index}", list(order))
    (first_order, (first_history, first_refused)), *others = outcomes.items()
    assert first_history, f"{corpus}: nothing was recorded"
    for order, (found, refused) in others:
        assert refused == first_refused, f"{corpus}: {order} refused {refused}, {first_order} refused {first_refused}"
        assert found == first_history, (
            f"{corpus}: {order} gives another history than {first_order}: "
            f"only in it {sorted(found - first_history)[:5]}, missing {sorted(first_history - found)[:5]}"
        )


@pytest.mark.parametrize("corpus", ["vereinsgesetz", "fisheries-act-and-a-portion"])
def test_one_ingest_of_every_file_gives_the_history_of_one_file_at_a_time(tmp_path, corpus):
    # one ingest of the files named newest first (the Fisheries Act's portion first) gives the history of one file at
    # a time in date order
    files = CORPORA[corpus]
    for path in files:
        needs_shared(path)
    at_once = open_lex(tmp_path / "at-once")
    try:
        at_once.ingest(files[::-1])
        together = history(at_once)
    finally:
        at_once.close()
    one_by_one, _ = ingest_in_order(tmp_path / "one-by-one", files)
    assert together == one_by_one


WACHSTUM = SHARED_DATA / "akn" / "legaldocml.de" / "more"


def test_a_later_version_of_an_expression_replaces_the_earlier_and_the_earlier_never_undoes_it(tmp_path):
    # two versions of one expression: FRBRuri eli/bund/bgbl-1/2024/108/2024-03-27/1/deu and .../2024-03-27/2/deu
    first, second = (
        WACHSTUM / "wachstumschancengesetz-regelungstext.xml",
        WACHSTUM / "wachstumschancengesetz-part2-regelungstext.xml",
    )
    needs_shared(first)
    alone, _ = ingest_in_order(tmp_path / "alone", [second])
    together = open_lex(tmp_path / "together")
    try:
        together.ingest([first, second])  # one batch: the later version is the expression
        assert history(together) == alone
    finally:
        together.close()
    later_first = open_lex(tmp_path / "later-first")
    try:
        later_first.ingest([second])
        summary = later_first.ingest([first])  # the earlier version after the later: not ingested, said
        assert summary.quads == 0
        assert any("version 1 of the expression of 2024-03-27 is older than version 2" in n for n in summary.notices)
        assert history(later_first) == alone
    finally:
        later_first.close()


FISHERIES_PORTION = FIXTURES / "fisheries-act-portion@2007-01-01.xml"  # art. 1(2) only, as substituted in 2007
FISHERIES_ACT = "https://lexrdf.example.org/eli/xx/act/1999-06-01/4"


def test_a_portion_ingested_first_leaves_the_whole_texts_the_history_of_the_date_order(tmp_path):
    """A portion (fisheries-act-portion@2007-01-01.xml: <portion includedIn=...>, holding art. 1(2) only) ends
    nothing it does not show, and its date is no expression of the whole act: the whole texts of 2000 and 2005
    ingested after it are neither refused ("only 1 of its 3 provisions are provisions of the act", "reads otherwise
    than the later sources") nor cut at 2007, in any order (test_every_order_of_ingest_gives_one_history)."""
    expected, refused = ingest_in_order(tmp_path / "date-order", CORPORA["fisheries-act-and-a-portion"])
    assert refused == []
    # art. 1(2): "The Minister shall report annually ..." from 2000 (tg1, e2), "every two years" from 2007 (the
    # portion's tg3, e6: the Reporting Act 2006's substitution), both ended by the repeal of 2010 (e5)
    para_2 = sorted((row[1], row[2], row[8][:40]) for row in expected if row[0].endswith("/para_2") and row[8])
    assert para_2 == [
        ("2000-01-01", "2007-01-01", "Le ministre fait rapport chaque année su"),
        ("2000-01-01", "2007-01-01", "The Minister shall report annually on th"),
        ("2007-01-01", "2010-01-01", "The Minister shall report every two year"),
    ]
    # the act itself: in force from 2000-01-01 (the text of 2000: <article eId="art_1" period="#tg1">, tg1 at e2)
    # until the repeal of 2010-01-01 (the 2005 texts' e5), one version
    assert sorted((row[1], row[2]) for row in expected if row[0] == FISHERIES_ACT) == [("2000-01-01", "2010-01-01")]


def test_the_act_s_version_from_a_portion_is_withdrawn_by_its_whole_text_and_known_as_it_was_before(tmp_path):
    """The portion shows the act in force on its own date (2007-01-01) and gives it a version from then; the text of
    2000 dates the act from 2000 and withdraws that version: as known after, the act has one version from 2000; as
    known before, the version from 2007 was what was known (history is not overwritten)."""
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([FISHERIES_PORTION])
        (from_portion,) = lex.versions(FISHERIES_ACT)
        assert from_portion.valid_from == "2007-01-01"
        (row,) = lex.store.sparql(
            "PREFIX prov: <http://www.w3.org/ns/prov#> "
            "SELECT (MAX(?t) AS ?at) WHERE { GRAPH ?g { ?c prov:startedAtTime ?t } }"
        )
        known_before = row["at"].value  # the portion's changeset: the time it was written
        lex.ingest([FIXTURES / "fisheries-act@2000-01-01.xml"])
        assert [(v.valid_from, v.valid_until) for v in lex.versions(FISHERIES_ACT)] == [("2000-01-01", None)]
        assert [v.valid_from for v in lex.versions(FISHERIES_ACT, known_at=known_before)] == ["2007-01-01"]
        assert lex.text_at(FISHERIES_ACT, "2003-06-01").status == "in-force"
    finally:
        lex.close()
