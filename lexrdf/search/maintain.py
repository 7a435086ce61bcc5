"""Keeping a store's full-text index in step with it: where it lives, whether it is there and current, replacing
an act's documents after its writes (`update_acts`), building it when a writer finds none (`ensure_index`), and
rebuilding it in a fresh directory (`rebuild`).

The semantic vectors kept beside it (lexrdf.search.vectors) follow the same writes: once a store keeps them (its
first semantic search made them), `update_acts` embeds the texts of the acts written that have no vector yet, with
the embedder that made the others, so a search after an ingest embeds nothing of the store's."""

from __future__ import annotations

import itertools
import os
import shutil
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from lexrdf.search.embedders import make_embedder
from lexrdf.search.index import SearchIndex
from lexrdf.search.schema import is_current
from lexrdf.search.semantic import haystack
from lexrdf.search.texts import Text, count_records, has_texts, read_texts
from lexrdf.search.vectors import VectorStore, vectors_path
from lexrdf.store.base import Store

INDEX_DIR = "search"  # under the store's directory
PROGRESS_STAGE = "search index"

#: the progress of a long build: `progress(stage, done, total)`, as lexrdf.ingest.Progress
BuildProgress = Callable[[str, int, int], None]
_PROGRESS_EVERY = 2_000


def index_directory(store: Store | Path | str) -> Path | None:
    """Where the index of a store lives: `<store>/search/` (the state directory of a remote store)."""
    if isinstance(store, str | Path):
        return Path(store) / INDEX_DIR
    base = getattr(store, "directory", None) or getattr(store, "state", None)
    return Path(base) / INDEX_DIR if base is not None else None


def vectors_file(store: Store) -> Path | None:
    """Where a store keeps its semantic vectors: `<store>/semantic/vectors.sqlite`, beside the full-text index."""
    directory = index_directory(store)
    return vectors_path(directory.parent) if directory is not None else None


def has_index(store: Store) -> bool:
    """Whether the store keeps a full-text index of the current schema (in its directory, or a remote store's
    state directory)."""
    directory = index_directory(store)
    return directory is not None and is_current(directory)


def update_acts(
    store: Store,
    acts: Iterable[str],
    directory: Path | None = None,
    create: bool = False,
    texts: Mapping[str, list[Text]] | None = None,
) -> int | None:
    """Replace the documents of act graphs by their texts as the store now holds them (one commit): read from the
    store, or given in `texts` by act graph (read from the graph as written, before it was: lexrdf.planning). Call
    after each group of act writes. Does nothing (None) when the store has no index, unless `create`."""
    directory = directory or index_directory(store)
    if directory is None:
        return None
    index = SearchIndex.open(directory) or (SearchIndex.create(directory) if create else None)
    if index is None:
        return None
    graphs = list(acts)
    known = texts or {}
    given = (text for graph in graphs for text in known.get(graph, ()))
    written = list(itertools.chain(given, read_texts(store, [g for g in graphs if g not in known])))
    count = index.replace(graphs, written)
    embed_written(store, written)
    return count


def embed_written(store: Store, texts: list[Text]) -> int:
    """Embed the version texts among `texts` that the store's kept vectors lack (none when it keeps none, or keeps
    those of an embedder not installed here: its next search starts them afresh); how many were embedded."""
    path = vectors_file(store)
    kept = VectorStore.open(path) if path is not None else None
    if kept is None:
        return 0
    try:
        made = kept.embedder()
        try:
            embedder = make_embedder(made[0]) if made is not None else None
        except ValueError:
            return 0
        if embedder is None or (embedder.name, embedder.dimension) != made:
            return 0
        before = kept.count()
        kept.embed_missing((haystack(text) for text in texts if text.get("state", "version") == "version"), embedder)
        return kept.count() - before
    finally:
        kept.close()


def update_act(store: Store, act: str, directory: Path | None = None, create: bool = False) -> int | None:
    """`update_acts` of one act."""
    return update_acts(store, [act], directory, create)


def ensure_index(store: Store, progress: BuildProgress | None = None, if_texts: bool = False) -> int | None:
    """Build the index of a writer's store from every text it holds when it has none yet (a new store, or one that
    predates the index); the number of texts indexed, or None when there was nothing to do (an index is there, the
    store has no directory to keep one in, or with `if_texts` it holds no text yet: its first act write builds it)."""
    directory = index_directory(store)
    if directory is None or has_index(store):
        return None
    if if_texts and not has_texts(store):
        return None
    return rebuild(store, directory, progress)


def rebuild(store: Store, directory: Path | None = None, progress: BuildProgress | None = None) -> int:
    """Build the index of every text in the store in a fresh directory, then put it in place of the old one (a
    reader reopens it); the number of documents. `progress` is told how many text records were read."""
    directory = directory or index_directory(store)
    if directory is None:
        raise ValueError("this store has no directory to keep a search index in")
    fresh = directory.with_name(f"{directory.name}.new-{os.getpid()}")
    shutil.rmtree(fresh, ignore_errors=True)
    rows = read_texts(store, None)
    if progress is not None:
        rows = _counted(rows, progress, count_records(store))
    written = SearchIndex.create(fresh).replace([], rows)
    old = directory.with_name(f"{directory.name}.old-{os.getpid()}")
    if directory.exists():
        directory.rename(old)
    fresh.rename(directory)
    shutil.rmtree(old, ignore_errors=True)
    return written


def _counted(rows: Iterable[Any], progress: BuildProgress, total: int) -> Iterator[Any]:
    done = 0
    progress(PROGRESS_STAGE, 0, total)
    for done, row in enumerate(rows, 1):
        if done % _PROGRESS_EVERY == 0:
            progress(PROGRESS_STAGE, min(done, total), total)
        yield row
    progress(PROGRESS_STAGE, total, total)
