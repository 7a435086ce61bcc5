"""The SAT-Graph JSON shapes (Item, Version, TextUnit, Action, a dataset of them), read and written as plain JSON.

Times are RFC 3339 date-times in SAT-Graph and xsd:dates in lexrdf; a day is its start in UTC.

>>> day("2000-02-14T00:00:00Z"), moment(date(2000, 2, 14))
(datetime.date(2000, 2, 14), '2000-02-14T00:00:00Z')
>>> Interval.parse(["1988-10-05T00:00:00Z", None]).end is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from lexrdf.errors import SourceError


def day(value: str | None) -> date | None:
    """The day an RFC 3339 date-time (or a plain date) falls on, as written (no zone conversion)."""
    if value is None or value == "":
        return None
    text = str(value).strip()
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        raise ValueError(f"{value!r} is not a date-time (YYYY-MM-DDTHH:MM:SSZ)") from None


def moment(value: date | None) -> str | None:
    """A day as SAT-Graph writes it: its start in UTC."""
    return None if value is None else f"{value.isoformat()}T00:00:00Z"


@dataclass(frozen=True)
class Interval:
    """A half-open interval of days, [start, end); no end is open."""

    start: date | None
    end: date | None = None

    @classmethod
    def parse(cls, value: Any) -> Interval | None:
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != 2:
            raise ValueError(f"{value!r} is not an interval [start, end]")
        return cls(day(value[0]), day(value[1]))

    def json(self) -> list[str | None]:
        return [moment(self.start), moment(self.end)]


#: the version types the importer maps (the specification's enum, statutory and interpretive, and `documentary`, the
#: text of a source document such as a ruling, which datasets in the wild use); any other is kept as written
VERSION_TYPES = ("statutory", "interpretive", "documentary")
#: the Relation predicates of the specification's baseline (components/schemas/Relation, `predicate`)
RELATION_PREDICATES = ("succeeds", "relatedTo", "appliesTo", "cites", "definedIn")
#: the fields of each section the importer reads (the specification's schemas); any other is kept as data
KNOWN_FIELDS: dict[str, frozenset[str]] = {
    "items": frozenset({"id", "urn", "url", "typeId", "label", "parentId", "metadata"}),
    "versions": frozenset(
        {
            "id",
            "urn",
            "url",
            "itemId",
            "type",
            "validityInterval",
            "applicabilityInterval",
            "producedByActionId",
            "terminatedByActionId",
            "metadata",
        }
    ),
    "textUnits": frozenset({"id", "sourceType", "sourceId", "language", "aspect", "content", "metadata"}),
    "actions": frozenset(
        {
            "id",
            "parentId",
            "type",
            "eventTime",
            "validityInterval",
            "applicabilityInterval",
            "sourceVersionIds",
            "terminatesVersionIds",
            "producesVersionIds",
            "metadata",
        }
    ),
    "relations": frozenset(
        {"id", "sourceType", "sourceId", "predicate", "targetType", "targetId", "validityInterval", "metadata"}
    ),
}
#: top-level keys of a dataset file besides its sections: test-case annotations, read by tests and not imported
ANNOTATIONS = frozenset({"metadata", "sampleQueries", "notes"})


@dataclass(frozen=True)
class Assumption:
    """A value the import took for a field the dataset left out, recorded with the resource and stated in answers.

    >>> Assumption("type", "statutory", "no type given").json()
    {'field': 'type', 'value': 'statutory', 'because': 'no type given'}
    """

    field: str
    value: str
    because: str

    def json(self) -> dict[str, str]:
        return {"field": self.field, "value": self.value, "because": self.because}


@dataclass
class Unknowns:
    """What a dataset holds that the importer does not know, each kind counted with the JSON path of its first
    occurrence and what was kept of it, so an import warns once per kind.

    >>> tally = Unknowns()
    >>> tally.saw("version type 'consolidated'", "versions[2].type", "kept as sat:versionType")
    >>> tally.saw("version type 'consolidated'", "versions[5].type", "kept as sat:versionType")
    >>> print(tally.warnings("data.json")[0])  # doctest: +NORMALIZE_WHITESPACE
    data.json: versions[2].type: version type 'consolidated' not known to lexrdf (2 occurrences, the first here),
    kept as sat:versionType
    """

    seen: dict[str, tuple[str, int, str]] = field(default_factory=dict)

    def saw(self, kind: str, where: str, kept: str) -> None:
        first, count, kept = self.seen.get(kind, (where, 0, kept))
        self.seen[kind] = (first, count + 1, kept)

    def warnings(self, path: str) -> list[str]:
        return [
            f"{path}: {first}: {kind} not known to lexrdf "
            f"({count} occurrence{'s, the first here' if count != 1 else ''}), {kept}"
            for kind, (first, count, kept) in self.seen.items()
        ]


@dataclass(frozen=True)
class Item:
    id: str
    type_id: str
    label: str
    parent_id: str | None = None
    urn: str | None = None
    url: str | None = None
    metadata: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)  # fields lexrdf does not map, as they came


@dataclass(frozen=True)
class Version:
    id: str
    item_id: str
    type: str  # statutory | interpretive | documentary | a type lexrdf does not know, kept as written
    validity: Interval
    applicability: Interval | None = None
    produced_by: str | None = None
    terminated_by: str | None = None
    urn: str | None = None
    url: str | None = None
    metadata: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    assumed: tuple[Assumption, ...] = ()  # what the import took for a field the dataset left out


@dataclass(frozen=True)
class TextUnit:
    id: str
    source_type: str
    source_id: str
    language: str
    aspect: str
    content: str
    metadata: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Action:
    id: str
    type: str
    event_time: date
    validity: Interval | None = None
    applicability: Interval | None = None
    source_version_ids: tuple[str, ...] = ()
    terminates: tuple[str, ...] = ()
    produces: tuple[str, ...] = ()
    parent_id: str | None = None
    metadata: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Relation:
    """A SAT-Graph Relation (components/schemas/Relation): a typed link between two items or versions."""

    id: str
    source_type: str
    source_id: str
    predicate: str
    target_type: str
    target_id: str
    validity: Interval | None = None
    metadata: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Dataset:
    """One SAT-Graph dataset file: its items, versions, text units, actions and relations (and its metadata, kept
    whole), with what it holds that lexrdf does not know (`unknowns`, one warning per kind)."""

    items: list[Item] = field(default_factory=list)
    versions: list[Version] = field(default_factory=list)
    text_units: list[TextUnit] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    unknowns: Unknowns = field(default_factory=Unknowns)

    @classmethod
    def parse(cls, data: Mapping[str, Any], path: str = "<json>") -> Dataset:
        """Read a dataset, or SourceError naming the file and the entry at fault (a required field missing or
        malformed); what it does not know is kept and tallied, never refused."""
        dataset = cls(metadata=dict(data.get("metadata") or {}))
        for key in data:
            if key not in _FIELDS and key not in ANNOTATIONS:
                dataset.unknowns.saw(f"top-level section {key!r}", key, "not imported")
        for section, attribute in _FIELDS.items():
            entries = data.get(section) or []
            if not isinstance(entries, list):
                raise SourceError(path, None, f"{section} is not a list")
            for index, entry in enumerate(entries):
                where = f"{section}[{index}]"
                try:
                    if not isinstance(entry, Mapping):
                        raise TypeError("not an object")
                    getattr(dataset, attribute).append(_READERS[section](entry, where, dataset.unknowns))
                except (KeyError, TypeError, ValueError) as exc:
                    detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
                    raise SourceError(path, None, f"{where}: {detail}") from None
        return dataset

    def json(self) -> dict[str, Any]:
        """The dataset as SAT-Graph JSON."""
        data: dict[str, Any] = {
            "metadata": self.metadata,
            "items": [item_json(item) for item in self.items],
            "versions": [version_json(version) for version in self.versions],
            "textUnits": [text_unit_json(unit) for unit in self.text_units],
            "actions": [action_json(action) for action in self.actions],
        }
        if self.relations:
            data["relations"] = [relation_json(relation) for relation in self.relations]
        return data


_FIELDS = {
    "items": "items",
    "versions": "versions",
    "textUnits": "text_units",
    "actions": "actions",
    "relations": "relations",
}


def _required(entry: Mapping[str, Any], key: str) -> str:
    value = entry[key]
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{key} must be a non-empty string")
    return value.strip()


def _extra(entry: Mapping[str, Any], section: str, where: str, unknowns: Unknowns) -> dict[str, Any]:
    """The fields of an entry lexrdf does not map, as they came (tallied: one warning per field name)."""
    extra = {key: value for key, value in entry.items() if key not in KNOWN_FIELDS[section]}
    for key in extra:
        unknowns.saw(f"field {section}[].{key}", f"{where}.{key}", "kept as given (sat:extra) and returned in answers")
    return extra


def _item(entry: Mapping[str, Any], where: str, unknowns: Unknowns) -> Item:
    return Item(
        _required(entry, "id"),
        _required(entry, "typeId"),
        _required(entry, "label"),
        entry.get("parentId"),
        entry.get("urn"),
        entry.get("url"),
        entry.get("metadata"),
        _extra(entry, "items", where, unknowns),
    )


def _version(entry: Mapping[str, Any], where: str, unknowns: Unknowns) -> Version:
    assumed: tuple[Assumption, ...] = ()
    if entry.get("type") is None:
        kind = "statutory"
        because = "the dataset gives no type for this version (the specification requires one)"
        assumed = (Assumption("type", kind, because),)
    else:
        kind = _required(entry, "type")
        if kind not in VERSION_TYPES:
            unknowns.saw(f"version type {kind!r}", f"{where}.type", "kept as sat:versionType and returned as its type")
    validity = Interval.parse(entry["validityInterval"])
    if validity is None or validity.start is None:
        raise ValueError("validityInterval has no start")
    if validity.end is not None and validity.end <= validity.start:
        raise ValueError("validityInterval ends before it starts")
    return Version(
        _required(entry, "id"),
        _required(entry, "itemId"),
        kind,
        validity,
        Interval.parse(entry.get("applicabilityInterval")),
        entry.get("producedByActionId"),
        entry.get("terminatedByActionId"),
        entry.get("urn"),
        entry.get("url"),
        entry.get("metadata"),
        _extra(entry, "versions", where, unknowns),
        assumed,
    )


def _text_unit(entry: Mapping[str, Any], where: str, unknowns: Unknowns) -> TextUnit:
    source_id = _required(entry, "sourceId")
    language = _required(entry, "language")
    aspect = _required(entry, "aspect")
    return TextUnit(
        str(entry.get("id") or f"{source_id}~{aspect};{language}"),
        str(entry.get("sourceType") or "Version"),
        source_id,
        language,
        aspect,
        _required(entry, "content"),
        entry.get("metadata"),
        _extra(entry, "textUnits", where, unknowns),
    )


def _action(entry: Mapping[str, Any], where: str, unknowns: Unknowns) -> Action:
    event_time = day(_required(entry, "eventTime"))
    assert event_time is not None
    return Action(
        _required(entry, "id"),
        _required(entry, "type"),
        event_time,
        Interval.parse(entry.get("validityInterval")),
        Interval.parse(entry.get("applicabilityInterval")),
        tuple(entry.get("sourceVersionIds") or ()),
        tuple(entry.get("terminatesVersionIds") or ()),
        tuple(entry.get("producesVersionIds") or ()),
        entry.get("parentId"),
        entry.get("metadata"),
        _extra(entry, "actions", where, unknowns),
    )


def _relation(entry: Mapping[str, Any], where: str, unknowns: Unknowns) -> Relation:
    predicate = _required(entry, "predicate")
    if predicate not in RELATION_PREDICATES:
        unknowns.saw(f"relation predicate {predicate!r}", f"{where}.predicate", "kept as sat:predicate")
    return Relation(
        _required(entry, "id"),
        _required(entry, "sourceType"),
        _required(entry, "sourceId"),
        predicate,
        _required(entry, "targetType"),
        _required(entry, "targetId"),
        Interval.parse(entry.get("validityInterval")),
        entry.get("metadata"),
        _extra(entry, "relations", where, unknowns),
    )


_READERS: dict[str, Callable[[Mapping[str, Any], str, Unknowns], Any]] = {
    "items": _item,
    "versions": _version,
    "textUnits": _text_unit,
    "actions": _action,
    "relations": _relation,
}


def _without_none(fields: dict[str, Any], extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    mapped = {k: v for k, v in fields.items() if v is not None}
    return {**mapped, **{k: v for k, v in (extra or {}).items() if k not in fields}}


def item_json(item: Item) -> dict[str, Any]:
    return _without_none(
        {
            "id": item.id,
            "urn": item.urn,
            "url": item.url,
            "typeId": item.type_id,
            "label": item.label,
            "parentId": item.parent_id,
            "metadata": item.metadata,
        },
        item.extra,
    )


def version_json(version: Version) -> dict[str, Any]:
    return _without_none(
        {
            "id": version.id,
            "urn": version.urn,
            "url": version.url,
            "itemId": version.item_id,
            "type": version.type,
            "validityInterval": version.validity.json(),
            "applicabilityInterval": version.applicability.json() if version.applicability else None,
            "producedByActionId": version.produced_by,
            "terminatedByActionId": version.terminated_by,
            "metadata": version.metadata,
        },
        version.extra,
    )


def text_unit_json(unit: TextUnit) -> dict[str, Any]:
    return _without_none(
        {
            "id": unit.id,
            "sourceType": unit.source_type,
            "sourceId": unit.source_id,
            "language": unit.language,
            "aspect": unit.aspect,
            "content": unit.content,
            "metadata": unit.metadata,
        },
        unit.extra,
    )


def action_json(action: Action) -> dict[str, Any]:
    return _without_none(
        {
            "id": action.id,
            "parentId": action.parent_id,
            "type": action.type,
            "eventTime": moment(action.event_time),
            "validityInterval": action.validity.json() if action.validity else None,
            "applicabilityInterval": action.applicability.json() if action.applicability else None,
            "sourceVersionIds": list(action.source_version_ids),
            "terminatesVersionIds": list(action.terminates),
            "producesVersionIds": list(action.produces),
            "metadata": action.metadata,
        },
        action.extra,
    )


def relation_json(relation: Relation) -> dict[str, Any]:
    return _without_none(
        {
            "id": relation.id,
            "sourceType": relation.source_type,
            "sourceId": relation.source_id,
            "predicate": relation.predicate,
            "targetType": relation.target_type,
            "targetId": relation.target_id,
            "validityInterval": relation.validity.json() if relation.validity else None,
            "metadata": relation.metadata,
        },
        relation.extra,
    )


__all__ = [
    "Action",
    "Assumption",
    "Dataset",
    "Interval",
    "Item",
    "Relation",
    "TextUnit",
    "Unknowns",
    "Version",
    "day",
    "moment",
]
