"""The SAT-Graph JSON shapes (Item, Version, TextUnit, Action, a dataset of them), read and written as plain JSON.

Times are RFC 3339 date-times in SAT-Graph and xsd:dates in lexrdf; a day is its start in UTC.

>>> day("2000-02-14T00:00:00Z"), moment(date(2000, 2, 14))
(datetime.date(2000, 2, 14), '2000-02-14T00:00:00Z')
>>> Interval.parse(["1988-10-05T00:00:00Z", None]).end is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
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


@dataclass(frozen=True)
class Item:
    id: str
    type_id: str
    label: str
    parent_id: str | None = None
    urn: str | None = None
    url: str | None = None
    metadata: Any = None


@dataclass(frozen=True)
class Version:
    id: str
    item_id: str
    type: str  # statutory | interpretive
    validity: Interval
    applicability: Interval | None = None
    produced_by: str | None = None
    terminated_by: str | None = None
    urn: str | None = None
    url: str | None = None
    metadata: Any = None


@dataclass(frozen=True)
class TextUnit:
    id: str
    source_type: str
    source_id: str
    language: str
    aspect: str
    content: str
    metadata: Any = None


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


@dataclass
class Dataset:
    """One SAT-Graph dataset file: its items, versions, text units and actions (and its metadata, kept whole)."""

    items: list[Item] = field(default_factory=list)
    versions: list[Version] = field(default_factory=list)
    text_units: list[TextUnit] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def parse(cls, data: Mapping[str, Any], path: str = "<json>") -> Dataset:
        """Read a dataset, or SourceError naming the file and the entry at fault."""
        dataset = cls(metadata=dict(data.get("metadata") or {}))
        for section, reader in (
            ("items", _item),
            ("versions", _version),
            ("textUnits", _text_unit),
            ("actions", _action),
        ):
            entries = data.get(section) or []
            if not isinstance(entries, list):
                raise SourceError(path, None, f"{section} is not a list")
            for index, entry in enumerate(entries):
                try:
                    getattr(dataset, _FIELDS[section]).append(reader(entry))
                except (KeyError, TypeError, ValueError) as exc:
                    detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
                    raise SourceError(path, None, f"{section}[{index}]: {detail}") from None
        return dataset

    def json(self) -> dict[str, Any]:
        """The dataset as SAT-Graph JSON."""
        return {
            "metadata": self.metadata,
            "items": [item_json(item) for item in self.items],
            "versions": [version_json(version) for version in self.versions],
            "textUnits": [text_unit_json(unit) for unit in self.text_units],
            "actions": [action_json(action) for action in self.actions],
        }


_FIELDS = {"items": "items", "versions": "versions", "textUnits": "text_units", "actions": "actions"}


def _required(entry: Mapping[str, Any], key: str) -> str:
    value = entry[key]
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{key} must be a non-empty string")
    return value.strip()


def _item(entry: Mapping[str, Any]) -> Item:
    return Item(
        _required(entry, "id"),
        _required(entry, "typeId"),
        _required(entry, "label"),
        entry.get("parentId"),
        entry.get("urn"),
        entry.get("url"),
        entry.get("metadata"),
    )


def _version(entry: Mapping[str, Any]) -> Version:
    kind = entry.get("type", "statutory")
    if kind not in ("statutory", "interpretive"):
        raise ValueError(f"type {kind!r} is neither statutory nor interpretive")
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
    )


def _text_unit(entry: Mapping[str, Any]) -> TextUnit:
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
    )


def _action(entry: Mapping[str, Any]) -> Action:
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
    )


def _without_none(fields: dict[str, Any], keep: tuple[str, ...] = ()) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None or k in keep}


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
        }
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
        }
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
        }
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
        }
    )


__all__ = ["Action", "Dataset", "Interval", "Item", "TextUnit", "Version", "day", "moment"]
