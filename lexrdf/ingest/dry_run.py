"""`lexrdf validate FILES`: every problem of every file, as an editorial CI needs them. Each file is parsed and
checked against its schema (lexrdf.validate.sources); the well-formed ones are mapped and versioned against the
store (nothing is written); a file that cannot be mapped is reported with every problem the mapping found in it,
each at its own line (lexrdf.mapping.problems), and left out, and the rest are mapped again, so one broken file hides
nothing in the others; each act is then validated against the SHACL shapes.
What the sources say that cannot be used (a unit without an eId merged into its parent, a dangling reference) is a
warning at its line."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from lexrdf.errors import SourceError
from lexrdf.ingest.commit import check
from lexrdf.ingest.run import prepare
from lexrdf.settings import Settings
from lexrdf.store.base import Store
from lexrdf.validate.files import FileValidation, mapping_findings, notice_finding
from lexrdf.validate.sources import check_sources


def validate_files(
    paths: Iterable[str | Path], store: Store, settings: Settings, schemas: Path | None
) -> FileValidation:
    """Every problem of every file named (folders expanded), versioned against `store` without writing."""
    outcome = FileValidation()
    findings, mappable = check_sources(paths, schemas)
    outcome.files = sorted({*(f.file for f in findings), *(str(p) for p in mappable)})
    outcome.findings += findings
    remaining = list(mappable)
    while remaining:
        try:
            writes = prepare(remaining, store, settings)
        except SourceError as exc:  # this file cannot be mapped: each problem at its line, the others mapped again
            outcome.findings += mapping_findings(exc)
            left = [p for p in remaining if not _same(p, exc.path)]
            if len(left) == len(remaining):  # not one of the files (a file it names): nothing more can be mapped
                break
            remaining = left
            continue
        for write in writes:
            for document in write.documents:
                outcome.findings += [notice_finding(n, str(document.path), write.act) for n in document.notices]
            if write.quads:
                outcome.reports[write.act] = check(write, store)
        break
    outcome.findings = sorted(dict.fromkeys(outcome.findings), key=lambda f: (f.file, f.line or 0, f.column or 0))
    return outcome


def _same(path: Path, named: str) -> bool:
    try:
        return path.resolve() == Path(named).resolve()
    except OSError:
        return str(path) == named
