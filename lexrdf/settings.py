"""One settings object: where the store is, the base IRI, limits. Passed explicitly; no module state."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_BASE_IRI = "https://lexrdf.example.org"
DEFAULT_STORE = Path("lexrdf-data")
DEFAULT_SNAPSHOT_GRACE_SECONDS = 600.0  # longer than any query runs (docs/store.md)
DEFAULT_SPARQL_WORKERS = max(2, min(8, os.cpu_count() or 2))  # query worker processes behind /sparql


@dataclass(frozen=True)
class Settings:
    """Runtime configuration; `from_env` reads LEXRDF_BASE_IRI, LEXRDF_STORE, LEXRDF_SNAPSHOT_GRACE_SECONDS and
    LEXRDF_SPARQL_TIMEOUT, LEXRDF_SPARQL_MAX_RESULTS, LEXRDF_SPARQL_MAX_REQUEST_BYTES, LEXRDF_SPARQL_WORKERS."""

    store: Path = DEFAULT_STORE
    base_iri: str = DEFAULT_BASE_IRI
    query_timeout_seconds: float = 30.0
    snapshot_grace_seconds: float = DEFAULT_SNAPSHOT_GRACE_SECONDS  # how long a superseded snapshot is kept
    sparql_timeout_seconds: float = 60.0  # /sparql: a query (queueing included) is stopped after this (EUR-Lex: 60 s)
    sparql_max_results: int = 100_000  # /sparql: rows of a SELECT, triples of a CONSTRUCT/DESCRIBE
    sparql_max_request_bytes: int = 65_536  # /sparql: the query text, UTF-8
    sparql_workers: int = DEFAULT_SPARQL_WORKERS  # /sparql: worker processes (LEXRDF_SPARQL_WORKERS)

    @classmethod
    def from_env(cls, store: str | Path | None = None, base_iri: str | None = None) -> Settings:
        return cls(
            store=Path(store or os.environ.get("LEXRDF_STORE", DEFAULT_STORE)),
            base_iri=(base_iri or os.environ.get("LEXRDF_BASE_IRI", DEFAULT_BASE_IRI)).rstrip("/"),
            snapshot_grace_seconds=float(
                os.environ.get("LEXRDF_SNAPSHOT_GRACE_SECONDS", DEFAULT_SNAPSHOT_GRACE_SECONDS)
            ),
            sparql_timeout_seconds=float(os.environ.get("LEXRDF_SPARQL_TIMEOUT", 60.0)),
            sparql_max_results=int(os.environ.get("LEXRDF_SPARQL_MAX_RESULTS", 100_000)),
            sparql_max_request_bytes=int(os.environ.get("LEXRDF_SPARQL_MAX_REQUEST_BYTES", 65_536)),
            sparql_workers=int(os.environ.get("LEXRDF_SPARQL_WORKERS", DEFAULT_SPARQL_WORKERS)),
        )
