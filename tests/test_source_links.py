"""The data links to its source (issue 37, item 7): legislation.gov.uk's /id/ URIs of an act and of its provisions
are recorded as IRIs (owl:sameAs our IRI: they name the same abstract work), the act states its source's licence
(the Open Government Licence v3.0, not a licence of ours), and the source XML a provision was read from is served
byte for byte at `{iri}/data.xml` and by content negotiation, with the SHA-256 its changeset records.

Expected values come from the source files (quoted): their identifiers, and the SHA-256 of their bytes on disk.
"""

from __future__ import annotations

import base64
import hashlib

import httpx
import pytest
from conftest import BASE, DPA, SHARED_DATA, UKPGA, needs_shared, open_lex
from servers import lexrdf_serve

GLA_FILE = SHARED_DATA / "clml" / "ukpga-1999-29-part-III-2013-03-27.xml"
GLA = f"{BASE}/eli/gb-ukm/act/1999-11-11/29"
OGL = "http://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"
PREFIXES = "PREFIX owl: <http://www.w3.org/2002/07/owl#> PREFIX dcterms: <http://purl.org/dc/terms/> "


@pytest.fixture(scope="module")
def linked(tmp_path_factory: pytest.TempPathFactory):
    for path in (UKPGA, GLA_FILE):
        needs_shared(path)
    store = tmp_path_factory.mktemp("links") / "store"
    lex = open_lex(store)
    lex.ingest([UKPGA, GLA_FILE])
    yield lex, store
    lex.close()


def _ask(lex, query: str) -> bool:
    return bool(lex.store.sparql(PREFIXES + query))


def test_legislation_gov_uk_id_uris_are_iris_of_the_same_work(linked):
    lex, _ = linked
    # DPA 1998 line 6: <FRBRthis value="http://www.legislation.gov.uk/id/ukpga/1998/29"/> (the work)
    assert _ask(lex, f"ASK {{ <http://www.legislation.gov.uk/id/ukpga/1998/29> owl:sameAs <{DPA}> }}")
    # line 16: <FRBRthis value="http://www.legislation.gov.uk/ukpga/1998/29"/> names the expression: not the work
    assert not _ask(lex, "ASK { <http://www.legislation.gov.uk/ukpga/1998/29> owl:sameAs ?any }")
    # GLA 1999 line 277: <P2 ... IdURI="http://www.legislation.gov.uk/id/ukpga/1999/29/section/85/1" id="section-85-1">
    same = "<http://www.legislation.gov.uk/id/ukpga/1999/29/section/85/1>"
    assert _ask(lex, f"ASK {{ {same} owl:sameAs <{GLA}/section-85-1> }}")
    # the IRI resolves to the one provision (no second reading of it as an act)
    answer = lex.resolve("http://www.legislation.gov.uk/id/ukpga/1999/29/section/85/1")
    assert (answer.status, answer.provision, answer.kind) == ("resolved", f"{GLA}/section-85-1", "provision")


def test_each_act_states_its_sources_licence(linked):
    lex, _ = linked
    # both are legislation.gov.uk's (<dc:publisher>; Crown copyright, published under the OGL v3.0)
    for act in (DPA, GLA):
        assert _ask(lex, f"ASK {{ <{act}> dcterms:license <{OGL}> }}"), act
        assert not _ask(lex, f"ASK {{ <{act}> dcterms:license <https://creativecommons.org/publicdomain/zero/1.0/> }}")


@pytest.fixture(scope="module")
def served(linked):
    _, store = linked
    with lexrdf_serve(store) as url:
        yield url


def _path(iri: str) -> str:
    return iri.removeprefix(BASE)


def test_the_source_xml_of_a_provision_is_served_byte_for_byte(served):
    expected = GLA_FILE.read_bytes()
    response = httpx.get(f"{served}{_path(GLA)}/section-85-1/data.xml", params={"date": "2013-03-27"})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/xml")
    assert response.content == expected
    sha256 = hashlib.sha256(expected).digest()
    assert response.headers["repr-digest"] == f"sha-256=:{base64.b64encode(sha256).decode()}:"
    # by content negotiation on the provision's own IRI
    negotiated = httpx.get(f"{served}{_path(GLA)}/section-85-1", headers={"Accept": "application/xml"})
    assert (negotiated.status_code, negotiated.content) == (200, expected)
    # a browser still gets the page, which links the source XML
    page = httpx.get(f"{served}{_path(GLA)}/section-85-1", headers={"Accept": "text/html"})
    assert page.status_code == 200 and f"{_path(GLA)}/section-85-1/data.xml" in page.text


def test_the_dpa_source_is_its_akn_export(served):
    response = httpx.get(f"{served}{_path(DPA)}/section-7/data.xml")
    assert response.status_code == 200
    assert response.content == UKPGA.read_bytes()


def test_no_source_for_what_is_not_held(served):
    missing = httpx.get(f"{served}{_path(GLA)}/section-999/data.xml")
    assert missing.status_code == 404
    assert "no act, provision or version" in missing.json()["detail"]
    # an act known only by reference has no source XML here
    cited = httpx.get(f"{served}/eli/ref/www.legislation.gov.uk/id/ukpga/2011/20/data.xml")
    assert cited.status_code == 404


def test_the_dumps_give_each_file_its_sources_licence(linked, tmp_path):
    from pyoxigraph import NamedNode, RdfFormat, Store

    from lexrdf.dumps import write_dump
    from lexrdf.dumps.void import dataset_iri

    lex, _ = linked
    write_dump(lex.store, tmp_path / "dump", lex.settings)
    catalogue = Store()
    catalogue.load(path=str(tmp_path / "dump" / "catalog.ttl"), format=RdfFormat.TURTLE)
    licence = NamedNode("http://purl.org/dc/terms/license")
    dataset = dataset_iri(BASE)
    dataset_licences = {
        q.object.value for q in catalogue.quads_for_pattern(None, licence, None) if q.subject == dataset
    }
    # both acts are legislation.gov.uk's: the dataset is under the OGL v3.0, and under no licence of ours
    assert dataset_licences == {OGL}, dataset_licences
    under_ogl = {q.subject.value for q in catalogue.quads_for_pattern(None, licence, NamedNode(OGL))}
    assert len([iri for iri in under_ogl if iri.endswith("#distribution")]) >= 3  # the two act files and the whole
