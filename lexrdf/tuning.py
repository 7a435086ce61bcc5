"""The tuning constants of the write path, in one settings object (pydantic-settings): each has its measured default,
its variable (``LEXRDF_`` and the name in capitals) and its reason. The modules that use one name it after this
object (``GROUP_QUADS = TUNING.group_quads`` in lexrdf.ingest), which is where tests lower them. docs/settings.md
lists every setting, these generated from here (`python -m lexrdf.tuning`; a test keeps it current).

>>> Tuning().group_quads
200000
>>> Tuning(group_quads=10).group_quads
10
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from lexrdf.tunables import DEFAULTS


class Tuning(BaseSettings):
    """How the write path batches its work. Raising or lowering one changes speed and memory, never an answer."""

    model_config = SettingsConfigDict(env_prefix="LEXRDF_", frozen=True, extra="forbid")

    group_quads: int = Field(
        DEFAULTS["group_quads"],
        gt=0,
        description="Quads of acts written in one group (one group commit: `Store.add_act_graphs`); lexrdf.ingest.",
    )
    index_chunk: int = Field(
        DEFAULTS["index_chunk"],
        gt=0,
        description="Acts whose search-index documents are replaced in one index commit while their group is written.",
    )
    segment_ahead: int = Field(
        DEFAULTS["segment_ahead"],
        ge=0,
        description="Acts planned that wait for a streamed group's writer (or more, within `segment_ahead_quads`).",
    )
    segment_ahead_quads: int = Field(
        DEFAULTS["segment_ahead_quads"],
        ge=0,
        description="Quads the acts planned ahead of a streamed group's writer may add (about 400 MB with views).",
    )
    min_pool_bytes: int = Field(
        DEFAULTS["min_pool_bytes"],
        ge=0,
        description="Bytes of sources below which one process reads and plans them sooner than pools start "
        "(measured on two cores: 3.1 MB 1.86 s against 1.93 s); lexrdf.parallel.",
    )
    min_reading_pool_bytes: int = Field(
        DEFAULTS["min_reading_pool_bytes"],
        ge=0,
        description="Bytes below which one process reads the sources sooner than a reading pool, once the fork "
        "server is starting (measured: 7.2 MB 2.55-2.78 s against 2.47-2.53 s); lexrdf.parallel.",
    )
    spool_memory_lines: int = Field(
        DEFAULTS["spool_memory_lines"],
        gt=0,
        description="Lines of a write kept in memory before its spool moves to disk; lexrdf.store.spool.",
    )
    journal_block_bytes: int = Field(
        DEFAULTS["journal_block_bytes"],
        gt=0,
        description="Bytes of a journal entry's added lines read at a time; lexrdf.store.journal.",
    )

    @classmethod
    def variable(cls, name: str) -> str:
        """The environment variable that sets `name`: ``LEXRDF_GROUP_QUADS``."""
        return f"LEXRDF_{name.upper()}"


TUNING = Tuning()

BEGIN = "<!-- generated from lexrdf/tuning.py: python -m lexrdf.tuning -->"
END = "<!-- end of the generated tuning table -->"


def render_markdown() -> str:
    """The tuning table of docs/settings.md."""
    lines = [BEGIN, "", "| variable | default | what it tunes |", "|---|---|---|"]
    for name, field in Tuning.model_fields.items():
        lines.append(f"| `{Tuning.variable(name)}` | {field.default:,} | {field.description} |")
    return "\n".join([*lines, "", END]) + "\n"


def write_docs(path: Path | None = None) -> None:
    """Put the generated table into docs/settings.md, in place of the one there."""
    path = path or Path(__file__).resolve().parents[1] / "docs" / "settings.md"
    text = path.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END) + 1
    path.write_text(text[:start] + render_markdown() + text[end:], encoding="utf-8")


if __name__ == "__main__":
    write_docs()
