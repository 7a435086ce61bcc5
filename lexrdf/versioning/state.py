"""What versioning reads and writes: the stored state of an act, the plan of what a document adds, and the
content-addressed IRIs of records and expressions. Plain data; no planning here."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal

from lexrdf.model import Unit
from lexrdf.uris import IriMinter, short_hash

TextKey = tuple[str, str, str]  # (number, heading, text), all normalised


@dataclass(frozen=True)
class StoredVersion:
    """The current record (as known now) of one stored version."""

    iri: str
    path: str
    valid_from: date
    record: str
    expressions: dict[str, str]  # language -> expression IRI: one version, one expression per language
    texts: dict[str, TextKey]  # language -> its text
    valid_until: date | None
    closed_by: str | None
    opened_by: str | None
    # the extent of a concurrent version (one of several texts in force at once, each for its own extent: its own
    # timeline); None for a provision's one timeline
    concurrent: str | None = None

    def in_force(self, day: date) -> bool:
        return self.valid_from <= day and (self.valid_until is None or day < self.valid_until)


@dataclass(frozen=True)
class StoredProvision:
    """A stored provision's place in its act."""

    eid: str | None
    parent_path: str | None
    order: Decimal


@dataclass(frozen=True)
class StoredEvent:
    """What the store records of an event that closed a window of the act: its kinds (`EVENT_CLASSES` keys), its
    date and the act(s) or document(s) that made it."""

    iri: str
    kinds: frozenset[str]
    day: date | None
    sources: frozenset[str] = frozenset()


@dataclass
class StoredAct:
    """What the store holds about one act, as known now."""

    iri: str
    provisions: dict[str, StoredProvision] = field(default_factory=dict)  # by path
    versions: dict[str, list[StoredVersion]] = field(default_factory=dict)  # path -> versions by valid_from
    events: set[str] = field(default_factory=set)
    # changes amending acts announce for its provisions (their activeModifications): (path, day) -> (kind, acts
    # that made it, the event's IRI)
    announced: dict[tuple[str, date], tuple[str, frozenset[str], str]] = field(default_factory=dict)
    # the events that closed the current records of its windows (a repeal, an expiry, a binding ruling that struck
    # the text down, ...), by IRI
    closers: dict[str, StoredEvent] = field(default_factory=dict)

    @property
    def has_versions(self) -> bool:
        return any(self.versions.values())


@dataclass
class EventSpec:
    """A legal event to record (or to link to, when it already exists)."""

    iri: str
    day: date
    kind: str
    source_acts: set[str] = field(default_factory=set)
    source_provisions: set[str] = field(default_factory=set)
    affects: set[str] = field(default_factory=set)  # provision paths
    opens: set[str] = field(default_factory=set)  # version IRIs
    closes: set[str] = field(default_factory=set)
    notes: set[str] = field(default_factory=set)  # the words of the annotations it was read from
    introduces: set[str] = field(default_factory=set)  # provision paths it inserted whole, whose text is not held
    at_latest: bool = False  # the source gives no date: `day` is the latest it can have happened (lex:dateAtLatest)
    at_earliest: bool = False  # the source gives no date: `day` is the earliest it can have happened
    # what it was read from, for each provision it affects: "file:line: note: ..." (lexrdf.versioning.evidence)
    evidence: dict[str, set[str]] = field(default_factory=dict)
    # the provisions of its source acts behind its change of each provision it affects (one act's event on a day
    # names every provision of it that changed something that day: S.I. 2026/231 regs. 5(2)(a) and 5(2)(b))
    provisions: dict[str, set[str]] = field(default_factory=dict)
    # the territories it is limited to (a repeal "for E." only: lex:extent on the event); None: wherever it applies
    extent: str | None = None


@dataclass
class NewRecord:
    """A record of a version: its text and window end during one transaction-time window."""

    version: str
    supersedes: str | None
    unit: Unit | None  # the text to record as a new expression (in the document's language), or None
    kept: dict[str, str]  # the superseded record's expressions carried over, by language
    valid_until: date | None
    closed_by: str | None
    translation: bool = False  # `unit` is the version's first text in its language, not a correction
    dated_by: tuple[str, ...] = ()  # the evidence of its end (`closed_by`): "file:line: what"


@dataclass
class NewVersion:
    """A version not yet stored, with its first record."""

    iri: str
    path: str
    valid_from: date
    applicable_from: date | None
    opened_by: str
    previous: str | None
    record: NewRecord
    begins_history: bool = False  # no text of this provision was in force before this version
    concurrent: str | None = None  # the extent of a concurrent version (`StoredVersion.concurrent`)
    dated_by: tuple[str, ...] = ()  # the evidence of its start (`opened_by`): "file:line: what"
    # commencements in part before it (lexrdf.versioning.commencement): (event IRI, purposes, evidence)
    in_part: list[tuple[str, str, str]] = field(default_factory=list)
    # in force for some purposes only throughout its window: commenced in part, and no note commences the rest
    partly: bool = False


@dataclass
class Plan:
    """Everything one document adds to the store."""

    act: str
    new_provisions: list[tuple[Unit, Decimal]] = field(default_factory=list)
    new_versions: list[NewVersion] = field(default_factory=list)
    new_records: list[NewRecord] = field(default_factory=list)
    # stored versions withdrawn: their current record is superseded by none (as known from now on, the sources
    # never showed that window: an act's version from a portion, which its whole text dates otherwise)
    withdrawn: list[StoredVersion] = field(default_factory=list)
    # provisions stored before that the document shows as prospective (new ones say so when they are described)
    prospective: list[str] = field(default_factory=list)
    # stored events superseded by none (as known from now on, no source shows them: the act's commencement at the
    # earliest that only portions gave, once the whole text dated every version it opened)
    superseded_events: list[str] = field(default_factory=list)
    events: dict[str, EventSpec] = field(default_factory=dict)
    advances_currency: bool = False  # the document vouches for the text to a later date than anything stored
    # what the document shows that is not recorded, one line each naming file and line ("file:line: ...")
    notices: list[str] = field(default_factory=list)

    @property
    def changes_anything(self) -> bool:
        return bool(
            self.new_provisions
            or self.new_versions
            or self.new_records
            or self.withdrawn
            or self.prospective
            or self.superseded_events
        )


def text_key(unit: Unit) -> TextKey:
    return (unit.number, unit.heading, unit.text)


def expression_iri(minter: IriMinter, record: NewRecord, language: str) -> str | None:
    """The new expression a record adds (hashed when it corrects an earlier text), or None."""
    if record.unit is None:
        return None
    correction = short_hash(*text_key(record.unit)) if record.supersedes and not record.translation else None
    return minter.expression(record.version, language, correction)


def record_expressions(minter: IriMinter, record: NewRecord, language: str) -> dict[str, str]:
    """Every expression a record points at, by language: those kept and the one it adds."""
    added = expression_iri(minter, record, language)
    return {**record.kept, language: added} if added else dict(record.kept)


def record_iri(minter: IriMinter, record: NewRecord, language: str) -> str:
    """Content-addressed: the same record planned twice gets the same IRI."""
    text = text_key(record.unit) if record.unit else None
    kept = sorted(record.kept.items())
    if text is None and len(kept) == 1:  # as before languages were several: one kept expression, its IRI
        kept = kept[0][1]
    extra = tuple(sorted(record.kept.items())) if text and record.kept else ()
    content = short_hash(text, language, record.valid_until, record.closed_by, *extra) if text else None
    return minter.record(record.version, content or short_hash(kept, language, record.valid_until, record.closed_by))


def apply_plan(stored: StoredAct, plan: Plan, minter: IriMinter, language: str) -> None:
    """Update the in-memory stored state as if `plan` had been written (for several documents in one write)."""
    for unit, order in plan.new_provisions:
        stored.provisions[unit.path] = StoredProvision(unit.eid, unit.parent_path, order)
    for version in plan.new_versions:
        record = version.record
        stored.versions.setdefault(version.path, []).append(
            StoredVersion(
                version.iri,
                version.path,
                version.valid_from,
                record_iri(minter, record, language),
                record_expressions(minter, record, language),
                {language: text_key(record.unit)},
                record.valid_until,
                record.closed_by,
                version.opened_by,
                version.concurrent,
            )
        )
    by_iri = {v.iri: (versions, index) for versions in stored.versions.values() for index, v in enumerate(versions)}
    for record in plan.new_records:
        versions, index = by_iri[record.version]
        old = versions[index]
        texts = {lang: key for lang, key in old.texts.items() if lang in record.kept}
        if record.unit:
            texts[language] = text_key(record.unit)
        versions[index] = replace(
            old,
            record=record_iri(minter, record, language),
            expressions=record_expressions(minter, record, language),
            texts=texts,
            valid_until=record.valid_until,
            closed_by=record.closed_by,
        )
    for path in {v.path for v in plan.new_versions}:
        stored.versions[path].sort(key=lambda v: v.valid_from)
    closing = {v.record.closed_by for v in plan.new_versions} | {r.closed_by for r in plan.new_records}
    for iri in closing - stored.events - stored.closers.keys() - {None}:  # events this plan records
        spec = plan.events[iri]
        stored.closers[iri] = StoredEvent(iri, frozenset({spec.kind}), spec.day, frozenset(spec.source_acts))
    stored.events.update(plan.events)
