"""No words are answered in force before the change that made them, on every UK file in ../shared/data: each
canonical dated change note ("Words in s. 7(3) substituted (14.5.2001) by ...") referenced inside a provision's words
dates the text shown of the innermost provision holding the reference, which therefore starts no earlier. The notes
are read apart from lexrdf's mappings (tests/uk_change_notes.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SHARED_DATA, UK_FILES, needs_shared
from uk_change_notes import changes, cited_by_holder

WITH_NOTES = [path for path in UK_FILES if changes(path)]


def test_the_uk_files_hold_change_notes_to_check():
    needs_shared(SHARED_DATA / "clml" / "more")
    assert {p.name for p in WITH_NOTES} >= {
        "ukpga-1998-29.xml",
        "ukpga-1999-29-part-III-2013-03-27.xml",
        "ukpga-1981-54-part-VI-2020-08-03.xml",
        "ukpga-1992-14-schedule-1A.xml",
    }


@pytest.mark.parametrize("path", WITH_NOTES, ids=lambda p: p.name)
def test_no_words_are_in_force_before_the_change_that_made_them(ingested, path: Path):
    lex, summary = ingested([path])
    (act,) = summary.act_iris
    versions: dict[str, list] = {}
    checked, wrong = 0, []
    for change in changes(path):
        holder = next((h for h in change.holders if versions.setdefault(h, lex.versions(f"{act}/{h}"))), None)
        if holder is None:
            continue
        current_to = versions[holder][-1].current_to if versions[holder] else None
        if current_to and change.day.isoformat() > current_to:
            continue  # a change after the source's point in time is not in the words it shows
        checked += 1
        shown = max(versions[holder], key=lambda v: v.valid_from)
        if shown.valid_from < change.day.isoformat():
            wrong.append(f"line {change.line}: {holder} from {shown.valid_from}, changed {change.day}: {change.note}")
    assert checked and wrong == [], "\n".join(wrong[:20])


@pytest.mark.parametrize("path", WITH_NOTES, ids=lambda p: p.name)
def test_the_amending_provision_of_a_version_is_one_its_own_notes_cite(ingested, path: Path):
    """An act's change of one day is one event naming every provision of that act behind it; a version is made by
    the one a note on it (on the provision, around it or within it) cites, never by one a note on another provision
    cites (GLA 1999 s. 122(5)(a): "substituted ... by Local Government Act 2003 ..., Sch. 7 para. 75(4)(a)", not
    para. 75(2), which substituted words in s. 122(3)(c))."""
    cited, ancestors = cited_by_holder(path)
    lex, summary = ingested([path])
    (act,) = summary.act_iris
    prefix = f"{act}/"
    checked, wrong = 0, []
    for provision in sorted(_provisions(lex, act)):
        own = provision.removeprefix(prefix)
        around = {own, *ancestors.get(own, ()), *(d for d, held in ancestors.items() if own in held)}
        allowed = set().union(*(cited.get(holder, set()) for holder in around))
        for step in lex.lineage(provision, "9999-12-31").items:
            source = step.source_provision
            if source is None or not source.startswith("http://www.legislation.gov.uk/"):
                continue
            act_cited = source.split("/")[:7]  # http://www.legislation.gov.uk/id/{type}/{year}/{number}
            if not any(uri.split("/")[:7] == act_cited and uri != "/".join(act_cited) for uri in allowed):
                continue  # the notes on it cite that act's provision in words only ("art. 9"): not judged here
            checked += 1
            if source not in allowed:
                wrong.append(f"{own} from {step.valid_from}: made by {source}, which no note on it cites")
    assert checked and wrong == [], "\n".join(wrong[:20])


def _provisions(lex, act: str) -> list[str]:
    rows = lex.store.sparql(
        "PREFIX lex: <https://w3id.org/lexrdf/ontology#> "
        f"SELECT DISTINCT ?p WHERE {{ ?v lex:versionOf ?p . ?p lex:act <{act}> }}"
    )
    return [row["p"].value for row in rows]
