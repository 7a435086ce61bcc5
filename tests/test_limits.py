"""Limits on what one source file may hold: a file past one is refused with its name, the line, the limit and the
variable that raises it, before its tree is built (elements, depth) or read at all (size)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import UKPGA, needs_shared

from lexrdf.errors import SourceError
from lexrdf.mapping.engine import read_document
from lexrdf.settings import Settings, SourceLimits

AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"


def lexrdf(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lexrdf.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def dpa_with_body(tmp_path: Path, name: str, body: str) -> Path:
    """The DPA 1998's header (its meta: identification, lifecycle, periods) around another body."""
    text = UKPGA.read_text(encoding="utf-8")
    start = text.index(">", text.index("<body")) + 1
    path = tmp_path / name
    path.write_text(text[:start] + body + text[text.index("</body>") :], encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    with path.open(encoding="utf-8") as text:
        return next(number for number, line in enumerate(text, 1) if needle in line)


def test_the_real_act_is_within_every_default_limit():
    needs_shared(UKPGA)
    document = read_document(UKPGA)
    assert len(document.units) > 1000


def test_a_file_over_the_size_limit_is_refused_before_it_is_read():
    needs_shared(UKPGA)
    with pytest.raises(SourceError) as error:
        read_document(UKPGA, limits=SourceLimits(max_file_mb=0.5))
    assert error.value.path == str(UKPGA) and error.value.line is None
    assert "the file has 1.0 MB: over the limit max_file_mb=0.5 (set LEXRDF_MAX_FILE_MB to raise it)" in str(
        error.value
    )


def test_more_units_than_the_limit_are_refused_at_the_first_unit_past_it():
    needs_shared(UKPGA)
    hundred_and_first = read_document(UKPGA).units[100]
    with pytest.raises(SourceError) as error:
        read_document(UKPGA, limits=SourceLimits(max_units=100))
    assert error.value.line == hundred_and_first.line
    assert "more than 100 structural units (provisions): over the limit max_units=100" in str(error.value)
    assert "LEXRDF_MAX_UNITS" in str(error.value)


def test_more_elements_than_the_limit_are_refused_at_the_first_element_past_it(tmp_path):
    needs_shared(UKPGA)
    path = dpa_with_body(tmp_path, "junk.xml", "\n<b/>\n" * 20_000)
    first_junk = line_of(path, "<b/>")
    with pytest.raises(SourceError) as error:
        read_document(path, limits=SourceLimits(max_elements=10_000))
    assert error.value.line is not None and error.value.line >= first_junk
    assert "more than 10,000 elements: over the limit max_elements=10,000" in str(error.value)
    assert "LEXRDF_MAX_ELEMENTS" in str(error.value)


def test_nesting_deeper_than_the_limit_is_refused_with_the_line(tmp_path):
    needs_shared(UKPGA)
    nested = '<p class="deep">' + "\n<i>" * 40 + "deep" + "</i>" * 40 + "</p>"
    path = dpa_with_body(
        tmp_path, "deep.xml", f'<section eId="section-1"><num>1</num><content>{nested}</content></section>'
    )
    read_document(path)  # 40 levels inside a body: within the default (256)
    with pytest.raises(SourceError) as error:
        read_document(path, limits=SourceLimits(max_depth=30))
    assert "<i> is nested 31 elements deep: over the limit max_depth=30 (set LEXRDF_MAX_DEPTH" in str(error.value)
    assert error.value.line == line_of(path, '<p class="deep">') + 31 - 6  # root, act, body, section, content, p


def test_nesting_past_libxml2s_own_limit_is_refused_as_a_limit_not_as_broken_xml(tmp_path):
    path = tmp_path / "deeper.xml"
    path.write_text(f'<akomaNtoso xmlns="{AKN}">' + "<b>" * 300 + "</b>" * 300 + "</akomaNtoso>\n", encoding="utf-8")
    with pytest.raises(SourceError, match="<b> is nested 257 elements deep: over the limit max_depth=256"):
        read_document(path)
    with pytest.raises(SourceError) as error:  # a higher limit does not lift libxml2's: huge_tree stays off
        read_document(path, limits=SourceLimits(max_depth=1000))
    assert error.value.line == 1
    assert "nested more than 256 deep (libxml2 parses no deeper without huge_tree)" in str(error.value)
    assert "max_depth=1,000" in str(error.value)


def test_settings_read_the_limits_from_the_environment(monkeypatch):
    monkeypatch.setenv("LEXRDF_MAX_FILE_MB", "500")
    monkeypatch.setenv("LEXRDF_MAX_DEPTH", "64")
    monkeypatch.setenv("LEXRDF_MAX_ELEMENTS", "10000000")
    monkeypatch.setenv("LEXRDF_MAX_UNITS", "1000")
    assert Settings.from_env().source_limits == SourceLimits(500.0, 64, 10_000_000, 1000)
    assert Settings().source_limits == SourceLimits()


def test_the_cli_refuses_an_act_past_a_limit_set_in_the_environment(tmp_path):
    needs_shared(UKPGA)
    store = tmp_path / "store"
    result = lexrdf("ingest", str(UKPGA), "--store", str(store), env={"LEXRDF_MAX_UNITS": "100"})
    assert result.returncode == 1
    (line,) = result.stderr.strip().splitlines()
    assert f"{UKPGA}:{read_document(UKPGA).units[100].line}:" in line and "LEXRDF_MAX_UNITS" in line
    assert "Traceback" not in result.stderr


def test_110_mb_of_tiny_junk_elements_is_refused_in_bounded_memory(tmp_path):
    """Before the element limit, this file took 2.6 GB before libxml2 gave up; the limit stops it at 3,000,000
    elements, at about 400 MB. The ingest runs in a fresh interpreter whose only child it is, so the peak
    (ru_maxrss of RUSAGE_CHILDREN) is the ingest's own."""
    needs_shared(UKPGA)
    path = dpa_with_body(tmp_path, "junk.xml", "")
    head, tail = path.read_text(encoding="utf-8").split("</body>")
    with path.open("w", encoding="utf-8") as out:
        out.write(head)
        for _ in range(110):
            out.write("<b/>" * 250_000)
        out.write("</body>" + tail)
    assert path.stat().st_size > 110e6
    measure = (
        "import resource, subprocess, sys\n"
        "run = subprocess.run([sys.executable, '-m', 'lexrdf.cli', 'ingest', *sys.argv[1:]], capture_output=True,"
        " text=True)\n"
        "print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "print(run.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", measure, str(path), "--store", str(tmp_path / "store")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    status, peak_kib = result.stdout.split("\n", 1)[0].split()
    assert status == "1", result.stdout
    assert f"{path}:" in result.stdout and "more than 3,000,000 elements" in result.stdout
    assert "LEXRDF_MAX_ELEMENTS" in result.stdout
    assert int(peak_kib) < 1_200_000, f"peak RSS {int(peak_kib) // 1024} MB"  # measured: about 400 MB
