"""An act's contents are kept once for every day between two days on which something of the act starts or ends
(lexrdf.web.act_data.change_epoch): toc.rq compares its date only with those days, so the contents kept for one day
of an epoch are the `toc` query's answer for every other day of it. Checked against the query itself, day by day,
around every change day of the samples' acts and of a spread of the DPA's (real sources: samples/,
../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml)."""

from __future__ import annotations

from datetime import date, timedelta

from conftest import DPA, HARBOUR, ODA

from lexrdf.api import Lexrdf
from lexrdf.web.act_data import change_days, toc_rows
from lexrdf.web.cache import ActData, AnswerCache


def around(days: list[str]) -> list[date]:
    """Each change day, the day before it and the day after it, in order."""
    shown = {date.fromisoformat(day) + timedelta(days=shift) for day in days for shift in (-1, 0, 1)}
    return sorted(shown)


def same_as_the_query(lex: Lexrdf, act: str, days: list[date]) -> None:
    kept = ActData(AnswerCache(2**28), lex.store.generation)
    for day in days:
        assert toc_rows(lex, act, day, None, kept) == lex.toc(act, day), (act, day)
    assert len(kept.cache) < len(days)  # days of one epoch shared their contents


def test_the_samples_acts_contents_are_those_of_their_epoch(samples_lex: Lexrdf):
    for act in (ODA, HARBOUR):
        days = change_days(samples_lex, act)
        assert days, act
        same_as_the_query(samples_lex, act, around(days))


def test_the_dpa_s_contents_are_those_of_their_epoch(dpa_lex: Lexrdf):
    days = change_days(dpa_lex, DPA)
    assert len(days) > 20
    same_as_the_query(dpa_lex, DPA, around(days[:: max(1, len(days) // 6)]))
