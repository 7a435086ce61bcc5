"""SHACL validation of act graphs: the compiled shapes run inside Oxigraph, pyshacl kept as the reference.

For example (the tests run it on every act they ingest)::

    report = validate_store(store.raw, graph=act)
    report.conforms, [r.message for r in report.violations]
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyoxigraph
from pyoxigraph import NamedNode, RdfFormat
from rdflib import Graph, URIRef

from lexrdf.queries import load_library
from lexrdf.validate.compile import SH, CompiledShapes, compiled_shapes


@dataclass(frozen=True, order=True)
class ValidationResult:
    """One failing focus node for one constraint."""

    focus: str
    shape: str
    path: str | None
    component: str
    severity: str
    message: str
    value: str | None = None

    @property
    def key(self) -> tuple[str, str, str | None]:
        """What two validators must agree on: the node, the shape and the property."""
        return (self.focus, self.shape, self.path)


@dataclass(frozen=True)
class Location:
    """Where a failing node comes from: its provision and the source element's file and line."""

    provision: str | None
    file: str | None
    line: int | None


@dataclass
class Report:
    """The outcome of validating one act graph (or a whole store)."""

    results: list[ValidationResult] = field(default_factory=list)
    locations: dict[str, Location] = field(default_factory=dict)

    @property
    def violations(self) -> list[ValidationResult]:
        return [r for r in self.results if r.severity == "Violation"]

    @property
    def warnings(self) -> list[ValidationResult]:
        return [r for r in self.results if r.severity != "Violation"]

    @property
    def conforms(self) -> bool:
        """Publishable: no violation (warnings do not block)."""
        return not self.violations

    def keys(self) -> set[tuple[str, str, str | None]]:
        return {r.key for r in self.results}


def validate_store(
    store: pyoxigraph.Store,
    graph: NamedNode | None = None,
    shapes: CompiledShapes | None = None,
    locate: str = "all",
) -> Report:
    """Run the compiled shapes over one named graph of a pyoxigraph store (or the union of all graphs).

    `locate` says which results get their provision, file and line: "all", "violations" or "none".
    """
    shapes = shapes or compiled_shapes()
    options = {"default_graph": graph} if graph is not None else {"use_default_graph_as_union": True}
    results: set[ValidationResult] = set()
    for check in shapes.checks:
        for row in store.query(check.query, **options):
            value = row["value"] if check.reports_value else None
            results.add(
                ValidationResult(
                    row["this"].value,
                    check.shape,
                    check.path,
                    check.component_of(row),
                    check.severity,
                    check.message,
                    value.value if value is not None else None,
                )
            )
    wanted = {r.focus for r in results if locate == "all" or (locate == "violations" and r.severity == "Violation")}
    return Report(sorted(results), _locations(store, wanted, options))


def _locations(store: pyoxigraph.Store, nodes: set[str], options: dict) -> dict[str, Location]:
    """The provision, source file and line behind each failing node."""
    locate = load_library()["_locate"]
    locations: dict[str, Location] = {}
    for node in sorted(nodes):
        location = Location(None, None, None)
        if not node.startswith("_:"):
            for row in store.query(locate.bound({"node": node}), **options):
                location = Location(
                    row["provision"].value if row["provision"] else None,
                    row["file"].value if row["file"] else None,
                    int(row["line"].value) if row["line"] else None,
                )
        locations[node] = location
    return locations


def validate_quads(
    quads: list[pyoxigraph.Quad], graph: NamedNode, shapes: CompiledShapes | None = None, locate: str = "all"
) -> Report:
    """Validate one act graph's quads that are not (yet) in a store, in a memory store."""
    return validate_store(graph_store(quads), graph, shapes, locate)


def graph_store(quads: list[pyoxigraph.Quad], nquads: bytes = b"") -> pyoxigraph.Store:
    """A store in memory holding `quads`, and the quads of `nquads` (N-Quads text whose IRIs were checked as they
    were written, as a spool's are: lexrdf.emit): what `validate_quads` validates."""
    memory = pyoxigraph.Store()
    memory.extend(quads)
    if nquads:
        memory.load(nquads, format=pyoxigraph.RdfFormat.N_QUADS, lenient=True)
    return memory


def validate_files(
    graph: NamedNode,
    stored: Path,
    added: Path,
    directory: Path,
    shapes: CompiledShapes | None = None,
    locate: str = "all",
) -> Report:
    """Validate one act graph too large for a memory store: what is stored (N-Triples of the graph) and what is
    added (N-Quads in it) are bulk-loaded into a scratch store on disk in `directory`, whose memory RocksDB bounds."""
    scratch = pyoxigraph.Store(str(directory))
    try:
        scratch.bulk_load(path=str(stored), format=RdfFormat.N_TRIPLES, to_graph=graph)
        scratch.bulk_load(path=str(added), format=RdfFormat.N_QUADS)
        return validate_store(scratch, graph, shapes, locate)
    finally:
        del scratch


class _ParsedOnce(Graph):
    """A data graph whose SPARQL queries are parsed once each: pyshacl asks for a SPARQL constraint's query once per
    focus node, by its text, and rdflib parses it anew each time (247 parses of 9 queries on the Open Data Act, 80% of
    pyshacl's time). A parsed query is reusable (rdflib's prepareQuery), so the answers are the same."""

    def __init__(self) -> None:
        super().__init__()
        self._parsed: dict[tuple, Any] = {}

    def query(  # type: ignore[override]
        self,
        query_object: Any,
        processor: Any = "sparql",
        result: Any = "sparql",
        initNs: Any = None,  # noqa: N803 (rdflib's names)
        initBindings: Any = None,  # noqa: N803
        use_store_provided: bool = True,
        **kwargs: Any,
    ) -> Any:
        if isinstance(query_object, str):  # parsed with the namespaces and base it is asked with
            from rdflib.plugins.sparql.processor import prepareQuery

            namespaces = dict(initNs or {})
            base = kwargs.get("base")
            key = (query_object, base, tuple(sorted((str(k), str(v)) for k, v in namespaces.items())))
            if key not in self._parsed:
                self._parsed[key] = prepareQuery(query_object, initNs=namespaces, base=base)
            query_object = self._parsed[key]
        return super().query(query_object, processor, result, initNs, initBindings, use_store_provided, **kwargs)


def validate_with_pyshacl(
    store: pyoxigraph.Store,
    graph: NamedNode | None = None,
    shapes: CompiledShapes | None = None,
    *,
    parse_once: bool = True,
) -> Report:
    """The reference: pyshacl over the same triples, as an rdflib Graph; `parse_once=False` as plain pyshacl runs
    (every SPARQL constraint's query parsed again for each focus node: bench/validate.py's baseline)."""
    from pyshacl import validate

    shapes = shapes or compiled_shapes()
    new_graph = _ParsedOnce if parse_once else Graph  # the graph pyshacl validates
    buffer = io.BytesIO()
    if graph is None:
        store.dump(buffer, RdfFormat.N_QUADS)
        data = Graph()
        data.parse(data=buffer.getvalue().decode("utf-8"), format="nquads")
        flat = new_graph()
        for triple in data.triples((None, None, None)):
            flat.add(triple)
        data = flat
    else:
        store.dump(buffer, RdfFormat.N_TRIPLES, from_graph=graph)
        data = new_graph().parse(data=buffer.getvalue().decode("utf-8"), format="nt")
    # in place: pyshacl would otherwise validate a clone of `data` (no longer _ParsedOnce); `data` is this call's own
    options = {"advanced": True, "allow_warnings": True, "inplace": parse_once}
    _, report_graph, _ = validate(data, shacl_graph=shapes.graph, **options)
    return Report(sorted(_pyshacl_results(report_graph, shapes.graph)))


def _pyshacl_results(report: Graph, shapes: Graph) -> set[ValidationResult]:
    results: set[ValidationResult] = set()
    for result in report.subjects(URIRef(SH.resultSeverity), None):
        source = report.value(result, SH.sourceShape)
        focus = report.value(result, SH.focusNode)
        severity = str(report.value(result, SH.resultSeverity)).rsplit("#", 1)[-1]
        component = str(report.value(result, SH.sourceConstraintComponent)).rsplit("#", 1)[-1]
        message = str(report.value(result, SH.resultMessage) or "")
        shape, path = _owner(shapes, source)
        results.add(
            ValidationResult(str(focus), shape, path, component.removesuffix("ConstraintComponent"), severity, message)
        )
    return results


def _owner(shapes: Graph, source) -> tuple[str, str | None]:
    """(node shape IRI, path key) of a pyshacl source shape (a node shape, or a property shape in one)."""
    if isinstance(source, URIRef):
        return str(source), None
    parent = shapes.value(None, SH.property, source)
    path = shapes.value(source, SH.path)
    key = str(path) if isinstance(path, URIRef) else f"^{shapes.value(path, SH.inversePath)}"
    return str(parent), key


__all__ = [
    "Report",
    "ValidationResult",
    "validate_store",
    "validate_quads",
    "graph_store",
    "validate_files",
    "validate_with_pyshacl",
    "Path",
]
