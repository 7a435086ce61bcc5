"""The mapping engine: the rule language (spec.py, paths.py), routing by root element and namespace, mixed folders,
unknown formats, and the mappings shipping inside the installed wheel."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from conftest import BASE, REPO, SAMPLES, open_lex
from lxml import etree

from lexrdf.errors import MappingError, SourceError
from lexrdf.mapping.engine import map_document, read_document
from lexrdf.mapping.spec import MAPPINGS_DIR, all_mappings, load_mapping, mapping_for_root, merge

AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
LEXML = "http://www.lexml.gov.br/1.0"
HARBOUR = SAMPLES / "single" / "harbour-act.xml"
SMALL_LEXML = """<?xml version="1.0" encoding="UTF-8"?>
<LexML xmlns="http://www.lexml.gov.br/1.0">
  <Metadado><Identificacao URN="urn:lex:br:federal:lei:1990-09-11;8078"/></Metadado>
  <Norma>
    <ParteInicial><Epigrafe id="epigrafe">LEI Nº 8.078, DE 11 DE SETEMBRO DE 1990</Epigrafe></ParteInicial>
    <Articulacao>
      <Artigo id="art1"><Rotulo>Art. 1º</Rotulo>
        <Caput id="art1_cpt"><p>O presente código estabelece normas de proteção e defesa do consumidor.</p></Caput>
      </Artigo>
    </Articulacao>
  </Norma>
</LexML>
"""


def lexrdf(*args: str, cwd: Path | None = None, python: str = sys.executable) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LEXRDF_BASE_IRI": BASE}
    command = [python, "-m", "lexrdf.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=cwd, env=env)


# -- the rule language -------------------------------------------------------------------------------------------


def test_extends_merges_dictionaries_units_included_and_null_removes(tmp_path):
    (tmp_path / "base.yaml").write_text(
        "name: base\nroot: {element: r, namespace: 'urn:b'}\nnamespaces: {a: 'urn:b'}\ncontexts: {doc: '.'}\n"
        "identifier: {attribute: eId, separator: '__'}\nidentification: {work_uri: ['doc:@id']}\n"
        "units: {part: part, level: level, article: article}\n",
        encoding="utf-8",
    )
    (tmp_path / "child.yaml").write_text(
        "name: child\nextends: base.yaml\nroot: {namespace: 'urn:c'}\nidentifier: {separator: '_'}\n"
        "units: {level: null, book: book}\n",
        encoding="utf-8",
    )
    child = load_mapping(tmp_path / "child.yaml")
    assert child.rules["units"] == {"part": "part", "article": "article", "book": "book"}
    assert (child.root_element, child.namespace, child.id_attribute, child.separator) == ("r", "urn:c", "eId", "_")
    assert mapping_for_root("r", "urn:c", tmp_path) is child
    assert mapping_for_root("r", "urn:x", tmp_path) is None


def test_a_mapping_that_is_itself_wrong_is_refused(tmp_path):
    (tmp_path / "a.yaml").write_text("name: a\nextends: b.yaml\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("name: b\nextends: a.yaml\n", encoding="utf-8")
    with pytest.raises(MappingError, match="cycle"):
        load_mapping(tmp_path / "a.yaml")
    (tmp_path / "c.yaml").write_text("name: c\nroot: {element: r, namespace: x}\n", encoding="utf-8")
    with pytest.raises(MappingError, match="missing required key"):
        load_mapping(tmp_path / "c.yaml")


def test_akn_profiles_extend_akn_and_keep_its_units():
    akn, de = load_mapping(MAPPINGS_DIR / "akn.yaml"), load_mapping(MAPPINGS_DIR / "legaldocml-de.yaml")
    assert de.rules["units"] == akn.rules["units"]
    assert (de.id_attribute, de.separator, akn.separator) == ("eId", "_", "__")
    assert merge(akn.rules["identification"], de.rules["identification"]) == de.rules["identification"]


def test_every_mapping_has_its_own_root_and_the_known_formats_are_peers():
    mappings = all_mappings()
    roots = [(m.root_element, m.namespace) for m in mappings]
    assert len(set(roots)) == len(roots)
    assert {"akn", "akn-wd17", "legaldocml.de", "lexml"} <= {m.name for m in mappings}
    for mapping in mappings:
        assert mapping_for_root(mapping.root_element, mapping.namespace) is mapping


def test_paths_read_literals_regex_groups_and_report_missing_contexts(tmp_path):
    path = tmp_path / "x.xml"
    path.write_text(SMALL_LEXML, encoding="utf-8")
    document = read_document(path)
    assert (document.language, document.act_type, document.act_number) == ("pt", "lei", "8078")
    mapping = load_mapping(MAPPINGS_DIR / "lexml.yaml")
    broken = etree.ElementTree(etree.fromstring(SMALL_LEXML.split("\n", 1)[1].replace("Metadado", "Outro")))
    with pytest.raises(SourceError, match="missing <Metadado>"):
        map_document(str(path), broken, mapping)


# -- routing -----------------------------------------------------------------------------------------------------


def test_a_folder_may_mix_formats(tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    shutil.copy(HARBOUR, folder / "harbour-act.xml")
    (folder / "cdc.xml").write_text(SMALL_LEXML, encoding="utf-8")
    lex = open_lex(tmp_path / "store")
    try:
        summary = lex.ingest([folder])
        assert sorted(summary.act_iris) == [f"{BASE}/eli/br/lei/1990-09-11/8078", f"{BASE}/eli/xx/act/1995-05-10/3"]
        answer = lex.run("text-at", {"provision": f"{BASE}/eli/br/lei/1990-09-11/8078/art1/cpt", "date": "2000-01-01"})
        assert answer["text"] == "O presente código estabelece normas de proteção e defesa do consumidor."
    finally:
        lex.close()


def test_a_file_of_no_known_format_is_one_line_naming_it_and_the_formats_known(tmp_path):
    unknown = tmp_path / "feed.xml"
    unknown.write_text('<?xml version="1.0"?>\n<rss xmlns="urn:example:rss">\n<channel/>\n</rss>\n', encoding="utf-8")
    result = lexrdf("ingest", str(HARBOUR), str(unknown), "--store", str(tmp_path / "store"))
    assert result.returncode == 1
    (line,) = result.stderr.strip().splitlines()
    assert f"{unknown}:2: root <rss> in namespace 'urn:example:rss' is not Akoma Ntoso" in line
    for mapping in all_mappings():
        assert mapping.describe() in line
    assert f"lexml (<LexML> in {LEXML})" in line and f"akn (<akomaNtoso> in {AKN})" in line


def test_a_root_in_a_known_namespace_but_another_element_is_unknown(tmp_path):
    wrong = tmp_path / "norma.xml"
    wrong.write_text(f'<Norma xmlns="{LEXML}"/>\n', encoding="utf-8")
    with pytest.raises(SourceError, match=r"norma\.xml:1: root <Norma> in namespace"):
        read_document(wrong)


# -- package data ------------------------------------------------------------------------------------------------


def test_the_wheel_ships_the_mappings_shapes_and_ontology_and_ingests_outside_the_repository(tmp_path):
    """Build the wheel offline, install it into a fresh virtual environment (its dependencies seen from this one),
    and ingest an AKN and a LexML file from a directory outside the repository."""
    wheels = tmp_path / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "--no-index", "--no-build-isolation"]
    built = subprocess.run([*build, "-q", "-w", str(wheels)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("lexrdf-*.whl")
    listing = subprocess.run(
        [sys.executable, "-m", "zipfile", "-l", str(wheel)], capture_output=True, text=True, check=True
    ).stdout
    for mapping in sorted(MAPPINGS_DIR.glob("*.yaml")):
        assert f"lexrdf/mappings/{mapping.name}" in listing
    assert "lexrdf/shapes/lexrdf-shapes.ttl" in listing and "lexrdf/ontology/lexrdf.ttl" in listing
    assert "lexrdf/queries/text-at.rq" in listing

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    install = [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q", str(wheel)]
    installed = subprocess.run(install, capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], capture_output=True, text=True
    ).stdout.strip()
    # the dependencies (not lexrdf: the checkout's editable install is a finder in a .pth, not read from here)
    Path(site, "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    shutil.copy(HARBOUR, outside / "harbour-act.xml")
    (outside / "cdc.xml").write_text(SMALL_LEXML, encoding="utf-8")
    where = subprocess.run(
        [python, "-c", "import lexrdf; print(lexrdf.__file__)"], capture_output=True, text=True, cwd=outside
    )
    assert where.stdout.startswith(site), where.stdout + where.stderr
    result = lexrdf("ingest", str(outside), "--store", str(outside / "store"), cwd=outside, python=python)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("2 acts")


def test_local_names_are_cached_up_to_a_bound_and_right_past_it():
    from lexrdf.mapping.paths import LOCAL_NAMES, local_name

    tags = [f"{{urn:hostile}}t{n}" for n in range(LOCAL_NAMES.MOST + 500)]  # a source naming thousands of tags
    names = [local_name(etree.Element(tag)) for tag in tags]
    assert names == [f"t{n}" for n in range(LOCAL_NAMES.MOST + 500)]
    assert len(LOCAL_NAMES) <= LOCAL_NAMES.MOST
    assert local_name(etree.Comment("a note")) == local_name(etree.ProcessingInstruction("pi")) == ""
