"""Editorial additions that do not come from XML (a binding ruling, a corrigendum, a commencement order, a doctrine),
submitted as Turtle or JSON-LD, and handed to the commit gate every act graph goes through (lexrdf.ingest.commit:
validated with the same shapes, written to their graph if it conforms, its views and index documents rebuilt): an
act's graph, or an interpretive item's.

Transaction time is the platform's, not the editor's: a submission may not carry lex:recordedAt,
lex:recordedBy, lex:supersededAt or lex:supersededBy; every record it adds is stamped with a new changeset, whose
time is that of the commit (as for an ingest, see lexrdf.txtime).

Editors write the new facts; what follows from them is derived here (docs/editorial.md):

- a ruling (lex:JudicialDecision, lex:AdministrativeDecision, lex:BindingRuling) is a lex:Event;
- an interpretation `lex:fixedBy` a ruling is `prov:wasGeneratedBy` it (and the other way round), the ruling
  `lex:opens` it, and it binds whom the ruling binds unless it says otherwise;
- an interpretation given in short form, with `lex:text` (and `lex:language`) on itself, gets a record and an
  expression holding the reading, as a version's text is held;
- a ruling that `lex:strikesDown` a version `lex:closes` it;
- a version or interpretation a ruling `lex:closes`, of which the submission writes no new record, gets one: the
  texts of its current record, `lex:validUntil` the day the ruling's own interpretation of the same item starts
  (else the ruling's date) and `lex:closedBy` the ruling;
- a new record supersedes its state's current record (`lex:supersededAt`/`By`) when the submission says why: it is
  an interpretation's, it closes a window (`lex:closedBy`), or the submission carries a `lex:Correction`; a bare
  second record of a textual version supersedes nothing and is refused (`OneCurrentRecord`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pyoxigraph
from pyoxigraph import Literal, NamedNode, Quad, RdfFormat, Triple

from lexrdf.errors import SourceError
from lexrdf.ingest.commit import ActWrite, commit
from lexrdf.settings import Settings
from lexrdf.store.base import Store
from lexrdf.txtime import Pending, stamp
from lexrdf.uris import IriMinter, short_hash, slug
from lexrdf.validate import Report
from lexrdf.views import is_view_graph
from lexrdf.vocab import LEX, PROV, RDF

FORMATS = {
    ".ttl": RdfFormat.TURTLE,
    ".jsonld": RdfFormat.JSON_LD,
    ".json": RdfFormat.JSON_LD,
    ".nt": RdfFormat.N_TRIPLES,
    ".n3": RdfFormat.N3,
}
_STAMPED = {LEX.recordedAt, LEX.recordedBy, LEX.supersededAt, LEX.supersededBy}
_RULINGS = {LEX.JudicialDecision, LEX.AdministrativeDecision, LEX.BindingRuling}
_RECORDS = {
    LEX.Version,
    LEX.VersionRecord,
    LEX.Expression,
    LEX.Event,
    LEX.Interpretation,
    LEX.InterpretiveItem,
    *_RULINGS,
}


@dataclass
class Submission:
    """What an editorial submission did: the graph (act or interpretive item) it went to, its report, and whether
    it was written."""

    act: str
    report: Report
    written: bool
    quads: int


def read_submission(path: Path) -> list[Triple]:
    """Parse a Turtle / JSON-LD file, naming file and line on a syntax error."""
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise SourceError(str(path), None, f"unknown format {path.suffix!r} (use {', '.join(sorted(FORMATS))})")
    try:
        parsed = pyoxigraph.parse(path=str(path), format=fmt, without_named_graphs=True)
        return [Triple(q.subject, q.predicate, q.object) for q in parsed]
    except SyntaxError as exc:
        line = getattr(exc, "lineno", None)
        raise SourceError(str(path), line, f"not valid {fmt}: {exc.msg if hasattr(exc, 'msg') else exc}") from exc
    except OSError as exc:
        raise SourceError(str(path), None, f"cannot read file ({exc.strerror})") from exc


def _has_graph(store: Store, graph: str) -> bool:
    return any(True for _ in store.graph_quads(NamedNode(graph)))


def _graph_of(triples: list[Triple], path: Path, store: Store, act: str | None) -> str:
    """The graph a submission goes to: `act` when given; else the one act it names (lex:affectedAct, lex:act);
    else the one interpretive item it declares or reads (an item's graph is named by the item's IRI)."""
    if act:
        return act
    named = {t.object.value for t in triples if t.predicate in (LEX.affectedAct, LEX.act)}
    if not named:
        declared = {t.subject.value for t in triples if t.predicate == RDF.type and t.object == LEX.InterpretiveItem}
        read = {
            t.object.value
            for t in triples
            if t.predicate in (LEX.interprets, LEX.affects) and isinstance(t.object, NamedNode)
        }
        named = declared | {item for item in read - declared if _has_graph(store, item)}
    if len(named) != 1:
        raise SourceError(
            str(path),
            None,
            "cannot tell which graph this addition belongs to: name exactly one act with lex:affectedAct, or one "
            "interpretive item (or give --act)",
        )
    return named.pop()


def _objects(triples: list[Triple], subject: NamedNode, predicate: NamedNode) -> list:
    return [t.object for t in triples if t.subject == subject and t.predicate == predicate]


def _typed(triples: list[Triple], classes: set[NamedNode]) -> list[NamedNode]:
    return sorted({t.subject for t in triples if t.predicate == RDF.type and t.object in classes}, key=str)


def derive(triples: list[Triple], stored: list[Quad], path: Path) -> list[Triple]:
    """The submission with what follows from it (see the module docstring), given the graph's stored quads."""
    facts = list(triples)
    known = facts + [Triple(q.subject, q.predicate, q.object) for q in stored]

    def add(subject, predicate, value) -> None:
        triple = Triple(subject, predicate, value)
        if triple not in facts:
            facts.append(triple)

    for ruling in _typed(facts, _RULINGS):
        add(ruling, RDF.type, LEX.Event)
        for version in _objects(facts, ruling, LEX.strikesDown):
            add(ruling, LEX.closes, version)
    for interpretation in _typed(facts, {LEX.Interpretation}):
        if not _objects(facts, interpretation, LEX.fixedBy):
            for ruling in _objects(facts, interpretation, PROV.wasGeneratedBy):
                add(interpretation, LEX.fixedBy, ruling)
        for ruling in _objects(facts, interpretation, LEX.fixedBy):
            add(interpretation, PROV.wasGeneratedBy, ruling)
            add(ruling, LEX.opens, interpretation)
            if not _objects(facts, interpretation, LEX.bindingScope):
                for scope in _objects(known, ruling, LEX.bindingScope):
                    add(interpretation, LEX.bindingScope, scope)
        _expand_short_form(facts, interpretation)
    _close(facts, known, path)
    return facts


def _expand_short_form(facts: list[Triple], interpretation: NamedNode) -> None:
    """An interpretation with `lex:text` on itself: move the reading to an expression of a new record."""
    texts = [t for t in facts if t.subject == interpretation and t.predicate == LEX.text]
    if not texts:
        return
    languages = [t for t in facts if t.subject == interpretation and t.predicate == LEX.language]
    for triple in texts + languages:
        facts.remove(triple)
    default = languages[0].object.value if languages else None
    record = NamedNode(IriMinter.record(interpretation.value, short_hash(*sorted(t.object.value for t in texts))))
    facts += [Triple(record, RDF.type, LEX.VersionRecord), Triple(record, LEX.recordOf, interpretation)]
    for triple in texts:
        language = triple.object.language or default or "und"
        expression = NamedNode(f"{interpretation.value}/{slug(language)}")
        facts += [
            Triple(record, LEX.expression, expression),
            Triple(expression, RDF.type, LEX.Expression),
            Triple(expression, LEX.realizes, interpretation),
            Triple(expression, LEX.text, Literal(triple.object.value)),
            Triple(expression, LEX.language, Literal(language)),
        ]


def _current_records(known: list[Triple], state: NamedNode, facts: list[Triple]) -> list[NamedNode]:
    """The stored records of a version or interpretation that nothing supersedes (not those submitted now)."""
    submitted = {t.subject for t in facts}
    superseded = {t.subject for t in known if t.predicate == LEX.supersededAt}
    records = {t.subject for t in known if t.predicate == LEX.recordOf and t.object == state}
    return sorted(records - superseded - submitted, key=str)


def _close(facts: list[Triple], known: list[Triple], path: Path) -> None:
    """Derive the closing record of every version or interpretation a ruling closes without a record given."""
    recorded = {t.object for t in facts if t.predicate == LEX.recordOf}
    for ruling in sorted({t.subject for t in facts if t.predicate == LEX.closes}, key=str):
        for state in _objects(facts, ruling, LEX.closes):
            if state in recorded:
                continue
            current = _current_records(known, state, facts)
            if not current:
                raise SourceError(str(path), None, f"{ruling.value} closes {state.value}, which has no record stored")
            until = _closing_day(facts, known, ruling, state)
            if until is None:
                raise SourceError(str(path), None, f"{ruling.value} closes {state.value} but has no lex:date")
            ended = _objects(known, current[0], LEX.validUntil)
            if ended:
                raise SourceError(str(path), None, f"{state.value} is already closed (until {ended[0].value})")
            record = NamedNode(IriMinter.record(state.value, short_hash(current[0].value, ruling.value, until.value)))
            facts += [
                Triple(record, RDF.type, LEX.VersionRecord),
                Triple(record, LEX.recordOf, state),
                Triple(record, LEX.validUntil, until),
                Triple(record, LEX.closedBy, ruling),
                *(Triple(record, LEX.expression, e) for e in _objects(known, current[0], LEX.expression)),
            ]


def _closing_day(facts: list[Triple], known: list[Triple], ruling: NamedNode, state: NamedNode) -> Literal | None:
    """The end of a closed window: the start of the ruling's own interpretation of the same item, else its date."""
    item = (_objects(known, state, LEX.interprets) or _objects(known, state, LEX.versionOf) or [None])[0]
    for opened in _objects(facts, ruling, LEX.opens):
        if item is not None and item in _objects(facts, opened, LEX.interprets):
            starts = _objects(facts, opened, LEX.validFrom)
            if starts:
                return starts[0]
    dates = _objects(known, ruling, LEX.date)
    return dates[0] if dates else None


def _superseding(facts: list[Triple], known: list[Triple], recorded, changeset: NamedNode) -> list[Triple]:
    """A new record supersedes its state's current stored record when the submission says why: any record of an
    interpretation (an editorial state), a record that closes a window (`lex:closedBy` an event), or any record when
    the submission carries a correction. A bare second record of a textual version supersedes nothing, so the
    `OneCurrentRecord` shape refuses it: an editor cannot replace a text the sources gave without an event."""
    interpretations = set(_typed(known + facts, {LEX.Interpretation}))
    correcting = bool(_typed(facts, {LEX.Correction}))
    out = []
    for record in _typed(facts, {LEX.VersionRecord}):
        for state in _objects(facts, record, LEX.recordOf):
            reasoned = state in interpretations or correcting or bool(_objects(facts, record, LEX.closedBy))
            for old in _current_records(known, state, facts) if reasoned else ():
                out += [Triple(old, LEX.supersededAt, recorded), Triple(old, LEX.supersededBy, changeset)]
    return out


def submit(path: str | Path, store: Store, settings: Settings, act: str | None = None) -> Submission:
    """Validate an editorial addition together with its graph; write it only if the result conforms (the commit
    gate: lexrdf.ingest.commit)."""
    path = Path(path)
    triples = read_submission(path)
    stamped = [t for t in triples if t.predicate in _STAMPED]
    if stamped:
        raise SourceError(
            str(path), None, f"sets {stamped[0].predicate.value}: transaction time is recorded by lexrdf, not submitted"
        )
    graph = NamedNode(_graph_of(triples, path, store, act))
    if is_view_graph(graph):
        raise SourceError(str(path), None, f"{graph.value} is a view, derived from its act's graph: add to the act")
    stored = list(store.graph_quads(graph))
    declares_item = any(
        t.subject == graph and t.predicate == RDF.type and t.object == LEX.InterpretiveItem for t in triples
    )
    if not stored and not declares_item:
        raise SourceError(str(path), None, f"act {graph.value} is not in the store")
    provisional = store.clock.next()  # the store stamps the commit's time in its place
    changeset = NamedNode(IriMinter(settings.base_iri).new_changeset(provisional))
    recorded = stamp(provisional)
    facts = derive(triples, stored, path)
    known = facts + [Triple(q.subject, q.predicate, q.object) for q in stored]
    quads = [Quad(t.subject, t.predicate, t.object, graph) for t in facts]
    quads += [Quad(t.subject, t.predicate, t.object, graph) for t in _superseding(facts, known, recorded, changeset)]
    for subject in _typed(facts, _RECORDS):
        quads += [Quad(subject, LEX.recordedAt, recorded, graph), Quad(subject, LEX.recordedBy, changeset, graph)]
    quads += [
        Quad(changeset, RDF.type, LEX.Changeset, graph),
        Quad(changeset, PROV.startedAtTime, recorded, graph),
        Quad(changeset, LEX.sourceFile, Literal(str(path)), graph),
    ]
    write = ActWrite(graph.value, quads, pending=Pending([(provisional, changeset.value)]))
    report = commit(store, [write])[graph.value]
    return Submission(graph.value, report, report.conforms, len(quads))
