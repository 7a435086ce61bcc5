"""Ingest's second stage: which IRI names each act the sources express or name (the stored act carrying one of its
identifiers, else one minted), and which held acts a changes feed's effects are recorded on."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from lexrdf.errors import SourceError
from lexrdf.mapping.effects import EffectsFeed
from lexrdf.model import SourceDocument
from lexrdf.queries.repository import (
    NamedAct,
    acts_carrying,
    acts_carrying_each,
    earlier_iris,
)
from lexrdf.store.base import Store
from lexrdf.uris import IriMinter, KnownActs, identifier_forms, with_canonical

#: the acts that carry an identifier (`acts_carrying` of a store, or what `acts_carrying_each` found)
Carrying = Callable[[str], list[NamedAct]]


def act_iri_for(
    store: Store, minter: IriMinter, documents: list[SourceDocument], carrying: Carrying | None = None
) -> str:
    """The IRI of the act these documents express: the stored act that carries any of their identifiers, else
    minted from the first expression. (An act known so far only by reference is not the act itself: the act gets
    its own IRI, and its graph records that the earlier one names it; see `known_acts`.)"""
    carrying = carrying or partial(acts_carrying, store)
    claimed: dict[str, tuple[SourceDocument, str]] = {}
    for document in documents:
        for identifier in _identifiers(document):
            for named in carrying(identifier):
                if not named.by_reference:
                    claimed.setdefault(named.iri, (document, identifier))
    if len(claimed) > 1:  # its identifiers are those of two acts held: it could write into either one's graph
        (first_act, (_, first_id)), (other_act, (document, other_id)) = sorted(claimed.items())[:2]
        raise SourceError(
            document.path,
            document.lines.get("work_uri"),
            f"its identifiers name two acts held: {first_id} is {first_act}, {other_id} is {other_act}; an "
            "expression belongs to one act",
        )
    if claimed:
        return next(iter(claimed))
    first = min(documents, key=lambda d: d.expression_date)
    when = str(first.work_date.year) if first.year_only else first.work_date.isoformat()  # as precise as known
    return minter.act(first.jurisdiction, first.act_type, when, first.act_number)


def known_acts(
    store: Store,
    groups: list[list[SourceDocument]],
    acts: list[str],
    references: Iterable[str] = (),
    carrying: Carrying | None = None,
) -> KnownActs:
    """Which IRI names each act this ingest mentions, so that one act has one identity whatever the order of
    ingest: every identifier of an act being ingested, and every reference to an act held in the store, names
    that act's own IRI; an act being ingested that the store knew only by reference gets the IRIs minted for it
    then (each to be recorded ``owl:sameAs`` it and the other IRIs minted for it, as `KnownActs` says)."""
    carrying = carrying or partial(acts_carrying, store)
    held: dict[str, str] = {}
    for group, act in zip(groups, acts, strict=True):
        for document in group:
            for identifier in _identifiers(document):
                held.setdefault(identifier, act)
    minted_earlier: dict[str, tuple[str, ...]] = {}
    linked: dict[str, tuple[str, ...]] = {}
    for group, act in zip(groups, acts, strict=True):
        identifiers = {identifier for document in group for identifier in _identifiers(document)}
        earlier = {
            named.iri
            for identifier in identifiers
            for named in carrying(identifier)
            if named.by_reference and named.same_as is None and named.iri != act
        }
        if earlier:
            minted_earlier[act] = tuple(sorted(earlier))
            linked[act] = tuple(sorted(earlier_iris(store, act)))
    looked_up: set[str] = set()
    for reference in sorted(_cited(groups, references)):
        for form in identifier_forms(reference):
            if form in held:
                break
            if form in looked_up:
                continue
            looked_up.add(form)
            stored = [named.iri for named in carrying(form) if not named.by_reference]
            if stored:
                held[form] = stored[0]
                break
    return KnownActs(held, minted_earlier, linked)


def carrying_all(store: Store, groups: list[list[SourceDocument]], references: Iterable[str]) -> Carrying:
    """`Carrying` for every identifier and reference `act_iri_for` and `known_acts` look up for these documents,
    asked of the store at once (`acts_carrying_each`); any other is asked when looked up."""
    identifiers = {identifier for group in groups for document in group for identifier in _identifiers(document)}
    forms = {form for reference in _cited(groups, references) for form in identifier_forms(reference)}
    found = acts_carrying_each(store, identifiers | forms)
    return lambda identifier: found[identifier] if identifier in found else acts_carrying(store, identifier)


def _cited(groups: list[list[SourceDocument]], references: Iterable[str]) -> set[str]:
    """The acts these documents name, and `references` (a changes feed's)."""
    return {ref for group in groups for document in group for ref in _references(document)} | set(references)


def _identifiers(document: SourceDocument) -> list[str]:
    """The act's identifiers, and each in one spelling (an AKN URI or URN NIR: `canonical_work`)."""
    return with_canonical([document.frbr_work, *document.frbr_aliases])


def _references(document: SourceDocument) -> set[str]:
    """The acts a document names: the sources of its events and changes, and the acts it cites."""
    return (
        {event.source_act for event in document.events if event.source_act}
        | {change.source_act for change in document.modifications if change.source_act}
        | set(document.cited_acts)
        | {change.target_work for change in document.active_modifications if change.target_work}
    )


def feed_targets(
    feeds: list[EffectsFeed], groups: list[list[SourceDocument]], acts: list[str], minter: IriMinter
) -> list[tuple[int, str]]:
    """The group index and IRI of every held act the feeds affect. A feed's effects are part of the affected act's
    history and are recorded in that act's graph, so only the effects on acts held (stored, or ingested in this run)
    are recorded; those on any other act are left out, one notice per act naming the file, the line of its first
    effect, the act and how many effects (ingest the act, then the feed again). A held act this run ingests nothing
    else for gets a group of its own (no documents: only the feed's events)."""
    found: dict[str, int] = {}
    for feed in feeds:
        kept, left_out = [], {}
        for effect in feed.effects:
            act = minter.known.act(effect.affected)
            if act is None:
                left_out.setdefault(effect.affected, []).append(effect)
                continue
            kept.append(effect)
            if act not in found:
                if act not in acts:
                    groups.append([])
                    acts.append(act)
                found[act] = acts.index(act)
        feed.effects = kept
        for affected, effects in left_out.items():
            title = f" ({effects[0].affected_title})" if effects[0].affected_title else ""
            feed.notices.append(
                f"{feed.path}:{effects[0].line}: {len(effects)} effect{'s' if len(effects) > 1 else ''} on "
                f"{affected}{title}, an act not held: not recorded (ingest the act, then the feed again)"
            )
    return [(index, act) for act, index in found.items()]


def feed_references(feeds: list[EffectsFeed]) -> set[str]:
    return {uri for feed in feeds for effect in feed.effects for uri in (effect.affected, effect.affecting)}
