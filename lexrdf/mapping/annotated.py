"""The changes a document's notes (annotations) record, each for the provision whose own text points at the note,
and the act's repeal as a whole a note records."""

from __future__ import annotations

from datetime import date

from lexrdf.mapping.annotation_rules import AnnotationRules
from lexrdf.mapping.annotations import AnnotationReader, Statement
from lexrdf.mapping.reader import Reader, is_own
from lexrdf.model import EventRef, Modification, Unit
from lexrdf.uris import same_identifier


def read_annotations(
    reader: Reader, own_uris: set[str], act_date: date | None = None
) -> tuple[dict[str, list[Statement]], AnnotationRules | None]:
    """The changes each note records, by its identifier, and the compiled rules they were read by."""
    rules = reader.mapping.get("annotations")
    if not rules or "element" not in rules:
        return {}, None
    context, xpath = reader.paths.split(rules["element"])
    if context is None:
        return {}, None
    compiled = AnnotationRules({**rules, "element": xpath, "identifier": reader.id_attribute}, reader.mapping.namespace)
    annotation_reader = AnnotationReader(compiled, own_uris, act_date)
    found = annotation_reader.read(context, reader.ns)
    for identifier, lines in annotation_reader.shared.items():
        reader.notices.append(
            f"{reader.path}:{lines[0]}: {len(lines)} notes share the identifier {identifier!r}: a reference to it is "
            "read as a change only of a provision the note itself names"
        )
    for act, title in annotation_reader.titles.items():
        if not is_own(act, own_uris) and len(title) > len(reader.ref_titles.get(act, "")):
            reader.ref_titles[act] = title
    return found, compiled


def annotated_changes(
    units: list[Unit],
    annotations: dict[str, list[Statement]],
    work_uri: str,
    separator: str,
    rules: AnnotationRules | None = None,
) -> list[Modification]:
    """The changes the annotations record, each for the provision whose own text points at the note. A change
    concerns the whole provision when its note is not about words in it and either sits on the provision's
    number or heading, or names the provision (or a range of provisions) as what changed."""
    changes: list[Modification] = []
    for unit in units:
        for note in unit.notes:
            for statement in annotations.get(note, []):
                source = work_uri if statement.source_act and is_own(statement.source_act, {work_uri}) else None
                parts = _commenced_parts(statement, unit, units, source, separator, rules) if statement.parts else []
                if parts or (statement.parts and statement.kind != "partial-commencement"):
                    changes += parts
                    continue  # (a commencement in part citing nothing found here is the provision's own, below)
                named = {_eid_of(target, work_uri, separator) for target in statement.targets} - {None}
                names_unit = unit.eid in named or (statement.ranged and not statement.ambiguous)
                about_unit = names_unit or _names_within(named, unit.eid, separator)
                if statement.ambiguous and not (
                    about_unit or (rules and rules.cites(statement.subject, unit.eid, separator))
                ):
                    continue  # a note of a shared identifier that is not about this provision
                if statement.deferred and statement.note not in unit.deferred_effects:
                    unit.deferred_effects = (*unit.deferred_effects, statement.note)
                changes.append(
                    Modification(
                        statement.kind,
                        unit.eid or "",
                        source or statement.source_act,
                        statement.source_provision,
                        statement.effective,
                        statement.line,
                        statement.until,
                        statement.note,
                        (note in unit.unit_notes or names_unit)
                        and (
                            not statement.partial
                            or bool(rules and rules.cites_as_changed(statement.subject, unit.eid, separator))
                        ),
                        statement.dates,
                        about_others=bool(rules and rules.about_others(statement.subject, unit.eid, separator)),
                        purposes=statement.purposes or None,
                        note_id=note,
                        extent=statement.extent,
                    )
                )
    return list(dict.fromkeys(changes))


def _commenced_parts(
    statement: Statement,
    unit: Unit,
    units: list[Unit],
    source: str | None,
    separator: str,
    rules: AnnotationRules | None,
) -> list[Modification]:
    """A commencement clause of the note on `unit` citing provisions in words ("s. 97(1)(2) in force at 12.1.2000 by
    S.I. 1999/3434, art. 2"): a commencement of each cited provision that is `unit` or lies within it, on that day."""
    if rules is None or not unit.eid:
        return []
    within = [u for u in units if u.eid and (u.eid == unit.eid or u.eid.startswith(unit.eid + separator))]
    commenced = [
        Modification(
            statement.kind,  # commencement, or commencement in part ("s. 82(3) in force for certain purposes ...")
            part.eid or "",
            source or statement.source_act,
            statement.source_provision,
            statement.effective,
            statement.line,
            note=statement.note,
            purposes=statement.purposes or None,
        )
        for part in within
        if any(rules.cites(cited, part.eid, separator) for cited in statement.parts)
    ]
    if any(change.destination != unit.eid for change in commenced):
        # some of it in force, on the clause's day: the provision itself in force in part from then
        commenced.append(
            Modification(
                "partial-commencement",
                unit.eid,
                source or statement.source_act,
                statement.source_provision,
                statement.effective,
                statement.line,
                note=statement.note,
                purposes=statement.subject,
            )
        )
    return commenced


def act_repeals(annotations: dict[str, list[Statement]], own_uris: set[str]) -> list[EventRef]:
    """A dated note that names the act itself as what was repealed ("<CitationSubRef URI=".../id/ukpga/Geo3/49/126">Act
    </CitationSubRef> repealed (31.1.2013) by Statute Law (Repeals) Act 2013"): the act's repeal as a whole, by the act
    the note names, on its date (the same as a lifecycle repeal; the note is its evidence)."""
    own = {uri.rstrip("/") for uri in own_uris if uri}
    found: dict[tuple[date, str | None], EventRef] = {}
    for identifier, statements in annotations.items():
        for statement in statements:
            whole = statement.kind == "repeal" and not statement.partial and statement.effective is not None
            if whole and any(same_identifier(target).rstrip("/") in own for target in statement.targets):
                key = (statement.effective, statement.source_act)
                found.setdefault(
                    key,
                    EventRef(
                        identifier, statement.effective, "repeal", statement.source_act, statement.line, statement.note
                    ),  # fmt: skip
                )
    return list(found.values())


def _names_within(named: set[str | None], eid: str | None, separator: str) -> bool:
    """Whether one of the eIds `named` is a provision enclosing `eid` (``section-24-6`` for ``section-24-6-a``)."""
    return bool(eid) and any(name and eid.startswith(name + separator) for name in named)


def _eid_of(reference: str, work_uri: str, separator: str) -> str | None:
    """The eId a reference to one of this act's provisions names (``.../1998/29/section/6/3`` -> section-6-3)."""
    prefix = work_uri.rstrip("/") + "/"
    return reference[len(prefix) :].replace("/", separator) if reference.startswith(prefix) else None
