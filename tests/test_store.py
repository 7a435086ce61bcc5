"""The embedded store: one transaction per act graph, dumps, union default graph."""

from __future__ import annotations

import io

import pytest
from pyoxigraph import Literal, NamedNode, Quad

from lexrdf.errors import StoreError
from lexrdf.store import open_store

GRAPH = NamedNode("https://example.org/act")


def quads(count: int) -> list[Quad]:
    return [
        Quad(NamedNode(f"https://example.org/s{i}"), NamedNode("https://example.org/p"), Literal(str(i)), GRAPH)
        for i in range(count)
    ]


def test_a_failure_part_way_leaves_the_store_exactly_as_it_was(tmp_path):
    store = open_store(tmp_path / "store")
    store.add_act_graph(GRAPH, quads(10))

    def failing():
        yield from quads(1000)[10:]
        raise OSError("disk full")

    with pytest.raises((StoreError, OSError)):
        store.add_act_graph(GRAPH, failing())
    assert store.quad_count() == 10
    store.close()


def test_reopened_store_keeps_its_data_and_dumps_n_quads(tmp_path):
    store = open_store(tmp_path / "store")
    store.add_act_graph(GRAPH, quads(3))
    store.close()
    reopened = open_store(tmp_path / "store")
    buffer = io.BytesIO()
    reopened.dump(buffer)
    lines = buffer.getvalue().decode().splitlines()
    assert len(lines) == 3 and all(line.endswith(f"<{GRAPH.value}> .") for line in lines)
    rows = list(reopened.select("SELECT ?s WHERE { ?s ?p ?o }"))  # the default graph is the union
    assert len(rows) == 3
    reopened.close()


def test_a_large_write_failing_part_way_writes_nothing(tmp_path):
    store = open_store(tmp_path / "store")
    store.add_act_graph(GRAPH, quads(10))
    many = quads(20_000)
    many[15_000] = None  # not a quad: the write fails after most quads were handed over

    with pytest.raises((StoreError, TypeError)):
        store.add_act_graph(GRAPH, many)
    assert store.quad_count() == 10
    store.add_act_graph(GRAPH, quads(20_000))
    assert store.quad_count() == 20_000
    store.close()


@pytest.mark.parametrize("pointer", ["", "garbage\x00\xff", "99999999-1", None])
def test_a_broken_snapshot_pointer_is_one_error_for_readers_and_repaired_by_the_next_writer(tmp_path, pointer):
    store = open_store(tmp_path / "store")
    store.add_act_graph(GRAPH, quads(3))
    store.close()
    current = tmp_path / "store" / "snapshots" / "CURRENT"
    if pointer is None:
        current.unlink()
    else:
        current.write_bytes(pointer.encode("latin-1"))
    if pointer == "99999999-1":  # names a snapshot that is not there: a reader cannot read, and says so in a line
        with pytest.raises(StoreError, match="cannot open the published snapshot"):
            open_store(tmp_path / "store", read_only=True)
    writer = open_store(tmp_path / "store")  # the next writer republishes what it holds
    writer.close()
    reader = open_store(tmp_path / "store", read_only=True)
    try:
        assert reader.quad_count() == 3
    finally:
        reader.close()
