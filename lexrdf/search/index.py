"""Searching the full-text index: the `SearchIndex` of one directory (open, create, replace an act's documents) and
its answers, a page of hits one per version (`IndexPage`, `IndexedHit`).

A document is one text as recorded (lexrdf.search.documents), filtered by its windows instead of scanning the
store: "in force on D as known at K" is four range filters on the window keys of lexrdf.search.schema. Phrase
queries (the default) run on `exact`; word queries (every word, any order, stemmed) on the language fields.

Hits are ranked by tantivy's BM25 and only a page of them is read. The page also carries the texts in force of the
units its hits' provisions are within (each document keeps its provision's chain), which their citations name: one
lookup more in the same index, so a page and its citations are one round trip.

A version with texts in several languages has a document per language; `primary` (1/0) marks its record's first
text (smallest language tag), so the matching versions are the matching `primary` documents plus the few
versions that match only in another language.

>>> SearchIndex.language_field("pt-BR"), SearchIndex.language_field("fr")
('text_pt', 'text_xx')
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import tantivy

from lexrdf.search import schema as fields
from lexrdf.search.currency import current_to
from lexrdf.search.documents import documents
from lexrdf.search.phrases import Needles, snippet
from lexrdf.search.schema import LANGUAGE_FIELDS, is_current, register
from lexrdf.search.texts import Text

_WRITER_HEAP = 64_000_000
_QUOTED = re.compile(r'"([^"]*)"')


@dataclass
class IndexedHit:
    """One matching version as a page of the index shows it: the text it shows, its BM25 score, occurrences and
    snippet, and what orders it among equal scores: its text's language and the unit's document order. Its fields are
    those of the answer's hit (lexrdf.answers.SearchHit, which converts it field by field) and the service's wire
    form (lexrdf.search.service, .remote). Its window and opening event are its document's (as its record has them,
    lexrdf.search.documents; `opened_by` a dict of lexrdf.search.windows.Opening's fields), and so is its act's
    currency (`current_to`, which the citation needs); the index leaves `citation` unset, for the answer to fill
    (lexrdf.api)."""

    provision: str
    act: str
    act_title: str | None
    path: str | None
    unit_type: str | None
    number: str | None
    heading: str | None
    text: str
    version: str
    occurrences: int
    citation: str | None = None
    state: str = "version"  # "version" (the text) or "interpretation" (an operative reading)
    score: float | None = None  # BM25 from the index as it is now
    snippet: str | None = None  # the best fragment, the matched words in <b>, HTML-escaped
    valid_from: str | None = None
    valid_until: str | None = None
    opened_by: dict[str, Any] | None = None  # the event that opened its window (None: none recorded)
    current_to: str | None = None  # how far its act's sources vouch for it, as recorded at the search's time
    language: str | None = None
    order: str | None = None
    chain: list[list[Any]] = field(default_factory=list)  # the units the provision is within (texts.ChainUnit)


class InForce(NamedTuple):
    """A unit's text in force on the page's date as recorded at its time (in the language searched, else its
    record's first)."""

    version: str
    number: str | None
    heading: str | None
    text: str


@dataclass
class IndexPage:
    """One page of hits, best first, how many versions match in all, and the texts in force of the units of the
    cited hits' chains (the provisions themselves included), by unit: a unit with none is absent."""

    total: int
    offset: int
    items: list[IndexedHit] = field(default_factory=list)
    units: dict[str, InForce] = field(default_factory=dict)


class Searchable(Protocol):
    """What answers a search with a page of indexed hits: the index in a directory (`SearchIndex`, whose `search`
    says what a page holds) or the client of a search service that answers from one (lexrdf.search.remote)."""

    def search(
        self,
        text: str,
        day: date,
        known_at: str | None = None,
        *,
        words: bool = False,
        language: str | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> IndexPage: ...

    def close(self) -> None:
        """Release what it holds open (files, connections)."""


class SearchIndex:
    """The index in one directory: `open` it to search (read-only, reloading when a writer committed), or write
    through `replace` (one writer at a time: tantivy locks the directory)."""

    def __init__(self, directory: Path, index: tantivy.Index) -> None:
        self.directory = directory
        self._index = index
        self._analyzers = register(index)
        self._schema = index.schema
        self._seen = self._stamp()
        self._reloading = threading.Lock()  # searches run on a server's threads: one reloads, the others wait

    @classmethod
    def create(cls, directory: Path) -> SearchIndex:
        """A new empty index in `directory` (created; it must not hold an index)."""
        directory.mkdir(parents=True, exist_ok=True)
        return cls(directory, tantivy.Index(fields.schema(), path=str(directory), reuse=False))

    @classmethod
    def open(cls, directory: Path) -> SearchIndex | None:
        """The index in `directory`, or None when there is none (or one of an older schema: rebuild it)."""
        if not is_current(directory):
            return None
        return cls(directory, tantivy.Index.open(str(directory)))

    @staticmethod
    def language_field(language: str | None) -> str:
        """The analysed field of a BCP 47 language tag."""
        return fields.language_field(language)

    def _stamp(self) -> tuple[int, int] | None:
        try:
            meta = (self.directory / "meta.json").stat()
        except FileNotFoundError:
            return None
        return meta.st_ino, meta.st_mtime_ns

    def _fresh(self) -> None:
        """See the last commit (a rebuild replaces the directory: reopen it then)."""
        stamp = self._stamp()
        if stamp == self._seen or stamp is None:
            return
        with self._reloading:
            if stamp == self._seen:
                return
            if self._seen is None or stamp[0] != self._seen[0]:
                self._index = tantivy.Index.open(str(self.directory))
                self._analyzers = register(self._index)
                self._schema = self._index.schema
            self._index.reload()
            self._seen = stamp

    # -- writing ------------------------------------------------------------------------------------------
    def close(self) -> None:
        """Nothing to release: tantivy closes the index's files with the object (`Searchable`)."""

    def replace(self, graphs: Iterable[str], texts: Iterable[Text], all_graphs: bool = False) -> int:
        """Replace the documents of `graphs` (every document with `all_graphs`) by `texts` (as lexrdf.search.texts
        reads them), in one commit; the number of documents written."""
        writer = self._index.writer(heap_size=_WRITER_HEAP, num_threads=1)
        try:
            if all_graphs:
                writer.delete_all_documents()
            for graph in graphs:
                writer.delete_documents_by_term("graph", graph)
            written = 0
            for document in documents(texts):
                writer.add_document(document)
                written += 1
            writer.commit()
            writer.wait_merging_threads()
        except BaseException:
            writer.rollback()
            raise
        self._fresh()
        return written

    # -- searching ----------------------------------------------------------------------------------------
    def search(
        self,
        text: str,
        day: date,
        known_at: str | None = None,
        *,
        words: bool = False,
        language: str | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> IndexPage:
        """The versions in force on `day` as recorded at `known_at` (default: now) whose text holds `text`: as one
        phrase (whole words in order, case-insensitive), or with `words` every word in any order, stemmed by
        language ("quoted" parts stay phrases). One hit a version, best BM25 score first (a version's best-scoring
        text decides its place; equal scores on a page in act and document order, a text before its reading);
        only the page's documents are read. `total` counts the matching versions exactly; `limit` None: all.
        `units`: the texts in force of the page's texts' provisions and of the units they are within."""
        self._fresh()
        match = self._match(text, words)
        if match is None:
            return IndexPage(0, offset)
        known_at = known_at or datetime.now(UTC).isoformat()  # one time for the hits and their chains
        query = _all_of([match, self._window(day, known_at, language)])
        searcher = self._index.searcher()
        end = offset + limit if limit is not None else None
        if end is not None and not searcher.doc_freq("primary", 0):  # one text a version: the hits are the versions
            found = searcher.search(query, limit=end, count=True)
            shared = SharedVersions(found.count or 0, found.count or 0)
            page = [(_key(address), score, address) for score, address in found.hits][offset:end]
        else:
            shared = _shared_versions(searcher, self._schema, query)
            page = _distinct(searcher, query, shared, end)[offset:end]
        needles = Needles.of(text, words)
        items = [
            self._hit(searcher.doc(shared.shown.get(key, address)), score, needles, words, known_at)
            for key, score, address in page
        ]
        items.sort(key=_rank)
        units = self._in_force(searcher, items, self._window(day, known_at), language)
        return IndexPage(shared.total, offset, items, units)

    def _window(self, day: date, known_at: str, language: str | None = None) -> Any:
        """The texts in force on `day` as recorded at `known_at` (in `language`): a filter that adds nothing to a
        score (a match kept to it has the BM25 score of the match)."""
        known = fields.micros(known_at)
        integer = tantivy.FieldType.Integer
        filters = [
            tantivy.Query.range_query(self._schema, "valid_from", integer, None, fields.day(day)),
            tantivy.Query.range_query(self._schema, "valid_until", integer, fields.day(day), None, include_lower=False),
            tantivy.Query.range_query(self._schema, "recorded_at", integer, None, known),
            tantivy.Query.range_query(self._schema, "superseded_at", integer, known, None, include_lower=False),
        ]
        if language:
            filters.append(self._term("language", language))
        return tantivy.Query.const_score_query(_all_of(filters), 0.0)

    def _term(self, name: str, value: Any) -> Any:
        return tantivy.Query.term_query(self._schema, name, value)

    def _in_force(
        self, searcher: Any, items: list[IndexedHit], window: Any, language: str | None = None
    ) -> dict[str, InForce]:
        """The texts in force (`window`) of the cited hits' provisions and of the units they are within, by unit:
        a version's text in `language` when it has one, else its record's first text (of several versions in force
        at once, which the shapes refuse, the greatest version IRI), as lexrdf.answers.preferred_text chooses."""
        units = sorted({unit for hit in items if hit.state == "version" for unit in _chain_of(hit)})
        if not units:
            return {}
        texts = self._term("primary", 1)
        if language:
            texts = tantivy.Query.boolean_query([(tantivy.Occur.Should, texts),
                                                 (tantivy.Occur.Should, self._term("language", language))])  # fmt: skip
        query = _all_of([
            tantivy.Query.term_set_query(self._schema, "unit", units), self._term("state", "version"), texts, window,
        ])  # fmt: skip
        found: dict[str, tuple[tuple[str, bool], InForce]] = {}  # unit -> ((version, in `language`), its text)
        for _address, doc in _read_all(searcher, query, expected=2 * len(units)):
            unit = doc.get_first("provision")
            text = InForce(doc.get_first("version"), doc.get_first("number"), doc.get_first("heading"),
                           doc.get_first("text") or "")  # fmt: skip
            rank = (text.version, bool(language) and doc.get_first("language") == language)
            if unit not in found or rank > found[unit][0]:
                found[unit] = (rank, text)
        return {unit: text for unit, (_rank, text) in found.items()}

    def _hit(self, doc: Any, score: float, needles: Needles, words: bool, known_at: str) -> IndexedHit:
        """A stored document as a hit with its score, occurrences, snippet, window, opening event and its act's
        currency as recorded at `known_at` (read for the page's hits only)."""
        values = {name: doc.get_first(name) for name in _STORED}
        chain = json.loads(doc.get_first("chain") or "[]")
        window = json.loads(doc.get_first("window") or "{}")
        stem = self._stemmer(values["language"]) if words else None
        text = doc.get_first("text") or ""
        shown = f"{values['heading']} {text}" if values["heading"] else text
        return IndexedHit(
            **values,
            text=text,
            score=round(score, 4),
            snippet=snippet(shown, needles.spans(shown, stem)),
            occurrences=needles.count(f"{values['number'] or ''} {values['heading'] or ''} {text}", stem),
            chain=chain,
            valid_from=window.get("valid_from"),
            valid_until=window.get("valid_until"),
            opened_by=window.get("opened_by"),
            current_to=current_to(json.loads(doc.get_first("currency") or "[]"), known_at)
            if values["state"] == "version"
            else None,
        )

    def _stemmer(self, language: str | None) -> Any:
        return self._analyzers[self.language_field(language)].analyze

    def _match(self, text: str, words: bool) -> Any | None:
        """The query that matches `text` (None: it has no word to find)."""
        if not words:
            return self._phrase("exact", text)
        phrases = [p for p in _QUOTED.findall(text) if p.strip()]
        loose = _QUOTED.sub(" ", text)
        occur = tantivy.Occur
        per_field = []
        for name in LANGUAGE_FIELDS:
            parts = [self._phrase(name, p) for p in phrases]
            parts += [self._phrase(name, w) for w in loose.split()]
            parts = [p for p in parts if p is not None]
            if parts:
                per_field.append((occur.Should, tantivy.Query.boolean_query([(occur.Must, p) for p in parts])))
        return tantivy.Query.boolean_query(per_field) if per_field else None

    def _phrase(self, name: str, text: str) -> Any | None:
        tokens = self._analyzers[name].analyze(text)
        if not tokens:
            return None
        if len(tokens) == 1:
            return tantivy.Query.term_query(self._schema, name, tokens[0])
        return tantivy.Query.phrase_query(self._schema, name, tokens)


#: what a hit shows, stored in its document (besides its text)
_STORED = ("provision", "act", "act_title", "path", "unit_type", "number", "heading", "version", "state", "language",
           "order")  # fmt: skip


def _chain_of(hit: IndexedHit) -> list[str]:
    """The units a hit's citation names: those its provision is within, and the provision."""
    return [unit[0] for unit in hit.chain] + [hit.provision]


def _rank(hit: IndexedHit) -> tuple:
    """Best score first, then act and document order, a text before its reading (a page's order)."""
    return (-hit.score, hit.act, hit.order is not None, Decimal(hit.order or 0), hit.state != "version")


def _all_of(queries: list[Any]) -> Any:
    return tantivy.Query.boolean_query([(tantivy.Occur.Must, query) for query in queries])


def _key(address: Any) -> tuple[int, int]:
    return address.segment_ord, address.doc


@dataclass
class SharedVersions:
    """The matching versions that have more than one matching text (texts in several languages; none in a
    one-language corpus), read from their documents, and what that makes the total."""

    total: int  # matching versions
    matching: int = 0  # matching documents
    versions: dict[tuple[int, int], str] = field(default_factory=dict)  # a shared version's texts: its version
    shown: dict[str, Any] = field(default_factory=dict)  # the text a shared version shows (its first language's)

    @property
    def duplicates(self) -> int:
        """How many matching documents are not the one hit of their version (at most)."""
        return len(self.versions) - len(self.shown)


def _count(searcher: Any, query: Any) -> int:
    return searcher.search(query, limit=1, count=True).count or 0


def _shared_versions(searcher: Any, schema: Any, query: Any) -> SharedVersions:
    """Count the matching versions: the matching documents that are their record's first language, plus the
    versions whose only matching texts are in other languages (only those versions' documents are read)."""
    matching = _count(searcher, query)
    others_query = _all_of([query, tantivy.Query.term_query(schema, "primary", 0)])
    others = _count(searcher, others_query) if matching else 0
    if not others:
        return SharedVersions(matching, matching)
    texts = _read(searcher, others_query, others)
    wanted = sorted({doc.get_first("version") for _address, doc in texts})
    version_in = tantivy.Query.term_set_query(schema, "version", wanted)
    firsts_query = _all_of([query, tantivy.Query.term_query(schema, "primary", 1), version_in])
    firsts = _read(searcher, firsts_query, _count(searcher, firsts_query))
    shared = SharedVersions(matching - others, matching)
    shared.total += len(set(wanted) - {doc.get_first("version") for _address, doc in firsts})
    for address, doc in sorted(texts + firsts, key=lambda pair: _shown_first(pair[1])):
        shared.versions[_key(address)] = doc.get_first("version")
        shared.shown.setdefault(doc.get_first("version"), address)
    return shared


def _read(searcher: Any, query: Any, count: int) -> list[tuple[Any, Any]]:
    """Every document `query` matches (`count` of them), with its address."""
    if count <= 0:
        return []
    return [(address, searcher.doc(address)) for _score, address in searcher.search(query, limit=count).hits]


def _read_all(searcher: Any, query: Any, expected: int) -> list[tuple[Any, Any]]:
    """Every document `query` matches, with its address: in one search when they are at most `expected`."""
    found = searcher.search(query, limit=max(expected, 1), count=True)
    if (found.count or 0) > len(found.hits):
        found = searcher.search(query, limit=found.count, count=False)
    return [(address, searcher.doc(address)) for _score, address in found.hits]


def _shown_first(doc: Any) -> tuple[bool, str]:
    """Which of a version's matching texts its hit shows: its first language's, else the first language."""
    return doc.get_first("primary") != 1, doc.get_first("language") or ""


def _distinct(searcher: Any, query: Any, shared: SharedVersions, end: int | None) -> list[tuple[Any, float, Any]]:
    """The first `end` matching versions (None: all), best first: (key, best score, best document). Reads no
    document: tantivy's order (score, then document address) is one total order, so pages are disjoint and
    complete; a shared version takes the place of its best-scoring text."""
    fetch = shared.matching if end is None else min(shared.matching, end + shared.duplicates)
    if fetch <= 0:
        return []
    ranked, seen = [], set()
    for score, address in searcher.search(query, limit=fetch, count=False).hits:
        key = shared.versions.get(_key(address), _key(address))
        if key not in seen:
            seen.add(key)
            ranked.append((key, score, address))
    return ranked[:end]
