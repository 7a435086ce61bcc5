"""One settings object: where the store is, the base IRI, limits. Passed explicitly; no module state."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_BASE_IRI = "https://lexrdf.example.org"
DEFAULT_STORE = Path("lexrdf-data")


@dataclass(frozen=True)
class Settings:
    """Runtime configuration; `from_env` reads LEXRDF_BASE_IRI and LEXRDF_STORE."""

    store: Path = DEFAULT_STORE
    base_iri: str = DEFAULT_BASE_IRI
    query_timeout_seconds: float = 30.0

    @classmethod
    def from_env(cls, store: str | Path | None = None, base_iri: str | None = None) -> Settings:
        return cls(
            store=Path(store or os.environ.get("LEXRDF_STORE", DEFAULT_STORE)),
            base_iri=(base_iri or os.environ.get("LEXRDF_BASE_IRI", DEFAULT_BASE_IRI)).rstrip("/"),
        )
