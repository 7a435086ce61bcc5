"""One document holding every version of each provision, each with its @period (the legislation.gov.uk style):
when each provision's own words began, by which event, and what ended them."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from datetime import date

from lexrdf.model import Modification, Unit, Window
from lexrdf.versioning.planner import DAY, Planner, chain, close_absent
from lexrdf.versioning.state import text_key
from lexrdf.versioning.unit_changes import REOPENING_KINDS, TEXTUAL

_DOTS = re.compile(r"\.\s?\.\s?\.")  # what legislation.gov.uk shows for repealed words (". . .", "...")


def plan_periods(planner: Planner) -> None:
    """One document holding every version of each provision, each with its @period window. Concurrent versions
    (an E+W text beside an S text) are timelines of their own, one per extent."""
    document = planner.document
    by_path: dict[tuple[str, str | None], list[Unit]] = defaultdict(list)
    for unit in planner.shown_units():
        if unit.window is not None:
            by_path[(unit.path, chain(unit))].append(unit)
    for (path, concurrent), shown in by_path.items():
        shown.sort(key=lambda u: u.window.start)
        planner.record_modifications(shown[-1])
        # what a consolidation shows of a repealed provision (". . . .") is no text of it: the repeal ends the
        # window before it, and a provision shown only so has no version (the repeal event still affects it)
        alternatives = [u for u in shown if not repealed_placeholder(planner, u)]
        if not alternatives:
            placeholder = shown[0]
            # the repeal affects it, on the day its own record dates (the placeholder's window is not that record:
            # legislation.gov.uk shows s. 85(9) of the GLA Act ". . . ." from 2007-10-30, repealed on 3.12.2011)
            # (a repeal limited to some of its territories, "omitted (E.W.)" of an E+W+S provision: the source shows no
            # words of it for any; the repeal, which says for which, is all that is recorded)
            repeals = planner.whole_repeals(placeholder) or [m for m, _ in planner.territorial_repeals(placeholder)]
            repealed_on = [m.effective for m in repeals if m.effective and m.effective <= document.current_to]
            undated = [m for m in repeals if m.effective is None and m.source_act]
            if not repealed_on and undated:
                # "S. 16(2)(a) omitted (for the tax year 2024-25 and subsequent tax years) by virtue of Finance (No.
                # 2) Act 2023": that act repealed it, on a day the note does not give, at the latest when the
                # source first shows it repealed
                day = placeholder.window.start
                event = planner.repeal_event(placeholder.path, day, undated)
                planner.plan.events[event].at_latest = True
                continue
            day = max(repealed_on, default=placeholder.window.start)
            if repeals and not planner.whole_repeals(placeholder):
                planner.repeal_event(placeholder.path, day, [m for m in repeals if m.effective == day] or repeals)
                continue
            planner.closing_event(placeholder, day, None)
            continue
        timeline = planner.timeline(path, concurrent)
        stored_by_start = {v.valid_from: v for v in timeline}
        starts = [own_start(planner, alternatives[0]), *(later_start(planner, u) for u in alternatives[1:])]
        pieces = [
            piece for unit, start in zip(alternatives, starts, strict=True) for piece in by_extent(planner, unit, start)
        ]
        alternatives, starts = [piece[0] for piece in pieces], [piece[1] for piece in pieces]
        shown_as = [piece[2] for piece in pieces]  # the unit of the source each piece is of
        planner.first_starts[(path, concurrent)] = starts[0]
        previous: str | None = None
        for index, unit in enumerate(alternatives):
            start, opened_by, begins = starts[index]
            window = Window(start, unit.window.end, unit.window.applicable_from)
            following = alternatives[index + 1] if index + 1 < len(alternatives) else None
            currency = document.current_to
            last_shown = following is None and shown_as[index] is shown[-1] and window.end and currency
            if last_shown and (window.end - DAY > currency or inherited_end_at_currency(planner, unit, currency)):
                # an end after the date up to which the source vouches for the text (GLA Act s. 102, shown at
                # 2013-03-27 until RestrictEndDate 2014-02-24, the document current to 2013-03-31) is not an end
                # the source proves: after its currency the text is "as last known". (Its last day in force on
                # the currency itself is, unless the unit only inherits that end: see inherited_end_at_currency.)
                window = Window(start, None, unit.window.applicable_from)
            successor = starts[index + 1][1] if following and window.end == following.window.start else None
            if window.end is None and shown_as[index] is not shown[-1]:  # followed by its placeholder: repealed then
                window = Window(start, shown[-1].window.start, unit.window.applicable_from)
            closed_by = planner.closing_event(unit, window.end, successor) if window.end else None
            existing = stored_by_start.get(window.start)
            ended = planner.ended_by_record(path, window.start, concurrent) if existing is None else None
            if ended is not None and not planner.reopens(unit, window.start):
                # after a recorded end (repeal, expiry, ruling) only a named act gives it text again
                planner.not_reopened(unit, ended)
                planner.drop_unused(opened_by, closed_by if closed_by != successor else None)
                continue
            if existing is None:
                prior = previous or next((v.iri for v in reversed(timeline) if v.valid_from < window.start), None)
                version = planner.add_version(unit, window, opened_by, prior, closed_by, begins and prior is None)
                previous = version.iri
                continue
            previous = existing.iri
            translation = document.language not in existing.texts
            text_changed = existing.texts.get(document.language) != text_key(unit)
            if planner.extends_recorded_end(existing, window.end):
                # the source shows in force what a repeal, an expiry or a ruling ended: the recorded end stands
                planner.not_reopened(unit, existing)
                planner.drop_unused(None, closed_by if closed_by != successor else None)
                window, closed_by = Window(window.start, existing.valid_until), existing.closed_by
            if text_changed or existing.valid_until != window.end:
                planner.supersede(
                    existing, unit if text_changed else None, window.end, closed_by, translation=translation
                )
    if not planner.companion:
        close_absent(planner, {path for path, _ in by_path}, document.expression_date)


def by_extent(
    planner: Planner, unit: Unit, start: tuple[date, str, bool]
) -> list[tuple[Unit, tuple[date, str, bool], Unit]]:
    """A text shown in force (from `start`: its day, opening event, whether it begins history) as pieces by
    territorial extent, each with its start and the unit it is of. A repeal as a whole limited to some of the
    territories it extends to ("S. 108(2) repealed (18.11.2003 for E.)", the words kept, RetainText="true") ends it
    for those only: before the repeal the text extends as the source says (E+W+S), from it to the rest (W+S), a
    version opened by that repeal; a text shown only from the day of the repeal is of the rest from then, and what
    it was before is not shown. One repeal is read per piece, earliest first (a later one splits what is left)."""
    currency = planner.document.current_to
    window = unit.window
    word_changes = territorial_word_changes(planner, unit)
    retained = words_kept_elsewhere(unit, word_changes, start[0])
    if retained is not None:  # words repealed for some territories, kept in the text: before, it held everywhere
        day, change, left = retained
        opened = (day, planner.change_event(unit, day, [change]), False)
        before = replace(unit, window=Window(window.start, day, window.applicable_from))
        rest = replace(unit, window=Window(day, window.end, window.applicable_from), extent=left)
        return [(before, start, unit), *((piece, begun, unit) for piece, begun, _ in by_extent(planner, rest, opened))]
    shown = unit  # the unit of the source (the pieces say which they are of)
    unit = replace(unit, extent=text_extent(unit, word_changes)) if unit.extent else unit
    for repeal, left in planner.territorial_repeals(unit):
        day = repeal.effective
        if day is None or (currency and day > currency) or (window.end and day >= window.end):
            continue  # after the text shown
        if day < start[0]:  # before its words began: they are in force for the rest only
            return [(piece, begun, shown) for piece, begun, _ in by_extent(planner, replace(unit, extent=left), start)]
        opened = (day, planner.repeal_event(unit.path, day, [repeal]), False)
        rest = replace(unit, window=Window(max(day, window.start), window.end, window.applicable_from), extent=left)
        pieces = by_extent(planner, rest, opened)
        if day == start[0]:  # the repeal, not what the start was read from, began the text shown
            if start[1] != opened[1]:
                planner.unaffected(start[1], unit.path)
            return [(piece, begun, shown) for piece, begun, _ in pieces]
        before = replace(unit, window=Window(window.start, day, window.applicable_from))
        return [(before, start, shown), *((piece, begun, shown) for piece, begun, _ in pieces)]
    return [(unit, start, shown)]


def territorial_word_changes(planner: Planner, unit: Unit) -> list[tuple[Modification, set[str]]]:
    """The changes of `unit`'s words (or of a provision around it as a whole) limited to some of the territories it
    extends to that the text shown reflects (in force by its window's end and the source's currency, or undated with
    an act named), each with the territories the text shown is of by that change alone: those it reached, where
    the change shows in the words (inserted or substituted words; repealed ones shown as ". . ."); those it did not,
    where the repealed words are kept because they remain in force there (CLML RetainText, the AKN export's <ins>).
    A repeal of the provision as a whole is `by_extent`'s."""
    regions = set(unit.extent.split("+")) if unit.extent else set()
    window, currency = unit.window, planner.document.current_to
    found = []
    for change in [*planner.changes(unit), *planner.enclosing_changes(unit)]:
        if change.kind not in ("substitution", "insertion", "repeal") or change.extent is None:
            continue
        if change.kind == "repeal" and change.of_unit:
            continue
        day = change.effective
        if day is None and not change.source_act:
            continue
        if day is not None and ((currency and day > currency) or (window and window.end and day >= window.end)):
            continue  # not yet shown in these words
        reached = set(change.extent.split("+")) & regions
        if not reached or reached == regions:
            continue
        if kept_elsewhere(change, unit):  # the words are kept: the text of the rest
            reached = regions - reached
        found.append((change, reached))
    return found


def kept_elsewhere(change: Modification, unit: Unit) -> bool:
    """Whether `change` repeals words the text shown of `unit` keeps (they remain in force where it does not reach).
    Where its note is marked in the unit's own words, the marker says: it stands in words the text keeps
    (`Unit.kept_notes`), or the words are dropped. Where it is not (a note on an enclosing provision), the words do:
    none of them shown as repealed (". . .")."""
    if change.kind != "repeal" or change.of_unit:
        return False
    if change.note_id is not None and change.note_id in unit.notes:
        return change.note_id in unit.kept_notes
    return _DOTS.search(unit.text) is None


def text_extent(unit: Unit, word_changes: list[tuple[Modification, set[str]]]) -> str:
    """The territories the text shown of `unit` is in force for: its extent, narrowed by each change of its words
    limited to some of them (`territorial_word_changes`: "Words in s. 31(4)(a)(iii) repealed (1.4.2006 for W.)",
    the words shown ". . ."; the text shown is Wales's, and England's, which still has the words, is not held). Where
    the changes leave no territory in common (a table with a row for N.I. beside one for E.W.S.), the text holds the
    words of each and its extent stands."""
    regions = unit.extent.split("+")
    kept = [r for r in regions if all(r in reached for _, reached in word_changes)]
    return "+".join(kept) if kept else unit.extent


def words_kept_elsewhere(
    unit: Unit, word_changes: list[tuple[Modification, set[str]]], start: date
) -> tuple[date, Modification, str] | None:
    """Of `word_changes`, a repeal of words of `unit` for some territories that the text shown keeps (they remain in
    force for the rest), dated after the text began: the day, the change and the territories left; from then the
    text is theirs."""
    for change, left in word_changes:
        day = change.effective
        if kept_elsewhere(change, unit) and day is not None and day > start:
            return day, change, "+".join(r for r in unit.extent.split("+") if r in left)
    return None


def own_start(planner: Planner, unit: Unit) -> tuple[date, str, bool]:
    """When the earliest text a single document shows for a provision began, the event that began it, and
    whether nothing of the provision was in force before.

    A legislation.gov.uk @period dates the provision with everything inside it: s. 10 is shown "from 19.8.2003"
    because words in s. 10(2)(b) were substituted then, and s. 7 "from 1.1.2016" because a regulation applied it
    then. The provision's own words are older: they date from the last change of those words (the annotations on
    its own text) or, when none is recorded, from its entry into force (its commencement or insertion, or its
    nearest ancestor's). Only when neither is known does the period's start stand, and then it says what
    happened that day."""
    day = unit.window.start
    if unit.path == "":
        return day, planner.enactment("", day), True
    kept = {id(m) for m, _ in territorial_word_changes(planner, unit) if kept_elsewhere(m, unit)}
    # words repealed: a change (not where the text keeps them, as in force elsewhere: it did not make these words)
    own = [m for m in planner.changes(unit) if not (m.kind == "repeal" and m.of_unit) and id(m) not in kept]
    # an enclosing provision inserted or substituted as a whole brought these words with it (s. 7(3)(a) of the DPA
    # came with the substitution of s. 7(3)): they are no older than that change
    own += planner.enclosing_changes(unit)
    # a change in force for some purposes first starts the window the source shows from that first date
    on_start = [m for m in own if m.effective == day or day in m.dates]
    staged = wholly_later(planner, unit, day, on_start)
    if staged:  # in force for some purposes from the period's start, wholly later: the version starts then
        return (
            staged,
            planner.change_event(unit, staged, [m for m in on_start if m.effective == staged]),
            creates(on_start),
        )
    if on_start:
        return day, planner.change_event(unit, day, on_start), creates(on_start)
    commenced = commenced_wholly_later(planner, unit, day)
    if commenced:
        wholly = min(m.effective for m in commenced)  # type: ignore[type-var]
        chosen = [m for m in commenced if m.effective == wholly]
        return wholly, planner.event(wholly, "commencement", unit.path, chosen), True
    dated = all(m.effective for m in own)
    undated = [m for m in own if m.effective is None and m.source_act and m.kind != "repeal"]
    later = changed_after_start(planner, unit, own)
    if later:
        if undated:  # changes the notes do not date: made at the latest when the source first shows the provision
            earlier = planner.change_event(unit, day, undated)
            planner.plan.events[earlier].at_latest = True
        start = max(m.effective for m in later)  # type: ignore[type-var]
        changed = [m for m in later if m.effective == start]
        return start, planner.change_event(unit, start, changed), creates(changed)
    if undated:
        words_dated = words_dated_after_enclosing(planner, unit, day, undated)
        if words_dated:
            start = max(m.effective for m in words_dated)  # type: ignore[type-var]
            return start, planner.change_event(unit, start, [m for m in words_dated if m.effective == start]), False
        # "Word in s. 8(1) substituted (for the tax year 2026-27 ...) by Finance Act 2026": that act made these words,
        # on a day the note does not give, at the latest when the source first shows them. Words changed within a
        # provision were changed after it was inserted: those changes made the text shown
        within = [m for m in undated if not m.of_unit] or undated
        event = planner.change_event(unit, day, within)
        planner.plan.events[event].at_latest = True
        return day, event, False  # (inserted on a day not given: before it, what it read is not known either)
    origin = planner.origin(unit)
    candidates = [m.effective for m in own if dated and m.effective and m.effective <= day]
    if dated and origin and origin[0] <= day:
        candidates.append(origin[0])
    if candidates:
        start = max(candidates)
        changed = [m for m in own if m.effective == start]
        if changed:
            return start, planner.change_event(unit, start, changed), creates(changed)
        return start, planner.event(start, origin[1], unit.path, origin[2]), True
    if day <= (planner.document.entry_into_force or planner.enactment_day):
        # in force since the act came into force (when the source does not say when that was, a window from the
        # act's own date): its enacted text. A later start the source does not explain is no enactment
        return day, planner.enactment(unit.path, day), True
    nested = planner.descendant_changes(unit, day)
    modified = planner.changes(unit, day, {"modification"})
    if nested:
        # a container whose own words nothing dates, shown from the day of a change deeper inside it (SSCR Part 2
        # from 6.4.2026 for the sum substituted in reg. 10(a)): that day is neither its commencement nor an amendment
        # of it; the source shows it from then and records nothing of when it began (the inner notes dated the day)
        return day, planner.event(day, "started-without-recorded-act", unit.path, nested), False
    if modified:  # its effect was modified that day (it affects the provision); its words are not known to be new
        planner.event(day, "modification", unit.path, modified)
    parent = unit.parent_path or ""
    inherited = planner.first_starts.get((parent, chain(unit))) or planner.first_starts.get((parent, None))
    if not unit.own_period and inherited and inherited[0] == day and inherited[2]:
        # the enclosing provision came into force that day (nothing of it before): so did this part of it
        planner.plan.events[inherited[1]].affects.add(unit.path)
        return inherited
    # (and nothing at all recorded inside it that day: an order applying one of its sections, say)
    prospective = day > planner.document.expression_date  # after the day the source states the act as at
    commenced = day in planner.commencement_days or prospective
    if unit.own_period and commenced and not planner.descendant_changes(unit, day, None):
        # its own window, nothing inside it changed that day, and the act records commencements that day, or the
        # source (which vouches for the act from its own date) shows it only from that later day: it came into force
        # then (by an order or provision the source does not name for it)
        return day, planner.event(day, "commencement", unit.path), True
    # a window inherited from an enclosing provision, whose start something else in it explains: the source shows
    # this text from that day and records nothing of when it began
    return day, planner.event(day, "started-without-recorded-act", unit.path), False


def wholly_later(planner: Planner, unit: Unit, day: date, on_start: list[Modification]) -> date | None:
    """The day a provision shown from `day` came wholly into force, when on `day` it was in force for some purposes
    only ("Sch. 2 para. 7 inserted (27.4.2017 for specified purposes, 31.10.2017 in so far as not already in force)",
    its period starting 27.4.2017): its first version then starts on that later day, the commencement in part before
    it (lexrdf.versioning.commencement) answering partly-in-force. None when that is not so."""
    window, currency = unit.window, planner.document.current_to
    if not on_start or window is None or any(m.effective == day for m in on_start):
        return None
    wholly = max(m.effective for m in on_start)  # type: ignore[type-var]
    if not partly_on(planner, unit, day) or (currency and wholly > currency) or (window.end and wholly >= window.end):
        return None
    return wholly


def partly_on(planner: Planner, unit: Unit, day: date, enclosing: bool = True) -> bool:
    """Whether a note says `unit` (or, with `enclosing`, a provision its words came with) came into force on `day` for
    some purposes."""
    holders = [unit, *(planner.ancestors(unit) if enclosing else ())]  # (s. 55B(1) came with s. 55B)
    partial = {"partial-commencement"}
    return any(m.effective == day for holder in holders for m in planner.changes(holder, kinds=partial))


def commenced_wholly_later(planner: Planner, unit: Unit, day: date) -> list[Modification]:
    """The commencement notes bringing `unit` wholly into force after `day`, when the source shows it from `day` and a
    note says it came into force for some purposes then ("S. 128 wholly in force at 3.7.2000; ... s. 128 in force for
    specified purposes at 8.5.2000", its period from 8.5.2000; "Sch. 10 para. 6 wholly in force at 1.3.2000; Sch. 10
    para. 6 in force for certain purposes at Royal Assent"): its first version starts when it was wholly in force,
    partly in force before. Empty when that is not so (or the later day is past the source's currency or the
    period)."""
    window, currency = unit.window, planner.document.current_to
    if window is None or not partly_on(planner, unit, day, enclosing=False):  # its own commencement: its own part
        return []
    return [
        m
        for m in planner.changes(unit, kinds={"commencement"})
        if m.effective
        and day < m.effective <= (currency or m.effective)
        and (window.end is None or m.effective < window.end)
    ]


def changed_after_start(planner: Planner, unit: Unit, own: list[Modification]) -> list[Modification]:
    """The changes of `unit`'s own words that a note dates after the day its period shows it from, within that period
    and on or before the source's currency: the text shown carries them (the note is on its words), so it is no older
    than they are. (SCA s. 140(3): RestrictStartDate 2000-08-25, "Words in s. 140(3)(5) substituted (28.8.2000) by
    2000 c. 6": the two disagree; the text is shown from 28.8.2000, and the disagreement is reported.)"""
    window, document = unit.window, planner.document
    if window is None:
        return []
    # a change in force for some purposes first made its words on its first date ("inserted (1.10.2009 for certain
    # purposes and 1.4.2010 ...)"): only a change whose first date is after the period's start is later
    later = [
        m
        for m in own
        if m.effective
        and window.start < min(m.dates or (m.effective,)) <= (document.current_to or window.start)
        and (window.end is None or m.effective < window.end)
        and m.kind in TEXTUAL - {"repeal"}
        and not m.about_others
    ]
    for change in later:
        planner.notice(
            f"{document.path}:{change.line or ''}: a note dates a change of {unit.eid or unit.path} on "
            f"{change.effective}, after the day its period shows it from, {window.start} (line {unit.line}): its text "
            f"is shown from {change.effective}"
        )
    return later


def words_dated_after_enclosing(
    planner: Planner, unit: Unit, day: date, undated: list[Modification]
) -> list[Modification]:
    """The dated changes of `unit`'s own words that date its text although `undated` changes are not dated: when each
    of those is an insertion or substitution as a whole of a provision around it ("Ss. 12A, 12B inserted (with effect
    for the tax year 2016-17 ...)") and words in it changed on a day given ("Words in s. 12A(3) inserted (30.11.2016
    ...)"), the text shown still carries that change, so the insertion came first. Only a note about its words alone
    counts (not one whose marks also run through an enclosing provision's words: "S. 16(1)(aa) inserted (... 2016-17)
    by Finance Act 2016" inside the substitution of 2008). Empty when the rule does not apply."""
    around = {m.note for parent in planner.ancestors(unit) for m in planner.changes(parent)}
    enclosing = set(planner.enclosing_changes(unit))
    if not all((m in enclosing or m.note in around) and m.kind in REOPENING_KINDS for m in undated):
        return []
    return [
        m
        for m in planner.changes(unit)
        if m.effective and m.effective <= day and not m.of_unit and m.note not in around
    ]


def inherited_end_at_currency(planner: Planner, unit: Unit, currency: date) -> bool:
    """Whether the end of `unit`'s window, where the source stops vouching, is one it only inherits (SCA s. 129 inside
    Part VI, whose version ends on 2020-12-01 because s. 140 changes then, the root's RestrictEndDate): the enclosing
    unit's next version begins for a change elsewhere in it, no end of this text."""
    end = unit.window.end
    return (
        end is not None
        and end - DAY >= currency
        and not planner.changes(unit, end, TEXTUAL)
        and not planner.ancestor_changes(unit, end, TEXTUAL)
        and ends_for_another(planner, unit)
    )


def ends_for_another(planner: Planner, unit: Unit) -> bool:
    """Whether the end of `unit`'s window is one it inherits from an enclosing unit that ends then because another
    unit inside it, dated on its own, ends then: a container's window reflects changes anywhere inside it, so its end
    says nothing of the words of the units it dates only by enclosing them (SCA Part VI ends on 2020-12-01 for s. 140,
    not for s. 129); or one a portion shows only around what it holds (`shown_in_part`: s. 129 served alone, inside
    Part VI, which ends then for s. 140, not held)."""
    dating, below = unit, []
    for parent in planner.ancestors(unit):
        if parent.window != dating.window:
            break
        below.append(dating)
        dating = parent
    if dating is unit or unit.own_period:
        return False  # its window is its own (or that of an element around it alone): its end is evidence
    if dating.path in shown_in_part(planner) and not any(u.own_period or u.wrapped_period for u in below):
        return True  # a portion shows it only around what it holds: its end may be for a unit not held
    ends = planner.inner_ends.get(dating.path)
    if ends is None:  # once per enclosing unit, not per unit it encloses
        inside = planner.descendant_eids.get(dating.path, set())
        ends = planner.inner_ends[dating.path] = {
            other.window.end
            for other in planner.document.units
            if other.eid in inside and other.window is not None and other.window != dating.window
        }
    return unit.window.end in ends


def shown_in_part(planner: Planner) -> frozenset[str]:
    """The units a portion shows only around what it holds: those enclosing the lowest unit that encloses every unit
    it holds (legislation.gov.uk serves SCA s. 129 inside Part VI and its cross-heading, with their windows, which
    reflect changes to units of them it does not hold); none for a whole text."""
    if not planner.document.portion:
        return frozenset()
    if planner.scope_ancestors is None:
        parent_of = {u.path: u.parent_path for u in planner.document.units}
        enclosing = set(parent_of.values())
        chains = []
        for path in (p for p in parent_of if p and p not in enclosing):  # every unit holding no other
            chain, at = [], path
            while at is not None:
                chain.append(at)
                at = parent_of.get(at)
            chains.append(chain[::-1])  # outermost first
        common = [level[0] for level in zip(*chains, strict=False) if len(set(level)) == 1]
        planner.scope_ancestors = frozenset(common[:-1])
    return planner.scope_ancestors


def repealed_placeholder(planner: Planner, unit: Unit) -> bool:
    """Whether this is what the source shows of a provision repealed as a whole on its window's start."""
    day = unit.window.start
    return (
        unit.placeholder
        or bool(planner.whole_repeals(unit, day))  # (one for some of its territories only leaves it for the rest)
        or bool(planner.ancestor_changes(unit, day, {"repeal"}))
    )


def later_start(planner: Planner, unit: Unit) -> tuple[date, str, bool]:
    """A later alternative of a provision begins where the source says, by the change recorded for that day."""
    day = unit.window.start
    changed = planner.changes(unit, day, TEXTUAL - {"repeal"}) or planner.ancestor_changes(unit, day, TEXTUAL)
    if changed:
        return day, planner.change_event(unit, day, changed), False
    nested = planner.descendant_changes(unit, day)
    if nested:
        return day, planner.event(day, "amendment", unit.path, nested), False
    commenced = planner.changes(unit, day, {"commencement"})
    if commenced:
        return day, planner.event(day, "commencement", unit.path, commenced), False
    return day, planner.event(day, "amendment", unit.path), False


def creates(changes: list[Modification]) -> bool:
    """Whether these changes brought the whole provision into being (nothing of it was in force before)."""
    return any(m.kind == "insertion" and m.of_unit for m in changes)
