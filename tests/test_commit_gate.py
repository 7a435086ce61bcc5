"""The commit gate (lexrdf.ingest.commit.commit), the one write path of `lexrdf add` and the SAT-Graph import: the
graphs handed to it together are written all or none."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from conftest import BASE, SAMPLES, open_lex
from pyoxigraph import Literal, NamedNode, Quad

from lexrdf.ingest.commit import ActWrite, commit
from lexrdf.txtime import Pending
from lexrdf.vocab import LEX, PROV, RDF, XSD


def test_a_graph_that_does_not_conform_stops_every_graph_handed_with_it(tmp_path):
    lex = open_lex(tmp_path / "store")
    try:
        acts = lex.ingest([SAMPLES / "single", SAMPLES / "expressions"]).act_iris
        assert len(acts) == 2
        before = io.BytesIO()
        lex.store.dump(before)
        changes = lex.store.changes_through
        at = datetime.now(UTC)
        changeset = NamedNode(f"{BASE}/changeset/gate-test")
        stamped = Literal(at.isoformat(), datatype=XSD.dateTime)
        # a changeset alone: what every write records, and nothing the shapes refuse
        fine = [
            Quad(changeset, RDF.type, LEX.Changeset, NamedNode(acts[0])),
            Quad(changeset, PROV.startedAtTime, stamped, NamedNode(acts[0])),
        ]
        # an event with no source act, date or type of change: the shapes refuse it ("no event without its source")
        event = NamedNode(f"{BASE}/event/gate-test")
        refused = [Quad(event, RDF.type, LEX.Event, NamedNode(acts[1]))]
        reports = commit(
            lex.store,
            [ActWrite(acts[0], fine, pending=Pending([(at, changeset.value)])), ActWrite(acts[1], refused)],
        )
        assert reports[acts[0]].conforms and not reports[acts[1]].conforms
        after = io.BytesIO()
        lex.store.dump(after)
        assert after.getvalue() == before.getvalue() and lex.store.changes_through == changes
    finally:
        lex.close()
