"""Legal truth on four more Normattiva Akoma Ntoso exports: the Nuovo codice della strada (D.Lgs. 285/1992, text in
force on 2026-04-25), the corrective decree to the public contracts code (D.Lgs. 209/2024, as published), the
capital markets law (L. 21/2024, text in force on 2025-03-21) and L. 56/2007 (as published, never amended).

Every expected value was read from ../shared/data/akn/normattiva/more/<file>.xml by hand: a repealed unit's
placeholder ("COMMA ABROGATO DALLA <ref href=...>" / "((ARTICOLO ABROGATO DAL ...))"), the passiveRef naming that act
(meta/references) and its lifecycle eventRef @date; the <ins>((...))</ins> words and the passive textualMods naming
them (<source href="#"/>: no act, no date); the expression date (FRBRExpression/FRBRdate), the publication, the
authorialNote "Entrata in vigore del provvedimento: ..." and the act's own entry-into-force article; for amending acts
the active textualMods' <destination href>. The element and its line (`grep -n`) are quoted beside each check.
"""

from __future__ import annotations

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from templates import ingested_copy

MORE = SHARED_DATA / "akn" / "normattiva" / "more"
STRADA_FILE = MORE / "codice_strada.xml"
CORRETTIVO_FILE = MORE / "dlgs_correttivo_appalti.xml"
CAPITALI_FILE = MORE / "legge_capitali.xml"
L56_FILE = MORE / "legge_56_2007.xml"

STRADA = f"{BASE}/eli/it/act/1992-04-30/285"  # D.Lgs. 30 aprile 1992, n. 285
CORRETTIVO = f"{BASE}/eli/it/act/2024-12-31/209"  # D.Lgs. 31 dicembre 2024, n. 209
CAPITALI = f"{BASE}/eli/it/act/2024-03-05/21"  # L. 5 marzo 2024, n. 21
L56 = f"{BASE}/eli/it/act/2007-05-04/56"  # L. 4 maggio 2007, n. 56

REF = f"{BASE}/eli/ref/akn/it/act"  # acts known only by reference, in one spelling (lexrdf.uris.canonical_work)
L_177_2024 = f"{REF}/legge/stato/2024-11-25/177"
DPR_104_2000 = f"{REF}/decreto_del_presidente_della_repubblica/stato/2000-03-09/104"
DPR_105_2000 = f"{REF}/decreto_del_presidente_della_repubblica/stato/2000-03-09/105"
DLGS_98_2017 = f"{REF}/decreto_legislativo/stato/2017-05-29/98"
DLGS_360_1993 = f"{REF}/decreto_legislativo/stato/1993-09-10/360"
L_120_2010 = f"{REF}/legge/stato/2010-07-29/120"
L_296_2006 = f"{REF}/legge/stato/2006-12-27/296"
L_238_2021 = f"{REF}/legge/stato/2021-12-23/238"
DLGS_9_2002 = f"{REF}/decreto_legislativo/stato/2002-01-15/9"
DLGS_66_2010 = f"{REF}/decreto_legislativo/stato/2010-03-15/66"
DL_117_2007 = f"{REF}/decreto_legge/stato/2007-08-03/117"


def _lex(tmp_path_factory: pytest.TempPathFactory, path, name: str):
    needs_shared(path)
    store, _summary = ingested_copy([path], tmp_path_factory, name)
    lex = open_lex(store)
    return lex


@pytest.fixture(scope="module")
def strada(tmp_path_factory: pytest.TempPathFactory):
    lex = _lex(tmp_path_factory, STRADA_FILE, "strada")
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def correttivo(tmp_path_factory: pytest.TempPathFactory):
    lex = _lex(tmp_path_factory, CORRETTIVO_FILE, "correttivo")
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def capitali(tmp_path_factory: pytest.TempPathFactory):
    lex = _lex(tmp_path_factory, CAPITALI_FILE, "capitali")
    yield lex
    lex.close()


@pytest.fixture(scope="module")
def l56(tmp_path_factory: pytest.TempPathFactory):
    lex = _lex(tmp_path_factory, L56_FILE, "l56")
    yield lex
    lex.close()


def _closed(answer) -> tuple:
    return answer.status, answer.text, answer.closed_by.type, answer.closed_by.date, answer.closed_by.source


def _impacted(lex, act: str) -> list:
    return [
        item for item in lex.impact(act).items if not item.provision.startswith(f"{act}/") and item.provision != act
    ]


# ---------------------------------------------------------------------------------------------------------------
# D.Lgs. 285/1992, Nuovo codice della strada (codice_strada.xml; FRBRExpression ita@2026-04-25, line 28)
# ---------------------------------------------------------------------------------------------------------------


def test_strada_a_comma_shown_as_abrogato_by_l_177_2024_is_repealed_on_that_acts_event(strada):
    # line 13601: <paragraph eId="art_7__para_5"> whose only words are "COMMA ABROGATO DALLA <ref
    # href="/akn/it/act/legge/stato/2024-11-25/177/!main">L. 25 NOVEMBRE 2024, N. 177</ref>." (line 13604);
    # line 12791: <passiveRef eId="rp230" href="/akn/it/act/LEGGE/stato/2024-11-25/177/!main"/>;
    # line 286: <eventRef date="2024-11-29" eId="eventRef_230" source="rp230"/>.
    unit = f"{STRADA}/art_7/para_5"
    assert _closed(strada.text_at(unit, "2026-04-25")) == ("repealed", None, "repeal", "2024-11-29", L_177_2024)
    assert strada.text_at(unit, "2024-11-29").status == "repealed"
    # what the comma said before is not in the file; its placeholder is no version of it
    assert strada.text_at(unit, "2024-11-28").status == "outside-coverage"
    assert strada.versions(unit) == []


@pytest.mark.parametrize(
    ("unit", "date", "act"),
    [
        # line 28477 <article eId="art_127">: <ins eId="ins_283">((ARTICOLO ABROGATO DAL D.P.R. 9 MARZO 2000, N.
        # 104))</ins> (act in words only); line 12612 <passiveRef eId="rp51" .../2000-03-09/104/!main"/>; line 107
        # <eventRef date="2000-04-28" eId="eventRef_51" source="rp51"/>
        ("art_127", "2000-04-28", DPR_104_2000),
        # line 23797 art_95__para_1: "COMMA SOPPRESSO DAL <ref ...2017-05-29/98/!main">D.LGS. 29 MAGGIO 2017, N.
        # 98</ref>. (138a)(148)"; line 12731 rp170; line 226 <eventRef date="2017-06-24" ... source="rp170"/>
        ("art_95/para_1", "2017-06-24", DLGS_98_2017),
        # line 23811 art_95__para_2: "COMMA ABROGATO DAL <ref ...2000-03-09/105/!main">D.P.R. 9 MARZO 2000, N.
        # 105</ref>."; line 12613 rp52; line 108 <eventRef date="2000-04-28" ... source="rp52"/>
        ("art_95/para_2", "2000-04-28", DPR_105_2000),
        # line 19086 art_52__para_1.__point_c: "LETTERA SOPPRESSA DAL <ref ...1993-09-10/360/!main">D.LGS. 10
        # SETTEMBRE 1993, N. 360</ref>."; line 12568 rp7; line 63 <eventRef date="1993-09-15" ... source="rp7"/>
        ("art_52/para_1./point_c", "1993-09-15", DLGS_360_1993),
        # line 17469 art_34-bis: <ins eId="ins_70">((ARTICOLO ABROGATO DALLA L. 29 LUGLIO 2010, N. 120))</ins>;
        # line 12686 rp125; line 181 <eventRef date="2010-07-29" ... source="rp125"/>
        ("art_34-bis", "2010-07-29", L_120_2010),
        # line 16267 art_23__para_13-quinquies: "COMMA ABROGATO DALLA <ref ...2006-12-27/296/!main">L. 27 DICEMBRE
        # 2006, N. 296</ref>."; line 12662 rp101; line 157 <eventRef date="2006-12-27" ... source="rp101"/>
        ("art_23/para_13-quinquies", "2006-12-27", L_296_2006),
        # line 23271 art_93__para_1-bis: "COMMA ABROGATO DALLA <ref ...2021-12-23/238/!main">L. 23 DICEMBRE 2021, N.
        # 238</ref>. <ins eId="ins_189">((182))</ins>"; line 12770 rp209; line 265 <eventRef date="2022-01-17" ...
        # source="rp209"/> (the event's date, not the act's)
        ("art_93/para_1-bis", "2022-01-17", L_238_2021),
        # line 30030 art_143__para_6: "COMMA SOPPRESSO DAL <ref ...2002-01-15/9/!main">D.LGS. 15 GENNAIO 2002, N.
        # 9</ref>."; line 12625 rp64; line 120 <eventRef date="2002-02-12" ... source="rp64"/>
        ("art_143/para_6", "2002-02-12", DLGS_9_2002),
        # line 13235 art_6__para_3: "COMMA ABROGATO DAL <ref ...2010-03-15/66/!main">D.LGS. 15 MARZO 2010, N.
        # 66</ref>."; line 12683 rp122; line 178 <eventRef date="2010-05-08" ... source="rp122"/>
        ("art_6/para_3", "2010-05-08", DLGS_66_2010),
    ],
)
def test_strada_placeholders_are_repealed_by_the_act_they_name_on_its_event(strada, unit, date, act):
    answer = strada.text_at(f"{STRADA}/{unit}", "2026-04-25")
    assert _closed(answer) == ("repealed", None, "repeal", date, act)
    assert answer.valid_until == date
    a_year_before = f"{int(date[:4]) - 1}{date[4:]}"  # what it said then is not in the file
    # ... unless the code was not yet in force: line 12839 "Entrata in vigore del decreto: 1-1-1993" (art_52's
    # letter c was repealed on 1993-09-15, so a year before is 1992-09-15)
    before = "not-yet-in-force" if a_year_before < "1993-01-01" else "outside-coverage"
    assert strada.text_at(f"{STRADA}/{unit}", a_year_before).status == before


def test_strada_a_repeal_by_a_decree_law_and_its_conversion_law_names_the_act_the_file_references(strada):
    # line 36305 art_187__para_7: "COMMA ABROGATO DAL <ref .../decretoLegge/stato/2007-08-03/117/!main">D.L. 3 AGOSTO
    # 2007, N. 117</ref>, CONVERTITO CON MODIFICAZIONI DALLA <ref .../legge/stato/2007-10-02/160/!main">L. 2 OTTOBRE
    # 2007 ...". Line 12666 <passiveRef eId="rp105" href="/akn/it/act/DECRETO-LEGGE/stato/2007-08-03/117/!main"/>,
    # line 161 <eventRef date="2007-08-04" eId="eventRef_105" source="rp105"/>; no passiveRef names L. 160/2007.
    answer = strada.text_at(f"{STRADA}/art_187/para_7", "2026-04-25")
    assert _closed(answer) == ("repealed", None, "repeal", "2007-08-04", DL_117_2007)
    assert answer.closed_by.sources == [DL_117_2007]


def test_strada_words_inserted_by_an_unnamed_act_are_shown_from_the_expression_date_only(strada):
    # line 12956 (art_2__para_3) holds <ins eId="ins_2">((E-bis - Strada urbana ciclabile: strada urbana ad unica
    # carreggiata, con limite di velocita' non superiore a 30 km/h ...))</ins>; pmod_1 (line 8185) names it with
    # <source href="#"/>: no act, no date. The text is the one in force on 2026-04-25 (FRBRdate, line 28).
    unit = f"{STRADA}/art_2/para_3"
    (version,) = strada.versions(unit)
    assert (version.valid_from, version.valid_until, version.opened_by.type, version.opened_by.source) == (
        "2026-04-25",
        None,
        "started-without-recorded-act",
        None,
    )
    assert "E-bis - Strada urbana ciclabile" in version.text
    assert strada.text_at(unit, "2020-01-01").status == "outside-coverage"
    later = strada.text_at(unit, "2027-01-01")
    assert (later.status, later.current_to) == ("as-last-known", "2026-04-25")


def test_strada_a_comma_without_eid_that_is_the_articles_words_is_kept(strada):
    # lines 12883-12893: <article eId="art_1"> ... <paragraph> (no eId) <p><ins eId="ins_1">((1. La sicurezza e la
    # tutela della salute delle persone nonche' la tutela dell'ambiente, nella circolazione stradale, rientrano tra
    # le finalita' primarie ...))</ins>: comma 1 itself (pmod_0, line 8178), not an editor's note.
    answer = strada.text_at(f"{STRADA}/art_1", "2026-04-25")
    assert answer.status == "in-force"
    assert "La sicurezza e la tutela della salute delle persone" in answer.text
    assert answer.heading.strip() == "(Principi generali)."
    # comma 2 (line 12893, art_1__para_2) is its own unit
    assert "La circolazione dei pedoni" in strada.text_at(f"{STRADA}/art_1/para_2", "2026-04-25").text


def test_strada_a_repealed_number_inside_a_comma_leaves_the_comma_in_force(strada):
    # line 13071, inside art_3__para_1 (no unit of its own): " 7-bis) <ins eId="ins_3">((NUMERO ABROGATO DALLA L. 25
    # NOVEMBRE 2024, N. 177))</ins>; " followed by "8) CENTRO ABITATO: ...". Only a number went; the comma stands.
    answer = strada.text_at(f"{STRADA}/art_3/para_1", "2026-04-25")
    assert (answer.status, answer.closed_by) == ("in-force", None)
    assert "8) CENTRO ABITATO" in answer.text


def test_strada_update_notes_inside_art_6_are_flagged_not_read_as_its_words(strada):
    # lines 13419-13442: after art_6__para_15 (line 13411), a <paragraph> without eId: "<p>--------------</p>
    # <p>AGGIORNAMENTO (19)</p> <p>Il Decreto 20 dicembre 1996 (in G.U. 28/12/1996, n. 303) ha disposto (con l'art.
    # 1, comma 1) che le presenti modifiche avranno effetto a decorrere dal 1 gennaio 1997.</p>" ... "AGGIORNAMENTO
    # (80)" (1 gennaio 2007): editor's notes of changes taking effect later than their acts.
    (version,) = strada.versions(f"{STRADA}/art_6")
    assert "AGGIORNAMENTO" not in (version.text or "")
    (note,) = version.deferred_effects
    assert note.startswith("codice_strada.xml:")
    assert "avranno effetto a decorrere dal 1 gennaio 1997" in note
    (comma,) = strada.versions(f"{STRADA}/art_6/para_15")
    assert "AGGIORNAMENTO" not in comma.text and "Decreto 20 dicembre 1996" not in comma.text


def test_strada_the_repeals_the_code_made_take_effect_when_it_came_into_force(strada):
    # line 300-306 amod_0: <destination href="urn:nir:stato:legge:1990-12-15;399#1"/> "ha disposto (con l'art. 231,
    # comma 1) l'abrogazione dell'intero provvedimento."; line 39803 art_231__para_1: "Sono abrogate dalla data di
    # entrata in vigore del presente codice ..."; line 40161 art_240__para_1: "Le norme del presente codice entrano in
    # vigore il 1 gennaio 1993."; line 12839 authorialNote atn1: "Entrata in vigore del decreto: 1-1-1993".
    items = [i for i in _impacted(strada, STRADA) if "1990-12-15" in i.provision and "399" in i.provision]
    assert items and {i.date for i in items} == {"1993-01-01"}


def test_strada_impact_names_each_article_of_another_act_it_repealed(strada):
    # line 308-313 amod_1: <destination href="urn:nir:stato:legge:1978-11-13;727#15"/> "ha disposto (con l'art. 179,
    # comma 10) l'abrogazione dell'art. 15."; line 317 amod_2 "...727#16" (art. 16); line 324 amod_3 "...727#20".
    provisions = {i.provision for i in _impacted(strada, STRADA) if "1978-11-13" in i.provision}
    assert len(provisions) == 3


def test_strada_impact_lists_every_act_an_active_textual_mod_names(strada):
    # line 6202-6206 amod_843: <source href="urn:nir:stato:decreto.legislativo:1992-04-30;285#231"/> <destination
    # href="urn:nir:stato:decreto.del.presidente.della.repubblica:1966-06-21;579"/> "ha disposto (con l'art. 231,
    # comma 1) l'abrogazione della legge 20 giugno 1966, n. 579."
    assert [i for i in _impacted(strada, STRADA) if "1966-06-21" in i.provision and "579" in i.provision]


# ---------------------------------------------------------------------------------------------------------------
# D.Lgs. 209/2024, correttivo al codice dei contratti pubblici (dlgs_correttivo_appalti.xml; ita@2024-12-31, line 26)
# ---------------------------------------------------------------------------------------------------------------

# The act's own text: published on 2024-12-31 (<publication date="2024-12-31" .../>, line 54), in force the same day:
# line 2823 authorialNote "Entrata in vigore del provvedimento: 31/12/2024"; art. 97 (line 7373) "Il presente decreto
# entra in vigore il giorno stesso della sua pubblicazione nella Gazzetta Ufficiale". No passive modifications.


@pytest.mark.parametrize(
    ("unit", "phrase"),
    [
        # line 2901: <mod eId="modNov_1">All'articolo 8, comma 2, del decreto legislativo 31 marzo 2023, n. 36 ...
        ("art_1/para_1", "All'articolo 8, comma 2, del decreto legislativo 31 marzo 2023, n. 36"),
        # line 2920: <mod eId="modNov_2">il comma 2 e' sostituito dal seguente: «2. Nei documenti iniziali di gara
        ("art_2/para_1./point_a", "il comma 2 e' sostituito dal seguente"),
        # line 2929: <mod eId="modNov_3">dopo il comma 2, e' inserito il seguente: «2-bis. In presenza di prestazioni
        ("art_2/para_1./point_b", "2-bis. In presenza di prestazioni scorporabili"),
        # line 4256: <mod eId="modNov_127">al comma 2, dopo il quarto periodo, sono inseriti i seguenti:
        ("art_41/para_1./point_a", "al comma 2, dopo il quarto periodo, sono inseriti i seguenti"),
        # line 7340: "All'articolo 1, comma 1, dell'Allegato V.3 del decreto legislativo 31 marzo 2023, n. 36"
        ("art_95/para_1", "n-bis) un rappresentante del Ministero dell'economia e delle finanze"),
        # line 7354: "Dall'attuazione del presente decreto non devono derivare nuovi o maggiori oneri"
        ("art_96/para_1", "non devono derivare nuovi o maggiori oneri a carico della finanza pubblica"),
        # line 7361: "Le amministrazioni interessate provvedono agli adempimenti previsti dal presente decreto"
        ("art_96/para_2", "Le amministrazioni interessate provvedono agli adempimenti"),
        # lines 7366-7373: art_97's only words sit in a <paragraph> without eId (not an editor's note)
        ("art_97", "Il presente decreto entra in vigore il giorno stesso della sua pubblicazione"),
    ],
)
def test_correttivo_its_own_provisions_are_in_force_from_publication_day(correttivo, unit, phrase):
    iri = f"{CORRETTIVO}/{unit}"
    assert [(v.valid_from, v.valid_until, v.opened_by.type, v.opened_by.source) for v in correttivo.versions(iri)] == [
        ("2024-12-31", None, "enactment", CORRETTIVO)
    ]
    now = correttivo.text_at(iri, "2024-12-31")
    assert now.status == "in-force" and phrase in now.text
    before = correttivo.text_at(iri, "2024-12-30")
    assert (before.status, before.valid_from, before.text) == ("not-yet-in-force", "2024-12-31", None)
    later = correttivo.text_at(iri, "2025-06-01")  # the file is the text as published (ita@2024-12-31)
    assert (later.status, later.current_to) == ("as-last-known", "2024-12-31")


def test_correttivo_changes_to_the_contracts_code_are_dated_on_its_entry_into_force(correttivo):
    # every active textualMod (lines 60-2782) amends D.Lgs. 36/2023 (or D.Lgs. 104/2010, D.L. 47/2014) through this
    # decree, in force on 2024-12-31 (line 2823, art. 97): nothing the file says dates any of them otherwise
    items = _impacted(correttivo, CORRETTIVO)
    assert items and {i.date for i in items} == {"2024-12-31"}


@pytest.mark.parametrize(
    "path",
    [
        "art_8/para_2",  # line 1685-1689 amod_232 insertion, destination .../36/ita@2024-12-31/!main/~art_8__para_2
        "art_11/para_2-bis",  # line 1695-1699 amod_234 insertion, destination ...~art_11__para_2-bis
        "art_41",  # line 1896-1900 amod_272 insertion, destination ...~art_41 (modNov_41: "dopo il comma 15, ...")
        "art_225-bis",  # line 2628-2632 amod_415 insertion, destination ...~art_225-bis
    ],
)
def test_correttivo_impact_names_the_provisions_of_the_contracts_code_it_changes(correttivo, path):
    items = [i for i in _impacted(correttivo, CORRETTIVO) if "2023-03-31" in i.provision]
    assert [i for i in items if i.provision.endswith(f"/{path}") and i.date == "2024-12-31"]


def test_correttivo_the_contracts_code_is_one_act_whatever_identifier_names_it(correttivo):
    # line 1260: <destination href="urn:nir:stato:decreto.legislativo:2023-03-31;36"/>; line 1687: <destination
    # href="/akn/it/act/decreto_legislativo/stato/2023-03-31/36/ita@2024-12-31/!main/~art_8__para_2"/>; line 2863
    # (preamble): <ref href="/akn/it/act/decretoLegislativo/stato/2023-03-31/36/!main">decreto legislativo 31 marzo
    # 2023, n. 36</ref>. One act, D.Lgs. 31 marzo 2023, n. 36.
    by_urn = correttivo.resolve("urn:nir:stato:decreto.legislativo:2023-03-31;36").provision
    by_work = correttivo.resolve("/akn/it/act/decreto_legislativo/stato/2023-03-31/36/!main").provision
    assert by_urn is not None and by_urn == by_work


def test_correttivo_its_own_original_reference_resolves_to_it(correttivo):
    # line 8: <FRBRalias name="urn:nir" value="urn:nir:stato:decreto.legislativo:2024-12-31;209"/>; line 2786:
    # <original eId="ro1" href="/akn/it/act/DECRETO_LEGISLATIVO/stato/2024-12-31/209/!main"/>, the source of the
    # act's only lifecycle event (line 56 <eventRef date="2024-12-31" eId="eventRef_0" source="ro1"/>).
    assert correttivo.resolve("urn:nir:stato:decreto.legislativo:2024-12-31;209").provision == CORRETTIVO
    assert correttivo.resolve("/akn/it/act/DECRETO_LEGISLATIVO/stato/2024-12-31/209/!main").provision == CORRETTIVO


# ---------------------------------------------------------------------------------------------------------------
# L. 21/2024, legge capitali (legge_capitali.xml; FRBRExpression ita@2025-03-21, line 28)
# ---------------------------------------------------------------------------------------------------------------

# Published 2024-03-12 (line 54), in force 2024-03-27 (line 1090 authorialNote atn1 "Entrata in vigore del
# provvedimento: 27/03/2024"). One amending act is recorded: line 1051 <passiveRef eId="rp1"
# href="/akn/it/act/LEGGE/stato/2025-03-11/28/!main"/>, line 57 <eventRef date="2025-03-20" eId="eventRef_1"
# source="rp1"/>; but all 22 passive textualMods (lines 882-1047) have <source href="#"/>: none names it.


@pytest.mark.parametrize(
    ("unit", "phrase"),
    [
        # line 2460 (art_19, its commi in one <paragraph> without eId): "entro <ins eId="ins_2">((ventiquattro))</ins>
        # mesi dalla data di entrata in vigore della presente legge" (pmod_1, source "#"): the act's words without the
        # editor's brackets
        ("art_19", "entro ventiquattro mesi dalla data di entrata in vigore della presente legge"),
        # line 2491 art_19-bis__para_1: <ins eId="ins_20">((Il Governo e' delegato ad adottare, nei termini di cui
        # all'articolo 19, comma 1 ...)) (pmod_19, source "#"); the article's heading is <ins eId="ins_19"> too
        ("art_19-bis/para_1", "Il Governo e' delegato ad adottare, nei termini di cui all'articolo 19, comma 1"),
        # line 2508 art_19-bis__para_2: <ins eId="ins_21">((Gli schemi dei decreti legislativi di cui al comma 1
        ("art_19-bis/para_2", "Gli schemi dei decreti legislativi di cui al comma 1"),
        # line 2517 art_19-bis__para_3: <ins eId="ins_22">((Entro ventiquattro mesi dalla data di entrata in vigore
        ("art_19-bis/para_3", "Entro ventiquattro mesi dalla data di entrata in vigore di ciascuno dei decreti"),
        # line 2529ff art_20__para_1: <mod eId="modNov_61">All'articolo 24 della legge 28 dicembre 2005, n. 262, dopo
        # il comma 6-bis e' aggiunto il seguente: (no <ins>: nothing in the file dates it either)
        ("art_20/para_1", "dopo il comma 6-bis e' aggiunto il seguente"),
    ],
)
def test_capitali_text_no_act_is_named_for_is_shown_from_the_expression_date(capitali, unit, phrase):
    iri = f"{CAPITALI}/{unit}"
    (version,) = capitali.versions(iri)
    assert (version.valid_from, version.valid_until, version.opened_by.type, version.opened_by.source) == (
        "2025-03-21",
        None,
        "started-without-recorded-act",
        None,
    )
    assert phrase in capitali.text_at(iri, "2025-03-21").text
    assert capitali.text_at(iri, "2024-06-01").status == "outside-coverage"
    later = capitali.text_at(iri, "2026-01-01")
    assert (later.status, later.current_to) == ("as-last-known", "2025-03-21")


def test_capitali_the_official_notes_after_an_article_are_not_its_words(capitali):
    # line 1112-1117 art_1__para_1: <mod eId="modNov_1">All'articolo 30, comma 2, del testo unico ... «b-bis) le
    # offerte di vendita o di sottoscrizione di azioni di propria emissione ...»; lines 1121-1125: a <section> holding
    # <authorialNote eId="authorialNote_1"> "N O T E  Avvertenza: Il testo delle note qui pubblicato e' stato
    # redatto dall'amministrazione competente per materia ..." (which quotes art. 30 again, line 1138).
    comma = capitali.text_at(f"{CAPITALI}/art_1/para_1", "2025-03-21")
    assert comma.text.startswith("All'articolo 30, comma 2, del testo unico")
    assert "b-bis) le offerte di vendita o di sottoscrizione di azioni di propria emissione" in comma.text
    for unit in ("art_1", "art_1/para_1"):
        text = capitali.text_at(f"{CAPITALI}/{unit}", "2025-03-21").text or ""
        assert "N O T E" not in text and "Avvertenza" not in text
    assert capitali.text_at(f"{CAPITALI}/art_1", "2025-03-21").heading.strip() == (
        "Disposizioni in materia di offerta fuori sede"
    )


def test_capitali_the_law_is_not_in_force_before_its_entry_into_force(capitali):
    # line 1090: <p>Entrata in vigore del provvedimento: 27/03/2024</p>; line 54 <publication date="2024-03-12"/>
    before = capitali.text_at(CAPITALI, "2024-03-26")
    assert before.status == "not-yet-in-force"


def test_capitali_its_changes_to_other_acts_take_effect_on_its_entry_into_force(capitali):
    # line 465-468 amod_57: <destination href="/akn/it/act/decreto_legislativo/stato/1998-02-24/58/ita@2024-03-27/
    # !main/~art_30__para_2__point_b-bis"/>; every active textualMod (lines 65-881) names a target expression
    # "ita@2024-03-27" or a urn:nir one; the only date the file gives the law's effect is 27/03/2024 (line 1090).
    items = _impacted(capitali, CAPITALI)
    assert items and {i.date for i in items} == {"2024-03-27"}


@pytest.mark.parametrize(
    ("act", "path"),
    [
        ("1998-02-24/58", "art_30/para_2/point_b-bis"),  # line 465-468 amod_57 insertion (TUF)
        ("1942-03-16/262", "art_2325-ter"),  # line 564-567 amod_77 insertion (codice civile)
        ("1942-03-30/318", "art_111-bis"),  # line 585-588 amod_81 type="repeal" (R.D. 318/1942)
        ("2015-12-28/208", "art_1/para_40"),  # line 797-800 amod_123 type="repeal" (L. 208/2015)
    ],
)
def test_capitali_impact_names_the_provisions_it_changes(capitali, act, path):
    items = [i for i in _impacted(capitali, CAPITALI) if act in i.provision]
    assert [i for i in items if i.provision.endswith(f"/{path}")]


# ---------------------------------------------------------------------------------------------------------------
# L. 56/2007, Giorno della memoria (legge_56_2007.xml): 2 articles, 3 commi, never amended
# ---------------------------------------------------------------------------------------------------------------

# line 28 FRBRExpression <FRBRdate date="2007-05-06"/> (ita@2007-05-06); line 54 <publication date="2007-05-05"/>;
# line 56 <eventRef date="2007-05-05" eId="eventRef_0" source="ro1"/> (ro1: the act itself, line 64); line 62
# <analysis source=""/> (no modification at all); line 103 "Entrata in vigore del provvedimento: 6/5/2007"; line 143
# art_2__para_1 "La presente legge entra in vigore il giorno successivo a quello della sua pubblicazione".

L56_UNITS = [
    ("art_1", ""),
    ("art_1/para_1", "La Repubblica riconosce il 9 maggio, anniversario dell'uccisione di Aldo Moro"),  # line 125
    ("art_1/para_2", "possono essere organizzate, senza nuovi o maggiori oneri"),  # line 132
    ("art_2", ""),
    ("art_2/para_1", "La presente legge entra in vigore il giorno successivo a quello della sua pubblicazione"),
]


@pytest.mark.parametrize(("unit", "phrase"), L56_UNITS)
def test_l56_the_text_as_published_is_in_force_from_6_5_2007(l56, unit, phrase):
    iri = f"{L56}/{unit}"
    (version,) = l56.versions(iri)
    assert (version.valid_from, version.valid_until, version.closed_by) == ("2007-05-06", None, None)
    now = l56.text_at(iri, "2007-05-06")
    assert now.status == "in-force" and phrase in (now.text or "")
    later = l56.text_at(iri, "2025-01-01")
    assert (later.status, later.current_to) == ("as-last-known", "2007-05-06")


@pytest.mark.parametrize(("unit", "phrase"), L56_UNITS)
def test_l56_its_text_was_made_by_the_act_itself(l56, unit, phrase):
    (version,) = l56.versions(f"{L56}/{unit}")
    assert (version.opened_by.type, version.opened_by.source) == ("enactment", L56)


@pytest.mark.parametrize("unit", ["", "/art_1/para_1", "/art_2/para_1"])
def test_l56_on_its_publication_day_the_law_is_not_yet_in_force(l56, unit):
    answer = l56.text_at(f"{L56}{unit}", "2007-05-05")
    assert (answer.status, answer.valid_from) == ("not-yet-in-force", "2007-05-06")


def test_l56_changes_no_other_act(l56):
    # line 62: <analysis source=""/>: no active (nor passive) modification; impact holds the act's own opening only
    assert {i.effect for i in l56.impact(L56).items} == {"opened"}
    assert not _impacted(l56, L56)


def test_l56_the_audit_finds_nothing_undated(l56):
    assert [row for row in l56.run("audit", {"act": L56}) if row["provision"].startswith(L56)] == []
