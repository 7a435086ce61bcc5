"""Mapping a SAT-Graph dataset's versions: versions, interpretations and documentary versions, each with its record
(its window's end), its texts, what dated it, and the events the dataset names for neither end."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from pathlib import Path

from pyoxigraph import Literal, NamedNode

from lexrdf.emit import date_literal
from lexrdf.satgraph.mapping.graphs import (
    _TRUE,
    ERGA_OMNES_ASSUMED,
    SAT,
    GraphQuads,
    Placed,
    _json,
    _kept,
    _reading,
    _scope,
)
from lexrdf.satgraph.mapping.state import PlanState
from lexrdf.satgraph.model import Action, TextUnit, Version
from lexrdf.uris import short_hash
from lexrdf.vocab import DCTERMS, LEX, PROV, RDF


class VersionsPart(PlanState):
    """Versions with their records, expressions and dating."""

    def versions(self) -> None:
        actions = {action.id: action for action in self.dataset.actions}
        opened_by: dict[str, str] = {}
        closed_by: dict[str, str] = {}
        for version in self.dataset.versions:
            if version.produced_by:
                opened_by[version.id] = version.produced_by
            if version.terminated_by:
                closed_by[version.id] = version.terminated_by
        for action in self.dataset.actions:
            for produced in action.produces:
                opened_by.setdefault(produced, action.id)
            for terminated in action.terminates:
                closed_by.setdefault(terminated, action.id)
        units: dict[str, list[TextUnit]] = defaultdict(list)
        for unit in self.dataset.text_units:
            units[unit.source_id].append(unit)
        earliest: dict[str, date] = {}
        for version in self.dataset.versions:
            start = version.validity.start
            assert start is not None
            if version.type in ("statutory", "interpretive"):
                earliest[version.item_id] = min(start, earliest.get(version.item_id, start))
        for version in self.dataset.versions:
            for action_id in (opened_by.get(version.id), closed_by.get(version.id)):
                if action_id and action_id not in actions:
                    self.summary.warnings.append(f"version {version.id}: action {action_id} is not in the dataset")
            self._version(version, actions, opened_by, closed_by, units.pop(version.id, []), earliest)
            self._dated_by(version, actions, opened_by.get(version.id), closed_by.get(version.id))
        for source_id, rest in units.items():
            for unit in rest:
                self._text_unit(unit, source_id)
        self._concurrent()

    def _dated_by(self, version: Version, actions: dict[str, Action], opening: str | None, closing: str | None) -> None:
        """What in the dataset dated the version's start (`lex:datedBy` on the version) and its end (on its record):
        the file, the JSON path of its `validityInterval` and the action (with its `eventTime`) named for it."""
        where = f"{Path(self.source).name}: versions[{self._version_index[version.id]}].validityInterval"
        node = NamedNode(self.version_iri[version.id])
        out = self.graph(self.version_graph[version.id])
        start, end = version.validity.start, version.validity.end
        out.add(
            node, LEX.datedBy, Literal(f"{where} starts {start}, {self._action_words(actions, opening, 'produced')}")
        )
        if end is None and closing in actions:
            end = actions[closing].event_time  # the window the terminating action's eventTime closes
            where = f"{where} open-ended; "
        elif end is not None:
            where = f"{where} ends {end}, "
        if end is None:
            return
        record = NamedNode(self.minter.record(node.value, short_hash(version.id, version.validity.json())))
        out.add(record, LEX.datedBy, Literal(f"{where}{self._action_words(actions, closing, 'terminated')}"))

    def _action_words(self, actions: dict[str, Action], action_id: str | None, how: str) -> str:
        if action_id is None:
            return f"{how} by no action the dataset names"
        if action_id not in actions:
            return f"{how} by action {action_id}, which the dataset does not hold"
        index, action = self._action_index[action_id], actions[action_id]
        return f"{how} by action {action_id} ({action.type}, actions[{index}].eventTime {action.event_time})"

    def _concurrent(self) -> None:
        """Interpretations of one item whose windows overlap are `lex:concurrentWith` each other (the later one
        says it: it is the one recorded knowing the other)."""
        readings = sorted(
            (v for v in self.dataset.versions if v.type == "interpretive"), key=lambda v: (v.item_id, v.validity.start)
        )
        for index, later in enumerate(readings):
            for earlier in readings[:index]:
                overlaps = earlier.validity.end is None or later.validity.start < earlier.validity.end  # type: ignore[operator]
                if earlier.item_id == later.item_id and overlaps and later.validity.start != earlier.validity.end:
                    out = self.graph(self.version_graph[later.id])
                    out.add(
                        NamedNode(self.version_iri[later.id]),
                        LEX.concurrentWith,
                        NamedNode(self.version_iri[earlier.id]),
                    )

    def _version(
        self,
        version: Version,
        actions: dict[str, Action],
        opened_by: dict[str, str],
        closed_by: dict[str, str],
        units: list[TextUnit],
        earliest: dict[str, date],
    ) -> None:
        place = self.placed[version.item_id]
        out = self.graph(place.graph)
        node = NamedNode(self.version_iri[version.id])
        start = version.validity.start
        assert start is not None
        interpretive = version.type == "interpretive"
        documentary = version.type not in ("statutory", "interpretive")  # documentary, or a type kept as written
        opening = opened_by.get(version.id)
        opener = (
            NamedNode(self.event_iri[opening])
            if opening in self.event_iri
            else self._unrecorded(
                out, place, start, "started-without-recorded-act", "UnrecordedStart", node, opens=True
            )
        )
        if interpretive:
            out.add(node, RDF.type, LEX.Interpretation)
            out.add(node, LEX.interprets, NamedNode(place.iri))
            if opening in self.event_iri:
                out.add(node, LEX.fixedBy, opener)
            self.summary.interpretations += 1
        elif documentary:  # not the law's text nor its reading: lexrdf's own queries leave it out
            out.add(node, RDF.type, SAT.Version)
            out.add(node, SAT.versionOf, NamedNode(place.iri))
            out.add(node, SAT.versionType, Literal(version.type))
            self.summary.documents += 1
        else:
            out.add(node, RDF.type, LEX.Version)
            out.add(node, LEX.versionOf, NamedNode(place.iri))
            out.add(node, LEX.act, NamedNode(place.graph))
            if earliest[version.item_id] == start:
                out.add(node, LEX.beginsHistory, _TRUE)
            self.summary.versions += 1
        out.add(node, DCTERMS.identifier, Literal(version.id))
        out.add(node, LEX.validFrom, date_literal(start))
        out.add(node, PROV.wasGeneratedBy, opener)
        out.recorded_now(node)
        if version.applicability is not None:
            if version.applicability.start:
                out.add(node, LEX.applicableFrom, date_literal(version.applicability.start))
            if version.applicability.end:
                out.add(node, SAT.applicableUntil, date_literal(version.applicability.end))
        assumed = list(version.assumed)
        if interpretive:
            ruling = actions.get(opening or "")
            scope = _scope(self.minter, version.metadata)
            if scope is None and ruling is not None:
                scope = self.ruling_scope(ruling)
                if ruling.id in self._unscoped:
                    assumed.append(ERGA_OMNES_ASSUMED)
        if interpretive and scope is not None:
            self._scope_triples(out, scope)
            out.add(node, LEX.bindingScope, scope[0])
        for key, value in (("urn", version.urn), ("url", version.url)):
            if value:
                out.add(node, SAT[key], Literal(value))
        if version.metadata is not None:
            out.add(node, SAT.metadata, _json(version.metadata))
        _kept(out, node, version.extra, tuple(assumed))
        record = NamedNode(self.minter.record(node.value, short_hash(version.id, version.validity.json())))
        out.add(record, RDF.type, SAT.VersionRecord if documentary else LEX.VersionRecord)
        out.add(record, LEX.recordOf, node)
        out.recorded_now(record)
        end = version.validity.end
        closing = closed_by.get(version.id)
        if end is None and closing in actions:
            end = actions[closing].event_time
        if end is not None:
            out.add(record, LEX.validUntil, date_literal(end))
            closer = (
                NamedNode(self.event_iri[closing])
                if closing in self.event_iri
                else self._unrecorded(out, place, end, "ended-without-recorded-act", "UnrecordedEnd", node, opens=False)
            )
            out.add(record, LEX.closedBy, closer)
            out.add(node, PROV.wasInvalidatedBy, closer)
        if documentary:  # its texts, the canonical one too, are text units describing it
            for unit in units:
                self._text_unit(unit, version.id)
            return
        canonical = [unit for unit in units if unit.aspect == "canonical"]
        for unit in units:
            if unit.aspect != "canonical":
                self._text_unit(unit, version.id)
        languages: set[str] = set()
        for unit in canonical:
            expression = NamedNode(
                self.minter.expression(node.value, unit.language)
                if unit.language not in languages
                else self.minter.expression(node.value, unit.language, short_hash(unit.content))
            )
            languages.add(unit.language)
            self._expression(out, expression, node, record, unit.language, unit.content)
            out.add(expression, DCTERMS.identifier, Literal(unit.id))
            if unit.metadata is not None:
                out.add(expression, SAT.metadata, _json(unit.metadata))
            _kept(out, expression, unit.extra)
            self.summary.text_units += 1
        reading = canonical[0].content if canonical else _reading(units)
        if interpretive and reading is not None:
            out.add(node, LEX.text, Literal(reading))
            if not canonical:  # the reading taken from a ratio or holding: no canonical text unit of its own
                expression = NamedNode(self.minter.expression(node.value, units[0].language))
                self._expression(out, expression, node, record, units[0].language, reading)
                out.add(expression, SAT.derived, _TRUE)

    def _expression(
        self, out: GraphQuads, expression: NamedNode, version: NamedNode, record: NamedNode, language: str, text: str
    ) -> None:
        out.add(expression, RDF.type, LEX.Expression)
        out.add(expression, LEX.realizes, version)
        out.add(expression, LEX.language, Literal(language))
        out.add(expression, LEX.text, Literal(text))
        out.recorded_now(expression)
        out.add(record, LEX.expression, expression)

    def _unrecorded(
        self, out: GraphQuads, place: Placed, day: date, kind: str, cls: str, version: NamedNode, opens: bool
    ) -> NamedNode:
        """The event that opened (closed) a version when the dataset names no action for it."""
        event = NamedNode(self.minter.event(place.graph, day, kind))
        out.add(event, RDF.type, LEX.Event)
        out.add(event, RDF.type, LEX[cls])
        out.add(event, LEX.date, date_literal(day))
        if place.kind != "interpretive":
            out.add(event, LEX.affectedAct, NamedNode(place.graph))
        out.add(event, LEX.affects, NamedNode(place.iri))
        out.add(event, LEX.opens if opens else LEX.closes, version)
        out.recorded_now(event)
        return event
