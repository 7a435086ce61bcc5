"""The defaults of the write path's tuning constants, and a light reader of their variables (no pydantic).

The store modules every query process imports (a SPARQL worker is restarted after a query over its memory limit)
read their constants here: importing pydantic-settings there doubled a worker's start-up. lexrdf.tuning builds the
validated, documented settings object from these defaults; the writer reads its constants through it.

>>> setting("journal_block_bytes")
1048576
"""

from __future__ import annotations

import os

DEFAULTS: dict[str, int] = {
    "group_quads": 200_000,
    "index_chunk": 32,
    "segment_ahead": 8,
    "segment_ahead_quads": 1_000_000,
    "min_pool_bytes": 4_000_000,
    "min_reading_pool_bytes": 8_000_000,
    "spool_memory_lines": 200_000,
    "journal_block_bytes": 1 << 20,
}


def setting(name: str) -> int:
    """The setting `name` from its variable (``LEXRDF_`` and the name in capitals), else its default."""
    value = os.environ.get(f"LEXRDF_{name.upper()}")
    return int(value) if value else DEFAULTS[name]
