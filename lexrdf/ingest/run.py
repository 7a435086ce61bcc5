"""`ingest`: the stages in order (sources, identity, planning, commit), each act validated and written with the
acts before it in a group commit while the next ones are planned, on this thread or in worker processes."""

from __future__ import annotations

import collections
import contextlib
import itertools
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from lexrdf.active.planning import ActivePlan, plan_active, plan_feeds
from lexrdf.gcpause import collector_paused
from lexrdf.ingest.commit import ActWrite, check, spilled
from lexrdf.ingest.groups import Segment, group_quads, write_after
from lexrdf.ingest.identity import act_iri_for, carrying_all, feed_references, feed_targets, known_acts
from lexrdf.ingest.planning import (
    PlanningPool,
    notices_of,
    plan_act,
    plan_late_groups,
    refusals_end,
    refuse_late_groups,
    with_active,
    with_provenance,
)
from lexrdf.ingest.sources import Progress, collect_files, keep_sources, read_sources, source_sizes
from lexrdf.mapping.effects import EffectsFeed
from lexrdf.model import SourceDocument
from lexrdf.parallel import pool_context, start_fork_server, worth_a_pool
from lexrdf.queries.repository import expression_dates
from lexrdf.settings import Settings
from lexrdf.source_checks import (
    SourcePolicy,
)
from lexrdf.store.base import Store
from lexrdf.store.embedded import EmbeddedStore
from lexrdf.uris import IriMinter
from lexrdf.validate import Report


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


def prepare(
    paths: Iterable[str | Path],
    store: Store,
    settings: Settings,
    progress: Progress | None = None,
    policy: SourcePolicy | None = None,
) -> list[ActWrite]:
    """Read, map and version every file against the store, without writing: one ActWrite per act."""
    policy = policy or SourcePolicy()
    groups, acts, minter, planned, active, feeds = plan_all(paths, store, settings, progress, policy)
    hashes = {feed.path: feed.source_sha256 for feed in feeds if feed.source_sha256}
    writes = []
    for i, group in enumerate(groups):
        write = planned.get(i) or plan_act(group, acts[i], store, minter, policy)
        write.feed_hashes = hashes
        writes.append(with_provenance(with_active(write, active, i, store, minter), policy))
    return writes


def _superseded_versions(groups: list[list[SourceDocument]], acts: list[str], store: Store) -> None:
    """An earlier version of an expression held in a later version records nothing, not even the changes it makes
    to other acts (`plan_act` says so and skips it)."""
    for group, act in zip(groups, acts, strict=True):
        if not any(document.expression_version for document in group):
            continue
        held = expression_dates(store, act)
        for document in group:
            if document.expression_version < held.versions.get(document.expression_date, 0):
                document.active_modifications.clear()


def plan_all(
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
    references = feed_references(feeds)
    carrying = carrying_all(store, groups, references)
    acts = [act_iri_for(store, minter, group, carrying) for group in groups]
    minter = minter.knowing(known_acts(store, groups, acts, references, carrying))
    targets = feed_targets(feeds, groups, acts, minter)
    _superseded_versions(groups, acts, store)
    planned = plan_late_groups(groups, acts, store, minter, policy) if plan_late else {}
    active = plan_active(groups, acts, store, minter)
    plan_feeds(feeds, targets, groups, acts, store, minter, active)
    return groups, acts, minter, planned, active, feeds


ActWrites = Iterator[tuple[ActWrite, Report | None, list[str]]]  # each act's write, its report if known, notices


@dataclass(frozen=True)
class Planning:
    """What planning any act of one ingest needs, decided before the first write (`plan_all`)."""

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
        return with_provenance(with_active(write, self.active, index, self.store, self.minter), self.policy)


def planned_here(groups: list[list[SourceDocument]], planning: Planning, planned: dict[int, ActWrite]) -> ActWrites:
    """Each act planned on this thread, in order (those `plan_late_groups` planned already are not planned again)."""
    for index, documents in enumerate(groups):
        yield planning.here(index, documents, planned.pop(index, None)), None, notices_of(documents)
        groups[index] = []  # planned: the act's documents live on in its write only while it is written


#: the notice of an ingest whose planning workers stopped (its acts are then planned on its own thread)
WORKERS_STOPPED = (
    "the planning workers stopped part-way (one was killed, or could not start: a script that runs an ingest must "
    'guard it with `if __name__ == "__main__":`, for each worker runs the main script again); the acts left were '
    "planned on the ingest's own process"
)


def _planned_in_processes(
    pool: PlanningPool, groups: list[list[SourceDocument]], planning: Planning, checks_first: bool
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
            notices = notices_of(documents)
            if planned is None and not broken:
                broken = True
                notices.append(WORKERS_STOPPED)
            yield planning.here(index, documents), None, notices
        else:
            yield planned.write(documents), planned.report, planned.notices
        groups[index] = []


def _plans_in_processes(store: Store, settings: Settings, sizes: list[int]) -> bool:
    """Whether an ingest of files of these sizes plans its acts in worker processes (lexrdf.ingest.planning): on an
    embedded store being written, when the files are worth a pool of `settings.ingest_processes`
    (`lexrdf.parallel.worth_a_pool`)."""
    if not isinstance(store, EmbeddedStore) or store.read_only or settings.ingest_processes < 2:
        return False
    return worth_a_pool(sizes, settings.ingest_processes)


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
    sizes = source_sizes(files)
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
    groups, acts, minter, planned, active, feeds = plan_all(files, store, settings, progress, policy, not pooled)
    hashes = {feed.path: feed.source_sha256 for feed in feeds if feed.source_sha256}
    # acts planned (in order) before a group may commit, when the workers run the checks that could refuse one
    gate = refusals_end(groups, acts, store) if pooled and not checks_first else 0
    summary = IngestSummary(files=sum(len(group) for group in groups) + len(feeds))
    summary.notices.extend(notice for feed in feeds for notice in feed.notices)
    summary.notices.extend(keep_sources(groups, settings))  # before any write: no changeset names missing bytes
    planning = Planning(acts, store, minter, policy, active, hashes)
    with contextlib.ExitStack() as stack:
        writer = stack.enter_context(ThreadPoolExecutor(max_workers=1, thread_name_prefix="lexrdf-writer"))
        stack.enter_context(collector_paused())  # many short-lived term objects, and no cycles
        if pooled:
            assert isinstance(store, EmbeddedStore)
            processes = min(settings.ingest_processes, len(groups))
            pool = stack.enter_context(PlanningPool(store, minter, policy, active, processes, pool_context()))
            writes = _planned_in_processes(pool, groups, planning, checks_first)
        else:
            writes = planned_here(groups, planning, planned)
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
            segment.writing = writer.submit(write_after, previous, store, segment)
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
                    large = segment.quads >= group_quads(submitted, remaining, segment.streamed) or spilled(write)
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
