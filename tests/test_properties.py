"""Properties that hold for every generated act history (hypothesis), checked against the model's truth."""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import date, timedelta
from pathlib import Path

import pytest
from clock import SteppingClock
from conftest import BASE, open_lex
from histories import History, histories, render, write_expressions
from hypothesis import HealthCheck, given, settings
from invariants import assert_records_timed_by_their_changesets, assert_windows_sound

import lexrdf.txtime
from lexrdf.source_checks import SourcePolicy

# generated histories restructure one act freely (provisions dropped with no repealing act named, most paths
# replaced): what an editor would confirm, so the source checks are confirmed here
CONFIRMED = SourcePolicy(allow_mass_end=True, allow_identity_mismatch=True)

ACT = f"{BASE}/eli/xx/act/1990-01-15/77"


def iri(eid: str) -> str:
    return f"{ACT}/{eid.replace('__', '/')}"


def probe_days(history: History) -> list[date]:
    """Each change date, the day before it, and a day well after the last one."""
    days = {history.dates[0] - timedelta(days=1), history.dates[-1] + timedelta(days=400)}
    for day in history.dates:
        days |= {day, day - timedelta(days=1)}
    return sorted(days)


@settings(
    max_examples=int(os.environ.get("LEXRDF_HISTORY_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(histories())
def test_generated_histories(history: History):
    directory = Path(tempfile.mkdtemp())
    try:
        with pytest.MonkeyPatch.context() as patch:  # the injected wall clock (tests/clock.py), one per example
            clock = SteppingClock()
            patch.setattr(lexrdf.txtime, "wall_clock", clock)
            check_history(history, directory, clock)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def check_history(history: History, directory: Path, clock: SteppingClock) -> None:
    sources = directory / "sources"
    sources.mkdir()
    lex = open_lex(directory / "store")
    try:
        lex.ingest(write_expressions(history, sources), policy=CONFIRMED)
        before_correction = clock.instant()  # strictly between the first ingest's times and the correction's
        if history.corrected:  # the editor replaces the source of that expression with a corrected one
            eid, day, old, new = history.corrected
            corrected = sources / f"test-act@{day}.xml"
            corrected.write_text(render(history, day, reflow=False, correction=True), encoding="utf-8")
            summary = lex.ingest([corrected], policy=CONFIRMED)
            assert (summary.versions, summary.records) == (0, 1), "a correction adds one record, no version"

        assert assert_windows_sound(lex) == len(history.provisions) + 1  # and the act itself
        assert assert_records_timed_by_their_changesets(lex)  # what changes-since finds them by
        for day in probe_days(history):
            in_force = history.in_force(day)
            # descendants: exactly the provisions in force, in document order
            descendants = lex.descendants(ACT, day)
            if day < history.dates[0]:
                assert descendants.status == "not-yet-in-force"
            else:
                assert [item.unit for item in descendants.items] == [iri(eid) for eid in in_force]
                assert descendants.count == len(in_force)
            for eid, provision in history.provisions.items():
                expected = provision.text_at(day)
                answer = lex.text_at(iri(eid), day)
                rows = lex.rows("text-at", provision=iri(eid), date=day.isoformat())
                # at most one version in force (rows repeat once per source act and piece of evidence)
                assert len({r["version"].value for r in rows if r["relation"] and r["relation"].value == "at"}) <= 1
                if expected is None:
                    assert answer.status != "in-force" and answer.text is None
                    first_start = provision.windows[0][0]
                    ended = answer.closed_by.type if answer.closed_by else None
                    assert answer.status == (
                        "not-yet-in-force" if day < first_start else "repealed" if ended == "repeal" else "ended"
                    )
                    continue
                # after the latest expression the sources vouch for nothing: the text is as last known
                assert answer.status == ("in-force" if day <= history.dates[-1] else "as-last-known")
                assert answer.text == expected or answer.heading == expected
                lineage = lex.lineage(iri(eid), day)
                assert lineage.items[-1].version == answer.version
                first = "enactment" if provision.windows[0][0] == history.dates[0] else "insertion"
                assert lineage.items[0].type == first
                assert [s.valid_from for s in lineage.items] == sorted(s.valid_from for s in lineage.items)

        if history.corrected:
            eid, day, old, new = history.corrected
            then = lex.text_at(iri(eid), day, known_at=before_correction)
            now = lex.text_at(iri(eid), day)
            assert (then.text or then.heading) == old and (now.text or now.heading) == new
            assert then.version == now.version
        # re-ingesting everything changes nothing
        count = lex.store.quad_count()
        assert lex.ingest(sorted(sources.glob("*.xml")), policy=CONFIRMED).quads == 0
        assert lex.store.quad_count() == count
    finally:
        lex.close()
