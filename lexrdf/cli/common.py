"""What every command shares: the application, the consoles, the common options, one-line errors, the progress
bar and opening the store."""

from __future__ import annotations

import os
import sys
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

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
NOTICES_SHOWN = 10  # ingest warnings printed without --verbose
DEFAULT_SERVE_WORKERS = os.cpu_count() or 1  # `serve --workers`: one server process a core


def fail(exc: Exception, verbose: bool, code: int = 1) -> None:
    err.print(f"[bold red]error:[/] {exc}", highlight=False, soft_wrap=True)
    if verbose:
        err.print(traceback.format_exc(), highlight=False)
    raise typer.Exit(code)


def guarded(verbose: bool, action: Callable[[], Any]) -> Any:
    try:
        return action()
    except QueryError as exc:
        fail(exc, verbose, 2)
    except LexrdfError as exc:
        fail(exc, verbose)
    except OSError as exc:
        fail(exc, verbose)


@contextmanager
def progress_bar() -> Iterator[Callable[[str, int, int], None]]:
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


def open_lexrdf(
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
    with progress_bar() as progress:
        return Lexrdf.open(settings, progress=progress)


MALLOC_ARENAS = 2  # glibc's default is 8 a core; one made the ingest 30-40% slower (lock contention)


def few_malloc_arenas() -> None:
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


def answer_table(answer: Any) -> Table:
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
