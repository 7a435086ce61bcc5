"""One document per point-in-time expression: its texts are in force from its date (or, for the first one
ingested, from each text's @period); an older one ingested after later ones fills the history behind them."""

from __future__ import annotations

from datetime import date

from lexrdf.errors import SourceError
from lexrdf.model import TEXTUAL_KINDS as TEXTUAL
from lexrdf.model import Unit, Window
from lexrdf.versioning.planner import Planner, close_absent, close_placeholder, record_repeals_of_absent
from lexrdf.versioning.state import StoredVersion, TextKey, text_key


def plan_expression(planner: Planner) -> None:
    """One document = the text in force from its expression date on.

    An expression older than one already stored (`next_expression`) fills the history behind it: a text it shows
    that no stored version covers gets a version up to the next stored change (or, absent from the next stored
    expression, up to that expression); a text that contradicts what the later sources say was in force then is
    refused."""
    document, stored = planner.document, planner.stored
    first_of_act = not planner.whole_held
    late = planner.next_expression
    day = document.expression_date
    seen: set[str] = set()
    for unit in planner.shown_units():
        if unit.path in seen:
            continue
        seen.add(unit.path)
        if unit.placeholder:  # what the source shows of a repealed provision: no words in force
            close_placeholder(planner, unit, day)
            continue
        if unit.prospective:  # in force on no date the source gives: no version (lex:prospective says so)
            withdraw_portions_bound(planner, unit)
            continue
        if commencement_unknown_here(planner, unit):
            continue
        withdraw_bound_words(planner, unit, text_key(unit))
        # The first expression of an act says, through @period, since when each text has been in force; a later
        # one can only say that a text is in force from its own date (its periods may be stale copies).
        if unit.window is None:
            starts_on = day
        elif first_of_act:
            starts_on = unit.window.start
        else:
            starts_on = max(day, unit.window.start)
        versions = stored.versions.get(unit.path, [])
        # (the first expression of an act too: when it dates every change it records of these words, the text shown
        # is in force since the latest of them)
        starts_on = evidenced_start(planner, unit, starts_on, versions)
        current = next((v for v in versions if v.in_force(starts_on)), None)
        if current is not None and current.texts.get(document.language) == text_key(unit):
            continue
        if current is not None and document.language not in current.texts and not begins_after(planner, unit, current):
            # its text in another language: a translation of the version in force (unless this document dates its
            # words from after that version began: then they are a later text, of which the version's language
            # holds no words yet)
            planner.supersede(current, unit, current.valid_until, current.closed_by, translation=True)
            continue
        if current is not None and current.valid_from == starts_on:
            planner.supersede(current, unit, current.valid_until, current.closed_by)
            continue
        if current is not None and late:
            raise SourceError(
                document.path,
                unit.line,
                f"{unit.eid or 'the act'} reads otherwise on {starts_on} than the version in force from "
                f"{current.valid_from} that later sources give: the sources contradict each other",
            )
        if current is not None:
            opened_by = planner.opening_event(unit, starts_on, False)
            planner.supersede(current, None, starts_on, opened_by)
            window = Window(starts_on, current.valid_until, unit.window.applicable_from if unit.window else None)
            planner.add_version(unit, window, opened_by, current.iri, current.closed_by)
            continue
        earlier = [v for v in versions if v.valid_from < starts_on]
        if late and unit.window and unit.window.start < starts_on:  # back to its @period, after what came before
            floor = max((v.valid_until for v in earlier if v.valid_until), default=unit.window.start)
            starts_on = max(unit.window.start, floor)
        ended = planner.ended_by_record(unit.path, starts_on)
        if ended is not None and not planner.reopens(unit, starts_on):
            # a repeal, an expiry or a ruling closed it, and this source records no act giving it text again: it
            # merely still shows the old text (a consolidation lagging behind), so nothing is recorded for it
            planner.not_reopened(unit, ended)
            continue
        later = next((v for v in versions if v.valid_from > starts_on), None)
        opened_by = planner.opening_event(unit, starts_on, first_of_act and not earlier, new_provision=True)
        ends_on = later.valid_from if later else late
        closed_by = later.opened_by if later else (planner.closing_event(unit, late, None) if late else None)
        if later is not None and provisional_act_version(planner, unit, later):
            # the act's version from a portion began on the portion's date, which is no date of the act: the first
            # text of the whole act dates it, and that version is withdrawn (its end kept)
            planner.withdraw(later)
            ends_on, closed_by = later.valid_until, later.closed_by
        repealed_on = min(
            (day for day in (planner.recorded_repeal(unit.path, starts_on, ends_on),
                             own_repeal(planner, unit, starts_on, ends_on)) if day is not None),
            default=None,
        )  # fmt: skip
        if repealed_on is not None:  # a later expression recorded its repeal, of which this one knows nothing yet
            ends_on, closed_by = repealed_on, planner.closing_event(unit, repealed_on, None)
        window = Window(starts_on, ends_on, unit.window.applicable_from if unit.window else None)
        # Absent from every earlier expression and created (not substituted) then, or in force from the act's own
        # commencement then: nothing of it was in force before; unless the day is only the latest the creation can
        # have happened (an insertion the source does not date)
        opening = planner.plan.events[opened_by]
        created = (
            opening.kind in {"enactment", "insertion"} and not opening.at_latest
        ) or opened_by in planner.entry_events
        planner.add_version(
            unit,
            window,
            opened_by,
            earlier[-1].iri if earlier else None,
            closed_by,
            begins_history=created and not earlier and not planner.undated(unit),
        )
    if not late and not planner.companion:  # an older expression cannot end what later ones show
        close_absent(planner, seen, day)
    record_repeals_of_absent(planner)
    retire_bound_event(planner)


def _own_day_at_earliest(planner: Planner) -> str:
    """The event a text as enacted that lacks its act's commencement provisions dates its units by: the act's own
    commencement, at the earliest on the act's own date (lexrdf.mapping.act_dates.apply_own_commencement)."""
    act = planner.stored.iri
    return planner.minter.event(act, planner.document.work_date, "commencement", (act,))


def commencement_unknown_here(planner: Planner, unit: Unit) -> bool:
    """Whether this document, a portion as enacted without its act's provisions on coming into force, would date a
    unit the act's whole text, held, gives no version (it shows it prospective) or dates with these very words: the
    whole text's own words rule (the Police (Northern Ireland) Act 2000 defers s. 1 to an order, s. 79(1); its s. 1
    alone says nothing; the Ministerial and other Maternity Allowances Act 2021 s. 1 is in force on the day it was
    passed by s. 7(2), which s. 1 alone lacks). Words the whole text held does not show (an earlier text than its
    own) are this document's to date, at the earliest on the act's day."""
    document = planner.document
    if not (document.portion and document.entry_at_earliest and planner.whole_held and unit.path):
        return False
    versions = planner.stored.versions.get(unit.path, [])
    return not versions or any(v.texts.get(document.language) == text_key(unit) for v in versions)


def withdraw_bound_words(planner: Planner, unit: Unit, words: TextKey | None = None) -> None:
    """The first text of the whole act dates `unit`'s words by the act's own provisions on coming into force: a
    version that only portions gave it, in force from the act's commencement at the earliest on its own date (a
    portion as enacted lacking those provisions), is withdrawn, and this text dates them, so that the history is the
    same whichever came first (`commencement_unknown_here` is the other order). WORDS: only a version of these words
    (this text dates its own); None: every such version (this text shows the unit prospective)."""
    if planner.document.portion or planner.whole_held or not unit.path:
        return
    bound, language = _own_day_at_earliest(planner), planner.document.language
    for version in list(planner.stored.versions.get(unit.path, [])):
        if version.opened_by == bound and (words is None or version.texts.get(language) == words):
            planner.withdraw(version)


def withdraw_portions_bound(planner: Planner, unit: Unit) -> None:
    """The first text of the whole act shows `unit` prospective: every version only portions gave it, at the earliest
    on the act's own date, is withdrawn (`withdraw_bound_words`), and the provision is recorded prospective."""
    if planner.document.portion or planner.whole_held or not unit.path:
        return
    withdraw_bound_words(planner, unit)
    if unit.path in planner.stored.provisions:  # known before (from the portion): prospective from now on
        planner.plan.prospective.append(unit.path)


def retire_bound_event(planner: Planner) -> None:
    """Once the first text of the whole act has withdrawn every version the act's commencement at the earliest on its
    own date opened (only portions gave them), that event is superseded too: as known from then on, no source shows
    it, as none would have had the whole text come first."""
    plan, stored = planner.plan, planner.stored
    if planner.document.portion or planner.whole_held or not plan.withdrawn:
        return
    bound = _own_day_at_earliest(planner)
    if bound not in stored.events or (bound in plan.events and plan.events[bound].opens):
        return
    if not any(version.opened_by == bound for version in plan.withdrawn):
        return
    if any(version.opened_by == bound for versions in stored.versions.values() for version in versions):
        return
    plan.superseded_events.append(bound)


def provisional_act_version(planner: Planner, unit: Unit, later: StoredVersion) -> bool:
    """Whether `later` is a version of the act itself (its title) that only portions gave it, with the text this
    first expression of the whole act gives from an earlier day: a portion shows the act in force from the earliest
    of its own texts (an amendment of 2007, to an act in force since 2000), not since when the act is."""
    document = planner.document
    return (
        unit.path == ""
        and not document.portion
        and not planner.whole_held
        and later.texts.get(document.language, text_key(unit)) == text_key(unit)  # (or its title in another language)
    )


def begins_after(planner: Planner, unit: Unit, version: StoredVersion) -> bool:
    """Whether this document dates its text of `unit` from after `version` began: by the unit's own window (@period)
    or by a dated change of its words the document records (the French consolidation of 2005 showing art. 1(1) as
    substituted on 2005-01-01 is no translation of the English text in force since 2000)."""
    changes = [*planner.changes(unit, kinds=TEXTUAL - {"repeal"}), *planner.enclosing_changes(unit)]
    days = [m.effective for m in changes if m.effective and m.effective <= planner.document.expression_date]
    if unit.window is not None:
        days.append(unit.window.start)
    return max(days, default=version.valid_from) > version.valid_from


def evidenced_start(planner: Planner, unit: Unit, starts_on: date, versions: list[StoredVersion]) -> date:
    """When an expression's text of `unit` began: the latest change of its words this document dates (its own
    passive modification, or an enclosing provision's as a whole) on or before `starts_on`, when that text is not
    what was stored as in force then and the change falls inside the stored version it ends; else `starts_on`, and
    `starts_on` too when a change of these words is undated (it may be the latest).

    A consolidation of 2010 whose passive modification substitutes art. 3(2) on 2004-07-01 says the new words are
    in force from 2004-07-01, whatever expressions between the two were ingested (or not yet): so the history is
    the same whichever order the expressions come in."""
    changes = [*planner.changes(unit, kinds=TEXTUAL - {"repeal"}), *planner.enclosing_changes(unit)]
    dated = [m.effective for m in changes if m.effective and m.effective <= starts_on]
    if not dated or any(m.effective is None for m in changes):  # a change it does not date may be the latest
        return starts_on
    changed_on = max(dated)
    covering = next((v for v in versions if v.in_force(changed_on)), None)
    if covering is None:  # no text of it stored then (an inserted provision): from the change, unless one follows
        later = any(changed_on <= v.valid_from < starts_on for v in versions)
        return starts_on if later else changed_on
    if covering.valid_from >= changed_on:
        return starts_on
    if covering.texts.get(planner.document.language) == text_key(unit):  # the stored text is these words already
        return starts_on
    return changed_on


def own_repeal(planner: Planner, unit: Unit, after: date, before: date | None) -> date | None:
    """The earliest day in (after, before) on which this document repeals `unit`, or an enclosing provision, as a
    whole (an act's own sunset: "Sections 1 to 7 ... are repealed on 31 December 2016"), or None."""
    holders = [unit, *planner.ancestors(unit)]
    days = [
        m.effective
        for holder in holders
        for m in planner.changes(holder, kinds={"repeal"})
        if m.of_unit and m.effective and after < m.effective and (before is None or m.effective < before)
    ]
    return min(days, default=None)
