"""The synthetic corpus generator (bench/synthetic.py, issue 13): reproducible, clean to ingest in both styles, and
its manifest counts what lexrdf finds."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from lexrdf.api import Lexrdf
from lexrdf.settings import Settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from synthetic import generate  # noqa: E402

BASE = "https://example.org"
LEX = "https://w3id.org/lexrdf/ontology#"
SHAPE = (5, 12, 3, 3)  # acts, articles, paragraphs, versions: 2 amending acts per round group


def counts(lex: Lexrdf) -> dict[str, int]:
    """Distinct resources of each lex: class the store holds."""
    query = f"SELECT ?t (COUNT(DISTINCT ?e) AS ?n) WHERE {{ ?e a ?t FILTER(STRSTARTS(STR(?t), '{LEX}')) }} GROUP BY ?t"
    return {row[0].value.removeprefix(LEX): int(row[1].value) for row in lex.store.select(query)}


def test_same_seed_gives_byte_identical_files(tmp_path: Path) -> None:
    first = generate(tmp_path / "a", *SHAPE, style="mixed", seed=7)
    second = generate(tmp_path / "b", *SHAPE, style="mixed", seed=7)
    assert [p.name for p in first] == [p.name for p in second]
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(first, second, strict=True))
    other = generate(tmp_path / "c", *SHAPE, style="mixed", seed=8)
    assert [p.read_bytes() for p in other] != [p.read_bytes() for p in first]


@pytest.mark.parametrize("style", ["expressions", "single", "mixed"])
def test_ingests_clean_and_manifest_counts_what_lexrdf_finds(tmp_path: Path, style: str) -> None:
    files = generate(tmp_path / "corpus", *SHAPE, style=style, seed=3)  # type: ignore[arg-type]
    manifest = files.manifest
    assert manifest.amending_acts == 2 * (SHAPE[3] - 1)
    assert manifest.events.get("Repeal", 0) > 0 and manifest.events["Substitution"] > 0
    lex = Lexrdf.open(Settings(store=tmp_path / "store", base_iri=BASE))
    try:
        summary = lex.ingest(files)
        assert summary.refused == []
        assert summary.warning_lines() == []
        assert all(report.conforms for report in summary.reports.values())
        found = counts(lex)
    finally:
        lex.close()
    assert summary.acts == found["Act"] == manifest.acts
    assert found["Provision"] == manifest.provisions
    assert found["Version"] == manifest.versions
    for kind, n in manifest.events.items():
        assert found.get(kind, 0) == n, kind
    assert found["Event"] == sum(manifest.events.values())


def test_both_styles_give_the_same_history(tmp_path: Path) -> None:
    one = generate(tmp_path / "e", *SHAPE, style="expressions").manifest
    other = generate(tmp_path / "s", *SHAPE, style="single").manifest
    assert (one.versions, one.events, one.provisions) == (other.versions, other.events, other.provisions)
    assert one.files > other.files
