"""`lexrdf validate`, `lexrdf add`, `lexrdf shapes` and `lexrdf dump`: what editors and publishers run."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from lexrdf.cli.common import (
    BaseOption,
    StoreOption,
    StoreUrlOption,
    VerboseOption,
    app,
    err,
    guarded,
    open_lexrdf,
    out,
    progress_bar,
)
from lexrdf.errors import QueryError
from lexrdf.settings import Settings


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

        from lexrdf.ingest.dry_run import validate_files
        from lexrdf.validate import validate_store
        from lexrdf.validate.files import FileValidation
        from lexrdf.validate.sources import schemas_folder

        if output not in {"text", "json", "turtle", "sarif", "junit"}:
            raise QueryError(f"--format {output!r}: use text, json, sarif, junit or turtle")
        scratch = None
        if paths and store is None and not store_url:  # files alone: versioned against an empty, thrown-away store
            scratch = tempfile.TemporaryDirectory(prefix="lexrdf-validate-")
        settings = Settings.from_env(store=scratch.name if scratch else store, base_iri=base_iri, store_url=store_url)
        read_only = scratch is None  # only the scratch store is written
        lex = open_lexrdf(settings.store, base_iri, read_only=read_only, store_url=settings.store_url)
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

    guarded(verbose, run)


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

        lex = open_lexrdf(store, base_iri)
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

    guarded(verbose, run)


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

        lex = open_lexrdf(store, base_iri, read_only=True, store_url=store_url)
        try:
            with progress_bar() as progress:
                manifest = write_dump(lex.store, out_dir, lex.settings, rdf_format, gzip, since, progress)
        finally:
            lex.close()
        data = [f for f in manifest.files if f.kind in ("dataset", "act")]
        out.print(
            f"{out_dir}: {len(data) - 1} acts, {manifest.quads:,} quads, {sum(f.size for f in data):,} bytes of data, "
            f"changes through {manifest.changes_through}",
            highlight=False,
        )

    guarded(verbose, run)
