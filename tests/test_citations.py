"""Real citations resolve (issue 37, item 6): legislation.gov.uk's URLs as a browser shows them (https, with or
without www, a point in time, a format or a version label after the provision), number citations ("1998 c. 29, s. 7",
"S.I. 2024/1303 reg. 3") and title citations ("Data Protection Act 1998 s. 7(3)(a)") name the provision, and the
date when the URL carries one, through `resolve` in Python, over HTTP and on the command line.

The expected provisions are the units' identifiers in the source XML (quoted beside each case); the URL and citation
forms are legislation.gov.uk's own (its documents' DocumentURI and IdURI attributes, its notes' citations).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import httpx
import pytest
from conftest import BASE, DPA, SHARED_DATA, UKPGA, needs_shared, open_lex
from servers import lexrdf_serve

from lexrdf.mapping.citations import read_citation

GLA_FILE = SHARED_DATA / "clml" / "ukpga-1999-29-part-III-2013-03-27.xml"
SI_FILE = SHARED_DATA / "clml" / "more" / "uksi-2024-1303-regulation-3.xml"
GLA = f"{BASE}/eli/gb-ukm/act/1999-11-11/29"  # <ukm:EnactmentDate Date="1999-11-11"/>, IdURI .../id/ukpga/1999/29
SI_2024_1303 = f"{BASE}/eli/gb-ukm/si/2024-12-09/1303"  # <ukm:Made Date="2024-12-09"/>, IdURI .../id/uksi/2024/1303


# -- reading a citation (no store) -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("citation", "reference", "day"),
    [
        # the browser's form of the site's URLs: https, www or not, a trailing slash, a query string
        (
            "https://www.legislation.gov.uk/ukpga/1998/29/section/7",
            "http://www.legislation.gov.uk/ukpga/1998/29/section/7",
            None,
        ),
        (
            "https://legislation.gov.uk/ukpga/1998/29/section/7/?view=plain",
            "http://www.legislation.gov.uk/ukpga/1998/29/section/7",
            None,
        ),
        ("https://www.legislation.gov.uk/id/ukpga/1998/29", "http://www.legislation.gov.uk/id/ukpga/1998/29", None),
        # a point in time: the date segment after the provision (GLA 1999 line 277:
        # DocumentURI="http://www.legislation.gov.uk/ukpga/1999/29/section/85/1/2013-03-27")
        (
            "https://www.legislation.gov.uk/ukpga/1999/29/section/85/1/2013-03-27",
            "http://www.legislation.gov.uk/ukpga/1999/29/section/85/1",
            "2013-03-27",
        ),
        # the format, the table of contents and the version label name no other resource (S.I. 2024/1303 line 50:
        # DocumentURI="http://www.legislation.gov.uk/uksi/2024/1303/regulation/3/made")
        (
            "https://www.legislation.gov.uk/uksi/2024/1303/regulation/3/made/data.xml",
            "http://www.legislation.gov.uk/uksi/2024/1303/regulation/3",
            None,
        ),
        ("https://www.legislation.gov.uk/ukpga/1998/29/contents", "http://www.legislation.gov.uk/ukpga/1998/29", None),
        # the notes' citation forms (DPA 1998: "1998 c. 29", "S.I. 2003/1887"; GLA 1999 line 4408: "s. 85(1)")
        ("1998 c. 29, s. 7", "http://www.legislation.gov.uk/id/ukpga/1998/29~section-7", None),
        ("1998 c.29 s.7(3)(a)", "http://www.legislation.gov.uk/id/ukpga/1998/29~section-7-3-a", None),
        ("S.I. 2024/1303 reg. 3", "http://www.legislation.gov.uk/id/uksi/2024/1303~regulation-3", None),
        ("SI 2000/183", "http://www.legislation.gov.uk/id/uksi/2000/183", None),
        ("S.S.I. 2001/9 art. 2", "http://www.legislation.gov.uk/id/ssi/2001/9~article-2", None),
        ("1998 c. 29, Sch. 5 para. 17", "http://www.legislation.gov.uk/id/ukpga/1998/29~schedule-5-paragraph-17", None),
        (
            "Greater London Authority Act 1999 (c. 29), s. 85(1)",
            "http://www.legislation.gov.uk/id/ukpga/1999/29~section-85-1",
            None,
        ),
        # a title citation: the title, and the provision's eId
        ("Data Protection Act 1998 s. 7(3)(a)", "Data Protection Act 1998~section-7-3-a", None),
        ("Data Protection Act 1998", "Data Protection Act 1998", None),
        # anything else is looked up as written
        ("/akn/xx/act/2001-03-14/12~art_3__para_2", "/akn/xx/act/2001-03-14/12~art_3__para_2", None),
        (
            "http://www.legislation.gov.uk/id/ukpga/1998/29~section-7",
            "http://www.legislation.gov.uk/id/ukpga/1998/29~section-7",
            None,
        ),
        ("s. 7(3)", "s. 7(3)", None),
        ("1998 c. 29, s. 7 and more", "1998 c. 29, s. 7 and more", None),
    ],
)
def test_reading_citations(citation, reference, day):
    cited = read_citation(citation)
    assert (cited.reference, cited.date) == (reference, day)


# -- resolving them against the real acts -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def uk_lex(tmp_path_factory: pytest.TempPathFactory):
    """The DPA 1998 (AKN), GLA 1999 Part III and S.I. 2024/1303 reg. 3 (CLML), in one on-disk store."""
    for path in (UKPGA, GLA_FILE, SI_FILE):
        needs_shared(path)
    store = tmp_path_factory.mktemp("citations") / "store"
    instance = open_lex(store)
    instance.ingest([UKPGA, GLA_FILE, SI_FILE])
    instance.store_path = store  # type: ignore[attr-defined]
    yield instance
    instance.close()


@pytest.mark.parametrize(
    ("citation", "expected", "kind", "day"),
    [
        # DPA 1998 line 4088: <section eId="section-7" ...>; line 4194: <paragraph eId="section-7-3-a">
        ("https://www.legislation.gov.uk/ukpga/1998/29/section/7", f"{DPA}/section-7", "provision", None),
        ("http://www.legislation.gov.uk/ukpga/1998/29/section/7", f"{DPA}/section-7", "provision", None),
        ("https://www.legislation.gov.uk/id/ukpga/1998/29/section/7", f"{DPA}/section-7", "provision", None),
        (
            "https://www.legislation.gov.uk/ukpga/1998/29/section/7/2001-01-01",
            f"{DPA}/section-7",
            "provision",
            "2001-01-01",
        ),
        (
            "https://legislation.gov.uk/ukpga/1998/29/section/7/3/a/2001-01-01",
            f"{DPA}/section-7-3-a",
            "provision",
            "2001-01-01",
        ),
        ("https://www.legislation.gov.uk/ukpga/1998/29/2001-01-01", DPA, "act", "2001-01-01"),
        ("https://www.legislation.gov.uk/ukpga/1998/29/contents", DPA, "act", None),
        ("Data Protection Act 1998 s. 7(3)(a)", f"{DPA}/section-7-3-a", "provision", None),
        ("Data Protection Act 1998, s. 7", f"{DPA}/section-7", "provision", None),
        ("Data Protection Act 1998", DPA, "act", None),  # <shortTitle>Data Protection Act 1998</shortTitle>
        ("1998 c. 29, s. 7", f"{DPA}/section-7", "provision", None),
        ("1998 c. 29", DPA, "act", None),
        # GLA 1999 line 277: <P2 DocumentURI=".../ukpga/1999/29/section/85/1/2013-03-27" ... id="section-85-1">
        (
            "https://www.legislation.gov.uk/ukpga/1999/29/section/85/1/2013-03-27",
            f"{GLA}/section-85-1",
            "provision",
            "2013-03-27",
        ),
        ("Greater London Authority Act 1999 (c. 29), s. 85(1)", f"{GLA}/section-85-1", "provision", None),
        ("Greater London Authority Act 1999 Pt. III", f"{GLA}/part-III", "provision", None),
        # S.I. 2024/1303 line 50: <P1 DocumentURI=".../uksi/2024/1303/regulation/3/made" ... id="regulation-3">; its
        # dc:title "The Companies (Accounts and Reports) (Amendment and Transitional Provision) Regulations 2024"
        ("S.I. 2024/1303 reg. 3", f"{SI_2024_1303}/regulation-3", "provision", None),
        (
            "https://www.legislation.gov.uk/uksi/2024/1303/regulation/3/made",
            f"{SI_2024_1303}/regulation-3",
            "provision",
            None,
        ),
        (
            "Companies (Accounts and Reports) (Amendment and Transitional Provision) Regulations 2024 reg. 3",
            f"{SI_2024_1303}/regulation-3",
            "provision",
            None,
        ),
    ],
)
def test_real_citations_resolve(uk_lex, citation, expected, kind, day):
    answer = uk_lex.resolve(citation)
    assert (answer.status, answer.provision, answer.kind, answer.date) == ("resolved", expected, kind, day)


@pytest.mark.parametrize(
    "citation",
    [
        "Data Protection Act 1998 s. 999",  # no section 999 in the act
        "Data Protection Act 1997 s. 7",  # no act of that title held
        "1998 c. 30, s. 7",  # another act
        "https://www.legislation.gov.uk/ukpga/1998/29/section/999/2001-01-01",
        "https://www.legislation.gov.uk/ukpga/1998/29/section",
        "s. 7(3)(a)",  # no act named
        "Data Protection Act 1998 s. 7(3)(a) of something",  # words no rule reads: looked up as written
    ],
)
def test_citations_of_nothing_held_are_unknown(uk_lex, citation):
    assert uk_lex.resolve(citation).status == "unknown-reference"


def test_a_point_in_time_url_gives_the_text_on_its_date(uk_lex):
    # DPA 1998 s. 7(3): "(3) Where a data controller— (a) reasonably requires further information ..." (line 4184);
    # its (a) is inserted words (<ins class="d29p663">, line 4196), so on a date before 2000 it has no text here
    answer = uk_lex.resolve("https://www.legislation.gov.uk/ukpga/1998/29/section/7/3/a/2010-01-01")
    text = uk_lex.text_at(answer.provision, answer.date)
    assert text.status in ("in-force", "as-last-known")
    assert "reasonably requires further information" in text.text


# -- over HTTP and on the command line ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def uk_server(uk_lex):
    with lexrdf_serve(uk_lex.store_path) as url:
        yield url


def test_resolve_over_http(uk_server):
    asked = "https://www.legislation.gov.uk/ukpga/1998/29/section/7/2001-01-01"
    answer = httpx.get(f"{uk_server}/api/resolve", params={"ref": asked}).json()
    assert (answer["status"], answer["provision"], answer["date"]) == ("resolved", f"{DPA}/section-7", "2001-01-01")
    human = httpx.get(f"{uk_server}/api/resolve", params={"ref": "Data Protection Act 1998 s. 7(3)(a)"}).json()
    assert (human["status"], human["provision"], human["date"]) == ("resolved", f"{DPA}/section-7-3-a", None)
    unknown = httpx.get(f"{uk_server}/api/resolve", params={"ref": "1998 c. 30, s. 7"})
    assert (unknown.status_code, unknown.json()["status"]) == (200, "unknown-reference")


def test_a_url_of_another_host_is_only_read_never_fetched(uk_server):
    # a citation is a string to read: the server answers from the store without calling the host it names
    answer = httpx.get(f"{uk_server}/api/resolve", params={"ref": "https://127.0.0.1:1/ukpga/1998/29/section/7"})
    assert (answer.status_code, answer.json()["status"]) == (200, "unknown-reference")


def test_resolve_on_the_command_line(uk_lex):
    command = [sys.executable, "-m", "lexrdf.cli", "query", "resolve", "--store", str(uk_lex.store_path)]
    command += ["--base-iri", BASE, "--param", "ref=S.I. 2024/1303 reg. 3"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=os.environ.copy(), check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["provision"] == f"{SI_2024_1303}/regulation-3"
