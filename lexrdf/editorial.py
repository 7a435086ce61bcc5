"""Editorial additions that do not come from XML (a binding ruling, a corrigendum, a commencement order),
submitted as Turtle or JSON-LD, validated with the same shapes, and written to their act's graph (whose views,
lexrdf.views, are then rebuilt).

Transaction time is the platform's, not the editor's: a submission may not carry lex:recordedAt,
lex:recordedBy, lex:supersededAt or lex:supersededBy; every record it adds is stamped with a new changeset, whose
time is that of the commit (as for an ingest, see lexrdf.txtime).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pyoxigraph
from pyoxigraph import Literal, NamedNode, Quad, RdfFormat

from lexrdf.errors import SourceError
from lexrdf.settings import Settings
from lexrdf.store.base import Store
from lexrdf.txtime import Pending, stamp
from lexrdf.uris import IriMinter
from lexrdf.validate import Report, validate_quads
from lexrdf.views import is_view_graph
from lexrdf.views import refresh as refresh_views
from lexrdf.vocab import LEX, PROV, RDF

FORMATS = {
    ".ttl": RdfFormat.TURTLE,
    ".jsonld": RdfFormat.JSON_LD,
    ".json": RdfFormat.JSON_LD,
    ".nt": RdfFormat.N_TRIPLES,
    ".n3": RdfFormat.N3,
}
_STAMPED = {LEX.recordedAt, LEX.recordedBy, LEX.supersededAt, LEX.supersededBy}
_RECORDS = {LEX.Version, LEX.VersionRecord, LEX.Expression, LEX.Event, LEX.Interpretation}


@dataclass
class Submission:
    """What an editorial submission did: the act it went to, its report, and whether it was written."""

    act: str
    report: Report
    written: bool
    quads: int


def read_submission(path: Path) -> list[pyoxigraph.Triple]:
    """Parse a Turtle / JSON-LD file, naming file and line on a syntax error."""
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise SourceError(str(path), None, f"unknown format {path.suffix!r} (use {', '.join(sorted(FORMATS))})")
    try:
        return list(pyoxigraph.parse(path=str(path), format=fmt, without_named_graphs=True))
    except SyntaxError as exc:
        line = getattr(exc, "lineno", None)
        raise SourceError(str(path), line, f"not valid {fmt}: {exc.msg if hasattr(exc, 'msg') else exc}") from exc
    except OSError as exc:
        raise SourceError(str(path), None, f"cannot read file ({exc.strerror})") from exc


def _act_of(triples: list[pyoxigraph.Triple], path: Path, act: str | None) -> str:
    if act:
        return act
    named = {t.object.value for t in triples if t.predicate in (LEX.affectedAct, LEX.act)}
    if len(named) != 1:
        raise SourceError(
            str(path),
            None,
            "cannot tell which act this addition belongs to: name exactly one with lex:affectedAct (or give --act)",
        )
    return named.pop()


def submit(path: str | Path, store: Store, settings: Settings, act: str | None = None) -> Submission:
    """Validate an editorial addition together with its act's graph; write it only if the result conforms."""
    path = Path(path)
    triples = read_submission(path)
    stamped = [t for t in triples if t.predicate in _STAMPED]
    if stamped:
        raise SourceError(
            str(path), None, f"sets {stamped[0].predicate.value}: transaction time is recorded by lexrdf, not submitted"
        )
    graph = NamedNode(_act_of(triples, path, act))
    if is_view_graph(graph):
        raise SourceError(str(path), None, f"{graph.value} is a view, derived from its act's graph: add to the act")
    if not any(True for _ in store.graph_quads(graph)):
        raise SourceError(str(path), None, f"act {graph.value} is not in the store")
    provisional = store.clock.next()  # the store stamps the commit's time in its place
    changeset = NamedNode(IriMinter(settings.base_iri).new_changeset(provisional))
    recorded = stamp(provisional)
    quads = [Quad(t.subject, t.predicate, t.object, graph) for t in triples]
    records = {t.subject for t in triples if t.predicate == RDF.type and t.object in _RECORDS}
    for subject in sorted(records, key=str):
        quads += [Quad(subject, LEX.recordedAt, recorded, graph), Quad(subject, LEX.recordedBy, changeset, graph)]
    quads += [
        Quad(changeset, RDF.type, LEX.Changeset, graph),
        Quad(changeset, PROV.startedAtTime, recorded, graph),
        Quad(changeset, LEX.sourceFile, Literal(str(path)), graph),
    ]
    report = validate_quads([*store.graph_quads(graph), *quads], graph)
    if report.conforms:
        store.add_act_graph(graph, quads, Pending([(provisional, changeset.value)]))
        refresh_views(store, graph.value)  # the act's views are derived from its graph: rebuilt after each write
    return Submission(graph.value, report, report.conforms, len(quads))
