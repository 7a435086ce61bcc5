"""The vectors of semantic search kept on disk beside the full-text index: `<store>/semantic/vectors.sqlite`
(docs/search.md).

Two tables, one SQLite file:

- `vectors`: one vector a distinct text (its "number heading text", the haystack), keyed by the text's digest
  (SHA-256, 16 bytes), so identical texts across versions, acts and stores share one vector and a text is never
  embedded twice. A vector never changes once written: whoever embeds a text may add it (the writer after an act
  write, a reader that found a text without one), and two that add the same text add the same vector.
- `rows`: the semantic index's rows (lexrdf.search.semantic.SemanticIndex): one a version text, keyed by its
  version and its windows as the full-text documents are (valid-time days, transaction-time microseconds), with
  what a hit shows and its text's digest; valid for the store's changeset named in `meta` (`rows_stamp`), replaced
  whole by the next reader that finds the store at another changeset.

`meta` names the embedder and its dimension: vectors of another embedder are never mixed in; a store asked with
another embedder starts afresh (`VectorStore.open(..., embedder)`).

>>> digest("1 Short title This Act may be cited ...").hex()
'717c62918496a7879dc1d1f57c843e19'
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from lexrdf.search.embedders import Embedder

DIRECTORY, FILE = "semantic", "vectors.sqlite"  # under the store's directory, beside `search/`
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS vectors (digest BLOB PRIMARY KEY, vector BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rows (
    version TEXT NOT NULL, provision TEXT NOT NULL, act TEXT NOT NULL, act_title TEXT, language TEXT, number TEXT,
    heading TEXT, text TEXT NOT NULL, digest BLOB NOT NULL, valid_from INTEGER NOT NULL, valid_until INTEGER NOT NULL,
    recorded INTEGER NOT NULL, superseded INTEGER NOT NULL);
"""
ROW_COLUMNS = ("version", "provision", "act", "act_title", "language", "number", "heading", "text", "digest",
               "valid_from", "valid_until", "recorded", "superseded")  # fmt: skip
_log = logging.getLogger(__name__)


def digest(haystack: str) -> bytes:
    """The key of a text's vector: the first 16 bytes of its SHA-256."""
    return hashlib.sha256(haystack.encode("utf-8")).digest()[:16]


def vectors_path(store_directory: Path | str) -> Path:
    """Where a store keeps its vectors."""
    return Path(store_directory) / DIRECTORY / FILE


class VectorStore:
    """The vectors and rows of one store (see the module docstring). Open one a thread; SQLite serialises the
    writers of several processes (a writer's ingest and readers adding vectors)."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection

    @classmethod
    def open(cls, path: Path, embedder: Embedder | None = None) -> VectorStore | None:
        """The vectors at `path`: with `embedder`, created if there are none and started afresh if they were made
        by another embedder (name or dimension); without, as they are, or None when there are none. None too when
        the file cannot be written or read (a read-only directory): the caller keeps its vectors in memory."""
        if embedder is None and not path.exists():
            return None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(path, timeout=60.0, isolation_level=None, check_same_thread=False)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.executescript(_SCHEMA)
            opened = cls(path, connection)
            if embedder is not None and opened.embedder() != (embedder.name, embedder.dimension):
                opened._restart(embedder)
            return opened
        except (sqlite3.Error, OSError) as exc:
            _log.warning("semantic vectors at %s not kept (%s): they are held in memory only", path, exc)
            return None

    def close(self) -> None:
        self._db.close()

    def embedder(self) -> tuple[str, int] | None:
        """The name and dimension of the embedder that made the vectors (None: none yet)."""
        meta = dict(self._db.execute("SELECT key, value FROM meta WHERE key IN ('embedder', 'dimension')"))
        return (meta["embedder"], int(meta["dimension"])) if len(meta) == 2 else None

    def _restart(self, embedder: Embedder) -> None:
        with self._transaction():
            self._db.execute("DELETE FROM vectors")
            self._db.execute("DELETE FROM rows")
            self._db.execute("DELETE FROM meta")
            self._db.executemany("INSERT INTO meta VALUES (?, ?)",
                                 [("embedder", embedder.name), ("dimension", str(embedder.dimension))])  # fmt: skip

    def _transaction(self) -> sqlite3.Connection:
        self._db.execute("BEGIN IMMEDIATE")
        return _Committing(self._db)  # type: ignore[return-value]

    # -- vectors ------------------------------------------------------------------------------------------
    def count(self) -> int:
        """How many vectors are kept."""
        return int(self._db.execute("SELECT count(*) FROM vectors").fetchone()[0])

    def vectors(self, digests: Iterable[bytes]) -> dict[bytes, np.ndarray]:
        """The kept vectors of these digests, by digest (a digest without one is absent)."""
        wanted, found = list(dict.fromkeys(digests)), {}
        for start in range(0, len(wanted), 500):
            batch = wanted[start : start + 500]
            marks = ",".join("?" * len(batch))
            for key, blob in self._db.execute(f"SELECT digest, vector FROM vectors WHERE digest IN ({marks})", batch):
                found[bytes(key)] = np.frombuffer(blob, dtype=np.float32)
        return found

    def add(self, vectors: dict[bytes, np.ndarray]) -> None:
        """Keep vectors by digest (one already kept stays: it is the same)."""
        with self._transaction():
            blobs = ((key, np.asarray(vector, np.float32).tobytes()) for key, vector in vectors.items())
            self._db.executemany("INSERT OR IGNORE INTO vectors VALUES (?, ?)", blobs)

    def embed_missing(self, haystacks: Iterable[str], embedder: Embedder) -> dict[bytes, np.ndarray]:
        """The vectors of these texts, by digest: kept ones read, the others embedded (each distinct text once)
        and kept. Only with the embedder that made the kept ones (else a ValueError)."""
        if self.embedder() != (embedder.name, embedder.dimension):
            raise ValueError(f"{self.path} holds vectors of {self.embedder()}, not of {embedder.name}")
        distinct = {digest(text): text for text in haystacks}
        found = self.vectors(distinct)
        missing = [key for key in distinct if key not in found]
        if missing:
            made = embedder.embed([distinct[key] for key in missing])
            fresh = dict(zip(missing, made, strict=True))
            self.add(fresh)
            found.update(fresh)
        return found

    # -- rows ---------------------------------------------------------------------------------------------
    def rows_stamp(self) -> str | None:
        """The store's changeset the kept rows are of (None: none kept)."""
        found = self._db.execute("SELECT value FROM meta WHERE key = 'rows_stamp'").fetchone()
        return found[0] if found else None

    def read_rows(self) -> list[tuple]:
        """The kept rows, in `ROW_COLUMNS` order, as they were written."""
        return self._db.execute(f"SELECT {', '.join(ROW_COLUMNS)} FROM rows ORDER BY rowid").fetchall()

    def write_rows(self, stamp: str, rows: Iterable[tuple]) -> None:
        """Replace the kept rows (in `ROW_COLUMNS` order) by those of the store's changeset `stamp`."""
        marks = ",".join("?" * len(ROW_COLUMNS))
        with self._transaction():
            self._db.execute("DELETE FROM rows")
            self._db.executemany(f"INSERT INTO rows ({', '.join(ROW_COLUMNS)}) VALUES ({marks})", rows)
            self._db.execute("INSERT OR REPLACE INTO meta VALUES ('rows_stamp', ?)", (stamp,))


class _Committing:
    """`with`: commit what the block did, or roll it back when it raised."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection

    def __enter__(self) -> sqlite3.Connection:
        return self._db

    def __exit__(self, kind, value, traceback) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
