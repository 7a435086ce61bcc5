"""The gold set beyond the DPA: the Vereinsgesetz (LegalDocML.de), the Codice dell'amministrazione digitale
(Normattiva), and CLML (Income Tax Act 2007 s. 12A, Greater London Authority Act 1999 Part III, VAT Act 1994 s. 24).

Each expected value is read from the file named in `source`, with its line. "Today" is 3 December 2026.
"""

from __future__ import annotations

from gold import Case

B = "https://lexrdf.example.org"
VEREINSG = f"{B}/eli/de/act/1964-08-05/s593"
NR1 = f"{VEREINSG}/art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n1"
NR2 = f"{VEREINSG}/art-z20/abs-z1/inhalt-n1/liste-n1/listenelem-n2"
CAD = f"{B}/eli/it/act/2005-03-07/82"
DLGS_179_2016 = f"{B}/eli/ref/akn/it/act/decreto_legislativo/stato/2016-08-26/179"
DLGS_217_2017 = f"{B}/eli/ref/akn/it/act/decreto_legislativo/stato/2017-12-13/217"
ITA = f"{B}/eli/gb-ukm/act/2007-03-20/3"
FA_2016 = f"{B}/eli/ref/www.legislation.gov.uk/id/ukpga/2016/24"
GLA = f"{B}/eli/gb-ukm/act/1999-11-11/29"
SI_2000_801 = f"{B}/eli/ref/www.legislation.gov.uk/id/uksi/2000/801"
VATA = f"{B}/eli/gb-ukm/act/1994-07-05/23"
VG = "vereinsg@1964-08-05.xml"
N = "20050516_005G0104_VIGENZA_20250130.xml"
S12A = "ukpga-2007-3-section-12A.xml"
GLAF = "ukpga-1999-29-part-III-2013-03-27.xml"
VAT = "ukpga-1994-23-section-24.xml"

Q_VG_2020 = "What did § 20 (1) Nr. 2 of the Vereinsgesetz say in 2020?"
Q_CAD_S = "What did art. 1(1)(s) of the CAD say on 1 January 2020?"
Q_GLA = "Was s. 119 of the Greater London Authority Act 1999 in force on 10 November 1999?"
MORE_CASES = [
    # -- Vereinsgesetz (LegalDocML.de) ---------------------------------------------------------------------------
    Case(
        "Was § 20 (1) Nr. 1 of the Vereinsgesetz in force on 20 September 1964?",
        [("get_provision", {"provision": NR1, "as_of": "1964-09-20"})],
        {"status": "not-yet-in-force", "answer.valid_from": "1964-09-21", "answer.text": None},
        f"{VG} line 127: lifecycle eventRef ereignis-n2 (inkrafttreten) on 1964-09-21",
    ),
    Case(
        "What did § 20 (1) Nr. 1 of the Vereinsgesetz say on 1 January 2000?",
        [("get_provision", {"provision": NR1, "as_of": "2000-01-01"})],
        {"status": "in-force", "answer.valid_from": "1964-09-21", "answer.opened_by.type": "enactment",
         "answer.opened_by.date": "1964-08-05", "answer.number": "1."},
        f"{VG} line 121: eventRef ereignis-n1 on 1964-08-05 (ausfertigung); line 127: in force 1964-09-21",
        {"answer.text": "entgegen einem vollziehbaren Verbot den Verein fortführt",
         "citation": "Vereinsgesetz, § 20, paragraph (1), item 1., as in force on 1 January 2000"},
    ),
    Case(
        Q_VG_2020,
        [("get_provision", {"provision": NR2, "question": Q_VG_2020})],
        {"status": "as-last-known", "as_of_used": "2020-01-01", "as_of_source": "question",
         "answer.current_to": "2017-03-16"},
        f"{VG} line 267: 'entgegen § 9 Abs. 1 Satz 2, Abs. 2 Kennzeichen eines verbotenen Vereins ...'; the "
        "consolidation vereinsg@2017-03-16.xml is the latest expression (2017-03-16)",
        {"answer.text": "entgegen § 9 Abs. 1 Satz 2, Abs. 2 Kennzeichen eines verbotenen Vereins",
         "citation": "as last known (sources current to 16 March 2017), asked for 1 January 2020"},
    ),
    Case(
        "Which act is eli/bund/bgbl-1/1964/s593?",
        [("resolve_reference", {"ref": "eli/bund/bgbl-1/1964/s593"})],
        {"status": "resolved", "answer.provision": VEREINSG, "answer.kind": "act", "dated": False},
        f"{VG}: FRBRWork eli/bund/bgbl-1/1964/s593",
    ),
    Case(
        "How many versions has § 20 of the Vereinsgesetz had?",
        [("get_versions", {"provision": f"{VEREINSG}/art-z20"})],
        {"page.total": 1, "answer.0.valid_from": "1964-09-21", "answer.0.number": "§ 20", "dated": False},
        "the 2017 consolidation changes only line breaks in § 20 (1) Nr. 1: no new version",
    ),
    Case(
        "What was the first unit of the Vereinsgesetz's table of contents on 1 January 2000?",
        [("get_toc", {"act": VEREINSG, "as_of": "2000-01-01", "page_size": 1})],
        {"answer.0.unit": f"{VEREINSG}/art-z20", "answer.0.status": "in-force", "answer.0.number": "§ 20",
         "page.total": 7, "page.next": 2},
        f"{VG}: the act's body holds § 20 and its six units (eight versions with the act itself)",
    ),
    Case(
        "From when does lexrdf hold the Vereinsgesetz?",
        [("coverage", {})],
        {"answer.0.act": VEREINSG, "answer.0.covered_from": "1964-09-21", "answer.0.current_to": "2017-03-16",
         "answer.0.short_title": "Vereinsgesetz"},
        f"{VG} line 127: in force 1964-09-21; vereinsg@2017-03-16.xml: the consolidation's date",
    ),
    # -- Codice dell'amministrazione digitale (Normattiva) -------------------------------------------------------
    Case(
        "Was art. 1(1)(q) of the CAD in force on 30 January 2025?",
        [("get_provision", {"provision": f"{CAD}/art_1/para_1./point_q", "as_of": "2025-01-30"})],
        {"status": "repealed", "answer.text": None, "answer.closed_by.type": "repeal",
         "answer.closed_by.date": "2016-09-13", "answer.closed_by.source": DLGS_179_2016},
        f"{N} line 3222: 'LETTERA SOPPRESSA DAL D.LGS. 26 AGOSTO 2016, N. 179'; line 2884: passiveRef rp32; "
        "line 88: <eventRef date=\"2016-09-13\" source=\"rp32\"/>",
    ),
    Case(
        "What did art. 1(1)(q) of the CAD say on 1 January 2010?",
        [("get_provision", {"provision": f"{CAD}/art_1/para_1./point_q", "as_of": "2010-01-01"})],
        {"status": "outside-coverage", "answer.text": None},
        f"{N} line 3222: the file holds only the placeholder; what the letter said before is not in it (declined)",
    ),
    Case(
        "Was art. 33 of the CAD in force on 30 January 2025?",
        [("get_provision", {"provision": f"{CAD}/art_33", "as_of": "2025-01-30"})],
        {"status": "repealed", "answer.closed_by.date": "2018-01-12", "answer.closed_by.source": DLGS_217_2017},
        f"{N} line 5671: '((ARTICOLO ABROGATO DAL D.LGS. 13 DICEMBRE 2017, N. 217))'; line 90: eventRef "
        "2018-01-12 of rp34",
    ),
    Case(
        Q_CAD_S,
        [("get_provision", {"provision": f"{CAD}/art_1/para_1./point_s", "question": Q_CAD_S})],
        {"status": "outside-coverage", "as_of_used": "2020-01-01", "answer.valid_from": "2025-01-30",
         "answer.opened_by.type": "started-without-recorded-act"},
        f"{N} line 3246: point s) holds words inserted by pmod_3/pmod_4 with <source href=\"#\"/> (no act, no "
        "date): shown from the expression's date 2025-01-30 (line 28) only",
    ),
    Case(
        "What does art. 1(1)(s) of the CAD say on 30 January 2025?",
        [("get_provision", {"provision": f"{CAD}/art_1/para_1./point_s", "as_of": "2025-01-30"})],
        {"status": "in-force", "answer.number": "s)", "answer.language": "it"},
        f"{N} line 3246: '<p>firma digitale: un particolare tipo di firma qualificata ...'",
        {"answer.text": "di firma elettronica",
         "citation": "Codice dell'amministrazione digitale., Art. 1., paragraph 1., point s), as in force on "
         "30 January 2025"},
    ),
    Case(
        "Which provisions of the CAD did D.Lgs. 179/2016 change?",
        [("get_impact", {"act": DLGS_179_2016, "page_size": 1000})],
        {"status": "resolved", "dated": False},
        f"{N} line 3222: art. 1(1)(q) 'LETTERA SOPPRESSA DAL D.LGS. 26 AGOSTO 2016, N. 179'",
        {"answer.items": f"{CAD}/art_1/para_1./point_q"},
    ),
    Case(
        "Is it right that art. 1(1)(s) of the CAD said 'di firma elettronica' on 30 January 2025?",
        [("verify_citation", {"citation": f"{CAD}/art_1/para_1./point_s", "quoted": "di firma elettronica",
                              "as_of": "2025-01-30"})],
        {"status": "verified", "answer.matches": True},
        f"{N} line 3246: <ins eId=\"ins_4\">((di firma elettronica))</ins>",
    ),
    # -- Income Tax Act 2007 s. 12A (CLML) ----------------------------------------------------------------------
    Case(
        "What is s. 12A of the Income Tax Act 2007 about, on 6 April 2026?",
        [("get_provision", {"provision": f"{ITA}/section-12A", "as_of": "2026-04-06"})],
        {"status": "in-force", "answer.number": "12A", "answer.valid_from": "2019-02-12",
         "answer.heading": "Savings income charged at the savings nil rate", "answer.opened_by.source": FA_2016},
        f"{S12A} line 44: <P1group RestrictStartDate=\"2019-02-12\"><Title><Addition>Savings income charged at "
        "the savings nil rate</Addition>; note 'Ss. 12A, 12B inserted ... by Finance Act 2016 (c. 24)'",
    ),
    Case(
        "What did s. 12A(1) of the Income Tax Act 2007 say on 1 June 2018?",
        [("get_provision", {"provision": f"{ITA}/section-12A-1", "as_of": "2018-06-01"})],
        {"status": "outside-coverage", "answer.text": None, "answer.valid_from": "2019-02-12"},
        f"{S12A} line 44: the fragment's text starts 2019-02-12 (RestrictStartDate): before, declined",
    ),
    Case(
        "Which act gave s. 12A(3) of the Income Tax Act 2007 its words, and from when?",
        [("get_versions", {"provision": f"{ITA}/section-12A-3"})],
        {"page.total": 1, "answer.0.valid_from": "2016-11-30", "answer.0.opened_by.type": "insertion",
         "answer.0.opened_by.source": FA_2016},
        f"{S12A} line 44: 'Words in s. 12A(3) inserted (30.11.2016 with effect in relation to tax year 2017-18 "
        "and subsequent tax years) by Finance Act 2016 (c. 24), s. 6(11)(a)(24)'",
    ),
    Case(
        "Did s. 12A(3) of the Income Tax Act 2007 mention the default basic rate on 1 January 2020?",
        [("verify_citation", {"citation": f"{ITA}/section-12A-3", "as_of": "2020-01-01",
                              "quoted": "or the default basic, default higher or default additional rate"})],
        {"status": "verified", "answer.matches": True},
        f"{S12A} line 44: s. 12A(3) '... (rather than the basic, higher or additional rate or the default basic, "
        "default higher or default additional rate)'",
    ),
    # -- Greater London Authority Act 1999 Part III (CLML) ------------------------------------------------------
    Case(
        Q_GLA,
        [("get_provision", {"provision": f"{GLA}/section-119", "question": Q_GLA})],
        {"status": "not-yet-in-force", "as_of_used": "1999-11-10", "answer.valid_from": "2000-07-03"},
        f"{GLAF} line 4027: 'S.119 wholly in force at 3.7.2000: s.119 in force at Royal Assent (11.11.1999) for "
        "certain purposes'",
    ),
    Case(
        "What was s. 119 of the Greater London Authority Act 1999 called on 3 July 2000, and what started it?",
        [("get_provision", {"provision": f"{GLA}/section-119", "as_of": "2000-07-03"})],
        {"status": "in-force", "answer.heading": "Power to redistribute capital receipts of functional bodies.",
         "answer.opened_by.type": "commencement", "answer.opened_by.source": SI_2000_801},
        f"{GLAF} line 2489: <Title> Power to redistribute capital receipts of functional bodies.</Title>; line "
        "4027: wholly in force at 3.7.2000 by S.I. 2000/801",
    ),
    Case(
        "Did s. 119 of the Greater London Authority Act 1999 extend to Northern Ireland in 2005?",
        [("get_provision", {"provision": f"{GLA}/section-119", "as_of": "2005-01-01", "extent": "N.I."})],
        {"status": "outside-extent", "answer.text": None},
        f"{GLAF}: the Part's RestrictExtent is E+W+S",
        {"answer.message": "the text held then extends to E+W+S"},
    ),
    # -- Value Added Tax Act 1994 s. 24 (CLML) ------------------------------------------------------------------
    Case(
        "What did s. 24 of the VAT Act 1994 say on 1 January 2020?",
        [("get_provision", {"provision": f"{VATA}/section-24", "as_of": "2020-01-01"})],
        {
            "status": "outside-coverage",
            "answer.valid_from": "2020-12-31",
            "answer.opened_by.type": "started-without-recorded-act",
        },
        f"{VAT} line 40: 'S. 24(1)(b) omitted (31.12.2020) by virtue of Taxation (Cross-border Trade) Act 2018 "
        "(c. 22)': the file gives the text from then only; the note changes (1)(b), not s. 24's own words, so no act "
        "is named for s. 24's window (a container dated only by a change inside it)",
    ),
    Case(
        "Which act last gave s. 24(1) of the VAT Act 1994 its words?",
        [("get_versions", {"provision": f"{VATA}/section-24-1"})],
        {"answer.0.valid_from": "2020-12-31", "answer.0.opened_by.type": "started-without-recorded-act",
         "dated": False},
        f"{VAT} line 40: S. 24(1)(b) omitted (31.12.2020) by virtue of the Taxation (Cross-border Trade) Act 2018: a "
        "change of (1)(b), not of s. 24(1)'s own words; the file names no act for those",
        {"answer.0.text": "“input tax”, in relation to a taxable person, means the following tax"},
    ),
]  # fmt: skip
