"""Parallel ingest (lexrdf.parallel): files mapped on several processes give the store, the errors and the progress
that mapping them one after another gives. The pools are forced on (`MIN_POOL_BYTES = MIN_READING_POOL_BYTES = 0`):
these corpora are too small for ingest to start one by itself."""

from __future__ import annotations

import pickle
import shutil
from dataclasses import fields
from datetime import date
from pathlib import Path

import pytest
from conftest import BASE, SAMPLES, SHARED_DATA, needs_shared
from templates import ingested_copy
from test_crash_safety import canonical, canonical_of

from lexrdf import parallel
from lexrdf.api import Lexrdf
from lexrdf.errors import SourceError
from lexrdf.ingest import planning
from lexrdf.ingest.sources import collect_files
from lexrdf.model import ActiveModification, ActReference, EventRef, Modification, Unit, Window
from lexrdf.parallel import file_sha256
from lexrdf.settings import Settings, SourceLimits

AKN = SHARED_DATA / "akn"


@pytest.fixture
def pooled(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every ingest starts a pool, whatever the size of its files; yields the number of files each pool read."""
    monkeypatch.setattr(parallel, "MIN_POOL_BYTES", 0)
    monkeypatch.setattr(parallel, "MIN_READING_POOL_BYTES", 0)
    return reading_pools(monkeypatch)


def reading_pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of files each reading pool started from now on reads, one entry a pool."""
    pools: list[int] = []
    read_in_pool = parallel._read_in_pool

    def counted(files, *args, **kwargs):
        pools.append(len(files))
        return read_in_pool(files, *args, **kwargs)

    monkeypatch.setattr(parallel, "_read_in_pool", counted)
    return pools


def ingested(store: Path, paths: list[Path], processes: int, **limits: int) -> dict[str, frozenset[str]]:
    """The store after ingesting `paths` with `processes` processes, each graph canonical (test_crash_safety)."""
    lex = Lexrdf.open(Settings(store=store, base_iri=BASE, ingest_processes=processes, **limits))
    try:
        lex.ingest(paths)
        return canonical(lex.store.raw)
    finally:
        lex.close()


def test_parallel_and_sequential_ingest_write_the_same_store(tmp_path, tmp_path_factory, pooled):
    needs_shared(AKN)
    paths = [SAMPLES, AKN]
    # the sequential ingest of them into a new store, on one process (the run's shared one, tests/templates.py)
    sequential = canonical_of(ingested_copy(paths, tmp_path_factory, "sequential", processes=1)[0])
    in_parallel = ingested(tmp_path / "parallel", paths, 2)
    assert pooled == [len(collect_files(paths))]
    assert len(sequential) > 10 and in_parallel == sequential  # graph by graph, quad for quad


def test_documents_come_back_in_file_order_with_their_sha256_and_progress_for_every_file(pooled):
    files = collect_files([SAMPLES])
    reports: dict[int, list[tuple[str, int, int]]] = {1: [], 2: []}
    read = {
        processes: parallel.read_files(
            files, processes=processes, progress=lambda *r, p=processes: reports[p].append(r)
        )
        for processes in (1, 2)
    }
    assert pooled == [len(files)]
    for processes, sources in read.items():
        assert [source.path for source in sources] == [str(path) for path in files]
        assert [source.source_sha256 for source in sources] == [file_sha256(path) for path in files]
        assert reports[processes] == [("reading", done, len(files)) for done in range(1, len(files) + 1)]
    assert read[2] == read[1]


def bad_corpus(directory: Path) -> Path:
    """The samples with two bad files among them: `b-broken.xml` (not well-formed) comes first in file order,
    `d-empty.xml` (not even an element) later."""
    shutil.copytree(SAMPLES, directory)
    (directory / "b-broken.xml").write_text(
        '<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0">\n<act'
    )
    (directory / "d-empty.xml").write_text("")
    return directory


@pytest.mark.parametrize("processes", [1, 2])
def test_the_first_bad_file_in_file_order_is_reported_and_nothing_is_written(tmp_path, pooled, processes):
    corpus = bad_corpus(tmp_path / "corpus")
    lex = Lexrdf.open(Settings(store=tmp_path / "store", base_iri=BASE, ingest_processes=processes))
    try:
        with pytest.raises(SourceError) as raised:
            lex.ingest([corpus])
        assert list(lex.store.raw.named_graphs()) == []
    finally:
        lex.close()
    assert type(raised.value) is SourceError
    assert raised.value.path == str(corpus / "b-broken.xml") and raised.value.line == 2
    assert str(raised.value).startswith(f"{corpus / 'b-broken.xml'}:2: not well-formed XML")
    assert pooled == ([len(collect_files([corpus]))] if processes > 1 else [])


def test_a_bad_file_gives_the_same_error_in_both_modes(tmp_path, pooled):
    corpus = bad_corpus(tmp_path / "corpus")
    errors = {}
    for processes in (1, 2):
        with pytest.raises(SourceError) as raised:
            parallel.read_files(collect_files([corpus]), processes=processes)
        errors[processes] = (type(raised.value), str(raised.value), raised.value.path, raised.value.line)
    assert errors[2] == errors[1]


def test_the_limits_hold_in_every_process(tmp_path, pooled):
    files = collect_files([SAMPLES])
    limits = SourceLimits(max_units=5)
    errors = []
    for processes in (1, 2):
        with pytest.raises(SourceError) as raised:
            parallel.read_files(files, limits, processes)
        errors.append(str(raised.value))
    assert errors[0] == errors[1] and "max_units=5" in errors[0] and errors[0].startswith(str(files[0]))


def test_what_a_document_holds_travels_between_processes_field_for_field():
    """The model's slotted classes are pickled as their constructors' arguments (lexrdf.model): every field, set
    away from its default, comes back, in an object of the same class."""
    day, later = date(2001, 3, 14), date(2002, 1, 1)
    window = Window(day, later, applicable_from=later)
    objects = [
        window,
        EventRef("ev-1", day, "amendment", "https://e.org/act/2", line=7),
        Modification(
            "substitution",
            "#art_1",
            "https://e.org/act/2",
            "#art_9",
            day,
            line=3,
            until=later,
            note="words",
            of_unit=False,
            dates=(day, later),
        ),
        ActiveModification(
            "repeal",
            "https://e.org/act/3",
            "art_2",
            day,
            "art_1",
            "art_1",
            12,
            "mod_1",
            "#art_2",
            positional=True,
            target_expression=later,
            through="art_4",
            applied=False,
        ),
        Unit(
            "art_1",
            "art_1",
            "article",
            None,
            "1",
            "Scope",
            "Text.",
            window,
            5,
            notes=("n1",),
            unit_notes=("n2",),
            own_period=True,
        ),
        ActReference("/akn/xx/act/2001/2", "An act", day),
    ]
    for original in objects:
        travelled = pickle.loads(pickle.dumps(original, protocol=pickle.HIGHEST_PROTOCOL))
        assert type(travelled) is type(original) and travelled == original
        assert [getattr(travelled, name.name) for name in fields(original)] == [
            getattr(original, name.name) for name in fields(original)
        ]


def test_a_pool_is_started_only_for_several_files_large_enough():
    assert not parallel.worth_a_pool([50_000_000], processes=8)
    assert not parallel.worth_a_pool([10_000_000] * 4, processes=1)
    assert not parallel.worth_a_pool([100_000] * 4, processes=8)
    assert parallel.worth_a_pool([5_000_000] * 4, processes=2)


def test_sources_too_small_for_a_reading_pool_are_read_here_and_their_acts_planned_in_workers(tmp_path, monkeypatch):
    monkeypatch.setattr(parallel, "MIN_POOL_BYTES", 0)  # planning in workers; reading keeps its own threshold
    read_in_pools = reading_pools(monkeypatch)
    planned: list[int] = []
    handed_out = planning.PlanningPool.planned

    def counted(self, *args, **kwargs):
        for index, future in handed_out(self, *args, **kwargs):
            planned.append(index)
            yield index, future

    monkeypatch.setattr(planning.PlanningPool, "planned", counted)
    sequential = ingested(tmp_path / "sequential", [SAMPLES], 1)
    assert not planned
    in_workers = ingested(tmp_path / "in-workers", [SAMPLES], 2)
    assert read_in_pools == [] and planned  # read here, below MIN_READING_POOL_BYTES; planned by the pool
    assert in_workers == sequential
