"""The dumps and descriptions on a real server: files with Range and checksums, never a path outside the dump
folder, the DCAT and VoID descriptions by content negotiation, and a sitemap whose every URL dereferences."""

from __future__ import annotations

import base64
import hashlib
import http.client
import re
from urllib.parse import urlsplit
from xml.etree import ElementTree

import httpx
import pytest
import rdflib
from conftest import BASE, SAMPLES, open_lex
from servers import lexrdf_serve

from lexrdf.api import Lexrdf
from lexrdf.dumps import Manifest, write_dump
from lexrdf.settings import Settings

WHOLE = "lexrdf.nq"
VOID = rdflib.Namespace("http://rdfs.org/ns/void#")
DCAT = rdflib.Namespace("http://www.w3.org/ns/dcat#")
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    """A server over the samples whose dump folder (<store>/dumps) holds a plain N-Quads dump and a symlink out."""
    root = tmp_path_factory.mktemp("served")
    store = root / "store"
    writer = open_lex(store)
    try:
        writer.ingest([SAMPLES])
    finally:
        writer.close()
    reader = Lexrdf.open(Settings(store=store, base_iri=BASE), read_only=True)
    try:
        write_dump(reader.store, store / "dumps", reader.settings)
    finally:
        reader.close()
    (root / "secret.txt").write_text("outside the dump folder")
    (store / "dumps" / "escape.txt").symlink_to(root / "secret.txt")
    with lexrdf_serve(store, env={"LEXRDF_SPARQL_WORKERS": "1"}) as url:
        yield url, store / "dumps"


def test_index_lists_the_files_with_checksums(served):
    url, folder = served
    index = httpx.get(f"{url}/dumps/").json()
    manifest = Manifest.read(folder)
    assert [f["path"] for f in index["files"]] == [f.path for f in manifest.files]
    assert index["changes_through"] == manifest.changes_through and index["quads"] == manifest.quads
    for entry in index["files"]:
        assert entry["url"] == f"{url}/dumps/{entry['path']}"
        assert entry["sha256"] == hashlib.sha256((folder / entry["path"]).read_bytes()).hexdigest()
    assert httpx.get(f"{url}/dumps").json() == index
    assert httpx.get(f"{url}/dumps/?colour=red").status_code == 400


def test_a_file_comes_whole_with_its_checksum_etag_and_head(served):
    url, folder = served
    data = (folder / WHOLE).read_bytes()
    response = httpx.get(f"{url}/dumps/{WHOLE}")
    assert response.status_code == 200 and response.content == data
    assert response.headers["content-type"].startswith("application/n-quads")
    digest = base64.b64encode(hashlib.sha256(data).digest()).decode()
    assert response.headers["repr-digest"] == f"sha-256=:{digest}:"
    assert response.headers["accept-ranges"] == "bytes"
    head = httpx.head(f"{url}/dumps/{WHOLE}")
    assert head.status_code == 200 and head.content == b"" and head.headers["content-length"] == str(len(data))
    assert head.headers["etag"] == response.headers["etag"]
    again = httpx.get(f"{url}/dumps/{WHOLE}", headers={"If-None-Match": response.headers["etag"]})
    assert again.status_code == 304
    act = httpx.get(f"{url}/dumps/acts/eli-xx-act-2001-03-14-12.nq")
    assert act.content == (folder / "acts/eli-xx-act-2001-03-14-12.nq").read_bytes()
    assert httpx.get(f"{url}/dumps/{WHOLE}.gz").status_code == 404


def test_ranges_give_exactly_the_bytes_asked_for(served):
    url, folder = served
    data = (folder / WHOLE).read_bytes()
    size = len(data)
    part = httpx.get(f"{url}/dumps/{WHOLE}", headers={"Range": "bytes=100-1099"})
    assert part.status_code == 206 and part.content == data[100:1100]
    assert part.headers["content-range"] == f"bytes 100-1099/{size}"
    suffix = httpx.get(f"{url}/dumps/{WHOLE}", headers={"Range": "bytes=-500"})
    assert suffix.status_code == 206 and suffix.content == data[-500:]
    assert suffix.headers["content-range"] == f"bytes {size - 500}-{size - 1}/{size}"
    open_ended = httpx.get(f"{url}/dumps/{WHOLE}", headers={"Range": f"bytes={size - 10}-"})
    assert open_ended.content == data[-10:]
    beyond = httpx.get(f"{url}/dumps/{WHOLE}", headers={"Range": f"bytes={size}-"})
    assert beyond.status_code == 416 and beyond.headers["content-range"] == f"bytes */{size}"
    assert beyond.headers["content-type"] == "application/problem+json"
    several = httpx.get(f"{url}/dumps/{WHOLE}", headers={"Range": "bytes=0-9,20-29"})
    assert several.status_code == 206 and several.headers["content-type"].startswith("multipart/byteranges")
    boundary = several.headers["content-type"].split("boundary=")[1]
    bodies = [chunk.split(b"\r\n\r\n", 1)[1] for chunk in several.content.split(f"--{boundary}".encode())[1:-1]]
    assert [body.removesuffix(b"\r\n") for body in bodies] == [data[0:10], data[20:30]]
    assert len(several.content) == int(several.headers["content-length"])
    ignored = httpx.get(f"{url}/dumps/{WHOLE}", headers={"Range": "bytes=9-1"})  # invalid: ignored (RFC 9110)
    assert ignored.status_code == 200 and ignored.content == data
    stale = httpx.get(f"{url}/dumps/{WHOLE}", headers={"Range": "bytes=0-9", "If-Range": '"other"'})
    assert stale.status_code == 200 and stale.content == data


def _raw_get(url: str, path: str) -> tuple[int, bytes]:
    """GET a path exactly as written (httpx and browsers would normalise the dots away)."""
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize(
    "path",
    [
        "/dumps/../CURRENT",
        "/dumps/%2e%2e/CURRENT",
        "/dumps/%2e%2e%2fCURRENT",
        "/dumps/%2E%2E%2F%2E%2E%2Fsecret.txt",
        "/dumps/acts/%2e%2e/%2e%2e/snapshots/CURRENT",
        "/dumps/..%5cCURRENT",
        "/dumps/%2fetc%2fpasswd",
        "/dumps//etc/passwd",
        "/dumps/.%2e/CURRENT",
        "/dumps/acts/..",
        "/dumps/%00",
        "/dumps/escape.txt",
    ],
)
def test_no_path_leaves_the_dump_folder(served, path):
    url, _ = served
    status, body = _raw_get(url, path)
    assert status in (400, 404), (path, status)
    assert b"outside the dump folder" not in body and b"root:" not in body
    assert b'"type"' in body or status == 404


def test_catalog_and_void_are_served_by_content_negotiation(served):
    url, folder = served
    catalog = httpx.get(f"{url}/catalog.ttl")
    assert catalog.status_code == 200 and catalog.headers["content-type"].startswith("text/turtle")
    assert catalog.content == (folder / "catalog.ttl").read_bytes()  # the dump's own, as it was written
    graph = rdflib.Graph().parse(data=catalog.text, format="turtle")
    assert len(list(graph.subjects(rdflib.RDF.type, DCAT.Distribution))) == 5
    for path in ("/void.ttl", "/.well-known/void"):
        void = httpx.get(f"{url}{path}")
        assert void.status_code == 200 and void.headers["content-type"].startswith("text/turtle")
        description = rdflib.Graph().parse(data=void.text, format="turtle")
        (dataset,) = description.subjects(VOID.sparqlEndpoint, None)
        assert int(description.value(dataset, VOID.triples)) == Manifest.read(folder).quads
        assert str(description.value(dataset, VOID.dataDump)) == f"{BASE}/dumps/{WHOLE}"
    triples = httpx.get(f"{url}/void.ttl", headers={"Accept": "application/n-triples"})
    assert triples.headers["content-type"].startswith("application/n-triples")
    assert len(rdflib.Graph().parse(data=triples.text, format="nt")) == len(description)
    assert httpx.get(f"{url}/void.ttl", headers={"Accept": "image/png"}).status_code == 406
    assert httpx.get(f"{url}/catalog.ttl?x=1").status_code == 400


def test_every_sitemap_url_dereferences(served):
    url, _ = served
    response = httpx.get(f"{url}/sitemap.xml")
    assert response.status_code == 200 and response.headers["content-type"].startswith("application/xml")
    locations = [loc.text for loc in ElementTree.fromstring(response.content).iter(f"{SITEMAP}loc")]
    paths = {urlsplit(loc).path for loc in locations}
    for kind in ("/eli/xx/act/2001-03-14/12", "/eli/xx/act/2001-03-14/12/art_3/para_2", "/changeset/"):
        assert any(p == kind or (kind.endswith("/") and p.startswith(kind)) for p in paths), kind
    assert len(locations) == len(set(locations)) > 100
    assert all(loc.startswith(url + "/") for loc in locations)
    with httpx.Client(timeout=30) as client:
        statuses = {loc: client.get(loc, headers={"Accept": "text/turtle"}).status_code for loc in locations}
    assert {loc: s for loc, s in statuses.items() if s not in (200, 303)} == {}
    assert re.search(r"<loc>http://127\.0\.0\.1:\d+/eli/xx/act/1995-05-10/3</loc>", response.text)
