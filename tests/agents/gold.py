"""The gold set: questions an agent is asked, the tool calls a plan makes, and the answer read from the sources.

Every expected value is read from ../shared/data/akn/legislation.gov.uk/ukpga-1998-29.xml (the Data Protection Act
1998 as legislation.gov.uk exports it); `source` quotes the line. A call's argument "$path" is taken from the
previous call's structured answer (`$answer.provision`: what resolve_reference resolved). Each case's `expect`
maps a dotted path of the last answer to its value; `contains` to words its value holds (or several words, each
held). "Today" is 3 December 2026 (an injected clock). A case whose answer lexrdf gets wrong keeps the source's answer
and names, in `xfail`, what is wrong and where (file:line): it runs as a strict xfail.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DPA = "https://lexrdf.example.org/eli/gb-ukm/act/1998-07-16/29"
FOIA = "https://lexrdf.example.org/eli/ref/www.legislation.gov.uk/id/ukpga/2000/36"
LEG = "http://www.legislation.gov.uk/ukpga/1998/29"
S7_1 = f"{LEG}/section/7/1"
TODAY = "2026-12-03"


@dataclass(frozen=True)
class Case:
    question: str
    calls: list[tuple[str, dict[str, Any]]]
    expect: dict[str, Any]
    source: str
    contains: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    xfail: str | None = None  # why lexrdf's answer is not the source's (file:line); None: it must pass


def _provision(ref: str, tool: str = "get_provision", **arguments: Any) -> list[tuple[str, dict[str, Any]]]:
    return [("resolve_reference", {"ref": ref}), (tool, {"provision": "$answer.provision", **arguments})]


Q_7_1_2010 = "What did s. 7(1) of the DPA 1998 say on 1 January 2010, and which act gave it those words?"
CASES = [
    Case(
        Q_7_1_2010,
        _provision(S7_1, question=Q_7_1_2010),
        {"status": "in-force", "as_of_used": "2010-01-01", "as_of_source": "question",
         "answer.valid_from": "2005-01-01", "answer.opened_by.source": FOIA},
        "line 1806: Words in s. 7(1) substituted (30.11.2000 for certain purposes and otherwise 1.1.2005) by "
        "2000 c. 36",
        {"answer.text": "sections 8, 9 and 9A, an individual is entitled", "citation": "as in force on 1 January 2010"},
    ),
    Case(
        "What did s. 7(1) of the DPA 1998 say on 1 January 2004?",
        _provision(S7_1, question="What did s. 7(1) of the DPA 1998 say on 1 January 2004?"),
        {"status": "outside-coverage", "as_of_used": "2004-01-01", "answer.text": None},
        "line 1806: the words were substituted on 1.1.2005 and the file gives only the substituted text: earlier, "
        "the sources say nothing (declined, never answered with the later text)",
    ),
    Case(
        "What does s. 7(1) of the DPA 1998 say?",
        _provision(S7_1, question="What does s. 7(1) of the DPA 1998 say?"),
        {"status": "as-last-known", "as_of_used": TODAY, "as_of_source": "default-today",
         "answer.current_to": "2018-01-18"},
        'line 25: <FRBRdate date="2018-01-18" name="transform"/>: today is after the sources are current',
        {"as_of_said": "as in force today, 3 December 2026"},
    ),
    Case(
        "In 2021, what did s. 7(1) of the DPA 1998 say?",
        _provision(S7_1, question="In 2021, what did s. 7(1) of the DPA 1998 say?"),
        {"status": "as-last-known", "as_of_used": "2021-01-01", "as_of_source": "question"},
        'line 25: <FRBRdate date="2018-01-18" name="transform"/>; the year 2021 is answered for its first day',
        {"as_of_said": "the question names the year 2021"},
    ),
    Case(
        "What was the heading of s. 7 of the DPA 1998 on 1 January 2010?",
        _provision(f"{LEG}/section/7", as_of="2010-01-01"),
        {"status": "in-force", "answer.heading": "Right of access to personal data.",
         "answer.valid_from": "2000-03-01"},
        "line 4097: <heading>Right of access to personal data.</heading>; line 1765: S. 7 wholly in force at 1.3.2000",
    ),
    Case(
        "Was s. 7 of the DPA 1998 in force on 1 January 1990?",
        _provision(f"{LEG}/section/7", question="Was s. 7 of the DPA 1998 in force on 1 January 1990?"),
        {"status": "not-yet-in-force", "as_of_used": "1990-01-01", "answer.valid_from": "2000-03-01"},
        "line 1765: S. 7 wholly in force at 1.3.2000 (line 8: the act enacted 1998-07-16)",
    ),
    Case(
        "Was Part III of Schedule 5 to the DPA 1998 in force on 1 January 2010?",
        _provision(f"{LEG}/schedule/5/part/III", as_of="2010-01-01"),
        {"status": "repealed", "answer.valid_until": "2001-01-30", "answer.closed_by.source": FOIA,
         "answer.closed_by.type": "repeal"},
        "line 2815: Sch. 5 Pt. III (ss. 16-17) repealed (30.1.2001) by 2000 c. 36",
    ),
    Case(
        "Which act is http://www.legislation.gov.uk/ukpga/1998/29?",
        [("resolve_reference", {"ref": LEG})],
        {"status": "resolved", "answer.provision": DPA, "answer.kind": "act"},
        'line 16: <FRBRthis value="http://www.legislation.gov.uk/ukpga/1998/29"/>',
    ),
    Case(
        "Which act is http://www.legislation.gov.uk/ukpga/1998/99?",
        [("resolve_reference", {"ref": "http://www.legislation.gov.uk/ukpga/1998/99"})],
        {"status": "unknown-reference", "answer.provision": None},
        "the file is c. 29 (line 6); nothing else is held",
    ),
    Case(
        "From when, and up to when, does lexrdf hold the DPA 1998?",
        [("coverage", {})],
        {"answer.4.act": DPA, "answer.4.covered_from": "1998-07-16", "answer.4.current_to": "2018-01-18",
         "answer.4.short_title": "Data Protection Act 1998"},
        'line 8: <FRBRdate date="1998-07-16" name="enacted"/>; line 25: transform 2018-01-18; line 3598: shortTitle '
        "(fifth by the date each act is held from: after the Vereinsgesetz, the SCA 1981, the 1988 Constitution and "
        "the VAT Act 1994)",
    ),
    Case(
        "Is it right that s. 7(1) said 'an individual is entitled' on 1 January 2010?",
        [("verify_citation", {"citation": S7_1, "quoted": "an individual is entitled", "as_of": "2010-01-01"})],
        {"status": "verified", "answer.matches": True, "answer.in_force.opened_by.source": FOIA},
        "line 4102: '..., an individual is entitled—'",
    ),
    Case(
        "Did s. 7(1) say 'every person is entitled' on 1 January 2010?",
        [("verify_citation", {"citation": S7_1, "quoted": "every person is entitled", "as_of": "2010-01-01"})],
        {"status": "text-differs", "answer.matches": False, "answer.versions_with_quote": []},
        "line 4102: the subsection says 'an individual is entitled'",
    ),
    Case(
        "Was s. 7(1) as quoted the law on 1 January 2004?",
        [("verify_citation", {"citation": S7_1, "quoted": "an individual is entitled",
                              "question": "Was s. 7(1) as quoted the law on 1 January 2004?"})],
        {"status": "not-in-force", "as_of_used": "2004-01-01", "answer.in_force.status": "outside-coverage"},
        "line 1806: the file gives the text from 1.1.2005 only",
    ),
    Case(
        "Which provisions did FOIA 2000 change, and when?",
        [("date_from_question", {"question": "Which provisions did FOIA 2000 change, and when?"})],
        {"status": "no-date", "answer.dates": [], "as_of_source": "default-today"},
        "'FOIA 2000' names an act, not a date",
    ),
    Case(
        "Which provisions of the DPA 1998 did FOIA 2000 change?",
        [("get_impact", {"act": FOIA, "page_size": 1000})],
        {"status": "resolved"},
        "line 1806: s. 7(1) substituted by 2000 c. 36 (among others: line 1713 s. 1(1), line 2815 Sch. 5 Pt. III)",
        {"answer.items": f"{DPA}/section-7-1"},
    ),
    Case(
        "What did s. 1(1) of the DPA 1998 say on 1 January 2006?",
        _provision(f"{LEG}/section/1/1", question="What did s. 1(1) of the DPA 1998 say on 1 January 2006?"),
        {"status": "in-force", "as_of_used": "2006-01-01", "answer.valid_from": "2005-01-01"},
        'line 1713: In s. 1(1) in definition of "data" word repealed (1.1.2005) by 2000 c. 36',
        {"answer.text": "In this Act, unless the context otherwise requires"},
    ),
    Case(
        "What is s. 7 of the DPA 1998 part of, on 1 January 2010?",
        _provision(f"{LEG}/section/7", tool="get_context", as_of="2010-01-01"),
        {"status": "in-force", "answer.items.0.unit": DPA, "answer.items.1.unit": f"{DPA}/part-II",
         "answer.items.2.unit": f"{DPA}/section-7"},
        'line 4085: <part eId="part-II">, line 4088: <section eId="section-7">',
    ),
    Case(
        "On 03/04/2005, what did s. 7(1) say?",
        [("date_from_question", {"question": "On 03/04/2005, what did s. 7(1) say?"})],
        {"status": "several-dates", "answer.ambiguous": ["03/04/2005"], "answer.chosen": None},
        "a numeric date that reads two ways is reported, never chosen",
    ),
]  # fmt: skip
