"""LexML Brasil (mappings/lexml.yaml) on real files: the Civil Code (../shared/data/lexml/codigocivil.json, converted
back to LexML XML by tests/lexml_json.py) and a Senate bill with amendment blocks (plc_artigos_agrupados.xml).

Expected values are read from the sources in the test itself (the JSON, or the XML with lxml), never from lexrdf.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from conftest import BASE, SHARED_DATA, needs_shared, open_lex
from lexml_json import convert
from lxml import etree
from templates import ingested_copy, shared_folder

from lexrdf.errors import SourceError
from lexrdf.mapping.engine import read_document

LEXML_DIR = SHARED_DATA / "lexml"
CIVIL_CODE_JSON = LEXML_DIR / "codigocivil.json"
PLC = LEXML_DIR / "plc_artigos_agrupados.xml"
NS = {"l": "http://www.lexml.gov.br/1.0"}
CODE = f"{BASE}/eli/br/lei/2002-01-10/10406"  # Lei nº 10.406, de 10 de janeiro de 2002 (the Civil Code)
URN = "urn:lex:br:federal:lei:2002-01-10;10406"  # codigocivil.json, "Metadado" / "Identificacao" / "@URN"
# The bill carries no Metadado: the test gives it the URN of the law it became (Lei nº 12.351, de 22 de dezembro de
# 2010, on the production-sharing regime in the pre-salt areas, whose ementa the bill's Ementa is).
PLC_URN = "urn:lex:br:federal:lei:2010-12-22;12351"
PLC_ACT = f"{BASE}/eli/br/lei/2010-12-22/12351"
TARGET_URN = "urn:lex:br:federal:lei:2006-08-07;11340"  # the bill's Alteracao blocks: xml:base (lines 83 and 190)

# The LexML elements that are provisions and the unit type each becomes (the mapping's table, restated as the spec).
UNIT_TYPES = {
    "Parte": "part",
    "Livro": "book",
    "Titulo": "title",
    "Subtitulo": "subtitle",
    "Capitulo": "chapter",
    "Secao": "section",
    "Subsecao": "subsection",
    "Artigo": "article",
    "Caput": "caput",
    "Paragrafo": "paragraph",
    "Inciso": "item",
    "Alinea": "point",
    "Item": "subitem",
}


def words(text: str) -> str:
    return " ".join(text.split())


def own_units(path: Path) -> Counter:
    """Units per type as lxml counts them: elements of a unit kind with an id, outside every Alteracao."""
    tree = etree.parse(str(path))
    found: Counter = Counter()
    for name, unit_type in UNIT_TYPES.items():
        found[unit_type] += len(tree.xpath(f"//l:{name}[@id][not(ancestor::l:Alteracao)]", namespaces=NS))
    return +found


@pytest.fixture(scope="module")
def civil_code(tmp_path_factory) -> Path:
    """The Civil Code converted from its JSON (tests/lexml_json.py) once a run, beside the bill (`plc`)."""
    return brazil_sources(tmp_path_factory) / "codigocivil.xml"


def brazil_sources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's one folder of the Civil Code converted from its JSON (codigocivil.xml) and the bill with a Metadado
    naming it by PLC_URN (plc.xml): test_truth_lexml ingests the same files, so one ingest serves both."""
    needs_shared(CIVIL_CODE_JSON)

    def make(folder: Path) -> None:
        convert(CIVIL_CODE_JSON, folder / "codigocivil.xml")
        with_urn(folder)

    return shared_folder("lexml-br", tmp_path_factory, make)


@pytest.fixture(scope="module")
def civil_code_json() -> dict:
    needs_shared(CIVIL_CODE_JSON)
    return json.loads(CIVIL_CODE_JSON.read_text(encoding="utf-8"))


def with_urn(tmp_path: Path, urn: str = PLC_URN) -> Path:
    """The bill with a Metadado naming it by `urn` (the file has none)."""
    needs_shared(PLC)
    text = PLC.read_text(encoding="utf-8")
    text = text.replace("<ProjetoNorma>", f'<Metadado><Identificacao URN="{urn}"/></Metadado><ProjetoNorma>', 1)
    path = tmp_path / "plc.xml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def plc(tmp_path_factory) -> Path:
    return brazil_sources(tmp_path_factory) / "plc.xml"


@pytest.fixture(scope="module")
def lexml_lex(tmp_path_factory, civil_code, plc):
    store, _summary = ingested_copy([civil_code, plc], tmp_path_factory, "lexml-store")
    instance = open_lex(store)
    yield instance
    instance.close()


def json_texts(node, found: dict[str, str]) -> dict[str, str]:
    """id -> the words of its own ``p`` for every dispositivo of the JSON rendering."""
    if isinstance(node, dict):
        if "@id" in node and isinstance(node.get("p"), str):
            found[node["@id"]] = words(node["p"])
        for value in node.values():
            for child in value if isinstance(value, list) else [value]:
                json_texts(child, found)
    return found


# -- the mapping -------------------------------------------------------------------------------------------------


def test_civil_code_units_per_type_match_the_source(civil_code):
    document = read_document(civil_code)
    assert Counter(unit.unit_type for unit in document.units) == own_units(civil_code)
    # as counted in the JSON: 2046 articles (Art. 1º to Art. 2.046), each with its caput
    assert own_units(civil_code)["article"] == 2046 == own_units(civil_code)["caput"]


def test_civil_code_identification_comes_from_the_urn(civil_code):
    document = read_document(civil_code)
    assert (document.frbr_work, document.jurisdiction, document.act_type, document.act_number) == (
        URN,
        "br",
        "lei",
        "10406",
    )
    assert (str(document.work_date), str(document.expression_date), document.language) == (
        "2002-01-10",
        "2002-01-10",
        "pt",
    )
    # "Epigrafe" / "#text" and "Ementa" / "#text" of codigocivil.json
    assert document.title == "LEI Nº 10.406, DE 10 DE JANEIRO DE 2002"
    assert document.short_title == "Institui o Código Civil."


def test_civil_code_texts_numbers_and_headings_match_the_json(civil_code, civil_code_json):
    units = {unit.eid: unit for unit in read_document(civil_code).units}
    expected = json_texts(civil_code_json["ProjetoNorma"]["Norma"]["Articulacao"], {})
    assert len(expected) > 3500
    assert {eid: units[eid].text for eid in expected} == expected
    first_chapter = civil_code_json["ProjetoNorma"]["Norma"]["Articulacao"]["Parte"][0]["Livro"][0]["Titulo"][0][
        "Capitulo"
    ][0]
    chapter = units[first_chapter["@id"]]
    assert (chapter.unit_type, chapter.number, chapter.heading, chapter.path) == (
        "chapter",
        first_chapter["Rotulo"],  # "CAPÍTULO I"
        first_chapter["NomeAgrupador"],  # "DA PERSONALIDADE E DA CAPACIDADE"
        "prt1/liv1/tit1/cap1",
    )
    article = units["art1"]
    assert (article.number, article.parent_path, units["art1_cpt"].parent_path) == ("Art. 1º", chapter.path, "art1")
    assert units["art1_cpt"].text == "Toda pessoa é capaz de direitos e deveres na ordem civil."


def test_bill_units_leave_out_the_amended_acts_text(plc):
    document = read_document(plc)
    assert Counter(unit.unit_type for unit in document.units) == own_units(plc)
    eids = {unit.eid for unit in document.units}
    assert "art2_cpt_inc7" in eids and not any("_alt" in eid for eid in eids)
    units = {unit.eid: unit for unit in document.units}
    tree = etree.parse(str(plc))
    for eid in ("art1_cpt", "art2_cpt_inc1", "art8_par1"):
        (element,) = tree.xpath(f"//*[@id='{eid}']/l:p", namespaces=NS)
        assert units[eid].text == words("".join(element.itertext()))
    assert units["art2_cpt_inc1"].number == "I -"  # line 35: <Rotulo> I - </Rotulo>
    assert (units["tit1"].number, units["tit1"].heading) == ("TÍTULO I", "DAS DEFINIÇÕES...")
    # the commented-out <p> of art. 6 (lines 173-179) is no text; the amending words and the quoted new text are
    assert units["art6_cpt"].text.startswith("O art. 1º da Lei nº 11.340, de 7 de agosto de 2006, passa a vigorar")
    assert "Atividades de exploração, avaliação" in units["art6_cpt"].text
    assert "Os custos e os investimentos" not in units["art6_cpt"].text


def test_alteracao_blocks_are_changes_to_the_target_act(plc):
    changes = read_document(plc).active_modifications
    # lines 84, 92 (in art. 2, VII) and 191 (in art. 6): Artigo ids art2_cpt_inc7_alt1_art1, ..._art7,
    # art6_cpt_alt1_art1, each notaAlteracao="NR" (nova redação: a substitution)
    assert [(c.kind, c.target_work, c.target, c.source_path, c.line) for c in changes] == [
        ("substitution", TARGET_URN, "art1", "art2/cpt/inc7", 84),
        ("substitution", TARGET_URN, "art7", "art2/cpt/inc7", 92),
        ("substitution", TARGET_URN, "art1", "art6/cpt", 191),
    ]
    assert {str(c.effective) for c in changes} == {"2010-12-22"}  # no other date: the act's own
    assert changes[0].destination == f"{TARGET_URN}#art1"


# -- bad input ---------------------------------------------------------------------------------------------------


def test_lexml_without_identification_is_refused_naming_file_line_and_element(tmp_path, lex):
    needs_shared(PLC)
    bad = tmp_path / "no-metadado.xml"
    bad.write_text(PLC.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        read_document(bad)
    assert str(raised.value).startswith(f"{bad}:3: missing <Metadado>")  # <LexML ...>, lines 2-3 (lxml: its last)
    with pytest.raises(SourceError):
        lex.ingest([bad])
    assert not list(lex.store.sparql("SELECT * WHERE { GRAPH ?g { ?s ?p ?o } } LIMIT 1"))


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (('id="art3" >', 'id="art 3" >'), 145, "id 'art 3' of <Artigo> has characters outside the ELI pattern"),
        (('id="art5" >', 'id="art4" >'), 171, "duplicate id 'art4' on <Artigo> (first on <Artigo> at line 162)"),
        ((PLC_URN, "urn:lex:br:federal:lei:2010-13-45;12351"), 4, "work_date <Identificacao URN> '2010-13-45'"),
    ],
)
def test_lexml_that_does_not_fit_its_mapping_is_refused_and_nothing_written(tmp_path, lex, change, line, message):
    path = with_urn(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace(*change, 1), encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        lex.ingest([path])
    assert f"{path}:{line}: " in str(raised.value) and message in str(raised.value)
    assert not list(lex.store.sparql("SELECT * WHERE { GRAPH ?g { ?s ?p ?o } } LIMIT 1"))


# -- the query library over LexML data ---------------------------------------------------------------------------


def test_resolve_finds_acts_and_provisions_by_urn_lex(lexml_lex):
    assert lexml_lex.resolve(URN).provision == CODE
    assert lexml_lex.resolve(f"{URN}#art3_cpt_inc1").provision == f"{CODE}/art3/cpt/inc1"
    assert lexml_lex.resolve(f"{URN}~art3").provision == f"{CODE}/art3"
    # the amended act is known by reference under its URN until it is ingested
    assert lexml_lex.resolve(TARGET_URN).kind == "act"


def test_text_at_and_versions_over_lexml(lexml_lex, civil_code_json):
    caput = civil_code_json["ProjetoNorma"]["Norma"]["Articulacao"]["Parte"][0]["Livro"][0]["Titulo"][0]["Capitulo"][0][
        "Artigo"
    ][1]["Caput"]  # art2_cpt
    # art. 2.044 (codigocivil.json line 27536): "Este Código entrará em vigor 1 (um) ano após a sua publicação", a
    # publication not before the law's date (2002-01-10, its URN): by that clause, at the earliest on 2003-01-10
    answer = lexml_lex.run("text-at", {"provision": f"{CODE}/art2/cpt", "date": "2003-01-10"})
    assert (answer["text"], answer["valid_from"], answer["opened_by"]["type"]) == (
        caput["p"],
        "2003-01-10",
        "commencement",
    )
    before = lexml_lex.run("text-at", {"provision": f"{CODE}/art2/cpt", "date": "2001-12-31"})
    assert before["status"] == "not-yet-in-force"
    (version,) = lexml_lex.run("versions", {"provision": f"{CODE}/art2/cpt"})
    assert (version["text"], version["valid_from"], version["valid_until"]) == (caput["p"], "2003-01-10", None)


def test_context_and_descendants_over_lexml(lexml_lex, civil_code):
    tree = etree.parse(str(civil_code))
    (inciso,) = tree.xpath("//l:Inciso[@id='art3_cpt_inc1']", namespaces=NS)
    chain = [e.get("id") for e in reversed(list(inciso.iterancestors())) if e.get("id")] + ["art3_cpt_inc1"]
    answer = lexml_lex.run("context", {"provision": f"{CODE}/art3/cpt/inc1", "date": "2003-01-10"})
    paths = [item["unit"] for item in answer["items"]]
    assert paths == [CODE] + [f"{CODE}/{path_of(tree, eid)}" for eid in chain]
    assert answer["items"][-1]["text"] == "os menores de dezesseis anos;"  # codigocivil.json, art3_cpt_inc1

    (chapter,) = tree.xpath("//l:Capitulo[@id='prt1_liv1_tit1_cap1']", namespaces=NS)
    below = [e.get("id") for e in chapter.iterdescendants() if e.get("id") and etree.QName(e).localname in UNIT_TYPES]
    answer = lexml_lex.run("descendants", {"provision": f"{CODE}/prt1/liv1/tit1/cap1", "date": "2003-01-10"})
    assert answer["count"] == len(below)
    assert [item["unit"] for item in answer["items"]] == [f"{CODE}/{path_of(tree, eid)}" for eid in below]


def path_of(tree: etree._ElementTree, eid: str) -> str:
    return eid.replace("_", "/")


def test_amendments_become_events_on_the_target(tmp_path, plc):
    """The bill amends Lei 11.340: ingested after a LexML text of that law, its changes are events on art. 1 and
    art. 7, made by the provisions holding the Alteracao blocks."""
    target = tmp_path / "lei-11340.xml"
    target.write_text(TARGET_LEXML, encoding="utf-8")
    lex = open_lex(tmp_path / "store")
    try:
        lex.ingest([target, plc])
        act = f"{BASE}/eli/br/lei/2006-08-07/11340"
        rows = {(i.provision, i.type, i.date) for i in lex.impact(PLC_ACT).items if i.type != "enactment"}
        assert rows == {(f"{act}/art1", "substitution", "2010-12-22"), (f"{act}/art7", "substitution", "2010-12-22")}
        assert lex.resolve(f"{TARGET_URN}#art7_cpt").provision == f"{act}/art7/cpt"
    finally:
        lex.close()


# A hand-written LexML text of the target (abridged: two articles, the ids the bill's Alteracao blocks name).
TARGET_LEXML = """<?xml version="1.0" encoding="UTF-8"?>
<LexML xmlns="http://www.lexml.gov.br/1.0">
  <Metadado><Identificacao URN="urn:lex:br:federal:lei:2006-08-07;11340"/></Metadado>
  <Norma>
    <ParteInicial><Epigrafe id="epigrafe">LEI Nº 11.340, DE 7 DE AGOSTO DE 2006</Epigrafe></ParteInicial>
    <Articulacao>
      <Artigo id="art1"><Rotulo>Art. 1º</Rotulo><Caput id="art1_cpt"><p>Esta Lei cria mecanismos.</p></Caput></Artigo>
      <Artigo id="art7"><Rotulo>Art. 7º</Rotulo><Caput id="art7_cpt"><p>São formas de violência.</p></Caput></Artigo>
    </Articulacao>
  </Norma>
</LexML>
"""
