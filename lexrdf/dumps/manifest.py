"""What a dump holds, as `dump.json` beside its files: the snapshot it was read from, the last change of the
transaction log it includes (`changes_through`, where a mirror continues with `/changes?since=K`), and every file
with its size, SHA-256, media type and the graphs it holds. The catalogue and the server read it back."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

MANIFEST = "dump.json"


@dataclass(frozen=True)
class DumpFile:
    """One file of a dump. `kind`: dataset (everything), act (one act graph and its views), ontology, shapes,
    changes (an RDF Patch of the changes after `since`)."""

    path: str  # relative to the dump folder, with `/`
    kind: str
    size: int
    sha256: str
    media_type: str  # of the content (compressed files say so in `compressed`)
    title: str
    compressed: bool = False
    graphs: tuple[str, ...] = ()
    licences: tuple[str, ...] = ()  # the licences its sources give their data under (dcterms:license of its acts)


@dataclass(frozen=True)
class Manifest:
    """A dump as written: its format, where it came from, its files."""

    base_iri: str
    format: str
    compressed: bool
    snapshot: str | None  # the published snapshot read (lexrdf.store.snapshots), None for an unpublished store
    issued: str  # when that snapshot was published (ISO 8601): the same store gives the same dump
    modified: str | None  # the newest changeset's time
    changes_through: int
    quads: int
    licence: str
    since: int | None = None
    files: tuple[DumpFile, ...] = field(default_factory=tuple)

    def file(self, path: str) -> DumpFile | None:
        return next((f for f in self.files if f.path == path), None)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Manifest:
        fields = json.loads(text)
        files = tuple(
            DumpFile(**{**f, "graphs": tuple(f["graphs"]), "licences": tuple(f.get("licences", ()))})
            for f in fields.pop("files")
        )
        return cls(**fields, files=files)

    @classmethod
    def read(cls, folder: Path) -> Manifest | None:
        """The manifest of a dump folder, or None when there is none (or it cannot be read)."""
        try:
            return cls.from_json((folder / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError, TypeError, KeyError):
            return None
