"""Minting lexrdf IRIs and parsing the references users give (AKN FRBR URIs, eIds, lexrdf IRIs).

>>> minter = IriMinter("https://example.org")
>>> minter.act("gb-ukm", "act", "1998-07-16", "29")
'https://example.org/eli/gb-ukm/act/1998-07-16/29'
>>> parse_reference("/akn/br/act/1988-10-05/constituicao~art_6__cpt")
AknReference(work='/akn/br/act/1988-10-05/constituicao', eid='art_6__cpt')
"""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from functools import lru_cache
from urllib.parse import quote

_UNSAFE = re.compile(r"[^A-Za-z0-9._~\-]+")

# An AKN FRBR URI: /akn/{country}/{doctype}[/{subtype}][/{actor}]/{date}/{number}
# then optionally an expression part /{lang}@{date}[;...] and a manifestation/portion part,
# and a component (!main) and a portion after ~ or #.
_AKN = re.compile(
    r"""
    ^(?P<work>/akn/[a-z]{2}(?:-[a-z0-9]+)?/[^/@~#!]+(?:/[^/@~#!]+)*?/\d{4}(?:-\d{2}-\d{2})?/[^/@~#!]+)  # work
    (?:/(?P<lang>[a-z]{3})@(?P<date>[^/~#!]*))?                              # expression
    (?:/![^~#/]*)?                                                          # component, e.g. !main
    (?:[~#](?P<eid>[^/]+))?$                                                # portion / eId
    """,
    re.VERBOSE,
)


_TRIPLET = re.compile(r"%[0-9A-Fa-f]{2}")
_LONE_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


@lru_cache(maxsize=65536)
def _quoted(path: str) -> str:
    """A provision path as an IRI path: percent-encoded, keeping the octets a source already encoded (the eId
    ``art-z%c2%a71`` is § 1 in LegalDocML.de) with their hex upper-cased, as RFC 3986 normalises them.

    >>> _quoted("art-z%c2%a71/abs 1"), _quoted("100%")
    ('art-z%C2%A71/abs%201', '100%25')
    """
    quoted = _LONE_PERCENT.sub("%25", quote(path, safe="/-._~%"))
    return _TRIPLET.sub(lambda triplet: triplet.group(0).upper(), quoted)


def slug(text: str) -> str:
    """A path segment safe in an IRI: never empty, never a dot segment (``.`` or ``..``, which an IRI resolver
    removes, so that ``{base}/eli/ref/x/../../eli/...`` would name another act).

    >>> slug("1998 c. 29")
    '1998-c.-29'
    >>> slug(".."), slug("a/../b")
    ('x', 'a-..-b')
    """
    cleaned = _UNSAFE.sub("-", text.strip()).strip("-")
    return "x" if not cleaned.strip(".") else cleaned


def number_segment(number: str) -> str:
    """An act's number as a path segment: `slug`, but letters and digits outside ASCII are kept, percent-encoded
    (UTF-8), not dropped, so that acts numbered in another script get distinct IRIs (Arabic-Indic "١٢" and "١٣"
    are two acts, where `slug` makes both "x").

    >>> number_segment("1998 c. 29"), number_segment("\u0661\u0662"), number_segment("\u0661\u0663")
    ('1998-c.-29', '%D9%A1%D9%A2', '%D9%A1%D9%A3')
    """
    if number.isascii():
        return slug(number)
    pieces = [quote(char, safe="") if char.isalnum() else char for char in number if char.isascii() or char.isalnum()]
    encoded = "".join(piece if piece.startswith("%") else _UNSAFE.sub("-", piece) for piece in pieces)
    cleaned = re.sub("-{2,}", "-", encoded.strip()).strip("-")
    return "x" if not cleaned.strip(".") else cleaned


# An eId as it may become path segments of a minted IRI ({act}/{path}, the ELI subdivision pattern): letters of any
# script, digits, "_", "-", "." and "~", and the non-ASCII octets the source percent-encoded ("%c2%a7", §: never
# "%2F" or "%2E", a "/" or "." in disguise); no "/", no other "%",
# no space or control character, and no ".." (a dot segment would move the IRI onto another provision, or another
# act, once resolved).
_EID = re.compile(r"(?:\w|%[89A-Fa-f][0-9A-Fa-f])(?:[\w.~\-]|%[89A-Fa-f][0-9A-Fa-f])*")  # octets of UTF-8 only


def eid_problem(eid: str, separator: str = "__") -> str | None:
    """Why an eId cannot name a provision in a minted IRI, or None when it can (`separator` splits it into the
    segments of the provision's path).

    >>> eid_problem("art_3__para_2") is None, eid_problem("präambel-n1") is None
    (True, True)
    >>> eid_problem("sec_1/../../x")
    "contains '/' or '..' (path traversal)"
    >>> eid_problem("sec 1")
    "has characters outside the ELI pattern (letters, digits, '_', '-', '.', '~')"
    >>> eid_problem("art-z%c2%a71") is None, eid_problem("art-100%") is None, eid_problem("sec%2F1") is None
    (True, False, False)
    """
    if "/" in eid or ".." in eid or "\\" in eid:
        return "contains '/' or '..' (path traversal)"
    if not _EID.fullmatch(eid):
        return "has characters outside the ELI pattern (letters, digits, '_', '-', '.', '~')"
    if any(not segment.strip(".") for segment in eid.split(separator) if segment):
        return "has a '.' path segment"
    return None


def provision_path(eid: str, separator: str) -> str:
    """The provision path an eId names: its segments (split by the mapping's `separator`) joined by "/".

    >>> provision_path("art_3__para_2", "__"), provision_path("section-7-3", "-")
    ('art_3/para_2', 'section/7/3')
    """
    return "/".join(part for part in eid.split(separator) if part)


def short_hash(*parts: object) -> str:
    """A stable 10-character hash of its arguments (for content-addressed record IRIs)."""
    digest = hashlib.sha1("\x1f".join(str(p) for p in parts).encode("utf-8")).hexdigest()
    return digest[:10]


def same_identifier(identifier: str) -> str:
    """An act's identifier as it is held: without surrounding space or a trailing slash, which name no other act
    (``/akn/xx/act/1995-05-10/3/`` is ``/akn/xx/act/1995-05-10/3``).

    >>> same_identifier(" http://www.legislation.gov.uk/id/ukpga/2000/36/ "), same_identifier("/")
    ('http://www.legislation.gov.uk/id/ukpga/2000/36', '/')
    """
    written = identifier.strip()
    return written.rstrip("/") or written


# An AKN work, expression or portion URI: country, the type and actor segments, date, number; then an expression
# (/ita@2024-12-31), a component (/!main, /main) and a portion (~eId, #eId), each optional.
_AKN_WORK = re.compile(
    r"^/?akn/(?P<country>[a-z]{2}(?:-[a-z0-9]+)?)/(?P<kinds>(?:[^/@~#!]+/)+?)(?P<date>\d{4}(?:-\d{2}-\d{2})?)"
    r"/(?P<number>[^/@~#!]+)(?:/[a-z]{3}@[^/~#!]*)?(?:/!?main|/![^/~#]*)?/?(?:[~#].*)?$",
    re.IGNORECASE,
)
# A URN NIR (the Italian legislation URN): urn:nir:{actor}:{type}:{date};{number}, then an expression (@...), a
# manifestation ($...) or a portion (~..., #...). An annex (";36:1") is another document: no form of the act's.
_URN_NIR = re.compile(
    r"^urn:nir:(?P<actor>[^:;#~@$]+):(?P<kinds>[^:;#~@$]+):(?P<date>\d{4}-\d{2}-\d{2});(?P<number>[^:;#~@$/,\s]+)"
    r"(?:[@$~#].*)?$",
    re.IGNORECASE,
)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def _words(segment: str) -> str:
    """A type or actor name in one spelling: lower case, words joined by "_" (``decretoLegislativo``,
    ``DECRETO_LEGISLATIVO``, ``decreto.legislativo`` and ``decreto-legislativo`` are ``decreto_legislativo``)."""
    return "_".join(word.lower() for word in re.findall(r"[^\W_]+", _CAMEL.sub(" ", segment)))


def canonical_work(reference: str) -> str | None:
    """The AKN work URI of the act an AKN URI or a URN NIR names, in one spelling: the same act (country, type,
    actor, date, number) whatever the case and word separators of its type and actor, the expression, component or
    portion, and whichever of the two schemes; None for any other identifier (then no other spelling is its).
    Nothing else is equated: another type, actor, date or number is another act.

    >>> canonical_work("urn:nir:stato:decreto.legislativo:2023-03-31;36#8")
    '/akn/it/act/decreto_legislativo/stato/2023-03-31/36'
    >>> canonical_work("/akn/it/act/DECRETO_LEGISLATIVO/stato/2023-03-31/36/ita@2024-12-31/!main/~art_8__para_2")
    '/akn/it/act/decreto_legislativo/stato/2023-03-31/36'
    >>> canonical_work("/akn/it/act/decretoDelPresidenteDellaRepubblica/stato/2000-03-09/104/!main")
    '/akn/it/act/decreto_del_presidente_della_repubblica/stato/2000-03-09/104'
    >>> canonical_work("/akn/uk/act/2000-07-28/chapter23/main"), canonical_work("urn:nir:stato:legge:2000-01-01;5:1")
    ('/akn/uk/act/2000-07-28/chapter23', None)
    """
    written = reference.strip()
    match = _AKN_WORK.match(written)
    if match:
        country, names = match.group("country").lower(), match.group("kinds").strip("/").split("/")
    elif match := _URN_NIR.match(written):
        country, names = "it", ["act", match.group("kinds"), match.group("actor")]
    else:
        return None
    kinds = [_words(name) for name in names]
    return "/".join(["/akn", country, *kinds, match.group("date"), match.group("number")]) if all(kinds) else None


def identifier_forms(reference: str) -> tuple[str, ...]:
    """The identifiers under which the act a reference names may be recorded: the reference as written, without
    a trailing slash, the work it names (an AKN expression or portion URI names its work) and that work in one
    spelling (`canonical_work`).

    >>> identifier_forms("/akn/xx/act/2004-06-01/7/eng@2004-06-01/")
    ('/akn/xx/act/2004-06-01/7/eng@2004-06-01/', '/akn/xx/act/2004-06-01/7/eng@2004-06-01', '/akn/xx/act/2004-06-01/7')
    >>> identifier_forms("http://www.legislation.gov.uk/id/ukpga/2000/36")
    ('http://www.legislation.gov.uk/id/ukpga/2000/36',)
    >>> identifier_forms("urn:nir:stato:legge:2024-11-25;177")
    ('urn:nir:stato:legge:2024-11-25;177', '/akn/it/act/legge/stato/2024-11-25/177')
    """
    written = reference.strip()
    trimmed = written.rstrip("/")
    forms = (written, trimmed, parse_reference(trimmed).work, canonical_work(trimmed)) if trimmed else (written,)
    return tuple(dict.fromkeys(form for form in forms if form))


def with_canonical(identifiers: Iterable[str]) -> list[str]:
    """An act's identifiers and, after them, each in one spelling (`canonical_work`), once each.

    >>> with_canonical(["/akn/it/act/LEGGE/stato/2024-03-05/21/!main", "/akn/it/act/legge/stato/2024-03-05/21"])
    ['/akn/it/act/LEGGE/stato/2024-03-05/21/!main', '/akn/it/act/legge/stato/2024-03-05/21']
    """
    identifiers = list(identifiers)
    canonical = [canonical_work(identifier) for identifier in identifiers]
    return list(dict.fromkeys([*identifiers, *(form for form in canonical if form)]))


@dataclass(frozen=True)
class KnownActs:
    """The acts one ingest names by their own IRI, so that an act has one identity however it is cited.

    `held` maps every identifier a source gives an act we hold (stored, or ingested in the same run) to the act's
    IRI; `minted_earlier` maps an act's IRI to the IRIs minted for it while it was known only by reference, to be
    linked now, and `linked` to those its graph already links. The act's graph records each IRI minted earlier
    ``owl:sameAs`` the act and every other IRI minted for it, so that each is one hop from all the others (see
    `equivalences`).

    >>> known = KnownActs({"http://www.legislation.gov.uk/id/ukpga/2000/36": "https://e.org/eli/gb-ukm/act/2000-11-30/36"})
    >>> known.act("http://www.legislation.gov.uk/id/ukpga/2000/36/")
    'https://e.org/eli/gb-ukm/act/2000-11-30/36'
    >>> known.act("http://www.legislation.gov.uk/id/ukpga/2000/8") is None
    True
    """

    held: Mapping[str, str] = field(default_factory=dict)
    minted_earlier: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    linked: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def act(self, reference: str) -> str | None:
        """The IRI of the act we hold under any form of `reference`, or None."""
        return next((self.held[form] for form in identifier_forms(reference) if form in self.held), None)

    def equivalences(self, act: str) -> list[tuple[str, str]]:
        """The ``owl:sameAs`` pairs the act's graph gains: each IRI minted earlier is the act, and is each other.

        >>> known = KnownActs(minted_earlier={"B": ("R2",)}, linked={"B": ("R1",)})
        >>> known.equivalences("B")
        [('R2', 'B'), ('R2', 'R1'), ('R1', 'R2')]
        """
        new = self.minted_earlier.get(act, ())
        pairs = [(earlier, act) for earlier in new]
        for earlier in new:
            for other in dict.fromkeys((*new, *self.linked.get(act, ()))):
                if other != earlier:
                    pairs += [pair for pair in ((earlier, other), (other, earlier)) if pair not in pairs]
        return pairs


@dataclass(frozen=True)
class IriMinter:
    """Mints every IRI lexrdf writes, under one base IRI.

    With `known` (see `knowing`), a reference to an act we hold is minted as that act's own IRI; any other
    reference as an act known only by reference.

    >>> minter = IriMinter("https://e.org")
    >>> minter.cited_act("http://www.legislation.gov.uk/id/ukpga/2000/36")
    'https://e.org/eli/ref/www.legislation.gov.uk/id/ukpga/2000/36'
    >>> held = KnownActs({"http://www.legislation.gov.uk/id/ukpga/2000/36": "https://e.org/eli/gb-ukm/act/2000-11-30/36"})
    >>> minter.knowing(held).cited_act("http://www.legislation.gov.uk/id/ukpga/2000/36")
    'https://e.org/eli/gb-ukm/act/2000-11-30/36'
    """

    base: str
    known: KnownActs = field(default_factory=KnownActs, compare=False)

    def knowing(self, known: KnownActs) -> IriMinter:
        """The same minter, naming the acts in `known` by their own IRIs."""
        return replace(self, known=known)

    def act(self, jurisdiction: str, act_type: str, work_date: str, number: str) -> str:
        return f"{self.base}/eli/{slug(jurisdiction)}/{slug(act_type)}/{work_date}/{number_segment(number)}"

    def cited_act(self, reference: str) -> str:
        """The act a reference names: the act we hold under that identifier, or else an act known only by
        reference, whose IRI is derived from the reference itself (from `canonical_work`, where it has one, so
        that every spelling of one act names one IRI)."""
        held = self.known.act(reference)
        if held:
            return held
        cleaned = re.sub(r"^[a-z]+://", "", canonical_work(reference) or reference.strip()).strip("/")
        return f"{self.base}/eli/ref/" + "/".join(slug(part) for part in cleaned.split("/") if part)

    def cited_provision(self, act: str, eid: str, separator: str) -> str | None:
        """The provision `eid` names in an act known only by reference (`act`: its IRI), or None when `eid` is not
        an identifier a path can be made of (a label such as "ALLEGATO VII" names no provision we can mint).

        >>> IriMinter("https://e.org").cited_provision("https://e.org/eli/ref/akn/it/act/x/1", "art_8__para_2", "__")
        'https://e.org/eli/ref/akn/it/act/x/1/art_8/para_2'
        """
        return self.provision(act, provision_path(eid, separator)) if eid and not eid_problem(eid, separator) else None

    @staticmethod
    def provision(act: str, path: str) -> str:
        return f"{act}/{_quoted(path)}" if path else act

    @staticmethod
    def version(provision: str, valid_from: date, extent: str | None = None, at_earliest: bool = False) -> str:
        """The version of `provision` in force from `valid_from`; one of several concurrent versions, each for its
        own territorial `extent` (CLML concurrent versions), is named by its extent too. A version whose start the
        sources give only as a bound (`at_earliest`: opened by an event dated at the earliest) is named as such, so
        that the version a source dating that start gives is another version, which can replace it.

        >>> IriMinter.version("https://e.org/eli/gb-ukm/act/1985-10-30/67/section-6", date(2005, 7, 24))
        'https://e.org/eli/gb-ukm/act/1985-10-30/67/section-6/2005-07-24'
        >>> IriMinter.version("https://e.org/eli/gb-ukm/act/1985-10-30/67/section-6", date(2007, 9, 1), "E+W")
        'https://e.org/eli/gb-ukm/act/1985-10-30/67/section-6/2007-09-01/extent-e-w'
        >>> IriMinter.version("https://e.org/eli/gb-ukm/act/2021-03-01/5/section-1", date(2021, 3, 1), None, True)
        'https://e.org/eli/gb-ukm/act/2021-03-01/5/section-1/2021-03-01/at-earliest'
        """
        named = f"{provision}/{valid_from.isoformat()}"
        if extent:
            named += f"/extent-{slug(extent.replace('.', '').lower())}"
        return f"{named}/at-earliest" if at_earliest else named

    @staticmethod
    def in_force_in_part(version: str, event: str) -> str:
        """What one commencement in part (`event`) did for the provision before `version`: its purposes and the note
        that dated it (lex:InForceInPart).

        >>> IriMinter.in_force_in_part("https://e.org/eli/x/section-1/2018-02-14", "https://e.org/x/event/a")
        'https://e.org/eli/x/section-1/2018-02-14/in-part/2e41d5d4be'
        """
        return f"{version}/in-part/{short_hash(event)}"

    @staticmethod
    def expression(version: str, language: str, text_hash: str | None = None) -> str:
        return f"{version}/{slug(language)}" + (f"/c-{text_hash}" if text_hash else "")

    @staticmethod
    def record(version: str, content_hash: str) -> str:
        return f"{version}/rec-{content_hash}"

    @staticmethod
    def event(act: str, day: date, kind: str, sources: tuple[str, ...] = (), extent: str | None = None) -> str:
        """One event per act, day, kind, set of source acts and the territories it is limited to, if any:
        ``{act}/event/2004-07-01/substitution/akn-xx-act-...`` (several acts on one day: joined by ``+``); a repeal
        for England only ``{act}/event/2003-11-18/repeal-extent-e/...``."""
        iri = f"{act}/event/{day.isoformat()}/{slug(kind)}"
        if extent:
            iri += f"-extent-{slug(extent.replace('.', '').lower())}"
        named = [slug(re.sub(r"^[a-z]+://[^/]+/", "", s).replace("/", "-")) for s in sorted(sources) if s != act]
        if named:
            iri += "/" + "+".join(named)
        return iri

    @staticmethod
    def same_event(event: str, act_then: str, act_now: str) -> str | None:
        """The IRI an event minted on one IRI of an act (`event`, on `act_then`: the IRI of an act known only by
        reference) has on another IRI of the same act (`act_now`: its own, once ingested); `event` keys the rest.
        None when `event` was not minted on `act_then`.

        >>> IriMinter.same_event("https://e.org/eli/ref/x/7/event/2014-07-17/insertion/y-1", "https://e.org/eli/ref/x/7",
        ...                      "https://e.org/eli/xx/act/2000/7")
        'https://e.org/eli/xx/act/2000/7/event/2014-07-17/insertion/y-1'
        """
        prefix = f"{act_then}/event/"
        return f"{act_now}/event/{event[len(prefix) :]}" if event.startswith(prefix) else None

    def is_cited_only(self, iri: str) -> bool:
        """Whether `iri` was minted for an act known only by reference (`cited_act`)."""
        return iri.startswith(f"{self.base}/eli/ref/")

    def changeset(self, identifier: str) -> str:
        return f"{self.base}/changeset/{identifier}"

    def new_changeset(self, recorded_at: datetime) -> str:
        """A changeset not minted before: its transaction time and a random suffix."""
        return self.changeset(f"{recorded_at:%Y%m%dT%H%M%S%f}-{uuid.uuid4().hex[:8]}")

    def authority(self, reference: str) -> str:
        cleaned = re.sub(r"^[a-z]+://", "", reference.strip()).strip("/#")
        return f"{self.base}/authority/" + "/".join(slug(p) for p in cleaned.split("/") if p)


def restamped_changeset(iri: str, recorded_at: datetime) -> str:
    """A changeset IRI minted by `IriMinter.new_changeset` with a provisional time, naming `recorded_at` instead
    (the time its write committed; the random suffix is kept).

    >>> restamped_changeset("https://example.org/changeset/20200101T000000000000-0a1b2c3d", datetime(2021, 2, 3))
    'https://example.org/changeset/20210203T000000000000-0a1b2c3d'
    """
    base, _, identifier = iri.rpartition("/changeset/")
    suffix = identifier.partition("-")[2]
    return f"{base}/changeset/{recorded_at:%Y%m%dT%H%M%S%f}-{suffix}"


VIEW_SEGMENT = "/view/"  # a view graph is named {act}/view/{name}, beside {act}/event/...: no provision path


def view_graph_iri(act: str, name: str = "eli") -> str:
    """The named graph holding the view `name` of the act graph `act` (lexrdf.views).

    >>> view_graph_iri("https://e.org/eli/xx/act/2001-03-14/12")
    'https://e.org/eli/xx/act/2001-03-14/12/view/eli'
    """
    return f"{act}{VIEW_SEGMENT}{name}"


def view_graph_parts(graph: str) -> tuple[str, str] | None:
    """The act graph and the view name a view graph's IRI holds (`view_graph_iri` read back), or None for another
    graph's. Whether the name is a view lexrdf has is lexrdf.views's to say.

    >>> view_graph_parts("https://e.org/eli/xx/act/2001-03-14/12/view/eli")
    ('https://e.org/eli/xx/act/2001-03-14/12', 'eli')
    >>> view_graph_parts("https://e.org/eli/xx/act/2001-03-14/12") is None
    True
    """
    act, separator, name = graph.rpartition(VIEW_SEGMENT)
    return (act, name) if act and separator else None


@dataclass(frozen=True)
class AknReference:
    """A reference split into the work it names and, optionally, the eId of a portion."""

    work: str
    eid: str | None


def parse_reference(reference: str) -> AknReference:
    """Split a citation into work and eId.

    Accepts an AKN work, expression or portion URI (``/akn/.../~art_6``, ``/akn/.../por@2000-01-01/!main#art_6``),
    or any other identifier with an optional ``~eId`` suffix (a legislation.gov.uk id, an ELI).

    >>> parse_reference("/akn/br/act/1988-10-05/constituicao/por@2000-01-01/!main~art_6__cpt")
    AknReference(work='/akn/br/act/1988-10-05/constituicao', eid='art_6__cpt')
    >>> parse_reference("http://www.legislation.gov.uk/id/ukpga/1998/29")
    AknReference(work='http://www.legislation.gov.uk/id/ukpga/1998/29', eid=None)
    """
    reference = reference.strip()
    match = _AKN.match(reference)
    if match:
        return AknReference(match.group("work"), match.group("eid") or None)
    work, sep, eid = reference.partition("~")
    return AknReference(work.rstrip("/"), eid if sep and eid else None)
