"""A tantivy index of every recorded text, filtered by its windows instead of scanning the store.

A document is one text as recorded: a version record's expression (or an interpretation record's reading) in one
language, with what a hit shows (provision, act, path, number, heading, text) and four integer keys: the valid-time
window `[valid_from, valid_until)` as day numbers (`date.toordinal()`; no end is the largest day) and the
transaction-time window `[recorded_at, superseded_at)` in microseconds since the epoch (not superseded is the largest
value). "In force on D as known at K" is then four range filters on those fast fields.

The searched text is what search.rq searches: "number heading text". It is indexed twice: `exact` (split on
non-alphanumerics and lowercased: whole words, in order, as the SPARQL reference finds them) and one field per
language with that language's stemmer (`text_en`, `text_de`, `text_pt`, `text_it`; `text_xx` for any other).
Phrase queries (the default) run on `exact`; word queries (every word, any order, stemmed) on the language fields.

Hits are ranked by tantivy's BM25 and only a page of them is read. A version with texts in several languages has a
document per language; `primary` (1/0) marks its record's first text (smallest language tag), so the matching
versions are the matching `primary` documents plus the few versions that match only in another language.

>>> SearchIndex.language_field("pt-BR"), SearchIndex.language_field("fr")
('text_pt', 'text_xx')
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import tantivy
from pyoxigraph import NamedNode

from lexrdf.search.phrases import Needles, snippet
from lexrdf.store.base import Store

INDEX_DIR = "search"  # under the store's directory
MAX_DAY = date.max.toordinal()
MAX_MICROS = 2**62
STEMMERS = {"en": "english", "de": "german", "pt": "portuguese", "it": "italian"}
LANGUAGE_FIELDS = [f"text_{code}" for code in STEMMERS] + ["text_xx"]
_WRITER_HEAP = 64_000_000
_QUOTED = re.compile(r'"([^"]*)"')
_NEWEST_FIELDS = {"primary"}  # the fields added last: an index without them is rebuilt by its next writer

#: every recorded text of one act graph, with its record's windows (the graph a constant: then a few milliseconds)
GRAPH_TEXTS_QUERY = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT ?record ?expression ?version ?language ?text ?number ?heading ?valid_until ?recorded ?superseded
WHERE {
  GRAPH %(graph)s {
    ?record lex:recordOf ?version ; lex:expression ?expression ; lex:recordedAt ?recorded .
    ?expression lex:text ?text .
    OPTIONAL { ?record lex:supersededAt ?superseded }
    OPTIONAL { ?record lex:validUntil ?valid_until }
    OPTIONAL { ?expression lex:number ?number }
    OPTIONAL { ?expression lex:heading ?heading }
    OPTIONAL { ?expression lex:language ?language }
  }
}
"""

#: what a hit shows of the versions of one act graph (its provision, act, window start, path, order): where the act's
#: writer puts them
GRAPH_VERSIONS_QUERY = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT ?version ?provision ?act ?valid_from ?path ?unit_type ?unit_order
WHERE {
  GRAPH %(graph)s {
    ?version lex:versionOf ?provision ; lex:validFrom ?valid_from ; lex:act ?act .
    OPTIONAL { ?provision lex:path ?path }
    OPTIONAL { ?provision lex:unitType ?unit_type }
    OPTIONAL { ?provision lex:order ?unit_order }
  }
}
"""

#: the same of the versions in VALUES wherever they are (an interpretation's reading, a version whose facts are
#: elsewhere): each branch a plain join from the VALUES (joined to a graph's texts instead, oxigraph would read
#: every version of the store)
VERSIONS_QUERY = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT ?version ?provision ?act ?state ?valid_from ?path ?unit_type ?unit_order
WHERE {
  {
    VALUES ?version { %(versions)s }
    ?version lex:versionOf ?provision ; lex:validFrom ?valid_from ; lex:act ?act .
    BIND ("version" AS ?state)
  } UNION {
    VALUES ?version { %(versions)s }
    ?version lex:interprets ?provision ; lex:validFrom ?valid_from .
    OPTIONAL { ?provision lex:act ?provision_act }
    BIND (COALESCE(?provision_act, ?provision) AS ?act)
    BIND ("interpretation" AS ?state)
  }
  OPTIONAL { ?provision lex:path ?path }
  OPTIONAL { ?provision lex:unitType ?unit_type }
  OPTIONAL { ?provision lex:order ?unit_order }
}
"""

#: the title of each act in VALUES (short, long, or an interpretive item's dcterms:title)
TITLES_QUERY = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
PREFIX dcterms: <http://purl.org/dc/terms/>
SELECT ?act ?act_title
WHERE {
  VALUES ?act { %(acts)s }
  OPTIONAL { ?act lex:shortTitle ?short_title }
  OPTIONAL { ?act lex:title ?long_title }
  OPTIONAL { ?act dcterms:title ?item_title }
  BIND (COALESCE(?short_title, ?long_title, ?item_title) AS ?act_title)
}
"""

#: the graphs holding texts (a rebuild reads them one at a time)
TEXT_GRAPHS_QUERY = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT DISTINCT ?graph WHERE { GRAPH ?graph { ?record lex:expression ?expression } }
"""
_VALUES_A_QUERY = 500  # IRIs in one VALUES

#: a recorded text: GRAPH_TEXTS_QUERY's columns, VERSIONS_QUERY's and the act title, its `graph` and `primary`
Text = dict[str, Any]


@dataclass
class IndexedHit:
    """One matching version (the text it shows): what search.rq gives for it, its BM25 score and a snippet."""

    provision: str
    act: str
    act_title: str | None
    path: str | None
    unit_type: str | None
    number: str | None
    heading: str | None
    text: str
    version: str
    state: str
    language: str | None
    order: str | None
    snippet: str
    occurrences: int
    score: float  # BM25: of its best-scoring text, for this index as it is now


@dataclass
class IndexPage:
    """One page of hits, best first, and how many versions match in all."""

    total: int
    offset: int
    items: list[IndexedHit] = field(default_factory=list)


def index_directory(store: Store | Path | str) -> Path | None:
    """Where the index of a store lives: `<store>/search/` (the state directory of a remote store)."""
    if isinstance(store, str | Path):
        return Path(store) / INDEX_DIR
    base = getattr(store, "directory", None) or getattr(store, "state", None)
    return Path(base) / INDEX_DIR if base is not None else None


def _schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("graph", stored=False, tokenizer_name="raw", index_option="basic")  # what a write replaces
    for name in ("language", "act", "version", "state"):
        builder.add_text_field(name, stored=True, tokenizer_name="raw", index_option="basic")
    for name in ("provision", "act_title", "path", "unit_type", "order", "number", "heading", "text"):
        builder.add_text_field(name, stored=True, tokenizer_name="lexrdf_none", index_option="basic")
    # "number heading text": not stored (each of the three is)
    builder.add_text_field("exact", stored=False, tokenizer_name="default", index_option="position")
    for name in LANGUAGE_FIELDS:
        builder.add_text_field(name, stored=False, tokenizer_name=f"lexrdf_{name[5:]}", index_option="position")
    for name in ("valid_from", "valid_until", "recorded_at", "superseded_at"):
        builder.add_integer_field(name, stored=False, indexed=True, fast=True)
    builder.add_integer_field("primary", stored=True, indexed=True, fast=True)  # 1: its record's first language
    return builder.build()


def _analyzer(stemmer: str | None) -> tantivy.TextAnalyzer:
    builder = tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple()).filter(tantivy.Filter.remove_long(40))
    builder = builder.filter(tantivy.Filter.lowercase())
    return (builder.filter(tantivy.Filter.stemmer(stemmer)) if stemmer else builder).build()


def _register(index: tantivy.Index) -> dict[str, tantivy.TextAnalyzer]:
    """Register the per-language analyzers (tantivy keeps only their names in the index); by field."""
    analyzers = {f"text_{code}": _analyzer(stemmer) for code, stemmer in STEMMERS.items()}
    analyzers["text_xx"] = _analyzer(None)
    for name, analyzer in analyzers.items():
        index.register_tokenizer(f"lexrdf_{name[5:]}", analyzer)
    # stored-only fields: indexed with one token that nothing queries (tantivy needs a tokenizer name)
    nothing = tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.raw()).filter(tantivy.Filter.remove_long(1)).build()
    index.register_tokenizer("lexrdf_none", nothing)
    analyzers["exact"] = _analyzer(None)
    return analyzers


def _micros(value: str) -> int:
    moment = datetime.fromisoformat(value)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    delta = moment - datetime(1970, 1, 1, tzinfo=UTC)
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def _day(value: str | date) -> int:
    return (value if isinstance(value, date) else date.fromisoformat(value[:10])).toordinal()


class SearchIndex:
    """The index in one directory: `open` it to search (read-only, reloading when a writer committed), or write
    through `replace` (one writer at a time: tantivy locks the directory)."""

    def __init__(self, directory: Path, index: tantivy.Index) -> None:
        self.directory = directory
        self._index = index
        self._analyzers = _register(index)
        self._schema = index.schema
        self._seen = self._stamp()

    @classmethod
    def create(cls, directory: Path) -> SearchIndex:
        """A new empty index in `directory` (created; it must not hold an index)."""
        directory.mkdir(parents=True, exist_ok=True)
        return cls(directory, tantivy.Index(_schema(), path=str(directory), reuse=False))

    @classmethod
    def open(cls, directory: Path) -> SearchIndex | None:
        """The index in `directory`, or None when there is none (or one of an older schema: rebuild it)."""
        if not is_current(directory):
            return None
        return cls(directory, tantivy.Index.open(str(directory)))

    @staticmethod
    def language_field(language: str | None) -> str:
        """The analysed field of a BCP 47 language tag."""
        code = (language or "").split("-")[0].lower()
        return f"text_{code}" if code in STEMMERS else "text_xx"

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
        if self._seen is None or stamp[0] != self._seen[0]:
            self._index = tantivy.Index.open(str(self.directory))
            self._analyzers = _register(self._index)
            self._schema = self._index.schema
        self._index.reload()
        self._seen = stamp

    # -- writing ------------------------------------------------------------------------------------------
    def replace(self, graphs: Iterable[str], texts: Iterable[Text], all_graphs: bool = False) -> int:
        """Replace the documents of `graphs` (every document with `all_graphs`) by `texts` (as `_texts` reads
        them), in one commit; the number of documents written."""
        writer = self._index.writer(heap_size=_WRITER_HEAP, num_threads=1)
        try:
            if all_graphs:
                writer.delete_all_documents()
            for graph in graphs:
                writer.delete_documents_by_term("graph", graph)
            written = 0
            for document in _documents(texts):
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
        only the page's documents are read. `total` counts the matching versions exactly; `limit` None: all."""
        self._fresh()
        match = self._match(text, words)
        if match is None:
            return IndexPage(0, offset)
        query = self._filtered(match, day, known_at, language)
        searcher = self._index.searcher()
        shared = _shared_versions(searcher, self._schema, query)
        end = offset + limit if limit is not None else None
        page = _distinct(searcher, query, shared, end)[offset:end]
        needles = Needles.of(text, words)
        items = [
            self._hit(searcher.doc(shared.shown.get(key, address)), score, needles, words)
            for key, score, address in page
        ]
        return IndexPage(shared.total, offset, sorted(items, key=_rank))

    def _filtered(self, match: Any, day: date, known_at: str | None, language: str | None) -> Any:
        """`match` kept to the texts in force on `day` as recorded at `known_at` (in `language`); the filters add
        nothing to the score, so it is the BM25 score of `match`."""
        known = _micros(known_at) if known_at else _micros(datetime.now(UTC).isoformat())
        integer = tantivy.FieldType.Integer
        filters = [
            tantivy.Query.range_query(self._schema, "valid_from", integer, None, _day(day)),
            tantivy.Query.range_query(self._schema, "valid_until", integer, _day(day), None, include_lower=False),
            tantivy.Query.range_query(self._schema, "recorded_at", integer, None, known),
            tantivy.Query.range_query(self._schema, "superseded_at", integer, known, None, include_lower=False),
        ]
        if language:
            filters.append(tantivy.Query.term_query(self._schema, "language", language))
        window = tantivy.Query.const_score_query(_all_of(filters), 0.0)
        return _all_of([match, window])

    def _hit(self, doc: Any, score: float, needles: Needles, words: bool) -> IndexedHit:
        """A stored document as a hit with its score, occurrences and snippet (read for the page's hits only)."""
        values = {name: doc.get_first(name) for name in _STORED}
        stem = self._stemmer(values["language"]) if words else None
        text = doc.get_first("text") or ""
        shown = f"{values['heading']} {text}" if values["heading"] else text
        return IndexedHit(
            **values,
            text=text,
            score=round(score, 4),
            snippet=snippet(shown, needles.spans(shown, stem)),
            occurrences=needles.count(f"{values['number'] or ''} {values['heading'] or ''} {text}", stem),
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


def _value(row: Any, name: str) -> str | None:
    term = row[name]
    return term.value if term is not None else None


def _documents(texts: Iterable[Text]) -> Iterator[tantivy.Document]:
    """One document per (record, expression): a record superseded twice keeps its first supersession."""
    seen: set[tuple[str, str]] = set()
    for text in texts:
        key = (text["record"], text["expression"])
        if key not in seen:
            seen.add(key)
            yield _document(text)


def _document(text: Text) -> tantivy.Document:
    number, heading, body, language = text["number"], text["heading"], text["text"] or "", text["language"]
    haystack = f"{number or ''} {heading or ''} {body}"
    until, superseded = text["valid_until"], text["superseded"]
    values: dict[str, Any] = {
        **{name: text[name] for name in ("graph", "act", "provision", "version", "state", "act_title", "path")},
        **{"unit_type": text["unit_type"], "order": text["unit_order"], "number": number, "heading": heading},
        "language": language or "",
        "text": body,
        "exact": haystack,
        SearchIndex.language_field(language): haystack,
        "valid_from": _day(text["valid_from"] or "0001-01-01"),
        "valid_until": _day(until) if until else MAX_DAY,
        "recorded_at": _micros(text["recorded"] or "1970-01-01T00:00:00+00:00"),
        "superseded_at": _micros(superseded) if superseded else MAX_MICROS,
        "primary": int(text["primary"]),
    }
    return tantivy.Document(**{k: v for k, v in values.items() if v is not None})


def _texts(store: Store, graphs: list[str] | None) -> Iterator[Text]:
    """Every recorded text of `graphs` (None: of the store), an act graph at a time."""
    if graphs is None:
        graphs = [_value(row, "graph") or "" for row in store.select(TEXT_GRAPHS_QUERY)]
    for graph in graphs:
        yield from _graph_texts(store, graph)


def _graph_texts(store: Store, graph: str) -> Iterator[Text]:
    """The texts of one act graph, each with what a hit shows of its version and whether it is its record's
    first text (`primary`: the smallest language, then expression IRI, of the record's texts)."""
    rows = [_columns(row, _TEXT_COLUMNS) for row in store.select(GRAPH_TEXTS_QUERY % {"graph": str(NamedNode(graph))})]
    versions = _versions(store, graph, {row["version"] or "" for row in rows})
    firsts: dict[str, tuple[str, str]] = {}
    for row in rows:
        candidate = (row["language"] or "", row["expression"] or "")
        firsts[row["record"] or ""] = min(firsts.get(row["record"] or "", candidate), candidate)
    for row in rows:
        version = versions.get(row["version"] or "")
        if version is not None:  # a record of no version or reading (none is written): not searchable
            first = firsts[row["record"] or ""] == (row["language"] or "", row["expression"] or "")
            yield {**row, **version, "graph": graph, "primary": first}


_TEXT_COLUMNS = ("record", "expression", "version", "language", "text", "number", "heading", "valid_until", "recorded",
                 "superseded")  # fmt: skip
_VERSION_COLUMNS = ("provision", "act", "state", "valid_from", "path", "unit_type", "unit_order")


def _columns(row: Any, names: tuple[str, ...]) -> dict[str, str | None]:
    return {name: _value(row, name) for name in names}


def _versions(store: Store, graph: str, wanted: set[str]) -> dict[str, Text]:
    """What a hit shows of each version of `wanted`, by version: from the act graph, the rest (readings) from
    anywhere; its first row when it has several; with its act's title."""
    found: dict[str, Text] = {}
    for row in store.select(GRAPH_VERSIONS_QUERY % {"graph": str(NamedNode(graph))}):
        version = _value(row, "version") or ""
        if version in wanted:
            found.setdefault(version, {**_columns(row, _VERSION_COLUMNS), "state": "version"})
    rest = sorted(wanted - found.keys())
    for start in range(0, len(rest), _VALUES_A_QUERY):
        batch = " ".join(str(NamedNode(v)) for v in rest[start : start + _VALUES_A_QUERY])
        for row in store.select(VERSIONS_QUERY % {"versions": batch}):
            found.setdefault(_value(row, "version") or "", _columns(row, _VERSION_COLUMNS))
    titles = _titles(store, {facts["act"] or "" for facts in found.values()})
    return {version: {**facts, "act_title": titles.get(facts["act"] or "")} for version, facts in found.items()}


def _titles(store: Store, acts: set[str]) -> dict[str, str | None]:
    wanted, titles = sorted(acts), {}
    for start in range(0, len(wanted), _VALUES_A_QUERY):
        batch = " ".join(str(NamedNode(a)) for a in wanted[start : start + _VALUES_A_QUERY])
        for row in store.select(TITLES_QUERY % {"acts": batch}):
            titles.setdefault(_value(row, "act") or "", _value(row, "act_title"))
    return titles


#: how many text records the store holds (the total of a rebuild's progress bar)
COUNT_QUERY = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT (COUNT(*) AS ?records) WHERE { GRAPH ?graph { ?record lex:expression ?expression } }
"""

#: the progress of a long build: `progress(stage, done, total)`, as lexrdf.ingest.Progress
BuildProgress = Callable[[str, int, int], None]
_PROGRESS_EVERY = 2_000


def _counted(rows: Iterable[Any], progress: BuildProgress, total: int) -> Iterator[Any]:
    done = 0
    progress(PROGRESS_STAGE, 0, total)
    for done, row in enumerate(rows, 1):
        if done % _PROGRESS_EVERY == 0:
            progress(PROGRESS_STAGE, min(done, total), total)
        yield row
    progress(PROGRESS_STAGE, total, total)


PROGRESS_STAGE = "search index"


def update_acts(store: Store, acts: Iterable[str], directory: Path | None = None, create: bool = False) -> int | None:
    """Replace the documents of act graphs by their texts as the store now holds them (one SPARQL query, one
    commit): call after each group of act writes. Does nothing (None) when the store has no index, unless
    `create`."""
    directory = directory or index_directory(store)
    if directory is None:
        return None
    index = SearchIndex.open(directory) or (SearchIndex.create(directory) if create else None)
    if index is None:
        return None
    graphs = list(acts)
    return index.replace(graphs, _texts(store, graphs))


def update_act(store: Store, act: str, directory: Path | None = None, create: bool = False) -> int | None:
    """`update_acts` of one act."""
    return update_acts(store, [act], directory, create)


def is_current(directory: Path) -> bool:
    """Whether `directory` holds an index of this schema (an older one lacks fields the search needs)."""
    try:
        meta = json.loads((directory / "meta.json").read_text())
    except (FileNotFoundError, ValueError):
        return False
    return {entry["name"] for entry in meta.get("schema", [])} >= _NEWEST_FIELDS


def has_index(store: Store) -> bool:
    """Whether the store keeps a full-text index of the current schema (in its directory, or a remote store's
    state directory)."""
    directory = index_directory(store)
    return directory is not None and is_current(directory)


#: whether the store holds any text
ANY_TEXT_QUERY = "SELECT ?r WHERE { GRAPH ?g { ?r <https://w3id.org/lexrdf/ontology#expression> ?e } } LIMIT 1"


def ensure_index(store: Store, progress: BuildProgress | None = None, if_texts: bool = False) -> int | None:
    """Build the index of a writer's store from every text it holds when it has none yet (a new store, or one that
    predates the index); the number of texts indexed, or None when there was nothing to do (an index is there, the
    store has no directory to keep one in, or with `if_texts` it holds no text yet: its first act write builds it)."""
    directory = index_directory(store)
    if directory is None or has_index(store):
        return None
    if if_texts and not any(True for _ in store.select(ANY_TEXT_QUERY)):
        return None
    return rebuild(store, directory, progress)


def rebuild(store: Store, directory: Path | None = None, progress: BuildProgress | None = None) -> int:
    """Build the index of every text in the store in a fresh directory, then put it in place of the old one (a
    reader reopens it); the number of documents. `progress` is told how many text records were read."""
    directory = directory or index_directory(store)
    if directory is None:
        raise ValueError("this store has no directory to keep a search index in")
    fresh = directory.with_name(f"{directory.name}.new-{os.getpid()}")
    shutil.rmtree(fresh, ignore_errors=True)
    rows = _texts(store, None)
    if progress is not None:
        total = next(iter(store.select(COUNT_QUERY)))["records"]
        rows = _counted(rows, progress, int(total.value) if total is not None else 0)
    written = SearchIndex.create(fresh).replace([], rows)
    old = directory.with_name(f"{directory.name}.old-{os.getpid()}")
    if directory.exists():
        directory.rename(old)
    fresh.rename(directory)
    shutil.rmtree(old, ignore_errors=True)
    return written


#: the governing chains of several provisions on a date as known at a time (what context.rq gives for one):
#: one query for every hit of a page
CHAINS_QUERY = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
PREFIX dcterms: <http://purl.org/dc/terms/>
SELECT ?provision ?kind ?unit ?unit_order ?unit_type ?number ?heading ?text ?version
WHERE {
  # each branch a plain join from the provisions (a VALUES inside it), as in context.rq
  {
    VALUES ?provision { %(provisions)s }
    ?provision lex:within? ?unit .
    OPTIONAL { ?unit lex:order ?unit_order }
    OPTIONAL { ?unit lex:unitType ?unit_type }
    BIND ("unit" AS ?kind)
  } UNION {
    VALUES ?provision { %(provisions)s }
    ?provision lex:within? ?unit .
    ?version lex:versionOf ?unit ; lex:validFrom ?valid_from .
    FILTER (?valid_from <= %(day)s)
    ?record lex:recordOf ?version ; lex:recordedAt ?recorded ; lex:expression ?expression .
    FILTER (?recorded <= %(known)s)
    FILTER NOT EXISTS { ?record lex:supersededAt ?superseded . FILTER (?superseded <= %(known)s) }
    FILTER NOT EXISTS { ?record lex:validUntil ?until . FILTER (?until <= %(day)s) }
    ?expression lex:text ?text .
    OPTIONAL { ?expression lex:number ?number }
    OPTIONAL { ?expression lex:heading ?heading }
    BIND ("text" AS ?kind)
  } UNION {
    VALUES ?provision { %(provisions)s }
    ?provision lex:within? ?unit .
    ?any_version lex:versionOf ?unit .
    ?any_record lex:recordOf ?any_version ; lex:expression ?any_expression ; lex:recordedAt ?any_recorded .
    FILTER (?any_recorded <= %(known)s)
    ?any_expression lex:number ?number .
    BIND ("number" AS ?kind)
  } UNION {
    VALUES ?provision { %(provisions)s }
    ?provision lex:within ?unit .
    { ?unit lex:title ?text } UNION { ?unit dcterms:title ?text }
    BIND ("title" AS ?kind)
  }
}
"""


def chains(store: Store, provisions: Iterable[str], day: date, known_at: str | None) -> dict[str, list[Any]]:
    """The governing chain (root first, as `ContextUnit`s) of each provision on `day` as recorded at `known_at`,
    in one query; an act's title, when it has one, is the `text` of a unit of type "title" after its chain."""
    from lexrdf.answers import ContextUnit

    wanted = sorted(set(provisions))
    if not wanted:
        return {}
    known = datetime.fromisoformat(known_at) if known_at else datetime.now(UTC)
    query = CHAINS_QUERY % {
        "provisions": " ".join(str(NamedNode(p)) for p in wanted),
        "day": f'"{day.isoformat()}"^^<http://www.w3.org/2001/XMLSchema#date>',
        "known": f'"{known.isoformat()}"^^<http://www.w3.org/2001/XMLSchema#dateTime>',
    }
    units: dict[str, dict[str, Any]] = {p: {} for p in wanted}
    titles: dict[str, str] = {}
    for row in store.select(query):
        provision, iri, kind = _value(row, "provision") or "", _value(row, "unit") or "", _value(row, "kind")
        if kind == "title":
            titles.setdefault(iri, _value(row, "text") or "")
            continue
        unit = units[provision].setdefault(iri, ContextUnit(iri, None, "act", None, None, None, None, None))
        if kind == "unit":
            unit.order, unit.unit_type = _value(row, "unit_order"), _value(row, "unit_type") or "act"
        elif kind == "text":
            unit.version, unit.text = _value(row, "version"), _value(row, "text")
            unit.number, unit.heading = _value(row, "number"), _value(row, "heading")
        elif kind == "number" and unit.label_number is None:
            unit.label_number = _value(row, "number")
    result = {}
    for provision, chain in units.items():
        for unit in chain.values():
            unit.label_number = unit.number or unit.label_number
        ordered = sorted(chain.values(), key=lambda u: (u.order is not None, Decimal(u.order or 0)))
        ordered += [
            ContextUnit(iri, None, "title", None, None, title, None, None)
            for iri, title in titles.items()
            if iri in chain
        ]
        result[provision] = ordered
    return result
