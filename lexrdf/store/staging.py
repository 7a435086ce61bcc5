"""A group write as the embedded store stages it: each write journaled and about to be committed (`Staged`), and
whether and how the group goes through the bulk loader."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pyoxigraph
from pyoxigraph import NamedNode, Quad, RdfFormat

from lexrdf.store.changelog import data_block
from lexrdf.store.journal import Blocks, Entry
from lexrdf.store.nquads import Serialized, has_blank_node

BULK_THRESHOLD = 5_000  # quads per write from which the bulk loader is used


@dataclass(frozen=True)
class Staged:
    """A write journaled and about to be committed with its group."""

    entry: Entry
    count: int  # the quads it adds
    blank: bool  # whether one of them names a blank node
    whole: bool = False  # a view graph filled (`GraphWrite.whole`), not an act's additions
    data: bytes | None = None  # its additions as N-Quads, when they are in memory (else read from the entry)


def bulk_load(store: pyoxigraph.Store, data: bytes | Blocks) -> None:
    """The bulk loader over N-Quads a write journaled, without checking their IRIs again: every line was written
    by lexrdf (lexrdf.emit checks each IRI as a pyoxigraph NamedNode as it writes it) or serialised by pyoxigraph
    (a view, a quad object), so the loader's own check only repeated that work (measured: 9% of its processor time
    on 1.5 M quads). Their syntax is still parsed, and a malformed line still fails the load."""
    store.bulk_load(data, format=RdfFormat.N_QUADS, lenient=True)


def is_bulk(staged: Sequence[Staged]) -> bool:
    """Whether a group is written by the bulk loader: large enough, and no blank node (which the loader would
    rename apart from the entry, so an undo could not find it)."""
    return sum(stage.count for stage in staged) >= BULK_THRESHOLD and not any(stage.blank for stage in staged)


def staged_additions(stage: Staged) -> Iterable[bytes]:
    """A staged write's additions as N-Quads: from memory if held there, else read from its entry."""
    return [stage.data] if stage.data is not None else stage.entry.added_blocks()


def into_graph(graph: NamedNode, quads: Iterable[Quad] | Serialized) -> Iterable[Quad] | Serialized:
    """The quads' triples in `graph` (`Serialized` quads are in their graph already)."""
    if isinstance(quads, Serialized):
        return quads
    return (q if q.graph_name == graph else Quad(q.subject, q.predicate, q.object, graph) for q in quads)


def quads_of(quads: Iterable[Quad] | Serialized) -> Iterable[Quad]:
    return quads.quads() if isinstance(quads, Serialized) else quads


def remove_additions(store: pyoxigraph.Store, entry: Entry) -> None:
    """Remove the additions of a journal entry, in one transaction (quads not in the store are skipped)."""
    present = [quad for quad in entry.added() if quad in store]
    blank = [q for q in present if has_blank_node(q)]
    if present and not blank:
        store.update(f"DELETE DATA {data_block(present)}")
    for quad in blank:  # DELETE DATA cannot name a blank node (bulk writes hold none)
        store.remove(quad)


def write_staged(store: pyoxigraph.Store, staged: Sequence[Staged], bulk: bool, removed: list[Quad] | None) -> None:
    """Write what staged writes add: by the bulk loader (the additions read from memory where they are held, else
    from the entries) or, with the one write's removals, in one transaction (lexrdf.store.embedded undoes a failed
    load)."""
    entries = [stage.entry for stage in staged]
    if bulk:
        if all(stage.data is not None for stage in staged):  # read by the loader at once, no callback a block
            bulk_load(store, b"".join(stage.data or b"" for stage in staged))
        else:
            blocks = (block for stage in staged for block in staged_additions(stage))
            bulk_load(store, Blocks(blocks))
    elif removed:
        (entry,) = entries
        adding = list(entry.added())
        update = f"DELETE DATA {data_block(removed)}"
        if adding:
            update += f" ;\nINSERT DATA {data_block(adding)}"
        store.update(update)
    else:
        store.extend([quad for entry in entries for quad in entry.added()])
