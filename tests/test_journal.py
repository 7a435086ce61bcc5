"""The writer's journal (lexrdf.store.journal): an entry is the RDF Patch its write will be in the transaction log,
read back exactly (the additions the bulk loader reads, the removals an undo needs), and moved into the log whole."""

from __future__ import annotations

from datetime import UTC, datetime

import pyoxigraph
import pytest
from pyoxigraph import Literal, NamedNode, Quad, RdfFormat

from lexrdf.store import journal as journal_module
from lexrdf.store.changelog import ChangeLog, patch_quads
from lexrdf.store.journal import Journal, added_reader

GRAPH = "https://example.org/act"
WHEN = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def quads(count: int, tag: str) -> list[Quad]:
    """Quads whose literals look like patch syntax, so that a reader splitting on it would be caught."""
    graph = NamedNode(GRAPH)
    return [
        Quad(NamedNode(f"https://example.org/{tag}/{n}"), NamedNode("https://example.org/p"),
             Literal(f"TC .\nA line {n}\nTX . D \"{tag}\""), graph)
        for n in range(count)
    ]  # fmt: skip


def nquads(items: list[Quad]) -> bytes:
    return pyoxigraph.serialize(items, format=RdfFormat.N_QUADS)


@pytest.mark.parametrize("block", [64, 1 << 20])
def test_an_entry_reads_back_its_additions_and_removals_whatever_the_blocks(tmp_path, monkeypatch, block):
    """Additions and removals come back exactly, read in blocks smaller than a line or larger than the entry; the
    additions' count, when not given, is counted (they are written aside first, and that file is removed)."""
    monkeypatch.setattr(journal_module, "BLOCK", block)
    added, removed = quads(300, "added"), quads(3, "removed")
    journal = Journal(tmp_path)
    lines = nquads(removed).splitlines(keepends=True)
    entry = journal.begin(GRAPH, 7, WHEN, [nquads(added[:100]), nquads(added[100:])], lines)
    assert entry is not None
    assert list(entry.added()) == added
    assert entry.removed() == removed
    assert list(pyoxigraph.parse(added_reader([entry, entry]), format=RdfFormat.N_QUADS)) == added + added
    assert sorted(path.name for path in journal.root.iterdir()) == [entry.path.name]  # no `.body` left
    found = journal.entries()
    assert [(e.graph, e.change) for e in found] == [(GRAPH, 7)]


def test_an_entry_moved_into_the_log_is_the_change(tmp_path):
    """The entry is the patch: once adopted, the log's change has its number, graph, time, changesets and counts,
    and its D and A lines are the write's removals and additions."""
    added, removed = quads(5, "added"), quads(2, "removed")
    journal, log = Journal(tmp_path), ChangeLog(tmp_path)
    changeset = "https://example.org/changeset/1"
    lines = nquads(removed).splitlines(keepends=True)
    entry = journal.begin(GRAPH, 1, WHEN, [nquads(added)], lines, [changeset], count=len(added))
    assert entry is not None
    log.adopt([(entry.change, entry.path)])
    assert journal.entries() == []
    change = log.get(1)
    assert change is not None
    assert (change.graph, change.committed_at, change.changesets, change.added, change.removed) == (
        GRAPH, WHEN, (changeset,), 5, 2,
    )  # fmt: skip
    assert patch_quads(change.patch()) == (removed, added)


def test_a_write_that_changes_nothing_records_nothing(tmp_path):
    journal = Journal(tmp_path)
    assert journal.begin(GRAPH, 1, WHEN, [b""]) is None
    assert journal.begin(GRAPH, 1, WHEN, [], count=0) is None
    assert list(journal.root.iterdir()) == []


def test_markers_name_their_acts_and_unfinished_files_are_removed(tmp_path):
    """A marker lists the acts whose derived data is being rebuilt; what a killed writer left half-written (`.tmp`,
    `.body`) is not an entry and is removed."""
    journal = Journal(tmp_path)
    marker = journal.mark([GRAPH, f"{GRAPH}2"], synced=False)
    journal.sync()
    (journal.root / "0-1-1.write.tmp").write_bytes(b"H id <urn:lexrdf:change:9> .\n")
    (journal.root / "0-1-2.body").write_bytes(b"<a> <b> <c> <d> .\n")
    assert journal.markers() == [(marker, [GRAPH, f"{GRAPH}2"])]
    assert journal.entries() == []
    assert sorted(path.name for path in journal.root.iterdir()) == [marker.name]
    journal.end(marker)
    assert journal.markers() == []


def test_an_entry_an_older_lexrdf_left_is_refused_by_name(tmp_path):
    """A killed writer of an older lexrdf left an N-Quads entry: the next writer does not ignore it (it may be a bulk
    load cut short), it stops with one line naming it, and the store is left as it is."""
    from lexrdf.errors import StoreError
    from lexrdf.store import open_store

    open_store(tmp_path).close()
    old = tmp_path / "journal" / "000001714557290411000-4242-3.write"
    old.parent.mkdir(exist_ok=True)
    old.write_bytes(b"# lexrdf-write <https://example.org/act>\n# lexrdf-change 2\n" + nquads(quads(2, "old")))
    with pytest.raises(StoreError, match=r"000001714557290411000-4242-3\.write: a journal entry an older lexrdf"):
        open_store(tmp_path)
    assert old.is_file()
