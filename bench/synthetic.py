"""A synthetic Akoma Ntoso corpus for scale tests, in the "one document per point-in-time expression" style.

Every act gets `versions` files, each a complete consolidated expression, following exactly the conventions of
`samples/expressions/*.xml` (see samples/README.md):

- AKN 3.0 namespace; `meta/identification` with FRBRWork (FRBRuri, enactment FRBRdate, country, number, name)
  and FRBRExpression, whose `FRBRdate[@name="expression"]` is the point in time;
- `publication`; `lifecycle` with e1 (enactment) and e2 (entry into force), both `source="#original"`, and
  one amendment eventRef per amending act so far (`e{v+2}`, `source="#amendingAct{v}"`);
- `analysis/passiveModifications`: one `textualMod type="substitution"` per substituted paragraph, with
  `source="#amendingAct{v}"`, `destination="#art_N__para_M"` and `force period="#tg{v+1}"`; the
  modifications of earlier amendments are kept in later files, as in the samples;
- `temporalData`: tg1 starts at e2, tg{v+1} at e{v+2}; one open `#inForce` interval each;
- `references`: `original`, one `passiveRef` per amending act, TLCOrganization and the `inForce` TLCConcept;
- `body`: chapters (`chp_K`) of articles `art_N` with paragraphs `art_N__para_M`; every provision has a
  `@period`, `#tg1` unless it was substituted, then the group of its latest substitution;
- `act/@contains` is `originalVersion` in the first file and `singleVersion` in the later ones.

Each later expression substitutes the text of a deterministic subset (`--change-rate`, 20% by default) of all
paragraphs, chosen afresh for every amendment, so versions accumulate. Everything is seeded: the same
arguments always give byte-identical files.

    python bench/synthetic.py /tmp/corpus --acts 20 --articles 30 --paragraphs 4 --versions 4
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

AKN_NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
ARTICLES_PER_CHAPTER = 10

# -- a small legal-English sentence generator -----------------------------------------------------------
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
_CONNECTIVES = [
    "and",
    "and shall, in doing so,",
    "but shall first",
    "and may, where appropriate,",
]
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


def sentence(rng: random.Random) -> str:
    """One legal-style sentence of roughly 15-40 words."""
    words = [rng.choice(_ACTORS), rng.choice(_MODALS), rng.choice(_VERBS), rng.choice(_OBJECTS)]
    if rng.random() < 0.7:
        words.append(rng.choice(_QUALIFIERS))
    if rng.random() < 0.5:
        words += [rng.choice(_CONNECTIVES), rng.choice(_VERBS), rng.choice(_OBJECTS)]
        if rng.random() < 0.5:
            words.append(rng.choice(_QUALIFIERS))
    return " ".join(words) + "."


def paragraph_text(seed: int, act: int, article: int, paragraph: int, amendment: int) -> str:
    """The text of one paragraph as last substituted by `amendment` (0: the original): 1-3 sentences."""
    rng = random.Random(f"{seed}:{act}:{article}:{paragraph}:{amendment}")
    body = " ".join(sentence(rng) for _ in range(rng.randint(1, 3)))
    if amendment:
        # Make sure a substitution always changes the text, even if the draw repeats an earlier one.
        body += f" This paragraph applies as substituted by amendment No. {amendment}."
    return body


# -- the corpus ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Amendment:
    """One amending act and the expression it produces."""

    index: int  # 1-based: amendingAct{index}, e{index + 2}, tg{index + 1}
    in_force: date  # the point in time of the expression it produces
    work: str
    title: str
    changed: tuple[tuple[int, int], ...]  # (article, paragraph) pairs it substitutes


@dataclass(frozen=True)
class ActPlan:
    number: int
    title: str
    enacted: date
    published: date
    in_force: date
    amendments: tuple[Amendment, ...]

    @property
    def work(self) -> str:
        return f"/akn/xx/act/{self.enacted.isoformat()}/{self.number}"

    @property
    def original(self) -> str:
        return f"{self.work}/eng@{self.enacted.isoformat()}"


def plan_act(
    seed: int, act: int, acts: int, articles: int, paragraphs: int, versions: int, change_rate: float
) -> ActPlan:
    rng = random.Random(f"{seed}:act:{act}")
    enacted = date(1970 + (act - 1) % 25, rng.randint(1, 12), rng.randint(1, 28))
    published = enacted + timedelta(days=rng.randint(3, 10))
    in_force = published + timedelta(days=rng.randint(10, 60))
    topic = _TOPICS[(act - 1) % len(_TOPICS)]
    title = f"{topic} Act {enacted.year}" + (f" (No. {act})" if acts > len(_TOPICS) else "")
    everything = [(a, p) for a in range(1, articles + 1) for p in range(1, paragraphs + 1)]
    size = max(1, round(change_rate * len(everything))) if everything else 0
    amendments: list[Amendment] = []
    day = in_force
    for index in range(1, versions):
        day = day + timedelta(days=rng.randint(300, 900))
        passed = day - timedelta(days=rng.randint(20, 90))
        number = 1000 + (act - 1) * versions + index
        changed = tuple(sorted(rng.sample(everything, size)))
        amendments.append(
            Amendment(
                index=index,
                in_force=day,
                work=f"/akn/xx/act/{passed.isoformat()}/{number}",
                title=f"{topic} (Amendment No. {index}) Act {passed.year}",
                changed=changed,
            )
        )
    return ActPlan(act, title, enacted, published, in_force, tuple(amendments))


def render_expression(plan: ActPlan, version: int, articles: int, paragraphs: int, seed: int) -> str:
    """The XML of expression `version` (0 = the original) of one act."""
    amendments = plan.amendments[:version]
    first = version == 0
    point_in_time = plan.in_force if first else amendments[-1].in_force
    version_date = plan.enacted if first else point_in_time
    expression = f"{plan.work}/eng@{version_date.isoformat()}"
    # The amendment that last substituted each paragraph (absent: the original text), and so its group.
    last: dict[tuple[int, int], int] = {}
    for amendment in amendments:
        for key in amendment.changed:
            last[key] = amendment.index

    out: list[str] = []
    w = out.append
    w('<?xml version="1.0" encoding="UTF-8"?>')
    w("<!--")
    w('  lexrdf synthetic corpus (bench/synthetic.py): invented legislation of the imaginary jurisdiction "xx".')
    w(
        f"  {plan.title} (Act No. {plan.number} of {plan.enacted.year}), point-in-time expression {version + 1} of "
        f"{len(plan.amendments) + 1}."
    )
    w("-->")
    w(f'<akomaNtoso xmlns="{AKN_NS}">')
    w(f'  <act name="act" contains="{"originalVersion" if first else "singleVersion"}">')
    w("    <meta>")
    w('      <identification source="#source">')
    w("        <FRBRWork>")
    w(f'          <FRBRthis value="{plan.work}/!main"/>')
    w(f'          <FRBRuri value="{plan.work}"/>')
    w(f'          <FRBRdate date="{plan.enacted.isoformat()}" name="enactment"/>')
    w('          <FRBRauthor href="#parliament"/>')
    w('          <FRBRcountry value="xx"/>')
    w(f'          <FRBRnumber value="{plan.number}"/>')
    w(f"          <FRBRname value={quoteattr(plan.title)}/>")
    w("        </FRBRWork>")
    w("        <FRBRExpression>")
    w(f'          <FRBRthis value="{expression}/!main"/>')
    w(f'          <FRBRuri value="{expression}"/>')
    w(f'          <FRBRdate date="{point_in_time.isoformat()}" name="expression"/>')
    w(f'          <FRBRauthor href="{"#parliament" if first else "#source"}"/>')
    w('          <FRBRlanguage language="eng"/>')
    w("        </FRBRExpression>")
    w("        <FRBRManifestation>")
    w(f'          <FRBRthis value="{expression}/!main.xml"/>')
    w(f'          <FRBRuri value="{expression}.akn"/>')
    w('          <FRBRdate date="2024-01-15" name="transformation"/>')
    w('          <FRBRauthor href="#source"/>')
    w('          <FRBRformat value="application/akn+xml"/>')
    w("        </FRBRManifestation>")
    w("      </identification>")
    w(
        f'      <publication date="{plan.published.isoformat()}" name="Official Gazette" showAs="Official Gazette" '
        f'number="{plan.number}"/>'
    )
    w('      <lifecycle source="#source">')
    w(f'        <eventRef eId="e1" date="{plan.enacted.isoformat()}" source="#original" type="generation"/>')
    w(f'        <eventRef eId="e2" date="{plan.in_force.isoformat()}" source="#original" type="generation"/>')
    for amendment in amendments:
        w(
            f'        <eventRef eId="e{amendment.index + 2}" date="{amendment.in_force.isoformat()}" '
            f'source="#amendingAct{amendment.index}" type="amendment"/>'
        )
    w("      </lifecycle>")
    if amendments:
        w('      <analysis source="#source">')
        w("        <passiveModifications>")
        pmod = 0
        for amendment in amendments:
            for article, paragraph in amendment.changed:
                pmod += 1
                w(f'          <textualMod type="substitution" eId="pmod{pmod}">')
                w(f'            <source href="#amendingAct{amendment.index}"/>')
                w(f'            <destination href="#art_{article}__para_{paragraph}"/>')
                w(f'            <force period="#tg{amendment.index + 1}"/>')
                w("          </textualMod>")
        w("        </passiveModifications>")
        w("      </analysis>")
    w('      <temporalData source="#source">')
    w('        <temporalGroup eId="tg1">')
    w('          <timeInterval start="#e2" refersTo="#inForce"/>')
    w("        </temporalGroup>")
    for amendment in amendments:
        w(f'        <temporalGroup eId="tg{amendment.index + 1}">')
        w(f'          <timeInterval start="#e{amendment.index + 2}" refersTo="#inForce"/>')
        w("        </temporalGroup>")
    w("      </temporalData>")
    w('      <references source="#source">')
    w(f'        <original eId="original" href="{plan.original}" showAs={quoteattr(plan.title)}/>')
    for amendment in amendments:
        w(
            f'        <passiveRef eId="amendingAct{amendment.index}" href="{amendment.work}" '
            f"showAs={quoteattr(amendment.title)}/>"
        )
    w('        <TLCOrganization eId="parliament" href="/ontology/organization/xx/parliament" showAs="Parliament"/>')
    w(
        '        <TLCOrganization eId="source" href="/ontology/organization/xx/legislationOffice" '
        'showAs="Legislation Office of the Republic"/>'
    )
    w('        <TLCConcept eId="inForce" href="/ontology/concept/akn/inForce" showAs="in force"/>')
    w("      </references>")
    w("    </meta>")
    w("    <preface>")
    w("      <longTitle>")
    w(
        f"        <p>An Act to make provision about {escape(plan.title.split(' Act')[0].lower())} matters, "
        "and for connected purposes.</p>"
    )
    w("      </longTitle>")
    w(f'      <p class="title"><docTitle>{escape(plan.title)}</docTitle></p>')
    w(f'      <p class="number"><docNumber>Act No. {plan.number} of {plan.enacted.year}</docNumber></p>')
    w(
        f'      <p class="date">Enacted on <docDate date="{plan.enacted.isoformat()}">'
        f"{plan.enacted.day} {plan.enacted:%B %Y}</docDate></p>"
    )
    w("    </preface>")
    w("    <body>")
    heading_rng = random.Random(f"{seed}:headings:{plan.number}")
    headings = [heading_rng.choice(_HEADING_NOUNS) for _ in range(articles)]
    for article in range(1, articles + 1):
        if (article - 1) % ARTICLES_PER_CHAPTER == 0:
            chapter = (article - 1) // ARTICLES_PER_CHAPTER + 1
            if chapter > 1:
                w("      </chapter>")
            w(f'      <chapter eId="chp_{chapter}" period="#tg1">')
            w(f"        <num>Chapter {chapter}</num>")
            w(f"        <heading>Part {chapter} of the {escape(plan.title)}</heading>")
        w(f'        <article eId="art_{article}" period="#tg1">')
        w(f"          <num>Article {article}</num>")
        w(f"          <heading>{escape(headings[article - 1])}</heading>")
        for paragraph in range(1, paragraphs + 1):
            key = (article, paragraph)
            amended_by = last.get(key, 0)
            text = escape(paragraph_text(seed, plan.number, article, paragraph, amended_by))
            w(f'          <paragraph eId="art_{article}__para_{paragraph}" period="#tg{amended_by + 1}">')
            w(f"            <num>{paragraph}.</num>")
            w("            <content>")
            w(f"              <p>{text}</p>")
            w("            </content>")
            w("          </paragraph>")
        w("        </article>")
    if articles:
        w("      </chapter>")
    w("    </body>")
    w("  </act>")
    w("</akomaNtoso>")
    return "\n".join(out) + "\n"


def generate(
    directory: str | Path,
    acts: int,
    articles: int,
    paragraphs: int,
    versions: int,
    *,
    seed: int = 1,
    change_rate: float = 0.2,
) -> list[Path]:
    """Write `acts` x `versions` expression files into `directory` and return their paths."""
    if versions < 1:
        raise ValueError("versions must be at least 1")
    root = Path(directory)
    root.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for act in range(1, acts + 1):
        plan = plan_act(seed, act, acts, articles, paragraphs, versions, change_rate)
        for version in range(versions):
            point = plan.in_force if version == 0 else plan.amendments[version - 1].in_force
            path = root / f"act-{act:05d}@{point.isoformat()}.xml"
            path.write_text(render_expression(plan, version, articles, paragraphs, seed), encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path, help="folder to write the corpus into (created if missing)")
    parser.add_argument("--acts", type=int, default=10)
    parser.add_argument("--articles", type=int, default=20, help="articles per act")
    parser.add_argument("--paragraphs", type=int, default=4, help="paragraphs per article")
    parser.add_argument("--versions", type=int, default=3, help="point-in-time expressions per act")
    parser.add_argument("--change-rate", type=float, default=0.2, help="share of paragraphs each amendment substitutes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    files = generate(
        args.directory,
        args.acts,
        args.articles,
        args.paragraphs,
        args.versions,
        seed=args.seed,
        change_rate=args.change_rate,
    )
    size = sum(p.stat().st_size for p in files)
    print(f"wrote {len(files)} files ({size / 1e6:.1f} MB) to {args.directory}")


if __name__ == "__main__":
    main()
