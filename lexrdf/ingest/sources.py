"""Ingest's first stage: the source files found, read and mapped (in worker processes when worth it), and grouped
by act, one document per expression; their bytes kept beside the store."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path

from lexrdf.errors import SourceError
from lexrdf.mapping.effects import EffectsFeed
from lexrdf.model import SourceDocument, Unit
from lexrdf.parallel import read_files
from lexrdf.settings import DEFAULT_SOURCE_LIMITS, Settings, SourceLimits
from lexrdf.store.sources import SourceArchive

Progress = Callable[[str, int, int], None]


def collect_files(paths: Iterable[str | Path]) -> list[Path]:
    """The XML files named by `paths` (folders are searched recursively), in a stable order."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.xml") if p.is_file()))
        elif path.is_file():
            files.append(path)
        else:
            raise SourceError(str(path), None, "no such file or directory")
    return files


def _content(document: SourceDocument) -> list[tuple]:
    return [_content_of(u) for u in document.units]


def _content_of(unit: Unit | None) -> tuple | None:
    return (unit.path, unit.number, unit.heading, unit.text, unit.window) if unit is not None else None


def _one_per_expression(group: list[SourceDocument]) -> list[SourceDocument]:
    """Drop exact duplicates of an expression, and the earlier versions of an expression a later version of which
    is in the group (ELI-DE's .../2024-03-27/2/deu replaces .../1/deu: it is that expression, corrected); refuse two
    files that disagree about the same expression (one date, one language, one version: two languages of one date
    are two language expressions of the same versions)."""
    latest: dict[tuple[date, str], int] = {}
    for document in group:
        expression = (document.expression_date, document.language)
        latest[expression] = max(latest.get(expression, 0), document.expression_version)
    kept: dict[tuple[date, str, int], SourceDocument] = {}
    portions: dict[tuple[date, str, int], list[SourceDocument]] = {}
    for document in group:
        if document.expression_version < latest[(document.expression_date, document.language)]:
            continue
        key = (document.expression_date, document.language, document.expression_version)
        if document.portion:  # parts of one expression (legislation.gov.uk's s. 13A and Sch. 1A of one act)
            for other in portions.get(key, []):
                differing = _portions_disagree(other, document)
                if differing is not None:
                    raise _disagreement(document, other, differing)
            if all(_content(other) != _content(document) for other in portions.get(key, [])):
                portions.setdefault(key, []).append(document)
            continue
        other = kept.get(key)
        if other is None:
            kept[key] = document
        elif _content(other) != _content(document):
            theirs = {u.path: u for u in other.units}
            differing = next(
                (u for u in document.units if _content_of(theirs.get(u.path)) != _content_of(u)), document.units[0]
            )
            raise _disagreement(document, other, differing)
    return [*kept.values(), *(document for found in portions.values() for document in found)]


def _disagreement(document: SourceDocument, other: SourceDocument, differing: Unit) -> SourceError:
    """Two files that read otherwise for the same expression: the error naming the first provision that differs."""
    return SourceError(
        document.path,
        differing.line,
        f"{differing.eid or differing.path} reads otherwise than in {other.path} for the same expression "
        f"({document.frbr_work} at {document.expression_date}, {document.language}); ingest one of them",
    )


def _portions_disagree(one: SourceDocument, other: SourceDocument) -> Unit | None:
    """The first provision two portions of one expression both hold as a provision of its own (not a container of
    what each holds: a Part's window in a fragment reflects the fragment) and read otherwise, or None."""

    def containers(document: SourceDocument) -> set[str]:
        return {u.parent_path for u in document.units if u.parent_path is not None}

    around = containers(one) | containers(other)
    theirs = {u.path: u for u in one.units}
    return next(
        (
            u
            for u in other.units
            if u.path in theirs and u.path not in around and _content_of(theirs[u.path]) != _content_of(u)
        ),
        None,
    )


def read_all(
    paths: Iterable[str | Path],
    progress: Progress | None = None,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
    processes: int = 1,
) -> list[list[SourceDocument]]:
    """Read and map every file within `limits` (so that a bad one stops everything before any write), grouped by
    act; each document knows the SHA-256 of its file (its changesets record it). Only the mapped documents are
    kept, not their XML trees. Up to `processes` processes map the files (lexrdf.parallel: the same documents in
    the same order, the same first error). A changes feed among them is refused here: `read_sources` reads feeds
    too."""
    groups, feeds = read_sources(paths, progress, limits, processes)
    if feeds:
        raise SourceError(feeds[0].path, None, "a changes feed: read it with read_sources (ingest does)")
    return groups


def read_sources(
    paths: Iterable[str | Path],
    progress: Progress | None = None,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
    processes: int = 1,
) -> tuple[list[list[SourceDocument]], list[EffectsFeed]]:
    """`read_all`, and the changes feeds among the files (routed by their root element, lexrdf.mapping.effects)."""
    documents: list[SourceDocument] = []
    feeds: list[EffectsFeed] = []
    for source in read_files(collect_files(paths), limits, processes, progress):
        (feeds if isinstance(source, EffectsFeed) else documents).append(source)
    by_work: dict[str, list[SourceDocument]] = {}
    for document in documents:
        by_work.setdefault(document.frbr_work, []).append(document)
    groups = [
        sorted(_one_per_expression(group), key=lambda d: (d.expression_date, d.language, d.expression_version))
        for group in by_work.values()
    ]
    return groups, feeds


def keep_sources(groups: list[list[SourceDocument]], settings: Settings) -> list[str]:
    """Keep each source file's bytes beside the store under its SHA-256 (lexrdf.store.sources), as the changesets
    record it; a notice for a file whose bytes changed since they were read (then none are kept)."""
    archive = SourceArchive(Path(settings.store))
    notices = []
    for document in (document for group in groups for document in group if document.source_sha256):
        if archive.path(document.source_sha256).exists():  # type: ignore[union-attr]
            continue
        if archive.keep(Path(document.path), document.source_sha256) is None:
            notices.append(f"{document.path}: changed while it was ingested; its source XML is not kept")
    return notices


def source_sizes(files: list[Path]) -> list[int]:
    """The files' sizes in bytes (none if one cannot be read: reading reports it)."""
    try:
        return [file.stat().st_size for file in files]
    except OSError:
        return []
