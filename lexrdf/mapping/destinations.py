"""An active modification's destination (an href naming another act's provision) split by the mapping's
`active_modifications.destinations` rules into the act, the provision and the expression it names."""

from __future__ import annotations

import re
from datetime import date

from lexrdf.mapping.spec import Mapping


def destination_patterns(mapping: Mapping) -> list[tuple[re.Pattern[str], dict]]:
    """The rules of a mapping that split an active modification's destination (``active_modifications``)."""
    rules = (mapping.get("active_modifications") or {}).get("destinations", [])
    return [(re.compile(rule["pattern"]), rule) for rule in rules]


def split_destination(
    href: str, patterns: list[tuple[re.Pattern[str], dict]], separator: str
) -> tuple[str | None, str, bool, date | None] | None:
    """A destination split by the first rule that matches it: (the target work, or None for this document; the
    eId, or the positional steps as a path ``element-1/element-2``; whether positional; the date of the target
    expression the steps are in), or None when no rule matches.

    >>> from lexrdf.mapping.spec import MAPPINGS_DIR, load_mapping
    >>> rules = destination_patterns(load_mapping(MAPPINGS_DIR / "akn.yaml"))
    >>> split_destination("akn/uk/act/2000-07-28/chapter23/main#sec_11__subsec_4", rules, "__")
    ('/akn/uk/act/2000-07-28/chapter23', 'sec_11__subsec_4', False, None)
    """
    if not href:
        return None
    for pattern, rule in patterns:
        match = pattern.match(href)
        if not match:
            continue
        work = match.expand(rule["work"]) if rule.get("work") else None
        expression = match.expand(rule["expression"]) if rule.get("expression") else None
        try:
            day = date.fromisoformat(expression) if expression else None
        except ValueError:
            day = None
        if rule.get("steps"):  # steps as a path, like the paths of provisions
            steps = "/".join(step for step in match.expand(rule["steps"]).split(separator) if step)
            return work, steps, True, day
        return work, match.expand(rule.get("eid", "")), False, day
    return None
