"""`lexrdf validate` reports for machines: JSON (the SHACL results and every finding in the files), SARIF 2.1.0
(which GitHub code scanning and GitLab show on pull requests) and JUnit XML (one test case a file, failing on its
errors). SHACL results are findings at the source line of the element behind their focus node.

>>> from lexrdf.validate.files import FileValidation
>>> outcome = FileValidation(["a.xml"], [Finding("a.xml", 3, "xml-syntax", "error", "bad")])
>>> sarif = json.loads(render_sarif(outcome))
>>> sarif["version"], sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
('2.1.0', {'startLine': 3})
>>> "<failure" in render_junit(outcome)
True
"""

from __future__ import annotations

import json
from collections import defaultdict
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from xml.sax.saxutils import quoteattr

from lexrdf.validate import Report
from lexrdf.validate.files import FileValidation
from lexrdf.validate.render import render_json as render_shacl_json
from lexrdf.validate.sources import Finding

try:
    __version__ = version("lexrdf")
except PackageNotFoundError:  # run from a checkout that is not installed
    __version__ = "0"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVELS = {"Violation": "error", "Warning": "warning", "Info": "note"}
_RULES = {
    "xml-syntax": "The file is well-formed XML.",
    "xml-schema": "The file conforms to its format's XML schema (Akoma Ntoso 3.0: akomantoso30.xsd).",
    "mapping": "The file can be mapped to provisions and versions.",
    "merged-unit": "A structural unit has an identifier (eId); without one its words are merged into its parent.",
    "source-notice": "What the source says can be used as it stands.",
    "io": "The file can be read.",
}


def findings(outcome: FileValidation) -> list[Finding]:
    """Every finding: those in the files, then each act's SHACL results at their source lines."""
    found = list(outcome.findings)
    for act, report in outcome.reports.items():
        found += shacl_findings(act, report)
    return found


def shacl_findings(act: str, report: Report) -> list[Finding]:
    found = []
    for result in report.results:
        location = report.locations.get(result.focus)
        file = location.file if location and location.file else act
        line = location.line if location else None
        rule = "shacl:" + result.shape.rsplit("#", 1)[-1]
        message = f"{result.message} [{result.focus}]"
        found.append(Finding(file, line, rule, _LEVELS.get(result.severity, "note"), message, act=act))
    return found


def render_json(outcome: FileValidation) -> str:
    """The SHACL results as before (``conforms``, ``results``), with the findings in the files beside them."""
    shacl = json.loads(render_shacl_json(outcome.reports))
    payload = {
        "conforms": shacl["conforms"] and not any(f.severity == "error" for f in outcome.findings),
        "results": shacl["results"],
        "findings": [_finding_json(f) for f in outcome.findings],
        "files": outcome.files,
    }
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"


def _finding_json(finding: Finding) -> dict[str, object]:
    return {
        "file": finding.file,
        "line": finding.line,
        "column": finding.column,
        "rule": finding.rule,
        "severity": finding.severity,
        "message": finding.message,
        "act": finding.act,
        "element": finding.element,
    }


def render_sarif(outcome: FileValidation) -> str:
    """A SARIF 2.1.0 log: one run of lexrdf, its rules, and a result per finding at its file and line."""
    found = findings(outcome)
    rule_ids = sorted({f.rule for f in found} | set(_RULES))
    rules = [
        {"id": rule, "shortDescription": {"text": _RULES.get(rule, f"The SHACL shape {rule.removeprefix('shacl:')}")}}
        for rule in rule_ids
    ]
    results = []
    for finding in found:
        region: dict[str, int] = {}
        if finding.line:
            region["startLine"] = finding.line
            if finding.column:
                region["startColumn"] = finding.column
        physical: dict[str, object] = {"artifactLocation": {"uri": _uri(finding.file)}}
        if region:
            physical["region"] = region
        location: dict[str, object] = {"physicalLocation": physical}
        if finding.element:  # the XML element at fault (SARIF's logical location kind "element")
            location["logicalLocations"] = [{"name": finding.element, "kind": "element"}]
        results.append(
            {
                "ruleId": finding.rule,
                "ruleIndex": rule_ids.index(finding.rule),
                "level": finding.severity,
                "message": {"text": finding.message},
                "locations": [location],
            }
        )
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "lexrdf",
                        "version": __version__,
                        "informationUri": "https://w3id.org/lexrdf",
                        "rules": rules,
                    }
                },
                "artifacts": [{"location": {"uri": _uri(file)}} for file in outcome.files],
                "results": results,
            }
        ],
    }
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


def _uri(file: str) -> str:
    """A file as SARIF names it: relative to the working folder when under it (as code scanning expects)."""
    path = Path(file)
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix() if not path.is_absolute() else path.resolve().as_uri()


def render_junit(outcome: FileValidation) -> str:
    """JUnit XML: a test case a file (and an act's graph with no file), failing with each of its errors; its
    warnings in its system-out."""
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings(outcome):
        by_file[finding.file].append(finding)
    cases = sorted({*outcome.files, *by_file})
    failed = sum(1 for case in cases if any(f.severity == "error" for f in by_file[case]))
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<testsuites name="lexrdf validate" tests="{len(cases)}" failures="{failed}">',
        f'  <testsuite name="lexrdf validate" tests="{len(cases)}" failures="{failed}" errors="0">',
    ]
    for case in cases:
        lines.append(f"    <testcase classname={quoteattr('lexrdf.validate')} name={quoteattr(case)}>")
        for finding in by_file[case]:
            if finding.severity == "error":
                text = _escape(f"{_where(finding)}: {finding.message}")
                message = quoteattr(finding.message)
                lines.append(f"      <failure type={quoteattr(finding.rule)} message={message}>{text}</failure>")
        notes = [f for f in by_file[case] if f.severity != "error"]
        if notes:
            out = "\n".join(f"{f.severity}: {f.file}:{f.line or ''}: {f.message} ({f.rule})" for f in notes)
            lines.append(f"      <system-out>{_escape(out)}</system-out>")
        lines.append("    </testcase>")
    lines += ["  </testsuite>", "</testsuites>"]
    return "\n".join(lines) + "\n"


def render_text(outcome: FileValidation) -> str:
    """For people: each finding in the files at file:line, then the SHACL report (lexrdf.validate.render)."""
    from lexrdf.validate.render import render_text as render_shacl_text

    lines = []
    for finding in outcome.findings:
        where = f"{finding.file}:{finding.line}" if finding.line else finding.file
        element = f"{finding.element}: " if finding.element else ""
        lines.append(f"{where}: {finding.severity}: {element}{finding.message} ({finding.rule})")
    return "\n".join(lines) + ("\n" if lines else "") + render_shacl_text(outcome.reports)


def _where(finding: Finding) -> str:
    """file:line, and the element at fault when known (``a.xml:12: <paragraph eId="p1">``)."""
    where = f"{finding.file}:{finding.line}" if finding.line else finding.file
    return f"{where}: {finding.element}" if finding.element else where


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
