"""`lexrdf serve`, `lexrdf search-index` and `lexrdf mcp`: the servers."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from lexrdf.cli.common import (
    DEFAULT_SERVE_WORKERS,
    SAMPLES,
    BaseOption,
    SearchUrlOption,
    StoreOption,
    StoreUrlOption,
    TodayOption,
    VerboseOption,
    app,
    err,
    guarded,
    open_lexrdf,
    out,
    progress_bar,
)
from lexrdf.errors import LexrdfError
from lexrdf.settings import Settings

search_index_app = typer.Typer(no_args_is_help=True, help="The full-text index of version texts (docs/search.md).")
app.add_typer(search_index_app, name="search-index")


@search_index_app.command("rebuild")
def search_index_rebuild(
    store: StoreOption = None,
    store_url: StoreUrlOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Rebuild the search index from the store, as its writer (`<store>/search/`, replaced whole when built). Every
    writer builds it when a store has none and every act write keeps it in step: rebuild to repair it."""

    def run():
        import time

        from lexrdf.search import index_directory, rebuild

        lex = open_lexrdf(store, None, store_url=store_url, build_index=False)
        try:
            started = time.perf_counter()
            with progress_bar() as progress:
                documents = rebuild(lex.store, progress=progress)
            directory = index_directory(lex.store)
        finally:
            lex.close()
        out.print(f"{directory}: {documents:,} texts indexed in {time.perf_counter() - started:.2f} s", highlight=False)

    guarded(verbose, run)


@search_index_app.command("serve")
def search_index_serve(
    store: StoreOption = None,
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port.")] = 8001,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Server processes.")] = 1,
    verbose: VerboseOption = False,
) -> None:
    """Serve the store's search index over HTTP (`<store>/search/`, read-only, following the writer's commits) to
    `lexrdf serve --search-url` workers that do not share the store's directory (docs/remote.md)."""

    def run():
        import uvicorn

        from lexrdf.search import index_directory
        from lexrdf.search.schema import is_current
        from lexrdf.search.service import DIRECTORY_VARIABLE, create_search_app

        settings = Settings.from_env(store=store)
        directory = index_directory(settings.store)
        assert directory is not None
        if not is_current(directory):
            err.print(f"{directory}: no search index yet; searches get 503 until a writer builds it", highlight=False)
        options: dict[str, Any] = {"host": host, "port": port, "log_level": "info", "timeout_graceful_shutdown": 5}
        if workers == 1:
            uvicorn.run(create_search_app(directory), **options)
            return
        os.environ[DIRECTORY_VARIABLE] = str(directory.resolve())
        uvicorn.run("lexrdf.search.service:app", factory=True, workers=workers, **options)

    guarded(verbose, run)


@app.command()
def serve(
    store: StoreOption = None,
    store_url: StoreUrlOption = None,
    search_url: SearchUrlOption = None,
    base_iri: BaseOption = None,
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port.")] = 8000,
    sample: Annotated[bool, typer.Option("--sample", help="Ingest the bundled sample corpus first.")] = False,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            help="Server processes, each reading the newest published snapshot (default: the number of cores).",
        ),
    ] = DEFAULT_SERVE_WORKERS,
    dumps: Annotated[
        Path | None, typer.Option("--dumps", help="The dump folder served under /dumps/ (default <store>/dumps).")
    ] = None,
    write_dump: Annotated[
        bool, typer.Option("--dump", help="Write a fresh dump (N-Quads, gzipped) into the dump folder first.")
    ] = False,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            help="Where clients reach the server (behind a proxy): the origin of the absolute URLs it writes "
            "(default LEXRDF_PUBLIC_URL, else the address it listens on; never a request's Host header).",
        ),
    ] = None,
    allow_network_queries: Annotated[
        bool,
        typer.Option(
            "--allow-network-queries",
            help="Serve even where SPARQL workers cannot be cut off from the network (no network namespace): the "
            "SERVICE guard alone then keeps queries from reaching other hosts.",
        ),
    ] = False,
    mcp: Annotated[
        bool,
        typer.Option("--mcp", help="Serve the MCP server for AI agents at /mcp too (streamable HTTP; docs/agents.md)."),
    ] = False,
    today: TodayOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Serve the HTTP API and the SPARQL endpoint over a store, read-only: `lexrdf ingest` and `lexrdf query` work
    on the same store meanwhile, and what an ingest publishes is served from the next request."""

    def run():
        import dataclasses

        import uvicorn

        from lexrdf.api import Lexrdf

        settings = Settings.from_env(store=store, base_iri=base_iri, store_url=store_url, search_url=search_url)
        if dumps is not None:
            settings = dataclasses.replace(settings, dumps=dumps)
        if public_url:
            settings = dataclasses.replace(settings, public_url=public_url.rstrip("/"))
        if mcp or today:
            settings = dataclasses.replace(settings, mcp=mcp or settings.mcp, today=_today(today) or settings.today)
        if sample:
            lex = Lexrdf.open(settings)
            try:
                out.print(f"sample corpus: {lex.ingest([SAMPLES]).line()}", highlight=False)
            finally:
                lex.close()
        reader = Lexrdf.open(settings, read_only=True)  # no store there: one line now, not a failed worker later
        try:
            if write_dump:
                from lexrdf.dumps import write_dump as dump_store

                manifest = dump_store(reader.store, settings.dumps_dir, settings, "nq", True)
                out.print(f"dump: {settings.dumps_dir} ({manifest.quads:,} quads), served at /dumps/", highlight=False)
        finally:
            reader.close()
        from lexrdf.web.sparql.worker import network_isolation_available

        if not network_isolation_available():
            if not allow_network_queries:
                raise LexrdfError(
                    "SPARQL workers cannot be cut off from the network here (no network namespace, or "
                    "LEXRDF_SPARQL_ISOLATION=off): refusing to serve; pass --allow-network-queries to serve with the "
                    "SERVICE guard alone keeping queries in"
                )
            err.print(
                "warning: SPARQL workers run with network access here (--allow-network-queries): the SERVICE guard "
                "alone keeps queries from reaching other hosts",
                highlight=False,
            )
        from lexrdf.web.workers import SERVER_OPTIONS

        options: dict[str, Any] = {"host": host, "port": port, "log_level": "info", **SERVER_OPTIONS}
        out.print(f"lexrdf: open http://{host}:{port}/ (API: /docs, SPARQL: /sparql)", highlight=False)
        if workers == 1:
            from lexrdf.web.app import create_app

            uvicorn.run(create_app(settings), **options)
        else:
            from lexrdf.web import workers as processes

            if processes.reuse_port_supported():  # each process its own socket: the kernel spreads connections
                processes.supervise(settings, host, port, workers)
                return
            from lexrdf.web.factory import environment

            os.environ.update(environment(settings))
            uvicorn.run("lexrdf.web.factory:app", factory=True, workers=workers, **options)

    guarded(verbose, run)


def _today(value: str | None) -> str | None:
    """A --today value checked (QueryError naming it, exit code 2)."""
    from lexrdf.queries import parse_date

    return parse_date(value, "today").isoformat() if value else None


@app.command("mcp")
def mcp_stdio(
    store: StoreOption = None,
    store_url: StoreUrlOption = None,
    search_url: SearchUrlOption = None,
    base_iri: BaseOption = None,
    today: TodayOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Serve the MCP server for AI agents on stdin/stdout, read-only (a desktop client starts it; docs/agents.md)."""

    def run() -> None:
        import anyio

        from lexrdf.agents.server import clock, run_stdio

        settings = Settings.from_env(store=store, base_iri=base_iri, store_url=store_url, search_url=search_url)
        anyio.run(run_stdio, settings, clock(_today(today) or settings.today))

    guarded(verbose, run)
