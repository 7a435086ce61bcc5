"""`lexrdf validate` reports every independent mapping problem of a file, each at its own line and element, in
every format (text, JSON, SARIF 2.1.0, JUnit XML); `lexrdf ingest` still refuses the act at the first, with the
one-line message it always gave, and writes nothing. The broken file is the real DPA 1998 export with three
independent faults made with lxml."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest
from conftest import REPO, SHARED_DATA, needs_shared, open_lex
from lxml import etree

from lexrdf.errors import SourceProblems

DPA = SHARED_DATA / "akn" / "legislation.gov.uk" / "ukpga-1998-29.xml"
SCHEMAS = SHARED_DATA / "schemas"
SARIF_SCHEMA = Path(__file__).parent / "fixtures" / "sarif-2.1.0-rtm.5.json"
AKN = {"a": "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"}


def lexrdf(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "lexrdf.cli", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=cwd, env=env)


def line_of(text: str, needle: str) -> int:
    assert text.count(needle) == 1, needle
    return text[: text.index(needle)].count("\n") + 1


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, tuple[int, str, str]]]:
    """The DPA with a lifecycle event dated no day, a section whose period names no temporalGroup, and a
    subsection with its neighbour's eId: (file, {fault: (line, element, words of the message)})."""
    needs_shared(DPA)
    needs_shared(SCHEMAS)
    tree = etree.parse(str(DPA))
    # <eventRef date="2001-05-14" eId="effective-date-5" source="#source"/>: 30 February is no day
    tree.find(".//a:eventRef[@eId='effective-date-5']", AKN).set("date", "2001-02-30")
    # <section eId="section-4" period="#period3">: the file's temporalGroups are period1 .. period41
    tree.find(".//a:section[@eId='section-4']", AKN).set("period", "#period99")
    # <subsection eId="section-6-2">, after <subsection eId="section-6-1">: now both "section-6-1"
    tree.find(".//a:subsection[@eId='section-6-2']", AKN).set("eId", "section-6-1")
    folder = tmp_path_factory.mktemp("broken")
    path = folder / "dpa-broken.xml"
    tree.write(str(path), xml_declaration=True, encoding="UTF-8")
    text = path.read_text(encoding="utf-8")
    second = text.index('<subsection eId="section-6-1">', text.index('<subsection eId="section-6-1">') + 1)
    faults = {
        "date": (
            line_of(text, 'date="2001-02-30"'),
            '<eventRef eId="effective-date-5">',
            "'2001-02-30' is not a date",
        ),
        "period": (
            line_of(text, 'period="#period99"'),
            '<section eId="section-4">',
            "period '#period99' names no window",
        ),
        "duplicate": (text[:second].count("\n") + 1, '<subsection eId="section-6-1">', "duplicate eId 'section-6-1'"),
    }
    return path, faults


def mapping_lines(findings: list[dict]) -> list[int]:
    return [f["line"] for f in findings if f["rule"] == "mapping"]


def test_text_reports_each_problem_at_its_line_and_element(broken):
    path, faults = broken
    result = lexrdf("validate", path.name, "--schemas", str(SCHEMAS), cwd=path.parent)
    assert result.returncode == 1
    mapping = [line for line in result.stdout.splitlines() if line.endswith("(mapping)")]
    assert len(mapping) == 3, result.stdout
    for (line, element, words), reported in zip(sorted(faults.values()), mapping, strict=True):
        assert reported.startswith(f"{path.name}:{line}: error: {element}: ") and words in reported


def test_json_lists_every_problem(broken):
    path, faults = broken
    result = lexrdf("validate", path.name, "--schemas", str(SCHEMAS), "--format", "json", cwd=path.parent)
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["conforms"] is False
    mapping = [f for f in report["findings"] if f["rule"] == "mapping"]
    expected = sorted(faults.values())
    assert [(f["file"], f["line"], f["element"], f["severity"]) for f in mapping] == [
        (path.name, line, element, "error") for line, element, _ in expected
    ]
    assert all(words in f["message"] for f, (_, _, words) in zip(mapping, expected, strict=True))


def test_sarif_has_a_result_per_problem_and_validates(broken):
    path, faults = broken
    result = lexrdf("validate", path.name, "--schemas", str(SCHEMAS), "--format", "sarif", cwd=path.parent)
    assert result.returncode == 1
    log = json.loads(result.stdout)
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))).validate(log)
    mapping = [r for r in log["runs"][0]["results"] if r["ruleId"] == "mapping"]
    located = [
        (
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            r["locations"][0]["logicalLocations"][0]["name"],
            r["level"],
        )
        for r in mapping
    ]
    assert located == [(line, element, "error") for line, element, _ in sorted(faults.values())]


def test_junit_fails_the_file_with_each_problem(broken):
    path, faults = broken
    result = lexrdf("validate", path.name, "--schemas", str(SCHEMAS), "--format", "junit", cwd=path.parent)
    (case,) = ElementTree.fromstring(result.stdout).iter("testcase")
    failures = [f.text for f in case.findall("failure") if f.get("type") == "mapping"]
    assert len(failures) == 3
    for text, (line, element, words) in zip(failures, sorted(faults.values()), strict=True):
        assert text.startswith(f"{path.name}:{line}: {element}: ") and words in text


def test_ingest_refuses_at_the_first_problem_and_writes_nothing(broken, tmp_path):
    path, faults = broken
    # the duplicate eId is found first (identifiers are read before the lifecycle and the provisions)
    line, _, words = faults["duplicate"]
    result = lexrdf("ingest", str(path), "--store", str(tmp_path / "store"), cwd=tmp_path)
    assert result.returncode == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and errors[0].startswith(f"error: {path}:{line}: {words}")
    lex = open_lex(tmp_path / "store")
    try:
        with pytest.raises(SourceProblems) as refused:
            lex.ingest([path])
        assert str(refused.value).startswith(f"{path}:{line}: {words}") and len(refused.value.problems) == 3
        assert len(lex.store.raw) == 0
    finally:
        lex.close()
