"""`lexrdf validate` as an editorial CI runs it: the AKN 3.0 schema checked before mapping (offline, from
../shared/data/schemas), every problem of a file reported at its own line, a unit without an eId merged into its
parent warned about, SARIF 2.1.0 (validated against the OASIS JSON schema, tests/fixtures/sarif-2.1.0-rtm.5.json,
as shipped in the npm package @microsoft/jest-sarif 1.0.0-beta.0, MIT), JUnit XML, JSON even for a file that is not
XML, and the pre-commit hook definition."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest
import yaml
from conftest import REPO, SHARED_DATA, needs_shared

SAMPLE = REPO / "samples" / "expressions" / "open-data-act@2001-04-01.xml"
SCHEMAS = SHARED_DATA / "schemas"
SARIF_SCHEMA = Path(__file__).parent / "fixtures" / "sarif-2.1.0-rtm.5.json"


def validate(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "lexrdf.cli", "validate", *arguments, "--schemas", str(SCHEMAS)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=cwd, env=env)


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.fixture
def broken(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """The Open Data Act sample with two elements the schema does not allow and a dangling period reference."""
    needs_shared(SCHEMAS)
    source = SAMPLE.read_text(encoding="utf-8")
    # the sample's <num>Article 2</num> and <num>Article 3</num>: an unknown <bogus> after each
    source = source.replace("<num>Article 2</num>", "<num>Article 2</num><bogus>one</bogus>", 1)
    source = source.replace("<num>Article 3</num>", "<num>Article 3</num><bogus>two</bogus>", 1)
    # <paragraph eId="art_3__para_2" period="#tg1">: "#tg9" names no <temporalGroup> of the file
    paragraph = '<paragraph eId="art_3__para_2" period="#tg1">'
    source = source.replace(paragraph, paragraph.replace("#tg1", "#tg9"))
    path = tmp_path / "broken.xml"
    path.write_text(source, encoding="utf-8")
    lines = {
        "bogus-1": line_of(source, "<bogus>one"),
        "bogus-2": line_of(source, "<bogus>two"),
        "period": line_of(source, 'period="#tg9"'),
    }
    return path, lines


def test_every_problem_of_a_file_at_its_own_line(broken):
    path, lines = broken
    result = validate(path.name, cwd=path.parent)
    assert result.returncode == 1
    reported = result.stdout.splitlines()
    schema = [line for line in reported if "(xml-schema)" in line]
    assert [line.split(":")[1] for line in schema] == [str(lines["bogus-1"]), str(lines["bogus-2"])]
    assert all("bogus" in line for line in schema)
    # the dangling period at the paragraph that holds it (named), said as a period
    period = f"broken.xml:{lines['period']}: error: <paragraph eId=\"art_3__para_2\">: period '#tg9' names no window"
    assert f"{period} (mapping)" in reported


def test_sarif_validates_against_the_sarif_2_1_0_schema(broken):
    path, lines = broken
    result = validate(path.name, "--format", "sarif", cwd=path.parent)
    assert result.returncode == 1
    log = json.loads(result.stdout)
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)  # raises on any departure from SARIF 2.1.0
    assert log["version"] == "2.1.0"
    results = log["runs"][0]["results"]
    located = {(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"], r["level"]) for r in results}
    assert located >= {
        ("xml-schema", lines["bogus-1"], "error"),
        ("xml-schema", lines["bogus-2"], "error"),
        ("mapping", lines["period"], "error"),
    }
    assert {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results} == {"broken.xml"}


def test_junit_fails_the_broken_file_only(broken, tmp_path):
    path, _ = broken
    good = tmp_path / "good.xml"
    good.write_bytes(SAMPLE.read_bytes())
    result = validate(path.name, good.name, "--format", "junit", cwd=tmp_path)
    suites = ElementTree.fromstring(result.stdout)
    cases = {case.get("name"): case for case in suites.iter("testcase")}
    assert set(cases) == {"broken.xml", "good.xml"}
    assert len(cases["broken.xml"].findall("failure")) == 3 and not cases["good.xml"].findall("failure")
    assert suites.get("failures") == "1"


def test_json_is_json_even_when_the_file_is_not_xml(tmp_path):
    needs_shared(SCHEMAS)
    source = SAMPLE.read_text(encoding="utf-8").replace("</heading>", "", 1)  # an element never closed
    (tmp_path / "not-xml.xml").write_text(source, encoding="utf-8")
    result = validate("not-xml.xml", "--format", "json", cwd=tmp_path)
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["conforms"] is False
    syntax = [f for f in report["findings"] if f["rule"] == "xml-syntax"]
    assert syntax and all(f["file"] == "not-xml.xml" and f["line"] for f in syntax)
    # libxml2 finds the mismatch where the enclosing element closes, and names the unclosed one's line
    assert any(f"heading line {line_of(source, '<heading>')}" in f["message"] for f in syntax)


def test_a_unit_without_an_eid_merged_into_its_parent_is_a_warning(tmp_path):
    needs_shared(SCHEMAS)
    source = SAMPLE.read_text(encoding="utf-8")
    # the sample's <paragraph eId="art_3__para_2">: without its eId its words are merged into Article 3
    source = source.replace('<paragraph eId="art_3__para_2" period="#tg1">', '<paragraph period="#tg1">')
    (tmp_path / "merged.xml").write_text(source, encoding="utf-8")
    result = validate("merged.xml", "--format", "json", cwd=tmp_path)
    merged = [f for f in json.loads(result.stdout)["findings"] if f["rule"] == "merged-unit"]
    assert len(merged) == 1 and merged[0]["severity"] == "warning"
    assert merged[0]["line"] == line_of(source, '<paragraph period="#tg1">') and "'art_3'" in merged[0]["message"]


def test_a_valid_sample_passes_with_the_schema_checked(tmp_path):
    needs_shared(SCHEMAS)
    (tmp_path / "ok.xml").write_bytes(SAMPLE.read_bytes())
    result = validate("ok.xml", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["conforms"] is True and not [f for f in report["findings"] if f["rule"] == "xml-schema"]


def test_the_pre_commit_hook_definition():
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = [h for h in hooks if h["id"] == "lexrdf-validate"]
    assert hook["entry"].split()[:2] == ["lexrdf", "validate"] and hook["language"] == "python"
    assert "xml" in hook["files"] or hook.get("types") == ["xml"]
