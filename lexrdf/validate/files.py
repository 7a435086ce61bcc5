"""`lexrdf validate FILES`: every problem of every file, as an editorial CI needs them. Each file is parsed and
checked against its schema (lexrdf.validate.sources); the well-formed ones are mapped and versioned against the
store (nothing is written); a file that cannot be mapped is reported with every problem the mapping found in it,
each at its own line (lexrdf.mapping.problems), and left out, and the rest are mapped again, so one broken file hides
nothing in the others; each act is then validated against the SHACL shapes.
What the sources say that cannot be used (a unit without an eId merged into its parent, a dangling reference) is a
warning at its line."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from lexrdf.errors import SourceError
from lexrdf.settings import Settings
from lexrdf.store import Store
from lexrdf.validate import Report
from lexrdf.validate.sources import Finding, check_sources

_NOTICE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<message>.*)$", re.S)


@dataclass
class FileValidation:
    """The outcome: the findings in the files (syntax, schema, mapping, notices) and each mapped act's SHACL
    report."""

    files: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    reports: dict[str, Report] = field(default_factory=dict)

    @property
    def errors(self) -> int:
        findings = sum(1 for f in self.findings if f.severity == "error")
        return findings + sum(len(r.violations) for r in self.reports.values())

    @property
    def warnings(self) -> int:
        findings = sum(1 for f in self.findings if f.severity == "warning")
        return findings + sum(len(r.warnings) for r in self.reports.values())


def validate_files(
    paths: Iterable[str | Path], store: Store, settings: Settings, schemas: Path | None
) -> FileValidation:
    """Every problem of every file named (folders expanded), versioned against `store` without writing."""
    from lexrdf.ingest.run import check, prepare

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


def mapping_findings(error: SourceError) -> list[Finding]:
    """Every problem a file that cannot be mapped holds (SourceProblems lists them; else the one), at its line."""
    problems = getattr(error, "problems", None) or [error]
    return [Finding(p.path, p.line, "mapping", "error", p.problem, element=p.element) for p in problems]


def notice_finding(notice: str, default_file: str, act: str | None = None) -> Finding:
    """A mapper's notice ("file:line: what") as a warning at its line."""
    matched = _NOTICE.match(notice)
    file, line, message = (
        (matched["file"], int(matched["line"]), matched["message"]) if matched else (default_file, None, notice)
    )
    rule = "merged-unit" if "is merged into its parent" in message else "source-notice"
    return Finding(file, line, rule, "warning", message, act=act)


def _same(path: Path, named: str) -> bool:
    try:
        return path.resolve() == Path(named).resolve()
    except OSError:
        return str(path) == named
