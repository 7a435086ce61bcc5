"""Where the data is thin: the provisions whose dating rests on weak evidence (the `audit` query), counted by act.

The rows come from the query library (lexrdf/queries/audit.rq: one definition of the answer); this module only
counts them and words the counts for the command line and the ingest's summary.

>>> counts = {"https://x.org/eli/a": Counter({"started-without-recorded-act": 3, "date-at-latest": 1})}
>>> summary_line(counts)
'audit: 4 weakly dated (1 act): 3 started-without-recorded-act, 1 date-at-latest (lexrdf audit lists them)'
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lexrdf.api import Lexrdf

WEAKNESSES = (
    "started-without-recorded-act",
    "ended-without-recorded-act",
    "commencement-without-order",
    "change-without-act",
    "date-at-latest",
    "deferred-effect",
)


def audit_counts(lex: Lexrdf, acts: list[str] | None = None) -> dict[str, Counter[str]]:
    """For each act (all, or those named), how many distinct provisions each weakness concerns: one query, whatever
    the number of acts (an ingest of many acts asks once, not once an act)."""
    wanted = set(acts or ())
    seen: dict[str, dict[str, set[str]]] = {}
    for row in lex.run("audit", {"act": acts[0] if acts and len(acts) == 1 else "any"}):
        if wanted and row["act"] not in wanted:
            continue
        seen.setdefault(row["act"], {}).setdefault(row["weakness"], set()).add(row["provision"] or row["event"])
    return {act: Counter({kind: len(units) for kind, units in kinds.items()}) for act, kinds in sorted(seen.items())}


def summary_line(counts: dict[str, Counter[str]]) -> str:
    """One line: how many provisions are weakly dated, of which kinds, in how many acts."""
    total: Counter[str] = Counter()
    for kinds in counts.values():
        total.update(kinds)
    if not total:
        return "audit: every window rests on a dated source naming its act"
    parts = ", ".join(f"{total[kind]} {kind}" for kind in WEAKNESSES if total[kind])
    acts = f"{len(counts)} act" + ("s" if len(counts) != 1 else "")
    return f"audit: {sum(total.values())} weakly dated ({acts}): {parts} (lexrdf audit lists them)"
