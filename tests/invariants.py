"""Checks that must hold for every provision of a store, whatever was ingested."""

from __future__ import annotations

from collections import defaultdict

from lexrdf.api import Lexrdf

_WINDOWS = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
PREFIX prov: <http://www.w3.org/ns/prov#>
SELECT ?provision ?version ?from ?until ?opened ?closed ?concurrent WHERE {
  ?version lex:versionOf ?provision ; lex:validFrom ?from ; prov:wasGeneratedBy ?opened .
  OPTIONAL { ?version lex:concurrent true ; lex:extent ?concurrent }
  ?record lex:recordOf ?version .
  FILTER NOT EXISTS { ?record lex:supersededAt ?superseded }
  OPTIONAL { ?record lex:validUntil ?until }
  OPTIONAL { ?record lex:closedBy ?closed }
}
"""


def windows_by_provision(lex: Lexrdf) -> dict[tuple[str, str | None], list[tuple[str, str | None, str, str | None]]]:
    """Every timeline's current windows (from, until, opened_by, closed_by), sorted by start, by (provision, extent):
    a provision has one timeline (extent None), or, where it has concurrent versions (lex:concurrent: an E+W text
    beside an S text), one for each extent; windows may overlap across extents, never within one."""
    found: dict[tuple[str, str | None], list] = defaultdict(list)
    for row in lex.store.sparql(_WINDOWS):
        timeline = (row["provision"].value, row["concurrent"].value if row["concurrent"] else None)
        found[timeline].append(
            (
                row["from"].value,
                row["until"].value if row["until"] else None,
                row["opened"].value,
                row["closed"].value if row["closed"] else None,
            )
        )
    return {provision: sorted(windows) for provision, windows in found.items()}


_UNDATED = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT ?edge ?node WHERE {
  { ?node a lex:Version . FILTER NOT EXISTS { ?node lex:datedBy ?evidence } BIND ("start" AS ?edge) }
  UNION
  { ?node lex:closedBy ?closed . FILTER NOT EXISTS { ?node lex:supersededAt ?superseded }
    FILTER NOT EXISTS { ?node lex:datedBy ?evidence } BIND ("end" AS ?edge) }
  UNION
  { ?repeal a lex:Repeal ; lex:affects ?node . ?node a lex:Provision .
    FILTER NOT EXISTS { ?version lex:versionOf ?node }
    FILTER NOT EXISTS { ?node lex:datedBy ?evidence } BIND ("repeal of a provision shown only as repealed" AS ?edge) }
}
"""


def assert_edges_dated(lex: Lexrdf) -> None:
    """Every version's start, every current end, and the repeal of a provision shown only as repealed names what in
    the source dated it (lex:datedBy)."""
    undated = [(row["edge"].value, row["node"].value) for row in lex.store.sparql(_UNDATED)]
    assert undated == [], f"{len(undated)} window edges name no evidence, e.g. {undated[:3]}"


def assert_windows_sound(lex: Lexrdf) -> int:
    """Windows never overlap per provision and extent (a provision's one timeline, or each extent's timeline of its
    concurrent versions), are contiguous, end after they start, and every end has a closing event; every edge names
    its evidence (`assert_edges_dated`).

    Returns how many timelines were checked (one per provision, one per extent of a provision with concurrent
    versions).
    """
    assert_edges_dated(lex)
    checked = 0
    for provision, windows in windows_by_provision(lex).items():
        checked += 1
        for start, until, opened, closed in windows:
            assert opened, f"{provision} [{start}, {until}) has no opening event"
            if until is not None:
                assert until > start, f"{provision}: window [{start}, {until}) is empty or reversed"
                assert closed, f"{provision}: window [{start}, {until}) is closed without an event"
            else:
                assert closed is None, f"{provision}: open window [{start}, ) has a closing event"
        for (start, until, _, _), (next_start, _, _, _) in zip(windows, windows[1:], strict=False):
            assert until is not None, f"{provision}: open window [{start}, ) followed by one from {next_start}"
            assert until == next_start, f"{provision}: windows [{start}, {until}) and [{next_start}, ...) " + (
                "overlap" if next_start < until else "leave a gap"
            )
    return checked


_NAMED_CHANGES = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
SELECT DISTINCT ?act ?provision WHERE {
  ?event lex:sourceAct ?act ; lex:affects ?provision ; a ?kind .
  ?provision a lex:Provision .
  FILTER (?kind IN (lex:Insertion, lex:Substitution, lex:Amendment, lex:Repeal, lex:Commencement, lex:Expiry))
  FILTER NOT EXISTS { ?event lex:supersededAt ?replaced }
}
"""


def assert_impact_agrees_with_the_events(lex: Lexrdf) -> int:
    """Every provision an event names an act for (a note or modification saying that act inserted, substituted,
    amended, repealed, commenced or ended it) is in that act's `impact`: nothing the sources attribute to an act is
    missing from what the act is answered to have done. Returns how many (act, provision) pairs were checked."""
    expected: dict[str, set[str]] = defaultdict(set)
    for row in lex.store.sparql(_NAMED_CHANGES):
        expected[row["act"].value].add(row["provision"].value)
    for act, provisions in expected.items():
        listed = {item.provision for item in lex.impact(act).items}
        missing = sorted(provisions - listed)
        assert not missing, f"impact of {act} omits {len(missing)} provisions its events affect, e.g. {missing[:3]}"
    return sum(len(p) for p in expected.values())


_BEFORE_THE_ACT = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
PREFIX eli: <http://data.europa.eu/eli/ontology#>
SELECT DISTINCT ?act ?provision ?from ?made WHERE {
  ?version lex:versionOf ?provision ; lex:validFrom ?from .
  { ?provision lex:act ?act } UNION { ?provision a lex:Act . BIND (?provision AS ?act) }
  ?enactment a lex:Enactment ; lex:affects ?act ; lex:date ?made .  # the act exists from its enactment
  FILTER (?from < ?made)
}
"""


def assert_nothing_in_force_before_its_act(lex: Lexrdf, notices: list[str]) -> int:
    """No text is in force before its act's own date, unless the ingest said so with file and line (a retroactive
    entry into force the source states, or a date impossible for the act: `notices` names its start). Returns how
    many such windows the notices explain."""
    explained = 0
    for row in lex.store.sparql(_BEFORE_THE_ACT):
        start, made = row["from"].value, row["made"].value
        said = [n for n in notices if f"in force from {start}, before the act's date {made}" in n]
        assert said, f"{row['provision'].value} is in force from {start}, before its act's date {made}, unsaid"
        explained += 1
    return explained


_UNTIMED = """
PREFIX lex: <https://w3id.org/lexrdf/ontology#>
PREFIX prov: <http://www.w3.org/ns/prov#>
SELECT ?graph ?record ?at ?changeset WHERE {
  { GRAPH ?graph { ?record lex:recordedAt ?at ; lex:recordedBy ?changeset } }
  UNION { GRAPH ?graph { ?record lex:supersededAt ?at ; lex:supersededBy ?changeset } }
  FILTER NOT EXISTS { GRAPH ?graph { ?changeset prov:startedAtTime ?at } }
}
"""


def assert_records_timed_by_their_changesets(lex: Lexrdf) -> int:
    """Every record's time (recorded, superseded) is the time of the changeset that wrote it, in the same graph: what
    changes-since.rq finds them by. The records checked."""
    untimed = [tuple(term.value for term in row) for row in lex.store.sparql(_UNTIMED)]
    assert not untimed, f"{len(untimed)} records not timed by their changeset, e.g. {untimed[:3]}"
    (row,) = list(lex.store.sparql("PREFIX lex: <https://w3id.org/lexrdf/ontology#> "
                                   "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?r lex:recordedBy ?c } }"))  # fmt: skip
    return int(row["n"].value)
