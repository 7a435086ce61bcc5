"""Legal truth on three old or odd acts as legislation.gov.uk publishes them in revised CLML: the Sale of Offices Act
1809 (repealed as a whole in 2013), Commission Implementing Regulation (EU) 2016/2243 (a retained EU regulation) and
"A Statute forbidding Bearing of Armour" of 1313 (an Act of the Parliament of England dated by its year only).

Every expected value was read from ../shared/data/clml/more/ukpga-Geo3-49-126-revised-data.xml,
eur-2016-2243-revised-data.xml and aep-Edw2-7-0-revised-data.xml by hand; the element, attribute or note and its
line are quoted beside each check. The 1809 and 1313 files put the whole Body and all the Commentaries on line 40
(metadata: dct:valid on line 2 or 3, hasVersion links on line 21-22, ukm:PrimaryMetadata on line 24-25).

The reading the expectations follow (besides tests/test_clml.py's):

- a P1 whose P1group has ``Status="Repealed"`` and whose only words are ". . . ." is what the site shows of a
  repealed section: no text of it is held (``versions() == []``), it is "repealed" from the date of the F note that
  repealed it, and before the revised document's window (RestrictStartDate) it is "outside-coverage";
- an F note whose CitationSubRef names the act's own IdURI (``SectionRef="introduction"``, ``URI=".../id/ukpga/Geo3/
  49/126"``) and says "Act repealed (31.1.2013)" ends the act as a whole on that day;
- an EU regulation's RestrictStartDate is the date legislation.gov.uk gives its text (the day it was adopted); the
  regulation's own words and the EUR-Lex metadata in the file (ukm:EURLexMetadata) say when it entered into force and
  from when it applied: those dates, not the adoption, open its text in force;
- a work dated by its year alone (ukm:Year, no ukm:EnactmentDate) is still a work: it is recorded at the precision
  the source gives, never refused and never given a made-up day.
"""

from __future__ import annotations

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from lxml import etree
from templates import ingested_copy

MORE = SHARED_DATA / "clml" / "more"
SOA_FILE = MORE / "ukpga-Geo3-49-126-revised-data.xml"  # Sale of Offices Act 1809 (repealed)
EUR_FILE = MORE / "eur-2016-2243-revised-data.xml"  # Commission Implementing Regulation (EU) 2016/2243
AEP_FILE = MORE / "aep-Edw2-7-0-revised-data.xml"  # A Statute forbidding Bearing of Armour (1313)

SOA = f"{BASE}/eli/gb-ukm/act/1809-06-20/126"  # UnitedKingdomPublicGeneralAct, ukm:EnactmentDate 1809-06-20 (line 24)
EUR = f"{BASE}/eli/eu/reg/2016-12-13/2243"  # EuropeanUnionRegulation (line 26), ukm:EnactmentDate 2016-12-13 (line 33)

REF = f"{BASE}/eli/ref/www.legislation.gov.uk/id"
SLRA_2013 = f"{REF}/ukpga/2013/2"  # Statute Law (Repeals) Act 2013 (c. 2)

NS = {
    "l": "http://www.legislation.gov.uk/namespaces/legislation",
    "ukm": "http://www.legislation.gov.uk/namespaces/metadata",
    "dc": "http://purl.org/dc/elements/1.1/",
    "dct": "http://purl.org/dc/terms/",
}

# line 40: the 14 P1s of the Body, in order, each <P1 id="..."> inside <P1group Status="Repealed" Match="false"
# RestrictStartDate="2013-01-31">; ss. 7 and 8 are one P1 (<P1 id="section-78."><Pnumber PuncAfter=", 8.">7</Pnumber>)
SOA_SECTIONS = [
    "section-1.",
    "section-2",
    "section-3",
    "section-4",
    "section-5",
    "section-6",
    "section-78.",
    "section-9",
    "section-10",
    "section-11",
    "section-12",
    "section-13",
    "section-14",
    "section-15",
]


@pytest.fixture(scope="module")
def soa(tmp_path_factory: pytest.TempPathFactory):
    needs_shared(SOA_FILE)
    store, _summary = ingested_copy([SOA_FILE], tmp_path_factory, "soa")
    lex = open_lex(store)
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def eur(tmp_path_factory: pytest.TempPathFactory):
    needs_shared(EUR_FILE)
    store, _summary = ingested_copy([EUR_FILE], tmp_path_factory, "eur")
    lex = open_lex(store)
    yield lex
    lex.close()


# -- Sale of Offices Act 1809 (ukpga-Geo3-49-126-revised-data.xml): 14 units, every one tested ----------------------


def test_soa_the_body_holds_fourteen_sections_all_repealed_placeholders():
    # line 40: <Body ... NumberOfProvisions="14" RestrictStartDate="2013-01-31">; each P1group Status="Repealed"
    needs_shared(SOA_FILE)
    root = etree.parse(str(SOA_FILE)).getroot()
    body = root.find("l:Primary/l:Body", NS)
    assert [p.get("id") for p in body.iter(f"{{{NS['l']}}}P1")] == SOA_SECTIONS
    groups = body.findall("l:P1group", NS)
    assert {(g.get("Status"), g.get("RestrictStartDate")) for g in groups} == {("Repealed", "2013-01-31")}


@pytest.mark.parametrize("eid", SOA_SECTIONS)
def test_soa_each_section_is_repealed_by_the_statute_law_repeals_act_2013(soa, eid):
    # line 40: <P1group Status="Repealed" ... RestrictStartDate="2013-01-31"> around <P1 id="{eid}">, whose P1para is
    # ". . . . . . . ." (or an empty <Text/> for ss. 7-8, 12 and 15): no words of it are held. Its Pnumber carries
    # <CommentaryRef Ref="key-e4a86527436e8a939be9d94aa5ca7ee0"/>; that Commentary Type="F" (line 40): "Act repealed
    # (31.1.2013) by <Citation URI="http://www.legislation.gov.uk/id/ukpga/2013/2" ...>Statute Law (Repeals) Act 2013
    # (c. 2)</Citation>, s. 3(2), Sch. 1 Pt. 2 Group 7".
    provision = f"{SOA}/{eid}"
    assert soa.versions(provision) == []
    for day in ("2013-01-31", "2020-01-01"):
        answer = soa.text_at(provision, day)
        assert (answer.status, answer.text, answer.version) == ("repealed", None, None)
        assert (answer.closed_by.type, answer.closed_by.date, answer.closed_by.source) == (
            "repeal",
            "2013-01-31",
            SLRA_2013,
        )
        assert answer.valid_until == "2013-01-31"
        assert answer.opened_by is None  # nothing in the file says when its words began
    # before the document's window (RestrictStartDate="2013-01-31") the file holds nothing of it; the hasVersion
    # links (line 21: enacted, 1991-02-01, 1991-02-02, 1992-01-01) say earlier versions exist elsewhere
    for day in ("1900-01-01", "2013-01-30"):
        assert soa.text_at(provision, day).status == "outside-coverage"


def test_soa_the_answers_are_current_to_the_documents_point_in_time(soa):
    # line 2: <dct:valid>2013-01-31</dct:valid>; the root carries RestrictStartDate="2013-01-31" and no RestrictEndDate
    assert soa.text_at(f"{SOA}/section-3", "2020-01-01").current_to == "2013-01-31"


def test_soa_the_repealing_act_repealed_all_fourteen_sections_on_31_1_2013(soa):
    # the one F note (line 40) is pointed at from every section's Pnumber and Title: all 14 ended on 31.1.2013; it
    # says "Act repealed (31.1.2013)", citing the act's own IdURI, so the act as a whole is repealed with them
    impact = soa.impact(SLRA_2013)
    assert {(i.provision, i.type, i.date) for i in impact.items} == {
        (f"{SOA}/{eid}", "repeal", "2013-01-31") for eid in SOA_SECTIONS
    } | {(SOA, "repeal", "2013-01-31")}


def test_soa_the_repeal_cites_the_operative_schedule_of_the_2013_act(soa):
    # line 40: <CitationSubRef id="cvovwe851-00006" CitationRef="cvovwe851-00004" SectionRef="schedule-1-part-2"
    # URI="http://www.legislation.gov.uk/id/ukpga/2013/2/schedule/1/part/2" Operative="true">Sch. 1 Pt. 2</...>
    event = soa.text_at(f"{SOA}/section-9", "2020-01-01").closed_by.event
    rows = soa.store.sparql(
        f"PREFIX lex: <https://w3id.org/lexrdf/ontology#> SELECT ?p WHERE {{ <{event}> lex:sourceProvision ?p }}"
    )
    # the note also cites s. 3(2) ("<CitationSubRef ... SectionRef="section-3-2" ...>s. 3(2)</CitationSubRef>", which
    # gives the Schedule effect): the one marked Operative made the change, and is the one recorded
    assert {r["p"].value for r in rows} == {"http://www.legislation.gov.uk/id/ukpga/2013/2/schedule/1/part/2"}


def test_soa_the_ids_with_a_full_stop_resolve_as_written(soa):
    # line 40: <P1 DocumentURI="http://www.legislation.gov.uk/ukpga/Geo3/49/126/section/1." IdURI="http://www.
    # legislation.gov.uk/id/ukpga/Geo3/49/126/section/1." id="section-1.">, and the same for "section/78." (ss. 7, 8)
    for ref, eid in [
        ("http://www.legislation.gov.uk/id/ukpga/Geo3/49/126/section/1.", "section-1."),
        ("http://www.legislation.gov.uk/ukpga/Geo3/49/126/section/78.", "section-78."),
        ("http://www.legislation.gov.uk/id/ukpga/Geo3/49/126/section/14", "section-14"),
    ]:
        answer = soa.resolve(ref)
        assert (answer.status, answer.provision) == ("resolved", f"{SOA}/{eid}")


def test_soa_the_act_as_a_whole_is_repealed_on_31_1_2013(soa):
    # line 40, the Commentary Type="F": "<CitationSubRef SectionRef="introduction" URI="http://www.legislation.gov.uk/
    # id/ukpga/Geo3/49/126">Act</CitationSubRef> repealed (31.1.2013) by ... Statute Law (Repeals) Act 2013 (c. 2)";
    # line 2: <dc:title>Sale of Offices Act 1809 (repealed)</dc:title>
    for day in ("2013-01-31", "2020-01-01"):
        answer = soa.text_at(SOA, day)
        assert answer.status == "repealed"
        assert (answer.closed_by.type, answer.closed_by.date, answer.closed_by.source) == (
            "repeal",
            "2013-01-31",
            SLRA_2013,
        )
    assert soa.versions(SOA)[-1].valid_until == "2013-01-31"


def test_soa_the_act_is_not_in_force_before_it_was_enacted(soa):
    # line 24: <ukm:EnactmentDate Date="1809-06-20"/>
    answer = soa.text_at(SOA, "1809-06-19")
    assert (answer.status, answer.valid_from, answer.opened_by.type) == ("not-yet-in-force", "1809-06-20", "enactment")


def test_soa_a_section_is_not_yet_in_force_before_the_act_was_enacted(soa):
    # line 24: <ukm:EnactmentDate Date="1809-06-20"/>: before that day the act (and so each of its sections) did not
    # exist; the act itself is answered "not-yet-in-force" then (test above)
    assert soa.text_at(f"{SOA}/section-6", "1800-01-01").status == "not-yet-in-force"


def test_soa_a_repealed_section_keeps_its_number_and_heading_in_the_table_of_contents(soa):
    # line 40: <P1group Status="Repealed" ...><Title><CommentaryRef .../> When right of appointment forfeited, to go to
    # his Majesty.</Title><P1 ... id="section-2"><Pnumber><CommentaryRef .../>2</Pnumber>
    rows = {row["path"]: row for row in soa.toc(SOA, "2013-01-31")}
    assert (rows["section-2"]["number"], rows["section-2"]["heading"]) == (
        "2",
        "When right of appointment forfeited, to go to his Majesty.",
    )


# -- Commission Implementing Regulation (EU) 2016/2243 (eur-2016-2243-revised-data.xml): 3 units, every one tested --


def test_eur_the_regulation_has_two_articles_and_an_annex(eur):
    # line 1186: <P1 ... id="article-1">, <Pnumber>Article 1</Pnumber> (line 1187) in the P1group whose Title is
    # "Amendment to Regulation (EC) No 341/2007" (line 1185); line 1195-1196: article-2, "Article 2", Title "Entry into
    # force and application" (line 1194); line 1233-1234: <Schedule id="annex"><Number>ANNEX</Number>, no Title.
    # (The recitals, line 1149-1178, and the SignedSection, line 1205, carry no id: they are no provisions.)
    rows = [(r["path"], r["unit_type"], r["number"], r["heading"]) for r in eur.toc(EUR, "2016-12-13")]
    assert rows == [
        ("article-1", "article", "Article 1", "Amendment to Regulation (EC) No 341/2007"),  # its id names it
        ("article-2", "article", "Article 2", "Entry into force and application"),
        ("annex", "schedule", "ANNEX", None),
    ]


def test_eur_article_1_replaces_annex_i_of_regulation_341_2007(eur):
    # line 1189: <Text>Annex I to Regulation (EC) No 341/2007 is replaced by the text in the Annex to this
    # Regulation.</Text>; no Commentaries in the file: no change to it is recorded. line 2: <dct:valid>2016-12-13
    # </dct:valid>: the document vouches for nothing later, so a later date is answered "as last known".
    answer = eur.text_at(f"{EUR}/article-1", "2018-01-01")
    assert (answer.status, answer.text) == (
        "as-last-known",
        "Annex I to Regulation (EC) No 341/2007 is replaced by the text in the Annex to this Regulation.",
    )
    assert (answer.number, answer.heading, answer.current_to) == (
        "Article 1",
        "Amendment to Regulation (EC) No 341/2007",
        "2016-12-13",
    )
    # line 762-771: RESOURCE_LEGAL_DATE_ENTRY-INTO-FORCE 2016-12-17 of TYPE_OF_DATE {EV|...} ("see Article 2": "This
    # Regulation shall enter into force on the third day following ...", line 1198): the text opens in force by the
    # regulation's own commencement on that day, not by its adoption of 2016-12-13
    assert (answer.opened_by.type, answer.opened_by.date, answer.opened_by.source, answer.valid_until) == (
        "commencement",
        "2016-12-17",
        EUR,
        None,
    )


def test_eur_article_2_says_when_the_regulation_enters_into_force_and_applies(eur):
    # line 1198: "This Regulation shall enter into force on the third day following that of its publication in the
    # <Emphasis>Official Journal of the European Union</Emphasis>."; line 1201: "It shall apply from 1 January 2017."
    answer = eur.text_at(f"{EUR}/article-2", "2018-01-01")
    assert answer.text == (
        "This Regulation shall enter into force on the third day following that of its publication in the Official "
        "Journal of the European Union. It shall apply from 1 January 2017."
    )


def test_eur_the_annex_is_the_new_garlic_quota_table(eur):
    # line 1239-1241: <Number>ANNEX I</Number><Title><Strong>Tariff quotas opened pursuant to Decisions 2001/404/EC,
    # 2006/398/EC, 2014/116/EU and (EU) 2016/243 for imports of garlic falling within CN code 0703 20 00</Strong>;
    # line 1256-1258: <Strong>China</Strong> ... <Strong>48 225</Strong> (the quota raised by 2 150 tonnes, recital 2)
    answer = eur.text_at(f"{EUR}/annex", "2018-01-01")
    assert answer.text.startswith(
        "Tariff quotas opened pursuant to Decisions 2001/404/EC, 2006/398/EC, 2014/116/EU and (EU) 2016/243 for "
        "imports of garlic falling within CN code 0703 20 00"
    )
    assert "China 48 225" in answer.text
    assert answer.text.endswith("Total 13 721 15 177 25 808 18 689 73 395")


@pytest.mark.parametrize("eid", ["article-1", "article-2", "annex"])
def test_eur_nothing_of_it_is_in_force_before_it_was_adopted(eur, eid):
    # line 33: <ukm:EnactmentDate Date="2016-12-13"/> (the day it was adopted: "Done at Brussels, 13 December 2016",
    # line 1211); line 2: <dct:valid>2016-12-13</dct:valid>
    answer = eur.text_at(f"{EUR}/{eid}", "2016-12-12")
    assert (answer.status, answer.text) == ("not-yet-in-force", None)


@pytest.mark.parametrize("eid", ["article-1", "article-2", "annex"])
def test_eur_no_end_is_recorded_for_the_uk(eur, eid):
    # no RestrictEndDate anywhere in the file; the EUR-Lex metadata's RESOURCE_LEGAL_DATE_END-OF-VALIDITY 2020-12-31
    # (line 719-727, "{AI/PAR ...} 32020R0760") is the EU's date, not a change legislation.gov.uk recorded for the UK
    answer = eur.text_at(f"{EUR}/{eid}", "2021-06-01")
    assert (answer.status, answer.valid_until, answer.closed_by) == ("as-last-known", None, None)


@pytest.mark.parametrize("eid", ["article-1", "article-2", "annex"])
def test_eur_it_entered_into_force_on_17_12_2016(eur, eid):
    # line 762-771: <RESOURCE_LEGAL_DATE_ENTRY-INTO-FORCE type="date"><VALUE>2016-12-17</VALUE> ...
    # <COMMENT_ON_DATE>{DATPUB|...} +3 {V|...} {ART|...} 2</COMMENT_ON_DATE><TYPE_OF_DATE>{EV|...}</TYPE_OF_DATE>:
    # publication (OJ L 339, line 31: JOL_2016_339_R_0001) + 3 days, "see Article 2"
    before = eur.text_at(f"{EUR}/{eid}", "2016-12-15")
    assert (before.status, before.valid_from) == ("not-yet-in-force", "2016-12-17")
    assert [v.valid_from for v in eur.versions(f"{EUR}/{eid}")] == ["2016-12-17"]


def test_eur_it_applies_from_1_1_2017(eur):
    # line 676-685: <RESOURCE_LEGAL_DATE_ENTRY-INTO-FORCE type="date"><VALUE>2017-01-01</VALUE> ...
    # <TYPE_OF_DATE>{MA|...}</TYPE_OF_DATE> (the date of application)
    assert eur.text_at(f"{EUR}/article-1", "2018-01-01").applicable_from == "2017-01-01"


def test_eur_the_articles_and_annex_resolve_from_their_legislation_gov_uk_uris(eur):
    # line 1195: <P1 DocumentURI="http://www.legislation.gov.uk/eur/2016/2243/article/2" IdURI="http://www.legislation.
    # gov.uk/id/eur/2016/2243/article/2" id="article-2">; line 1233: <Schedule DocumentURI=".../eur/2016/2243/annex">
    for ref, eid in [
        ("http://www.legislation.gov.uk/id/eur/2016/2243/article/2", "article-2"),
        ("http://www.legislation.gov.uk/eur/2016/2243/annex", "annex"),
    ]:
        answer = eur.resolve(ref)
        assert (answer.status, answer.provision) == ("resolved", f"{EUR}/{eid}")


def test_eur_the_annex_paragraph_uri_resolves_to_what_holds_it(eur):
    # line 1236: <P DocumentURI="http://www.legislation.gov.uk/eur/2016/2243/annex/paragraph/1" IdURI="http://www.
    # legislation.gov.uk/id/eur/2016/2243/annex/paragraph/1" id="annex-paragraph-1"> inside <Schedule id="annex">:
    # the URI names text of the annex (all of it); at worst it resolves to the annex
    answer = eur.resolve("http://www.legislation.gov.uk/id/eur/2016/2243/annex/paragraph/1")
    assert answer.status == "resolved"
    assert answer.provision in {f"{EUR}/annex", f"{EUR}/annex-paragraph-1"}


# -- A Statute forbidding Bearing of Armour, 1313 (aep-Edw2-7-0-revised-data.xml): one unit ---------------------------


def test_aep_what_the_source_gives():
    needs_shared(AEP_FILE)
    root = etree.parse(str(AEP_FILE)).getroot()
    meta = root.find("ukm:Metadata", NS)
    primary = meta.find("ukm:PrimaryMetadata", NS)
    # line 25: <ukm:DocumentMainType Value="EnglandAct"/> ... <ukm:Year Value="1313"/><ukm:Number Value="0"/>
    # <ukm:AlternativeNumber Category="Regnal" Value="7_Edw_2"/>, and no ukm:EnactmentDate
    assert primary.find("ukm:Year", NS).get("Value") == "1313"
    assert primary.find("ukm:Number", NS).get("Value") == "0"
    assert primary.find("ukm:EnactmentDate", NS) is None
    assert primary.find("ukm:DocumentClassification/ukm:DocumentMainType", NS).get("Value") == "EnglandAct"
    # line 3: <dct:valid>1991-02-01</dct:valid>; line 22: the only hasVersion is ".../aep/Edw2/7/0/1991-02-01"
    assert meta.find("dct:valid", NS).text == "1991-02-01"
    # line 40: <DateOfEnactment><DateText/></DateOfEnactment>: empty; no RestrictStartDate anywhere in the file
    assert root.find(".//l:DateOfEnactment/l:DateText", NS).text is None
    assert not root.xpath("//@RestrictStartDate")
    # line 40: the Body is one <P1group id="section-wrapper1"> (DocumentURI .../section/wrapper1) with no P1 in it;
    # every Commentary is Type="X" (variant readings of The Statutes of the Realm): none is a change
    assert [g.get("id") for g in root.iterfind(".//l:Body/l:P1group", NS)] == ["section-wrapper1"]
    assert {c.get("Type") for c in root.iterfind(".//l:Commentary", NS)} == {"X"}


def test_aep_the_statute_is_ingested_and_its_text_read_as_at_1_2_1991(tmp_path):
    needs_shared(AEP_FILE)
    lex = open_lex(tmp_path / "store")
    try:
        summary = lex.ingest([AEP_FILE])
        # one act, minted at the precision the source gives (gb-eng: an Act of the Parliament of England; the year
        # 1313, not a made-up day), never refused
        (act,) = summary.act_iris
        assert act.startswith(f"{BASE}/eli/gb-eng/act/1313")
        assert not summary.refused
        # the body's one P1group (line 40) is the statute's text: its legislation.gov.uk URI resolves to it
        resolved = lex.resolve("http://www.legislation.gov.uk/id/aep/Edw2/7/0/section/wrapper1")
        assert resolved.status == "resolved"
        answer = lex.text_at(resolved.provision, "1991-02-01")
        # line 40: "... that every Man shall come without all Force and (<CommentaryRef Ref="c918966"/>) Armour, well
        # and peaceably ..."; the Additions (d30p48 "to the Justices of his Bench," ...) point at Type X notes: the
        # words are part of the text, and no change was made by them
        assert "that every Man shall come without all Force and Armour, well and peaceably" in answer.text
        assert "The King to the Justices of his Bench, sendeth Greeting." in answer.text
        assert answer.heading == "The King forbids the coming armed to Parliament, &c."
        # nothing dates the text's beginning (no EnactmentDate, empty DateText, no RestrictStartDate): it is shown
        # from 1991-02-01 without a recorded act, and nothing of it is held before
        assert (answer.valid_from, answer.opened_by.type) == ("1991-02-01", "started-without-recorded-act")
        assert lex.text_at(resolved.provision, "1900-01-01").status == "outside-coverage"
        assert len(lex.versions(resolved.provision)) == 1
    finally:
        lex.close()


# -- Senior Courts Act 1981, Part VI (clml/ukpga-1981-54-part-VI-2020-08-03.xml): tests/test_clml.py checks no provision
# of it (only its unit counts); ten more here. Root: RestrictStartDate="2019-02-20" RestrictEndDate="2020-12-01" (line
# 1), dct:valid 2019-02-20 (line 13), ukm:EnactmentDate 1981-07-28 (line 72); <Part id="part-VI"
# RestrictStartDate="2012-09-18" RestrictEndDate="2020-12-01"> (line 171).

SCA_FILE = SHARED_DATA / "clml" / "ukpga-1981-54-part-VI-2020-08-03.xml"
SCA = f"{BASE}/eli/gb-ukm/act/1981-07-28/54"
COURTS_2003 = f"{REF}/ukpga/2003/39"  # Courts Act 2003 (c. 39)
SLRA_2004 = f"{REF}/ukpga/2004/14"  # Statute Law (Repeals) Act 2004 (c. 14)
ARBITRATION_1996 = f"{REF}/ukpga/1996/23"  # 1996 c. 23
CRA_2005 = f"{REF}/ukpga/2005/4"  # Constitutional Reform Act 2005 (c. 4)


@pytest.fixture(scope="module")
def sca(tmp_path_factory: pytest.TempPathFactory):
    needs_shared(SCA_FILE)
    store, _summary = ingested_copy([SCA_FILE], tmp_path_factory, "sca")
    lex = open_lex(store)
    yield lex
    lex.close()


@pytest.mark.parametrize(
    ("eid", "day", "source", "window"),
    [
        # line 198-204: <P1group RestrictStartDate="2005-01-04"> s. 130 ". . . ."; note c20643691 (line 1381): "S. 130
        # repealed (4.1.2005) by Courts Act 2003 (c. 39), ss. 109(1)(3), 110, Sch. 8 para. 263, Sch. 10"
        ("section-130", "2005-01-04", COURTS_2003, "2005-01-04"),
        # line 445-451: s. 138 ". . . ."; note c20644021 (line 1426): "S. 138 repealed (15.3.2004) by Courts Act 2003"
        ("section-138", "2004-03-15", COURTS_2003, "2004-03-15"),
        # line 454-460: s. 138A; note c20644041 (line 1429): "S. 138A repealed (15.3.2004) by Courts Act 2003 (c. 39)"
        ("section-138A", "2004-03-15", COURTS_2003, "2004-03-15"),
        # line 599-605: s. 141; note c20652761 (line 1450): "S. 141 repealed (22.7.2004) by Statute Law (Repeals) Act
        # 2004 (c. 14), s. 1(1), {Sch. 1 Pt. 1 Group 4}"
        ("section-141", "2004-07-22", SLRA_2004, "2004-07-22"),
        # line 860-866: <Title>. . . .</Title>, <Pnumber><CommentaryRef Ref="c12337071"/>148</Pnumber>, <Text/>; note
        # (line 1483): "S. 148 repealed (31.1.1997) by 1996 c. 23, s. 107(2), Sch. 4"
        ("section-148", "1997-01-31", ARBITRATION_1996, "1997-01-31"),
    ],
)
def test_sca_repealed_sections_are_repealed_by_the_act_their_note_names(sca, eid, day, source, window):
    provision = f"{SCA}/{eid}"
    assert sca.versions(provision) == []
    answer = sca.text_at(provision, "2019-02-20")
    assert (answer.status, answer.text) == ("repealed", None)
    assert (answer.closed_by.type, answer.closed_by.date, answer.closed_by.source) == ("repeal", day, source)
    assert answer.valid_until == window  # the placeholder's RestrictStartDate is the repeal's day


def test_sca_s131_words_and_sidenote_substituted_by_the_constitutional_reform_act(sca):
    # line 207-208: <P1group RestrictStartDate="2009-10-01"><Title> Conveyancing counsel of <Substitution
    # CommentaryRef="c20724931">Senior Courts</Substitution>.</Title>; note (line 1384): "Words in s. 131 and sidenote
    # substituted (1.10.2009) by Constitutional Reform Act 2005 (c. 4), ss. 59, 148, Sch. 11 para. 26(1)"
    (version,) = sca.versions(f"{SCA}/section-131")
    assert (version.valid_from, version.opened_by.type, version.opened_by.source) == (
        "2009-10-01",
        "substitution",
        CRA_2005,
    )
    answer = sca.text_at(f"{SCA}/section-131", "2019-02-20")
    assert (answer.status, answer.number, answer.heading) == (
        "in-force",
        "131",
        "Conveyancing counsel of Senior Courts.",
    )
    assert sca.text_at(f"{SCA}/section-131", "2009-09-30").status == "outside-coverage"


def test_sca_s129_unamended_is_shown_from_the_parts_window_without_a_recorded_act(sca):
    # line 176-196: <P1group RestrictExtent="E+W" ConfersPower="true"> (no dates of its own; the Part around it:
    # RestrictStartDate="2012-09-18", line 171), no CommentaryRef in s. 129: "When the Great Seal is in commission, the
    # Lords Commissioners shall represent the Lord Chancellor for the purposes of this Act; ..."
    for eid in ("section-129", "section-129-a"):
        answer = sca.text_at(f"{SCA}/{eid}", "2019-02-20")
        assert (answer.status, answer.valid_from, answer.opened_by.type) == (
            "in-force",
            "2012-09-18",
            "started-without-recorded-act",
        )
        assert sca.text_at(f"{SCA}/{eid}", "2012-09-17").status == "outside-coverage"
    assert sca.text_at(f"{SCA}/section-129", "2019-02-20").text.startswith(
        "When the Great Seal is in commission, the Lords Commissioners shall represent the Lord Chancellor"
    )
    assert sca.text_at(f"{SCA}/section-129-a", "2019-02-20").text == "the appointment of officers, and"
    assert sca.text_at(f"{SCA}/section-129", "2019-02-20").heading == (
        "Lords Commissioners to represent Lord Chancellor when Great Seal in commission."
    )


def test_sca_s129_is_not_ended_by_the_parts_next_version(sca):
    # line 171: <Part ... RestrictEndDate="2020-12-01"> and line 174 the Pblock likewise: the Part's next version
    # (line 38: isReplacedBy .../part/VI/2020-12-01) starts then because s. 140 (own RestrictEndDate="2020-12-01",
    # line 537) changes; the root's RestrictEndDate="2020-12-01" (line 1) is also where the source stops vouching
    answer = sca.text_at(f"{SCA}/section-129", "2020-12-01")
    assert (answer.status, answer.closed_by) == ("as-last-known", None)
    assert sca.versions(f"{SCA}/section-129")[-1].valid_until is None


def test_sca_s140_1_window_is_its_own_p1groups(sca):
    # line 537: <P1group RestrictEndDate="2020-12-01" RestrictExtent="E+W" RestrictStartDate="2000-08-25"> around
    # s. 140; line 545: s. 140(1) "Payment of a fine imposed, or sum due under a recognizance forfeited, by the High
    # Court or the civil division of the Court of Appeal may be enforced upon the order of the court—"
    (version,) = sca.versions(f"{SCA}/section-140-1")
    assert (version.valid_from, version.valid_until) == ("2000-08-25", "2020-12-01")
    answer = sca.text_at(f"{SCA}/section-140-1", "2019-02-20")
    assert answer.text.startswith(
        "Payment of a fine imposed, or sum due under a recognizance forfeited, by the High Court or the civil "
        "division of the Court of Appeal may be enforced upon the order of the court"
    )
    assert (
        sca.text_at(f"{SCA}/section-140", "2019-02-20").heading == "Enforcement of fines and forfeited recognizances."
    )
    assert sca.text_at(f"{SCA}/section-140-1", "2000-08-24").status == "outside-coverage"
