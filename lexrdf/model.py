"""The document model: what a mapping extracts from one source file, before any RDF exists.

Nothing here knows about XML or RDF. Dates are ``datetime.date``; windows are half-open ``[start, end)``. The
classes made by the thousand (units, changes, windows) have slots: every file is mapped before anything is
written, so the model of every file of an ingest is in memory at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import date
from operator import attrgetter
from typing import Any, TypeVar

_Model = TypeVar("_Model")


def _pickled_as_arguments(cls: type[_Model]) -> type[_Model]:
    """Pickle instances of a slotted dataclass as its constructor's arguments: a reading worker sends every unit of
    a file to the ingest, and the ingest to a planning worker, and the default pickling of slots (a state dict per
    object, restored attribute by attribute in Python) took more than three times as long (measured: 0.61 s against
    0.17 s a transfer for the documents of 3x10^5 quads)."""
    arguments = attrgetter(*(item.name for item in fields(cls)))  # type: ignore[arg-type]

    def __reduce__(self: Any) -> tuple[type[_Model], tuple[Any, ...]]:
        return cls, arguments(self)

    cls.__reduce__ = __reduce__  # type: ignore[method-assign,assignment]
    return cls


@_pickled_as_arguments
@dataclass(frozen=True, slots=True)
class Window:
    """A half-open valid-time interval ``[start, end)``; ``end`` is None while open.

    >>> Window(date(2000, 1, 1)).contains(date(2020, 5, 1))
    True
    """

    start: date
    end: date | None = None
    applicable_from: date | None = None

    def contains(self, day: date) -> bool:
        return self.start <= day and (self.end is None or day < self.end)


@_pickled_as_arguments
@dataclass(frozen=True, slots=True)
class EventRef:
    """A lifecycle event the source names: its date, kind and the act that caused it."""

    source_id: str | None
    day: date
    kind: str
    source_act: str | None
    line: int | None = None
    # the words of the note it was read from, when a note (not a lifecycle element) says the act as a whole changed:
    # "Act repealed (31.1.2013) by Statute Law (Repeals) Act 2013 (c. 2)"
    note: str | None = None


# Kinds of change that alter a provision's words (beside commencement and modification, which do not).
TEXTUAL_KINDS = frozenset({"substitution", "insertion", "repeal", "amendment"})


@_pickled_as_arguments
@dataclass(frozen=True, slots=True)
class Modification:
    """A change the source records for one provision: how, by which act (and provision), effective when.

    `kind` is a textual change (insertion, substitution, repeal, amendment), a `commencement` (the provision
    entered into force) or a `modification` (its effect altered, its text not). `until` is the end of a
    temporary change when the source gives one; `note` the words of the annotation it was read from.
    """

    kind: str
    destination: str
    source_act: str | None
    source_provision: str | None
    effective: date | None
    line: int | None = None
    until: date | None = None
    note: str | None = None
    of_unit: bool = True  # the change concerns the whole provision, not words in it
    dates: tuple[date, ...] = ()  # every date the source gives for it (in force for some purposes first)
    destination_path: str | None = None  # the provision path of a destination the document no longer holds
    # the note's words cite other provisions, not this one (nor one enclosing or inside it): the reference to it from
    # this provision's text ties it here, its words do not
    about_others: bool = False
    # a commencement in part (kind "partial-commencement"): the words of the note's clause saying for what
    # ("s. 7 in force for certain purposes at Royal Assent see s. 75(2)(i)")
    purposes: str | None = None
    # the identifier of the note it was read from (a CLML Commentary's id): a concurrent version of a provision
    # (`Unit.concurrent`) is changed only by the notes its own text points at, not by those of its other versions
    note_id: str | None = field(default=None, compare=False)
    # the territories the source limits the change to ("S. 108(2) repealed (18.11.2003 for E.)": "E"), in the
    # spelling of `Unit.extent`; None: it extends wherever the provision does
    extent: str | None = None


@_pickled_as_arguments
@dataclass(frozen=True, slots=True)
class ActiveModification:
    """A change this act makes to another act (an amending act's ``activeModifications``): the target act as the
    destination names it, the target provision, how, by which of this act's provisions, effective when.

    `target` is the target's eId or, when `positional`, ``{element}-{ordinal}`` steps (joined by ``/``, like the
    paths of provisions) in the eId scheme of the target expression the destination names (`target_expression`),
    resolved against the target's own eIds at ingest. `target_work` is None when the destination is in this
    document (the act changes itself). `through` is the last provision of a range (``upTo``). `source_eid` /
    `source_path` name the amending provision: the structural unit of this act that holds the source element.
    `element` names the textualMod (its eId) for messages. `cited` are the eId segments the amending words name
    (the mapping's `citation`). `applied` is false for a change a changes feed lists
    as not yet applied to the publisher's revised text.
    """

    kind: str
    target_work: str | None
    target: str
    effective: date
    source_eid: str | None
    source_path: str | None
    line: int | None
    element: str
    destination: str
    positional: bool = False
    target_expression: date | None = None
    through: str | None = None
    applied: bool = True  # false: a change the source lists as not yet applied to the revised text it publishes
    # the eId segments the amending words name, outermost first ("§ 6b Absatz 6 Satz 2": art-z6b, abs-z6): a
    # positional destination is followed into them where they lie within the provision its steps prove
    cited: tuple[str, ...] = ()


@_pickled_as_arguments
@dataclass(slots=True)
class Unit:
    """One structural unit as it appears in a source document (one alternative version of it)."""

    eid: str | None
    path: str
    unit_type: str
    parent_path: str | None
    number: str
    heading: str
    text: str
    window: Window | None
    line: int | None
    notes: tuple[str, ...] = ()  # annotations referenced from the unit's own text, number or heading
    unit_notes: tuple[str, ...] = ()  # those referenced from its number: they concern the whole provision
    own_period: bool = False  # its window is its own (@period on it), not inherited from an enclosing unit
    # its window is given on an element around it that is no unit, inside its parent unit (CLML's P1group around a
    # P1): its own too, though not on it
    wrapped_period: bool = False
    placeholder: bool = False  # its text only says it was repealed (". . . .", "ARTICOLO ABROGATO"): no words in force
    # the editor's notes in it saying a change takes effect later than it was made ("file:line: words")
    deferred_effects: tuple[str, ...] = ()
    closing: str = ""  # the end of `text` that the document places after its sub-units (AKN's wrapUp)
    layout: str = ""  # `text` laid out in lines where it holds list items (lexrdf.layout, JSON); "" when it holds none
    # the territorial extent the source gives it (its own or the nearest enclosing one), in legislation.gov.uk's
    # spelling: "E+W+S+N.I."; None when the source gives none
    extent: str | None = None
    # the source shows its words as prospective (CLML Status="Prospective"): not in force, no date given
    prospective: bool = False
    # one of several texts of the provision in force at the same time, each for its own extent (CLML concurrent
    # versions: an element with AltVersionRefs and Concurrent="true", and the <Version> it names): its versions
    # form a timeline of their own, beside those of the other extents
    concurrent: bool = False
    # URIs the source gives to parts of it that it holds as no provision of their own (CLML: the IdURI of an annex's
    # unnumbered <P>): `resolve` answers this provision for them
    part_identifiers: tuple[str, ...] = ()
    # the notes whose marker stands in words its text shows and which a repeal of words keeps (CLML's
    # <Repeal RetainText="true">, the AKN export's <ins> around the marker and the words): repealed for some
    # territories, in force for the rest; a repeal note marked in its words but not here dropped the words it names
    kept_notes: tuple[str, ...] = ()


@_pickled_as_arguments
@dataclass(frozen=True, slots=True)
class ActReference:
    """An act named by another act: what we know of it (identifier, title, date)."""

    frbr_uri: str
    title: str | None = None
    day: date | None = None


@dataclass
class SourceDocument:
    """Everything one source file says about one act at one expression date."""

    path: str
    mapping: str
    frbr_work: str
    frbr_aliases: list[str]
    jurisdiction: str
    act_type: str
    act_number: str
    work_date: date
    title: str
    short_title: str | None
    language: str
    expression_date: date
    publication_date: date | None
    entry_into_force: date | None
    authority: str | None
    periods_authoritative: bool
    current_to: date | None = None  # the date up to which the source vouches for the text
    portion: bool = False  # the document holds some units of the act only (an AKN portion)
    units: list[Unit] = field(default_factory=list)
    events: list[EventRef] = field(default_factory=list)
    modifications: list[Modification] = field(default_factory=list)
    active_modifications: list[ActiveModification] = field(default_factory=list)  # changes to other acts
    notices: list[str] = field(default_factory=list)  # what could not be used as it stands ("file:line: ...")
    cited_acts: dict[str, ActReference] = field(default_factory=dict)
    # source lines of what identifies the act (work_uri, title, number, work_date, expression_date, body): the
    # identity and authority checks name them (lexrdf.source_checks)
    lines: dict[str, int] = field(default_factory=dict)
    source_sha256: str | None = None  # of the file's bytes, set by the ingest (recorded on its changesets)
    # the version of the expression among those of one date and language (ELI-DE eli/.../2024-03-27/2/deu): a later
    # version corrects an earlier one; 0 when the source numbers none
    expression_version: int = 0
    # evidence ("file:line: ...") that the entry into force of texts it shows is undated: their periods start on a
    # placeholder date impossible for the act (1001-01-01); None when every period it gives is dated
    # the text defers its own coming into force, as a whole, to a day it does not give: the act is prospective
    prospective: bool = False
    undated_entry: str | None = None
    # the source dates the act by its year only (an old act with no day of enactment): `work_date` is then 1 January
    # of that year, for ordering only; its IRI and its description give the year, no event is dated by it
    year_only: bool = False
    # the kind of event by which a text as made enters into force on the later day the source states
    # (`entry_into_force`): "enactment" (the act's making names its version, in force later), or "commencement" (its
    # mapping's `entry_into_force_event`: legislation.gov.uk's ukm:ComingIntoForce is the instrument's commencement)
    entry_into_force_event: str = "enactment"
    # the text's own words putting its entry into force a period after a publication the source does not date
    # (lexrdf/mapping/vacatio.py): `entry_into_force` is then the earliest day it can have been (lex:dateAtEarliest)
    entry_at_earliest: str | None = None
