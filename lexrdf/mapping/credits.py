"""An editor's credit of the act that made a provision's words (the US Code's ``<block name="sourceCredit">``).

A mapping's `source_credits` section says which elements are credits (`element`) and which credits say the words
are one act's insertion, changed by nothing since (`added`, matched against the credit's whole words,
case-insensitively: "(Added Pub. L. 101-369, § 1, Aug. 15, 1990, 104 Stat. 448.)"; a credit that also lists
amendments does not match). The act is the first act the credit cites (`references.cite`); the day is not the
credit's: the day it cites is the law's, not when its insertion took effect, so the insertion is recorded undated
and the planner dates it at the latest by the day the source first shows the words (`lex:dateAtLatest`).
"""

from __future__ import annotations

import re

from lexrdf.mapping.destinations import destination_patterns, split_destination
from lexrdf.mapping.reader import Reader
from lexrdf.mapping.text import normalise_text
from lexrdf.model import Modification


def credited_insertions(reader: Reader, own_uris: set[str]) -> list[Modification]:
    """The insertion each `added` credit records of the provision that holds it, by the act it cites."""
    rules = reader.mapping.get("source_credits") or {}
    if not rules.get("element") or not rules.get("added"):
        return []
    added = re.compile(rf"^(?:{rules['added']})$", re.IGNORECASE | re.DOTALL)
    patterns = destination_patterns(reader.mapping)
    found: list[Modification] = []
    for element in reader.paths.select(rules["element"]):
        holder = reader.unit_holding(element)
        words = normalise_text(reader.text_of(element))
        if holder is None or not holder.get(reader.id_attribute) or not added.match(words):
            continue
        cited = reader.act_of(element, own_uris)
        split = split_destination(cited, patterns, reader.separator) if cited else None
        act = split[0] if split and split[0] else cited  # the act, not its expression or the provision cited
        if act is None:
            continue
        found.append(
            Modification(
                "insertion",
                holder.get(reader.id_attribute) or "",
                act,
                None,  # the section it cites is an href (/akn/...#sec_1), not an IRI: the act alone is recorded
                None,
                element.sourceline,
                note=words,
            )
        )
    return found
