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

>>> SearchIndex.language_field("pt-BR"), SearchIndex.language_field("fr")
('text_pt', 'text_xx')
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import tantivy
from pyoxigraph import NamedNode

from lexrdf.store.base import Store

INDEX_DIR = "search"  # under the store's directory
MAX_DAY = date.max.toordinal()
MAX_MICROS = 2**62
STEMMERS = {"en": "english", "de": "german", "pt": "portuguese", "it": "italian"}
LANGUAGE_FIELDS = [f"text_{code}" for code in STEMMERS] + ["text_xx"]
_WRITER_HEAP = 64_000_000
_QUOTED = re.compile(r'"([^"]*)"')

#: every recorded text of the graphs in VALUES (one query for an act; none bound: the whole store)
TEXTS_QUERY = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
PREFIX dcterms: <http://purl.org/dc/terms/>
SELECT ?graph ?record ?expression ?version ?provision ?act ?state ?language ?text ?number ?heading ?valid_from
       ?valid_until ?recorded ?superseded ?path ?unit_type ?unit_order ?act_title
WHERE {
  %(values)s
  GRAPH ?graph {
    ?record lex:recordOf ?version ; lex:expression ?expression ; lex:recordedAt ?recorded .
    ?expression lex:text ?text .
    OPTIONAL { ?record lex:supersededAt ?superseded }
    OPTIONAL { ?record lex:validUntil ?valid_until }
    OPTIONAL { ?expression lex:number ?number }
    OPTIONAL { ?expression lex:heading ?heading }
    OPTIONAL { ?expression lex:language ?language }
  }
  {
    ?version lex:versionOf ?provision ; lex:validFrom ?valid_from ; lex:act ?act .
    BIND ("version" AS ?state)
  } UNION {
    ?version lex:interprets ?provision ; lex:validFrom ?valid_from .
    OPTIONAL { ?provision lex:act ?provision_act }
    BIND (COALESCE(?provision_act, ?provision) AS ?act)
    BIND ("interpretation" AS ?state)
  }
  OPTIONAL { ?act lex:shortTitle ?short_title }
  OPTIONAL { ?act lex:title ?long_title }
  OPTIONAL { ?act dcterms:title ?item_title }
  BIND (COALESCE(?short_title, ?long_title, ?item_title) AS ?act_title)
  OPTIONAL { ?provision lex:path ?path }
  OPTIONAL { ?provision lex:unitType ?unit_type }
  OPTIONAL { ?provision lex:order ?unit_order }
}
"""


@dataclass
class IndexedHit:
    """One matching text: what search.rq gives for it, plus its BM25 score and a highlighted snippet."""

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
    score: float
    snippet: str
    occurrences: int


@dataclass
class IndexPage:
    """One page of hits, best first, and how many texts match in all."""

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
    for name in ("graph", "language"):
        builder.add_text_field(name, stored=True, tokenizer_name="raw", index_option="basic")
    for name in ("act", "version", "state"):
        builder.add_text_field(name, stored=True, tokenizer_name="raw", index_option="basic")
    for name in ("provision", "act_title", "path", "unit_type", "order", "number", "heading", "text"):
        builder.add_text_field(name, stored=True, tokenizer_name="lexrdf_none", index_option="basic")
    builder.add_text_field("exact", stored=True, tokenizer_name="default", index_option="position")
    for name in LANGUAGE_FIELDS:
        builder.add_text_field(name, stored=False, tokenizer_name=f"lexrdf_{name[5:]}", index_option="position")
    for name in ("valid_from", "valid_until", "recorded_at", "superseded_at"):
        builder.add_integer_field(name, stored=False, indexed=True, fast=True)
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
        """The index in `directory`, or None when there is none."""
        if not (directory / "meta.json").exists():
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
    def replace(self, graphs: Iterable[str], rows: Iterable[Any], all_graphs: bool = False) -> int:
        """Replace the documents of `graphs` (every document with `all_graphs`) by `rows` of TEXTS_QUERY, in one
        commit; the number of documents written."""
        writer = self._index.writer(heap_size=_WRITER_HEAP, num_threads=1)
        try:
            if all_graphs:
                writer.delete_all_documents()
            for graph in graphs:
                writer.delete_documents_by_term("graph", graph)
            written = 0
            for document in _documents(rows):
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
        """The texts in force on `day` as recorded at `known_at` (default: now) that contain `text`: as one phrase
        (whole words in order, case-insensitive), or with `words` every word in any order, stemmed by language
        ("quoted" parts stay phrases). Best BM25 score first, then act and document order; `limit` None: all."""
        self._fresh()
        match, exact = self._match(text, words)
        if match is None:
            return IndexPage(0, offset)
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
        occur = tantivy.Occur
        query = tantivy.Query.boolean_query([(occur.Must, match), *((occur.Must, q) for q in filters)])
        searcher = self._index.searcher()
        if limit is None:
            limit = searcher.search(query, limit=1, count=True).count or 1
        result = searcher.search(query, limit=max(1, limit), count=True, offset=offset)
        snippets = tantivy.SnippetGenerator.create(searcher, exact, self._schema, "exact")
        snippets.set_max_num_chars(240)
        needles = self._needles(text, words)
        items = []
        for score, address in result.hits:
            doc = searcher.doc(address)
            haystack = (doc.get_first("exact") or "").lower()
            items.append(
                IndexedHit(
                    *(
                        doc.get_first(name)
                        for name in ("provision", "act", "act_title", "path", "unit_type", "number", "heading")
                    ),
                    doc.get_first("text") or "",
                    doc.get_first("version"),
                    doc.get_first("state"),
                    doc.get_first("language"),
                    doc.get_first("order"),
                    round(score, 4),
                    snippets.snippet_from_doc(doc).to_html(),
                    sum(haystack.count(needle) for needle in needles),
                )
            )
        items.sort(key=lambda h: (-h.score, h.act, h.order is None, Decimal(h.order or 0), h.state != "version"))
        return IndexPage(result.count or 0, offset, items)

    def _needles(self, text: str, words: bool) -> list[str]:
        if not words:
            return [text.lower()]
        phrases = [p.lower() for p in _QUOTED.findall(text) if p.strip()]
        return phrases + _QUOTED.sub(" ", text).lower().split()

    def _match(self, text: str, words: bool) -> tuple[Any | None, Any | None]:
        """The query that matches `text`, and the one on `exact` that highlights it (None: nothing to find)."""
        if not words:
            query = self._phrase("exact", text)
            return query, query
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
        highlight = [q for q in (self._phrase("exact", w) for w in [*phrases, *loose.split()]) if q is not None]
        if not per_field or not highlight:
            return None, None
        return (
            tantivy.Query.boolean_query(per_field),
            tantivy.Query.boolean_query([(occur.Should, q) for q in highlight]),
        )

    def _phrase(self, name: str, text: str) -> Any | None:
        tokens = self._analyzers[name].analyze(text)
        if not tokens:
            return None
        if len(tokens) == 1:
            return tantivy.Query.term_query(self._schema, name, tokens[0])
        return tantivy.Query.phrase_query(self._schema, name, tokens)


def _value(row: Any, name: str) -> str | None:
    term = row[name]
    return term.value if term is not None else None


def _documents(rows: Iterable[Any]) -> Iterator[tantivy.Document]:
    """One document per (record, expression): a record superseded twice keeps its first supersession."""
    seen: set[tuple[str, str]] = set()
    for row in rows:
        key = (_value(row, "record") or "", _value(row, "expression") or "")
        if key in seen:
            continue
        seen.add(key)
        number, heading, text = _value(row, "number"), _value(row, "heading"), _value(row, "text") or ""
        haystack = f"{number or ''} {heading or ''} {text}"
        language = _value(row, "language")
        until, superseded = _value(row, "valid_until"), _value(row, "superseded")
        values: dict[str, Any] = {
            "graph": _value(row, "graph"),
            "language": language or "",
            "act": _value(row, "act"),
            "provision": _value(row, "provision"),
            "version": _value(row, "version"),
            "state": _value(row, "state"),
            "act_title": _value(row, "act_title"),
            "path": _value(row, "path"),
            "unit_type": _value(row, "unit_type"),
            "order": _value(row, "unit_order"),
            "number": number,
            "heading": heading,
            "text": text,
            "exact": haystack,
            SearchIndex.language_field(language): haystack,
            "valid_from": _day(_value(row, "valid_from") or "0001-01-01"),
            "valid_until": _day(until) if until else MAX_DAY,
            "recorded_at": _micros(_value(row, "recorded") or "1970-01-01T00:00:00+00:00"),
            "superseded_at": _micros(superseded) if superseded else MAX_MICROS,
        }
        yield tantivy.Document(**{k: v for k, v in values.items() if v is not None})


def _texts(store: Store, graphs: list[str] | None) -> Iterable[Any]:
    values = f"VALUES ?graph {{ {' '.join(str(NamedNode(g)) for g in graphs)} }}" if graphs is not None else ""
    return store.select(TEXTS_QUERY % {"values": values})


def update_act(store: Store, act: str, directory: Path | None = None, create: bool = False) -> int | None:
    """Replace the documents of one act graph by its texts as the store now holds them (one SPARQL query, one
    commit): call after each act write. Does nothing (None) when the store has no index, unless `create`."""
    directory = directory or index_directory(store)
    if directory is None:
        return None
    index = SearchIndex.open(directory) or (SearchIndex.create(directory) if create else None)
    if index is None:
        return None
    return index.replace([act], _texts(store, [act]))


def rebuild(store: Store, directory: Path | None = None) -> int:
    """Build the index of every text in the store in a fresh directory, then put it in place of the old one (a
    reader reopens it); the number of documents."""
    directory = directory or index_directory(store)
    if directory is None:
        raise ValueError("this store has no directory to keep a search index in")
    fresh = directory.with_name(f"{directory.name}.new-{os.getpid()}")
    shutil.rmtree(fresh, ignore_errors=True)
    written = SearchIndex.create(fresh).replace([], _texts(store, None))
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
