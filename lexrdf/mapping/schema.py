"""The schema of the mapping rule language (mappings/*.yaml): every key the engine reads, with its type.

A mapping that uses a key the engine does not read (`headings:` for `heading:`), or a value of the wrong type, is
refused (lexrdf.mapping.schema_check) with one line naming the file, the line and the key, not silently ignored.
Strings are strict: YAML 1.1 reads `no`, `yes`, `on`, `off` as booleans, `1.10` as a number and `2001-03-14` as a
date, so an unquoted value meant as text is refused with the advice to quote it (`languages: {no: nb}` maps False).
docs/mappings.md's key reference is generated from these models (lexrdf/mapping/reference.py).
"""

from __future__ import annotations

from typing import Literal

from pydantic import StrictInt, StrictStr

from lexrdf.mapping.schema_base import Names, Rule, Specs, Table, Text
from lexrdf.mapping.schema_editorial import AmendmentBrackets, Annotations, EditorialMark, NoteNumbers


class Root(Rule):
    """Routing: a file whose root element is `element` in `namespace` is read with this mapping."""

    element: Text
    namespace: Text


class Located(Rule):
    """An XPath, and the error (`missing`) when the document has nothing there."""

    path: Text
    missing: Text | None = None


class Identifier(Rule):
    """The attribute that identifies a unit, what splits it into path steps, and where it must be unique."""

    attribute: Text | None = None  # required once `extends` is merged (spec.load_mapping says so)
    separator: Text = "__"
    unique: Literal["all", "units"] = "all"
    # "position": a unit's identifier repeated where the format uses it as a label names the later unit by its
    # position, with a notice; "refuse" (default): the file is refused
    repeated: Literal["refuse", "position"] = "refuse"


class UnitByIdentifier(Rule):
    """A unit type read from the unit's identifier where the format's element says only its depth (CLML's P1 is a
    section, regulation, article, rule or a schedule's paragraph, as its id says: "section-122",
    "schedule-2-paragraph-7"): the first group of `from_identifier` where it matches, else `otherwise`."""

    from_identifier: Text
    otherwise: Text


class MissingIdentification(Rule):
    """Where (`context`) and how (`message`) a missing required identification value is reported."""

    context: Text
    message: Text


class PortionPaths(Rule):
    """Portion URIs written as a path after an act identifier matching `acts`, its segments joined by `join`."""

    acts: Text
    join: Text


class Source(Rule):
    """A publisher, known by its acts' `identifiers` (regex): its `licence` and the identifiers `same_as` ours."""

    identifiers: Text
    licence: Text | None = None
    same_as: Text | None = None


class Identification(Rule):
    """Specs for each identification value (the first spec that yields one wins; `work_aliases`: every one)."""

    work_uri: Specs = []
    work_aliases: Specs = []
    work_date: Specs = []
    work_year: Specs = []
    expression_date: Specs = []
    expression_version: Specs = []
    country: Specs = []
    number: Specs = []
    act_type: Specs = []
    language: Specs = []
    title: Specs = []
    short_title: Specs = []
    authority: Specs = []
    publication_date: Specs = []
    entry_into_force: Specs = []
    applicable_from: Specs = []
    current_to: Specs = []
    original_version: Specs = []
    current_until: Specs = []


class References(Rule):
    """Elements naming other acts (`acts`), this act's own source (`own`), the citation in notes (`cite`)."""

    context: Text
    acts: Names = []
    own: Names = []
    cite: Text | None = None
    href: Text = "href"
    title: Text | None = None


class OwnCommencement(Rule):
    """A text as enacted or made on its own coming into force (lexrdf/mapping/own_commencement.py)."""

    deferred: Text
    whole: Text
    preceding: Text
    pronoun: Text | None = None  # a pronoun subject standing for the whole text after its `citation` clause
    citation: Text | None = None
    immediate: Text
    partial: Text
    references: Text
    words: Table
    provisions: Names
    schedule: Text
    separator: Text = "-"


class VacatioLegis(Rule):
    """A text's own clause putting its entry into force a period after its publication (lexrdf/mapping/vacatio.py):
    `clauses` (the specs of the paragraphs that may hold it), `clause` (a pattern with groups `count` and `unit`,
    matching a clause about the whole text), `excepted` (words excepting provisions from it: then it is not read),
    `units` (each unit word -> days, months or years) and `numbers` (each number word -> its value)."""

    clauses: Names
    clause: Text
    excepted: Text | None = None  # words saying some provisions come into force otherwise: the clause is not read
    units: dict[StrictStr, Literal["days", "months", "years"]]
    numbers: dict[StrictStr, StrictInt] = {}


class RepealPlaceholders(Rule):
    """Texts a consolidation shows in place of a repealed unit, and how the act that repealed it is found."""

    patterns: Names = []
    words: Names = []
    not_within: Names = []
    cite: Text | None = None
    href: Text | None = None
    act_key: Text | None = None
    citation: Text | None = None
    months: dict[StrictStr, StrictInt] = {}


class Lifecycle(Rule):
    """Dated events: `element`, and from it its `date`, `kind` (-> `kinds`) and `source`."""

    element: Text
    date: Text
    date_origin: Text
    kind: Text
    source: Text
    kinds: Table = {}
    placeholder_dates: Names = []


class Extent(Rule):
    """Territorial extent: restriction elements (`restrictions`, `href`, `value`) or a unit `attribute`."""

    restrictions: Text | None = None
    href: Text | None = None
    value: Text | None = None
    attribute: Text | None = None
    regions: Table = {}


class Marker(Rule):
    """An element carrying `attribute` with `value` (as `prospective`: a unit so marked is not yet in force)."""

    attribute: Text
    value: Text


class ChangeExtent(Rule):
    """The territories a change marked in the text extends to (`attribute` on its markers: CLML's Extent on
    <Addition> and <Repeal>): where it extends less far than its unit, the text of the other territories is read with
    the change not applied (its added words left out, the words it repealed there kept) as a text of its own."""

    attribute: Text


class RetainedText(Rule):
    """Words of an element of `skip_text` (a repeal marker) that the source keeps, marked by `attribute` with `value`,
    because they remain in force elsewhere; not when it carries `unless` (it is replaced by other words there)."""

    attribute: Text
    value: Text
    unless: Text | None = None


class ConcurrentVersions(Rule):
    """Texts of a provision in force at the same time for different extents: an element whose `reference`
    attribute names (space-separated ids) alternatives found at `versions` (an XPath from the document) is one
    version, each alternative another, when both the element and the alternative's content carry the `marker`
    attribute with its value. Alternatives without it (an equation's image) are no text of the law."""

    reference: Text
    versions: Text
    marker: Marker


class Windows(Rule):
    """Validity windows: by a unit's `attribute` naming a group of `groups`, or `start_attribute`/`end_attribute`."""

    attribute: Text | None = None
    groups: Text | None = None
    interval: Text | None = None
    start: Text | None = None
    end: Text | None = None
    refers_to: Text | None = None
    concept_attributes: Names = []
    applicability_markers: Names = []
    start_attribute: Text | None = None
    end_attribute: Text | None = None


class Modifications(Rule):
    """This act's own changes (passiveModifications): `element`, `kind`, `destination`, `source`, `period`."""

    element: Text
    kind: Text
    destination: Text
    source: Text
    period: Text
    kinds: Table = {}
    note_date_pattern: Text | None = None


class Destination(Rule):
    """A pattern splitting a destination href into the target `work` and `eid` (or `steps` in an `expression`)."""

    pattern: Text
    work: Text | None = None
    eid: Text | None = None
    steps: Text | None = None
    expression: Text | None = None


class CitationPart(Rule):
    """Words naming one step of a provision (`words`, a regex) and the eId step they make (`eid`)."""

    words: Text
    eid: Text


class ActiveCitation(Rule):
    """Citations inside an amendment that name its target: `element`, `href`, `steps`, `parts`."""

    element: Text
    href: Text
    steps: Text
    parts: list[CitationPart] = []


class SourceNames(Rule):
    """What an amending element's own words name: the reference its `pointer` attribute names, else its `refs`
    (XPath from it), each by the first of its `hrefs` attributes it has; `places`: every destination of the
    modification (XPath from it), a position among them."""

    places: Text | None = None
    pointer: Text | None = None
    refs: Text | None = None
    hrefs: Names = ["href"]


class ActiveModifications(Rule):
    """Changes this act makes to other acts."""

    element: Text | None = None
    kinds: Table = {}
    source: Text | None = None
    destination: Text | Specs | None = None
    kind: Text | None = None
    href: Text | None = None
    up_to: Text | None = None
    period: Text | Specs | None = None
    destinations: list[Destination] = []
    citation: ActiveCitation | None = None
    names: SourceNames | None = None


class SourceCredits(Rule):
    """An editor's credit of the act that made a unit's words: the credit `element` (XPath) and the words of one
    saying they are one act's insertion, changed by nothing since (`added`, a regex on its whole words)."""

    element: Text
    added: Text


class Site(Rule):
    """The site's URLs as a browser shows them: `pattern`, the `identifier` they stand for, segments to `drop`."""

    pattern: Text
    identifier: Text
    drop: Names = []


class ActCitation(Rule):
    """A number citation (`pattern` with groups year and number) and the act's `identifier`."""

    pattern: Text
    identifier: Text


class Citations(Rule):
    """How people cite the source's acts, read by `resolve`."""

    site: Site | None = None
    acts: list[ActCitation] = []
    title: Text | None = None
    units: Table = {}
    join: Text | None = None


class EffectKind(Rule):
    """An effect type matching `pattern` is an event of `kind`."""

    pattern: Text
    kind: Text


class Effects(Rule):
    """A changes feed this mapping reads, and where each record's values are."""

    root: Text
    element: Text
    namespaces: Table = {}
    id: Text
    affecting: Text
    affected: Text
    affected_title: Text | None = None
    affecting_title: Text | None = None
    type: Text
    applied: Text | None = None
    affected_provisions: Text | None = None
    affecting_provisions: Text | None = None
    in_force: Text | None = None
    full_effect: Text
    kinds: list[EffectKind]
    otherwise: Text | None = None


class MappingRules(Rule):
    """One mapping file, `extends` merged in."""

    name: Text
    label: Text | None = None
    extends: Text | None = None
    root: Root
    namespaces: Table
    document: Located | None = None
    contexts: dict[StrictStr, Located | Text]  # a path alone is short for {path: PATH}
    identifier: Identifier | Text
    missing_identification: MissingIdentification | None = None
    identification: Identification
    lookup: dict[StrictStr, Table] = {}
    languages: Table = {}
    versioning: Literal["auto", "expression", "periods"] = "auto"
    # the event by which a text as made enters into force on the later day `entry_into_force` gives
    entry_into_force_event: Literal["enactment", "commencement"] = "enactment"
    contains: dict[StrictStr, Literal["expression", "periods"]] = {}
    units: dict[StrictStr, StrictStr | UnitByIdentifier]
    number: Names = ["num"]
    number_printed: StrictStr | None = None  # a number's attribute giving it as the source prints it (AKN @title)
    heading: Names = ["heading"]
    heading_paths: Specs = []
    inline: Names = []
    skip_text: Names = []
    retained_text: RetainedText | None = None
    change_extent: ChangeExtent | None = None
    quoted: Names = []
    excluded: Names = []
    part_identifiers: Names = []  # attributes giving URIs to elements inside a unit that are no units of their own
    body: Specs = []
    portions: Names = []
    portion_when: Specs = []
    portion_paths: PortionPaths | None = None
    sources: list[Source] = []
    references: References | None = None
    lifecycle: Lifecycle | None = None
    extent: Extent | None = None
    prospective: Marker | None = None
    own_commencement: OwnCommencement | None = None
    vacatio_legis: VacatioLegis | None = None
    concurrent_versions: ConcurrentVersions | None = None
    windows: Windows | None = None
    modifications: Modifications | None = None
    active_modifications: ActiveModifications | None = None
    source_credits: SourceCredits | None = None
    annotations: Annotations | None = None
    repeal_placeholders: RepealPlaceholders | None = None
    editorial_blocks: Names = []
    editorial_tails: Names = []
    amendment_brackets: AmendmentBrackets | None = None
    note_numbers: NoteNumbers | None = None
    editorial_marks: list[EditorialMark] = []
    deferred_effects: Names = []
    citations: Citations | None = None
    effects: Effects | None = None
