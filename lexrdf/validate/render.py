"""Validation reports for people (grouped by act and provision, with file and line), JSON and SHACL Turtle."""

from __future__ import annotations

import json
from collections import defaultdict

from pyoxigraph import BlankNode, Literal, NamedNode, Quad, RdfFormat, serialize

from lexrdf.validate import Report
from lexrdf.vocab import RDF, SH, XSD


def render_text(reports: dict[str, Report]) -> str:
    """A report an editor reads: per act, per provision, each problem with its source file and line."""
    lines: list[str] = []
    for act, report in reports.items():
        lines.append(f"act {act}: {len(report.violations)} violations, {len(report.warnings)} warnings")
        by_provision: dict[str, list] = defaultdict(list)
        for result in report.results:
            location = report.locations.get(result.focus)
            by_provision[(location.provision if location and location.provision else result.focus)].append(result)
        for provision, results in sorted(by_provision.items()):
            location = report.locations.get(results[0].focus)
            where = ""
            if location and location.file:
                where = f" ({location.file}{':' + str(location.line) if location.line else ''})"
            lines.append(f"  {provision}{where}")
            for result in results:
                kind = "violation" if result.severity == "Violation" else result.severity.lower()
                shape = result.shape.rsplit("#", 1)[-1]
                node = "" if result.focus == provision else f" [{result.focus}]"
                lines.append(f"    {kind}: {result.message} ({shape}){node}")
    return "\n".join(lines) + ("\n" if lines else "")


def render_json(reports: dict[str, Report]) -> str:
    payload = []
    for act, report in reports.items():
        for result in report.results:
            location = report.locations.get(result.focus)
            payload.append(
                {
                    "act": act,
                    "focus_node": result.focus,
                    "source_shape": result.shape,
                    "result_path": result.path,
                    "constraint": result.component,
                    "severity": result.severity,
                    "message": result.message,
                    "value": result.value,
                    "provision": location.provision if location else None,
                    "file": location.file if location else None,
                    "line": location.line if location else None,
                }
            )
    conforms = all(r.conforms for r in reports.values())
    return json.dumps({"conforms": conforms, "results": payload}, ensure_ascii=False, indent=2) + "\n"


def render_turtle(reports: dict[str, Report]) -> str:
    """The standard sh:ValidationReport."""
    report_node = BlankNode()
    quads = [
        Quad(report_node, RDF.type, SH.ValidationReport),
        Quad(
            report_node,
            SH.conforms,
            Literal(str(all(r.conforms for r in reports.values())).lower(), datatype=XSD.boolean),
        ),
    ]
    for report in reports.values():
        for result in report.results:
            node = BlankNode()
            quads += [
                Quad(report_node, SH.result, node),
                Quad(node, RDF.type, SH.ValidationResult),
                Quad(node, SH.focusNode, NamedNode(result.focus)),
                Quad(node, SH.sourceShape, NamedNode(result.shape)),
                Quad(node, SH.resultSeverity, SH[result.severity]),
                Quad(node, SH.sourceConstraintComponent, SH[f"{result.component}ConstraintComponent"]),
                Quad(node, SH.resultMessage, Literal(result.message)),
            ]
            if result.path and not result.path.startswith("^"):
                quads.append(Quad(node, SH.resultPath, NamedNode(result.path)))
            if result.value:
                value = NamedNode(result.value) if "://" in result.value else Literal(result.value)
                quads.append(Quad(node, SH.value, value))
    return serialize(
        [q.triple for q in quads], format=RdfFormat.TURTLE, prefixes={"sh": str(SH), "xsd": str(XSD)}
    ).decode("utf-8")
