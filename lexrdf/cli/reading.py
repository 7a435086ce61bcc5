"""`lexrdf query`, `lexrdf queries` and `lexrdf search`: answers from the query library and the search index."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.table import Table

from lexrdf.cli.common import (
    BaseOption,
    SearchUrlOption,
    StoreOption,
    StoreUrlOption,
    VerboseOption,
    answer_table,
    app,
    err,
    guarded,
    open_lexrdf,
    out,
)
from lexrdf.errors import QueryError


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
        lex = open_lexrdf(store, base_iri, read_only=True, store_url=store_url)
        try:
            answer = lex.run(name, params)
        finally:
            lex.close()
        if output == "json":
            sys.stdout.write(json.dumps(answer, ensure_ascii=False, indent=2) + "\n")
        else:
            out.print(answer_table(answer))

    guarded(verbose, run)


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
        lex = open_lexrdf(store, base_iri, read_only=True, store_url=store_url, search_url=search_url)
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

    guarded(verbose, run)


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
