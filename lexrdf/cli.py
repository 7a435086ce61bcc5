"""The command line: `lexrdf ingest`, `lexrdf query`, `lexrdf queries`, `lexrdf dump`, `lexrdf serve`, `lexrdf mcp`.

Errors are one readable line on stderr and a non-zero exit; `--verbose` adds the detail.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from lexrdf.errors import LexrdfError, QueryError
from lexrdf.settings import Settings

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Legislation as point-in-time linked data.")
err = Console(stderr=True)
out = Console(width=None if sys.stdout.isatty() else 160)

StoreOption = Annotated[Path | None, typer.Option("--store", help="Store directory (default ./lexrdf-data).")]
BaseOption = Annotated[str | None, typer.Option("--base-iri", help="Base IRI of minted identifiers.")]
StoreUrlOption = Annotated[
    str | None,
    typer.Option(
        "--store-url",
        help="A remote SPARQL store's query endpoint (env LEXRDF_STORE_URL; docs/remote.md); --store is then the "
        "directory of the writer's local state (the transaction log).",
    ),
]
SearchUrlOption = Annotated[
    str | None,
    typer.Option(
        "--search-url",
        help="A search service (`lexrdf search-index serve`) that answers searches instead of the store's own index "
        "(env LEXRDF_SEARCH_URL; docs/remote.md).",
    ),
]
VerboseOption = Annotated[bool, typer.Option("--verbose", "-v", help="Show error details.")]
TodayOption = Annotated[
    str | None,
    typer.Option(
        "--today",
        help="The date the MCP tools take as today, YYYY-MM-DD (env LEXRDF_TODAY; default the system's date).",
    ),
]

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
NOTICES_SHOWN = 10  # ingest warnings printed without --verbose
DEFAULT_SERVE_WORKERS = os.cpu_count() or 1  # `serve --workers`: one server process a core


def _fail(exc: Exception, verbose: bool, code: int = 1) -> None:
    err.print(f"[bold red]error:[/] {exc}", highlight=False, soft_wrap=True)
    if verbose:
        err.print(traceback.format_exc(), highlight=False)
    raise typer.Exit(code)


def _guarded(verbose: bool, action: Callable[[], Any]) -> Any:
    try:
        return action()
    except QueryError as exc:
        _fail(exc, verbose, 2)
    except LexrdfError as exc:
        _fail(exc, verbose)
    except OSError as exc:
        _fail(exc, verbose)


@contextmanager
def _progress_bar() -> Iterator[Callable[[str, int, int], None]]:
    """A rich progress bar on stderr, one task a stage: yields the `progress(stage, done, total)` callback."""
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as bar:
        tasks: dict[str, Any] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done)

        yield progress


def _open(
    store: Path | None,
    base_iri: str | None,
    read_only: bool = False,
    store_url: str | None = None,
    build_index: bool = True,
    search_url: str | None = None,
):
    """Lexrdf over the store; a writer builds the search index first when the store has none, with a progress bar
    (`build_index` False: leave that to the caller)."""
    from lexrdf.api import Lexrdf

    settings = Settings.from_env(store=store, base_iri=base_iri, store_url=store_url, search_url=search_url)
    if read_only or not build_index:
        return Lexrdf.open(settings, read_only=read_only, build_index=build_index)
    with _progress_bar() as progress:
        return Lexrdf.open(settings, progress=progress)


MALLOC_ARENAS = 2  # glibc's default is 8 a core; one made the ingest 30-40% slower (lock contention)


def _few_malloc_arenas() -> None:
    """At most `MALLOC_ARENAS` glibc malloc arenas for the whole process. Ingest writes on a writer thread while it
    plans on another, and by default glibc gives threads arenas of their own, whose freed memory the others do not
    reuse: on 1.1M synthetic quads the default peaked at 795 MB, two arenas at 720-730 MB, one at 710 MB. One arena
    also made the two threads queue on its lock: 36-47 s against 29.9 s with two and 26.1 s with glibc's default.
    A no-op off glibc, or when MALLOC_ARENA_MAX is set (glibc then does as it says)."""
    import contextlib
    import ctypes

    if os.environ.get("MALLOC_ARENA_MAX"):
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").mallopt(-8, MALLOC_ARENAS)  # M_ARENA_MAX; before the writer thread starts


@app.command()
def ingest(
    paths: Annotated[list[Path], typer.Argument(help="Akoma Ntoso files or folders.")],
    store: StoreOption = None,
    store_url: StoreUrlOption = None,
    base_iri: BaseOption = None,
    allow_mass_end: Annotated[
        bool,
        typer.Option(
            "--allow-mass-end",
            help="Confirm a new expression that ends many provisions of an act held without naming a repealing act.",
        ),
    ] = False,
    allow_identity_mismatch: Annotated[
        bool,
        typer.Option(
            "--allow-identity-mismatch",
            help="Confirm a new expression whose title, number, date or structure is not that of the act it claims.",
        ),
    ] = False,
    submitted_by: Annotated[
        str | None,
        typer.Option("--submitted-by", help="Who submits (recorded on every changeset; default: the OS user)."),
    ] = None,
    warnings_file: Annotated[
        Path | None,
        typer.Option("--warnings", help="Write every warning to this file, one line each (file:line: ...)."),
    ] = None,
    processes: Annotated[
        int | None,
        typer.Option(
            "--processes",
            min=1,
            help="Processes that read and map the files, then plan and validate the acts (env "
            "LEXRDF_INGEST_PROCESSES; default: the cores this process may run on; 1: one after another).",
        ),
    ] = None,
    verbose: VerboseOption = False,
) -> None:
    """Map, version and store source files; one transaction per act."""

    def run():
        _few_malloc_arenas()
        import dataclasses

        from lexrdf.api import Lexrdf
        from lexrdf.ingest import ingest as ingest_files
        from lexrdf.source_checks import SourcePolicy

        try:
            policy = SourcePolicy.from_env(
                allow_mass_end=allow_mass_end,
                allow_identity_mismatch=allow_identity_mismatch,
                submitted_by=submitted_by,
            )
        except ValueError as exc:
            raise QueryError(str(exc)) from None
        settings = Settings.from_env(store=store, base_iri=base_iri, store_url=store_url)
        if processes is not None:
            settings = dataclasses.replace(settings, ingest_processes=processes)
        with _progress_bar() as progress:  # a store without a search index: the writer builds it first
            lex = Lexrdf.open(settings, progress=progress)
        try:
            with _progress_bar() as progress:
                summary = ingest_files(paths, lex.store, lex.settings, progress, policy)
                lex.publish()
        finally:
            lex.close()
        out.print(summary.line(), highlight=False)
        if summary.act_iris:  # where the data the ingest wrote is thin (lexrdf audit lists it)
            from lexrdf.audit import audit_counts, summary_line

            reader = _open(store, base_iri, read_only=True, store_url=store_url)
            try:
                out.print(summary_line(audit_counts(reader, summary.act_iris)), highlight=False)
            finally:
                reader.close()
        warnings = summary.warning_lines()
        if warnings_file is not None:  # every warning, sources' and validation's
            warnings_file.write_text("".join(f"{line}\n" for line in warnings), encoding="utf-8")
        # what could not be recorded (names file, line and element): every line with --verbose or when few
        shown = summary.notices if verbose or len(summary.notices) <= NOTICES_SHOWN else summary.notices[:NOTICES_SHOWN]
        for notice in shown:
            err.print(f"[yellow]warning:[/] {notice}", highlight=False, soft_wrap=True)
        if len(shown) < len(warnings):
            where = f"all of them are in {warnings_file}" if warnings_file else "--warnings FILE writes them all"
            err.print(
                f"[yellow]warning:[/] {len(warnings)} warnings, {len(shown)} shown above ({where}; --verbose shows "
                "every statement of the sources that could not be used)",
                highlight=False,
                soft_wrap=True,
            )
        if summary.refused:
            from lexrdf.validate.render import render_text

            sys.stderr.write(render_text({act: summary.reports[act] for act in summary.refused}))
            err.print(
                f"[bold red]refused:[/] {len(summary.refused)} acts do not conform and were not written "
                "(the others were)",
                highlight=False,
            )
            raise typer.Exit(1)

    _guarded(verbose, run)


@app.command()
def audit(
    act: Annotated[str | None, typer.Option("--act", help="One act's IRI (default: every act).")] = None,
    store: StoreOption = None,
    store_url: StoreUrlOption = None,
    base_iri: BaseOption = None,
    rows: Annotated[bool, typer.Option("--rows", help="List every weakly dated provision, not only counts.")] = False,
    verbose: VerboseOption = False,
) -> None:
    """Where the data is thin: per act, the provisions whose dating rests on weak evidence (the `audit` query)."""

    def run():
        from lexrdf.audit import WEAKNESSES, audit_counts, summary_line

        lex = _open(store, base_iri, read_only=True, store_url=store_url)
        try:
            if rows:
                out.print(_table(lex.run("audit", {"act": act or "any"})))
                return
            counts = audit_counts(lex, [act] if act else None)
        finally:
            lex.close()
        table = Table(show_lines=False)
        for column in ("act", *WEAKNESSES):
            table.add_column(column, overflow="fold")
        for iri, kinds in counts.items():
            table.add_row(iri, *(str(kinds[kind]) for kind in WEAKNESSES))
        out.print(table)
        out.print(summary_line(counts), highlight=False)

    _guarded(verbose, run)


def _params(raw: list[str]) -> dict[str, str]:
    params: dict[str, str] = {}
    for item in raw:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise QueryError(f"--param {item!r} must be key=value")
        params[key.strip()] = value
    return params


@app.command()
def query(
    name: Annotated[str, typer.Argument(help="Query name (see `lexrdf queries`).")],
    param: Annotated[list[str] | None, typer.Option("--param", "-p", help="key=value, repeatable.")] = None,
    store: StoreOption = None,
    store_url: StoreUrlOption = None,
    base_iri: BaseOption = None,
    output: Annotated[str, typer.Option("--format", help="json or table.")] = "json",
    verbose: VerboseOption = False,
) -> None:
    """Run one query of the library."""

    def run():
        if output not in {"json", "table"}:
            raise QueryError(f"--format {output!r}: use json or table")
        params = _params(param or [])
        lex = _open(store, base_iri, read_only=True, store_url=store_url)
        try:
            answer = lex.run(name, params)
        finally:
            lex.close()
        if output == "json":
            sys.stdout.write(json.dumps(answer, ensure_ascii=False, indent=2) + "\n")
        else:
            out.print(_table(answer))

    _guarded(verbose, run)


_TABLE_COLUMNS = [
    "status",
    "kind",
    "unit_type",
    "number",
    "heading",
    "valid_from",
    "valid_until",
    "opened_by",
    "closed_by",
    "text",
    "citation",
    "message",
    "provision",
]


def _table(answer: Any) -> Table:
    """A compact table: the columns a reader scans, text folded; the JSON format has every field."""
    rows = answer if isinstance(answer, list) else [answer]
    present = [c for c in _TABLE_COLUMNS if any(r.get(c) not in (None, [], "") for r in rows)] or (
        list(rows[0]) if rows else []
    )
    if len(rows) > 1 and "provision" in present and len({r.get("provision") for r in rows}) == 1:
        present.remove("provision")
    table = Table(show_lines=True)
    for column in present:
        table.add_column(column, overflow="fold", max_width=70 if column in {"text", "message"} else None)
    for row in rows:
        table.add_row(*(_cell(row.get(c)) for c in present))
    return table


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict) and "type" in value:
        return f"{value['type']} {value.get('date', '')}".strip()
    return str(value)


@app.command()
def queries(
    markdown: Annotated[bool, typer.Option("--markdown", help="Print the reference page (docs/queries.md).")] = False,
) -> None:
    """List the queries of the library with their parameters."""
    from lexrdf.queries import load_library

    if markdown:
        from lexrdf.queries.docs import render_markdown

        sys.stdout.write(render_markdown())
        return

    table = Table("name", "parameters", "summary")
    for query_ in load_library().values():
        if query_.internal:
            continue
        params = ", ".join(f"{p.name}:{p.kind}{'' if p.required else '?'}" for p in query_.public_parameters)
        table.add_row(query_.name, params, query_.summary)
    out.print(table)


def _emit_reports(reports: dict, output: str) -> None:
    from lexrdf.validate.render import render_json, render_text, render_turtle

    render = {"text": render_text, "json": render_json, "turtle": render_turtle}[output]
    sys.stdout.write(render(reports))


@app.command()
def validate(
    paths: Annotated[list[Path] | None, typer.Argument(help="Source files or folders (mapped, not written).")] = None,
    store: Annotated[
        Path | None,
        typer.Option(
            "--store",
            help="The store to validate, or to version the files against (default: none "
            "for files, ./lexrdf-data otherwise).",
        ),
    ] = None,
    store_url: StoreUrlOption = None,
    base_iri: BaseOption = None,
    act: Annotated[str | None, typer.Option("--act", help="Only this act's graph (store validation).")] = None,
    output: Annotated[
        str,
        typer.Option("--format", help="text, json, sarif (SARIF 2.1.0), junit (JUnit XML) or turtle (SHACL report)."),
    ] = "text",
    schemas: Annotated[
        Path | None,
        typer.Option("--schemas", help="The XML schemas folder (env LEXRDF_SCHEMAS; default ../shared/data/schemas)."),
    ] = None,
    verbose: VerboseOption = False,
) -> None:
    """Validate source files (well formed, against their XML schema, as they would be ingested: every problem in
    every file, at its line) or the store against the SHACL shapes. Exit 1 on any error."""

    def run():
        from pyoxigraph import NamedNode

        from lexrdf.validate import validate_store
        from lexrdf.validate.files import FileValidation, validate_files
        from lexrdf.validate.sources import schemas_folder

        if output not in {"text", "json", "turtle", "sarif", "junit"}:
            raise QueryError(f"--format {output!r}: use text, json, sarif, junit or turtle")
        scratch = None
        if paths and store is None and not store_url:  # files alone: versioned against an empty, thrown-away store
            scratch = tempfile.TemporaryDirectory(prefix="lexrdf-validate-")
        settings = Settings.from_env(store=scratch.name if scratch else store, base_iri=base_iri, store_url=store_url)
        read_only = scratch is None  # only the scratch store is written
        lex = _open(settings.store, base_iri, read_only=read_only, store_url=settings.store_url)
        try:
            if paths:
                outcome = validate_files(paths, lex.store, settings, schemas_folder(schemas))
            else:
                from lexrdf.views import is_view_graph

                graphs = [NamedNode(act)] if act else [g for g in lex.store.raw.named_graphs() if not is_view_graph(g)]
                reports = {g.value: validate_store(lex.store.raw, g) for g in sorted(graphs, key=str)}
                outcome = FileValidation(reports=reports)
        finally:
            lex.close()
            if scratch:
                scratch.cleanup()
        _emit_validation(outcome, output)
        if output == "text":
            err.print(
                f"{len(outcome.files) or len(outcome.reports)} {'files' if outcome.files else 'acts'}, "
                f"{outcome.errors} errors, {outcome.warnings} warnings",
                highlight=False,
            )
        if outcome.errors:
            raise typer.Exit(1)

    _guarded(verbose, run)


def _emit_validation(outcome, output: str) -> None:
    from lexrdf.validate import formats
    from lexrdf.validate.render import render_turtle

    if output == "turtle":
        sys.stdout.write(render_turtle(outcome.reports))
        return
    render = {"text": formats.render_text, "json": formats.render_json, "sarif": formats.render_sarif}
    sys.stdout.write(render.get(output, formats.render_junit)(outcome))


@app.command()
def add(
    path: Annotated[Path, typer.Argument(help="An editorial addition in Turtle or JSON-LD.")],
    store: StoreOption = None,
    base_iri: BaseOption = None,
    act: Annotated[str | None, typer.Option("--act", help="The act it belongs to (else from lex:affectedAct).")] = None,
    verbose: VerboseOption = False,
) -> None:
    """Validate an editorial addition (ruling, corrigendum, commencement order) and write it if it conforms."""

    def run():
        from lexrdf.editorial import submit

        lex = _open(store, base_iri)
        try:
            outcome = submit(path, lex.store, lex.settings, act)
        finally:
            lex.close()
        if outcome.report.results:
            _emit_reports({outcome.act: outcome.report}, "text")
        if not outcome.written:
            err.print(f"[bold red]refused:[/] {path} does not conform; nothing was written", highlight=False)
            raise typer.Exit(1)
        out.print(f"added {outcome.quads} quads to {outcome.act}", highlight=False)

    _guarded(verbose, run)


@app.command()
def shapes(
    markdown: Annotated[bool, typer.Option("--markdown", help="Print the reference page (docs/shapes.md).")] = False,
) -> None:
    """Print the SHACL shapes (Turtle) or their reference page."""
    if markdown:
        from lexrdf.validate.docs import render_markdown

        sys.stdout.write(render_markdown())
        return
    from lexrdf.validate.compile import SHAPES_DIR

    for path in sorted(SHAPES_DIR.glob("*.ttl")):
        sys.stdout.write(path.read_text(encoding="utf-8"))


@app.command()
def dump(
    out_dir: Annotated[Path, typer.Option("--out", help="The folder to write (replaced whole when complete).")],
    store: StoreOption = None,
    store_url: StoreUrlOption = None,
    base_iri: BaseOption = None,
    rdf_format: Annotated[str, typer.Option("--format", help="nq, trig or ttl (Turtle: no graph names).")] = "nq",
    gzip: Annotated[bool, typer.Option("--gzip", help="Compress the data files (.gz).")] = False,
    since: Annotated[
        int | None, typer.Option("--since", min=0, help="Also write the changes after change K (RDF Patch).")
    ] = None,
    verbose: VerboseOption = False,
) -> None:
    """Dump the newest published snapshot: the whole dataset and one file per act, with checksums, the ontology,
    the shapes, a DCAT catalogue and a VoID description (docs/dumps.md)."""

    def run():
        from lexrdf.dumps import write_dump

        lex = _open(store, base_iri, read_only=True, store_url=store_url)
        try:
            with _progress_bar() as progress:
                manifest = write_dump(lex.store, out_dir, lex.settings, rdf_format, gzip, since, progress)
        finally:
            lex.close()
        data = [f for f in manifest.files if f.kind in ("dataset", "act")]
        out.print(
            f"{out_dir}: {len(data) - 1} acts, {manifest.quads:,} quads, {sum(f.size for f in data):,} bytes of data, "
            f"changes through {manifest.changes_through}",
            highlight=False,
        )

    _guarded(verbose, run)


@app.command()
def search(
    text: Annotated[str, typer.Argument(help="The words: one phrase (whole words, in order), or with --words each.")],
    day: Annotated[str, typer.Option("--date", help="The texts in force on this date (YYYY-MM-DD).")],
    known_at: Annotated[
        str | None, typer.Option("--known-at", help="As recorded at this time (ISO 8601; default now).")
    ] = None,
    page: Annotated[int, typer.Option("--page", min=1, help="The page, from 1.")] = 1,
    size: Annotated[int, typer.Option("--size", min=1, max=100, help="Hits a page (at most 100).")] = 20,
    words: Annotated[
        bool,
        typer.Option("--words", help='Every word in any order, stemmed by language ("quoted" parts stay phrases).'),
    ] = False,
    language: Annotated[
        str | None, typer.Option("--language", help="Only texts in this language (BCP 47 tag; needs the index).")
    ] = None,
    store: StoreOption = None,
    store_url: StoreUrlOption = None,
    search_url: SearchUrlOption = None,
    base_iri: BaseOption = None,
    output: Annotated[str, typer.Option("--format", help="json or table.")] = "table",
    verbose: VerboseOption = False,
) -> None:
    """Search the texts in force on a date, a page at a time: from the full-text index (the store's own, or a search
    service's), or by scanning a store that has none (the answer's `method` says which; docs/search.md)."""

    def run():
        if output not in {"json", "table"}:
            raise QueryError(f"--format {output!r}: use json or table")
        lex = _open(store, base_iri, read_only=True, store_url=store_url, search_url=search_url)
        try:
            answer = lex.search(text, day, known_at, page=page, size=size, words=words, language=language)
        finally:
            lex.close()
        if output == "json":
            sys.stdout.write(json.dumps(answer.to_dict(), ensure_ascii=False, indent=2) + "\n")
            return
        out.print(_search_table(answer))
        shown = f"{(page - 1) * size + 1}-{(page - 1) * size + answer.count}" if answer.count else "none"
        err.print(f"{shown} of {answer.total} hits (page {page}, from the {answer.method})", highlight=False)

    _guarded(verbose, run)


def _search_table(answer: Any) -> Table:
    """The page's hits: citation (or provision), window, and the snippet with its matches in bold."""
    import html
    import re

    from rich.text import Text

    table = Table("citation", "in force", "snippet", show_lines=True)
    for hit in answer.items:
        snippet = Text()
        for index, piece in enumerate(re.split(r"</?b>", hit.snippet or "")):
            snippet.append(html.unescape(piece), style="bold" if index % 2 else "")
        window = f"{hit.valid_from or ''} - {hit.valid_until or ''}" if hit.valid_from else ""
        table.add_row(hit.citation or hit.provision, window, snippet)
    return table


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

        lex = _open(store, None, store_url=store_url, build_index=False)
        try:
            started = time.perf_counter()
            with _progress_bar() as progress:
                documents = rebuild(lex.store, progress=progress)
            directory = index_directory(lex.store)
        finally:
            lex.close()
        out.print(f"{directory}: {documents:,} texts indexed in {time.perf_counter() - started:.2f} s", highlight=False)

    _guarded(verbose, run)


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

    _guarded(verbose, run)


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

    _guarded(verbose, run)


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

    _guarded(verbose, run)


satgraph_app = typer.Typer(
    no_args_is_help=True,
    help="SAT-Graph interoperability: import and export SAT-Graph JSON, run the SAT-Graph API's operations.",
)
app.add_typer(satgraph_app, name="satgraph")
ParamOption = Annotated[
    list[str] | None, typer.Option("--param", "-p", help="name=value (a list parameter: comma-separated).")
]


@satgraph_app.command("import")
def satgraph_import(
    paths: Annotated[list[Path], typer.Argument(help="SAT-Graph JSON datasets.")],
    store: StoreOption = None,
    base_iri: BaseOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Import SAT-Graph datasets (each validated whole, then written one graph per act or item)."""
    from lexrdf.satgraph.importer import import_dataset

    def run():
        lex = _open(store, base_iri)
        try:
            for path in paths:
                summary = import_dataset(path, lex.store, lex.settings)
                lex.publish()
                out.print(f"{path}: {summary.line()}", highlight=False)
                for warning in summary.warnings if verbose or len(summary.warnings) <= NOTICES_SHOWN else []:
                    err.print(f"warning: {warning}", highlight=False, soft_wrap=True)
        finally:
            lex.close()

    _guarded(verbose, run)


@satgraph_app.command("export")
def satgraph_export(
    output: Annotated[Path, typer.Option("--out", help="The SAT-Graph JSON file to write ('-': stdout).")],
    item: Annotated[str | None, typer.Option("--item", help="Only this item (SAT-Graph id or IRI) and below.")] = None,
    store: StoreOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Export the store (or one item) as a SAT-Graph dataset."""
    from lexrdf.satgraph.exporter import export_dataset
    from lexrdf.satgraph.operations import SatGraph

    def run():
        lex = _open(store, None, read_only=True)
        try:
            text = json.dumps(export_dataset(SatGraph(lex.store), item), ensure_ascii=False, indent=2) + "\n"
        finally:
            lex.close()
        if str(output) == "-":
            sys.stdout.write(text)
        else:
            output.write_text(text, encoding="utf-8")

    _guarded(verbose, run)


def _satgraph_operation(name: str, parameters: tuple[str, ...], summary: str) -> None:
    def command(
        params: ParamOption = None,
        arguments: Annotated[list[str] | None, typer.Argument(help="Values in the operation's order.")] = None,
        store: StoreOption = None,
        verbose: VerboseOption = False,
    ) -> None:
        from lexrdf.satgraph.operations import SatGraph, call

        def run():
            values: dict[str, str] | list[str] = list(arguments or [])
            if params:
                values = dict(zip(parameters, values, strict=False))
                for param in params:
                    key, sep, value = param.partition("=")
                    if not sep:
                        raise QueryError(f"--param {param!r}: write name=value")
                    values[key.strip()] = value
            lex = _open(store, None, read_only=True)
            try:
                answer = call(SatGraph(lex.store, lex.settings.query_timeout_seconds), name, values)
            finally:
                lex.close()
            sys.stdout.write(json.dumps(answer, ensure_ascii=False, indent=2) + "\n")

        _guarded(verbose, run)

    command.__doc__ = f"{summary} Parameters: {', '.join(parameters)}."
    satgraph_app.command(name)(command)


def _satgraph_operations() -> None:
    """One command per SAT-Graph operation: `lexrdf satgraph getValidVersions -p itemId=... -p at=...`."""
    from lexrdf.satgraph.operations import OPERATIONS

    for name, operation in OPERATIONS.items():
        _satgraph_operation(name, operation.parameters, (operation.method.__doc__ or name).splitlines()[0])


_satgraph_operations()


if __name__ == "__main__":
    app()
