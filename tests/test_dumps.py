"""`lexrdf dump`: the same snapshot gives the same bytes, the checksums and descriptions say what is on disk, and a
dump loaded into a fresh store (through lexrdf or raw pyoxigraph) answers every query of the library identically."""

from __future__ import annotations

import gzip
import hashlib
import io
import subprocess
import sys
from pathlib import Path

import pyoxigraph
import pytest
import rdflib
from conftest import BASE, DPA, HARBOUR, ODA, SAMPLES, UKPGA, needs_shared, open_lex
from pyoxigraph import NamedNode, Quad, RdfFormat
from test_search_index import reproducible

from lexrdf.api import Lexrdf
from lexrdf.dumps import DumpError, Manifest, write_dump
from lexrdf.dumps.checksums import SUMS, verify
from lexrdf.dumps.formats import FORMATS
from lexrdf.dumps.graphs import write_graphs
from lexrdf.dumps.names import FileNames
from lexrdf.queries import load_library
from lexrdf.settings import Settings
from lexrdf.views import is_view_graph

DCAT = rdflib.Namespace("http://www.w3.org/ns/dcat#")
SPDX = rdflib.Namespace("http://spdx.org/rdf/terms#")
VOID = rdflib.Namespace("http://rdfs.org/ns/void#")
PROVISION = f"{ODA}/art_3/para_2"
PARAMETERS = {  # one call of every public query of the library, on the samples (samples/README.md)
    "resolve": {"ref": "/akn/xx/act/2001-03-14/12~art_3__para_2"},
    "text-at": {"provision": PROVISION, "date": "2003-01-01"},
    "versions": {"provision": PROVISION},
    "context": {"provision": PROVISION, "date": "2005-01-01"},
    "descendants": {"provision": ODA, "date": "2005-01-01"},
    "lineage": {"provision": PROVISION, "date": "2012-01-01"},
    "impact": {"act": HARBOUR},
    "diff": {"provision": PROVISION, "from": "2002-01-01", "to": "2012-01-01"},
    "changes-since": {"since": "2000-01-01T00:00:00Z"},
    "acts": {},
    "coverage": {},
    "audit": {},
    "toc": {"act": ODA, "date": "2005-01-01"},
    "interpretations": {"item": PROVISION, "date": "2005-01-01"},
    "search": {"text": "machine-readable", "date": "2005-01-01"},
}


def reader(directory: Path) -> Lexrdf:
    return Lexrdf.open(Settings(store=directory, base_iri=BASE), read_only=True)


@pytest.fixture(scope="module")
def store_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("dumped") / "store"
    writer = open_lex(directory)
    try:
        writer.ingest([SAMPLES])
    finally:
        writer.close()
    return directory


@pytest.fixture(scope="module")
def lex(store_dir: Path):
    instance = reader(store_dir)
    yield instance
    instance.close()


@pytest.fixture(scope="module")
def plain(lex: Lexrdf, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("plain") / "dump"
    write_dump(lex.store, out, lex.settings)
    return out


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_same_snapshot_dumps_byte_identical_folders(lex, plain, tmp_path):
    again = tmp_path / "again"
    write_dump(lex.store, again, lex.settings)
    assert files(again) == files(plain)
    assert sorted(files(plain)) == [
        SUMS,
        "acts/eli-xx-act-1995-05-10-3.nq",
        "acts/eli-xx-act-2001-03-14-12.nq",
        "catalog.ttl",
        "dump.json",
        "lexrdf.nq",
        "ontology/lexrdf.ttl",
        "shapes/lexrdf-shapes.ttl",
        "void.ttl",
    ]


def test_the_dump_holds_every_quad_and_each_act_file_its_graph_and_views(lex, plain):
    store = lex.store.raw
    dumped = list(pyoxigraph.parse(path=str(plain / "lexrdf.nq"), format=RdfFormat.N_QUADS))
    assert len(dumped) == len(set(dumped)) == len(store) and set(dumped) == set(store)
    whole = b"".join(
        (plain / f"acts/{name}").read_bytes() for name in sorted(p.name for p in (plain / "acts").iterdir())
    )
    assert whole == (plain / "lexrdf.nq").read_bytes()  # the whole file is the act files one after the other
    act_file = list(pyoxigraph.parse(path=str(plain / "acts/eli-xx-act-2001-03-14-12.nq"), format=RdfFormat.N_QUADS))
    assert {q.graph_name.value for q in act_file} == {ODA, f"{ODA}/view/eli"}
    assert set(act_file) == set(store.quads_for_pattern(None, None, None, NamedNode(ODA))) | set(
        store.quads_for_pattern(None, None, None, NamedNode(f"{ODA}/view/eli"))
    )


def test_checksums_and_sizes_are_those_of_the_files(plain):
    lines = (plain / SUMS).read_text(encoding="utf-8").splitlines()
    listed = dict(reversed(line.split("  ", 1)) for line in lines)
    on_disk = files(plain)
    assert set(listed) == set(on_disk) - {SUMS}
    for name, digest in listed.items():
        assert hashlib.sha256(on_disk[name]).hexdigest() == digest, name
    manifest = Manifest.read(plain)
    assert manifest is not None and manifest.quads > 0
    for file in manifest.files:
        assert file.size == len(on_disk[file.path]) and file.sha256 == listed[file.path]
    assert verify(plain) == []
    (plain / "void.ttl").write_bytes(on_disk["void.ttl"] + b"\n")
    try:
        assert verify(plain) == ["void.ttl: checksum differs"]
    finally:
        (plain / "void.ttl").write_bytes(on_disk["void.ttl"])


def test_gzip_decompresses_to_the_plain_dump_and_has_no_time_or_name(lex, plain, tmp_path):
    packed = tmp_path / "gz"
    write_dump(lex.store, packed, lex.settings, compress=True)
    for name in ("lexrdf.nq", "acts/eli-xx-act-2001-03-14-12.nq", "acts/eli-xx-act-1995-05-10-3.nq"):
        data = (packed / f"{name}.gz").read_bytes()
        assert gzip.decompress(data) == (plain / name).read_bytes()
        assert data[3] & 0x08 == 0 and data[4:8] == b"\0\0\0\0"  # no FNAME, MTIME 0
    again = tmp_path / "gz-again"
    write_dump(lex.store, again, lex.settings, compress=True)
    assert files(again) == files(packed)
    assert verify(packed) == []


def test_trig_keeps_the_graphs_and_turtle_holds_their_triples(lex, plain, tmp_path):
    quads = set(pyoxigraph.parse(path=str(plain / "lexrdf.nq"), format=RdfFormat.N_QUADS))
    trig = tmp_path / "trig"
    write_dump(lex.store, trig, lex.settings, "trig")
    assert set(pyoxigraph.parse(path=str(trig / "lexrdf.trig"), format=RdfFormat.TRIG)) == quads
    ttl = tmp_path / "ttl"
    write_dump(lex.store, ttl, lex.settings, "ttl")
    triples = {q.triple for q in pyoxigraph.parse(path=str(ttl / "lexrdf.ttl"), format=RdfFormat.TURTLE)}
    assert triples == {q.triple for q in quads}


def test_n_quads_keep_every_graph_name_whatever_the_literals_hold():
    """The N-Quads path names each line of pyoxigraph's N-Triples: a literal holding newlines, " .", quotes and
    a graph IRI's own text, a blank node, a language tag, many blocks of pyoxigraph's buffer, and the default
    graph (lines without a name) must come back as the same quads, in the bytes `serialize` gives them."""
    graph, other = NamedNode("http://example.org/g"), NamedNode("http://example.org/g/view/eli")
    awkward = ["ends here .\nnext line .\n", 'a "quoted" . <http://example.org/g> .', "tab\tand\r\n", "é ."]
    store = pyoxigraph.Store()
    subject, predicate = NamedNode("http://example.org/s"), NamedNode("http://example.org/p")
    quads = [Quad(subject, predicate, pyoxigraph.Literal(text), graph) for text in awkward]
    quads += [Quad(pyoxigraph.BlankNode("b1"), predicate, pyoxigraph.Literal("x .", language="fr"), other)]
    quads += [
        Quad(NamedNode(f"http://example.org/s{i}"), predicate, pyoxigraph.Literal("y" * 50), graph) for i in range(500)
    ]
    quads += [Quad(subject, predicate, pyoxigraph.Literal(f"n{i}"), other) for i in range(3000)]
    quads += [Quad(subject, predicate, pyoxigraph.Literal("in the default graph .\n"))]
    store.extend(quads)
    written = io.BytesIO()
    write_graphs(store, [pyoxigraph.DefaultGraph(), graph, other], FORMATS["nq"], written)
    assert len(written.getvalue()) > 3 * 8192  # several of pyoxigraph's blocks
    assert sorted(map(str, pyoxigraph.parse(written.getvalue(), format=RdfFormat.N_QUADS))) == sorted(map(str, quads))
    expected = b"".join(
        pyoxigraph.serialize(store.quads_for_pattern(None, None, None, g), format=RdfFormat.N_QUADS)
        for g in (pyoxigraph.DefaultGraph(), graph, other)
    )
    assert written.getvalue() == expected


def test_an_act_file_that_cannot_be_written_leaves_no_dump_and_the_previous_one_whole(lex, tmp_path, monkeypatch):
    out = tmp_path / "dump"
    write_dump(lex.store, out, lex.settings)
    before = files(out)
    from lexrdf.dumps import writer

    def full_disk(raw, chosen, form, output):  # what a full disk does to the second act file, in its thread
        if any(g.value.startswith(ODA) for g in chosen):
            raise OSError(28, "No space left on device")
        write_graphs(raw, chosen, form, output)

    monkeypatch.setattr(writer, "write_graphs", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_dump(lex.store, out, lex.settings)
    assert files(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dump"]


def test_catalog_describes_every_file_as_it_is(plain):
    catalog = rdflib.Graph().parse(plain / "catalog.ttl", format="turtle")
    on_disk = files(plain)
    distributions = list(catalog.subjects(rdflib.RDF.type, DCAT.Distribution))
    described = set()
    for distribution in distributions:
        url = str(catalog.value(distribution, DCAT.downloadURL))
        assert url.startswith(f"{BASE}/dumps/")
        name = url.removeprefix(f"{BASE}/dumps/")
        checksum = catalog.value(distribution, SPDX.checksum)
        assert catalog.value(checksum, SPDX.algorithm) == SPDX.checksumAlgorithm_sha256
        assert str(catalog.value(checksum, SPDX.checksumValue)) == hashlib.sha256(on_disk[name]).hexdigest()
        assert int(catalog.value(distribution, DCAT.byteSize)) == len(on_disk[name])
        assert str(catalog.value(distribution, DCAT.mediaType)).startswith(
            "https://www.iana.org/assignments/media-types/"
        )
        assert catalog.value(distribution, rdflib.DCTERMS.license) == rdflib.URIRef(Settings().licence)
        described.add(name)
    assert described == set(on_disk) - {SUMS, "dump.json", "catalog.ttl", "void.ttl"}
    (dataset,) = catalog.subjects(rdflib.RDF.type, DCAT.Dataset)
    assert int(catalog.value(dataset, rdflib.URIRef("https://w3id.org/lexrdf/ontology#changesThrough"))) >= 0


def test_void_counts_what_the_dump_holds(plain):
    void = rdflib.Graph().parse(plain / "void.ttl", format="turtle")
    (dataset,) = void.subjects(rdflib.RDF.type, VOID.DatasetDescription) and void.subjects(VOID.sparqlEndpoint, None)
    quads = list(pyoxigraph.parse(path=str(plain / "lexrdf.nq"), format=RdfFormat.N_QUADS))
    assert int(void.value(dataset, VOID.triples)) == len(quads)
    assert int(void.value(dataset, VOID.distinctSubjects)) == len({q.subject for q in quads})
    types = {(q.subject, q.object) for q in quads if q.predicate.value == str(rdflib.RDF.type)}
    partitions = {
        str(void.value(p, VOID["class"])): int(void.value(p, VOID.entities))
        for p in void.objects(dataset, VOID.classPartition)
    }
    assert partitions == {c.value: len({s for s, o in types if o == c}) for c in {o for _, o in types}}
    assert int(void.value(dataset, VOID.classes)) == len(partitions)
    assert int(void.value(dataset, VOID.properties)) == len({q.predicate for q in quads})
    vocabularies = set(map(str, void.objects(dataset, VOID.vocabulary)))
    assert {"http://data.europa.eu/eli/ontology#", "http://www.w3.org/ns/prov#"} <= vocabularies
    assert set(map(str, void.objects(dataset, VOID.exampleResource))) == {HARBOUR, ODA}
    assert str(void.value(dataset, VOID.dataDump)) == f"{BASE}/dumps/lexrdf.nq"
    assert str(void.value(dataset, VOID.sparqlEndpoint)) == f"{BASE}/sparql"


def _answers(lex: Lexrdf) -> dict[str, object]:
    public = [q.name for q in load_library().values() if not q.internal]
    assert set(public) == set(PARAMETERS), "a new query of the library needs parameters here"
    answers = {name: lex.run(name, PARAMETERS[name]) for name in public}
    answers["search"].pop("method")  # which path answered: a store loaded from a dump has no search index yet
    answers["search"] = reproducible(answers["search"])  # BM25 (the index) or occurrences (the scan): not the order
    return answers


def test_a_dump_loaded_through_lexrdf_or_raw_pyoxigraph_answers_every_query_identically(lex, plain, tmp_path):
    expected = _answers(lex)
    assert expected["text-at"]["status"] == "in-force" and expected["search"]["count"] > 0
    # through lexrdf: each act file written by the store protocol (act graph whole, then its view)
    through_lexrdf = open_lex(tmp_path / "through-lexrdf")
    try:
        for path in sorted((plain / "acts").iterdir()):
            graphs: dict[str, list[Quad]] = {}
            for quad in pyoxigraph.parse(path=str(path), format=RdfFormat.N_QUADS):
                graphs.setdefault(quad.graph_name.value, []).append(quad)
            for graph, quads in sorted(graphs.items(), key=lambda item: is_view_graph(NamedNode(item[0]))):
                write = through_lexrdf.store.replace_graph if is_view_graph(NamedNode(graph)) else None
                (write or through_lexrdf.store.add_act_graph)(NamedNode(graph), quads)
    finally:
        through_lexrdf.close()
    # raw pyoxigraph: the whole file bulk-loaded into a fresh on-disk store, then read by lexrdf
    raw = pyoxigraph.Store(str(tmp_path / "raw"))
    raw.bulk_load(path=str(plain / "lexrdf.nq"), format=RdfFormat.N_QUADS)
    raw.flush()
    del raw
    for directory in ("through-lexrdf", "raw"):
        copy = reader(tmp_path / directory)
        try:
            assert copy.store.quad_count() == lex.store.quad_count()
            assert _answers(copy) == expected, directory
        finally:
            copy.close()


def test_names_from_hostile_iris_stay_inside_the_folder():
    names = FileNames(BASE)
    hostile = [
        f"{BASE}/../../etc/passwd",
        f"{BASE}/%2e%2e/%2fetc",
        f"{BASE}/.hidden",
        f"{BASE}/a\\..\\b",
        "file:///etc/passwd",
        f"{BASE}/" + "x" * 500,
        f"{BASE}/eli/xx",
        f"{BASE}/eli-xx",
    ]
    stems = [names.stem(iri) for iri in hostile]
    assert len(set(stems)) == len(stems)
    for stem in stems:
        assert stem and not stem.startswith(".") and ".." not in stem and "/" not in stem and "\\" not in stem
        assert len(stem) <= 130 and all(c.isalnum() or c in "._-" for c in stem)


def test_a_folder_that_is_not_a_dump_is_never_replaced(lex, tmp_path):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me")
    with pytest.raises(DumpError, match="is not a lexrdf dump"):
        write_dump(lex.store, precious, lex.settings)
    assert [p.name for p in precious.iterdir()] == ["notes.txt"]
    with pytest.raises(DumpError, match="--format 'xml'"):
        write_dump(lex.store, tmp_path / "x", lex.settings, "xml")


def test_an_interrupted_dump_leaves_the_previous_one_whole(lex, plain, tmp_path):
    out = tmp_path / "dump"
    write_dump(lex.store, out, lex.settings)
    before = files(out)

    def interrupt(stage: str, done: int, total: int) -> None:
        if stage == "acts" and done == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_dump(lex.store, out, lex.settings, "trig", progress=interrupt)
    assert files(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dump"]  # no partial folder left behind
    killed = tmp_path / ".dump.partial-4194305"  # what a dump killed with -9 leaves (no process has this pid)
    (killed / "acts").mkdir(parents=True)
    write_dump(lex.store, out, lex.settings)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dump"] and files(out) == before


def test_cli_dump_with_changes_since(store_dir, tmp_path):
    out = tmp_path / "cli"
    command = [sys.executable, "-m", "lexrdf.cli", "dump", "--out", str(out), "--store", str(store_dir)]
    done = subprocess.run([*command, "--gzip", "--since", "0"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "2 acts" in done.stdout
    manifest = Manifest.read(out)
    assert manifest is not None and manifest.compressed and manifest.since == 0
    (changes,) = [f for f in manifest.files if f.kind == "changes"]
    assert changes.path.endswith(".rdfp") and (out / changes.path).is_file()
    assert verify(out) == []
    bad = subprocess.run([*command, "--format", "xml"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1 and "--format 'xml'" in bad.stderr


def test_dump_of_real_legislation(dpa_lex, tmp_path):
    needs_shared(UKPGA)
    copy = reader(dpa_lex.store.directory)
    try:
        manifest = write_dump(copy.store, tmp_path / "dpa", copy.settings, compress=True)
        assert manifest.quads == copy.store.quad_count()
    finally:
        copy.close()
    assert [f.graphs for f in manifest.files if f.kind == "act"] == [(DPA, f"{DPA}/view/eli")]
    assert verify(tmp_path / "dpa") == []
