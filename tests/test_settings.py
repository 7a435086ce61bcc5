"""Every setting is documented: each environment variable the code reads is in docs/settings.md, each one there is
read by some code, and the write path's tuning table there is the one lexrdf.tuning generates."""

from __future__ import annotations

import re

import pytest
from conftest import REPO
from pydantic import ValidationError

from lexrdf.tuning import TUNING, Tuning, render_markdown

DOCS = (REPO / "docs" / "settings.md").read_text(encoding="utf-8")
VARIABLE = re.compile(r"\bLEXRDF_[A-Z0-9_]*[A-Z0-9]\b")


def variables_in_code() -> set[str]:
    found = {name for path in (REPO / "lexrdf").rglob("*.py") for name in VARIABLE.findall(path.read_text("utf-8"))}
    return found | {Tuning.variable(name) for name in Tuning.model_fields}


def test_every_variable_the_code_reads_is_documented():
    missing = sorted(variables_in_code() - set(VARIABLE.findall(DOCS)))
    assert not missing, f"docs/settings.md does not document {missing}"


def test_nothing_documented_is_read_by_no_code():
    stale = sorted(set(VARIABLE.findall(DOCS)) - variables_in_code())
    assert not stale, f"docs/settings.md documents {stale}, which no code reads"


def test_the_tuning_table_is_generated_from_the_settings_object():
    assert render_markdown() in DOCS, "docs/settings.md is stale: run `python -m lexrdf.tuning`"
    assert all(field.description for field in Tuning.model_fields.values())


def test_tuning_reads_its_variables_and_refuses_nonsense(monkeypatch):
    monkeypatch.setenv("LEXRDF_GROUP_QUADS", "1000")
    assert Tuning().group_quads == 1000
    monkeypatch.setenv("LEXRDF_GROUP_QUADS", "0")
    with pytest.raises(ValidationError, match="group_quads"):
        Tuning()
    assert TUNING.group_quads == 200_000  # read once, at import, from this process's environment


def test_the_modules_take_their_constants_from_the_tuning_object():
    from lexrdf import parallel
    from lexrdf.ingest import commit, groups
    from lexrdf.store import journal, spool

    constants = {
        "group_quads": groups.GROUP_QUADS,
        "index_chunk": commit.INDEX_CHUNK,
        "segment_ahead": groups.SEGMENT_AHEAD,
        "segment_ahead_quads": groups.SEGMENT_AHEAD_QUADS,
        "min_pool_bytes": parallel.MIN_POOL_BYTES,
        "min_reading_pool_bytes": parallel.MIN_READING_POOL_BYTES,
        "spool_memory_lines": spool.MEMORY_LIMIT,
        "journal_block_bytes": journal.BLOCK,
    }
    assert constants == TUNING.model_dump()
