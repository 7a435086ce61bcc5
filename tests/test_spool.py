"""A write too large for memory goes through a spool on disk (lexrdf.store.spool): validated in a scratch store on
disk and bulk-loaded from its journal entry. It must give exactly what the in-memory path gives, and leave nothing
behind."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DPA, SAMPLES, UKPGA, needs_shared, open_lex
from pyoxigraph import NamedNode, Quad
from test_crash_safety import canonical, leftovers

import lexrdf.store.spool as spool_module
from lexrdf.ingest.run import check, prepare
from lexrdf.store.spool import QuadSpool

SOURCES = [SAMPLES / "expressions", SAMPLES / "single", UKPGA]


def ingest_all(directory: Path) -> dict[str, frozenset[str]]:
    lex = open_lex(directory)
    try:
        for source in SOURCES:  # one ingest each: later acts meet earlier ones stored
            lex.ingest([source])
        return canonical(lex.store.raw)
    finally:
        lex.close()


def test_a_spilled_ingest_writes_exactly_what_an_in_memory_one_writes(tmp_path: Path, monkeypatch):
    needs_shared(UKPGA)
    in_memory = ingest_all(tmp_path / "memory")
    monkeypatch.setattr(spool_module, "MEMORY_LIMIT", 500)  # every act of more than 500 quads spills to disk
    spilled = ingest_all(tmp_path / "spilled")
    assert DPA in spilled and len(spilled[DPA]) > 70_000
    assert spilled == in_memory
    assert leftovers(tmp_path / "spilled") == []


def test_a_spilled_write_validates_as_in_memory(tmp_path: Path, monkeypatch):
    """The scratch store on disk finds the same results as the memory store, violations included."""
    needs_shared(UKPGA)
    lex = open_lex(tmp_path / "store")
    try:
        (write,) = prepare([UKPGA], lex.store, lex.settings)
        assert not write.quads.spilled
        in_memory = check(write, lex.store)
        monkeypatch.setattr(spool_module, "MEMORY_LIMIT", 500)
        (spilled_write,) = prepare([UKPGA], lex.store, lex.settings)
        assert spilled_write.quads.spilled
        spilled = check(spilled_write, lex.store)
        assert spilled.keys() == in_memory.keys() and spilled.warnings  # the DPA has warnings (recorded ends)
        # a violation: a version with no window, added to the spilled write
        version = next(q.subject for q in spilled_write.quads if q.predicate.value.endswith("#validFrom"))
        broken = [
            q for q in spilled_write.quads if not (q.subject == version and q.predicate.value.endswith("#validFrom"))
        ]
        again = QuadSpool(tmp_path / "scratch", memory_limit=500)
        again.extend(broken)
        spilled_write.quads = again
        assert any(r.focus == version.value for r in check(spilled_write, lex.store).violations)
    finally:
        lex.close()


def test_a_spool_streams_what_it_was_given_and_removes_its_file(tmp_path: Path):
    graph = NamedNode("https://e.org/g")
    quads = [
        Quad(NamedNode(f"https://e.org/s{i}"), graph, NamedNode(f"https://e.org/o{i}"), graph) for i in range(50_001)
    ]
    spool = QuadSpool(tmp_path, memory_limit=1_000, keep=lambda predicate, obj: obj.endswith("7>"))
    spool.extend(quads)
    assert spool.spilled and len(spool) == len(quads)
    assert list(spool) == quads
    assert [q for chunk in spool.chunks() for q in chunk] == quads
    assert spool.kept == [q for q in quads if q.object.value.endswith("7")]
    path = spool.path()
    assert path.parent == tmp_path and path.stat().st_size > 0
    spool.close()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("count", [0, 3])
def test_a_small_spool_never_touches_the_disk(tmp_path: Path, count: int):
    graph = NamedNode("https://e.org/g")
    spool = QuadSpool(tmp_path)
    spool.extend(Quad(graph, graph, graph, graph) for _ in range(count))
    assert not spool.spilled and len(spool) == count and bool(spool) == bool(count)
    assert list(tmp_path.iterdir()) == []


def test_a_spools_data_is_every_quad_added_so_far(tmp_path: Path):
    """`data` is joined once for as many quads, and joined again once more are added (a planner reads it twice)."""
    graph, other = NamedNode("https://e.org/g"), NamedNode("https://e.org/o")
    first_line, second_line = (
        f"{graph} {graph} {graph} {graph} .\n".encode(),
        f"{graph} {graph} {other} {graph} .\n".encode(),
    )
    spool = QuadSpool(tmp_path)
    spool.append(Quad(graph, graph, graph, graph))
    first = spool.data()
    assert spool.data() is first and first == first_line
    spool.append(Quad(graph, graph, other, graph))
    assert spool.data() == first_line + second_line
    spool.close()
    spool.append(Quad(graph, graph, other, graph))
    assert spool.data() == second_line
