"""The gold set on what was thin: the Greater London Authority Act 1999 Part III and the Senior Courts Act 1981
Part VI (CLML points in time with notes), the Income Tax Act 2007 ss. 8 and 16 (CLML fragments), art. 6 of the
Brazilian Constitution (the SAT-Graph dataset, amended three times), the CAD (Normattiva) and the Vereinsgesetz.

Questions dated before coverage that must be declined, questions without a date (answered for today, and saying so),
questions whose year comes from their words, partly-in-force and repealed provisions, extent-restricted repeals,
citations verified against a quote that was not the law on the date, the impact of an amending act counted from
the notes that name it, and a lineage of several versions. Each expected value is read from the file named in
`source`, with its line; never from lexrdf's output. "Today" is 3 December 2026.
"""

from __future__ import annotations

from gold import Case

B = "https://lexrdf.example.org"
REF = f"{B}/eli/ref/www.legislation.gov.uk/id"
GLA = f"{B}/eli/gb-ukm/act/1999-11-11/29"
SCA = f"{B}/eli/gb-ukm/act/1981-07-28/54"
ITA = f"{B}/eli/gb-ukm/act/2007-03-20/3"
CAD = f"{B}/eli/it/act/2005-03-07/82"
NR1 = f"{B}/eli/de/act/1964-08-05/s593/art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n1"
ART6 = f"{B}/eli/br/constituicao/1988-10-05/1988/art6_cpt"
ART6_URN = "urn:lex:br:federal:constituicao:1988-10-05;1988!art6_cpt"
EC_26, EC_64, EC_90 = (
    f"{B}/eli/br/emenda.constitucional/{day}/{number}"
    for day, number in (("2000-02-14", 26), ("2010-02-04", 64), ("2015-09-15", 90))
)
LGA_2003 = f"{REF}/ukpga/2003/26"  # Local Government Act 2003 (c. 26)
LOCALISM_2011 = f"{REF}/ukpga/2011/20"  # Localism Act 2011 (c. 20)
COURTS_2003 = f"{REF}/ukpga/2003/39"  # Courts Act 2003 (c. 39)
SLRA_2004 = f"{REF}/ukpga/2004/14"  # Statute Law (Repeals) Act 2004 (c. 14)
CRA_2005 = f"{REF}/ukpga/2005/4"  # Constitutional Reform Act 2005 (c. 4)
FA_2026 = f"{REF}/ukpga/2026/11"  # Finance Act 2026 (c. 11)
SCOTLAND_2016 = f"{REF}/ukpga/2016/11"  # Scotland Act 2016 (c. 11)
TODAY_SAID = "as in force today, 3 December 2026"

GLAF = "ukpga-1999-29-part-III-2013-03-27.xml"
SCAF = "ukpga-1981-54-part-VI-2020-08-03.xml"
S8 = "ukpga-2007-3-section-8.xml"
S16 = "ukpga-2007-3-section-16.xml"
SAT = "001-point-in-time-retrieval.json"
N = "20050516_005G0104_VIGENZA_20250130.xml"

Q_122_1999 = "Was s. 122 of the Greater London Authority Act 1999 in force on 1 December 1999?"
Q_122_2001 = "In 2001, what did s. 122 of the Greater London Authority Act 1999 say?"
Q_136_1 = "Was s. 136(1) of the Greater London Authority Act 1999 in force in 2010?"
Q_141 = "Was s. 141 of the Senior Courts Act 1981 in force on 1 August 2004?"
Q_129 = "What does s. 129 of the Senior Courts Act 1981 say?"
Q_DIVIDEND = "What is the dividend ordinary rate in s. 8(1) of the Income Tax Act 2007?"
Q_ART6_1999 = "Which text of art. 6 of the Brazilian Constitution applied on 31 December 1999?"
Q_ART6_2012 = "In 2012, was transport one of the social rights in art. 6 of the Brazilian Constitution?"
Q_VG = "What does § 20 (1) Nr. 1 of the Vereinsgesetz say?"
EXTRA_CASES = [
    # -- Greater London Authority Act 1999 Part III (CLML, point in time 2013-03-27) -----------------------------
    Case(
        "Was s. 122 of the Greater London Authority Act 1999 in force on 1 January 2005?",
        [("get_provision", {"provision": f"{GLA}/section-122", "as_of": "2005-01-01"})],
        {"status": "partly-in-force", "answer.valid_from": "2004-01-01", "answer.heading": "Form and contents.",
         "answer.in_force_in_part.0.date": "2000-07-03"},
        f"{GLAF} line 4030: 'S. 122 partly in force; s. 122 not in force at Royal Assent, see s. 425(2); s. 122 in "
        "force for specified purposes (3.7.2000) by S.I. 2000/801'; line 2629: <P1group RestrictStartDate="
        "\"2004-01-01\">; line 2630: <Title> Form and contents.</Title>",
    ),
    Case(
        Q_122_1999,
        [("get_provision", {"provision": f"{GLA}/section-122", "question": Q_122_1999})],
        {"status": "not-yet-in-force", "as_of_used": "1999-12-01", "as_of_source": "question", "answer.text": None},
        f"{GLAF} line 4030: 's. 122 not in force at Royal Assent [11.11.1999] ...; in force for specified purposes "
        "(3.7.2000)': on 1.12.1999 no part of it was in force",
    ),
    Case(
        Q_122_2001,
        [("get_provision", {"provision": f"{GLA}/section-122", "question": Q_122_2001})],
        {"status": "outside-coverage", "as_of_used": "2001-01-01", "as_of_source": "question", "answer.text": None,
         "answer.valid_from": "2004-01-01", "answer.in_force_in_part.0.date": "2000-07-03"},
        f"{GLAF} line 2629: the text starts 2004-01-01 (RestrictStartDate): in 2001 s. 122 was in force for "
        "specified purposes only (line 4030) and its words then are not in the file (declined)",
        {"as_of_said": "the question names the year 2001"},
    ),
    Case(
        "Was s. 111 of the Greater London Authority Act 1999 in force on 1 January 2010?",
        [("get_provision", {"provision": f"{GLA}/section-111", "as_of": "2010-01-01"})],
        {"status": "repealed", "answer.text": None, "answer.valid_until": "2004-04-01",
         "answer.closed_by.type": "repeal", "answer.closed_by.source": LGA_2003},
        f"{GLAF} line 4199: 'S. 111 repealed (1.4.2004) by Local Government Act 2003 (c. 26)'; line 2414: its text "
        "is '. . . .'",
    ),
    Case(
        Q_136_1,
        [("get_provision", {"provision": f"{GLA}/section-136-1", "question": Q_136_1})],
        {"status": "repealed", "as_of_used": "2010-01-01", "as_of_source": "question",
         "answer.valid_until": "2003-11-18", "answer.closed_by.source": LGA_2003},
        f"{GLAF} line 4145: 'S. 136(1) repealed (18.11.2003) by Local Government Act 2003 (c. 26)'; line 3698: "
        "'. . . .'",
    ),
    Case(
        "Which provisions of the GLA 1999 Part III did the Localism Act 2011 repeal?",
        [("get_impact", {"act": LOCALISM_2011, "page_size": 1000})],
        {"status": "resolved", "dated": False},
        f"{GLAF} line 4403: 'S. 85(9) repealed (3.12.2011) by Localism Act 2011'; 4439: s. 86(6); 4508: s. 102(2)(c); "
        "4514: 'S. 94(5) repealed (15.1.2012)'; 4517: 'S. 136(2) repealed (15.1.2012)'",
        {"answer.items": tuple(f"{GLA}/section-{path}" for path in ("85-9", "86-6", "102-2-c", "94-5", "136-2"))},
    ),
    Case(
        "Was s. 108(2) of the Greater London Authority Act 1999 in force in England on 1 January 2005?",
        [("get_provision", {"provision": f"{GLA}/section-108-2", "as_of": "2005-01-01", "extent": "E"})],
        {"status": "repealed", "answer.valid_until": "2003-11-18", "answer.closed_by.source": LGA_2003},
        f"{GLAF} line 4142: 'S. 108(2) repealed (18.11.2003 for E.) by Local Government Act 2003 (c. 26)'",
    ),
    Case(
        "Was s. 108(2) of the Greater London Authority Act 1999 in force in Wales on 1 January 2005?",
        [("get_provision", {"provision": f"{GLA}/section-108-2", "as_of": "2005-01-01", "extent": "W"})],
        {"status": "in-force"},
        f"{GLAF} line 4142: the repeal is 'for E.' only; line 2222: s. 108 extends to E+W+S; line 2236: the text is "
        "kept (<Repeal RetainText=\"true\">)",
        {"answer.text": "In subsection (1) (functions to be discharged only by authority"},
    ),
    Case(
        "Was s. 104(3)(b) of the Greater London Authority Act 1999 in force in Scotland on 1 January 2005?",
        [("get_provision", {"provision": f"{GLA}/section-104-3-b", "as_of": "2005-01-01", "extent": "S"})],
        {"status": "in-force"},
        f"{GLAF} line 3998: 'S. 104(3)(b) repealed (1.4.2002 for E.W. and otherwise prosp.)'; line 2017: s. 104 "
        "extends to E+W+S; line 2089: its text is in the 2013 point in time",
        {"answer.text": "at the end of paragraph (eb) there shall be inserted"},
    ),
    # -- Senior Courts Act 1981 Part VI (CLML, point in time 2020-08-03) -----------------------------------------
    Case(
        "Was s. 138 of the Senior Courts Act 1981 in force on 1 January 2010?",
        [("get_provision", {"provision": f"{SCA}/section-138", "as_of": "2010-01-01"})],
        {"status": "repealed", "answer.text": None, "answer.valid_until": "2004-03-15",
         "answer.closed_by.type": "repeal", "answer.closed_by.source": COURTS_2003},
        f"{SCAF} line 1427: 'S. 138 repealed (15.3.2004) by Courts Act 2003 (c. 39)'",
    ),
    Case(
        Q_141,
        [("get_provision", {"provision": f"{SCA}/section-141", "question": Q_141})],
        {"status": "repealed", "as_of_used": "2004-08-01", "as_of_source": "question",
         "answer.valid_until": "2004-07-22", "answer.closed_by.source": SLRA_2004},
        f"{SCAF} line 1451: 'S. 141 repealed (22.7.2004) by Statute Law (Repeals) Act 2004 (c. 14)'",
    ),
    Case(
        "Was s. 136(3) of the Senior Courts Act 1981 in force on 1 January 2010?",
        [("get_provision", {"provision": f"{SCA}/section-136-3", "as_of": "2010-01-01"})],
        {"status": "repealed", "answer.valid_until": "2006-04-03", "answer.closed_by.source": CRA_2005},
        f"{SCAF} line 1421: 'S. 136(3) repealed (3.4.2006) by Constitutional Reform Act 2005 (c. 4)'",
    ),
    Case(
        "Which provisions of the Senior Courts Act 1981 did the Statute Law (Repeals) Act 2004 repeal?",
        [("get_impact", {"act": SLRA_2004, "page_size": 1000})],
        {"status": "resolved", "dated": False},
        f"{SCAF} line 1451: 'S. 141 repealed (22.7.2004) by Statute Law (Repeals) Act 2004'; line 1535: s. 152(2); "
        "line 1538: s. 152(5): the three notes that name it",
        {"answer.items": (f"{SCA}/section-141", f"{SCA}/section-152-2", f"{SCA}/section-152-5")},
    ),
    Case(
        "Did s. 129 of the Senior Courts Act 1981 extend to Scotland on 3 August 2020?",
        [("get_provision", {"provision": f"{SCA}/section-129", "as_of": "2020-08-03", "extent": "S"})],
        {"status": "outside-extent", "answer.text": None},
        f"{SCAF} line 176: <P1group RestrictExtent=\"E+W\"> (s. 129)",
        {"answer.message": "the text held then extends to E+W"},
    ),
    Case(
        "Did s. 151 of the Senior Courts Act 1981 extend to Northern Ireland on 3 August 2020?",
        [("get_provision", {"provision": f"{SCA}/section-151", "as_of": "2020-08-03", "extent": "N.I."})],
        {"status": "in-force", "answer.extent": "E+W+S+N.I.",
         "answer.heading": "Interpretation of this Act, and rules of construction for other Acts and documents."},
        f"{SCAF} line 925: <P1group RestrictExtent=\"E+W+S+N.I.\" RestrictStartDate=\"2012-09-18\">; line 926: its "
        "Title",
    ),
    Case(
        Q_129,
        [("get_provision", {"provision": f"{SCA}/section-129", "question": Q_129})],
        {"status": "as-last-known", "as_of_used": "2026-12-03", "as_of_source": "default-today",
         "answer.current_to": "2020-11-30"},
        f"{SCAF} line 1: <Legislation ... RestrictEndDate=\"2020-12-01\"> (the point in time holds to 30.11.2020); "
        "line 181: 'When the Great Seal is in commission, the Lords Commissioners shall represent the Lord "
        "Chancellor'",
        {"as_of_said": TODAY_SAID, "answer.text": "When the Great Seal is in commission, the Lords Commissioners"},
    ),
    Case(
        "What did s. 131 of the Senior Courts Act 1981 say on 1 January 2008?",
        [("get_provision", {"provision": f"{SCA}/section-131", "as_of": "2008-01-01"})],
        {"status": "outside-coverage", "answer.text": None, "answer.valid_from": "2009-10-01",
         "answer.opened_by.source": CRA_2005},
        f"{SCAF} line 207: <P1group RestrictStartDate=\"2009-10-01\">; line 1385: 'Words in s. 131 and sidenote "
        "substituted (1.10.2009) by Constitutional Reform Act 2005 (c. 4)': the words before are not in the file",
    ),
    # -- Income Tax Act 2007 ss. 8 and 16 (CLML fragments) -------------------------------------------------------
    Case(
        Q_DIVIDEND,
        [("get_provision", {"provision": f"{ITA}/section-8-1", "question": Q_DIVIDEND})],
        {"status": "as-last-known", "as_of_used": "2026-12-03", "as_of_source": "default-today",
         "answer.current_to": "2026-04-06", "answer.opened_by.source": FA_2026},
        f"{S8} line 1: <Legislation ... RestrictStartDate=\"2026-04-06\">; line 44: '1 The dividend ordinary rate is "
        "10.75%.'; note 'Word in s. 8(1) substituted (for the tax year 2026-27 ...) by Finance Act 2026 (c. 11)'",
        {"as_of_said": TODAY_SAID, "answer.text": "The dividend ordinary rate is 10.75%"},
    ),
    Case(
        "Did s. 8(1) of the Income Tax Act 2007 set the dividend ordinary rate at 8.75% on 6 April 2026?",
        [("verify_citation", {"citation": f"{ITA}/section-8-1", "quoted": "The dividend ordinary rate is 8.75%",
                              "as_of": "2026-04-06"})],
        {"status": "text-differs", "answer.matches": False, "answer.versions_with_quote": [],
         "answer.in_force.opened_by.source": FA_2026},
        f"{S8} line 44: 'The dividend ordinary rate is 10.75%.', substituted by Finance Act 2026 (c. 11); the "
        "file holds no earlier words",
    ),
    Case(
        "Which act gave s. 16(1)(za) of the Income Tax Act 2007 its words, in force on 6 April 2026?",
        [("get_provision", {"provision": f"{ITA}/section-16-1-za", "as_of": "2026-04-06"})],
        {"status": "in-force", "answer.valid_from": "2016-11-30", "answer.opened_by.type": "substitution",
         "answer.opened_by.source": SCOTLAND_2016},
        f"{S16} line 44: 'S. 16(1)(za) substituted (30.11.2016 with effect in relation to tax year 2017-18 ...) by "
        "Scotland Act 2016 (c. 11)'",
        {"answer.text": "which part of a Scottish taxpayer's income consists of savings income"},
    ),
    Case(
        "What was the dividend ordinary rate in s. 8(1) of the Income Tax Act 2007 on 1 January 2026?",
        [("get_provision", {"provision": f"{ITA}/section-8-1", "as_of": "2026-01-01"})],
        {"status": "outside-coverage", "answer.text": None, "answer.valid_from": "2026-03-18"},
        f"{S8} line 44: <Part ... RestrictStartDate=\"2026-03-18\">: the fragment gives s. 8 from then only (declined)",
    ),
    # -- art. 6 of the Brazilian Constitution (the SAT-Graph dataset) --------------------------------------------
    Case(
        "Which version of art. 6 of the Brazilian Constitution was valid on 20 May 2001 (SAT-Graph)?",
        [("getValidVersions", {"itemId": ART6_URN, "as_of": "2001-05-20"})],
        {"answer.0.id": "urn:lex:br:federal:constituicao:1988-10-05;1988@2000-02-14!art6_cpt"},
        f"{SAT} line 327: sampleQuery getValidVersions(..., '2001-05-20'), its expectedResult the version of line 88",
    ),
    Case(
        Q_ART6_1999,
        [("getValidVersions", {"itemId": ART6_URN, "question": Q_ART6_1999})],
        {"as_of_used": "1999-12-31", "as_of_source": "question",
         "answer.0.id": "urn:lex:br:federal:constituicao:1988-10-05;1988@1988-10-05!art6_cpt"},
        f"{SAT} line 334: sampleQuery getValidVersions(..., '1999-12-31'), its expectedResult the version of line 72",
    ),
    Case(
        "Which acts amended art. 6 of the Brazilian Constitution, in order (SAT-Graph)?",
        [("getItemHistory", {"itemId": ART6_URN})],
        {"dated": False, "answer.0.id": "urn:lex:br:federal:emenda.constitucional:2000-02-14;26#amendment-art6",
         "answer.1.id": "urn:lex:br:federal:emenda.constitucional:2010-02-04;64#amendment-art6",
         "answer.2.id": "urn:lex:br:federal:emenda.constitucional:2015-09-15;90#amendment-art6"},
        f"{SAT} line 348: sampleQuery getItemHistory, expectedResult the three Amendment actions in order",
    ),
    Case(
        "Through which amendments did art. 6 of the Brazilian Constitution get its words of 2020?",
        [("get_lineage", {"provision": ART6, "as_of": "2020-01-01"})],
        {"status": "in-force", "page.total": 4, "answer.items.0.valid_from": "1988-10-05",
         "answer.items.1.source_act": EC_26, "answer.items.2.source_act": EC_64, "answer.items.3.source_act": EC_90,
         "answer.items.3.valid_from": "2015-09-15"},
        f"{SAT} lines 72-134: four versions of art6_cpt, from 1988-10-05, 2000-02-14 (EC 26/2000, line 95), "
        "2010-02-04 (EC 64/2010, line 114) and 2015-09-15 (EC 90/2015, line 134)",
    ),
    Case(
        Q_ART6_2012,
        [("resolve_reference", {"ref": ART6_URN}),
         ("get_provision", {"provision": "$answer.provision", "question": Q_ART6_2012, "language": "en"})],
        {"status": "in-force", "as_of_used": "2012-01-01", "as_of_source": "question",
         "answer.valid_from": "2010-02-04", "answer.valid_until": "2015-09-15", "answer.opened_by.source": EC_64},
        f"{SAT} line 110: validityInterval [2010-02-04, 2015-09-15), line 114: produced by EC 64/2010; line 208: "
        "'education, health, food, work, housing, leisure, ...' (no transportation: EC 90/2015, line 232)",
        {"answer.text": "education, health, food, work, housing, leisure"},
    ),
    Case(
        "Did art. 6 of the Brazilian Constitution name transportation on 1 January 2012?",
        [("verify_citation", {"citation": ART6_URN, "quoted": "transportation", "as_of": "2012-01-01",
                              "language": "en"})],
        {"status": "text-differs", "answer.matches": False, "answer.versions_with_quote.0.valid_from": "2015-09-15",
         "answer.versions_with_quote.0.opened_by.source": EC_90},
        f"{SAT} line 208: the 2010 text has no 'transportation'; line 232: the text from 2015-09-15 (line 130) has "
        "it, produced by EC 90/2015 (line 134)",
    ),
    Case(
        "Was art. 6 of the Brazilian Constitution in force on 1 January 1980?",
        [("get_provision", {"provision": ART6, "as_of": "1980-01-01"})],
        {"status": "not-yet-in-force", "answer.text": None, "answer.valid_from": "1988-10-05"},
        f"{SAT} line 75: the first version's validityInterval starts 1988-10-05T00:00:00Z",
    ),
    # -- Codice dell'amministrazione digitale (Normattiva) and the Vereinsgesetz ----------------------------------
    Case(
        "Which acts gave art. 1 of the CAD its words as of 30 January 2025?",
        [("get_lineage", {"provision": f"{CAD}/art_1", "as_of": "2025-01-30"})],
        {"status": "in-force", "page.total": 1, "answer.items.0.type": "started-without-recorded-act",
         "answer.items.0.source_act": None, "answer.items.0.valid_from": "2025-01-30"},
        f"{N} lines 723-725: pmod_3, the insertion of ins_4 into art. 1 (line 3246), has <source href=\"#\"/> (no act, "
        "no date), as have all 302 passive textualMods; line 28: the expression's date 2025-01-30",
    ),
    Case(
        "What did art. 33 of the CAD say on 1 January 2010?",
        [("get_provision", {"provision": f"{CAD}/art_33", "as_of": "2010-01-01"})],
        {"status": "outside-coverage", "answer.text": None},
        f"{N} line 5671: '((ARTICOLO ABROGATO DAL D.LGS. 13 DICEMBRE 2017, N. 217))': its words before the repeal "
        "are not in the file (declined)",
    ),
    Case(
        Q_VG,
        [("get_provision", {"provision": NR1, "question": Q_VG})],
        {"status": "as-last-known", "as_of_used": "2026-12-03", "as_of_source": "default-today",
         "answer.current_to": "2017-03-16"},
        "vereinsg@2017-03-16.xml: the latest consolidation (2017-03-16); vereinsg@1964-08-05.xml line 127: in force "
        "1964-09-21",
        {"as_of_said": TODAY_SAID, "citation": "as last known (sources current to 16 March 2017)"},
    ),
]  # fmt: skip
