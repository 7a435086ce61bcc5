"""`lexrdf satgraph`: SAT-Graph import, export and the SAT-Graph API's operations as commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from lexrdf.cli.common import (
    NOTICES_SHOWN,
    BaseOption,
    StoreOption,
    VerboseOption,
    app,
    err,
    guarded,
    open_lexrdf,
    out,
)
from lexrdf.errors import QueryError

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
        lex = open_lexrdf(store, base_iri)
        try:
            for path in paths:
                summary = import_dataset(path, lex.store, lex.settings)
                lex.publish()
                out.print(f"{path}: {summary.line()}", highlight=False)
                for warning in summary.warnings if verbose or len(summary.warnings) <= NOTICES_SHOWN else []:
                    err.print(f"warning: {warning}", highlight=False, soft_wrap=True)
        finally:
            lex.close()

    guarded(verbose, run)


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
        lex = open_lexrdf(store, None, read_only=True)
        try:
            text = json.dumps(export_dataset(SatGraph(lex.store), item), ensure_ascii=False, indent=2) + "\n"
        finally:
            lex.close()
        if str(output) == "-":
            sys.stdout.write(text)
        else:
            output.write_text(text, encoding="utf-8")

    guarded(verbose, run)


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
            lex = open_lexrdf(store, None, read_only=True)
            try:
                answer = call(SatGraph(lex.store, lex.settings.query_timeout_seconds), name, values)
            finally:
                lex.close()
            sys.stdout.write(json.dumps(answer, ensure_ascii=False, indent=2) + "\n")

        guarded(verbose, run)

    command.__doc__ = f"{summary} Parameters: {', '.join(parameters)}."
    satgraph_app.command(name)(command)


def _satgraph_operations() -> None:
    """One command per SAT-Graph operation: `lexrdf satgraph getValidVersions -p itemId=... -p at=...`."""
    from lexrdf.satgraph.operations import OPERATIONS

    for name, operation in OPERATIONS.items():
        _satgraph_operation(name, operation.parameters, (operation.method.__doc__ or name).splitlines()[0])


_satgraph_operations()
