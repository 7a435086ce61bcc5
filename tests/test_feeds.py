"""The feeds (docs/sync.md), served by a real `lexrdf serve`: the change feed (/changes.atom) is valid Atom whose
paging links walk the whole log and see every change once, and links each change to its patch; the events feed
(/events.atom) lists what the sample sources say happened in the law, on the dates they say."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import httpx
import pytest
from conftest import BASE, HARBOUR, ODA, SAMPLES, open_lex
from lxml import etree
from pyoxigraph import Literal, NamedNode, Quad
from servers import lexrdf_serve

from lexrdf.editorial import submit

ATOM = "http://www.w3.org/2005/Atom"
NS = {"a": ATOM}
LEX = "https://w3id.org/lexrdf/ontology#"
PROBLEM_JSON = "application/problem+json"
EXTRA_WRITES = 110  # small writes of a test graph, so that the change feed has three pages of 50
RULING = f"{ODA}/event/2006-03-01/judicial-decision"
RULING_TTL = f"""@prefix lex: <https://w3id.org/lexrdf/ontology#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<{BASE}/authority/supreme-court> a lex:Authority ; rdfs:label "Supreme Court" .
<{RULING}> a lex:Event , lex:JudicialDecision ;
    lex:date "2006-03-01"^^xsd:date ; lex:publicationDate "2006-03-15"^^xsd:date ;
    lex:authority <{BASE}/authority/supreme-court> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{BASE}/case/sc-2006-17> ; lex:affectedAct <{ODA}> ; lex:affects <{ODA}/art_3/para_2> .
<{ODA}/art_3/para_2/interpretation/2006-03-15> a lex:Interpretation ;
    lex:interprets <{ODA}/art_3/para_2> ; lex:validFrom "2006-03-15"^^xsd:date ; lex:fixedBy <{RULING}> ;
    lex:text "The three months run from publication in the gazette."@en .
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server on the samples, a ruling added by an editor, and many small writes of a test graph."""
    directory = tmp_path_factory.mktemp("feeds")
    lex = open_lex(directory / "store")
    lex.ingest([SAMPLES])
    ruling = directory / "ruling.ttl"
    ruling.write_text(RULING_TTL, encoding="utf-8")
    assert submit(ruling, lex.store, lex.settings).written
    graph = NamedNode(f"{BASE}/test/feed-graph")
    for number in range(EXTRA_WRITES):
        quad = Quad(NamedNode(f"{BASE}/test/thing/{number}"), NamedNode(f"{BASE}/test/n"), Literal(str(number)), graph)
        lex.store.add_act_graph(graph, [quad])
    lex.close()
    with lexrdf_serve(directory / "store") as url:
        yield url, directory / "store"


@pytest.fixture(scope="module")
def client(served: tuple[str, Path]) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=served[0], timeout=30) as session:
        yield session


def atom(response: httpx.Response) -> etree._Element:
    """A valid Atom feed document (RFC 4287's required elements), parsed."""
    assert response.status_code == 200, response.text[:500]
    assert response.headers["content-type"].startswith("application/atom+xml")
    feed = etree.fromstring(response.content)
    assert feed.tag == f"{{{ATOM}}}feed"
    for required in ("id", "title", "updated", "author/a:name"):
        assert len(feed.xpath(f"a:{required}", namespaces=NS)) == 1, required
    parse_time(feed.findtext("a:updated", namespaces=NS))
    assert len(feed.xpath("a:link[@rel='self']", namespaces=NS)) == 1
    for entry in feed.findall("a:entry", NS):
        for required in ("id", "title", "updated", "summary"):
            assert len(entry.findall(f"a:{required}", NS)) == 1, required
        parse_time(entry.findtext("a:updated", namespaces=NS))
        assert entry.xpath("a:link[@rel='alternate']/@href", namespaces=NS)
    return feed


def parse_time(text: str | None) -> datetime:
    """An RFC 3339 date-time with a time zone."""
    assert text and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)", text), text
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def link(feed: etree._Element, rel: str) -> str | None:
    found = feed.xpath(f"a:link[@rel='{rel}']/@href", namespaces=NS)
    return str(found[0]) if found else None


def assert_problem(response: httpx.Response, status: int, parameter: str | None = None) -> None:
    assert response.status_code == status, response.text[:500]
    assert response.headers["content-type"] == PROBLEM_JSON
    if parameter:
        assert response.json()["parameter"] == parameter


# -- the change feed --------------------------------------------------------------------------------------


def test_walking_next_links_sees_every_change_once_newest_first(client, served):
    changes = sorted((served[1] / "changes").glob("*.rdfp"))
    assert len(changes) > 100  # the samples, their views, the ruling and the small writes
    seen: list[int] = []
    url: str | None = "/changes.atom"
    pages = 0
    while url:
        feed = atom(client.get(url))
        pages += 1
        for entry in feed.findall("a:entry", NS):
            seen.append(int(entry.findtext("a:id", namespaces=NS).rsplit("/", 1)[1]))
        url = link(feed, "next")
    assert seen == list(range(len(changes), 0, -1))
    assert pages == 3


def test_paging_links_first_last_previous(client):
    first = atom(client.get("/changes.atom"))
    assert link(first, "previous") is None and link(first, "next")
    last = atom(client.get(link(first, "last")))
    assert link(last, "next") is None
    assert [e.findtext("a:id", namespaces=NS).rsplit("/", 1)[1] for e in last.findall("a:entry", NS)][-1] == "1"
    middle = atom(client.get(link(last, "previous")))
    back = atom(client.get(link(middle, "previous")))
    assert back.findtext("a:entry/a:id", namespaces=NS) == first.findtext("a:entry/a:id", namespaces=NS)
    assert atom(client.get("/changes.atom?page=2")).findtext("a:entry/a:id", namespaces=NS) == middle.findtext(
        "a:entry/a:id", namespaces=NS
    )


def test_each_entry_names_its_graph_changesets_and_counts_and_links_its_patch(client, served):
    feed = atom(client.get(f"/changes.atom?page={3}"))  # the oldest: the samples and the ruling
    entries = {e.findtext("a:id", namespaces=NS).rsplit("/", 1)[1]: e for e in feed.findall("a:entry", NS)}
    first = entries["1"]
    patch_url = first.xpath("a:link[@rel='alternate']/@href", namespaces=NS)[0]
    assert first.xpath("a:link[@rel='alternate']/@type", namespaces=NS) == ["application/rdf-patch"]
    patch = client.get(patch_url)
    assert patch.status_code == 200 and patch.headers["content-type"].startswith("application/rdf-patch")
    assert patch.content == (served[1] / "changes" / "000000000001.rdfp").read_bytes()
    graph = re.search(rb"^H graph <([^>]*)> \.$", patch.content, re.MULTILINE)[1].decode()
    added = sum(1 for line in patch.content.splitlines() if line.startswith(b"A "))
    summary = first.findtext("a:summary", namespaces=NS)
    assert f"Graph {graph}: +{added} quads, -0 quads." in summary
    changeset = re.search(rb"^H changeset <([^>]*)> \.$", patch.content, re.MULTILINE)[1].decode()
    assert changeset in summary
    views = [e for e in entries.values() if "/view/eli (" in e.findtext("a:title", namespaces=NS)]
    assert views and all("none (a derived view rebuilt)" in v.findtext("a:summary", namespaces=NS) for v in views)


def test_one_change_and_its_errors(client):
    assert client.get("/changes/1").status_code == 200
    assert_problem(client.get("/changes/100000"), 404)
    assert_problem(client.get("/changes/0"), 404)
    assert_problem(client.get("/changes.atom?page=99"), 404)
    assert_problem(client.get("/changes.atom?before=1"), 404)
    assert_problem(client.get("/changes.atom?page=1&before=5"), 400, "before")
    assert_problem(client.get("/changes.atom?size=5"), 400, "size")
    assert_problem(client.get("/changes?since=100000"), 400, "since")
    assert_problem(client.get("/changes?since=-1"), 400, "since")
    assert_problem(client.get("/changes?from=1"), 400, "from")


def test_changes_since_streams_the_patches_after_it_and_names_the_last(client, served):
    files = sorted((served[1] / "changes").glob("*.rdfp"))
    answer = client.get("/changes?since=100")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/rdf-patch")
    assert answer.headers["lexrdf-changes-through"] == str(len(files))
    assert answer.content == b"".join(path.read_bytes() for path in files[100:])
    assert 'rel="next"' in answer.headers["link"] and f"since={len(files)}" in answer.headers["link"]
    nothing = client.get(f"/changes?since={len(files)}")
    assert nothing.status_code == 200 and nothing.content == b""


# -- the events feed --------------------------------------------------------------------------------------

# What samples/README.md says happened (act, date, kind, the act that made it, provisions opened, closed), in the
# README's eIds; the ruling is the one this test adds.
ODA_REF, HARBOUR_REF = "/akn/xx/act/2001-03-14/12", "/akn/xx/act/1995-05-10/3"
A7, A7_1, A7_2 = "art_7", "art_7__para_1", "art_7__para_2"
A5, A5_1, A6, A6_1, A6_2 = "art_5", "art_5__para_1", "art_6", "art_6__para_1", "art_6__para_2"
A4A, A4A_1, A4A_2 = "art_4a", "art_4a__para_1", "art_4a__para_2"
P32, P23, PC, H42 = "art_3__para_2", "art_2__para_3", "art_3__para_1__list_1__point_c", "art_4__para_2"
DATA_2004, TRANSPARENCY_2009 = "/akn/xx/act/2004-06-01/7", "/akn/xx/act/2009-11-20/31"
ODA_T, HARBOUR_T = "Open Data Act 2001", "Harbour Act 1995"
EXPECTED = [
    (HARBOUR_T, "2012-09-01", "Repeal", "/akn/xx/act/2012-07-15/20", [], [A7, A7_1, A7_2]),
    (ODA_T, "2010-01-01", "Substitution", TRANSPARENCY_2009, [A5, A5_1], [A5, A5_1]),
    (ODA_T, "2010-01-01", "UnrecordedEnd", None, [], [A6, A6_1, A6_2]),
    (HARBOUR_T, "2008-05-01", "Insertion", "/akn/xx/act/2008-03-01/9", [A4A, A4A_1, A4A_2], []),
    (ODA_T, "2006-03-01", "JudicialDecision", "/case/sc-2006-17", [P32], []),
    (ODA_T, "2004-07-01", "Insertion", DATA_2004, [P23], []),
    (ODA_T, "2004-07-01", "Repeal", DATA_2004, [], [PC]),
    (ODA_T, "2004-07-01", "Substitution", DATA_2004, [P32], [P32]),
    (HARBOUR_T, "2003-01-01", "Substitution", "/akn/xx/act/2002-11-05/44", [H42], [H42]),
    (ODA_T, "2001-03-14", "Enactment", ODA_REF, None, []),
    (HARBOUR_T, "1995-05-10", "Enactment", HARBOUR_REF, None, []),
]


def provisions(summary: str, verb: str) -> list[str] | None:
    """The provisions a summary says the event opened or closed, as README eIds (`art_3/para_2` -> `art_3__para_2`)."""
    match = re.search(rf"^{verb} \d+: (.*)\.$", summary, re.MULTILINE)
    return sorted(p.replace("/", "__") for p in match[1].split(", ")) if match else []


def test_the_events_feed_says_what_the_sources_say_happened(client):
    feed = atom(client.get("/events.atom"))
    entries = feed.findall("a:entry", NS)
    found = []
    for entry in entries:
        summary = entry.findtext("a:summary", namespaces=NS)
        kind = entry.xpath("a:category/@term", namespaces=NS)[0]
        assert kind.startswith(LEX)
        act_title = entry.findtext("a:title", namespaces=NS).split(": ", 1)[1]
        day = entry.findtext("a:title", namespaces=NS)[:10]
        made_by = re.search(r"^Made by: (?:[^(]*\()?(https?://[^)\s]+)\)?\.$", summary, re.MULTILINE)
        found.append((act_title, day, kind.removeprefix(LEX), made_by[1] if made_by else None, summary))
    assert [f[1] for f in found] == sorted((f[1] for f in found), reverse=True)  # newest date first
    assert len(found) == len(EXPECTED)
    for act, day, kind, source, opened, closed in EXPECTED:
        matching = [f for f in found if f[:3] == (act, day, kind)]
        assert len(matching) == 1, (act, day, kind)
        _, _, _, made_by, summary = matching[0]
        if source is None:
            assert made_by is None
        elif source.startswith("/akn/"):  # an act we hold, or one known by reference: its ELI ends as its AKN URI
            assert made_by.startswith(f"{BASE}/eli/") and made_by.endswith(source.removeprefix("/akn")), made_by
        else:
            assert made_by == BASE + source
        if opened is not None:
            assert provisions(summary, "Opened") == sorted(opened), summary
        assert provisions(summary, "Closed") == sorted(closed), summary


def test_each_event_links_to_its_page_and_its_act(client, served):
    feed = atom(client.get("/events.atom"))
    for entry in feed.findall("a:entry", NS):
        event = entry.findtext("a:id", namespaces=NS)
        page = entry.xpath("a:link[@rel='alternate']/@href", namespaces=NS)[0]
        assert page == served[0] + event.removeprefix(BASE)
        assert client.get(page, headers={"Accept": "text/html"}).status_code == 200, page
        acts = entry.xpath("a:link[@rel='related']/@href", namespaces=NS)
        held = {served[0] + ODA.removeprefix(BASE), served[0] + HARBOUR.removeprefix(BASE)}
        assert held & set(acts)


def test_events_between_two_dates(client):
    feed = atom(client.get("/events.atom", params={"from": "2004-07-01", "to": "2008-05-01"}))
    days = [entry.findtext("a:title", namespaces=NS)[:10] for entry in feed.findall("a:entry", NS)]
    assert days == ["2008-05-01", "2006-03-01", "2004-07-01", "2004-07-01", "2004-07-01"]
    assert "from=2004-07-01" in link(feed, "self") and "to=2008-05-01" in link(feed, "self")
    assert atom(client.get("/events.atom", params={"from": "2013-01-01"})).findall("a:entry", NS) == []


def test_events_feed_refuses_what_it_does_not_take(client):
    assert_problem(client.get("/events.atom", params={"from": "2004-13-01"}), 400, "from")
    assert_problem(client.get("/events.atom", params={"to": "soon"}), 400, "to")
    assert_problem(client.get("/events.atom", params={"from": "2010-01-01", "to": "2001-01-01"}), 400, "to")
    assert_problem(client.get("/events.atom", params={"known_at": "2020-01-01"}), 400, "known_at")
    assert_problem(client.get("/events.atom", params={"page": "2"}), 404)


FEED_PAGES = ["/changes.atom", "/changes.atom?page=2", "/events.atom", "/events.atom?from=2004-07-01"]


@pytest.mark.parametrize("path", FEED_PAGES)
def test_a_feed_reader_polling_an_unchanged_feed_gets_304(client, path):
    first = client.get(path)
    assert first.status_code == 200 and first.headers["etag"]
    again = client.get(path, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert client.get(path, headers={"If-None-Match": '"something-else"'}).status_code == 200


@pytest.mark.parametrize("path", ["/changes.atom", "/events.atom", "/changes/1", "/changes?since=0"])
def test_head_answers_as_get_without_a_body(client, path):
    got, head = client.get(path), client.head(path)
    assert head.status_code == got.status_code == 200 and head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
