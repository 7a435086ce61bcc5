"""Compiling the SHACL shapes (shapes/*.ttl) into SPARQL SELECT queries that run inside Oxigraph.

Supports the part of SHACL the lexrdf shapes use: sh:targetClass; property shapes with an IRI or
sh:inversePath path and sh:minCount, sh:maxCount, sh:datatype, sh:class, sh:nodeKind sh:IRI, sh:or of
sh:class; sh:qualifiedValueShape with sh:in and qualified counts; node-level sh:pattern and sh:or of
property or pattern shapes; sh:sparql SELECT constraints. Anything else is refused when the shapes load, so
a shape can never be silently skipped. pyshacl stays the reference (tests compare verdicts).

Each compiled check selects the focus nodes (and, where there is one, the value) that violate it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rdflib import RDF, BNode, Graph, Literal, Namespace, URIRef
from rdflib.collection import Collection

from lexrdf import resources
from lexrdf.errors import LexrdfError

SH = Namespace("http://www.w3.org/ns/shacl#")
SHAPES_DIR = resources.SHAPES_DIR

_SUPPORTED_PROPERTY_KEYS = {
    SH.path,
    SH.minCount,
    SH.maxCount,
    SH.datatype,
    SH["class"],
    SH.nodeKind,
    SH["or"],
    SH.message,
    SH.severity,
    SH.qualifiedValueShape,
    SH.qualifiedMinCount,
    SH.qualifiedMaxCount,
    SH.name,
    SH.description,
}


class ShapeError(LexrdfError):
    """A shapes file uses SHACL this compiler does not support."""


@dataclass(frozen=True)
class Check:
    """One constraint as a query: rows of ?this (and ?value) that violate it."""

    shape: str  # the node shape IRI
    path: str | None  # the property path of a property shape, as N-Triples text (None: node-level)
    component: str  # the SHACL constraint component, for the report
    severity: str  # Violation, Warning or Info
    message: str
    query: str
    #: a check of both counts of a property: (the least count allowed, the component a row breaks below it, the one
    #: it breaks above the most); each row's ?count says which
    counts: tuple[int, str, str] | None = None

    def component_of(self, row: Any) -> str:
        """The constraint component a row of this check violates."""
        if self.counts is None:
            return self.component
        least, below, above = self.counts
        return below if int(row["count"].value) < least else above

    @property
    def reports_value(self) -> bool:
        """Whether each row names the offending value (?value)."""
        return self.counts is None and "?value" in self.query.split("WHERE", 1)[0]


def _n3(term) -> str:
    if isinstance(term, URIRef):
        return f"<{term}>"
    if isinstance(term, Literal):
        return term.n3()
    raise ShapeError(f"cannot use {term!r} in a compiled constraint")


def _path(graph: Graph, path) -> tuple[str, str]:
    """(SPARQL path text, key used in reports)."""
    if isinstance(path, URIRef):
        return f"<{path}>", str(path)
    inverse = graph.value(path, SH.inversePath)
    if isinstance(inverse, URIRef):
        return f"^<{inverse}>", f"^{inverse}"
    raise ShapeError(f"unsupported sh:path {path!r}")


def _list(graph: Graph, head) -> list:
    return list(Collection(graph, head))


def _severity(graph: Graph, *nodes) -> str:
    for node in nodes:
        value = graph.value(node, SH.severity)
        if value is not None:
            return str(value).rsplit("#", 1)[-1]
    return "Violation"


def _message(graph: Graph, *nodes) -> str:
    for node in nodes:
        value = graph.value(node, SH.message)
        if value is not None:
            return str(value)
    return ""


def _targets(graph: Graph, shape) -> str:
    classes = sorted(graph.objects(shape, SH.targetClass))
    if not classes:
        raise ShapeError(f"shape {shape} has no sh:targetClass")
    return " UNION ".join(f"{{ ?this a {_n3(c)} }}" for c in classes)


def _prefixes(graph: Graph, constraint) -> str:
    lines = []
    for source in graph.objects(constraint, SH.prefixes):
        for declaration in graph.objects(source, SH.declare):
            prefix = graph.value(declaration, SH.prefix)
            namespace = graph.value(declaration, SH.namespace)
            lines.append(f"PREFIX {prefix}: <{namespace}>")
    return "\n".join(lines)


def _condition(graph: Graph, alternative, focus: str) -> str:
    """A SPARQL boolean expression: does `focus` satisfy this (small) shape?"""
    parts: list[str] = []
    path = graph.value(alternative, SH.path)
    if path is not None:
        sparql_path, _ = _path(graph, path)
        minimum = graph.value(alternative, SH.minCount)
        maximum = graph.value(alternative, SH.maxCount)
        if minimum is not None and int(minimum) == 1:
            parts.append(f"EXISTS {{ {focus} {sparql_path} ?_alt }}")
        if maximum is not None and int(maximum) == 0:
            parts.append(f"NOT EXISTS {{ {focus} {sparql_path} ?_alt }}")
        if not parts:
            raise ShapeError(f"unsupported alternative in sh:or: {alternative}")
    for pattern in graph.objects(alternative, SH.pattern):
        parts.append(f"REGEX(STR({focus}), {_n3(Literal(str(pattern)))})")
    for cls in graph.objects(alternative, SH["class"]):
        parts.append(f"EXISTS {{ {focus} a {_n3(cls)} }}")
    if not parts:
        raise ShapeError(f"unsupported alternative in sh:or: {alternative}")
    return "(" + " && ".join(parts) + ")"


def _property_checks(graph: Graph, shape, prop, targets: str) -> list[Check]:
    unknown = set(graph.predicates(prop)) - _SUPPORTED_PROPERTY_KEYS
    if unknown:
        raise ShapeError(f"shape {shape}: unsupported in property shape: {sorted(map(str, unknown))}")
    path, key = _path(graph, graph.value(prop, SH.path))
    severity = _severity(graph, prop)
    message = _message(graph, prop, shape)
    checks: list[Check] = []

    def check(component: str, body: str, select: str = "SELECT DISTINCT ?this ?value") -> None:
        checks.append(Check(str(shape), key, component, severity, message, f"{select} WHERE {{ {targets} {body} }}"))

    def counted(component: str, optional: bool, *bounds: str, counts: tuple[int, str, str] | None = None) -> None:
        values = f"OPTIONAL {{ ?this {path} ?value }}" if optional else f"?this {path} ?value"
        select = "SELECT ?this (COUNT(DISTINCT ?value) AS ?count)" if counts else "SELECT ?this"
        having = " || ".join(f"COUNT(DISTINCT ?value) {bound}" for bound in bounds)
        query = f"{select} WHERE {{ {targets} {values} }} GROUP BY ?this HAVING ({having})"
        checks.append(Check(str(shape), key, component, severity, message, query, counts))

    minimum, maximum = graph.value(prop, SH.minCount), graph.value(prop, SH.maxCount)
    if minimum is not None and maximum is not None and int(minimum) <= int(maximum):
        # both counts in one pass over the targets (most properties are "exactly one": counting them twice took
        # a third of the count checks' time at an ingest's gate, measured)
        low, high = int(minimum), int(maximum)
        counted("MinCount/MaxCount", True, f"< {low}", f"> {high}", counts=(low, "MinCount", "MaxCount"))
    else:
        if minimum is not None and int(minimum) == 1:
            check("MinCount", f"FILTER NOT EXISTS {{ ?this {path} ?any }}", "SELECT DISTINCT ?this")
        elif minimum is not None:
            counted("MinCount", True, f"< {int(minimum)}")
        if maximum is not None:
            counted("MaxCount", False, f"> {int(maximum)}")
    datatype = graph.value(prop, SH.datatype)
    if datatype is not None:
        check("Datatype", f"?this {path} ?value . FILTER (!isLiteral(?value) || DATATYPE(?value) != {_n3(datatype)})")
    cls = graph.value(prop, SH["class"])
    if cls is not None:
        check("Class", f"?this {path} ?value . FILTER NOT EXISTS {{ ?value a {_n3(cls)} }}")
    kind = graph.value(prop, SH.nodeKind)
    if kind is not None:
        if kind != SH.IRI:
            raise ShapeError(f"shape {shape}: only sh:nodeKind sh:IRI is supported")
        check("NodeKind", f"?this {path} ?value . FILTER (!isIRI(?value))")
    alternatives = graph.value(prop, SH["or"])
    if alternatives is not None:
        conditions = " || ".join(_condition(graph, alt, "?value") for alt in _list(graph, alternatives))
        check("Or", f"?this {path} ?value . FILTER (!({conditions}))")
    qualified = graph.value(prop, SH.qualifiedValueShape)
    if qualified is not None:
        members = graph.value(qualified, SH["in"])
        if members is None:
            raise ShapeError(f"shape {shape}: sh:qualifiedValueShape needs sh:in")
        allowed = ", ".join(_n3(m) for m in _list(graph, members))
        low = graph.value(prop, SH.qualifiedMinCount)
        high = graph.value(prop, SH.qualifiedMaxCount)
        having = []
        if low is not None:
            having.append(f"COUNT(DISTINCT ?value) < {int(low)}")
        if high is not None:
            having.append(f"COUNT(DISTINCT ?value) > {int(high)}")
        checks.append(
            Check(
                str(shape),
                key,
                "QualifiedValueShape",
                severity,
                message,
                f"SELECT ?this (COUNT(DISTINCT ?value) AS ?count) WHERE {{ {targets} OPTIONAL {{ ?this {path} ?value . "
                f"FILTER (?value IN ({allowed})) }} }} GROUP BY ?this HAVING ({' || '.join(having)})",
                (int(low or 0), "QualifiedMinCount", "QualifiedMaxCount"),
            )
        )
    return checks


def _node_checks(graph: Graph, shape) -> list[Check]:
    targets = _targets(graph, shape)
    checks: list[Check] = []
    for prop in graph.objects(shape, SH.property):
        checks += _property_checks(graph, shape, prop, targets)
    severity = _severity(graph, shape)
    message = _message(graph, shape)
    alternatives = graph.value(shape, SH["or"])
    if alternatives is not None:
        conditions = " || ".join(_condition(graph, alt, "?this") for alt in _list(graph, alternatives))
        checks.append(
            Check(
                str(shape),
                None,
                "Or",
                severity,
                message,
                f"SELECT DISTINCT ?this WHERE {{ {targets} FILTER (!({conditions})) }}",
            )
        )
    for pattern in graph.objects(shape, SH.pattern):
        checks.append(
            Check(
                str(shape),
                None,
                "Pattern",
                severity,
                message,
                f"SELECT DISTINCT ?this WHERE {{ {targets} "
                f"FILTER (!REGEX(STR(?this), {_n3(Literal(str(pattern)))})) }}",
            )
        )
    for constraint in graph.objects(shape, SH.sparql):
        select = str(graph.value(constraint, SH.select)).replace("$this", "?this")
        body = select[select.index("{") + 1 : select.rindex("}")]
        checks.append(
            Check(
                str(shape),
                None,
                "SPARQL",
                _severity(graph, constraint, shape),
                _message(graph, constraint, shape),
                f"{_prefixes(graph, constraint)}\nSELECT DISTINCT ?this ?value WHERE {{ {targets} {{ {body} }} }}",
            )
        )
    return checks


@dataclass(frozen=True)
class CompiledShapes:
    """The shapes graph (for the reference validator) and its compiled checks."""

    graph: Graph
    checks: tuple[Check, ...]


@cache
def compiled_shapes(directory: Path = SHAPES_DIR) -> CompiledShapes:
    """Read every shapes/*.ttl and compile it; cached per process."""
    graph = Graph()
    for path in sorted(directory.glob("*.ttl")):
        graph.parse(path, format="turtle")
    checks: list[Check] = []
    for shape in sorted(set(graph.subjects(RDF.type, SH.NodeShape)), key=str):
        if isinstance(shape, BNode):
            continue
        checks += _node_checks(graph, shape)
    return CompiledShapes(graph, tuple(checks))
