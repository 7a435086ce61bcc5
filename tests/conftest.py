"""Shared fixtures: real on-disk stores, the real shared data, the bundled samples."""

from __future__ import annotations

import ast
import inspect
import multiprocessing.process
import multiprocessing.util
import os
import subprocess
import textwrap
from functools import cache
from pathlib import Path
from typing import NoReturn

import pytest
from clock import SteppingClock

import lexrdf.txtime
from lexrdf.api import Lexrdf
from lexrdf.ingest.run import IngestSummary
from lexrdf.settings import Settings

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"
SHARED_DATA = REPO.parent / "shared" / "data"
UKPGA = SHARED_DATA / "akn" / "legislation.gov.uk" / "ukpga-1998-29.xml"
VEREINSG = SHARED_DATA / "akn" / "legaldocml.de" / "vereinsgesetz"
BASE = "https://lexrdf.example.org"

# Every file of legislation.gov.uk in ../shared/data: CLML (not the changes feed) and its Akoma Ntoso export.
UK_FILES = (
    sorted(
        [p for p in (SHARED_DATA / "clml").rglob("*.xml") if "feed" not in p.name]
        + list((SHARED_DATA / "akn" / "legislation.gov.uk").glob("*.xml"))
    )
    if SHARED_DATA.exists()
    else []
)

# IRIs minted for the acts used in tests.
ODA = f"{BASE}/eli/xx/act/2001-03-14/12"  # Open Data Act 2001 (samples/expressions)
HARBOUR = f"{BASE}/eli/xx/act/1995-05-10/3"  # Harbour Act 1995 (samples/single)
DPA = f"{BASE}/eli/gb-ukm/act/1998-07-16/29"  # Data Protection Act 1998
VEREINSGESETZ = f"{BASE}/eli/de/act/1964-08-05/s593"
# Normattiva's Codice dell'amministrazione digitale (D.Lgs. 82/2005), consolidated text in force on 2025-01-30
CAD_FILE = SHARED_DATA / "akn" / "normattiva" / "20050516_005G0104_VIGENZA_20250130.xml"
CAD = f"{BASE}/eli/it/act/2005-03-07/82"


def unavailable(message: str) -> NoReturn:
    """Skip a test that cannot run on a developer's machine (a missing install, data or system feature); under CI
    (CI=true) fail instead, so that nothing skips silently there. The one way tests skip."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


def needs_shared(path: Path) -> None:
    """Skip a test whose real data is missing on a developer's machine; under CI (CI=true) fail instead."""
    if not path.exists():
        unavailable(f"shared data not found: {path} (expected ../shared/data beside the repository)")


def open_lex(directory: Path) -> Lexrdf:
    return Lexrdf.open(Settings(store=directory, base_iri=BASE))


@pytest.fixture
def lex(tmp_path: Path):
    """A fresh, empty on-disk store."""
    instance = open_lex(tmp_path / "store")
    yield instance
    instance.close()


@pytest.fixture(scope="module")
def samples_lex(tmp_path_factory: pytest.TempPathFactory):
    """A store holding the bundled sample corpus."""
    instance = open_lex(tmp_path_factory.mktemp("samples") / "store")
    instance.ingest([SAMPLES])
    yield instance
    instance.close()


@pytest.fixture(scope="session")
def dpa_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A closed store holding the Data Protection Act 1998, ingested once a test run (tests/templates.py): never
    opened by a test, only copied (`templates.store_copy`), so a test that writes to its copy changes no other
    test's DPA."""
    from templates import template

    needs_shared(UKPGA)
    return template([UKPGA], tmp_path_factory)[0]


def open_ingested(
    sources: list[Path], tmp_path_factory: pytest.TempPathFactory, name: str = "store"
) -> tuple[Lexrdf, IngestSummary]:
    """A store of the caller's own (named NAME) holding SOURCES as one ingest of them into a new store writes them,
    open, and what that ingest reported (a copy of the run's template, tests/templates.py); the caller closes it."""
    from templates import ingested_copy

    for source in sources:
        needs_shared(source)
    store, summary = ingested_copy(sources, tmp_path_factory, name)
    return open_lex(store), summary


@pytest.fixture
def ingested(tmp_path_factory: pytest.TempPathFactory):
    """`ingested(sources)`: a store of this test's own holding SOURCES as one ingest of them into a new store writes
    them, open, and what that ingest reported; the ingest is done once a test run (tests/templates.py), so a test
    that only reads what an ingest wrote need not repeat it. Closed when the test ends."""
    opened: list[Lexrdf] = []

    def open_copy(sources: list[Path]) -> tuple[Lexrdf, IngestSummary]:
        instance, summary = open_ingested(sources, tmp_path_factory)
        opened.append(instance)
        return instance, summary

    yield open_copy
    for instance in opened:
        instance.close()


@pytest.fixture(scope="module")
def dpa_server(dpa_template: Path, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest):
    """`lexrdf serve` on a copy of the session's DPA store, one a test module (its URL)."""
    from servers import lexrdf_serve
    from templates import store_copy

    store = store_copy(dpa_template, tmp_path_factory, f"dpa-{request.module.__name__}")
    with lexrdf_serve(store) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium (Debian's `/usr/bin/chromium`, driven by Playwright), one a test module."""
    from test_browser import CHROMIUM, CHROMIUM_ARGS, _needs_browser, sync_api

    _needs_browser()
    with sync_api.sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture(scope="module")
def dpa_lex(dpa_template: Path, tmp_path_factory: pytest.TempPathFactory):
    """A store holding the Data Protection Act 1998 (legislation.gov.uk single-document style): this module's own
    copy of the session's DPA store, so a test may write to it."""
    from templates import store_copy

    instance = open_lex(store_copy(dpa_template, tmp_path_factory, "dpa"))
    yield instance
    instance.close()


@pytest.fixture(scope="module")
def cad(tmp_path_factory: pytest.TempPathFactory):
    """A store holding Normattiva's CAD (`CAD_FILE`): this module's own copy of the run's CAD store
    (tests/templates.py), with what its ingest reported as `summary`."""
    instance, summary = open_ingested([CAD_FILE], tmp_path_factory, "cad")
    instance.summary = summary
    yield instance
    instance.close()


@pytest.fixture
def wall(monkeypatch: pytest.MonkeyPatch) -> SteppingClock:
    """The wall clock of this test's transaction times (tests/clock.py): moved by the test, never slept on."""
    clock = SteppingClock()
    monkeypatch.setattr(lexrdf.txtime, "wall_clock", clock)
    return clock


# The system tier: a test is `system` when its own code or a fixture it uses (or a function of the test helpers
# either calls, followed through their modules) names one of these: a subprocess (servers.py's `lexrdf serve`,
# `lexrdf` CLI runs, Jena, Virtuoso, oxigraph serve), uvicorn, an MCP stdio session, or Playwright's Chromium.
# (`lexrdf_serve` by name as well: the fixtures here import servers.py when called, since it imports this module)
# Worker processes count too: the ingest's planning and reading pools (`PlanningPool`, `_read_in_pool`, which tests
# force on; `ProcessPoolExecutor`, whose fork server starts even where a test makes it fail), the SPARQL endpoint's
# `QueryPool`, `oxigraph_server` (imported where it is used, so named here), and owlready2's `sync_reasoner` (HermiT
# on Java). `_stays_in_process` checks the marking as the tests run.
SYSTEM_NAMES = frozenset(
    {
        "subprocess",
        "uvicorn",
        "stdio_client",
        "sync_playwright",
        "async_playwright",
        "lexrdf_serve",
        "PlanningPool",
        "ProcessPoolExecutor",
        "_read_in_pool",
        "QueryPool",
        "oxigraph_server",
        "sync_reasoner",
    }
)
TESTS = Path(__file__).resolve().parent


def _ours(function) -> bool:
    """Whether FUNCTION is defined in a file under tests/ (not in pytest or a library)."""
    try:
        return Path(inspect.getsourcefile(inspect.unwrap(function)) or "").resolve().is_relative_to(TESTS)
    except TypeError:
        return False


@cache
def _names_and_helpers(function) -> tuple[frozenset[str], tuple]:
    """The names FUNCTION's code uses, and the helpers of tests/ among them (functions it names, or holds in a dict,
    list or tuple it names): read once a function, however many tests reach it."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return frozenset(), ()
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    namespace = getattr(function, "__globals__", {})
    named = [namespace.get(name) for name in names]
    named += [
        v for n in named if isinstance(n, dict | list | tuple) for v in (n.values() if isinstance(n, dict) else n)
    ]
    helpers = [inspect.unwrap(h) for h in named if callable(h) and inspect.isfunction(inspect.unwrap(h))]
    return frozenset(names), tuple(h for h in dict.fromkeys(helpers) if _ours(h))


def _starts_processes(function, seen: frozenset = frozenset()) -> bool:
    """Whether FUNCTION (a test, a fixture or a helper under tests/) names a SYSTEM_NAMES, directly or through a
    helper of tests/ it names (`_names_and_helpers`)."""
    function = inspect.unwrap(function)
    names, helpers = _names_and_helpers(function)
    if names & SYSTEM_NAMES:
        return True
    seen = seen | {function}
    return any(h not in seen and _starts_processes(h, seen) for h in helpers)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `system` each test whose code or fixtures start servers or subprocesses (`_starts_processes`):
    `pytest -m "not system"` is the in-process tier."""
    for item in items:
        function = getattr(item, "function", None)
        if function is None:
            continue
        info = getattr(item, "_fixtureinfo", None)
        fixtures = [d.func for defs in (info.name2fixturedefs.values() if info else ()) for d in defs]
        checked = [f for f in [function, *fixtures] if _ours(f) and f.__name__ != "_stays_in_process"]
        if any(_starts_processes(f) for f in checked):
            item.add_marker(pytest.mark.system)


@pytest.fixture(autouse=True)
def _stays_in_process(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch):
    """A test of the in-process tier (not marked `system`) that starts a process, through its own code or a fixture
    of its own scope, fails: the marking above is checked as the tests run, not only read from their names. Counted:
    a subprocess, a multiprocessing process (a pool's workers), the fork server."""
    if request.node.get_closest_marker("system"):
        yield
        return
    started: list[str] = []

    def counting(kind: str, start):
        def counted(*args, **kwargs):
            started.append(kind)
            return start(*args, **kwargs)

        return counted

    monkeypatch.setattr(subprocess.Popen, "__init__", counting("a subprocess", subprocess.Popen.__init__))
    process = multiprocessing.process.BaseProcess
    monkeypatch.setattr(process, "start", counting("a multiprocessing process", process.start))
    spawn = multiprocessing.util.spawnv_passfds
    monkeypatch.setattr(multiprocessing.util, "spawnv_passfds", counting("the fork server", spawn))
    yield
    if started:
        pytest.fail(
            f"{request.node.nodeid} started {', '.join(sorted(set(started)))} but is not marked system: name what "
            "starts it in conftest's SYSTEM_NAMES, or keep the test in this process"
        )
