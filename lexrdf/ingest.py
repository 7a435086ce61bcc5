"""Ingest: source files -> document model -> versioning -> quads -> one atomic write per act -> its views rebuilt.

Every file is read and mapped before anything is written, so a bad file leaves the store unchanged.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyoxigraph
from pyoxigraph import NamedNode, Quad

from lexrdf.active import ActivePlan, active_quads, plan_active, plan_feeds
from lexrdf.derived import rebuild_derived
from lexrdf.emit import LEX_T, PROV_T, RDF_T, emit_act, provenance_quads
from lexrdf.errors import SourceError, StoreError
from lexrdf.gcpause import collector_paused
from lexrdf.mapping.effects import EffectsFeed
from lexrdf.model import SourceDocument, Unit
from lexrdf.parallel import pool_context, read_files, start_fork_server, worth_a_pool
from lexrdf.settings import DEFAULT_SOURCE_LIMITS, Settings, SourceLimits
from lexrdf.source_checks import (
    ActIdentity,
    SourcePolicy,
    check_identity,
    check_mass_end,
    stored_identity,
)
from lexrdf.store.base import GraphWrite, Store
from lexrdf.store.embedded import EmbeddedStore
from lexrdf.store.nquads import Serialized
from lexrdf.store.repository import (
    NamedAct,
    acts_carrying,
    acts_carrying_each,
    announced_changes,
    earlier_iris,
    expression_dates,
    read_stored_act,
    stored_currency,
)
from lexrdf.store.sources import SourceArchive
from lexrdf.store.spool import QuadSpool
from lexrdf.tuning import TUNING
from lexrdf.txtime import Clock, Pending, ReservedTimes
from lexrdf.uris import IriMinter, KnownActs, identifier_forms, with_canonical
from lexrdf.validate import Report, graph_store, validate_files, validate_store
from lexrdf.versioning import apply_plan, plan_document
from lexrdf.views import derive
from lexrdf.vocab import LEX, RDF

if TYPE_CHECKING:
    from lexrdf.planning import PlanningPool

Progress = Callable[[str, int, int], None]


@dataclass
class IngestSummary:
    """What one ingest run read and wrote."""

    files: int = 0
    acts: int = 0
    provisions: int = 0
    versions: int = 0
    records: int = 0
    events: int = 0
    quads: int = 0  # added to the act graphs: what the store lacked (the writer counts them)
    view_quads: int = 0  # what the rebuilt views of the acts written hold (lexrdf.views): derived, not history
    seconds: float = 0.0
    act_iris: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # acts not written: their graph would not conform
    reports: dict[str, Report] = field(default_factory=dict)
    # what the sources say that could not be recorded, one line each naming file, line and element (an amending
    # act's destination that names no provision of the act it amends): written nothing, reported
    notices: list[str] = field(default_factory=list)

    @property
    def warnings(self) -> int:
        return sum(len(r.warnings) for r in self.reports.values()) + len(self.notices)

    def warning_lines(self) -> list[str]:
        """Every warning, one line each: what the sources say that could not be used (file:line: ...), then what
        validation warns of (act: node: message [shape]), so that the count in `line` is never all one sees."""
        validation = [
            f"{act}: {result.focus}: {result.message} [{result.shape.rsplit('#', 1)[-1]}]"
            for act, report in self.reports.items()
            for result in report.warnings
        ]
        return [*self.notices, *validation]

    @property
    def quads_per_second(self) -> float:
        return self.quads / self.seconds if self.seconds else 0.0

    def line(self) -> str:
        refused = f"; {len(self.refused)} acts refused by validation" if self.refused else ""
        warned = f"; {self.warnings} warnings" if self.warnings else ""
        return (
            f"{self.acts} acts, {self.provisions} provisions, {self.versions} versions, {self.events} events, "
            f"{self.quads} quads in {self.seconds:.2f} s ({self.quads_per_second:,.0f} quads/s){warned}{refused}"
        )


def collect_files(paths: Iterable[str | Path]) -> list[Path]:
    """The XML files named by `paths` (folders are searched recursively), in a stable order."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.xml") if p.is_file()))
        elif path.is_file():
            files.append(path)
        else:
            raise SourceError(str(path), None, "no such file or directory")
    return files


#: the acts that carry an identifier (`acts_carrying` of a store, or what `acts_carrying_each` found)
Carrying = Callable[[str], list[NamedAct]]


def act_iri_for(
    store: Store, minter: IriMinter, documents: list[SourceDocument], carrying: Carrying | None = None
) -> str:
    """The IRI of the act these documents express: the stored act that carries any of their identifiers, else
    minted from the first expression. (An act known so far only by reference is not the act itself: the act gets
    its own IRI, and its graph records that the earlier one names it; see `known_acts`.)"""
    carrying = carrying or partial(acts_carrying, store)
    claimed: dict[str, tuple[SourceDocument, str]] = {}
    for document in documents:
        for identifier in _identifiers(document):
            for named in carrying(identifier):
                if not named.by_reference:
                    claimed.setdefault(named.iri, (document, identifier))
    if len(claimed) > 1:  # its identifiers are those of two acts held: it could write into either one's graph
        (first_act, (_, first_id)), (other_act, (document, other_id)) = sorted(claimed.items())[:2]
        raise SourceError(
            document.path,
            document.lines.get("work_uri"),
            f"its identifiers name two acts held: {first_id} is {first_act}, {other_id} is {other_act}; an "
            "expression belongs to one act",
        )
    if claimed:
        return next(iter(claimed))
    first = min(documents, key=lambda d: d.expression_date)
    when = str(first.work_date.year) if first.year_only else first.work_date.isoformat()  # as precise as known
    return minter.act(first.jurisdiction, first.act_type, when, first.act_number)


def known_acts(
    store: Store,
    groups: list[list[SourceDocument]],
    acts: list[str],
    references: Iterable[str] = (),
    carrying: Carrying | None = None,
) -> KnownActs:
    """Which IRI names each act this ingest mentions, so that one act has one identity whatever the order of
    ingest: every identifier of an act being ingested, and every reference to an act held in the store, names
    that act's own IRI; an act being ingested that the store knew only by reference gets the IRIs minted for it
    then (each to be recorded ``owl:sameAs`` it and the other IRIs minted for it, as `KnownActs` says)."""
    carrying = carrying or partial(acts_carrying, store)
    held: dict[str, str] = {}
    for group, act in zip(groups, acts, strict=True):
        for document in group:
            for identifier in _identifiers(document):
                held.setdefault(identifier, act)
    minted_earlier: dict[str, tuple[str, ...]] = {}
    linked: dict[str, tuple[str, ...]] = {}
    for group, act in zip(groups, acts, strict=True):
        identifiers = {identifier for document in group for identifier in _identifiers(document)}
        earlier = {
            named.iri
            for identifier in identifiers
            for named in carrying(identifier)
            if named.by_reference and named.same_as is None and named.iri != act
        }
        if earlier:
            minted_earlier[act] = tuple(sorted(earlier))
            linked[act] = tuple(sorted(earlier_iris(store, act)))
    looked_up: set[str] = set()
    for reference in sorted(_cited(groups, references)):
        for form in identifier_forms(reference):
            if form in held:
                break
            if form in looked_up:
                continue
            looked_up.add(form)
            stored = [named.iri for named in carrying(form) if not named.by_reference]
            if stored:
                held[form] = stored[0]
                break
    return KnownActs(held, minted_earlier, linked)


def _carrying_all(store: Store, groups: list[list[SourceDocument]], references: Iterable[str]) -> Carrying:
    """`Carrying` for every identifier and reference `act_iri_for` and `known_acts` look up for these documents,
    asked of the store at once (`acts_carrying_each`); any other is asked when looked up."""
    identifiers = {identifier for group in groups for document in group for identifier in _identifiers(document)}
    forms = {form for reference in _cited(groups, references) for form in identifier_forms(reference)}
    found = acts_carrying_each(store, identifiers | forms)
    return lambda identifier: found[identifier] if identifier in found else acts_carrying(store, identifier)


def _cited(groups: list[list[SourceDocument]], references: Iterable[str]) -> set[str]:
    """The acts these documents name, and `references` (a changes feed's)."""
    return {ref for group in groups for document in group for ref in _references(document)} | set(references)


def _identifiers(document: SourceDocument) -> list[str]:
    """The act's identifiers, and each in one spelling (an AKN URI or URN NIR: `canonical_work`)."""
    return with_canonical([document.frbr_work, *document.frbr_aliases])


def _references(document: SourceDocument) -> set[str]:
    """The acts a document names: the sources of its events and changes, and the acts it cites."""
    return (
        {event.source_act for event in document.events if event.source_act}
        | {change.source_act for change in document.modifications if change.source_act}
        | set(document.cited_acts)
        | {change.target_work for change in document.active_modifications if change.target_work}
    )


def _content(document: SourceDocument) -> list[tuple]:
    return [_content_of(u) for u in document.units]


def _content_of(unit: Unit | None) -> tuple | None:
    return (unit.path, unit.number, unit.heading, unit.text, unit.window) if unit is not None else None


def _one_per_expression(group: list[SourceDocument]) -> list[SourceDocument]:
    """Drop exact duplicates of an expression, and the earlier versions of an expression a later version of which
    is in the group (ELI-DE's .../2024-03-27/2/deu replaces .../1/deu: it is that expression, corrected); refuse two
    files that disagree about the same expression (one date, one language, one version: two languages of one date
    are two language expressions of the same versions)."""
    latest: dict[tuple[date, str], int] = {}
    for document in group:
        expression = (document.expression_date, document.language)
        latest[expression] = max(latest.get(expression, 0), document.expression_version)
    kept: dict[tuple[date, str, int], SourceDocument] = {}
    portions: dict[tuple[date, str, int], list[SourceDocument]] = {}
    for document in group:
        if document.expression_version < latest[(document.expression_date, document.language)]:
            continue
        key = (document.expression_date, document.language, document.expression_version)
        if document.portion:  # parts of one expression (legislation.gov.uk's s. 13A and Sch. 1A of one act)
            for other in portions.get(key, []):
                differing = _portions_disagree(other, document)
                if differing is not None:
                    raise _disagreement(document, other, differing)
            if all(_content(other) != _content(document) for other in portions.get(key, [])):
                portions.setdefault(key, []).append(document)
            continue
        other = kept.get(key)
        if other is None:
            kept[key] = document
        elif _content(other) != _content(document):
            theirs = {u.path: u for u in other.units}
            differing = next(
                (u for u in document.units if _content_of(theirs.get(u.path)) != _content_of(u)), document.units[0]
            )
            raise _disagreement(document, other, differing)
    return [*kept.values(), *(document for found in portions.values() for document in found)]


def _disagreement(document: SourceDocument, other: SourceDocument, differing: Unit) -> SourceError:
    """Two files that read otherwise for the same expression: the error naming the first provision that differs."""
    return SourceError(
        document.path,
        differing.line,
        f"{differing.eid or differing.path} reads otherwise than in {other.path} for the same expression "
        f"({document.frbr_work} at {document.expression_date}, {document.language}); ingest one of them",
    )


def _portions_disagree(one: SourceDocument, other: SourceDocument) -> Unit | None:
    """The first provision two portions of one expression both hold as a provision of its own (not a container of
    what each holds: a Part's window in a fragment reflects the fragment) and read otherwise, or None."""

    def containers(document: SourceDocument) -> set[str]:
        return {u.parent_path for u in document.units if u.parent_path is not None}

    around = containers(one) | containers(other)
    theirs = {u.path: u for u in one.units}
    return next(
        (
            u
            for u in other.units
            if u.path in theirs and u.path not in around and _content_of(theirs[u.path]) != _content_of(u)
        ),
        None,
    )


def is_bookkeeping(predicate: str, obj: str) -> bool:
    """Whether the planner looks at a quad again once emitted (by its predicate and object as N-Triples): which
    events and changesets a write records, and what each changeset says of its source (`lexrdf.active`,
    `provenance_quads`). A write's spool keeps these aside, so no one reads a large write back to find them."""
    return predicate in _BOOKKEEPING or (predicate == RDF_T.type and obj in _BOOKKEEPING_TYPES)


# acts are written in groups of about this many quads (one group commit: Store.add_act_graphs)
GROUP_QUADS = TUNING.group_quads
# An ingest of more than `Settings.ingest_stream_mb` of sources (10^7 quads are 432 MB of Akoma Ntoso, 10^6 43 MB)
# streams its groups into the store as they are planned (`Segment`), in groups that grow with what it wrote: each
# group is one bulk load, and each load into a large store costs RocksDB a compaction of what it holds (measured at
# 10^7 quads: 112 s of processor time for 94 loads, 27 s for 7). A smaller ingest writes groups of at most
# `GROUP_QUADS`, each loaded at once, the first of `FIRST_GROUP_QUADS`.
#: The first group of an ingest that is not streamed: two acts of the bench's synthetic corpus, so that the writer
#: starts on an empty store once two acts are planned, not four. Measured on two cores, 8 interleaved pairs of whole
#: ingests of 10^5 quads (7 acts, planned in processes): 1.88-1.96 s against 2.01-2.25 s with 50,000; at 10^6 quads
#: 20.1-21.1 s against 19.7-22.3 s (no change). Smaller, each act its own load at first, was no faster (1.94-2.21 s).
FIRST_GROUP_QUADS = 25_000


def group_quads(written: int, remaining: int = 0, streamed: bool = False) -> int:
    """How many quads the next group commit of an ingest gathers, once `written` are handed to the writer and about
    `remaining` are still to come: `FIRST_GROUP_QUADS` at first, doubling up to `GROUP_QUADS`, so that the writer (the
    ingest's critical path) starts early and then writes in groups large enough to cost little per quad. A
    `streamed` group starts at a quarter of it and keeps doubling, as large as what was written before it, but no
    larger than what remains after it, so that groups shrink again towards the end and the last one, written once
    everything is planned, is small.

    >>> [group_quads(written) for written in (0, 25_000, 50_000, 100_000, 199_999, 10**6)]
    [25000, 25000, 50000, 100000, 199999, 200000]
    >>> [group_quads(w, r, streamed=True) for w, r in ((0, 10**7), (10**6, 10**7), (4 * 10**6, 10**6), (10**7, 0))]
    [50000, 1000000, 1000000, 50000]
    """
    if streamed:
        return max(GROUP_QUADS // 4, min(written, remaining))
    return min(GROUP_QUADS, max(FIRST_GROUP_QUADS, written))


_BOOKKEEPING_TYPES = frozenset((LEX_T.Event, LEX_T.Changeset))
_BOOKKEEPING = frozenset((LEX_T.sourceFile, LEX_T.submittedBy, PROV_T.startedAtTime))


@dataclass
class ActWrite:
    """What ingesting some documents would add to one act's graph: its quads in a spool, which moves them to disk
    when they are many (an act's write must not need several times the memory of its model)."""

    act: str
    quads: QuadSpool | Serialized | list[Quad] = field(default_factory=lambda: QuadSpool(keep=is_bookkeeping))
    documents: list[SourceDocument] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # paths of the documents that add something
    provisions: int = 0
    versions: int = 0
    records: int = 0
    events: int = 0
    pending: Pending = field(default_factory=Pending)  # its changesets: times fixed when the write commits
    feed_hashes: dict[str, str] = field(default_factory=dict)  # changes feeds whose effects it records, by path
    views: dict[str, Serialized] | None = None  # its view graphs, derived from its graph as validated (None: later)
    # its index texts (lexrdf.search.texts), read from its graph as validated (None: read after the write)
    texts: list[dict[str, Any]] | None = None
    described: set[str] = field(default_factory=set)  # what it says of acts, once (lexrdf.emit.Emitter.describe)


def read_all(
    paths: Iterable[str | Path],
    progress: Progress | None = None,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
    processes: int = 1,
) -> list[list[SourceDocument]]:
    """Read and map every file within `limits` (so that a bad one stops everything before any write), grouped by
    act; each document knows the SHA-256 of its file (its changesets record it). Only the mapped documents are
    kept, not their XML trees. Up to `processes` processes map the files (lexrdf.parallel: the same documents in
    the same order, the same first error). A changes feed among them is refused here: `read_sources` reads feeds
    too."""
    groups, feeds = read_sources(paths, progress, limits, processes)
    if feeds:
        raise SourceError(feeds[0].path, None, "a changes feed: read it with read_sources (ingest does)")
    return groups


def read_sources(
    paths: Iterable[str | Path],
    progress: Progress | None = None,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
    processes: int = 1,
) -> tuple[list[list[SourceDocument]], list[EffectsFeed]]:
    """`read_all`, and the changes feeds among the files (routed by their root element, lexrdf.mapping.effects)."""
    documents: list[SourceDocument] = []
    feeds: list[EffectsFeed] = []
    for source in read_files(collect_files(paths), limits, processes, progress):
        (feeds if isinstance(source, EffectsFeed) else documents).append(source)
    by_work: dict[str, list[SourceDocument]] = {}
    for document in documents:
        by_work.setdefault(document.frbr_work, []).append(document)
    groups = [
        sorted(_one_per_expression(group), key=lambda d: (d.expression_date, d.language, d.expression_version))
        for group in by_work.values()
    ]
    return groups, feeds


def feed_targets(
    feeds: list[EffectsFeed], groups: list[list[SourceDocument]], acts: list[str], minter: IriMinter
) -> list[tuple[int, str]]:
    """The group index and IRI of every held act the feeds affect. A feed's effects are part of the affected act's
    history and are recorded in that act's graph, so only the effects on acts held (stored, or ingested in this run)
    are recorded; those on any other act are left out, one notice per act naming the file, the line of its first
    effect, the act and how many effects (ingest the act, then the feed again). A held act this run ingests nothing
    else for gets a group of its own (no documents: only the feed's events)."""
    found: dict[str, int] = {}
    for feed in feeds:
        kept, left_out = [], {}
        for effect in feed.effects:
            act = minter.known.act(effect.affected)
            if act is None:
                left_out.setdefault(effect.affected, []).append(effect)
                continue
            kept.append(effect)
            if act not in found:
                if act not in acts:
                    groups.append([])
                    acts.append(act)
                found[act] = acts.index(act)
        feed.effects = kept
        for affected, effects in left_out.items():
            title = f" ({effects[0].affected_title})" if effects[0].affected_title else ""
            feed.notices.append(
                f"{feed.path}:{effects[0].line}: {len(effects)} effect{'s' if len(effects) > 1 else ''} on "
                f"{affected}{title}, an act not held: not recorded (ingest the act, then the feed again)"
            )
    return [(index, act) for act, index in found.items()]


def _feed_references(feeds: list[EffectsFeed]) -> set[str]:
    return {uri for feed in feeds for effect in feed.effects for uri in (effect.affected, effect.affecting)}


def plan_late_groups(
    groups: list[list[SourceDocument]],
    acts: list[str],
    store: Store,
    minter: IriMinter,
    policy: SourcePolicy | None = None,
) -> dict[int, ActWrite]:
    """Plan, before anything is written, every act whose documents could be refused: one that gets an expression
    older than one already stored (it may contradict what later sources say), and every new expression of an act
    held or of an act several documents express (it may claim an identity that is not its own, or end many
    provisions without naming a repealing act: `lexrdf.source_checks`). A refusal then stops the whole batch with
    the store unchanged. Returns the writes planned, by group index, so that they are not planned twice."""
    return {
        index: plan_act(group, act, store, minter, policy)
        for index, (group, act) in enumerate(zip(groups, acts, strict=True))
        if could_be_refused(group, act, store)
    }


def could_be_refused(group: list[SourceDocument], act: str, store: Store) -> bool:
    """Whether planning these documents of `act` runs checks that could refuse them (see `plan_late_groups`)."""
    return len(group) > 1 or bool(expression_dates(store, act))


def refusals_end(groups: list[list[SourceDocument]], acts: list[str], store: Store) -> int:
    """How many acts, in order, an ingest plans before no refusal can stop it any more: up to the last act that could
    be refused (`could_be_refused`), none of them can be written."""
    could = [i for i, (group, act) in enumerate(zip(groups, acts, strict=True)) if could_be_refused(group, act, store)]
    return could[-1] + 1 if could else 0


def refuse_late_groups(
    groups: list[list[SourceDocument]], acts: list[str], store: Store, minter: IriMinter, policy: SourcePolicy
) -> None:
    """Run, without emitting anything, the checks `plan_late_groups` runs on every act whose documents could be
    refused: a refusal raises here, before anything is written (what an ingest planning in processes whose groups
    are not streamed does before its first write, its acts being planned meanwhile)."""
    for group, act in zip(groups, acts, strict=True):
        if could_be_refused(group, act, store):
            plan_act(group, act, store, minter, policy, emit=False).quads.close()


def plan_act(
    group: list[SourceDocument],
    act: str,
    store: Store,
    minter: IriMinter,
    policy: SourcePolicy | None = None,
    clock: Clock | ReservedTimes | None = None,
    emit: bool = True,
) -> ActWrite:
    """Version one act's documents against the store: the quads they would add, their changesets given provisional
    times by `clock` (the store's by default). Each document that is a new expression of the act as held (or as an
    earlier document expressed it) is checked first (`policy`); without `emit`, only those checks are run and
    nothing is added."""
    policy = policy or SourcePolicy()
    clock = clock or store.clock
    write = ActWrite(act, store.spool(keep=is_bookkeeping), documents=group)
    stored = read_stored_act(store, write.act)
    identity = stored_identity(store, write.act, stored)
    stored.announced = announced_changes(store, write.act)  # what amending acts stored say they change here
    current_to = stored_currency(store, write.act)
    known = expression_dates(store, write.act)
    for document in group:
        if document.expression_version < known.get(document.expression_date, 0):
            # an earlier version of an expression held in a later, corrected version: nothing of it is recorded
            document.notices.append(
                f"{document.path}: version {document.expression_version} of the expression of "
                f"{document.expression_date} is older than version {known[document.expression_date]}, already held: "
                "not ingested (the later version corrects it)"
            )
            continue
        # an expression older than one already stored fills the history behind it (archives back-filled)
        next_expression = min((d for d in known if d > document.expression_date), default=None)
        # another expression of the same date (another language) is stored: this one adds its texts, ends nothing
        companion = document.expression_date in known
        check_identity(document, identity, policy)
        plan = plan_document(document, stored, minter, next_expression, companion)
        check_mass_end(document, plan, stored, policy)
        identity = identity or ActIdentity.of_document(write.act, document)
        known[document.expression_date] = max(known.get(document.expression_date, 0), document.expression_version)
        # a later consolidation that confirms every text still tells how far the sources now vouch for it
        plan.advances_currency = bool(document.current_to and (current_to is None or document.current_to > current_to))
        if not (plan.changes_anything or plan.advances_currency):
            continue
        if plan.advances_currency:
            current_to = document.current_to
        write.changed.append(document.path)
        if emit:
            recorded_at = clock.next()  # provisional: the store stamps the commit's time (lexrdf.txtime)
            changeset = minter.new_changeset(recorded_at)
            write.pending.add(recorded_at, changeset)
            emit_act(document, plan, minter, changeset, recorded_at, stored.events, write.quads, write.described)
        write.provisions += len(plan.new_provisions)
        write.versions += len(plan.new_versions)
        write.records += len(plan.new_records)
        write.events += len(set(plan.events) - stored.events)
        apply_plan(stored, plan, minter, document.language)
    return write


def prepare(
    paths: Iterable[str | Path],
    store: Store,
    settings: Settings,
    progress: Progress | None = None,
    policy: SourcePolicy | None = None,
) -> list[ActWrite]:
    """Read, map and version every file against the store, without writing: one ActWrite per act."""
    policy = policy or SourcePolicy()
    groups, acts, minter, planned, active, feeds = _plan_all(paths, store, settings, progress, policy)
    hashes = {feed.path: feed.source_sha256 for feed in feeds if feed.source_sha256}
    writes = []
    for i, group in enumerate(groups):
        write = planned.get(i) or plan_act(group, acts[i], store, minter, policy)
        write.feed_hashes = hashes
        writes.append(_with_provenance(_with_active(write, active, i, store, minter), policy))
    return writes


def _superseded_versions(groups: list[list[SourceDocument]], acts: list[str], store: Store) -> None:
    """An earlier version of an expression held in a later version records nothing, not even the changes it makes
    to other acts (`plan_act` says so and skips it)."""
    for group, act in zip(groups, acts, strict=True):
        if not any(document.expression_version for document in group):
            continue
        held = expression_dates(store, act)
        for document in group:
            if document.expression_version < held.get(document.expression_date, 0):
                document.active_modifications.clear()


def _plan_all(
    paths: Iterable[str | Path],
    store: Store,
    settings: Settings,
    progress: Progress | None,
    policy: SourcePolicy,
    plan_late: bool = True,
) -> tuple[list[list[SourceDocument]], list[str], IriMinter, dict[int, ActWrite], ActivePlan, list[EffectsFeed]]:
    """Read every file, name each act, plan the writes that could be refused (unless not `plan_late`: the caller
    then checks them before its first write, or commits nothing before they are planned: `ingest`) and resolve the
    active modifications and the changes feeds' effects: everything decided before the first write."""
    minter = IriMinter(settings.base_iri)
    groups, feeds = read_sources(paths, progress, settings.source_limits, settings.ingest_processes)
    references = _feed_references(feeds)
    carrying = _carrying_all(store, groups, references)
    acts = [act_iri_for(store, minter, group, carrying) for group in groups]
    minter = minter.knowing(known_acts(store, groups, acts, references, carrying))
    targets = feed_targets(feeds, groups, acts, minter)
    _superseded_versions(groups, acts, store)
    planned = plan_late_groups(groups, acts, store, minter, policy) if plan_late else {}
    active = plan_active(groups, acts, store, minter)
    plan_feeds(feeds, targets, groups, acts, store, minter, active)
    return groups, acts, minter, planned, active, feeds


def keep_sources(groups: list[list[SourceDocument]], settings: Settings) -> list[str]:
    """Keep each source file's bytes beside the store under its SHA-256 (lexrdf.store.sources), as the changesets
    record it; a notice for a file whose bytes changed since they were read (then none are kept)."""
    archive = SourceArchive(Path(settings.store))
    notices = []
    for document in (document for group in groups for document in group if document.source_sha256):
        if archive.path(document.source_sha256).exists():  # type: ignore[union-attr]
            continue
        if archive.keep(Path(document.path), document.source_sha256) is None:
            notices.append(f"{document.path}: changed while it was ingested; its source XML is not kept")
    return notices


def _with_provenance(write: ActWrite, policy: SourcePolicy) -> ActWrite:
    """Record on each changeset of the write what submitted it: the file's SHA-256 and who (`lex:sourceFile`
    already names the file)."""
    hashes = {document.path: document.source_sha256 for document in write.documents if document.source_sha256}
    hashes |= write.feed_hashes
    write.quads.extend(provenance_quads(write.quads.kept, hashes, policy.submitter()))
    return write


def _with_active(
    write: ActWrite,
    active: ActivePlan,
    index: int,
    store: Store,
    minter: IriMinter,
    clock: Clock | ReservedTimes | None = None,
) -> ActWrite:
    """Add to an act's write the events its active modifications record on other acts (lexrdf.active); new
    changesets take provisional times from `clock` (the store's by default)."""
    if index not in active.events:
        return write
    clock = clock or store.clock

    def new_changeset() -> tuple[str, datetime]:
        recorded_at = clock.next()
        changeset = minter.new_changeset(recorded_at)
        write.pending.add(recorded_at, changeset)
        return changeset, recorded_at

    source = write.documents[-1].path if write.documents else ""
    own = [event for event in active.events[index] if event.feed is None]
    added = active_quads(own, active.stored, minter, write.quads.kept, source, new_changeset, write.described)
    for feed in sorted({event.feed for event in active.events[index] if event.feed is not None}):
        # a feed's events are recorded by a changeset of their own, naming the feed as its source file
        events = [event for event in active.events[index] if event.feed == feed]
        pending = [*write.quads.kept, *added]
        added += active_quads(events, active.stored, minter, pending, feed, new_changeset, write.described)
        write.changed.append(feed)
    write.events += sum(1 for q in added if q.predicate == RDF.type and q.object == LEX.Event)
    write.quads.extend(added)
    return write


ActWrites = Iterator[tuple[ActWrite, Report | None, list[str]]]  # each act's write, its report if known, notices


def _source_sizes(files: list[Path]) -> list[int]:
    """The files' sizes in bytes (none if one cannot be read: reading reports it)."""
    try:
        return [file.stat().st_size for file in files]
    except OSError:
        return []


def _plans_in_processes(store: Store, settings: Settings, sizes: list[int]) -> bool:
    """Whether an ingest of files of these sizes plans its acts in worker processes (lexrdf.planning): on an
    embedded store being written, when the files are worth a pool of `settings.ingest_processes`
    (`lexrdf.parallel.worth_a_pool`)."""
    if not isinstance(store, EmbeddedStore) or store.read_only or settings.ingest_processes < 2:
        return False
    return worth_a_pool(sizes, settings.ingest_processes)


@dataclass(frozen=True)
class _Planning:
    """What planning any act of one ingest needs, decided before the first write (`_plan_all`)."""

    acts: list[str]
    store: Store
    minter: IriMinter
    policy: SourcePolicy
    active: ActivePlan
    feed_hashes: dict[str, str]

    def here(self, index: int, documents: list[SourceDocument], planned: ActWrite | None = None) -> ActWrite:
        """Group `index` planned on this thread (unless `planned` already), with its active events and provenance."""
        write = planned or plan_act(documents, self.acts[index], self.store, self.minter, self.policy)
        write.feed_hashes = self.feed_hashes
        return _with_provenance(_with_active(write, self.active, index, self.store, self.minter), self.policy)


def _notices(documents: list[SourceDocument]) -> list[str]:
    return [notice for document in documents for notice in document.notices]


def _planned_here(groups: list[list[SourceDocument]], planning: _Planning, planned: dict[int, ActWrite]) -> ActWrites:
    """Each act planned on this thread, in order (those `plan_late_groups` planned already are not planned again)."""
    for index, documents in enumerate(groups):
        yield planning.here(index, documents, planned.pop(index, None)), None, _notices(documents)
        groups[index] = []  # planned: the act's documents live on in its write only while it is written


#: the notice of an ingest whose planning workers stopped (its acts are then planned on its own thread)
WORKERS_STOPPED = (
    "the planning workers stopped part-way (one was killed, or could not start: a script that runs an ingest must "
    'guard it with `if __name__ == "__main__":`, for each worker runs the main script again); the acts left were '
    "planned on the ingest's own process"
)


def _planned_in_processes(
    pool: PlanningPool, groups: list[list[SourceDocument]], planning: _Planning, checks_first: bool
) -> ActWrites:
    """Each act planned by the pool's workers, in order. The checks that could refuse an act run there, as they plan
    it (a refusal is raised here, when its act's turn comes); with `checks_first`, they are also run here, once the
    first acts are handed out and before anything is yielded (`refuse_late_groups`). An act too large for a worker's
    memory, or every act once a worker died, is planned on this thread."""
    handed_out = pool.planned(groups, planning.acts, planning.feed_hashes)
    first = next(handed_out, None)
    if checks_first:
        refuse_late_groups(groups, planning.acts, planning.store, planning.minter, planning.policy)
    broken = False
    for index, future in itertools.chain([first] if first else [], handed_out):
        try:
            planned = future.result()
        except BrokenProcessPool:
            planned = None
        documents = groups[index]
        if planned is None or planned.spilled:
            notices = _notices(documents)
            if planned is None and not broken:
                broken = True
                notices.append(WORKERS_STOPPED)
            yield planning.here(index, documents), None, notices
        else:
            yield planned.write(documents), planned.report, planned.notices
        groups[index] = []


def _spilled(write: ActWrite) -> bool:
    return isinstance(write.quads, QuadSpool) and write.quads.spilled


# acts whose search-index documents are replaced in one index commit while their group is written
INDEX_CHUNK = TUNING.index_chunk


def write_acts(store: Store, writes: Iterable[ActWrite], stream: bool = False) -> tuple[int, int]:
    """Write a group of acts' additions (one group commit: each act all or nothing, each its own change), each act
    taken as it comes (`writes` may be a `Segment` the ingest still feeds: `stream` it), with the views derived
    when it was validated (`whole` writes of the same commit). Meanwhile the search index (lexrdf.search) gets the
    documents of the acts journaled, `INDEX_CHUNK` acts a commit, from the texts read before the write; if the group
    fails, they are taken out again. Then the views left to the writer (an act validated on disk) are rebuilt, and
    the index documents of an act whose texts were not read. The quads added to the act graphs, and those the views
    hold."""
    from lexrdf.search import ensure_index, update_acts  # they read the store: imported when needed

    ensure_index(store)  # before the write (empty for a new store): the texts read before it are added to it
    acts: list[str] = []
    viewed: dict[str, int] = {}  # act -> the quads of the views written with it
    indexed: list[str] = []  # acts whose documents are handed to the indexer
    chunk: dict[str, list[dict[str, Any]]] = {}
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="lexrdf-index") as indexer:
        commits: list[Future[int | None]] = []

        def index(texts: dict[str, list[dict[str, Any]]]) -> None:
            indexed.extend(texts)
            commits.append(indexer.submit(update_acts, store, list(texts), texts=texts))

        def graph_writes() -> Iterator[GraphWrite]:
            nonlocal chunk
            for write in writes:
                acts.append(write.act)
                yield GraphWrite(NamedNode(write.act), write.quads, write.pending)
                if write.views is not None:
                    viewed[write.act] = sum(view.count for view in write.views.values())
                    yield from (GraphWrite(NamedNode(graph), view, whole=True) for graph, view in write.views.items())
                    write.views = None  # journaled: not kept while the rest of the group is written
                if isinstance(write.quads, QuadSpool):
                    write.quads.close()  # journaled too
                if write.texts is not None:  # journaled: the texts take the commit's times
                    chunk[write.act] = _committed(write.texts, write.pending)
                    write.texts = None
                    if len(chunk) >= INDEX_CHUNK:
                        index(chunk)
                        chunk = {}
            if chunk:  # every act journaled: indexed while the store commits them
                index(chunk)

        try:
            added = store.add_act_graphs(graph_writes(), stream=stream)
        except BaseException:
            for commit in commits:
                commit.exception()
            update_acts(store, indexed)  # the group is not written: its documents go (read from the store)
            raise
        for commit in commits:
            commit.result()
    rebuilt = rebuild_derived(store, *acts, viewed=viewed.keys(), indexed=set(indexed))
    return added, sum(viewed.values()) + rebuilt


SEGMENT_AHEAD = TUNING.segment_ahead  # acts planned that wait for a streamed group's writer ...
#: ... or more, as long as they add no more quads than this (about 400 MB with their views): when a large group ends,
#: the writer waits for the loader to sort its last batch and ingest its files (30 s at 10^7), and the next group's
#: acts are planned meanwhile instead of a few only
SEGMENT_AHEAD_QUADS = TUNING.segment_ahead_quads


class Segment:
    """The acts of one group commit, handed from the ingest's thread to the writer's: `streamed`, while the writer
    writes them (`write_acts` iterates it), at most `SEGMENT_AHEAD` acts, or acts of at most `SEGMENT_AHEAD_QUADS`
    quads, waiting between the two, so that what is planned ahead stays bounded; else handed over once whole.
    `close` ends it; `abort` ends it with an error, which the writer raises (nothing of the group is written)."""

    _END = object()

    def __init__(self, streamed: bool) -> None:
        self.streamed = streamed
        self._queue: collections.deque[Any] = collections.deque()
        self._changed = threading.Condition()
        self._waiting_quads = 0  # what the acts waiting in the queue add
        self.quads = 0  # what the acts put so far add (as planned)
        self.writing: Future[tuple[int, int]] | None = None  # the writer's task that writes it

    def put(self, write: ActWrite) -> None:
        """Hand an act to the writer, waiting while too much waits (streamed); the writer's error if it stopped."""
        self.quads += len(write.quads)
        if not self._hand(write, len(write.quads)):
            raise StoreError("the writer ended a group before it was complete")

    def close(self) -> None:
        if not self._hand(self._END):
            raise StoreError("the writer ended a group before it was complete")

    def abort(self) -> None:
        """End the group with an error, unless its writer stopped already (then no one waits for it)."""
        with contextlib.suppress(Exception):
            self._hand(StoreError("the ingest stopped before this group of acts was complete; nothing was written"))

    def _full(self) -> bool:
        return len(self._queue) >= SEGMENT_AHEAD and self._waiting_quads >= SEGMENT_AHEAD_QUADS

    def _hand(self, item: Any, quads: int = 0) -> bool:
        """Put `item` in the queue, an act waiting while it is full (streamed; the group's end or error never waits);
        False if the writer stopped meanwhile (its error is raised if it failed)."""
        with self._changed:
            while self.streamed and isinstance(item, ActWrite) and self._full():
                if self.writing is not None and self.writing.done():
                    self.writing.result()  # raises what stopped it
                    return False
                self._changed.wait(timeout=0.1)
            self._queue.append((item, quads))
            self._waiting_quads += quads
            self._changed.notify_all()
        return True

    def _take(self) -> Any:
        with self._changed:
            while not self._queue:
                self._changed.wait()
            item, quads = self._queue.popleft()
            self._waiting_quads -= quads
            self._changed.notify_all()
        return item

    def __iter__(self) -> Iterator[ActWrite]:
        while (item := self._take()) is not self._END:
            if isinstance(item, BaseException):
                raise item
            yield item


def _write_after(previous: Future[tuple[int, int]] | None, store: Store, segment: Segment) -> tuple[int, int]:
    """`write_acts` of a segment, unless the group before it failed (then nothing of it is written: groups are
    written in order, and an ingest stops at its first failed group)."""
    if previous is not None:
        previous.result()  # the group before it failed: its error is raised again, and nothing of this one written
    return write_acts(store, segment, segment.streamed)


def _committed(texts: list[dict[str, Any]], pending: Pending) -> list[dict[str, Any]]:
    """Texts read from a graph before its write, with the transaction times the write committed at."""
    restamp = pending.restamper()
    return [
        {**text, "recorded": restamp(text["recorded"]), "superseded": restamp(text["superseded"])} for text in texts
    ]


def check(write: ActWrite, store: Store, locate: str = "all", derive_views: bool = False) -> Report:
    """Validate the act's graph as it would be after the write: what is stored plus what is added, in memory; with
    `derive_views`, a conforming act's views are derived from that same graph (`write.views`: lexrdf.views.derive,
    so that the writer does not query them again). A write too large for memory (its spool on disk) is validated
    in a scratch store on disk beside its spool, and its views are left to the writer."""
    graph = NamedNode(write.act)
    if not _spilled(write):
        report, after, _ = check_in_memory(write, store, locate)
        if derive_views and report.conforms:
            write.views = derive(after, write.act)
        return report
    with write.quads.scratch() as scratch:
        stored = scratch / "stored.nt"
        with stored.open("wb") as output:
            store.dump(output, graph)
        return validate_files(graph, stored, write.quads.path(), scratch / "store", locate=locate)


def check_in_memory(write: ActWrite, store: Store, locate: str = "all") -> tuple[Report, pyoxigraph.Store, bool]:
    """`check` of a write held in memory: its report, the in-memory store of the act's graph as it would be after
    the write, and whether the store held any of that graph before."""
    graph = NamedNode(write.act)
    stored = list(store.graph_quads(graph))
    if isinstance(write.quads, QuadSpool):  # its lines, loaded as they are
        after = graph_store(stored, write.quads.data())
    else:
        after = graph_store([*stored, *write.quads])
    return validate_store(after, graph, locate=locate), after, bool(stored)


def ingest(
    paths: Iterable[str | Path],
    store: Store,
    settings: Settings,
    progress: Progress | None = None,
    policy: SourcePolicy | None = None,
) -> IngestSummary:
    """Ingest source files. Every file is read and mapped first; then, act by act, the additions are versioned,
    validated (SHACL) and, if the act conforms, written with the acts before it in a group of about `group_quads`
    quads (one group commit, each act all or nothing and its own change) while the next acts are prepared, and the
    group's views rebuilt. An act with violations is not written (the others are) and its report is in the
    summary; an act to which nothing is added is not written and its views are left as they are. What a source may
    do to an act held is checked before anything is committed (`policy`: lexrdf.source_checks): before the first
    write, or, when groups planned in worker processes are streamed, in the workers as they plan each act, the acts
    up to the last one that could be refused being streamed into one group that commits only once that act is
    planned; either way a refusal leaves the store as it was. Each changeset records what submitted it."""
    started = time.perf_counter()
    policy = policy or SourcePolicy()
    files = collect_files(paths)  # once: the folders are not searched again
    sizes = _source_sizes(files)
    pooled = _plans_in_processes(store, settings, sizes)
    streamed = sum(sizes) > settings.ingest_stream_mb * 1_000_000  # groups streamed as their acts are planned
    # An ingest planning in processes whose groups are handed over whole runs the checks that could refuse an act on
    # its own thread before its first write (`refuse_late_groups`) and writes its groups as they are planned. One that
    # streams them has the workers run the checks as they plan each act, so that no act is planned twice, and streams
    # the acts up to the last one that could be refused into one group, which commits only once that act is planned
    # (`refusals_end`). Measured on two cores, interleaved (synthetic Akoma Ntoso, every principal act in several
    # expressions): at 14 MB of sources 16.5-17.0 s checked first against 16.7-18.2 s gated (a group that waits is
    # one load, sorted once everything is planned); at 432 MB the checks held back the first write by 18.5 s.
    checks_first = not streamed
    if pooled:
        start_fork_server()  # it boots while the files are read: the planning pool finds it ready
    groups, acts, minter, planned, active, feeds = _plan_all(files, store, settings, progress, policy, not pooled)
    hashes = {feed.path: feed.source_sha256 for feed in feeds if feed.source_sha256}
    # acts planned (in order) before a group may commit, when the workers run the checks that could refuse one
    gate = refusals_end(groups, acts, store) if pooled and not checks_first else 0
    summary = IngestSummary(files=sum(len(group) for group in groups) + len(feeds))
    summary.notices.extend(notice for feed in feeds for notice in feed.notices)
    summary.notices.extend(keep_sources(groups, settings))  # before any write: no changeset names missing bytes
    planning = _Planning(acts, store, minter, policy, active, hashes)
    with contextlib.ExitStack() as stack:
        writer = stack.enter_context(ThreadPoolExecutor(max_workers=1, thread_name_prefix="lexrdf-writer"))
        stack.enter_context(collector_paused())  # many short-lived term objects, and no cycles
        if pooled:
            from lexrdf.planning import PlanningPool  # it plans with this module: imported when needed

            assert isinstance(store, EmbeddedStore)
            processes = min(settings.ingest_processes, len(groups))
            pool = stack.enter_context(PlanningPool(store, minter, policy, active, processes, pool_context()))
            writes = _planned_in_processes(pool, groups, planning, checks_first)
        else:
            writes = _planned_here(groups, planning, planned)
        groups_written: collections.deque[Future[tuple[int, int]]] = collections.deque()  # oldest first
        segment: Segment | None = None  # the group being handed to the writer
        submitted = 0  # quads (as planned) in the groups ended so far
        handed = 0  # acts handed to the writer

        def written(future: Future[tuple[int, int]]) -> None:
            added, view_quads = future.result()
            summary.quads += added
            summary.view_quads += view_quads

        def hand_over(segment: Segment) -> None:
            previous = groups_written[-1] if groups_written else None
            segment.writing = writer.submit(_write_after, previous, store, segment)
            groups_written.append(segment.writing)

        def end_segment() -> None:
            nonlocal segment, submitted
            if segment is not None:
                segment.close()
                if not segment.streamed:  # handed over whole once the group before it is written: one in flight
                    while groups_written:
                        written(groups_written.popleft())
                    hand_over(segment)
                submitted, segment = submitted + segment.quads, None
            while len(groups_written) > 1:  # the group before the last is written (one writer): counted
                written(groups_written.popleft())

        try:
            for index, (write, report, notices) in enumerate(writes, 1):
                # what the act's sources say that cannot be used, the planner's notices on them included (once planned)
                summary.notices.extend(notices)
                if write.quads or report is not None:  # a worker's refused act comes back with its report, no quads
                    report = report or check(write, store, locate="violations", derive_views=True)  # warnings: counted
                    summary.reports[write.act] = report
                    if not report.conforms:
                        summary.refused.append(write.act)
                        continue
                    if segment is None:
                        segment = Segment(streamed or index <= gate)  # a group that waits for refusals is streamed
                        if segment.streamed:  # the writer takes its acts as they come
                            hand_over(segment)
                    segment.put(write)
                    handed += 1
                    remaining = (submitted + segment.quads) * (len(groups) - index) // handed  # about, as planned
                    large = segment.quads >= group_quads(submitted, remaining, segment.streamed) or _spilled(write)
                    if large and index >= gate:  # and no act after it could be refused
                        end_segment()
                summary.acts += 1
                summary.act_iris.append(write.act)
                summary.provisions += write.provisions
                summary.versions += write.versions
                summary.records += write.records
                summary.events += write.events
                if progress:
                    progress("validating and writing", index, len(groups))
        except BaseException:
            if segment is not None:
                segment.abort()  # the writer stops waiting for its acts and writes none of them
            raise
        end_segment()  # the last group
        while groups_written:
            written(groups_written.popleft())
    summary.notices += active.all_notices
    summary.seconds = time.perf_counter() - started
    return summary
