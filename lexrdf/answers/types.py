"""The shapes several answers share: the answer a version gives (text-at, versions, each side of a diff) with its
parts, and an interpretation beside a text (the dual chain)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class EventSummary:
    """The event that opened or closed a window."""

    event: str
    type: str
    date: str
    source: str | None
    sources: list[str] = field(default_factory=list)  # every act that made it (several acts on one day)
    # what in the source dated this edge of the window for this provision ("file:line: note: ..."; lex:datedBy);
    # empty where the answer does not carry it (a search hit, a diff: ask `versions`)
    evidence: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Outstanding:
    """A change an amending act held here announced for the provision (or within it) that no consolidation applied."""

    event: str
    kind: str
    date: str
    act: str | None
    provision: str  # what it changes: the provision asked, or one within it


@dataclass(frozen=True)
class NearChange:
    """A change of the provision within the configured distance of the asked date."""

    date: str
    event: str
    type: str
    direction: str  # "upcoming" (after the date) or "recent" (on or before it)


@dataclass(frozen=True)
class InPart:
    """A commencement in part before the version: from `date` the provision was in force for some purposes."""

    event: str
    date: str


@dataclass(frozen=True)
class ConcurrentVersion:
    """One of several versions of a provision in force on the date, each for its own territorial extent (CLML
    concurrent versions): which territories it extends to, and its window."""

    version: str
    extent: str | None
    valid_from: str | None
    valid_until: str | None


@dataclass
class VersionAnswer:
    """A version of a provision (or a typed non-answer when `status` is not in-force)."""

    status: str
    provision: str
    version: str | None = None
    text: str | None = None
    # the end of `text` the source places after the provision's sub-units (a list's closing words): read after them
    closing: str | None = None
    layout: str | None = None  # `text` in lines where it holds list items (lexrdf.layout: JSON)
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
    languages: list[str] = field(default_factory=list)  # the languages the version has a text in
    message: str | None = None
    # the dual chain: the interpretations operative beside the text (on the date; for a version, in its window)
    interpretations: list[InterpretationState] = field(default_factory=list)
    diverges: bool = False  # an operative interpretation overlays the statutory text in force
    # the editor's notes beside the text saying a change takes effect later than its act ("file:line: words"): the
    # window may begin before the change had effect (lex:deferredEffect)
    deferred_effects: list[str] = field(default_factory=list)
    # changes announced after the text began, by the date, not applied to it (text-at only; `outstanding_changes`)
    outstanding: list[Outstanding] = field(default_factory=list)
    extent: str | None = None  # the territories its text extends to ("E+W+S+N.I."), when the source says
    # commencements in part before the version (`with_sources`): their events and dates, the source's words saying
    # for what, and the notes that dated them
    in_force_in_part: list[InPart] = field(default_factory=list)
    purposes: list[str] = field(default_factory=list)
    in_part_evidence: list[str] = field(default_factory=list)
    # text-at with no extent asked, when several versions are in force on the date, each for its own extent (an E+W
    # text beside an S text): every one of them with its extent (the answer's text is the first of them)
    concurrent: list[ConcurrentVersion] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class RulingSummary:
    """The binding ruling that opened or closed an interpretation."""

    event: str
    type: str
    date: str
    publication_date: str | None
    authority: str | None
    authority_label: str | None
    source: str | None


@dataclass(frozen=True)
class InterpretationRelation:
    """How a ruling related this interpretation to another: `relation` is overruled-by, superseded-by, refined-by
    or unified-by (a later `ruling` did it; `interpretation` is what that ruling opened in its place, if any);
    overrules, supersedes, refines or unifies (its own `ruling` did it to `interpretation`); or concurrent-with."""

    relation: str
    interpretation: str | None
    ruling: str | None


@dataclass
class InterpretationState:
    """One interpretation of an item: a state of its operative meaning, with its window, scope and rulings.

    `status` is operative (on the asked date), earlier (closed before it) or later (operative from a later date);
    only an operative one carries its reading (`text`)."""

    status: str
    interpretation: str
    item: str
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
