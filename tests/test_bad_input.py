"""Bad input: one line naming file, line and problem; a non-zero exit; the store unchanged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLES

from lexrdf.errors import SourceError
from lexrdf.mapping.engine import read_document
from lexrdf.mapping.xmlsafe import parse_xml

GOOD = SAMPLES / "expressions" / "open-data-act@2001-04-01.xml"
AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"


def lexrdf(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lexrdf.cli", *args], capture_output=True, text=True, timeout=120)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


BROKEN_DATE = GOOD.read_text(encoding="utf-8").replace(
    '<FRBRdate date="2001-04-01" name="expression"', '<FRBRdate date="2001-13-45" name="expression"', 1
)

CASES = {
    "not-well-formed.xml": (
        f'<akomaNtoso xmlns="{AKN}">\n<act>\n<meta></act>\n</akomaNtoso>\n',
        3,
        "not well-formed XML",
    ),
    "not-akn.xml": ("<html>\n<body/>\n</html>\n", 1, "is not Akoma Ntoso"),
    "no-frbr.xml": (
        f'<akomaNtoso xmlns="{AKN}">\n<act name="x">\n<meta>\n<identification source="#s"/>\n'
        "</meta>\n<body/>\n</act>\n</akomaNtoso>\n",
        4,
        "missing FRBR identification",
    ),
    "bad-date.xml": (BROKEN_DATE, BROKEN_DATE[: BROKEN_DATE.index("2001-13-45")].count("\n") + 1, "is not a date"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_cli_reports_file_line_and_problem_and_leaves_the_store_unchanged(tmp_path, name):
    text, line, problem = CASES[name]
    bad = write(tmp_path, name, text)
    store = tmp_path / "store"
    assert lexrdf("ingest", str(GOOD), "--store", str(store)).returncode == 0

    def act_versions() -> str:
        provision = "provision=https://lexrdf.example.org/eli/xx/act/2001-03-14/12"
        return lexrdf("query", "versions", "-p", provision, "--store", str(store)).stdout

    before = act_versions()

    result = lexrdf("ingest", str(GOOD), str(SAMPLES / "single"), str(bad), "--store", str(store))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"{bad}:{line}:" in lines[0] and problem in lines[0]
    assert "Traceback" not in result.stderr
    # nothing of the batch was written: the Harbour Act (good, in the same batch) is not in the store
    harbour = lexrdf("query", "resolve", "-p", "ref=/akn/xx/act/1995-05-10/3", "--store", str(store))
    assert '"unknown-reference"' in harbour.stdout
    assert act_versions() == before


def test_verbose_adds_detail(tmp_path):
    bad = write(tmp_path, "broken.xml", "<a>\n<b>\n</a>\n")
    result = lexrdf("ingest", str(bad), "--store", str(tmp_path / "store"), "--verbose")
    assert result.returncode == 1 and "Traceback" in result.stderr


def test_missing_path(tmp_path):
    result = lexrdf("ingest", str(tmp_path / "nope.xml"), "--store", str(tmp_path / "store"))
    assert result.returncode == 1 and "no such file or directory" in result.stderr


def test_entity_expansion_is_refused(tmp_path):
    laughs = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n'
        f'<akomaNtoso xmlns="{AKN}">&lol2;</akomaNtoso>\n'
    )
    with pytest.raises(SourceError, match="entities"):
        parse_xml(write(tmp_path, "laughs.xml", laughs))


def test_external_entities_are_not_resolved(tmp_path):
    secret = write(tmp_path, "secret.txt", "TOP-SECRET")
    xxe = (
        f'<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY xxe SYSTEM "file://{secret}">]>\n'
        f'<akomaNtoso xmlns="{AKN}"><act>&xxe;</act></akomaNtoso>\n'
    )
    with pytest.raises(SourceError):
        read_document(write(tmp_path, "xxe.xml", xxe))


def test_two_files_disagreeing_about_one_expression_are_refused(tmp_path, lex):
    text = GOOD.read_text(encoding="utf-8")
    other = write(tmp_path, "other.xml", text.replace("within twelve months", "within ten months"))
    duplicate = write(tmp_path, "duplicate.xml", text)
    line = next(n for n, words in enumerate(text.splitlines(), 1) if 'eId="art_3__para_2"' in words)
    with pytest.raises(SourceError, match="art_3__para_2 reads otherwise than in .* for the same expression") as error:
        lex.ingest([GOOD, other])
    assert error.value.line == line
    assert lex.store.quad_count() == 0
    assert lex.ingest([GOOD, duplicate]).versions > 0  # an identical copy is only read once


def test_a_dtd_is_refused_so_no_attribute_comes_from_outside_the_body(tmp_path, lex):
    # an internal subset's ATTLIST default would give every <article> an eId the body never wrote
    good = GOOD.read_text(encoding="utf-8")
    start = good.index("<akomaNtoso")
    declared = "<!DOCTYPE akomaNtoso [\n<!ATTLIST article eId CDATA 'art_99'>\n]>\n"
    hidden = write(tmp_path, "hidden.xml", good[:start] + declared + good[start:])
    line = good[:start].count("\n") + 1
    with pytest.raises(SourceError, match=r"declares a DTD") as refused:
        lex.ingest([hidden])
    assert (refused.value.path, refused.value.line) == (str(hidden), line)
    assert lex.store.quad_count() == 0
    plain = write(tmp_path, "plain.xml", good[:start] + "<!DOCTYPE akomaNtoso>\n" + good[start:])
    with pytest.raises(SourceError, match=r"declares a DTD"):
        parse_xml(plain)
