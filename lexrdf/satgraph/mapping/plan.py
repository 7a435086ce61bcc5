"""The mapping of one SAT-Graph dataset onto graphs of quads, made of its parts (lexrdf.satgraph.mapping)."""

from __future__ import annotations

from lexrdf.satgraph.mapping.events import EventsPart
from lexrdf.satgraph.mapping.items import ItemsPart
from lexrdf.satgraph.mapping.versions import VersionsPart


class Plan(ItemsPart, VersionsPart, EventsPart):
    """Maps one dataset onto graphs of quads (no store access beyond what `known` and `provisional` give)."""
