"""Serialising a dump's graphs: which graphs go together into one act file, and writing them, streaming.

N-Quads, the default format, is written by pyoxigraph's own dump of each graph as N-Triples, each line then given
the graph's name (`NamedLines`): the store's key order and bytes are those of serialising the graph's quads, but
no Python object is made per quad and pyoxigraph leaves the GIL free between its writes, so the act files of a
dump can be written on several cores at a time (lexrdf.dumps.writer). TriG is serialised from the quads; Turtle
is the store's dump of each graph (its graph name dropped).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pyoxigraph
from pyoxigraph import DefaultGraph, NamedNode, RdfFormat

from lexrdf.dumps.formats import DumpFormat
from lexrdf.store.nquads import in_graph
from lexrdf.uris import view_graph_parts
from lexrdf.vocab import PREFIXES


def graph_parts(raw: pyoxigraph.Store) -> list[tuple[str, list[NamedNode]]]:
    """Each act graph (any named graph that is not a view) with its view graphs after it, in IRI order; a view
    graph whose act graph is missing is a part of its own."""
    graphs = sorted((g for g in raw.named_graphs() if isinstance(g, NamedNode)), key=lambda g: g.value)
    names = {g.value for g in graphs}
    parts: dict[str, list[NamedNode]] = {}
    for graph in graphs:
        view = view_graph_parts(graph.value)
        owner = view[0] if view and view[0] in names else graph.value
        parts.setdefault(owner, []).append(graph)
    return sorted(parts.items())


class NamedLines:
    """A binary writer that takes N-Triples and passes N-Quads of one graph to `output`.

    The complete lines of each block take the graph's name at once (`in_graph`: a line holds no newline but its
    last, a literal escapes its own); a line cut at the end of a block waits for the next.

    >>> import io
    >>> sink = io.BytesIO()
    >>> lines = NamedLines(sink, NamedNode("http://example.org/g"))
    >>> lines.write(b'<http://example.org/s> <http://example.org/p> "a .\\\\n b" .\\n<http://exa')
    69
    >>> lines.write(b'mple.org/s> <http://example.org/p> <http://example.org/o> .')
    59
    >>> lines.write(b'\\n')
    1
    >>> lines.finish()
    >>> print(sink.getvalue().decode(), end="")
    <http://example.org/s> <http://example.org/p> "a .\\n b" <http://example.org/g> .
    <http://example.org/s> <http://example.org/p> <http://example.org/o> <http://example.org/g> .
    """

    def __init__(self, output: Any, graph: NamedNode) -> None:
        self.output = output
        self.graph = graph
        self._cut = b""

    def write(self, data: bytes) -> int:  # pyoxigraph calls this with its buffer's blocks
        block = self._cut + bytes(data) if self._cut else bytes(data)
        whole = block.rfind(b"\n") + 1
        self._cut = block[whole:]
        if whole:
            self.output.write(in_graph(block[:whole], self.graph))
        return len(data)

    def flush(self) -> None:
        self.output.flush()

    def finish(self) -> None:
        """Check that the last line was complete (pyoxigraph always ends one)."""
        if self._cut:
            raise ValueError(f"N-Triples ended inside a line: {self._cut[:80]!r}")


def write_graphs(raw: pyoxigraph.Store, graphs: Iterable[NamedNode | DefaultGraph], form: DumpFormat, output: Any):
    """Serialise graphs one after the other into a binary writer, streaming (Turtle drops the graph names)."""
    for graph in graphs:
        if form.rdf_format == RdfFormat.N_QUADS and isinstance(graph, NamedNode):
            lines = NamedLines(output, graph)
            raw.dump(lines, RdfFormat.N_TRIPLES, from_graph=graph)
            lines.finish()
        elif form.rdf_format == RdfFormat.N_QUADS:
            raw.dump(output, RdfFormat.N_TRIPLES, from_graph=graph)  # the default graph: lines without a name
        elif form.rdf_format == RdfFormat.TRIG:
            quads = raw.quads_for_pattern(None, None, None, graph)
            pyoxigraph.serialize(quads, output, form.rdf_format, prefixes=PREFIXES)
        else:
            raw.dump(output, form.rdf_format, from_graph=graph, prefixes=PREFIXES)
