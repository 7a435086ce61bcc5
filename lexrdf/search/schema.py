"""The full-text index's schema and analysis: its fields, the per-language analyzers, and the integer keys of the
valid-time and transaction-time windows.

A document is one text as recorded, with what a hit shows (provision, act, path, number, heading, text), the units
its provision is within (`chain`, JSON: what its citation names, lexrdf.search.texts.ChainUnit), its version's
window and opening event as its record has them (`window`, JSON: what a hit shows, lexrdf.search.documents), how far
its act's sources vouch for it (`currency`, JSON: lexrdf.search.currency) and four
integer keys: the valid-time window `[valid_from, valid_until)` as day numbers (`date.toordinal()`; no end is the
largest day) and the transaction-time window `[recorded_at, superseded_at)` in microseconds since the epoch (not
superseded is the largest value).

The searched text, "number heading text", is indexed twice: `exact` (split on non-alphanumerics and lowercased:
whole words, in order, as the SPARQL reference finds them) and one field per language with that language's stemmer
(`text_en`, `text_de`, `text_pt`, `text_it`; `text_xx` for any other).

>>> language_field("pt-BR"), language_field("fr"), day("2001-03-14T00:00:00Z"), micros("1970-01-01T00:00:01")
('text_pt', 'text_xx', 730558, 1000000)
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

import tantivy

MAX_DAY = date.max.toordinal()
MAX_MICROS = 2**62
STEMMERS = {"en": "english", "de": "german", "pt": "portuguese", "it": "italian"}
LANGUAGE_FIELDS = [f"text_{code}" for code in STEMMERS] + ["text_xx"]
#: the fields added last: an index without them is rebuilt by its next writer
_NEWEST_FIELDS = {"primary", "unit", "chain", "window", "currency"}


def schema() -> tantivy.Schema:
    """The fields of a document (see the module docstring)."""
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("graph", stored=False, tokenizer_name="raw", index_option="basic")  # what a write replaces
    for name in ("language", "act", "version", "state"):
        builder.add_text_field(name, stored=True, tokenizer_name="raw", index_option="basic")
    # the provision again, to look its texts up by (a unit of a hit's chain: lex.search.index)
    builder.add_text_field("unit", stored=False, tokenizer_name="raw", index_option="basic")
    shown = ("provision", "act_title", "path", "unit_type", "order", "number", "heading", "text", "chain", "window",
             "currency")  # fmt: skip
    for name in shown:
        builder.add_text_field(name, stored=True, tokenizer_name="lexrdf_none", index_option="basic")
    # "number heading text": not stored (each of the three is)
    builder.add_text_field("exact", stored=False, tokenizer_name="default", index_option="position")
    for name in LANGUAGE_FIELDS:
        builder.add_text_field(name, stored=False, tokenizer_name=f"lexrdf_{name[5:]}", index_option="position")
    for name in ("valid_from", "valid_until", "recorded_at", "superseded_at"):
        builder.add_integer_field(name, stored=False, indexed=True, fast=True)
    builder.add_integer_field("primary", stored=True, indexed=True, fast=True)  # 1: its record's first language
    return builder.build()


def is_current(directory: Path) -> bool:
    """Whether `directory` holds an index of this schema (an older one lacks fields the search needs)."""
    try:
        meta = json.loads((directory / "meta.json").read_text())
    except (FileNotFoundError, ValueError):
        return False
    return {entry["name"] for entry in meta.get("schema", [])} >= _NEWEST_FIELDS


def _analyzer(stemmer: str | None) -> tantivy.TextAnalyzer:
    builder = tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple()).filter(tantivy.Filter.remove_long(40))
    builder = builder.filter(tantivy.Filter.lowercase())
    return (builder.filter(tantivy.Filter.stemmer(stemmer)) if stemmer else builder).build()


def register(index: tantivy.Index) -> dict[str, tantivy.TextAnalyzer]:
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


def language_field(language: str | None) -> str:
    """The analysed field of a BCP 47 language tag."""
    code = (language or "").split("-")[0].lower()
    return f"text_{code}" if code in STEMMERS else "text_xx"


def micros(value: str) -> int:
    """A transaction time's key: microseconds since the epoch (a naive time is UTC)."""
    moment = datetime.fromisoformat(value)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    delta = moment - datetime(1970, 1, 1, tzinfo=UTC)
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def day(value: str | date) -> int:
    """A valid time's key: the day number of a date (of an xsd:date or xsd:dateTime's date part)."""
    return (value if isinstance(value, date) else date.fromisoformat(value[:10])).toordinal()
