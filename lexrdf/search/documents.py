"""Recorded texts (`Text` records) as the full-text index's documents.

One document per (record, expression), keyed by the windows of lexrdf.search.schema; `primary` (1/0) marks its
record's first text (smallest language tag), so that the matching versions are the matching `primary` documents
plus the few versions that match only in another language; `window` (JSON) is what a hit shows of its version's
window as the record has it: its start and end and the event that opened it (lexrdf.search.windows), `currency`
(JSON) how far its act's sources vouch for it (lexrdf.search.currency).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict
from typing import Any

import tantivy

from lexrdf.search.schema import MAX_DAY, MAX_MICROS, day, language_field, micros
from lexrdf.search.texts import Text


def documents(texts: Iterable[Text]) -> Iterator[tantivy.Document]:
    """One document per (record, expression) (lexrdf.search.texts gives a record's earliest ends)."""
    seen: set[tuple[str, str]] = set()
    for text in texts:
        key = (text["record"], text["expression"])
        if key not in seen:
            seen.add(key)
            yield document(text)


def document(text: Text) -> tantivy.Document:
    """The document of one text: what a hit shows, the searched "number heading text", the window keys."""
    number, heading, body, language = text["number"], text["heading"], text["text"] or "", text["language"]
    haystack = f"{number or ''} {heading or ''} {body}"
    until, superseded = text["valid_until"], text["superseded"]
    values: dict[str, Any] = {
        **{name: text[name] for name in ("graph", "act", "provision", "version", "state", "act_title", "path")},
        **{"unit_type": text["unit_type"], "order": text["unit_order"], "number": number, "heading": heading},
        "unit": text["provision"],
        "chain": json.dumps(text.get("chain") or [], separators=(",", ":")),
        "language": language or "",
        "text": body,
        "exact": haystack,
        language_field(language): haystack,
        "valid_from": day(text["valid_from"] or "0001-01-01"),
        "valid_until": day(until) if until else MAX_DAY,
        "recorded_at": micros(text["recorded"] or "1970-01-01T00:00:00+00:00"),
        "superseded_at": micros(superseded) if superseded else MAX_MICROS,
        "primary": int(text["primary"]),
        "window": json.dumps(window(text), separators=(",", ":")),
        "currency": json.dumps(text.get("currency") or [], separators=(",", ":")),
    }
    return tantivy.Document(**{k: v for k, v in values.items() if v is not None})


def window(text: Text) -> dict[str, Any]:
    """What a hit shows of its version's window as the text's record has it (the fields of lexrdf.search.windows's
    Window, its opening event as a dict)."""
    opened = text.get("opened")
    return {
        "valid_from": text["valid_from"] or "",
        "valid_until": text["valid_until"],
        "opened_by": asdict(opened) if opened is not None else None,
    }
