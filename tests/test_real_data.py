"""Every Akoma Ntoso file in ../shared/data goes through the same engine, conforms, and keeps sound windows."""

from __future__ import annotations

import pytest
from conftest import SHARED_DATA, needs_shared, open_lex
from invariants import assert_windows_sound

AKN_FILES = sorted((SHARED_DATA / "akn").rglob("*.xml")) if (SHARED_DATA / "akn").exists() else []


@pytest.mark.parametrize("path", AKN_FILES, ids=lambda p: p.name)
def test_real_akn_file_ingests_and_conforms(tmp_path, path):
    lex = open_lex(tmp_path / "store")
    try:
        summary = lex.ingest([path])
        assert summary.refused == [] and summary.acts == 1
        # the act and each provision once, except provisions a consolidation shows only as repealed (". . . .")
        assert summary.versions == summary.provisions + 1 - _shown_only_repealed(lex)
        assert assert_windows_sound(lex) == summary.versions
        assert lex.ingest([path]).quads == 0
    finally:
        lex.close()


def test_there_is_real_data_to_test():
    needs_shared(SHARED_DATA / "akn")
    assert len(AKN_FILES) >= 8


def _shown_only_repealed(lex) -> int:
    """Provisions with no version, each of which a recorded repeal affects."""
    query = """PREFIX lex: <https://w3id.org/lexrdf/ontology#>
    SELECT (COUNT(DISTINCT ?p) AS ?n) (COUNT(DISTINCT ?covered) AS ?repealed) WHERE {
      ?p a lex:Provision . FILTER NOT EXISTS { ?v lex:versionOf ?p }
      OPTIONAL { ?r a lex:Repeal ; lex:affects ?p . BIND (?p AS ?covered) }
    }"""
    (row,) = list(lex.store.sparql(query))
    assert row["n"].value == row["repealed"].value  # none is silently without text
    return int(row["n"].value)
