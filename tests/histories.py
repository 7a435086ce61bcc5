"""Generated act histories: a model of what was in force when, and the Akoma Ntoso expressions that say it.

A history is a sequence of consolidations of one act. Each step substitutes, inserts or repeals provisions;
the model records every provision's windows, so tests can compare lexrdf's answers with the truth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from xml.sax.saxutils import escape

from hypothesis import strategies as st

AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
WORK = "/akn/xx/act/1990-01-15/77"
WORK_DATE = date(1990, 1, 15)


@dataclass
class Provision:
    eid: str
    parent: str | None  # eId of the article, None for an article
    windows: list[tuple[date, date | None, str]] = field(default_factory=list)  # [from, until), text

    def text_at(self, day: date) -> str | None:
        for start, end, text in self.windows:
            if start <= day and (end is None or day < end):
                return text
        return None

    @property
    def in_force_now(self) -> bool:
        return bool(self.windows) and self.windows[-1][1] is None


@dataclass
class History:
    """The truth: provisions in document order, the expression dates, the amending act of each step."""

    provisions: dict[str, Provision] = field(default_factory=dict)  # insertion order = document order
    dates: list[date] = field(default_factory=list)
    corrected: tuple[str, date, str, str] | None = None  # eid, day, old text, new text

    def document_order(self) -> list[str]:
        articles = [p for p in self.provisions.values() if p.parent is None]
        order: list[str] = []
        for article in articles:
            order.append(article.eid)
            order.extend(p.eid for p in self.provisions.values() if p.parent == article.eid)
        return order

    def in_force(self, day: date) -> list[str]:
        return [eid for eid in self.document_order() if self.provisions[eid].text_at(day) is not None]


@st.composite
def histories(draw: st.DrawFn) -> History:
    history = History()
    start = date(2000, 1, 1) + timedelta(days=draw(st.integers(0, 2000)))
    history.dates.append(start)
    for a in range(1, draw(st.integers(2, 4)) + 1):
        history.provisions[f"art_{a}"] = Provision(f"art_{a}", None, [(start, None, f"Article {a} heading v1")])
        for p in range(1, draw(st.integers(1, 3)) + 1):
            eid = f"art_{a}__para_{p}"
            history.provisions[eid] = Provision(eid, f"art_{a}", [(start, None, f"Paragraph {a}.{p} text v1.")])
    day = start
    for step in range(1, draw(st.integers(1, 4)) + 1):
        day = day + timedelta(days=draw(st.integers(1, 900)))
        history.dates.append(day)
        for _ in range(draw(st.integers(1, 3))):
            live = [p for p in history.provisions.values() if p.in_force_now and p.windows[-1][0] < day]
            if not live:
                break
            operation = draw(st.sampled_from(["substitute", "insert", "repeal"]))
            target = draw(st.sampled_from(live))
            if operation == "substitute":
                _close(target, day)
                target.windows.append((day, None, f"{target.eid} text as amended in step {step}."))
            elif operation == "insert":
                article = target if target.parent is None else history.provisions[target.parent]
                if not article.in_force_now:
                    continue
                index = 1 + sum(1 for p in history.provisions if p.startswith(f"{article.eid}__para_"))
                eid = f"{article.eid}__para_{index}"
                history.provisions[eid] = Provision(eid, article.eid, [(day, None, f"Inserted {eid} in step {step}.")])
            elif sum(1 for p in live if p.parent is None) > 1 or target.parent is not None:
                _close(target, day)
                for child in list(history.provisions.values()):
                    if child.parent == target.eid and child.in_force_now:
                        if child.windows[-1][0] == day:  # inserted today into an article repealed today
                            child.windows.pop()
                            if not child.windows:
                                del history.provisions[child.eid]
                        else:
                            _close(child, day)
    if draw(st.booleans()):
        last = history.dates[-1]
        changed = [p for p in history.provisions.values() if p.in_force_now and p.windows[-1][0] == last]
        if changed:
            target = draw(st.sampled_from(changed))
            start_, _, old = target.windows[-1]
            new = old.rstrip(".") + " (corrected)."
            target.windows[-1] = (start_, None, new)
            history.corrected = (target.eid, last, old, new)
    return history


def _close(provision: Provision, day: date) -> None:
    start, _, text = provision.windows[-1]
    provision.windows[-1] = (start, day, text)


def render(history: History, day: date, reflow: bool, correction: bool = False) -> str:
    """The consolidated expression of the act at `day` (the corrected text only if `correction`)."""
    first = day == history.dates[0]
    step = history.dates.index(day)
    body: list[str] = []
    mods: list[str] = []
    for article in (p for p in history.provisions.values() if p.parent is None):
        heading = _text(history, article, day, correction)
        if heading is None:
            continue
        paragraphs = []
        for para in (p for p in history.provisions.values() if p.parent == article.eid):
            text = _text(history, para, day, correction)
            if text is None:
                continue
            number = para.eid.rsplit("_", 1)[-1]
            shown = text.replace(" ", "\n          ") if reflow else text
            paragraphs.append(
                f'<paragraph eId="{para.eid}"><num>{number}.</num><content><p>{escape(shown)}</p></content></paragraph>'
            )
        body.append(
            f'<article eId="{article.eid}"><num>Article {article.eid[4:]}</num>'
            f"<heading>{escape(heading)}</heading>{''.join(paragraphs)}</article>"
        )
    if not first:
        for provision in history.provisions.values():
            for start, _, _ in provision.windows:
                if start == day:
                    kind = "insertion" if provision.windows[0][0] == day else "substitution"
                    mods.append(_mod(kind, provision.eid, len(mods)))
            if provision.windows[-1][1] == day and provision.text_at(day) is None:
                mods.append(_mod("repeal", provision.eid, len(mods)))
    contains = "originalVersion" if first else "singleVersion"
    amending = (
        ""
        if first
        else (f'<passiveRef eId="amending" href="/akn/xx/act/{day.isoformat()}/{step}" showAs="Amending Act {step}"/>')
    )
    lifecycle = (
        f'<eventRef eId="e1" date="{WORK_DATE}" source="#original" type="generation"/>'
        f'<eventRef eId="e2" date="{history.dates[0]}" source="#original" type="generation"/>'
    )
    if not first:
        lifecycle += f'<eventRef eId="e3" date="{day}" source="#amending" type="amendment"/>'
    analysis = f'<analysis source="#source"><passiveModifications>{"".join(mods)}</passiveModifications></analysis>'
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="{AKN}"><act name="act" contains="{contains}"><meta>
<identification source="#source">
<FRBRWork><FRBRthis value="{WORK}/!main"/><FRBRuri value="{WORK}"/><FRBRdate date="{WORK_DATE}" name="enactment"/>
<FRBRauthor href="#parliament"/><FRBRcountry value="xx"/><FRBRnumber value="77"/><FRBRname value="Test Act"/></FRBRWork>
<FRBRExpression><FRBRthis value="{WORK}/eng@{day}/!main"/><FRBRuri value="{WORK}/eng@{day}"/>
<FRBRdate date="{day}" name="expression"/><FRBRauthor href="#parliament"/>
<FRBRlanguage language="eng"/></FRBRExpression>
<FRBRManifestation><FRBRthis value="{WORK}/eng@{day}/!main.xml"/><FRBRuri value="{WORK}/eng@{day}.akn"/>
<FRBRdate date="{day}" name="generation"/><FRBRauthor href="#parliament"/></FRBRManifestation>
</identification>
<lifecycle source="#source">{lifecycle}</lifecycle>
{analysis if mods else ""}
<references source="#source"><original eId="original" href="{WORK}/eng@{history.dates[0]}" showAs="Test Act"/>{amending}
<TLCOrganization eId="parliament" href="/ontology/organization/xx/parliament" showAs="Parliament"/>
<TLCOrganization eId="source" href="/ontology/organization/xx/tests" showAs="Tests"/></references>
</meta>
<preface><longTitle><p>An Act used by generated tests</p></longTitle><p><shortTitle>Test Act</shortTitle></p></preface>
<body>{"".join(body)}</body></act></akomaNtoso>
"""


def _text(history: History, provision: Provision, day: date, correction: bool) -> str | None:
    text = provision.text_at(day)
    if text is not None and history.corrected and not correction:
        eid, corrected_day, old, new = history.corrected
        if eid == provision.eid and day == corrected_day and text == new:
            return old
    return text


def _mod(kind: str, eid: str, index: int) -> str:
    return (
        f'<textualMod type="{kind}" eId="pmod{index}"><source href="#amending"/>'
        f'<destination href="#{eid}"/></textualMod>'
    )


def write_expressions(history: History, directory: Path, reflow_from: int = 1) -> list[Path]:
    """One file per expression date (before any correction); reflowed whitespace in every other one."""
    paths = []
    for index, day in enumerate(history.dates):
        path = directory / f"test-act@{day}.xml"
        path.write_text(render(history, day, reflow=index >= reflow_from and index % 2 == 1), encoding="utf-8")
        paths.append(path)
    return paths
