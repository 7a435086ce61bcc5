"""docs/shapes.md, generated from shapes/*.ttl (`lexrdf shapes --markdown`)."""

from __future__ import annotations

from rdflib import RDF, RDFS, URIRef

from lexrdf.validate.compile import SH, compiled_shapes


def _short(term) -> str:
    text = str(term)
    for prefix, namespace in (
        ("lex:", "https://w3id.org/lexrdf/ontology#"),
        ("prov:", "http://www.w3.org/ns/prov#"),
        ("rdf:", str(RDF)),
    ):
        if text.startswith(namespace):
            return prefix + text[len(namespace) :]
    return text


def render_markdown() -> str:
    """One section per shape: what it checks, for which nodes, how severe, and the editor's message."""
    graph = compiled_shapes().graph
    lines = [
        "# The shapes",
        "",
        "Generated from `shapes/*.ttl` by `lexrdf shapes --markdown`; do not edit. A violation blocks "
        "publication (`lexrdf ingest` does not write the act, `lexrdf validate` exits non-zero); a warning "
        "does not. The shapes are served at `/shapes` and validated per act graph, compiled to SPARQL inside "
        "Oxigraph (pyshacl gives the same verdicts and is the reference in the tests).",
        "",
    ]
    for shape in sorted((s for s in graph.subjects(RDF.type, SH.NodeShape) if isinstance(s, URIRef)), key=str):
        targets = ", ".join(f"`{_short(t)}`" for t in sorted(graph.objects(shape, SH.targetClass)))
        lines += [
            f"## {graph.value(shape, RDFS.label) or _short(shape)}",
            "",
            f"`{str(shape).rsplit('#', 1)[-1]}`, on every {targets}.",
            "",
        ]
        constraints = [(graph.value(shape, SH.severity), graph.value(shape, SH.message), None)]
        constraints += [
            (graph.value(p, SH.severity), graph.value(p, SH.message), graph.value(p, SH.path))
            for p in graph.objects(shape, SH.property)
        ]
        constraints += [
            (graph.value(c, SH.severity) or graph.value(shape, SH.severity), graph.value(c, SH.message), None)
            for c in graph.objects(shape, SH.sparql)
        ]
        rows = []
        for severity, message, path in constraints:
            if message is None:
                continue
            level = str(severity or SH.Violation).rsplit("#", 1)[-1].lower()
            if path is not None and not isinstance(path, URIRef):
                path = f"^{_short(graph.value(path, SH.inversePath))}"
            rows.append(f"| {level} | {'`' + _short(path) + '`' if path is not None else ''} | {message} |")
        if rows:
            lines += ["| severity | property | message |", "|---|---|---|", *sorted(set(rows)), ""]
    return "\n".join(lines).rstrip() + "\n"
