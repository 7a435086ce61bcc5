"""The typed answers of the query library, one class per object its `#+ result` headers name in `#+ types`.

Written by lexrdf.queries.answer_types from the headers of lexrdf/queries/*.rq: do not edit; change the
header and run `python -m lexrdf.queries.answer_types`."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any


def plain(value: Any) -> Any:
    """An answer (or any value inside one) as JSON values: objects by their header's field names."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.metadata.get("json", f.name): plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


@dataclass(kw_only=True)
class ChangesAnswer:
    """The answer of changes-since."""

    since: str | None = None
    count: int = 0
    items: list[ChangeRecord] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class ChangeRecord:
    """`items` in the answer of changes-since."""

    graph: str | None = None
    record: str | None = None
    kind: str | None = None
    change: str | None = None
    at: str | None = None
    changeset: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class ContextAnswer:
    """The answer of context."""

    status: str | None = None
    provision: str | None = None
    date: str | None = None
    subordinate: bool = False
    items: list[ContextUnit] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class ContextUnit:
    """`items` in the answer of context."""

    unit: str | None = None
    order: str | None = None
    unit_type: str | None = None
    number: str | None = None
    heading: str | None = None
    text: str | None = None
    version: str | None = None
    language: str | None = None
    label_number: str | None = None
    extent: str | None = None
    interpretations: list[InterpretationState] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class DescendantsAnswer:
    """The answer of descendants."""

    status: str | None = None
    provision: str | None = None
    date: str | None = None
    count: int = 0
    items: list[UnitText] = field(default_factory=list)
    message: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class UnitText:
    """`items` in the answer of descendants."""

    unit: str | None = None
    parent: str | None = None
    unit_type: str | None = None
    number: str | None = None
    heading: str | None = None
    text: str | None = None
    closing: str | None = None
    layout: str | None = None
    language: str | None = None
    version: str | None = None
    valid_from: str | None = None
    valid_until: str | None = None
    extent: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class DiffAnswer:
    """The answer of diff."""

    status: str | None = None
    provision: str | None = None
    from_: str | None = field(default=None, metadata={"json": "from"})
    to: str | None = None
    from_version: VersionAnswer | None = None
    to_version: VersionAnswer | None = None
    changes: list[TextChange] = field(default_factory=list)
    events: list[EventSummary] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class VersionAnswer:
    """`from_version` in the answer of diff; the answer of text-at; the answer of versions."""

    status: str | None = None
    provision: str | None = None
    version: str | None = None
    text: str | None = None
    closing: str | None = None
    layout: str | None = None
    number: str | None = None
    heading: str | None = None
    language: str | None = None
    valid_from: str | None = None
    valid_until: str | None = None
    applicable_from: str | None = None
    opened_by: EventSummary | None = None
    closed_by: EventSummary | None = None
    citation: str | None = None
    near_change: NearChange | None = None
    current_to: str | None = None
    languages: list[str] = field(default_factory=list)
    message: str | None = None
    interpretations: list[InterpretationState] = field(default_factory=list)
    diverges: bool = False
    deferred_effects: list[str] = field(default_factory=list)
    outstanding: list[Outstanding] = field(default_factory=list)
    extent: str | None = None
    in_force_in_part: list[InPart] = field(default_factory=list)
    purposes: list[str] = field(default_factory=list)
    in_part_evidence: list[str] = field(default_factory=list)
    concurrent: list[ConcurrentVersion] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class TextChange:
    """`changes` in the answer of diff."""

    op: str | None = None
    from_text: str | None = None
    to_text: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class ImpactAnswer:
    """The answer of impact."""

    status: str | None = None
    act: str | None = None
    count: int = 0
    items: list[ImpactItem] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class ImpactItem:
    """`items` in the answer of impact."""

    provision: str | None = None
    effect: str | None = None
    event: str | None = None
    type: str | None = None
    date: str | None = None
    version_opened: str | None = None
    version_closed: str | None = None
    state: str | None = None
    source_provisions: list[str] = field(default_factory=list)
    destination: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class InterpretationsAnswer:
    """The answer of interpretations."""

    status: str | None = None
    item: str | None = None
    date: str | None = None
    item_type: str | None = None
    title: str | None = None
    item_kind: str | None = None
    count: int = 0
    items: list[InterpretationState] = field(default_factory=list)
    earlier: list[InterpretationState] = field(default_factory=list)
    later: list[InterpretationState] = field(default_factory=list)
    message: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class LineageAnswer:
    """The answer of lineage."""

    status: str | None = None
    provision: str | None = None
    date: str | None = None
    items: list[LineageStep] = field(default_factory=list)
    message: str | None = None
    interpretations: list[InterpretationState] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class LineageStep:
    """`items` in the answer of lineage."""

    event: str | None = None
    type: str | None = None
    date: str | None = None
    authority: str | None = None
    source_act: str | None = None
    source_provision: str | None = None
    version: str | None = None
    previous: str | None = None
    valid_from: str | None = None
    valid_until: str | None = None
    evidence: list[str] = field(default_factory=list)
    closed_by: EventSummary | None = None
    bound: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class ResolveAnswer:
    """The answer of resolve."""

    status: str | None = None
    ref: str | None = None
    provision: str | None = None
    kind: str | None = None
    date: str | None = None
    candidates: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class SearchAnswer:
    """The answer of search."""

    text: str | None = None
    date: str | None = None
    count: int = 0
    items: list[SearchHit] = field(default_factory=list)
    total: int = 0
    page: int = 0
    size: int = 0
    method: str = "index"

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class SearchHit:
    """`items` in the answer of search."""

    provision: str | None = None
    act: str | None = None
    act_title: str | None = None
    path: str | None = None
    unit_type: str | None = None
    number: str | None = None
    heading: str | None = None
    text: str | None = None
    version: str | None = None
    occurrences: int = 0
    citation: str | None = None
    state: str = "version"
    score: float | None = None
    snippet: str | None = None
    valid_from: str | None = None
    valid_until: str | None = None
    opened_by: EventSummary | None = None
    current_to: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class EventSummary:
    """`opened_by` in the answer of text-at."""

    event: str | None = None
    type: str | None = None
    date: str | None = None
    source: str | None = None
    sources: list[str] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)
    bound: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class NearChange:
    """`near_change` in the answer of text-at."""

    date: str | None = None
    event: str | None = None
    type: str | None = None
    direction: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class InterpretationState:
    """`interpretations` in the answer of text-at."""

    status: str | None = None
    interpretation: str | None = None
    item: str | None = None
    text: str | None = None
    language: str | None = None
    valid_from: str | None = None
    valid_until: str | None = None
    applicable_from: str | None = None
    scope: str | None = None
    scope_label: str | None = None
    opened_by: RulingSummary | None = None
    closed_by: RulingSummary | None = None
    relations: list[InterpretationRelation] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class RulingSummary:
    """`interpretations.opened_by` in the answer of text-at."""

    event: str | None = None
    type: str | None = None
    date: str | None = None
    publication_date: str | None = None
    authority: str | None = None
    authority_label: str | None = None
    source: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class InterpretationRelation:
    """`interpretations.relations` in the answer of text-at."""

    relation: str | None = None
    interpretation: str | None = None
    ruling: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class Outstanding:
    """`outstanding` in the answer of text-at."""

    event: str | None = None
    kind: str | None = None
    date: str | None = None
    act: str | None = None
    provision: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class InPart:
    """`in_force_in_part` in the answer of text-at."""

    event: str | None = None
    date: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(kw_only=True)
class ConcurrentVersion:
    """`concurrent` in the answer of text-at."""

    version: str | None = None
    extent: str | None = None
    valid_from: str | None = None
    valid_until: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return plain(self)
