"""A seeded synthetic Akoma Ntoso corpus for scale tests, in both versioning styles (issue 13).

`acts` principal acts of `articles` top-level provisions (articles or sections) each, with `versions` points in
time (the enacted text and `versions - 1` amendments), plus the amending acts that make those amendments, which
are in the corpus too. Everything follows the markup lexrdf's AKN mapping reads (samples/README.md):

- style "expressions": one file per point-in-time expression, as samples/expressions/*.xml: passive
  `textualMod`s name the amending act (`passiveRef`), `@period` points at the temporalGroup of the last change;
- style "single": one document per act holding every version, as samples/single/harbour-act.xml and the
  legislation.gov.uk DPA: alternative siblings with one eId and `@period` windows (start and end eventRefs);
- style "mixed": each act draws one of the two.

Structure varies per act: "articles" (chapters > articles > paragraphs > points) or "sections" (parts >
chapters > sections > subsections > paragraphs); sub-units per provision and sentences per text are drawn
around `paragraphs`. Each act is in one of the `languages` (FRBRlanguage, expression URI and the words).
Amendment round k of every act is made by an amending act shared by a group of acts (its activeModifications
name the amended provisions); each round substitutes a fresh `change_rate` sample of the texts (so one
provision is amended by several acts over time) and repeals a whole provision with chance `repeal_rate`.

The same arguments always give byte-identical files; each file is streamed to disk, so memory stays flat.
`manifest.json` states what was generated (acts, provisions, versions, events by kind).

    python bench/synthetic.py /tmp/corpus --acts 20 --articles 30 --paragraphs 3 --versions 4 --style single
    python bench/synthetic.py /tmp/corpus --quads 1000000
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Literal
from xml.sax.saxutils import escape, quoteattr

AKN_NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
ARTICLES_PER_CHAPTER = 10
AMENDED_PER_AMENDING_ACT = 4  # principal acts whose round k one amending act makes
# quads per version, for `--quads` (measured by ingesting corpora of each style; see bench/README.md)
QUADS_PER_VERSION = 36.0
Style = Literal["expressions", "single", "mixed"]

# -- words -------------------------------------------------------------------------------------------------
_ACTORS = [
    "The Minister",
    "The competent authority",
    "Every public body",
    "The Commissioner",
    "A licensing authority",
    "The Agency",
    "Each regional council",
    "The supervisory board",
    "An operator",
    "The registrar",
    "A person who holds a permit",
    "The court",
]
_MODALS = ["shall", "may", "shall not", "must", "may at any time"]
_VERBS = [
    "publish",
    "review",
    "approve",
    "maintain a register of",
    "notify the Agency of",
    "keep records of",
    "make available to the public",
    "submit to Parliament",
    "revoke",
    "suspend",
    "assess",
    "lay down detailed rules on",
]
_OBJECTS = [
    "the annual report on the application of this Act",
    "all applications received under this Chapter",
    "the conditions attached to each licence",
    "any decision taken under paragraph 1",
    "the fees charged for the services referred to in this Article",
    "the list of designated bodies",
    "the measures adopted to ensure compliance",
    "the plan for the management of public land",
    "the data collected in the exercise of its public tasks",
    "any agreement concluded with a third party",
]
_QUALIFIERS = [
    "within three months of the end of each financial year",
    "after consulting the bodies concerned",
    "in accordance with the procedure laid down by regulation",
    "unless the interests of national security require otherwise",
    "in a machine-readable format",
    "without undue delay",
    "at least once every five years",
    "where the conditions set out in this Act are no longer met",
    "by notice published in the Official Gazette",
    "subject to the rights of third parties",
    "free of charge",
    "for a period not exceeding six years",
]
_CONNECTIVES = ["and", "and shall, in doing so,", "but shall first", "and may, where appropriate,"]
_HEADING_NOUNS = [
    "Scope",
    "Definitions",
    "Duties of public bodies",
    "Licences",
    "Fees",
    "Registers",
    "Supervision",
    "Reporting",
    "Appeals",
    "Penalties",
    "Delegation of powers",
    "Transitional provisions",
    "Consultation",
    "Access to documents",
    "Data protection",
    "Procedure",
]
_TOPICS = [
    "Open Data",
    "Harbour",
    "Public Records",
    "Water Resources",
    "Local Government",
    "Energy Efficiency",
    "Fisheries",
    "Broadcasting",
    "Road Traffic",
    "Cultural Heritage",
    "Public Procurement",
    "Forestry",
]


@dataclass(frozen=True)
class Language:
    """The words of one language: sentence parts, unit labels and the act's title pattern."""

    code: str  # FRBRlanguage (ISO 639-2)
    actors: tuple[str, ...]
    modals: tuple[str, ...]
    verbs: tuple[str, ...]
    objects: tuple[str, ...]
    qualifiers: tuple[str, ...]
    connective: str
    labels: dict[str, str]  # unit type -> the word its num starts with
    act: str  # the word for "Act"
    headings: tuple[str, ...]


LANGUAGES: dict[str, Language] = {
    "eng": Language(
        "eng",
        tuple(_ACTORS),
        tuple(_MODALS),
        tuple(_VERBS),
        tuple(_OBJECTS),
        tuple(_QUALIFIERS),
        "and",
        {"part": "Part", "chapter": "Chapter", "article": "Article", "section": "Section"},
        "Act",
        tuple(_HEADING_NOUNS),
    ),
    "deu": Language(
        "deu",
        (
            "Das Ministerium",
            "Die zuständige Behörde",
            "Jede öffentliche Stelle",
            "Die Aufsichtsbehörde",
            "Der Betreiber",
        ),
        ("hat", "kann", "darf nicht", "soll"),
        ("zu veröffentlichen", "zu prüfen", "zu genehmigen", "ein Verzeichnis zu führen über", "zu widerrufen"),
        (
            "den jährlichen Bericht",
            "alle Anträge nach diesem Abschnitt",
            "die Bedingungen jeder Genehmigung",
            "die erhobenen Gebühren",
            "die getroffenen Maßnahmen",
        ),
        (
            "innerhalb von drei Monaten",
            "nach Anhörung der Beteiligten",
            "in maschinenlesbarer Form",
            "unverzüglich",
            "gebührenfrei",
        ),
        "und",
        {"part": "Teil", "chapter": "Abschnitt", "article": "Artikel", "section": "§"},
        "Gesetz",
        ("Anwendungsbereich", "Begriffsbestimmungen", "Gebühren", "Aufsicht", "Verfahren", "Übergangsvorschriften"),
    ),
    "por": Language(
        "por",
        ("O Ministro", "A autoridade competente", "Todo órgão público", "A Agência", "O operador"),
        ("deve", "pode", "não pode", "deverá"),
        ("publicar", "revisar", "aprovar", "manter registro de", "revogar"),
        (
            "o relatório anual",
            "todos os pedidos recebidos",
            "as condições de cada licença",
            "as taxas cobradas",
            "as medidas adotadas",
        ),
        (
            "no prazo de três meses",
            "após consulta aos interessados",
            "em formato legível por máquina",
            "sem demora",
            "gratuitamente",
        ),
        "e",
        {"part": "Parte", "chapter": "Capítulo", "article": "Artigo", "section": "Seção"},
        "Lei",
        ("Âmbito", "Definições", "Taxas", "Fiscalização", "Procedimento", "Disposições transitórias"),
    ),
    "ita": Language(
        "ita",
        ("Il Ministro", "L'autorità competente", "Ogni ente pubblico", "L'Agenzia", "Il gestore"),
        ("deve", "può", "non può", "dovrà"),
        ("pubblicare", "esaminare", "approvare", "tenere un registro di", "revocare"),
        (
            "la relazione annuale",
            "tutte le domande ricevute",
            "le condizioni di ciascuna licenza",
            "le tariffe applicate",
            "le misure adottate",
        ),
        (
            "entro tre mesi",
            "sentiti gli interessati",
            "in formato leggibile da macchina",
            "senza ritardo",
            "a titolo gratuito",
        ),
        "e",
        {"part": "Parte", "chapter": "Capo", "article": "Articolo", "section": "Sezione"},
        "Legge",
        ("Ambito di applicazione", "Definizioni", "Tariffe", "Vigilanza", "Procedura", "Disposizioni transitorie"),
    ),
}


def sentence(rng: random.Random, language: Language = LANGUAGES["eng"]) -> str:
    """One legal-style sentence of roughly 10-40 words."""
    words = [rng.choice(language.actors), rng.choice(language.modals), rng.choice(language.objects)]
    words.insert(2 if language.code == "eng" else 3, rng.choice(language.verbs))
    if rng.random() < 0.7:
        words.append(rng.choice(language.qualifiers))
    if rng.random() < 0.4:
        words += [language.connective, rng.choice(language.verbs), rng.choice(language.objects)]
    return " ".join(words) + "."


def unit_text(seed: int, act: int, eid: str, round_: int, language: Language) -> str:
    """The text of one unit as substituted in amendment round `round_` (0: enacted): a long-tailed number of
    sentences (1 to 12, most 1-3)."""
    rng = random.Random(f"{seed}:{act}:{eid}:{round_}")
    count = min(12, 1 + int(rng.expovariate(0.7)))
    body = " ".join(sentence(rng, language) for _ in range(count))
    if round_:  # a substitution always changes the text
        body += f" [{round_}]"
    return body


# -- the plan ------------------------------------------------------------------------------------------------
@dataclass
class Unit:
    """One provision: its eId, AKN element, num, heading (containers), whether it holds text, and children."""

    eid: str
    element: str
    num: str
    heading: str | None = None
    children: list[Unit] = field(default_factory=list)

    @property
    def leaf(self) -> bool:
        return not self.children

    def walk(self) -> Iterator[Unit]:
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(frozen=True)
class Amending:
    """An amending act of the corpus: round k of a group of principal acts."""

    number: int
    round: int
    passed: date
    in_force: date
    language: str

    @property
    def work(self) -> str:
        return f"/akn/xx/act/{self.passed.isoformat()}/{self.number}"

    def title(self, language: Language) -> str:
        return f"Miscellaneous Amendments {language.act} {self.passed.year} (No. {self.number})"


@dataclass
class ActPlan:
    """One principal act and its history: `changes[k]` substitutes leaf eIds, `repeals[k]` ends whole top units."""

    number: int
    title: str
    language: Language
    style: Literal["expressions", "single"]
    enacted: date
    published: date
    in_force: date
    body: list[Unit]
    amending: list[Amending]  # round k is amending[k - 1]
    changes: dict[int, list[str]]
    repeals: dict[int, list[str]]

    @property
    def work(self) -> str:
        return f"/akn/xx/act/{self.enacted.isoformat()}/{self.number}"

    def expression(self, day: date) -> str:
        return f"{self.work}/{self.language.code}@{day.isoformat()}"

    def point(self, version: int) -> date:
        return self.in_force if version == 0 else self.amending[version - 1].in_force


def _round_day(seed: int, round_: int, group: int) -> tuple[date, date]:
    """When the amending act of `round_` for `group` passed and came into force (after every enactment)."""
    rng = random.Random(f"{seed}:round:{round_}:{group}")
    in_force = date(1998 + 3 * round_, 1, 1) + timedelta(days=rng.randint(0, 700))
    return in_force - timedelta(days=rng.randint(20, 90)), in_force


def amending_act(seed: int, act: int, round_: int, languages: tuple[str, ...]) -> Amending:
    """The amending act that makes round `round_` of principal act `act` (shared by its group of acts)."""
    group = (act - 1) // AMENDED_PER_AMENDING_ACT
    passed, in_force = _round_day(seed, round_, group)
    first = group * AMENDED_PER_AMENDING_ACT + 1
    return Amending(10_000 + round_ * 1000 + group, round_, passed, in_force, _language(seed, first, languages))


def _language(seed: int, act: int, languages: tuple[str, ...]) -> str:
    rng = random.Random(f"{seed}:language:{act}")
    weights = [3.0 if code == "eng" else 1.0 for code in languages]
    return rng.choices(languages, weights)[0]


def _structure(rng: random.Random, articles: int, paragraphs: int, language: Language) -> list[Unit]:
    """The body: `articles` top provisions, grouped and subdivided at a depth the act draws."""
    layout = rng.choice(["articles", "sections"])
    top, sub, leaf = (
        ("article", "paragraph", "point") if layout == "articles" else ("section", "subsection", "paragraph")
    )
    provisions: list[Unit] = []
    for n in range(1, articles + 1):
        prefix = "art" if layout == "articles" else "sec"
        unit = Unit(f"{prefix}_{n}", top, f"{language.labels[top]} {n}", rng.choice(language.headings))
        for p in range(1, max(1, min(3 * paragraphs, round(rng.gauss(paragraphs, paragraphs / 2)))) + 1):
            child = Unit(f"{unit.eid}__{'para' if layout == 'articles' else 'subsec'}_{p}", sub, f"{p}.")
            if rng.random() < 0.15:  # a list of points or paragraphs under it
                for q in range(rng.randint(2, 4)):
                    letter = "abcdefgh"[q]
                    child.children.append(
                        Unit(f"{child.eid}__{'point' if leaf == 'point' else 'para'}_{letter}", leaf, f"({letter})")
                    )
            unit.children.append(child)
        provisions.append(unit)
    chapters: list[Unit] = []
    for start in range(0, articles, ARTICLES_PER_CHAPTER):
        c = len(chapters) + 1
        chapters.append(
            Unit(
                f"chp_{c}",
                "chapter",
                f"{language.labels['chapter']} {c}",
                rng.choice(language.headings),
                provisions[start : start + ARTICLES_PER_CHAPTER],
            )
        )
    if layout == "articles" or len(chapters) < 3:
        return chapters
    parts: list[Unit] = []
    for start in range(0, len(chapters), 2):
        p = len(parts) + 1
        group = chapters[start : start + 2]
        for unit in group:
            unit.eid = f"part_{p}__{unit.eid}"
        parts.append(Unit(f"part_{p}", "part", f"{language.labels['part']} {p}", rng.choice(language.headings), group))
    return parts


def plan_act(
    seed: int,
    act: int,
    acts: int,
    articles: int,
    paragraphs: int,
    versions: int,
    change_rate: float,
    style: Style = "expressions",
    repeal_rate: float = 0.3,
    languages: tuple[str, ...] = tuple(LANGUAGES),
) -> ActPlan:
    """Everything about one principal act, drawn from `seed` and `act` alone (never from the style)."""
    rng = random.Random(f"{seed}:act:{act}")
    language = LANGUAGES[_language(seed, act, languages)]
    enacted = date(1970 + (act - 1) % 25, rng.randint(1, 12), rng.randint(1, 28))
    published = enacted + timedelta(days=rng.randint(3, 10))
    in_force = published + timedelta(days=rng.randint(10, 60))
    topic = _TOPICS[(act - 1) % len(_TOPICS)]
    title = f"{topic} {language.act} {enacted.year}" + (f" (No. {act})" if acts > len(_TOPICS) else "")
    body = _structure(rng, articles, paragraphs, language)
    tops = [u for u in (x for root in body for x in root.walk()) if u.element in {"article", "section"}]
    alive = {u.eid for u in tops}
    changes: dict[int, list[str]] = {}
    repeals: dict[int, list[str]] = {}
    for round_ in range(1, versions):
        ended: list[str] = []
        if len(alive) > 1 and rng.random() < repeal_rate:
            ended = [rng.choice(sorted(alive))]
            alive.difference_update(ended)
        leaves = [leaf.eid for u in tops if u.eid in alive for leaf in u.walk() if leaf.leaf]
        changes[round_] = sorted(rng.sample(leaves, max(1, round(change_rate * len(leaves))))) if leaves else []
        repeals[round_] = ended
    if style == "mixed":
        style = rng.choice(["expressions", "single"])
    amending = [amending_act(seed, act, k, languages) for k in range(1, versions)]
    return ActPlan(act, title, language, style, enacted, published, in_force, body, amending, changes, repeals)


# -- counts --------------------------------------------------------------------------------------------------
@dataclass
class Manifest:
    """What a corpus holds, as lexrdf should find it: acts, provisions (distinct eIds), versions (the acts' own
    included), events by
    kind (one per act, day, kind and source act, as lexrdf keys them), and the files."""

    acts: int = 0
    principal_acts: int = 0
    amending_acts: int = 0
    provisions: int = 0
    versions: int = 0
    substituted_texts: int = 0  # (provision, round) pairs
    repealed_provisions: int = 0  # provisions ended by a repeal, descendants included
    events: dict[str, int] = field(default_factory=dict)
    files: int = 0
    bytes: int = 0
    languages: dict[str, int] = field(default_factory=dict)
    styles: dict[str, int] = field(default_factory=dict)
    parameters: dict[str, object] = field(default_factory=dict)

    def count_event(self, kind: str, n: int = 1) -> None:
        self.events[kind] = self.events.get(kind, 0) + n


def _count(plan: ActPlan, manifest: Manifest) -> None:
    manifest.principal_acts += 1
    manifest.languages[plan.language.code] = manifest.languages.get(plan.language.code, 0) + 1
    manifest.styles[plan.style] = manifest.styles.get(plan.style, 0) + 1
    units = [u for root in plan.body for u in root.walk()]
    lists = sum(1 for u in units if u.children and u.element in {"paragraph", "subsection"})  # their list element
    manifest.provisions += len(units) + lists
    manifest.versions += len(units) + lists + 1  # and the act's own version
    manifest.count_event("Enactment")
    by_top = {u.eid: u for u in units}
    for k in plan.changes:
        manifest.substituted_texts += len(plan.changes[k])
        manifest.versions += len(plan.changes[k])
        if plan.changes[k]:
            manifest.count_event("Substitution")
        if plan.repeals[k]:
            manifest.count_event("Repeal")
            manifest.repealed_provisions += sum(1 for eid in plan.repeals[k] for _ in by_top[eid].walk())


# -- rendering -------------------------------------------------------------------------------------------------
Write = Callable[[str], object]


def _identification(
    w: Write, work: str, expression: str, enacted: date, point: date, number: int, title: str, language: str, made: date
) -> None:
    w('      <identification source="#source">\n        <FRBRWork>\n')
    w(f'          <FRBRthis value="{work}/!main"/>\n          <FRBRuri value="{work}"/>\n')
    w(f'          <FRBRdate date="{enacted.isoformat()}" name="enactment"/>\n')
    w('          <FRBRauthor href="#parliament"/>\n          <FRBRcountry value="xx"/>\n')
    w(f'          <FRBRnumber value="{number}"/>\n          <FRBRname value={quoteattr(title)}/>\n')
    w("        </FRBRWork>\n        <FRBRExpression>\n")
    w(f'          <FRBRthis value="{expression}/!main"/>\n          <FRBRuri value="{expression}"/>\n')
    w(f'          <FRBRdate date="{point.isoformat()}" name="expression"/>\n')
    w(f'          <FRBRauthor href="#source"/>\n          <FRBRlanguage language="{language}"/>\n')
    w("        </FRBRExpression>\n        <FRBRManifestation>\n")
    w(f'          <FRBRthis value="{expression}/!main.xml"/>\n          <FRBRuri value="{expression}.akn"/>\n')
    w(f'          <FRBRdate date="{made.isoformat()}" name="transformation"/>\n')
    w('          <FRBRauthor href="#source"/>\n          <FRBRformat value="application/akn+xml"/>\n')
    w("        </FRBRManifestation>\n      </identification>\n")


def _references_tail(w: Write) -> None:
    w('        <TLCOrganization eId="parliament" href="/ontology/organization/xx/parliament" showAs="Parliament"/>\n')
    w(
        '        <TLCOrganization eId="source" href="/ontology/organization/xx/legislationOffice" '
        'showAs="Legislation Office of the Republic"/>\n'
    )
    w('        <TLCConcept eId="inForce" href="/ontology/concept/akn/inForce" showAs="in force"/>\n')
    w("      </references>\n    </meta>\n")


def _preface(w: Write, title: str, number: int, enacted: date) -> None:
    w(f'    <preface>\n      <p class="title"><docTitle>{escape(title)}</docTitle></p>\n')
    w(f'      <p class="number"><docNumber>No. {number} of {enacted.year}</docNumber></p>\n')
    w(f'      <p class="date"><docDate date="{enacted.isoformat()}">{enacted.isoformat()}</docDate></p>\n')
    w("    </preface>\n")


def _timeline(plan: ActPlan) -> dict[str, list[tuple[int, int | None]]]:
    """For every unit, its versions as (round that opened it, round that closed it or None); round 0 is the
    entry into force. A repeal ends the whole subtree."""
    windows: dict[str, list[tuple[int, int | None]]] = {}
    ended: dict[str, int] = {}
    for root in plan.body:
        for top in root.walk():
            for k, eids in plan.repeals.items():
                if top.eid in eids:
                    for unit in top.walk():
                        ended[unit.eid] = k
    for root in plan.body:
        for unit in root.walk():
            starts = [0] + [k for k in sorted(plan.changes) if unit.eid in plan.changes[k]]
            end = ended.get(unit.eid)
            windows[unit.eid] = [(s, starts[i + 1] if i + 1 < len(starts) else end) for i, s in enumerate(starts)]
    return windows


def _event_id(round_: int) -> str:
    return f"e{round_ + 2}"  # e1 enactment, e2 entry into force, e{k+2} round k


def render_act(plan: ActPlan, w: Write, seed: int, version: int | None) -> None:
    """Write one principal act: the expression at `version` (expressions style) or, with None, the single
    document holding every version."""
    single = version is None
    last_round = len(plan.amending) if single else version
    assert last_round is not None
    rounds = range(1, last_round + 1)
    point = plan.point(last_round)
    made = plan.enacted if (not single and version == 0) else point
    windows = _timeline(plan)
    language = plan.language
    contains = "multipleVersions" if single else ("originalVersion" if version == 0 else "singleVersion")
    w('<?xml version="1.0" encoding="UTF-8"?>\n')
    w("<!-- lexrdf synthetic corpus (bench/synthetic.py): invented legislation of the imaginary jurisdiction xx. -->\n")
    w(f'<akomaNtoso xmlns="{AKN_NS}">\n  <act name="act" contains="{contains}">\n    <meta>\n')
    _identification(
        w, plan.work, plan.expression(made), plan.enacted, point, plan.number, plan.title, language.code, point
    )
    w(
        f'      <publication date="{plan.published.isoformat()}" name="Official Gazette" showAs="Official Gazette" '
        f'number="{plan.number}"/>\n'
    )
    w('      <lifecycle source="#source">\n')
    w(f'        <eventRef eId="e1" date="{plan.enacted.isoformat()}" source="#original" type="generation"/>\n')
    w(f'        <eventRef eId="e2" date="{plan.in_force.isoformat()}" source="#original" type="generation"/>\n')
    for k in rounds:
        kind = "amendment" if plan.changes[k] else "repeal"
        w(
            f'        <eventRef eId="{_event_id(k)}" date="{plan.amending[k - 1].in_force.isoformat()}" '
            f'source="#amendingAct{k}" type="{kind}"/>\n'
        )
    w("      </lifecycle>\n")
    groups: dict[tuple[int, int | None], str] = {}  # (start round, end round) -> temporalGroup eId

    def group(start: int, end: int | None) -> str:
        # an expression shows what is in force at its date: the open window of the round that last changed it
        key = (start, end) if single else (start, None)
        if key not in groups:
            groups[key] = f"tg{len(groups) + 1}"
        return groups[key]

    group(0, None)
    for k in rounds:
        group(k, None)
    mods: list[str] = []
    ended_by = {eid: spans[-1][1] for eid, spans in windows.items() if spans[-1][1] is not None}
    for k in rounds:
        source = f"#amendingAct{k}"
        for eid in plan.changes[k]:
            if not single and eid in ended_by and ended_by[eid] <= last_round:
                continue  # an expression names no element that it no longer holds
            mods.append(
                f'substitution" eId="pmod{len(mods) + 1}">\n            <source href="{source}"/>\n'
                f'            <destination href="#{eid}"/>\n            <force period="#{group(k, None)}"/>\n'
            )
        for eid in plan.repeals[k]:
            mods.append(
                f'repeal" eId="pmod{len(mods) + 1}">\n            <source href="{source}"/>\n'
                f'            <destination href="#{eid}"/>\n            <force period="#{group(k, None)}"/>\n'
            )
    body: list[str] = []
    b = body.append

    def unit_xml(unit: Unit, indent: str, inherited: str | None) -> None:
        spans = windows[unit.eid]
        if not single:
            assert version is not None
            shown = [(s, e) for s, e in spans if s <= version and (e is None or e > version)]
            spans = shown[-1:] if shown else []
        for start, end in spans:
            period = group(start, end if single else None)
            attr = f' period="#{period}"' if period != inherited or len(spans) > 1 else ""
            b(f'{indent}<{unit.element} eId="{unit.eid}"{attr}>\n{indent}  <num>{escape(unit.num)}</num>\n')
            if unit.heading:
                b(f"{indent}  <heading>{escape(unit.heading)}</heading>\n")
            if unit.leaf:
                text = escape(unit_text(seed, plan.number, unit.eid, start, language))
                b(f"{indent}  <content>\n{indent}    <p>{text}</p>\n{indent}  </content>\n")
            elif unit.element in {"paragraph", "subsection"}:
                b(f'{indent}  <list eId="{unit.eid}__list_1">\n')
                b(f"{indent}    <intro>\n{indent}      <p>{escape(sentence(random.Random(unit.eid), language))}</p>\n")
                b(f"{indent}    </intro>\n")
                for child in unit.children:
                    unit_xml(child, indent + "    ", period)
                b(f"{indent}  </list>\n")
            else:
                for child in unit.children:
                    unit_xml(child, indent + "  ", period)
            b(f"{indent}</{unit.element}>\n")

    for root in plan.body:
        unit_xml(root, "      ", None)
    if mods:
        w('      <analysis source="#source">\n        <passiveModifications>\n')
        for mod in mods:
            w(f'          <textualMod type="{mod}          </textualMod>\n')
        w("        </passiveModifications>\n      </analysis>\n")
    w('      <temporalData source="#source">\n')
    for (start, end), eid in groups.items():
        until = f' end="#{_event_id(end)}"' if end is not None else ""
        w(
            f'        <temporalGroup eId="{eid}">\n          <timeInterval start="#{_event_id(start)}"{until} '
            f'refersTo="#inForce"/>\n        </temporalGroup>\n'
        )
    w('      </temporalData>\n      <references source="#source">\n')
    w(f'        <original eId="original" href="{plan.expression(plan.enacted)}" showAs={quoteattr(plan.title)}/>\n')
    for k in rounds:
        amending = plan.amending[k - 1]
        w(
            f'        <passiveRef eId="amendingAct{k}" href="{amending.work}" '
            f"showAs={quoteattr(amending.title(LANGUAGES[amending.language]))}/>\n"
        )
    _references_tail(w)
    _preface(w, plan.title, plan.number, plan.enacted)
    w("    <body>\n")
    w("".join(body))
    w("    </body>\n  </act>\n</akomaNtoso>\n")


def render_amending(amending: Amending, targets: list[ActPlan], w: Write, seed: int) -> int:
    """Write one amending act: a section per act it amends, a `mod` per change, activeModifications naming the
    amended provisions. Returns its number of sections."""
    language = LANGUAGES[amending.language]
    title = amending.title(language)
    work = amending.work
    expression = f"{work}/{language.code}@{amending.passed.isoformat()}"
    w('<?xml version="1.0" encoding="UTF-8"?>\n')
    w("<!-- lexrdf synthetic corpus (bench/synthetic.py): an amending act of the imaginary jurisdiction xx. -->\n")
    w(f'<akomaNtoso xmlns="{AKN_NS}">\n  <act name="act" contains="singleVersion">\n    <meta>\n')
    _identification(
        w, work, expression, amending.passed, amending.passed, amending.number, title, language.code, amending.passed
    )
    w('      <lifecycle source="#source">\n')
    w(f'        <eventRef eId="e1" date="{amending.passed.isoformat()}" source="#original" type="generation"/>\n')
    w(f'        <eventRef eId="e2" date="{amending.in_force.isoformat()}" source="#original" type="generation"/>\n')
    w('      </lifecycle>\n      <analysis source="#source">\n        <activeModifications>\n')
    body: list[str] = []
    n = 0
    k = amending.round
    for s, plan in enumerate(targets, start=1):
        body.append(
            f'      <section eId="sec_{s}" period="#tg1">\n        <num>{s}</num>\n'
            f"        <heading>{escape(plan.title)}</heading>\n        <content>\n"
        )
        changes = [("substitution", eid) for eid in plan.changes[k]] + [("repeal", eid) for eid in plan.repeals[k]]
        for kind, eid in changes:
            n += 1
            mod = f"sec_{s}__mod_{n}"
            w(
                f'          <textualMod type="{kind}" eId="amod{n}">\n            <source href="#{mod}"/>\n'
                f'            <destination href="{plan.work}/!main#{eid}"/>\n'
                f'            <force period="#tg1"/>\n          </textualMod>\n'
            )
            if kind == "repeal":
                words = f"{eid} of the {plan.title} is repealed."
                body.append(f'          <p><mod eId="{mod}">{escape(words)}</mod></p>\n')
            else:
                new = escape(unit_text(seed, plan.number, eid, k, plan.language))
                body.append(
                    f'          <p><mod eId="{mod}">In {eid} of the {escape(plan.title)}, substitute '
                    f"“<quotedStructure><p>{new}</p></quotedStructure>”.</mod></p>\n"
                )
        body.append("        </content>\n      </section>\n")
    w("        </activeModifications>\n      </analysis>\n")
    w('      <temporalData source="#source">\n        <temporalGroup eId="tg1">\n')
    w('          <timeInterval start="#e2" refersTo="#inForce"/>\n        </temporalGroup>\n      </temporalData>\n')
    w('      <references source="#source">\n')
    w(f'        <original eId="original" href="{expression}" showAs={quoteattr(title)}/>\n')
    for s, plan in enumerate(targets, start=1):
        w(f'        <activeRef eId="amended{s}" href="{plan.work}" showAs={quoteattr(plan.title)}/>\n')
    _references_tail(w)
    _preface(w, title, amending.number, amending.passed)
    w("    <body>\n")
    w("".join(body))
    w("    </body>\n  </act>\n</akomaNtoso>\n")
    return len(targets)


# -- the corpus ------------------------------------------------------------------------------------------------
class Corpus(list[Path]):
    """The files written (a list, as `generate` always returned), with the `manifest` of what they hold."""

    manifest: Manifest


def generate(
    directory: str | Path,
    acts: int,
    articles: int,
    paragraphs: int,
    versions: int,
    *,
    seed: int = 1,
    change_rate: float = 0.2,
    style: Style = "expressions",
    repeal_rate: float = 0.3,
    languages: tuple[str, ...] = tuple(LANGUAGES),
    amending_acts: bool = True,
) -> Corpus:
    """Write the corpus into `directory` (and `manifest.json`) and return the paths of its XML files, in
    ingest order (principal acts, then the amending acts)."""
    if versions < 1:
        raise ValueError("versions must be at least 1")
    unknown = set(languages) - set(LANGUAGES)
    if unknown:
        raise ValueError(f"unknown languages {sorted(unknown)}: choose among {sorted(LANGUAGES)}")
    root = Path(directory)
    root.mkdir(parents=True, exist_ok=True)
    written = Corpus()
    manifest = Manifest(
        parameters={
            "acts": acts,
            "articles": articles,
            "paragraphs": paragraphs,
            "versions": versions,
            "seed": seed,
            "change_rate": change_rate,
            "style": style,
            "repeal_rate": repeal_rate,
            "languages": list(languages),
            "amending_acts": amending_acts,
        }
    )

    def plan(act: int) -> ActPlan:
        return plan_act(seed, act, acts, articles, paragraphs, versions, change_rate, style, repeal_rate, languages)

    for act in range(1, acts + 1):
        act_plan = plan(act)
        _count(act_plan, manifest)
        if act_plan.style == "single":
            documents: list[tuple[Path, int | None]] = [(root / f"act-{act:05d}.xml", None)]
        else:
            documents = [(root / f"act-{act:05d}@{act_plan.point(v).isoformat()}.xml", v) for v in range(versions)]
        for path, version in documents:
            with path.open("w", encoding="utf-8", newline="\n") as out:
                render_act(act_plan, out.write, seed, version)
            manifest.bytes += path.stat().st_size
            written.append(path)
    if amending_acts:  # one per round and group of acts; plans are redrawn group by group (memory stays flat)
        for first in range(1, acts + 1, AMENDED_PER_AMENDING_ACT):
            targets = [plan(a) for a in range(first, min(acts, first + AMENDED_PER_AMENDING_ACT - 1) + 1)]
            for amending in targets[0].amending:
                path = root / f"amending-{amending.number}.xml"
                with path.open("w", encoding="utf-8", newline="\n") as out:
                    sections = render_amending(amending, targets, out.write, seed)
                manifest.bytes += path.stat().st_size
                written.append(path)
                manifest.amending_acts += 1
                manifest.provisions += sections
                manifest.versions += sections + 1
                manifest.count_event("Enactment")
    manifest.acts = manifest.principal_acts + manifest.amending_acts
    manifest.files = len(written)
    (root / "manifest.json").write_text(json.dumps(asdict(manifest), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    written.manifest = manifest
    return written


def shape_for(quads: int, versions: int = 4, articles: int = 30, paragraphs: int = 3) -> tuple[int, int, int, int]:
    """(acts, articles, paragraphs, versions) for a corpus of about `quads` quads (QUADS_PER_VERSION)."""
    per_act = articles * (1 + paragraphs * 1.3) * (1 + 0.2 * (versions - 1)) * QUADS_PER_VERSION
    return max(1, round(quads / per_act)), articles, paragraphs, versions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path, help="folder to write the corpus into (created if missing)")
    parser.add_argument("--acts", type=int, default=10)
    parser.add_argument("--articles", type=int, default=20, help="top-level provisions per act")
    parser.add_argument("--paragraphs", type=int, default=3, help="mean sub-units per top-level provision")
    parser.add_argument("--versions", type=int, default=3, help="points in time per act (1 + amendment rounds)")
    parser.add_argument("--quads", type=int, help="pick --acts for about this many quads (overrides --acts)")
    parser.add_argument("--style", choices=["expressions", "single", "mixed"], default="expressions")
    parser.add_argument("--change-rate", type=float, default=0.2, help="share of texts each round substitutes")
    parser.add_argument("--repeal-rate", type=float, default=0.3, help="chance a round repeals a provision")
    parser.add_argument("--languages", default=",".join(LANGUAGES), help="FRBR language codes to draw from")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    acts = args.acts
    if args.quads:
        acts = shape_for(args.quads, args.versions, args.articles, args.paragraphs)[0]
    started = time.perf_counter()
    files = generate(
        args.directory,
        acts,
        args.articles,
        args.paragraphs,
        args.versions,
        seed=args.seed,
        change_rate=args.change_rate,
        style=args.style,
        repeal_rate=args.repeal_rate,
        languages=tuple(args.languages.split(",")),
    )
    seconds = time.perf_counter() - started
    m = files.manifest
    print(
        f"wrote {len(files)} files ({m.bytes / 1e6:.1f} MB) to {args.directory} in {seconds:.1f} s: {m.acts} acts, "
        f"{m.provisions} provisions, {m.versions} versions, events {m.events}"
    )


if __name__ == "__main__":
    main()
