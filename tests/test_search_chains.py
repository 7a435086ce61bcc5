"""What the full-text index keeps for citations (lexrdf.search.texts, lexrdf.search.index): each text's chain, the
earliest ends of a record, and a page's texts in force of the units its hits cite, against hand-written graphs and
the samples' XML."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pyoxigraph
from conftest import HARBOUR, SAMPLES, open_lex

from lexrdf.ingest.planning import _InMemory
from lexrdf.search import SearchIndex, index_directory
from lexrdf.search.texts import ChainUnit, graph_texts

LEX = "https://w3id.org/lexrdf/ontology#"
ACT = "https://e.org/eli/xx/act/2000/1"
XSD = "http://www.w3.org/2001/XMLSchema#"


GRAPH = f"""
@prefix lex: <{LEX}> . @prefix dcterms: <http://purl.org/dc/terms/> . @prefix xsd: <{XSD}> .
<{ACT}> {{
  <{ACT}> lex:title "The Act"@en ; dcterms:title "Dublin Core title"@en ; lex:unitType "act" .
  <{ACT}/art_1> lex:within <{ACT}> ; lex:order "1" ; lex:unitType "article" .
  <{ACT}/art_1/para_1> lex:within <{ACT}/art_1> , <{ACT}> ; lex:order "2" ; lex:unitType "paragraph" .
  <{ACT}/art_1/para_1/v1> lex:versionOf <{ACT}/art_1/para_1> ; lex:validFrom "2000-01-01"^^xsd:date ;
      lex:act <{ACT}> .
  <{ACT}/art_1/para_1/v1/r1> lex:recordOf <{ACT}/art_1/para_1/v1> ; lex:expression <{ACT}/art_1/para_1/v1/en> ;
      lex:recordedAt "2020-01-01T00:00:00Z"^^xsd:dateTime ;
      lex:supersededAt "2022-01-01T00:00:00Z"^^xsd:dateTime , "2021-01-01T00:00:00Z"^^xsd:dateTime ;
      lex:validUntil "2010-01-01"^^xsd:date , "2005-01-01"^^xsd:date .
  <{ACT}/art_1/para_1/v1/en> lex:text "Every harbour pays dues." ; lex:language "en" ; lex:number "1" .
}}
"""


def test_a_text_keeps_its_provisions_chain_and_its_records_earliest_ends():
    """The chain is the lex:within closure with each unit's order, type and title (lex:title before
    dcterms:title); a record with two supersessions and two valid-time ends is read with the earliest of each, as
    the SPARQL queries read it (FILTER NOT EXISTS { ... <= K }): one text, superseded from 2021, ending 2005."""
    graphs = pyoxigraph.Store()
    graphs.load(GRAPH.encode(), pyoxigraph.RdfFormat.TRIG)
    texts = list(graph_texts(_InMemory(graphs), ACT))  # as the ingest's planning reads an act graph
    assert len(texts) == 1
    text = texts[0]
    assert text["superseded"] == "2021-01-01T00:00:00Z" and text["valid_until"] == "2005-01-01"
    assert sorted(text["chain"]) == [
        ChainUnit(ACT, None, "act", "The Act"),
        ChainUnit(f"{ACT}/art_1", "1", "article", None),
    ]


def test_a_page_carries_the_texts_in_force_its_citations_name(tmp_path: Path):
    """samples/single/harbour-act.xml: "harbour dues" is the heading of art_4 and the text of its paragraphs 2 and
    3; art_4 is in chapter 2 ("Harbour authorities"). Each hit's document keeps its chain (the act, chp_2, art_4),
    and the page holds the texts in force on the date of the units they name: "Chapter 2", "Harbour authorities";
    "Article 4", "Harbour dues"; each paragraph's own. The citations are those text-at gives."""
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES / "single"])
        index = SearchIndex.open(index_directory(lex.store))
        assert index is not None
        page = index.search("harbour dues", date(2005, 1, 1))
        paragraph = next(hit for hit in page.items if hit.provision == f"{HARBOUR}/art_4/para_2")
        assert [unit[0] for unit in sorted(paragraph.chain)] == [HARBOUR, f"{HARBOUR}/art_4", f"{HARBOUR}/chp_2"]
        named = {f"{HARBOUR}/{unit}" for unit in ("chp_2", "art_4", "art_4/para_2", "art_4/para_3")}
        assert named <= set(page.units) <= named | {HARBOUR}
        assert page.units[f"{HARBOUR}/chp_2"][1:3] == ("Chapter 2", "Harbour authorities")
        assert page.units[f"{HARBOUR}/art_4"][1:3] == ("Article 4", "Harbour dues")
        assert page.units[f"{HARBOUR}/art_4/para_2"].version == paragraph.version
        answer = lex.search("harbour dues", "2005-01-01")
        assert all(hit.citation == lex._citation(hit.provision, date(2005, 1, 1), None) for hit in answer.items)
    finally:
        lex.close()
