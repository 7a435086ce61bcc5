"""Writing a dump: every graph of one published snapshot, streamed to files, checksummed and described.

The folder it writes (`lexrdf dump --out DIR`; docs/dumps.md):

    lexrdf.nq[.gz]                 the whole dataset: every act file below, one after the other (and the default
                                   graph first, if it holds anything)
    acts/{act}.nq[.gz]             one act graph and its view graphs ({act}/view/eli), graph names kept
    ontology/lexrdf.ttl, shapes/*.ttl
    changes-{K+1}-{N}.rdfp         with --since K: the changes after K as RDF Patch (lexrdf.feeds.changes)
    dump.json, catalog.ttl, void.ttl, SHA256SUMS

Graphs are written in the order of their IRIs, each graph's quads in the store's own key order, so the same
snapshot gives byte-identical files; a gzip member has no time and no file name in its header. The whole file is
the concatenation of the act files (gzip members concatenate into one valid gzip file): each graph is serialised
once, into its act file, and each act file, once done, is appended to the whole file. The act files are written
on several cores (`WRITERS` threads; pyoxigraph serialises without the GIL, lexrdf.dumps.graphs). Nothing is held
in memory but buffers: each graph goes straight into its file, through a SHA-256. The VoID counts run in a thread
beside the writing. The folder is written beside DIR and renamed onto it when complete; a folder that is not a dump
is never replaced.
"""

from __future__ import annotations

import gzip
import os
import shutil
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyoxigraph
from pyoxigraph import DefaultGraph, NamedNode

from lexrdf import resources
from lexrdf.dumps.catalog import catalog_turtle
from lexrdf.dumps.checksums import CHUNK, Hashing, sha256_file, write_sums
from lexrdf.dumps.formats import FORMATS, DumpFormat
from lexrdf.dumps.graphs import graph_parts, write_graphs
from lexrdf.dumps.manifest import MANIFEST, DumpFile, Manifest
from lexrdf.dumps.names import FileNames
from lexrdf.dumps.void import statistics, void_turtle
from lexrdf.errors import LexrdfError
from lexrdf.queries import load_library
from lexrdf.settings import USABLE_CORES, Settings

ONTOLOGY = resources.ONTOLOGY_FILE
SHAPES = resources.SHAPES_DIR
ACTS = "acts"
GZIP_LEVEL = 6
WRITERS = max(1, min(8, USABLE_CORES))  # act files written at a time: pyoxigraph serialises without the GIL
Progress = Callable[[str, int, int], None]


class DumpError(LexrdfError):
    """A dump that cannot be written where it was asked (nothing was changed there)."""


def _write_member(
    raw: pyoxigraph.Store, graphs: Iterable[NamedNode | DefaultGraph], form: DumpFormat, compress: bool, sink: Any
) -> None:
    if compress:  # no time and no file name in the header: the same graphs give the same bytes
        with gzip.GzipFile(filename="", mode="wb", compresslevel=GZIP_LEVEL, fileobj=sink, mtime=0) as member:
            write_graphs(raw, graphs, form, member)
    else:
        write_graphs(raw, graphs, form, sink)


def _write_act_file(
    raw: pyoxigraph.Store, path: Path, graphs: list[NamedNode], form: DumpFormat, compress: bool
) -> tuple[int, str]:
    """One act file (run in a writing thread): its size and SHA-256."""
    with path.open("wb") as part_file:
        part = Hashing(part_file)
        _write_member(raw, graphs, form, compress, part)
    return part.size, part.hexdigest()


def _append(path: Path, whole: Hashing) -> None:
    with path.open("rb") as part:
        shutil.copyfileobj(part, whole, CHUNK)


def _check_target(out: Path) -> None:
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MANIFEST).is_file())):
        raise DumpError(f"{out} exists and is not a lexrdf dump; nothing was written (choose another --out)")


def _moment_ms(published_ms: int) -> str:
    return datetime.fromtimestamp(published_ms / 1000, UTC).isoformat().replace("+00:00", "Z")


def _latest_change(raw: pyoxigraph.Store) -> str | None:
    rows = list(raw.query(load_library()["_latest-changeset"].text, use_default_graph_as_union=True))
    latest = rows[0]["latest"] if rows else None
    return latest.value if latest is not None else None


def _copy(source: Path, folder: Path, relative: str, kind: str, title: str) -> DumpFile:
    target = folder / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return DumpFile(relative, kind, target.stat().st_size, sha256_file(target), "text/turtle", title)


def write_dump(
    store: Any,
    out: Path,
    settings: Settings,
    format: str = "nq",
    compress: bool = False,
    since: int | None = None,
    progress: Progress | None = None,
) -> Manifest:
    """Dump the newest published snapshot of a store (a lexrdf Store; a reader is enough) into `out`, replacing a
    dump already there only once the new one is complete. Returns what was written."""
    form = FORMATS.get(format)
    if form is None:
        raise DumpError(f"--format {format!r}: use one of {', '.join(FORMATS)}")
    out = Path(out)
    _check_target(out)
    store.refresh()
    changes_through = store.changes_through  # read before the snapshot: a mirror replaying from it converges
    raw = store.raw
    snapshot = getattr(store, "snapshot", None)
    _remove_stale(out)
    partial = out.parent / f".{out.name}.partial-{os.getpid()}"
    (partial / ACTS).mkdir(parents=True)
    try:
        manifest = _write_folder(
            raw, store, partial, settings, form, compress, since, changes_through, snapshot, progress
        )
        _swap(partial, out)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    return manifest


_LICENCES = (
    "PREFIX dcterms: <http://purl.org/dc/terms/> "
    "SELECT DISTINCT ?act ?licence WHERE { GRAPH ?act { ?act dcterms:license ?licence } }"
)


def _with_licences(raw: pyoxigraph.Store, files: list[DumpFile]) -> list[DumpFile]:
    """The data files with the licences of the acts they hold (each act's graph states its source's: an act file
    its own, the whole dataset every one of them), so the catalogue gives each file its sources' licences."""
    by_act: dict[str, set[str]] = {}
    for row in raw.query(_LICENCES):
        by_act.setdefault(row["act"].value, set()).add(row["licence"].value)
    every = tuple(sorted(set().union(*by_act.values()))) if by_act else ()
    licensed = []
    for file in files:
        if file.kind == "dataset":
            file = replace(file, licences=every)
        elif file.kind == "act":
            file = replace(file, licences=tuple(sorted(set().union(*(by_act.get(g, set()) for g in file.graphs)))))
        licensed.append(file)
    return licensed


def _write_folder(
    raw: pyoxigraph.Store,
    store: Any,
    folder: Path,
    settings: Settings,
    form: DumpFormat,
    compress: bool,
    since: int | None,
    changes_through: int,
    snapshot: Any,
    progress: Progress | None,
) -> Manifest:
    """Everything of a dump into `folder`: the data files, the copies, the descriptions, the checksums."""
    counting = ThreadPoolExecutor(1, thread_name_prefix="lexrdf-void")  # the counts run beside the writing
    try:
        counts = counting.submit(statistics, raw)
        files = _with_licences(raw, _write_files(raw, folder, settings, form, compress, progress))
        stats = counts.result()
    finally:
        counting.shutdown(cancel_futures=True)
    files += [_copy(ONTOLOGY, folder, "ontology/lexrdf.ttl", "ontology", "The lexrdf ontology (OWL)")]
    files += [
        _copy(path, folder, f"shapes/{path.name}", "shapes", f"SHACL shapes: {path.name}")
        for path in sorted(SHAPES.glob("*.ttl"))
    ]
    if since is not None:
        from lexrdf.feeds.changes import write_since

        patch = write_since(folder, store, since)
        relative = patch.relative_to(folder).as_posix()
        title = f"The changes after change {since}, as RDF Patch"
        files.append(
            DumpFile(relative, "changes", patch.stat().st_size, sha256_file(patch), "application/rdf-patch", title)
        )
    if progress:
        progress("descriptions", 0, 1)
    issued = _moment_ms(snapshot.published_ms) if snapshot is not None else datetime.now(UTC).isoformat()
    manifest = Manifest(
        base_iri=settings.base_iri,
        format=form.name,
        compressed=compress,
        snapshot=snapshot.path.name if snapshot is not None else None,
        issued=issued,
        modified=_latest_change(raw),
        changes_through=changes_through,
        quads=stats.triples,
        licence=settings.licence,
        since=since,
        files=tuple(files),
    )
    (folder / MANIFEST).write_text(manifest.to_json(), encoding="utf-8")
    (folder / "catalog.ttl").write_bytes(catalog_turtle(settings.base_iri, settings.licence, manifest))
    (folder / "void.ttl").write_bytes(void_turtle(settings.base_iri, stats, manifest))
    sums = [(f.path, f.sha256) for f in files]
    sums += [(name, sha256_file(folder / name)) for name in (MANIFEST, "catalog.ttl", "void.ttl")]
    write_sums(folder, sums)
    if progress:
        progress("descriptions", 1, 1)
    return manifest


def _write_files(
    raw: pyoxigraph.Store, folder: Path, settings: Settings, form: DumpFormat, compress: bool, progress: Progress | None
) -> list[DumpFile]:
    """The act files, written by `WRITERS` threads at a time, and the whole file: the default graph, then each act
    file appended in order as it is done (each graph is serialised once)."""
    parts = graph_parts(raw)
    names = FileNames(settings.base_iri)
    whole_name = form.file_name("lexrdf", compress)
    relatives = [f"{ACTS}/{form.file_name(names.stem(owner), compress)}" for owner, _ in parts]
    acts: list[DumpFile] = []
    writing = ThreadPoolExecutor(WRITERS, thread_name_prefix="lexrdf-dump")
    try:
        written = [
            writing.submit(_write_act_file, raw, folder / relative, graphs, form, compress)
            for relative, (_, graphs) in zip(relatives, parts, strict=True)
        ]
        with (folder / whole_name).open("wb") as whole_file:
            whole = Hashing(whole_file)
            if next(raw.quads_for_pattern(None, None, None, DefaultGraph()), None) is not None:
                _write_member(raw, [DefaultGraph()], form, compress, whole)
            for done, (relative, (owner, graphs), act) in enumerate(zip(relatives, parts, written, strict=True), 1):
                size, digest = act.result()
                _append(folder / relative, whole)
                title = f"{owner}: the act graph and its views ({form.label})"
                graph_names = tuple(g.value for g in graphs)
                acts.append(DumpFile(relative, "act", size, digest, form.media_type, title, compress, graph_names))
                if progress:
                    progress("acts", done, len(parts))
    finally:
        writing.shutdown(cancel_futures=True)
    dataset = DumpFile(
        whole_name,
        "dataset",
        whole.size,
        whole.hexdigest(),
        form.media_type,
        f"The whole dataset ({form.label})",
        compress,
        tuple(g.value for _, graphs in parts for g in graphs),
    )
    return [dataset, *acts]


def _remove_stale(out: Path) -> None:
    """Remove what a dump killed part-way left beside `out` (its folder in progress, or the dump it was replacing),
    unless the process that wrote it is still running."""
    for entry in [*out.parent.glob(f".{out.name}.partial-*"), *out.parent.glob(f".{out.name}.old-*")]:
        pid = entry.name.rpartition("-")[2]
        if pid.isdigit() and (int(pid) == os.getpid() or not _running(int(pid))):
            shutil.rmtree(entry, ignore_errors=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _swap(partial: Path, out: Path) -> None:
    """Put the finished folder under its name; a dump already there is replaced (renamed away, then removed)."""
    if not out.exists():
        partial.rename(out)
        return
    _check_target(out)
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    shutil.rmtree(old, ignore_errors=True)
    out.rename(old)
    partial.rename(out)
    shutil.rmtree(old, ignore_errors=True)
