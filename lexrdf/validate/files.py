"""What validating source files finds (`FileValidation`: `lexrdf validate FILES`, /admin/validate), and how what
the mapper says of a file becomes findings at its lines. The run itself maps and versions the files against the
store as an ingest would, writing nothing: lexrdf.ingest.dry_run."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lexrdf.errors import SourceError
from lexrdf.validate import Report
from lexrdf.validate.sources import Finding

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
