"""The transaction log: every committed write to the store, numbered in commit order, as an RDF Patch.

Each write the store commits (an act graph's additions, from an ingest, an editorial addition or a SAT-Graph
import; a view graph rebuilt) becomes one change, numbered 1, 2, 3, ... in commit order, kept in
`<store>/changes/` as one RDF Patch file (https://afs.github.io/rdf-patch/):

    H id <urn:lexrdf:change:18> .
    H prev <urn:lexrdf:change:17> .
    H graph <https://lexrdf.example.org/eli/xx/act/2001-03-14/12> .
    H committed "2026-11-30T04:12:00.000001Z"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
    H changeset <https://lexrdf.example.org/changeset/20261130T041200000001Z> .
    H added "1"^^<http://www.w3.org/2001/XMLSchema#integer> .
    H removed "1"^^<http://www.w3.org/2001/XMLSchema#integer> .
    TX .
    D <s> <p> <o> <g> .
    A <s> <p> <o> <g> .
    TC .

A change holds exactly what the write did: the quads it added that the store lacked (`A`) and the quads it removed
(`D`: only a view rebuild removes; history is never removed). So a copy that holds a dump taken through change K
and applies the changes after K in order holds exactly what the store holds (`apply_patch`). A change is written
whole before its commit, as the writer's journal entry, and becomes part of the log by one rename once the write
committed (`adopt`), so a writer killed in between leaves the entry, and the next writer moves it into the log
then (lexrdf.store.journal); a write that did not commit is never logged, so numbers have no gaps. Each published
snapshot records the last change it holds (`changes_through`), so a reader never announces a change it cannot show.

>>> Change.file_name(18)
'000000000018.rdfp'
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pyoxigraph
from pyoxigraph import Quad, RdfFormat

from lexrdf.store.files import sync_directory
from lexrdf.store.nquads import has_blank_node
from lexrdf.txtime import stamp

CHANGES = "changes"
MEDIA_TYPE = "application/rdf-patch"
THROUGH_FILE = "lexrdf-changes-through"  # in a snapshot: the number of the last change it holds
_NAME = re.compile(r"(\d{12,})\.rdfp")
_HEADER = re.compile(rb'^H (\w+) (<[^>]*>|"[^"]*"(?:\^\^<[^>]*>)?) \.$')
_LINE_START = re.compile(rb"^(?=.)", re.MULTILINE)  # the start of each line of a block of N-Quads
_XSD_DATETIME = "http://www.w3.org/2001/XMLSchema#dateTime"
_XSD_INTEGER = "http://www.w3.org/2001/XMLSchema#integer"
_CHANGE_IRI = "urn:lexrdf:change:"  # a change's identifier, before its number
BULK_APPLY = 5_000  # additions from which `apply_patch` uses the bulk loader (a copy being filled, not served)


def change_iri(number: int) -> str:
    """The identifier of change `number` in its patch's `H id` header."""
    return f"{_CHANGE_IRI}{number}"


def change_number(iri: str) -> int | None:
    """The number of the change a patch's `H id` names (None: not a change of a lexrdf log).

    >>> change_number(change_iri(18)), change_number("urn:uuid:x")
    (18, None)
    """
    number = iri.removeprefix(_CHANGE_IRI)
    return int(number) if number != iri and number.isdigit() else None


def patch_headers(path: Path) -> dict[str, list[str]]:
    """The headers of a patch file (its `H` lines, before `TX`): each name's values in order, an IRI or a literal's
    lexical form."""
    headers: dict[str, list[str]] = {}
    with path.open("rb") as handle:
        for line in handle:
            if not line.startswith(b"H "):
                break
            match = _HEADER.match(line.rstrip(b"\n"))
            if match:
                term = match[2].decode("utf-8")
                value = term[1:-1] if term.startswith("<") else term[1 : term.index('"', 1)]
                headers.setdefault(match[1].decode(), []).append(value)
    return headers


@dataclass(frozen=True)
class Change:
    """One committed write, as the log holds it."""

    number: int
    committed_at: datetime
    graph: str
    changesets: tuple[str, ...]
    added: int
    removed: int
    path: Path

    @staticmethod
    def file_name(number: int) -> str:
        return f"{number:012d}.rdfp"

    def patch(self) -> bytes:
        """Its RDF Patch, as written."""
        return self.path.read_bytes()

    @classmethod
    def read(cls, path: Path) -> Change:
        """The change a patch file holds, from its headers (the lines before `TX`)."""
        headers = patch_headers(path)
        number = int(_NAME.fullmatch(path.name)[1])  # type: ignore[index]
        return cls(
            number=number,
            committed_at=datetime.fromisoformat(headers["committed"][0]),
            graph=headers["graph"][0],
            changesets=tuple(headers.get("changeset", ())),
            added=int(headers["added"][0]),
            removed=int(headers["removed"][0]),
            path=path,
        )


def render_patch(
    number: int,
    graph: str,
    committed_at: datetime,
    changesets: Iterable[str],
    counts: tuple[int, int],
    added: Iterable[bytes],
    removed: Iterable[bytes] = (),
) -> Iterator[bytes | memoryview]:
    """The lines of change `number`'s patch; `added` and `removed` are N-Quads, one or more whole lines at a time
    (each ending in a newline), `counts` how many of each there are."""
    yield f"H id <{change_iri(number)}> .\n".encode()
    if number > 1:
        yield f"H prev <{change_iri(number - 1)}> .\n".encode()
    yield f"H graph <{graph}> .\n".encode()
    yield f'H committed "{stamp(committed_at).value}"^^<{_XSD_DATETIME}> .\n'.encode()  # as the records write it
    for changeset in changesets:
        yield f"H changeset <{changeset}> .\n".encode()
    for name, count in zip(("added", "removed"), counts, strict=True):
        yield f'H {name} "{count}"^^<{_XSD_INTEGER}> .\n'.encode()
    yield b"TX .\n"
    for lines in removed:
        yield from _prefixed(b"D ", lines)
    for lines in added:
        yield from _prefixed(b"A ", lines)
    yield b"TC .\n"


def _prefixed(prefix: bytes, lines: bytes) -> Iterator[bytes | memoryview]:
    """Each line of a block of N-Quads lines (none empty, as a serialiser writes them) with `prefix` before it, in
    parts: one `bytes.replace` for a block of whole lines, and no other copy of it.

    >>> b"".join(_prefixed(b"A ", b"<a> <b> <c> .\\n<d> <e> <f> .\\n"))
    b'A <a> <b> <c> .\\nA <d> <e> <f> .\\n'
    """
    if not lines.endswith(b"\n"):
        yield _LINE_START.sub(prefix, lines)
        return
    yield prefix
    yield memoryview(lines.replace(b"\n", b"\n" + prefix))[: -len(prefix)]


class ChangeLog:
    """The `changes/` directory of one store. Only its writer appends; anyone reads."""

    def __init__(self, store_directory: Path) -> None:
        self.root = store_directory / CHANGES

    def last(self) -> int:
        """The number of the newest change logged (0: none)."""
        return max(self._numbers(), default=0)

    def get(self, number: int) -> Change | None:
        """Change `number`, if it was logged."""
        path = self.root / Change.file_name(number)
        return Change.read(path) if path.is_file() else None

    def changes(self, since: int = 0, through: int | None = None) -> Iterator[Change]:
        """The changes numbered after `since` and up to `through` (default: the newest), oldest first."""
        for number in sorted(self._numbers()):
            if number > since and (through is None or number <= through):
                yield Change.read(self.root / Change.file_name(number))

    def adopt(self, written: Sequence[tuple[int, Path]]) -> None:
        """Make patches written whole elsewhere on the same file system (journal entries, lexrdf.store.journal) the
        changes numbered with them, in order: one rename each, the log's directory synced once."""
        self.root.mkdir(exist_ok=True)
        for number, path in written:
            os.replace(path, self.root / Change.file_name(number))
        sync_directory(self.root)

    def remove_unfinished(self) -> None:
        """Remove the temporary file of a change an older lexrdf, killed, was writing there (writer only; changes now
        arrive by rename, `adopt`)."""
        if self.root.is_dir():
            for entry in self.root.iterdir():
                if entry.name.endswith(".tmp"):
                    entry.unlink(missing_ok=True)

    def _numbers(self) -> Iterator[int]:
        if not self.root.is_dir():
            return
        for name in os.listdir(self.root):
            match = _NAME.fullmatch(name)
            if match:
                yield int(match[1])


def write_through(snapshot_directory: Path, number: int) -> None:
    """Record in a snapshot being published the number of the last change it holds."""
    (snapshot_directory / THROUGH_FILE).write_text(f"{number}\n", encoding="ascii")


def read_through(snapshot_directory: Path) -> int:
    """The number of the last change a published snapshot holds (0: none, or a snapshot older than the log)."""
    try:
        return int((snapshot_directory / THROUGH_FILE).read_text(encoding="ascii").strip() or 0)
    except (FileNotFoundError, ValueError):
        return 0


def patch_quads(patch: bytes) -> tuple[list[Quad], list[Quad]]:
    """(removed, added): the quads of one change's D and A lines."""
    removed = [line[2:] for line in patch.splitlines(keepends=True) if line.startswith(b"D ")]
    added = [line[2:] for line in patch.splitlines(keepends=True) if line.startswith(b"A ")]
    return _parse(b"".join(removed)), _parse(b"".join(added))


def apply_patch(store: pyoxigraph.Store, patch: bytes) -> None:
    """Apply one change to a copy: its removals, then its additions, in one SPARQL update (one transaction). Large
    additions alone go through the bulk loader, which is faster and not transactional: a copy being filled, not a
    store being served. (A stream of several changes is split, and checked to follow on, by
    lexrdf.feeds.changes.apply_patches.)"""
    removed, added = patch_quads(patch)
    if not removed and len(added) >= BULK_APPLY:
        store.bulk_load(pyoxigraph.serialize(added, format=RdfFormat.N_QUADS), RdfFormat.N_QUADS)
        return
    if any(has_blank_node(q) for q in removed):  # DELETE DATA cannot name a blank node: remove it by its own id
        for quad in removed:
            store.remove(quad)
        removed = []
    parts = []
    if removed:
        parts.append(f"DELETE DATA {data_block(removed)}")
    if added and not any(has_blank_node(q) for q in added):
        parts.append(f"INSERT DATA {data_block(added)}")
    elif added:
        store.extend(added)  # keeps the blank nodes' ids (INSERT DATA would mint new ones)
    if parts:
        store.update(" ;\n".join(parts))


def data_block(quads: list[Quad]) -> str:
    """A SPARQL DATA block, braces included (N-Quads is not valid in one: triples grouped by graph)."""
    by_graph: dict[str, list[Quad]] = {}
    for quad in quads:
        by_graph.setdefault(str(quad.graph_name), []).append(quad)
    blocks = []
    for graph, members in by_graph.items():
        triples = pyoxigraph.serialize((q.triple for q in members), format=RdfFormat.N_TRIPLES).decode()
        blocks.append(triples if graph == "DEFAULT" else f"GRAPH {graph} {{\n{triples}}}")
    return "{\n" + "\n".join(blocks) + "\n}"


def _parse(nquads: bytes) -> list[Quad]:
    return list(pyoxigraph.parse(nquads, format=RdfFormat.N_QUADS)) if nquads else []


__all__ = [
    "CHANGES",
    "MEDIA_TYPE",
    "Change",
    "ChangeLog",
    "apply_patch",
    "change_iri",
    "change_number",
    "data_block",
    "patch_headers",
    "patch_quads",
    "read_through",
    "render_patch",
    "write_through",
]
