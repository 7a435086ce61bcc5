"""Legal truth on Normattiva's consolidated D.Lgs. 82/2005 (Codice dell'amministrazione digitale, text in force on
2025-01-30): what a repealed unit's placeholder says, and what nothing in the file dates.

Every expected value was read from ../shared/data/akn/normattiva/20050516_005G0104_VIGENZA_20250130.xml; the
element and its line are quoted beside each check.
"""

from __future__ import annotations

from conftest import BASE, CAD, SHARED_DATA, needs_shared, open_lex

DLGS_179_2016 = f"{BASE}/eli/ref/akn/it/act/decreto_legislativo/stato/2016-08-26/179"
DLGS_217_2017 = f"{BASE}/eli/ref/akn/it/act/decreto_legislativo/stato/2017-12-13/217"


def test_a_letter_shown_as_soppressa_is_repealed_by_the_act_it_cites_on_that_acts_event(cad):
    # line 3222: <point eId="art_1__para_1.__point_q"> whose only words are "LETTERA SOPPRESSA DAL <ref
    # href="/akn/it/act/decretoLegislativo/stato/2016-08-26/179/!main">D.LGS. 26 AGOSTO 2016, N. 179</ref>;".
    # line 2884: <passiveRef eId="rp32" href="/akn/it/act/DECRETO_LEGISLATIVO/stato/2016-08-26/179/!main"/>;
    # line 88: <eventRef date="2016-09-13" eId="eventRef_32" source="rp32"/>.
    answer = cad.text_at(f"{CAD}/art_1/para_1./point_q", "2025-01-30")
    assert (answer.status, answer.text, answer.version) == ("repealed", None, None)
    assert (answer.closed_by.type, answer.closed_by.date, answer.closed_by.source) == (
        "repeal",
        "2016-09-13",
        DLGS_179_2016,
    )
    # what the letter said before is not in the file
    assert cad.text_at(f"{CAD}/art_1/para_1./point_q", "2010-01-01").status == "outside-coverage"
    assert f"{CAD}/art_1/para_1./point_q" in {i.provision for i in cad.impact(DLGS_179_2016).items}


def test_an_article_shown_as_abrogato_cites_its_act_in_words_only(cad):
    # line 5671: <article eId="art_33"> ... <ins eId="ins_125">((ARTICOLO ABROGATO DAL D.LGS. 13 DICEMBRE 2017, N.
    # 217))</ins>: no reference element, the act is named in words. Line 2886: <passiveRef eId="rp34"
    # href="/akn/it/act/DECRETO_LEGISLATIVO/stato/2017-12-13/217/!main"/>; line 90: <eventRef date="2018-01-12"
    # eId="eventRef_34" source="rp34"/>. (pmod_124 records the placeholder as an "insertion" into #ins_125.)
    answer = cad.text_at(f"{CAD}/art_33", "2025-01-30")
    assert (answer.status, answer.text) == ("repealed", None)
    assert (answer.closed_by.date, answer.closed_by.source) == ("2018-01-12", DLGS_217_2017)
    assert cad.versions(f"{CAD}/art_33") == []


def test_words_changed_by_an_undated_unnamed_modification_start_without_a_recorded_act(cad):
    # line 3246: point s) holds <ins eId="ins_4">((di firma elettronica))</ins> and <ins eId="ins_5">((e a un
    # soggetto terzo))</ins>; pmod_3 and pmod_4 (type insertion) name them with <source href="#"/>: changed by an
    # act the file does not name, on a date it does not give. The text is shown as in force on 2025-01-30 only.
    point = f"{CAD}/art_1/para_1./point_s"
    (version,) = cad.versions(point)
    assert (version.valid_from, version.opened_by.type, version.opened_by.source) == (
        "2025-01-30",
        "started-without-recorded-act",
        None,
    )
    assert cad.text_at(point, "2020-01-01").status == "outside-coverage"
    current = cad.text_at(point, "2025-01-30")
    assert current.status == "in-force" and "di firma elettronica" in current.text


def test_an_update_note_inside_an_article_is_not_its_words(cad):
    # lines 3434-3440: art. 2 ends with a <paragraph> without eId: "<p>------------</p> <p>AGGIORNAMENTO (52)</p>
    # <p>La Corte Costituzionale, con sentenza 11 dicembre 2024 - 23 gennaio 2025, n. 3 ...". The editor's note on
    # a ruling, not words of the article: art. 2 has no words of its own (its commi 1 to 6-bis carry them).
    article = cad.text_at(f"{CAD}/art_2", "2025-01-30")
    assert article.status == "in-force" and "AGGIORNAMENTO" not in (article.text or "")
    assert "Corte Costituzionale" not in (article.text or "")
    below = cad.descendants(f"{CAD}/art_2", "2025-01-30")
    assert not [item.unit for item in below.items if "AGGIORNAMENTO" in (item.text or "")]


def test_the_audit_lists_what_nothing_in_the_file_dates(cad):
    # point s) (line 3246): words changed by pmod_3/pmod_4 (<source href="#"/>, no date): shown from 2025-01-30
    rows = cad.run("audit", {"act": CAD})
    weak = {(row["weakness"], row["provision"]) for row in rows}
    assert ("started-without-recorded-act", f"{CAD}/art_1/para_1./point_s") in weak
    # a repeal the file dates through its passiveRef (art. 33, eventRef_34) is not weak
    assert not [row for row in rows if row["provision"] == f"{CAD}/art_33"]
    assert {row["act"] for row in rows} == {CAD}
    assert {row["weakness"] for row in rows} <= {
        "started-without-recorded-act",
        "ended-without-recorded-act",
        "commencement-without-order",
        "change-without-act",
        "date-at-latest",
        "deferred-effect",
    }


def test_an_editors_note_of_a_deferred_effect_is_flagged_on_the_answer(tmp_path):
    # codice_strada.xml line 35356: <article eId="art_181">; after its paragraph art_181__para_3 (whose words hold
    # <ins eId="ins_461">((da € 26 a € 102))</ins>), a paragraph without eId from line 35381: "AGGIORNAMENTO
    # (19) Il Decreto 20 dicembre 1996 (in G.U. 28/12/1996, n. 303) ha disposto (con l'art. 1, comma 1) che la presente
    # modifica avra' effetto a decorrere dal 1 gennaio 1997. ...": the change to the fine ((da € 26 a € 102)) took
    # effect later than its act. Not the article's words, and not a date lexrdf can tie to one version: flagged.
    strada = SHARED_DATA / "akn" / "normattiva" / "more" / "codice_strada.xml"
    needs_shared(strada)
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([strada])
        (version,) = lex.versions(f"{BASE}/eli/it/act/1992-04-30/285/art_181")
        (note,) = version.deferred_effects
        assert note.startswith("codice_strada.xml:")
        assert "la presente modifica avra' effetto a decorrere dal 1 gennaio 1997" in note
        assert "AGGIORNAMENTO" not in (version.text or "")
        (paragraph,) = lex.versions(f"{BASE}/eli/it/act/1992-04-30/285/art_181/para_3")
        assert "da € 26 a € 102" in paragraph.text and "AGGIORNAMENTO" not in paragraph.text
        assert paragraph.deferred_effects == [note]  # the note concerns the changes anywhere in the article
        # the chapter holding it is numbered "-" (<num>-</num>): no number, not "chapter -" in its citation
        cited = lex.text_at(f"{BASE}/eli/it/act/1992-04-30/285/art_181/para_3", paragraph.valid_from).citation
        assert cited.startswith("Nuovo codice della strada., Art. 181., paragraph 3.") and "chapter -" not in cited
        # and the audit lists both among what the data says thinly
        article = f"{BASE}/eli/it/act/1992-04-30/285/art_181"
        weak = {(row["weakness"], row["provision"]) for row in lex.run("audit", {"act": "any"})}
        assert {("deferred-effect", article), ("deferred-effect", f"{article}/para_3")} <= weak
        # a paragraph of it whose editor says nothing of the kind carries no flag
        assert lex.versions(f"{BASE}/eli/it/act/1992-04-30/285/art_1")[0].deferred_effects == []
    finally:
        lex.close()
