"""A mirror stays in step with the source (issue 11's acceptance): it loads a base dump taken at change K, applies
the changes after K (fetched from a real server with GET /changes?since=K, or from the file `write_since` writes),
and then holds exactly the source's quads; applying every change to an empty store from 0 rebuilds the store.

The source gets acts, a later expression of one (so windows close and views are rebuilt, which removes quads), and
editorial additions through `lexrdf add` (a ruling and, after the base, the ruling that overrules it), before and
after the base dump."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pyoxigraph
import pytest
from conftest import BASE, ODA, SAMPLES, open_lex
from pyoxigraph import RdfFormat
from servers import lexrdf_serve

from lexrdf.api import Lexrdf
from lexrdf.feeds.changes import SyncError, apply_patches, lines_of, write_since
from lexrdf.settings import Settings

EXPRESSIONS = SAMPLES / "expressions"
PARA = f"{ODA}/art_3/para_2"
PREFIXES = """@prefix lex: <https://w3id.org/lexrdf/ontology#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
"""
R2006, R2012 = f"{ODA}/event/2006-03-01/judicial-decision", f"{ODA}/event/2012-05-03/judicial-decision"
I2006, I2012 = f"{PARA}/interpretation/2006-03-15", f"{PARA}/interpretation/2012-05-10"
RULING_2006 = f"""{PREFIXES}
<{BASE}/authority/supreme-court> a lex:Authority ; rdfs:label "Supreme Court" .
<{R2006}> a lex:Event , lex:JudicialDecision ;
    lex:date "2006-03-01"^^xsd:date ; lex:publicationDate "2006-03-15"^^xsd:date ;
    lex:authority <{BASE}/authority/supreme-court> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{BASE}/case/sc-2006-17> ; lex:affectedAct <{ODA}> ; lex:affects <{PARA}> .
<{I2006}> a lex:Interpretation ;
    lex:interprets <{PARA}> ; lex:validFrom "2006-03-15"^^xsd:date ; lex:fixedBy <{R2006}> ;
    lex:text "The three months run from publication in the gazette."@en .
"""
RULING_2012 = f"""{PREFIXES}
<{R2012}> a lex:Event , lex:JudicialDecision ;
    lex:date "2012-05-03"^^xsd:date ; lex:publicationDate "2012-05-10"^^xsd:date ;
    lex:authority <{BASE}/authority/supreme-court> ; lex:bindingScope lex:ErgaOmnes ;
    lex:sourceAct <{BASE}/case/sc-2012-41> ; lex:affectedAct <{ODA}> ; lex:affects <{PARA}> ;
    lex:overrules <{I2006}> ; lex:closes <{I2006}> .
<{I2012}> a lex:Interpretation ;
    lex:interprets <{PARA}> ; lex:validFrom "2012-05-10"^^xsd:date ; lex:fixedBy <{R2012}> ;
    lex:text "The three months run from adoption."@en .
"""


def lexrdf_add(store: Path, directory: Path, name: str, turtle: str) -> None:
    """`lexrdf add FILE --store STORE`, as an editor runs it."""
    path = directory / f"{name}.ttl"
    path.write_text(turtle, encoding="utf-8")
    command = [sys.executable, "-m", "lexrdf.cli", "add", str(path), "--store", str(store)]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "LEXRDF_BASE_IRI": BASE})
    assert done.returncode == 0, done.stdout + done.stderr


def ingest(store: Path, *paths: Path) -> None:
    lex = open_lex(store)
    try:
        lex.ingest(list(paths))
    finally:
        lex.close()


def reader(store: Path) -> Lexrdf:
    return Lexrdf.open(Settings(store=store, base_iri=BASE), read_only=True)


def canonical(store: pyoxigraph.Store) -> list[bytes]:
    """The store's quads as sorted N-Quads lines."""
    return sorted(store.dump(format=RdfFormat.N_QUADS).splitlines())


def source_quads(store: Path) -> list[bytes]:
    lex = reader(store)
    try:
        return canonical(lex.store.raw)
    finally:
        lex.close()


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, bytes, int]]:
    """The source store, its base dump (N-Quads) and the number of the last change the base holds."""
    directory = tmp_path_factory.mktemp("mirror")
    store = directory / "store"
    ingest(store, EXPRESSIONS / "open-data-act@2001-04-01.xml", EXPRESSIONS / "open-data-act@2004-07-01.xml")
    lexrdf_add(store, directory, "ruling-2006", RULING_2006)
    lex = reader(store)
    try:  # the base: one snapshot, dumped, and the last change it holds
        base_through = lex.store.changes_through
        base = lex.store.raw.dump(format=RdfFormat.N_QUADS)
    finally:
        lex.close()
    ingest(store, EXPRESSIONS / "open-data-act@2010-01-01.xml", SAMPLES / "single")
    lexrdf_add(store, directory, "ruling-2012", RULING_2012)
    yield store, base, base_through


def mirror_of(base: bytes) -> pyoxigraph.Store:
    mirror = pyoxigraph.Store()
    mirror.load(base, format=RdfFormat.N_QUADS)
    return mirror


def test_the_source_log_holds_ingests_view_rebuilds_and_editorial_changes(source):
    store, _, base_through = source
    lex = reader(store)
    try:
        changes = list(lex.store.changelog.changes())
        assert [c.number for c in changes] == list(range(1, lex.store.changes_through + 1))
    finally:
        lex.close()
    assert 0 < base_through < len(changes)
    after = changes[base_through:]
    assert any(c.removed for c in after), "a later expression rebuilds the act's view, removing quads"
    assert any(c.graph == ODA and c.changesets and not c.removed for c in after)
    assert any(c.graph.endswith("/view/eli") and not c.changesets for c in after)


def test_a_mirror_synced_over_http_holds_exactly_the_source(source):
    store, base, base_through = source
    mirror = mirror_of(base)
    assert canonical(mirror) != source_quads(store)
    with lexrdf_serve(store) as url, httpx.stream("GET", f"{url}/changes", params={"since": base_through}) as answer:
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("application/rdf-patch")
        through = int(answer.headers["lexrdf-changes-through"])
        assert apply_patches(mirror, lines_of(answer.iter_bytes()), after=base_through) == through
    assert canonical(mirror) == source_quads(store)


def test_a_mirror_synced_from_the_since_file_holds_exactly_the_source(source, tmp_path):
    store, base, base_through = source
    lex = reader(store)
    try:
        path = write_since(tmp_path, lex.store, base_through)
        through = lex.store.changes_through
    finally:
        lex.close()
    assert path.name == f"changes-{base_through + 1}-{through}.rdfp"
    mirror = mirror_of(base)
    with path.open("rb") as patches:
        assert apply_patches(mirror, patches, after=base_through) == through
    assert canonical(mirror) == source_quads(store)


def test_every_change_from_zero_rebuilds_the_store(source, tmp_path):
    store, _, _ = source
    lex = reader(store)
    try:
        path = write_since(tmp_path, lex.store, 0)
    finally:
        lex.close()
    rebuilt = pyoxigraph.Store()
    with path.open("rb") as patches:
        apply_patches(rebuilt, patches, after=0)
    assert canonical(rebuilt) == source_quads(store)


def test_a_stream_that_does_not_follow_on_is_refused(source, tmp_path):
    store, base, base_through = source
    lex = reader(store)
    try:
        path = write_since(tmp_path, lex.store, base_through + 1)  # one change missing
    finally:
        lex.close()
    with path.open("rb") as patches, pytest.raises(SyncError, match=f"does not follow change {base_through}"):
        apply_patches(mirror_of(base), patches, after=base_through)
