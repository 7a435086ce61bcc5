"""Legal truth on the LexML Brasil sources: the Civil Code (../shared/data/lexml/codigocivil.json, LexML rendered as
JSON, converted back to LexML XML by tests/lexml_json.py) and a Senate bill (plc_artigos_agrupados.xml).

Every expected value was read from the files by hand; the JSON or XML line is quoted beside each check. Neither
source dates anything but the act itself (the URN's date): a LexML text gives no history, no entry into force, no
publication. The Civil Code is its original text (no "Redação dada", no "(Revogado)", no Alteracao); the bill
carries no identification (the test gives it the URN of the law it became, as tests/test_lexml.py does).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from invariants import assert_nothing_in_force_before_its_act, assert_windows_sound
from templates import ingested_copy
from test_lexml import brazil_sources

from lexrdf.errors import SourceError

LEXML = SHARED_DATA / "lexml"
CIVIL_CODE_JSON = LEXML / "codigocivil.json"
PLC = LEXML / "plc_artigos_agrupados.xml"
# codigocivil.json line 4: "@URN": "urn:lex:br:federal:lei:2002-01-10;10406"; line 14: "LEI Nº 10.406, DE 10 DE
# JANEIRO DE 2002"
CODE = f"{BASE}/eli/br/lei/2002-01-10/10406"
PLC_URN = "urn:lex:br:federal:lei:2010-12-22;12351"  # the law the bill became (tests/test_lexml.py)
PLC_ACT = f"{BASE}/eli/br/lei/2010-12-22/12351"

# Civil Code provisions: (path, number as its "Rotulo", words as its "p" / "NomeAgrupador"), codigocivil.json lines.
CIVIL_CODE = [
    ("art1/cpt", None, "Toda pessoa é capaz de direitos e deveres na ordem civil."),  # lines 50-51
    (
        "art2/cpt",  # lines 58-59
        None,
        "A personalidade civil da pessoa começa do nascimento com vida; mas a lei põe a salvo, desde a concepção, os "
        "direitos do nascituro.",
    ),
    ("art3/cpt/inc1", "I –", "os menores de dezesseis anos;"),  # lines 70-72
    (
        "art90/par1u",  # lines 1442-1444
        "Parágrafo único.",
        "Os bens que formam essa universalidade podem ser objeto de relações jurídicas próprias.",
    ),
    (
        "art186/cpt",  # lines 2593-2594
        None,
        "Aquele que, por ação ou omissão voluntária, negligência ou imprudência, violar direito e causar dano a "
        "outrem, ainda que exclusivamente moral, comete ato ilícito.",
    ),
    (
        "art206/par1/inc2/ali1",  # lines 2933-2935
        "a)",
        "para o segurado, no caso de seguro de responsabilidade civil, da data em que é citado para responder à ação "
        "de indenização proposta pelo terceiro prejudicado, ou da data que a este indeniza, com a anuência do "
        "segurador;",
    ),
    (
        "art421/cpt",  # lines 5533-5534
        None,
        "A liberdade de contratar será exercida em razão e nos limites da função social do contrato.",
    ),
    (
        "art1511/cpt",  # lines 20105-20106
        None,
        "O casamento estabelece comunhão plena de vida, com base na igualdade de direitos e deveres dos cônjuges.",
    ),
    ("art2044/cpt", None, "Este Código entrará em vigor 1 (um) ano após a sua publicação."),  # lines 27534-27536
    (
        "art2045/cpt",  # lines 27542-27544
        None,
        "Revogam-se a Lei nº 3.071, de 1º de janeiro de 1916 – Código Civil e a Parte Primeira do Código Comercial, "
        "Lei nº 556, de 25 de junho de 1850.",
    ),
    (
        "art2046/cpt",  # lines 27550-27552
        None,
        "Todas as remissões, em diplomas legislativos, aos Códigos referidos no artigo antecedente, consideram-se "
        "feitas às disposições correspondentes deste Código.",
    ),
    ("prt1/liv1/tit1/cap1", "CAPÍTULO I", None),  # lines 42-44, "NomeAgrupador": "DA PERSONALIDADE E DA CAPACIDADE"
]

# The bill's provisions: (path, number as its <Rotulo>, the words of its own <p>), plc_artigos_agrupados.xml lines.
BILL = [
    (
        "art1/cpt",  # lines 23-28
        None,
        "Esta Lei dispõe sobre a exploração e a produção de petróleo, de gás natural e de outros hidrocarbonetos "
        "fluidos em áreas do pré-sal e em áreas estratégicas, cria o Fundo Social - FS, dispõe sobre sua estrutura e "
        "fontes de recursos, e altera a Lei nº 9.478, de 6 de agosto de 1997.",
    ),
    ("art2/cpt", None, "Para os fins desta Lei, ficam estabelecidas as seguintes definições:"),  # lines 33-34
    (
        "art2/cpt/inc5",  # lines 66-70
        "V -",
        "área estratégica: região de interesse para o desenvolvimento nacional, delimitada em ato do Poder Executivo, "
        "caracterizada pelo baixo risco exploratório e elevado potencial de produção de petróleo, de gás natural e de "
        "outros hidrocarbonetos fluidos;",
    ),
    (
        "art2/cpt/inc12",  # lines 131-134
        "XII -",
        "bônus de assinatura: valor fixo devido à União pelo contratado, a ser pago no ato da celebração e nos termos "
        "do respectivo contrato de partilha de produção; e",
    ),
    (
        "art3/cpt",  # lines 147-153
        None,
        "A exploração e a produção de petróleo, de gás natural e de outros hidrocarbonetos fluidos na área do pré-sal "
        "e em áreas estratégicas serão contratadas pela União no regime de partilha de produção, na forma desta Lei.",
    ),
    (
        "art5/cpt",  # lines 173-176
        None,
        "A União não assumirá os riscos das atividades de exploração, avaliação, desenvolvimento e produção "
        "decorrentes dos contratos de partilha de produção.",
    ),
    ("art8/cpt/inc1", "I -", "xpto;"),  # lines 225-227
    (
        "art8/par1",  # lines 230-233
        "Parágrafo único.",
        "Nas hipóteses previstas neste Código e nas demais leis, pode ser autorizada somente a presença das partes ou "
        "de seus advogados.",
    ),
    ("art9/par6/inc1/ali1", "a)", "abcd;"),  # lines 277-279
    ("art9/par6/inc1/ali1/ite2", "2 -", "abcd;"),  # lines 284-286
    ("art9/par7/inc2", "II -", "xpto;"),  # lines 307-309
    (
        "cap2",
        "CAPÍTULO II",
        None,
    ),  # lines 214-216 (id="cap2", inside tit1), <NomeAgrupador>DAS OUTRAS DEFINIÇÕES </NomeAgrupador>
]


def with_urn(tmp_path: Path, text: str | None = None) -> Path:
    """The bill (or `text`, a variant of it) with a Metadado naming it by PLC_URN (the file has none)."""
    needs_shared(PLC)
    text = text or PLC.read_text(encoding="utf-8")
    text = text.replace("<ProjetoNorma>", f'<Metadado><Identificacao URN="{PLC_URN}"/></Metadado><ProjetoNorma>', 1)
    path = tmp_path / "plc.xml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def lexml(tmp_path_factory: pytest.TempPathFactory):
    folder = brazil_sources(tmp_path_factory)  # the Civil Code and the bill, as test_lexml ingests them
    store, summary = ingested_copy([folder / "codigocivil.xml", folder / "plc.xml"], tmp_path_factory, "lexml-truth")
    lex = open_lex(store)
    lex.summary = summary
    yield lex
    lex.close()


# -- the Civil Code ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "number", "words"), CIVIL_CODE, ids=[p for p, _, _ in CIVIL_CODE])
def test_civil_code_text_is_the_codes_own_and_nothing_changes_it(lexml, path, number, words):
    # one text per provision, brought into force by the Code itself and ended by nothing: the JSON holds no note, no
    # "(Revogado)", no Alteracao (its keys: @id, Rotulo, p, NomeAgrupador and the unit names only). Its URN (line 4)
    # dates the law 2002-01-10, the day it was made; art. 2.044 (line 27536) puts its entry into force "1 (um) ano
    # após a sua publicação", a publication the file does not date and which is not before the law's date: the
    # Code's commencement by that clause, at the earliest on 2003-01-10
    (version,) = lexml.versions(f"{CODE}/{path}")
    opened = version.opened_by
    assert (opened.type, opened.date, opened.source, version.closed_by, version.valid_until) == (
        "commencement",
        "2003-01-10",
        CODE,
        None,
        None,
    )
    assert version.opened_by.bound == "at-earliest"  # the day is the earliest the clause allows, not a date given
    assert version.opened_by.evidence == [
        "codigocivil.xml:20039: the act's entry into force, at the earliest on 2003-01-10: Este Código entrará em "
        "vigor 1 (um) ano após a sua publicação. (the source does not date the publication)"
    ]
    if words is not None:
        assert version.text == words
    if number is not None:
        assert version.number == number


@pytest.mark.parametrize(("path", "number", "words"), CIVIL_CODE, ids=[p for p, _, _ in CIVIL_CODE])
def test_civil_code_before_its_date_is_not_in_force(lexml, path, number, words):
    # the URN's date (line 4) is the day the law was made: nothing of it exists before
    for day in ("1916-01-01", "2001-12-31", "2002-01-09"):
        answer = lexml.text_at(f"{CODE}/{path}", day)
        assert (answer.status, answer.text) == ("not-yet-in-force", None)


@pytest.mark.parametrize(("path", "number", "words"), CIVIL_CODE, ids=[p for p, _, _ in CIVIL_CODE])
def test_civil_code_long_after_is_the_text_as_enacted_as_last_known(lexml, path, number, words):
    # the URN names no version (no "@date" after the number, line 4): the file is the Code as enacted, on
    # 2002-01-10; it vouches for nothing later
    answer = lexml.text_at(f"{CODE}/{path}", "2010-01-01")
    assert (answer.status, answer.current_to) == ("as-last-known", "2002-01-10")
    if words is not None:
        assert answer.text == words


@pytest.mark.parametrize("path", [p for p, _, _ in CIVIL_CODE], ids=[p for p, _, _ in CIVIL_CODE])
def test_civil_code_is_not_in_force_in_its_vacatio_legis(lexml, path):
    # art. 2.044 (lines 27532-27536): "Este Código entrará em vigor 1 (um) ano após a sua publicação." Publication
    # is never before the law's own date (2002-01-10, line 4), so nothing of the Code is in force before 2003-01-10;
    # when after that it entered into force the file does not say (no publication date)
    for day in ("2002-01-10", "2002-06-01", "2003-01-09"):
        answer = lexml.text_at(f"{CODE}/{path}", day)
        assert (answer.status, answer.text) == ("not-yet-in-force", None), day
        assert "enters into force at the earliest on 2003-01-10" in answer.message, day
    assert lexml.text_at(f"{CODE}/{path}", "2002-06-01").valid_from != "2002-01-10"
    # from the earliest day it can have entered into force, the file (the Code as made, line 4) vouches for nothing:
    # its text as last known, never a statement that it was in force that day
    answer = lexml.text_at(f"{CODE}/{path}", "2003-01-10")
    assert (answer.status, answer.current_to) == ("as-last-known", "2002-01-10")


def test_civil_code_groupings_keep_their_labels(lexml):
    # lines 42-44: "@id": "prt1_liv1_tit1_cap1", "Rotulo": "CAPÍTULO I", "NomeAgrupador": "DA PERSONALIDADE E DA
    # CAPACIDADE"; lines 3467-3469: "prt2", "PARTE II" (its Rotulo), "DA PARTE ESPECIAL"
    chapter = lexml.text_at(f"{CODE}/prt1/liv1/tit1/cap1", "2010-01-01")
    assert (chapter.number, chapter.heading) == ("CAPÍTULO I", "DA PERSONALIDADE E DA CAPACIDADE")
    part = lexml.text_at(f"{CODE}/prt2", "2010-01-01")
    assert (part.number, part.heading) == ("PARTE II", "DA PARTE ESPECIAL")


def test_civil_code_context_names_its_chain(lexml):
    # art3_cpt_inc1 (line 70) sits in art3_cpt (line 66), art3 (line 63), CAPÍTULO I prt1_liv1_tit1_cap1 (line 42),
    # TÍTULO I prt1_liv1_tit1 (line 37), LIVRO I prt1_liv1 (line 32), PARTE I prt1 (line 27)
    answer = lexml.run("context", {"provision": f"{CODE}/art3/cpt/inc1", "date": "2002-01-10"})
    assert [item["unit"] for item in answer["items"]] == [
        CODE,
        f"{CODE}/prt1",
        f"{CODE}/prt1/liv1",
        f"{CODE}/prt1/liv1/tit1",
        f"{CODE}/prt1/liv1/tit1/cap1",
        f"{CODE}/art3",
        f"{CODE}/art3/cpt",
        f"{CODE}/art3/cpt/inc1",
    ]


# -- the bill ----------------------------------------------------------------------------------------------------


def test_the_bill_as_published_is_refused_and_says_nothing(tmp_path):
    # lines 1-4: <LexML ...><ProjetoNorma>: no <Metadado>, so no URN: the bill names no act, no date; a bill is no
    # law in force. lexrdf refuses it and holds nothing of it.
    needs_shared(PLC)
    lex = open_lex(tmp_path / "store")
    try:
        with pytest.raises(SourceError, match="missing <Metadado>"):
            lex.ingest([PLC])
        assert not list(lex.store.sparql("SELECT * WHERE { GRAPH ?g { ?s ?p ?o } } LIMIT 1"))
    finally:
        lex.close()


@pytest.mark.parametrize(("path", "number", "words"), BILL, ids=[p for p, _, _ in BILL])
def test_bill_text_and_dates(lexml, path, number, words):
    # one text per provision, from the URN's date (the only date: the one the test gives), nothing ends it
    (version,) = lexml.versions(f"{PLC_ACT}/{path}")
    assert (version.opened_by.type, version.opened_by.source, version.closed_by) == ("enactment", PLC_ACT, None)
    assert version.opened_by.evidence == ["plc.xml:4: the act's date 2010-12-22 (its enactment)"]
    if words is not None:
        assert version.text == words
    if number is not None:
        assert version.number == number
    before = lexml.text_at(f"{PLC_ACT}/{path}", "2010-12-21")
    assert (before.status, before.text) == ("not-yet-in-force", None)
    later = lexml.text_at(f"{PLC_ACT}/{path}", "2011-06-01")
    assert (later.status, later.current_to) == ("as-last-known", "2010-12-22")


def test_bill_commented_out_words_and_omissis_are_no_text(lexml):
    # art. 6 caput (lines 181-201): the <p> at lines 183-187 is inside <!-- -->; the amending words (line 189) and
    # the quoted new text of art. 1 of Lei 11.340 (lines 194, 196) are its text; the Omissis (lines 195, 197) none
    text = lexml.versions(f"{PLC_ACT}/art6/cpt")[0].text
    assert text.startswith(
        "O art. 1º da Lei nº 11.340, de 7 de agosto de 2006, passa a vigorar com a seguinte redação:"
    )
    assert "Atividades de exploração, avaliação" in text and "Os custos e os investimentos" not in text


def test_bill_amends_lei_11340_by_the_dispositivos_holding_the_alteracao(lexml):
    # line 83: <Alteracao id="art2_cpt_inc7_alt1" xml:base="urn:lex:br:federal:lei:2006-08-07;11340"> in inciso VII
    # of art. 2 with <Artigo id="art2_cpt_inc7_alt1_art1" ... notaAlteracao="NR"> (line 84) and "..._art7" (line 92);
    # line 190: <Alteracao id="art6_cpt_alt1" ...> in art. 6 caput with "art6_cpt_alt1_art1" NR (line 191). NR (nova
    # redação) is a substitution; the file gives no date but the act's own
    rows = list(
        lexml.store.sparql(
            "PREFIX lex: <https://w3id.org/lexrdf/ontology#>\n"
            "SELECT ?e ?kind ?target ?date ?by ?affects WHERE { ?e lex:sourceAct <" + PLC_ACT + "> ; "
            "lex:targetPortion ?target ; lex:date ?date ; lex:affects ?affects ; lex:sourceProvision ?by ; a ?kind . "
            "FILTER (?kind IN (lex:Substitution, lex:Insertion, lex:Amendment)) }"
        )
    )
    # one event: the substitutions the act made in Lei 11.340 on its day
    assert {(r["kind"].value.rsplit("#", 1)[1], r["date"].value) for r in rows} == {("Substitution", "2010-12-22")}
    assert {r["target"].value for r in rows} == {
        "urn:lex:br:federal:lei:2006-08-07;11340#art1",
        "urn:lex:br:federal:lei:2006-08-07;11340#art7",
    }
    held = f"{BASE}/eli/ref/urn-lex-br-federal-lei-2006-08-07-11340"  # Lei 11.340, known by reference only
    assert {r["affects"].value for r in rows} == {f"{held}/art1", f"{held}/art7"}
    assert {r["by"].value for r in rows} == {f"{PLC_ACT}/art2/cpt/inc7", f"{PLC_ACT}/art6/cpt"}
    # and the act's impact lists both provisions of Lei 11.340 as substituted on that day
    changed = {(i.provision, i.type, i.date) for i in lexml.impact(PLC_ACT).items if i.type != "enactment"}
    assert changed == {(f"{held}/art1", "substitution", "2010-12-22"), (f"{held}/art7", "substitution", "2010-12-22")}


# -- invariants over both --------------------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"^\(*\s*(?:revogad[oa]s?|vetad[oa]s?)\b.*$", re.IGNORECASE)


def test_invariants_hold_over_the_lexml_store(lexml):
    assert assert_windows_sound(lexml) > 6000  # every provision of both acts
    assert assert_nothing_in_force_before_its_act(lexml, lexml.summary.notices) == 0
    rows = lexml.store.sparql(
        "PREFIX lex: <https://w3id.org/lexrdf/ontology#>\n"
        "SELECT ?t WHERE { ?v lex:versionOf ?p . ?r lex:recordOf ?v ; lex:expression ?e . ?e lex:text ?t }"
    )
    assert not [r["t"].value for r in rows if PLACEHOLDER.match(r["t"].value.strip())]


# What a consolidated LexML text shows for a repealed or vetoed dispositivo. The corpus holds none, so the rule is
# tried on the bill with three of its texts replaced as such a text would show them.
PLACEHOLDERS = {
    "art9/par2": "(Revogado).",  # lines 250-254
    "art9/par4": "(Revogado pela Lei nº 13.105, de 2015)",  # lines 260-264
    "art9/par6/inc2": "(VETADO)",  # lines 294-297
}


def test_repeal_and_veto_placeholders_are_never_text_in_force(tmp_path):
    needs_shared(PLC)
    text = PLC.read_text(encoding="utf-8")
    lines = text.split("\n")
    for path, placeholder in PLACEHOLDERS.items():
        eid = path.replace("/", "_")
        start = next(i for i, line in enumerate(lines) if f'id="{eid}"' in line)
        end = next(i for i in range(start, len(lines)) if "</p>" in lines[i])
        first = next(i for i in range(start, end + 1) if "<p>" in lines[i])
        lines[first : end + 1] = [f"<p>{placeholder}</p>"] + [""] * (end - first)
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([with_urn(tmp_path, "\n".join(lines))])
        for path in PLACEHOLDERS:
            assert lex.versions(f"{PLC_ACT}/{path}") == []
            for day in ("2010-12-21", "2010-12-22", "2011-06-01"):
                answer = lex.text_at(f"{PLC_ACT}/{path}", day)
                assert answer.text is None and answer.status not in ("in-force", "as-last-known"), (path, day)
        # its neighbours keep their words (line 256, art. 9 § 3; line 276, art. 9 § 6 I)
        assert lex.text_at(f"{PLC_ACT}/art9/par3", "2010-12-22").text.startswith("Nas hipóteses previstas")
        assert lex.text_at(f"{PLC_ACT}/art9/par6/inc1", "2010-12-22").text == "abcd;"
    finally:
        lex.close()


def test_civil_code_json_holds_no_placeholder():
    # the rule above has nothing to act on in the Code: no "p" is a repeal or veto placeholder
    needs_shared(CIVIL_CODE_JSON)
    texts: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("p"), str):
                texts.append(node["p"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(json.loads(CIVIL_CODE_JSON.read_text(encoding="utf-8")))
    assert len(texts) == 3595 and not [t for t in texts if PLACEHOLDER.match(t)]
