"""The N-Quads a write sends: what both backends (embedded and remote) and the transaction log share.

>>> from pyoxigraph import BlankNode, NamedNode, Quad
>>> g = NamedNode("https://e.org/g")
>>> has_blank_node(Quad(BlankNode(), g, g, g)), has_blank_node(Quad(g, g, g, g))
(True, False)
>>> quads = [Quad(g, g, g, g), Quad(g, g, NamedNode("https://e.org/o"), g)]
>>> additions = Additions(quads, held=each({Quad(g, g, g, g)}.__contains__))
>>> b"".join(additions.chunks()), additions.count
(b'<https://e.org/g> <https://e.org/g> <https://e.org/o> <https://e.org/g> .\\n', 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

import pyoxigraph
from pyoxigraph import BlankNode, NamedNode, Quad, RdfFormat

from lexrdf.store.spool import BATCH, batches


def has_blank_node(quad: Quad) -> bool:
    """Whether a quad names a blank node (which DELETE DATA cannot name, and a server may rename)."""
    return isinstance(quad.subject, BlankNode) or isinstance(quad.object, BlankNode)


def names_blank_node(data: bytes, quads: Callable[[], Iterable[Quad]]) -> bool:
    """Whether the N-Quads `data` of `quads` name a blank node: looked for quad by quad only when `data` holds
    "_:" (how a blank node serialises, though a term may hold it too)."""
    return b"_:" in data and any(has_blank_node(quad) for quad in quads())


def serialized(quads: list[Quad], lines: bool = False) -> Iterator[bytes]:
    """N-Quads of `quads`: in chunks of `BATCH` quads, or one line at a time."""
    for start in range(0, len(quads), BATCH):
        data = pyoxigraph.serialize(quads[start : start + BATCH], format=RdfFormat.N_QUADS)
        yield from (data.splitlines(keepends=True) if lines else [data])


def in_graph(ntriples: bytes, graph: NamedNode) -> bytes:
    """N-Triples (whole lines, as pyoxigraph writes them) as N-Quads in `graph`: the graph put before each line's
    final dot.

    >>> in_graph(b'<https://e.org/s> <https://e.org/p> "a ." .\\n', NamedNode("https://e.org/g"))
    b'<https://e.org/s> <https://e.org/p> "a ." <https://e.org/g> .\\n'
    """
    return ntriples.replace(b" .\n", f" {graph} .\n".encode())  # a line break inside a term is escaped


@dataclass(frozen=True)
class Serialized:
    """Quads already serialised as N-Quads, one per line and each once (what a view derived before its write is):
    a store writes them into its journal as they are, with no quad objects made."""

    data: bytes
    #: written by what never names a blank node (lexrdf.emit's lines, a view of them): `blank` is then not searched
    blank_free: bool = False

    @cached_property
    def count(self) -> int:
        return self.data.count(b"\n")

    def __len__(self) -> int:
        return self.count

    def quads(self) -> list[Quad]:
        return list(pyoxigraph.parse(self.data, format=RdfFormat.N_QUADS))

    @cached_property
    def blank(self) -> bool:
        """Whether one of the quads names a blank node (worked out once: a planner in another process sends it
        along)."""
        return not self.blank_free and names_blank_node(self.data, self.quads)


#: which quads of a batch a store holds, in order (a batch at a time: a remote store asks once a batch)
Held = Callable[[Sequence[Quad]], Sequence[bool]]
LOOKUP = 2_000  # quads looked up at a time


def each(contains: Callable[[Quad], bool]) -> Held:
    """`Held` from a test of one quad (an embedded store's own look-up)."""
    return lambda batch: [contains(quad) for quad in batch]


class Additions:
    """The quads of a write that the store lacks (`held` says which it holds, `LOOKUP` quads at a time; None: it
    holds none), serialised as N-Quads chunks as they are read, with the commit's times in place of the provisional
    ones (`restamp`); counted as they pass, and whether any names a blank node."""

    def __init__(
        self,
        quads: Iterable[Quad],
        held: Held | None = None,
        restamp: Callable[[bytes], bytes] | None = None,
    ) -> None:
        self.quads = quads
        self.held = held
        self.restamp = restamp
        self.count = 0
        self.blank = False

    def chunks(self) -> Iterator[bytes]:
        batch: list[Quad] = []
        for candidates in batches(self.quads, LOOKUP):
            batch.extend(self._lacking(candidates))
            if len(batch) >= BATCH:
                yield self._serialize(batch)
                batch = []
        if batch:
            yield self._serialize(batch)

    def _lacking(self, candidates: list[Quad]) -> list[Quad]:
        if self.held is None:
            return candidates
        return [quad for quad, held in zip(candidates, self.held(candidates), strict=True) if not held]

    def _serialize(self, batch: list[Quad]) -> bytes:
        self.count += len(batch)
        data = pyoxigraph.serialize(batch, format=RdfFormat.N_QUADS)
        self.blank = self.blank or names_blank_node(data, lambda: batch)
        return self.restamp(data) if self.restamp else data


__all__ = ["LOOKUP", "Additions", "Held", "Serialized", "each", "has_blank_node", "in_graph", "serialized"]
