"""`lexrdf ingest` and `lexrdf audit`: writing acts to the store, and where their dating is thin."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from lexrdf.cli.common import (
    NOTICES_SHOWN,
    BaseOption,
    StoreOption,
    StoreUrlOption,
    VerboseOption,
    answer_table,
    app,
    err,
    few_malloc_arenas,
    guarded,
    open_lexrdf,
    out,
    progress_bar,
)
from lexrdf.errors import QueryError
from lexrdf.settings import Settings


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
        few_malloc_arenas()
        import dataclasses

        from lexrdf.api import Lexrdf
        from lexrdf.ingest.run import ingest as ingest_files
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
        with progress_bar() as progress:  # a store without a search index: the writer builds it first
            lex = Lexrdf.open(settings, progress=progress)
        try:
            with progress_bar() as progress:
                summary = ingest_files(paths, lex.store, lex.settings, progress, policy)
                lex.publish()
        finally:
            lex.close()
        out.print(summary.line(), highlight=False)
        if summary.act_iris:  # where the data the ingest wrote is thin (lexrdf audit lists it)
            from lexrdf.audit import audit_counts, summary_line

            reader = open_lexrdf(store, base_iri, read_only=True, store_url=store_url)
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

    guarded(verbose, run)


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

        lex = open_lexrdf(store, base_iri, read_only=True, store_url=store_url)
        try:
            if rows:
                out.print(answer_table(lex.run("audit", {"act": act or "any"})))
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

    guarded(verbose, run)
