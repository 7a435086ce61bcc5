"""The ELI view: what lexrdf publishes, asked in plain SPARQL with ELI, LRMoo and PROV-O terms only (no lex:).

Legal expectations come from the sources, read by hand (the same facts as tests/test_dpa_truth.py, which quotes
each note): ../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml for the Data Protection Act 1998 and
samples/README.md for the Open Data Act 2001. ELI's dates are inclusive: eli:date_no_longer_in_force is the last
day in force, the day before a window's exclusive end.
"""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path

import pyoxigraph
import pytest
from conftest import BASE, DPA, HARBOUR, ODA, SAMPLES, SHARED_DATA, UKPGA, needs_shared, open_lex
from pyoxigraph import BlankNode, Literal, NamedNode, Quad

from lexrdf.errors import StoreError
from lexrdf.validate import validate_store
from lexrdf.views import construct, is_view_graph, view_graph

ELI = "http://data.europa.eu/eli/ontology#"
PROV = "http://www.w3.org/ns/prov#"
ENG = "http://publications.europa.eu/resource/authority/language/ENG"
IN_FORCE, NOT_IN_FORCE = f"{ELI}InForce-inForce", f"{ELI}InForce-notInForce"
FOIA_2000 = f"{BASE}/eli/ref/www.legislation.gov.uk/id/ukpga/2000/36"  # 2000 c. 36, as the DPA's notes cite it
PARLIAMENT = f"{BASE}/authority/www.legislation.gov.uk/id/legislature/UnitedKingdomParliament"
VOCAB = SHARED_DATA / "vocab"
PREFIXES = f"""PREFIX eli: <{ELI}>
PREFIX prov: <{PROV}>
PREFIX lrmoo: <http://iflastandards.info/ns/lrm/lrmoo/>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
"""


def eli_rows(source, query: str) -> list[dict[str, str | None]]:
    """Run a query that uses no lex: term, over a store's union of graphs (or a pyoxigraph store), as dicts."""
    text = PREFIXES + query
    assert "lexrdf/ontology" not in text and "lex:" not in text
    if isinstance(source, pyoxigraph.Store):
        solutions = source.query(text, use_default_graph_as_union=True)
    else:
        solutions = source.sparql(text)
    names = [variable.value for variable in solutions.variables]
    return [{name: (row[name].value if row[name] is not None else None) for name in names} for row in solutions]


def eli_ask(source, query: str) -> bool:
    text = PREFIXES + query
    assert "lexrdf/ontology" not in text and "lex:" not in text
    return bool(source.sparql(text))


def view_on(lex, act: str, today: date) -> pyoxigraph.Store:
    """The act's view as it would be built on `today`, in a memory store (nothing is written)."""
    memory = pyoxigraph.Store()
    memory.extend(
        Quad(t.subject, t.predicate, t.object, view_graph(act)) for t in construct(lex.store, act, today=today)
    )
    return memory


def dumped(lex, graph: NamedNode) -> bytes:
    buffer = io.BytesIO()
    lex.store.dump(buffer, graph)
    return buffer.getvalue()


# --- the Data Protection Act 1998 ----------------------------------------------------------------------------


def test_s7_1_expression_in_force_on_2006_01_01(dpa_lex):
    # F11: "Words in s. 7(1) substituted (30.11.2000 for certain purposes and otherwise 1.1.2005) by 2000 c. 36":
    # the text in force on 2006-01-01 is the one from 2005-01-01, still in force when the export was made
    query = """
    SELECT ?expression ?from ?last ?language WHERE {
      ?version eli:is_member_of <%s> ; eli:is_realized_by ?expression .
      ?expression a eli:LegalExpression ; eli:realizes ?version ; eli:first_date_entry_in_force ?from ;
                  eli:language ?language .
      OPTIONAL { ?expression eli:date_no_longer_in_force ?last }
      FILTER (?from <= "%s"^^xsd:date && (!BOUND(?last) || "%s"^^xsd:date <= ?last))
    }"""
    (row,) = eli_rows(dpa_lex.store, query % (f"{DPA}/section-7-1", "2006-01-01", "2006-01-01"))
    assert (row["from"], row["last"], row["language"]) == ("2005-01-01", None, ENG)
    # the earlier words are not in the file: no expression covers a day before 2005
    assert eli_rows(dpa_lex.store, query % (f"{DPA}/section-7-1", "2004-06-01", "2004-06-01")) == []
    # LRMoo says the same: the version (a work) is realised in that expression
    assert eli_ask(
        dpa_lex.store,
        f"ASK {{ ?v eli:is_member_of <{DPA}/section-7-1> ; lrmoo:R3_is_realised_in "
        f"<{row['expression']}> . <{row['expression']}> a lrmoo:F2_Expression }}",
    )


def test_s7_1_amended_by_foia_2000(dpa_lex):
    # F11 names 2000 c. 36 (the Freedom of Information Act 2000) as the act that substituted the words
    amending = eli_rows(dpa_lex.store, f"SELECT ?act WHERE {{ <{DPA}/section-7-1> eli:amended_by ?act }}")
    assert [row["act"] for row in amending] == [FOIA_2000]
    assert eli_ask(dpa_lex.store, f"ASK {{ <{FOIA_2000}> eli:amends <{DPA}/section-7-1> , <{DPA}> }}")
    assert eli_ask(dpa_lex.store, f"ASK {{ <{DPA}> eli:amended_by <{FOIA_2000}> }}")
    # ... by ss. 69(1), 87(1)(3), the change taking effect on 1.1.2005: the event that made that text
    (event,) = eli_rows(
        dpa_lex.store,
        f"""SELECT ?event ?at WHERE {{
          ?version eli:is_member_of <{DPA}/section-7-1> .
          ?event a prov:Activity ; prov:generated ?version ; prov:startedAtTime ?at }}""",
    )
    assert event["at"] == "2005-01-01T00:00:00"
    used = {
        row["used"] for row in eli_rows(dpa_lex.store, f"SELECT ?used WHERE {{ <{event['event']}> prov:used ?used }}")
    }
    assert {"http://www.legislation.gov.uk/id/ukpga/2000/36/section/69/1", FOIA_2000} <= used


def test_s12A_temporary_insertion_last_day_in_force_23_10_2007(dpa_lex):
    # F216: "S. 12A inserted (temp. from 1.3.2000 to 23.10.2007) by 1998 c. 29, s. 72, Sch. 13 para. 1": in force
    # from 1.3.2000, its last day 23.10.2007 (ELI counts inclusively: the half-open window ends on 24.10.2007)
    (row,) = eli_rows(
        dpa_lex.store,
        f"""SELECT ?first ?last ?force ?expression_first ?expression_last ?expression_force WHERE {{
          <{DPA}/section-12A> a eli:LegalResourceSubdivision ; eli:first_date_entry_in_force ?first ;
                              eli:date_no_longer_in_force ?last ; eli:in_force ?force ; eli:has_member ?version .
          ?version eli:is_realized_by ?expression .
          ?expression eli:first_date_entry_in_force ?expression_first ; eli:date_no_longer_in_force ?expression_last ;
                      eli:in_force ?expression_force }}""",
    )
    assert row == {
        "first": "2000-03-01",
        "last": "2007-10-23",
        "force": NOT_IN_FORCE,
        "expression_first": "2000-03-01",
        "expression_last": "2007-10-23",
        "expression_force": NOT_IN_FORCE,
    }
    # the Act inserted it itself (s. 72) on 1.3.2000, and the window closed when it lapsed on 24.10.2007
    events = eli_rows(
        dpa_lex.store,
        f"""SELECT ?at ?how ?used WHERE {{
          ?version eli:is_member_of <{DPA}/section-12A> .
          {{ ?event prov:generated ?version BIND ("opened" AS ?how) }}
          UNION {{ ?event prov:invalidated ?version BIND ("closed" AS ?how) }}
          ?event a prov:Activity ; prov:startedAtTime ?at .
          OPTIONAL {{ ?event prov:used ?used FILTER (CONTAINS(STR(?used), "/section/")) }} }}""",
    )
    assert sorted((e["at"], e["how"], e["used"]) for e in events) == [
        ("2000-03-01T00:00:00", "opened", "http://www.legislation.gov.uk/id/ukpga/1998/29/section/72"),
        ("2007-10-24T00:00:00", "closed", None),
    ]
    assert eli_ask(dpa_lex.store, f"ASK {{ <{DPA}/section-12A> eli:amended_by <{DPA}> }}")  # inserted by 1998 c. 29


def test_sch5_para17_repealed_by_foia_2000(dpa_lex):
    # in force on passing, 16.7.1998 (s. 75(2)(f)); F167: "Sch. 5 Pt. III (ss. 16-17) repealed (30.1.2001) by
    # 2000 c. 36, ss. 86, 87(3), Sch. 8 Pt. II": its last day in force was 29.1.2001
    paragraph = f"{DPA}/schedule-5-paragraph-17"
    (row,) = eli_rows(
        dpa_lex.store,
        f"""SELECT ?act ?first ?last WHERE {{
          <{paragraph}> eli:repealed_by ?act ; eli:first_date_entry_in_force ?first ; eli:date_no_longer_in_force ?last
        }}""",
    )
    assert row == {"act": FOIA_2000, "first": "1998-07-16", "last": "2001-01-29"}
    assert eli_ask(dpa_lex.store, f"ASK {{ <{FOIA_2000}> eli:repeals <{paragraph}> }}")
    assert not eli_ask(dpa_lex.store, f"ASK {{ <{DPA}> eli:repealed_by ?act }}")  # a part was repealed, not the Act


def test_is_part_of_chains_up_to_the_act(dpa_lex):
    # <part eId="part-II"> holds <section eId="section-7">, which holds subsection 7(1); the part is in the body
    rows = eli_rows(dpa_lex.store, f"SELECT ?whole WHERE {{ <{DPA}/section-7-1> eli:is_part_of+ ?whole }}")
    assert {row["whole"] for row in rows} == {f"{DPA}/section-7", f"{DPA}/part-II", DPA}
    assert eli_ask(
        dpa_lex.store,
        f"""ASK {{ <{DPA}> a eli:LegalResource ; eli:has_part <{DPA}/part-II> .
                   <{DPA}/part-II> eli:has_part <{DPA}/section-7> .
                   <{DPA}/section-7> a eli:LegalResourceSubdivision , lrmoo:F1_Work }}""",
    )
    # every provision but the top-level units has exactly one whole; nothing is part of itself
    assert not eli_ask(dpa_lex.store, "ASK { ?part eli:is_part_of ?a , ?b FILTER (?a != ?b) }")
    assert not eli_ask(dpa_lex.store, "ASK { ?part eli:is_part_of+ ?part }")


def test_the_act_its_dates_authority_and_currency(dpa_lex):
    # FRBRWork: FRBRdate 1998-07-16 "enacted", FRBRauthor the UK Parliament; the export was made on 2018-01-18
    # (FRBRManifestation "transform"), the date up to which it vouches for the text
    (row,) = eli_rows(
        dpa_lex.store,
        f"""SELECT ?made ?passed_by ?current_to ?title WHERE {{
          <{DPA}> eli:date_document ?made ; eli:passed_by ?passed_by ; eli:version_date ?current_to ;
                  eli:has_member ?version .
          ?version eli:is_realized_by ?expression . ?expression eli:title_short ?title }}""",
    )
    assert row == {
        "made": "1998-07-16",
        "passed_by": PARLIAMENT,
        "current_to": "2018-01-18",
        "title": "Data Protection Act 1998",
    }
    # the enactment: on the day of Royal Assent, by Parliament
    assert eli_ask(
        dpa_lex.store,
        f"""ASK {{ ?enactment a prov:Activity ; prov:startedAtTime "1998-07-16T00:00:00"^^xsd:dateTime ;
                              prov:wasAssociatedWith <{PARLIAMENT}> ; prov:generated ?version .
                   ?version eli:is_member_of <{DPA}/schedule-5-paragraph-17> }}""",
    )


def test_in_force_is_said_for_a_day_the_sources_vouch_for(dpa_lex):
    # as of 2006-01-01 (before the export's 2018-01-18): s. 7(1)'s 2005 text and the temporary s. 12A are in force,
    # Sch. 5 para. 17 (repealed 30.1.2001) is not
    then = view_on(dpa_lex, DPA, date(2006, 1, 1))
    force = {
        row["work"]: row["force"]
        for row in eli_rows(
            then, "SELECT ?work ?force WHERE { ?work a eli:LegalResourceSubdivision ; eli:in_force ?force }"
        )
    }
    assert force[f"{DPA}/section-7-1"] == IN_FORCE
    assert force[f"{DPA}/section-12A"] == IN_FORCE
    assert force[f"{DPA}/schedule-5-paragraph-17"] == NOT_IN_FORCE
    # as of today, after 2018-01-18, the sources no longer vouch for an open window: s. 7(1) is "as last known", so
    # no value is given (the DPA 1998 was in fact repealed in 2018, after the export); a closed window stays closed
    now = {
        row["work"]: row["force"]
        for row in eli_rows(dpa_lex.store, "SELECT ?work ?force WHERE { ?work eli:in_force ?force }")
    }
    assert f"{DPA}/section-7-1" not in now
    assert (now[f"{DPA}/section-12A"], now[f"{DPA}/schedule-5-paragraph-17"]) == (NOT_IN_FORCE, NOT_IN_FORCE)


def test_functional_eli_properties_have_one_value(dpa_lex):
    """ELI declares these properties functional (eli:first_date_entry_in_force, eli:date_no_longer_in_force,
    eli:in_force, eli:realizes, eli:version_date, ...): each resource gets at most one value."""
    needs_shared(VOCAB)
    vocabulary = pyoxigraph.Store()
    vocabulary.load(path=str(VOCAB / "eli.nt"), format=pyoxigraph.RdfFormat.N_TRIPLES)
    functional = sorted(
        row["p"].value
        for row in vocabulary.query(
            "SELECT ?p WHERE { ?p a <http://www.w3.org/2002/07/owl#FunctionalProperty> "
            f"FILTER STRSTARTS(STR(?p), '{ELI}') }}"
        )
    )
    assert f"{ELI}date_no_longer_in_force" in functional and f"{ELI}realizes" in functional
    values = " ".join(f"<{p}>" for p in functional)
    twice = eli_rows(
        dpa_lex.store,
        f"SELECT ?s ?p WHERE {{ VALUES ?p {{ {values} }} ?s ?p ?a , ?b FILTER (?a != ?b) }} LIMIT 5",
    )
    assert twice == []


def test_the_view_uses_only_terms_eli_and_prov_define(dpa_lex):
    """Every ELI and PROV-O term the view writes is one the vocabularies declare (../shared/data/vocab), and the view
    holds no lex: term at all."""
    needs_shared(VOCAB)
    vocabulary = pyoxigraph.Store()
    vocabulary.load(path=str(VOCAB / "eli.nt"), format=pyoxigraph.RdfFormat.N_TRIPLES)
    vocabulary.load(path=str(VOCAB / "prov.ttl"), format=pyoxigraph.RdfFormat.TURTLE)
    graph = view_graph(DPA)
    terms = set()
    for quad in dpa_lex.store.graph_quads(graph):
        terms.add(quad.predicate.value)
        if quad.predicate.value == "http://www.w3.org/1999/02/22-rdf-syntax-ns#type":
            terms.add(quad.object.value)
    assert not [t for t in terms if t.startswith("https://w3id.org/lexrdf/ontology#")]
    undeclared = [
        term
        for term in sorted(terms)
        if term.startswith((ELI, PROV)) and not any(vocabulary.quads_for_pattern(NamedNode(term), None, None))
    ]
    assert undeclared == []


# --- the samples: current records only, rebuilt with the act graph, never stale --------------------------------


def test_a_closed_window_replaces_the_open_one(tmp_path: Path):
    """Open Data Act, art. 3(2): "twelve months" from 2001-04-01 until the Data Amendment Act 2004 substituted it on
    2004-07-01 (samples/README.md). Its first record left the window open; the second consolidation closed it by a
    new record and superseded the first: the view says what the current record says, once."""
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES / "expressions" / "open-data-act@2001-04-01.xml"])
        first = f"{ODA}/art_3/para_2/2001-04-01"
        query = f"SELECT ?last WHERE {{ <{first}> eli:date_no_longer_in_force ?last }}"
        assert eli_rows(lex.store, query) == []
        lex.ingest([SAMPLES / "single"])
        harbour = dumped(lex, view_graph(HARBOUR))
        lex.ingest([SAMPLES / "expressions" / "open-data-act@2004-07-01.xml"])
        assert eli_rows(lex.store, query) == [{"last": "2004-06-30"}]
        (row,) = eli_rows(
            lex.store,
            f"""SELECT ?act ?from WHERE {{ <{ODA}/art_3/para_2> eli:amended_by ?act ; eli:has_member ?version .
                                          ?version eli:first_date_entry_in_force ?from
                                          FILTER NOT EXISTS {{ ?version eli:date_no_longer_in_force ?end }} }}""",
        )
        assert row == {"act": f"{BASE}/eli/ref/akn/xx/act/2004-06-01/7", "from": "2004-07-01"}
        # the Harbour Act's view is derived from its own graph only: writing another act leaves it as it was
        assert dumped(lex, view_graph(HARBOUR)) == harbour
    finally:
        lex.close()


def test_reingesting_the_same_files_writes_nothing(tmp_path: Path):
    lex = open_lex(tmp_path / "store")
    try:
        first = lex.ingest([SAMPLES])
        assert first.quads and first.view_quads
        views = {act: dumped(lex, view_graph(act)) for act in (ODA, HARBOUR)}
        count = lex.store.quad_count()
        again = lex.ingest([SAMPLES])
        assert (again.quads, again.view_quads) == (0, 0)
        assert lex.store.quad_count() == count
        assert {act: dumped(lex, view_graph(act)) for act in (ODA, HARBOUR)} == views
    finally:
        lex.close()


RULING = """
@prefix lex: <https://w3id.org/lexrdf/ontology#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<{oda}/event/2012-05-03/judicial-decision> a lex:Event , lex:JudicialDecision ;
    lex:date "2012-05-03"^^xsd:date ;
    lex:affectedAct <{oda}> ;
    lex:affects <{oda}/art_3/para_2> ;
    lex:sourceAct <https://lexrdf.example.org/case/sc-2012-41> ;
    lex:bindingScope lex:ErgaOmnes ;
    lex:authority <https://lexrdf.example.org/authority/supreme-court> .
"""


def test_an_editorial_addition_rebuilds_its_acts_view(tmp_path: Path):
    from lexrdf.editorial import submit
    from lexrdf.errors import SourceError

    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES / "expressions"])
        ruling = tmp_path / "ruling.ttl"
        ruling.write_text(RULING.format(oda=ODA), encoding="utf-8")
        assert submit(ruling, lex.store, lex.settings).written
        assert eli_ask(
            lex.store,
            f"""ASK {{ <{ODA}/event/2012-05-03/judicial-decision> a prov:Activity ;
                         prov:startedAtTime "2012-05-03T00:00:00"^^xsd:dateTime ;
                         prov:wasAssociatedWith <https://lexrdf.example.org/authority/supreme-court> }}""",
        )
        with pytest.raises(SourceError, match="is a view"):  # a view is derived: additions go to the act
            submit(ruling, lex.store, lex.settings, act=view_graph(ODA).value)
    finally:
        lex.close()


def test_a_view_graph_is_no_act_graph(samples_lex):
    graph = view_graph(ODA)
    assert is_view_graph(graph) and not is_view_graph(NamedNode(ODA))
    assert any(True for _ in samples_lex.store.graph_quads(graph))
    report = validate_store(samples_lex.store.raw, graph)
    assert report.results == []  # the shapes target lex: classes, which a view never uses
    assert eli_ask(
        samples_lex.store, f"ASK {{ <{graph.value}> prov:wasDerivedFrom <{ODA}> ; prov:generatedAtTime ?t }}"
    )


# --- Store.replace_graph ----------------------------------------------------------------------------------------


def test_replace_graph_replaces_a_graph_whole(tmp_path: Path):
    from lexrdf.store import open_store

    store = open_store(tmp_path / "store")
    try:
        graph, other = NamedNode("https://e.org/view"), NamedNode("https://e.org/act")
        s, p = NamedNode("https://e.org/s"), NamedNode("https://e.org/p")
        store.add_act_graph(other, [Quad(s, p, Literal("kept"), other)])

        def content(name: NamedNode) -> set[str]:
            return {q.object.value for q in store.graph_quads(name)}

        store.replace_graph(graph, [Quad(s, p, Literal(v), graph) for v in ("a", "b", "c")])
        assert content(graph) == {"a", "b", "c"}
        store.replace_graph(graph, [Quad(s, p, Literal(v), other) for v in ("b", "d")])  # the graph named wins
        assert (content(graph), content(other)) == ({"b", "d"}, {"kept"})
        # a view holds no blank nodes (a removal could not name one): refused, the graph unchanged
        with pytest.raises(StoreError, match="blank nodes"):
            store.replace_graph(graph, [Quad(s, p, BlankNode(), graph), Quad(s, p, Literal("e"), graph)])
        assert content(graph) == {"b", "d"}
        store.replace_graph(graph, [])
        assert (content(graph), content(other)) == (set(), {"kept"})
    finally:
        store.close()


def test_a_sparql_update_is_one_transaction(tmp_path: Path):
    """replace_graph relies on Oxigraph running a whole SPARQL update as one transaction: when a later operation
    of the update fails, the earlier ones are undone."""
    from lexrdf.store import open_store

    store = open_store(tmp_path / "store")
    try:
        graph = NamedNode("https://e.org/view")
        store.replace_graph(
            graph, [Quad(NamedNode("https://e.org/s"), NamedNode("https://e.org/p"), Literal("old"), graph)]
        )
        with pytest.raises(RuntimeError):
            store.raw.update(
                f'DELETE DATA {{ GRAPH {graph} {{ <https://e.org/s> <https://e.org/p> "old" }} }} ;'
                f'INSERT DATA {{ GRAPH {graph} {{ <https://e.org/s> <https://e.org/p> "new" }} }} ;'
                "DROP GRAPH <https://e.org/no-such-graph>"
            )
        assert [q.object.value for q in store.graph_quads(graph)] == ["old"]
    finally:
        store.close()


def test_views_derived_before_their_write_are_what_the_stored_graph_gives(tmp_path: Path):
    """The ingest derives an act's views from its graph as validated, before the write (lexrdf.views.derive); they
    must be what the act graph gives once stored: the view rebuilt from the store is the same, apart from the
    time each was built. Several acts in one group, and an act re-ingested onto its stored graph."""
    needs_shared(UKPGA)
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([SAMPLES / "expressions" / "open-data-act@2001-04-01.xml"])
        lex.ingest([SAMPLES, UKPGA])
        built = NamedNode("http://www.w3.org/ns/prov#generatedAtTime")
        for act in (ODA, HARBOUR, DPA):
            stored = {(q.subject, q.predicate, q.object) for q in lex.store.graph_quads(view_graph(act))}
            rebuilt = {(t.subject, t.predicate, t.object) for t in construct(lex.store, act)}
            assert stored, act
            assert {t for t in stored if t[1] != built} == {t for t in rebuilt if t[1] != built}, act
    finally:
        lex.close()
