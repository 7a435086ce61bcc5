"""Every Akoma Ntoso file in ../shared/data goes through the same engine, conforms, and keeps sound windows."""

from __future__ import annotations

import pytest
from conftest import SHARED_DATA, open_lex
from invariants import assert_windows_sound

AKN_FILES = sorted((SHARED_DATA / "akn").rglob("*.xml")) if (SHARED_DATA / "akn").exists() else []


@pytest.mark.parametrize("path", AKN_FILES, ids=lambda p: p.name)
def test_real_akn_file_ingests_and_conforms(tmp_path, path):
    lex = open_lex(tmp_path / "store")
    try:
        summary = lex.ingest([path])
        assert summary.refused == [] and summary.acts == 1
        assert summary.versions == summary.provisions + 1  # the act and each provision, once
        assert assert_windows_sound(lex) == summary.provisions + 1
        assert lex.ingest([path]).quads == 0
    finally:
        lex.close()


def test_there_is_real_data_to_test():
    if not AKN_FILES:
        pytest.skip("../shared/data not found")
    assert len(AKN_FILES) >= 8
