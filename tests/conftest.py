"""Shared fixtures: real on-disk stores, the real shared data, the bundled samples."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest
from clock import SteppingClock

import lexrdf.txtime
from lexrdf.api import Lexrdf
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


@pytest.fixture(scope="module")
def dpa_lex(tmp_path_factory: pytest.TempPathFactory):
    """A store holding the Data Protection Act 1998 (legislation.gov.uk single-document style)."""
    needs_shared(UKPGA)
    instance = open_lex(tmp_path_factory.mktemp("dpa") / "store")
    instance.ingest([UKPGA])
    yield instance
    instance.close()


@pytest.fixture
def wall(monkeypatch: pytest.MonkeyPatch) -> SteppingClock:
    """The wall clock of this test's transaction times (tests/clock.py): moved by the test, never slept on."""
    clock = SteppingClock()
    monkeypatch.setattr(lexrdf.txtime, "wall_clock", clock)
    return clock
