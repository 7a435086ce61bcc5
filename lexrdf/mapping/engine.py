"""The engine that runs a declarative mapping (mappings/*.yaml) over one source document.

It knows XML and the mapping vocabulary, and produces a `SourceDocument`; it knows nothing of RDF, nor of any
format: what an identifier, a window, a change or an act's type is in a format is a rule of its mapping
(docs/mappings.md), evaluated here.

This module routes a file to its mapping and puts the document together; each part of the reading is a module of its
own: reader.py (the document's elements, words, values and references), lifecycle.py (events and windows),
changes.py (passive and active modifications), units.py (the walk over the provisions), annotated.py (the changes
notes record), act_dates.py (the act's own dates), with placeholders.py and credits.py (evidence in the words).
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from lxml import etree

from lexrdf.errors import SourceError
from lexrdf.mapping.act_dates import (
    apply_applicable_from,
    apply_own_commencement,
    in_force_from,
    not_before_entry,
    notice_before_the_act,
    read_stated_entry,
    read_vacatio_legis,
    read_work_date,
)
from lexrdf.mapping.annotated import act_repeals, annotated_changes, read_annotations
from lexrdf.mapping.changes import ChangesReader, changes_of_itself, notice_undated
from lexrdf.mapping.credits import credited_insertions
from lexrdf.mapping.effects import EffectsFeed, effects_of_tree, effects_rules_for
from lexrdf.mapping.lifecycle import LifecycleReader
from lexrdf.mapping.paths import local_name as _local
from lexrdf.mapping.placeholders import repeal_placeholders
from lexrdf.mapping.problems import Problems
from lexrdf.mapping.spec import MAPPINGS_DIR, Mapping, all_mappings, mapping_for_root
from lexrdf.mapping.units import UnitsReader, inherit_deferred_effects
from lexrdf.mapping.xmlsafe import parse_xml
from lexrdf.model import SourceDocument, Window
from lexrdf.settings import DEFAULT_SOURCE_LIMITS, SourceLimits
from lexrdf.uris import same_identifier


class _Reader(UnitsReader, ChangesReader, LifecycleReader):
    """Evaluates one mapping's rules over one parsed document (each part of the reading is a module of its own)."""


def _has_attribute(element: etree._Element, attribute: str | None) -> bool:
    """Whether any element below `element` carries `attribute` (a format dating units by their attributes)."""
    return bool(attribute) and next(element.iterfind(f".//*[@{attribute}]"), None) is not None


def _act_type(reader: _Reader) -> str:
    """The act's type, by the mapping's `act_type` rule (AKN: as the work URI names it, else the document
    element's name; a portion's element says nothing of its act)."""
    named = reader.value("act_type")
    return named[0].lower()


def read_document(
    path: str | Path,
    mappings_dir: Path = MAPPINGS_DIR,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
) -> SourceDocument:
    """Parse one source file safely (within `limits`) and run the mapping that fits its root namespace. The
    parsed tree is dropped when the document is mapped: what is kept is the model, much smaller. A changes feed is
    not a document of an act: `read_source` reads either."""
    source = read_source(path, mappings_dir, limits)
    if isinstance(source, EffectsFeed):
        raise SourceError(str(path), 1, "a changes feed (effects), not a document of an act: ingest it")
    return source


def read_source(
    path: str | Path,
    mappings_dir: Path = MAPPINGS_DIR,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
) -> SourceDocument | EffectsFeed:
    """Parse one source file safely and route it by its root element and namespace: to the mapping that declares
    them as its `root` (a document of an act), or to the one whose `effects` section declares them (a changes feed,
    read by lexrdf.mapping.effects)."""
    path_str = str(path)
    tree = parse_xml(path, limits)
    root = tree.getroot()
    namespace = etree.QName(root).namespace or ""
    mapping = mapping_for_root(etree.QName(root).localname, namespace, mappings_dir)
    if mapping is None:
        feed_rules = effects_rules_for(root, mappings_dir)
        if feed_rules is not None:
            return effects_of_tree(path_str, tree, feed_rules)
        known = "; ".join(m.describe() for m in all_mappings(mappings_dir))
        feeds = "; ".join(
            f"{m.name} changes feeds (<{etree.QName(m.get('effects')['root']).localname}> in "
            f"{etree.QName(m.get('effects')['root']).namespace})"
            for m in all_mappings(mappings_dir)
            if isinstance(m.get("effects"), dict) and m.get("effects").get("root")
        )
        raise SourceError(
            path_str,
            root.sourceline,
            f"root <{etree.QName(root).localname}> in namespace {namespace!r} is not Akoma Ntoso nor any other known "
            f"format (known: {known}{'; ' + feeds if feeds else ''})",
        )
    return map_document(path_str, tree, mapping, limits)


def map_document(
    path: str,
    tree: etree._ElementTree,
    mapping: Mapping,
    limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
) -> SourceDocument:
    """Run `mapping` over a parsed document: SourceProblems naming every problem found in it (each at its line),
    or SourceError for one after which nothing could be read."""
    problems = Problems(path)
    try:
        document = _map_document(path, tree, mapping, limits, problems)
    except Exception as exc:  # a problem past which nothing is read: raised after those recorded
        problems.stop(exc)
    problems.check()
    return document


def _map_document(
    path: str, tree: etree._ElementTree, mapping: Mapping, limits: SourceLimits, problems: Problems
) -> SourceDocument:
    reader = _Reader(path, tree, mapping, limits, problems)
    work_uri, work_uri_line = reader.value("work_uri")
    work_uri = work_uri and same_identifier(work_uri)
    # every alias spec contributes (not only the first that yields): each is another name of the act
    alias_specs = mapping["identification"].get("work_aliases", [])
    aliases = sorted({same_identifier(v) for spec in alias_specs for v, _ in reader.values([spec])} - {work_uri})
    own_uris = {work_uri, *aliases}
    work_date, work_date_line, year_only = read_work_date(reader)
    expression_date = reader.date_value("expression_date")
    events, event_dates = reader.lifecycle(own_uris, work_date)
    windows = reader.periods(event_dates)
    language_code, _ = reader.value("language", required=False) or ("und", None)
    language = mapping.get("languages", {}).get(language_code.lower(), language_code.lower())
    country, _ = reader.value("country")
    number, number_line = reader.value("number")
    title_value = reader.value("title", required=False)
    short_title_value = reader.value("short_title", required=False)
    authority_value = reader.value("authority", required=False)
    versioning = mapping.get("versioning", "auto")
    if versioning == "auto":
        declared = mapping.get("contains", {}).get(reader.doc.get("contains", ""))  # AKN's @contains
        dated = _has_attribute(reader.doc, (mapping.get("windows") or {}).get("start_attribute"))
        versioning = declared or ("periods" if dated or len({w.start for w in windows.values()}) > 1 else "expression")
    periods_authoritative = versioning == "periods"
    starts = [w.start for w in windows.values()]
    enactments = [e.day for e in events if e.kind == "enactment"]
    # the day the source states the act entered into force; else the earliest in-force start of its periods, or its
    # enactment (the lifecycle's)
    stated_entry, entry_line, entry_origin = read_stated_entry(reader)
    vacatio = read_vacatio_legis(reader, work_date) if stated_entry is None else None
    if vacatio is not None:  # the text's own words: in force a period after a publication the source does not date
        stated_entry, entry_line, entry_origin = vacatio
    dated_entry = min(starts) if starts else (max(enactments) if enactments and not reader.undated_windows else None)
    entry_into_force = stated_entry or dated_entry
    containers = [c for spec in mapping.get("body", ["a:body"]) for c in reader.doc.findall(spec, reader.ns)]
    if not containers:
        raise SourceError(path, reader.doc.sourceline, "document has no body")
    # a unit with no period of its own is in force from the act's entry into force as its periods or lifecycle
    # date it; a consolidation that only states the day the act entered into force says nothing of when each of its
    # texts (perhaps amended since) began
    default_window = Window(dated_entry) if dated_entry else None
    if default_window is None and stated_entry and stated_entry >= expression_date:  # the original text: from then
        default_window = Window(stated_entry)
    annotations, annotation_rules = read_annotations(reader, own_uris, work_date)
    modifications = reader.modifications(own_uris, windows, set(annotations))
    # a change with no period of its own takes effect when the act enters into force; when the source does not say
    # when that is, from the earliest date it gives the act (never a later consolidation's date)
    in_force = entry_into_force or min(event_dates.values(), default=work_date)
    active = reader.active_modifications(windows, in_force, reader.separator)
    units = reader.walk_units(containers, windows, default_window, reader.separator)
    portion_named = reader.values(mapping.get("portion_when", []))
    portion = _local(reader.doc) in set(mapping.get("portions", [])) or bool(portion_named)
    own = apply_own_commencement(
        reader,
        units,
        periods_authoritative,
        stated_entry,
        expression_date,
        work_date,
        portion=(portion_named[0][0] if portion_named else _local(reader.doc)) if portion else None,
    )
    if own.entry_unknown:  # the act's own date is the earliest its texts entered into force
        entry_into_force = entry_into_force or work_date
    inherit_deferred_effects(units)
    not_before_entry(reader, units, stated_entry, entry_line, entry_origin)
    apply_applicable_from(reader, units, stated_entry)
    separator = (mapping.get("annotations") or {}).get("target_separator", "-")
    modifications += annotated_changes(units, annotations, work_uri, separator, annotation_rules)
    modifications += own.changes
    modifications += repeal_placeholders(reader, units, modifications, periods_authoritative)
    modifications += changes_of_itself(active, units, work_uri)
    modifications += credited_insertions(reader, own_uris)
    events += act_repeals(annotations, own_uris)
    manifested = reader.date_value("current_to", required=False)
    until = reader.date_value("current_until", required=False)  # an exclusive end: vouched for until the day before
    if until is not None:
        manifested = max(manifested, until - timedelta(days=1)) if manifested else until - timedelta(days=1)
    # the act's date: its work date when an enactment event confirms it, else its earliest enactment event (a
    # LegalDocML.de consolidation gives the date of its last amendment as its FRBRWork date, the original enactment
    # in its lifecycle)
    enactments = {e.day for e in events if e.kind == "enactment"}
    enacted = work_date if work_date in enactments else min([work_date, *enactments])
    notice_before_the_act(reader, units, enacted)
    notice_undated(reader, modifications)
    reader.notices.extend(dict.fromkeys(f"{path}:{line}: {what}" for line, what in reader.extents.notices))
    version_value = reader.value("expression_version", required=False)
    current_to = max(expression_date, manifested) if manifested else expression_date
    if reader.value("original_version", required=False):  # the text as enacted: vouched for as of the act's date
        current_to = enacted
    if not periods_authoritative and vacatio is None:  # vouched for on its entry into force, unless only at earliest
        current_to = max(current_to, in_force_from(units, current_to) or current_to)
    return SourceDocument(
        path=path,
        mapping=mapping.name,
        frbr_work=work_uri,
        frbr_aliases=aliases,
        jurisdiction=country.lower(),
        act_type=_act_type(reader),
        portion=portion,
        act_number=number,
        work_date=work_date,
        title=title_value[0] if title_value else number,
        short_title=short_title_value[0] if short_title_value else None,
        language=language,
        expression_date=expression_date,
        publication_date=reader.date_value("publication_date", required=False),
        entry_into_force=entry_into_force,
        authority=authority_value[0] if authority_value else None,
        periods_authoritative=periods_authoritative,
        current_to=current_to,
        prospective=own.whole,
        undated_entry=year_only or (reader.undated_units[0] if reader.undated_units else None),
        year_only=bool(year_only),
        entry_into_force_event=mapping.get("entry_into_force_event") or "enactment",
        entry_at_earliest=f"{vacatio[2]} (the source does not date the publication)" if vacatio else own.entry_unknown,
        units=units,
        events=events,
        modifications=modifications,
        active_modifications=active,
        notices=reader.notices,
        expression_version=int(version_value[0]) if version_value and re.fullmatch(r"[0-9]+", version_value[0]) else 0,
        cited_acts=reader.cited_acts(own_uris),  # after the modifications: it reads the titles they found
        lines=_lines(
            work_uri=work_uri_line,
            number=number_line,
            title=title_value[1] if title_value else None,
            work_date=work_date_line,
            expression_date=reader.value("expression_date")[1],
            entry_into_force=entry_line,
            body=containers[0].sourceline,
        ),
    )


def _lines(**lines: int | None) -> dict[str, int]:
    return {name: line for name, line in lines.items() if line}
