"""Hostile sources: a file may not take over another act, end an act's provisions without authority, mint IRIs
outside its act, lose units or text silently, or slip a malformed date through. Each refusal is one line naming the
file, the line and the problem, exit code 1 and the store unchanged; each changeset records what submitted it."""

from __future__ import annotations

import getpass
import hashlib
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BASE, DPA, SAMPLES, UKPGA, needs_shared, open_lex

from lexrdf.errors import SourceError
from lexrdf.mapping.engine import read_document
from lexrdf.uris import IriMinter, slug

AKN = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
DPA_WORK = "http://www.legislation.gov.uk/id/ukpga/1998/29"
DPA_TITLE = (
    "An Act to make new provision for the regulation of the processing of information relating to individuals, "
    "including the obtaining, holding, use or disclosure of such information."
)
SMALL_WORK = "/akn/xx/act/2001-03-14/77"
SMALL = f"{BASE}/eli/xx/act/2001-03-14/77"
LEX = "https://w3id.org/lexrdf/ontology#"


def lexrdf(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lexrdf.cli", *args], capture_output=True, text=True, timeout=300)


def section(eid: str, text: str, attributes: str = "") -> str:
    eid_attribute = f' eId="{eid}"' if eid else ""
    return f"<section{eid_attribute}{attributes}>\n<num>{eid}</num>\n<content>\n<p>{text}</p>\n</content>\n</section>"


def akn(
    work: str,
    number: str,
    title: str,
    expression_date: str,
    body: str,
    *,
    country: str = "xx",
    work_date: str = "2001-03-14",
    meta: str = "",
) -> str:
    """A small Akoma Ntoso act: FRBRuri on line 7, the expression's FRBRdate on line 17, the body from line 26."""
    return f"""<akomaNtoso xmlns="{AKN}">
<act name="act">
<meta>
<identification source="#s">
<FRBRWork>
<FRBRthis value="{work}"/>
<FRBRuri value="{work}"/>
<FRBRdate date="{work_date}" name="enacted"/>
<FRBRauthor href="#s"/>
<FRBRcountry value="{country}"/>
<FRBRnumber value="{number}"/>
<FRBRname value="{title}"/>
</FRBRWork>
<FRBRExpression>
<FRBRthis value="{work}/eng@{expression_date}"/>
<FRBRuri value="{work}/eng@{expression_date}"/>
<FRBRdate date="{expression_date}" name="validFrom"/>
<FRBRauthor href="#s"/>
<FRBRlanguage language="eng"/>
</FRBRExpression>
</identification>
{meta}
</meta>
<preface><longTitle><p>{title}</p></longTitle></preface>
<body>
{body}
</body>
</act>
</akomaNtoso>
"""


def small_act(expression_date: str, body: str, title: str = "Small Act 2001", meta: str = "") -> str:
    return akn(SMALL_WORK, "77", title, expression_date, body, meta=meta)


THREE_SECTIONS = "\n".join(section(f"sec_{n}", f"Section {n} says {n}.") for n in (1, 2, 3))


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    text = path.read_text(encoding="utf-8")
    return text[: text.index(needle)].count("\n") + 1


def canonical(store: Path) -> list[str]:
    """The store's quads as sorted N-Quads lines (opened read-only on its published snapshot)."""
    from lexrdf.api import Lexrdf
    from lexrdf.settings import Settings

    lex = Lexrdf.open(Settings(store=store, base_iri=BASE), read_only=True)
    try:
        buffer = io.BytesIO()
        lex.store.dump(buffer)
    finally:
        lex.close()
    return sorted(buffer.getvalue().decode("utf-8").splitlines())


def refused(result: subprocess.CompletedProcess[str], path: Path, line: int, *problems: str) -> None:
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: {path}:{line}: "), lines[0]
    for problem in problems:
        assert problem in lines[0], lines[0]
    assert "Traceback" not in result.stderr


@pytest.fixture
def dpa_copy(dpa_template: Path, tmp_path: Path) -> Path:
    """A store of this test's own holding the Data Protection Act 1998 (a copy of the run's, conftest.dpa_template)."""
    copy = tmp_path / "store"
    shutil.copytree(dpa_template, copy)
    return copy


def select(store: Path, query: str) -> list[dict[str, str]]:
    lex = open_lex(store)
    try:
        return [
            {name: row[name].value for name in ("changeset", "file", "sha", "who") if row[name] is not None}
            for row in lex.store.select(query)
        ]
    finally:
        lex.close()


# --- identity and authority --------------------------------------------------------------------------------------


def test_a_file_claiming_the_dpa_with_another_title_is_refused_and_the_store_is_unchanged(tmp_path, dpa_copy):
    hijack = write(
        tmp_path,
        "hijack.xml",
        akn(
            DPA_WORK,
            "29",
            "Totally Unrelated Act 2030",
            "2030-01-01",
            "\n".join(section(s, "Hijacked.") for s in ("section-1", "section-2", "section-7")),
            country="GB-UKM",
            work_date="1998-07-16",
        ),
    )
    before = canonical(dpa_copy)
    result = lexrdf("ingest", str(hijack), "--store", str(dpa_copy))
    refused(
        result,
        hijack,
        7,
        f"claims to be {DPA} ({DPA_WORK})",
        "its title 'Totally Unrelated Act 2030' is not the act's",
        "pass --allow-identity-mismatch to confirm",
    )
    assert canonical(dpa_copy) == before


def test_a_hijack_keeping_the_dpas_title_would_end_its_provisions_and_is_refused(tmp_path, dpa_copy):
    hijack = write(
        tmp_path,
        "hijack.xml",
        akn(
            DPA_WORK,
            "29",
            DPA_TITLE,
            "2030-01-01",
            "\n".join(section(s, "Hijacked.") for s in ("section-1", "section-2", "section-7")),
            country="GB-UKM",
            work_date="1998-07-16",
        ),
    )
    before = canonical(dpa_copy)
    result = lexrdf("ingest", str(hijack), "--store", str(dpa_copy))
    refused(
        result,
        hijack,
        17,
        f"would end 1813 of 1816 provisions of {DPA} in force",  # none of those shown only as ". . . ."
        "on 2030-01-01 without naming a repealing act; pass --allow-mass-end to confirm",
    )
    assert canonical(dpa_copy) == before
    # confirmed explicitly, it is written, and its changeset says who confirmed it and from which file
    result = lexrdf("ingest", str(hijack), "--store", str(dpa_copy), "--allow-mass-end", "--submitted-by", "mallory")
    assert result.returncode == 0, result.stderr
    after = lexrdf(
        "query", "text-at", "-p", f"provision={DPA}/section-1", "-p", "date=2031-01-01", "--store", str(dpa_copy)
    )
    assert "Hijacked." in after.stdout
    rows = select(dpa_copy, changesets_of(DPA))
    assert {"file": str(hijack), "sha": sha256(hijack), "who": "mallory"} in [without_iri(r) for r in rows]


def test_both_flags_let_an_unrelated_file_through(tmp_path, dpa_copy):
    hijack = write(
        tmp_path,
        "hijack.xml",
        akn(DPA_WORK, "30", "Totally Unrelated Act 2030", "2030-01-01", section("section-1", "Hijacked.")),
    )
    only_identity = lexrdf("ingest", str(hijack), "--store", str(dpa_copy), "--allow-identity-mismatch")
    refused(only_identity, hijack, 17, "would end 1815 of 1816 provisions")
    result = lexrdf("ingest", str(hijack), "--store", str(dpa_copy), "--allow-identity-mismatch", "--allow-mass-end")
    assert result.returncode == 0, result.stderr


def test_a_small_act_whose_new_expression_ends_every_provision_is_refused(tmp_path):
    store = tmp_path / "store"
    first = write(tmp_path, "small@2001.xml", small_act("2001-04-01", THREE_SECTIONS))
    assert lexrdf("ingest", str(first), "--store", str(store)).returncode == 0
    empty = write(tmp_path, "small@2030.xml", small_act("2030-01-01", '<hcontainer name="empty"/>'))
    before = canonical(store)
    result = lexrdf("ingest", str(empty), "--store", str(store))
    refused(
        result,
        empty,
        17,
        f"would end 3 of 3 provisions of {SMALL} in force (sec_1, sec_2, sec_3) on 2030-01-01 without naming a "
        "repealing act; pass --allow-mass-end to confirm",
    )
    assert canonical(store) == before


def test_a_consolidation_that_drops_one_of_three_provisions_passes(tmp_path):
    store = tmp_path / "store"
    first = write(tmp_path, "small@2001.xml", small_act("2001-04-01", THREE_SECTIONS))
    later = write(
        tmp_path,
        "small@2010.xml",
        small_act("2010-01-01", section("sec_1", "Section 1 says 1.") + section("sec_2", "Section 2 now says two.")),
    )
    result = lexrdf("ingest", str(first), str(later), "--store", str(store))
    assert result.returncode == 0, result.stderr


def test_the_thresholds_are_settings(tmp_path):
    store = tmp_path / "store"
    first = write(tmp_path, "small@2001.xml", small_act("2001-04-01", THREE_SECTIONS))
    later = write(tmp_path, "small@2010.xml", small_act("2010-01-01", section("sec_1", "Section 1 says 1.")))
    assert lexrdf("ingest", str(first), "--store", str(store)).returncode == 0
    refused(lexrdf("ingest", str(later), "--store", str(store)), later, 17, "would end 2 of 3 provisions")
    lenient = subprocess.run(
        [sys.executable, "-m", "lexrdf.cli", "ingest", str(later), "--store", str(store)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "LEXRDF_MASS_END_MAX_SHARE": "0.9"},
    )
    assert lenient.returncode == 0, lenient.stderr  # 2 of 3 is within 90 %


def test_a_repeal_that_names_its_act_may_end_every_provision(tmp_path):
    store = tmp_path / "store"
    first = write(tmp_path, "small@2001.xml", small_act("2001-04-01", THREE_SECTIONS))
    meta = """<lifecycle source="#s">
<eventRef eId="e1" date="2001-04-01" type="generation" source="#s"/>
<eventRef eId="e2" date="2030-01-01" type="repeal" source="#repealer"/>
</lifecycle>
<references source="#s">
<passiveRef eId="repealer" href="/akn/xx/act/2029-12-01/99" showAs="Repeal Act 2029"/>
</references>"""
    repealed = write(tmp_path, "small@2030.xml", small_act("2030-01-01", THREE_SECTIONS, meta=meta))
    assert lexrdf("ingest", str(first), "--store", str(store)).returncode == 0
    result = lexrdf("ingest", str(repealed), "--store", str(store))
    assert result.returncode == 0, result.stderr
    answer = lexrdf(
        "query", "text-at", "-p", f"provision={SMALL}/sec_2", "-p", "date=2031-01-01", "--store", str(store)
    )
    assert '"repealed"' in answer.stdout


# the Harbour Act's work identifier, as written, and with a trailing slash or space: the same identifier
@pytest.mark.parametrize(
    "alias", ["/akn/xx/act/1995-05-10/3", "/akn/xx/act/1995-05-10/3/", " /akn/xx/act/1995-05-10/3// "]
)
def test_identifiers_of_two_held_acts_are_refused(tmp_path, alias):
    store = tmp_path / "store"
    one = write(tmp_path, "one.xml", small_act("2001-04-01", THREE_SECTIONS))
    assert lexrdf("ingest", str(one), str(SAMPLES / "single"), "--store", str(store)).returncode == 0
    both = small_act("2010-01-01", THREE_SECTIONS).replace(
        "</FRBRWork>", f'<FRBRalias value="{alias}" name="other"/>\n</FRBRWork>'
    )
    both_path = write(tmp_path, "both.xml", both)
    before = canonical(store)
    result = lexrdf("ingest", str(both_path), "--store", str(store))
    refused(result, both_path, 7, "its identifiers name two acts held")
    assert canonical(store) == before


# --- minted IRIs ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("eid", "problem"),
    [
        ("sec_1__..__..__x", "path traversal"),
        ("../../../gb-ukm/act/1998-07-16/29/section-1", "path traversal"),
        ("sec_1/x", "path traversal"),
        ("sec 1", "outside the ELI pattern"),
        ("sec%2F1", "outside the ELI pattern"),
        ("sec_1__.__x", "'.' path segment"),
    ],
)
def test_an_eid_outside_the_eli_pattern_is_refused_naming_file_and_line(tmp_path, eid, problem):
    store = tmp_path / "store"
    good = write(tmp_path, "good.xml", small_act("2001-04-01", THREE_SECTIONS))
    assert lexrdf("ingest", str(good), "--store", str(store)).returncode == 0
    bad = write(tmp_path, "bad.xml", small_act("2010-01-01", THREE_SECTIONS + "\n" + section(eid, "Elsewhere.")))
    before = canonical(store)
    result = lexrdf("ingest", str(bad), "--store", str(store))
    refused(result, bad, line_of(bad, f'eId="{eid}"'), f"eId {eid!r} of <section>", problem)
    assert canonical(store) == before


def test_real_eids_in_other_scripts_are_kept():
    needs_shared(UKPGA)
    vereinsg = UKPGA.parents[1] / "legaldocml.de" / "vereinsgesetz" / "vereinsg@1964-08-05.xml"
    needs_shared(vereinsg)
    assert read_document(vereinsg).units  # eIds like "art-z34_überschrift-n1" are letters of the ELI pattern


def test_minted_segments_are_never_dot_segments():
    minter = IriMinter(BASE)
    assert slug("..") == "x" and slug(".") == "x"
    cited = minter.cited_act("http://evil.example/../../eli/gb-ukm/act/1998-07-16/29")
    assert "/../" not in cited and "/./" not in cited and cited.startswith(f"{BASE}/eli/ref/")
    assert minter.act("xx", "act", "2001-03-14", "..") == f"{BASE}/eli/xx/act/2001-03-14/x"


# --- nothing silently lost ---------------------------------------------------------------------------------------


def test_duplicate_eids_are_refused_naming_both_lines(tmp_path):
    body = THREE_SECTIONS + "\n" + section("sec_2", "A second section 2.")
    bad = write(tmp_path, "dup.xml", small_act("2001-04-01", body))
    with pytest.raises(SourceError) as raised:
        read_document(bad)
    first, second = line_of(bad, 'eId="sec_2"'), line_of(bad, "A second") - 3
    assert raised.value.line == second
    assert f"duplicate eId 'sec_2' on <section> (first on <section> at line {first})" in str(raised.value)
    result = lexrdf("ingest", str(bad), "--store", str(tmp_path / "store"))
    refused(result, bad, second, "duplicate eId 'sec_2'")


def test_alternatives_of_one_provision_for_other_periods_are_not_duplicates():
    document = read_document(SAMPLES / "single" / "harbour-act.xml")
    assert [u.eid for u in document.units].count("art_4__para_2") == 2


def test_a_unit_without_an_eid_outside_every_provision_is_refused(tmp_path):
    body = THREE_SECTIONS + "\n" + section("", "Words with no provision to hold them.")
    bad = write(tmp_path, "no-eid.xml", small_act("2001-04-01", body))
    result = lexrdf("ingest", str(bad), "--store", str(tmp_path / "store"))
    refused(
        result,
        bad,
        line_of(bad, "<section>"),
        "<section> without an eId outside every provision: its text would be recorded nowhere",
    )


def test_a_unit_without_an_eid_inside_a_provision_is_read_as_its_text(tmp_path):
    inner = (
        '<section eId="sec_9">\n<num>9</num>\n<subsection>\n<content><p>Inner words.</p></content>\n</subsection>\n'
        "</section>"
    )
    path = write(tmp_path, "inner.xml", small_act("2001-04-01", THREE_SECTIONS + "\n" + inner))
    document = read_document(path)
    (unit,) = [u for u in document.units if u.eid == "sec_9"]
    assert "Inner words." in unit.text
    # read, and said (issue 38: a unit without an eId merged into its parent is a warning naming file and line)
    (notice,) = document.notices
    assert f"{path}:" in notice and "<subsection> without an eId is merged into its parent provision 'sec_9'" in notice


def test_text_outside_every_provision_is_a_warning_naming_file_and_line(tmp_path):
    body = "<p>Stray words before any section.</p>\n" + THREE_SECTIONS
    path = write(tmp_path, "stray.xml", small_act("2001-04-01", body))
    warnings = tmp_path / "warnings.txt"
    result = lexrdf("ingest", str(path), "--store", str(tmp_path / "store"), "--warnings", str(warnings))
    assert result.returncode == 0, result.stderr
    expected = (
        f"{path}:{line_of(path, '<p>Stray')}: text outside every provision (in <p>: 'Stray words before any section.') "
        "is recorded nowhere"
    )
    assert f"warning: {expected}" in result.stderr
    listed = warnings.read_text(encoding="utf-8").splitlines()
    assert expected in listed and f"; {len(listed)} warnings" in result.stdout  # with validation's warnings


def test_every_warning_is_written_with_warnings_file(tmp_path):
    needs_shared(UKPGA)
    warnings = tmp_path / "warnings.txt"
    result = lexrdf("ingest", str(UKPGA), "--store", str(tmp_path / "store"), "--warnings", str(warnings))
    assert result.returncode == 0, result.stderr
    count = int(result.stdout.split("; ")[1].split(" warnings")[0])
    lines = warnings.read_text(encoding="utf-8").splitlines()
    assert len(lines) == count > 10
    assert f"{count} warnings, " in result.stderr and f"all of them are in {warnings}" in result.stderr
    assert any(line.startswith(f"{UKPGA}:") for line in lines)  # a source's, with file and line
    assert any(line.startswith(f"{DPA}: ") for line in lines)  # a validation warning, with its node


# --- strict dates ------------------------------------------------------------------------------------------------


GOOD = SAMPLES / "expressions" / "open-data-act@2001-04-01.xml"


@pytest.mark.parametrize(
    ("original", "broken", "attribute"),
    [
        ('<FRBRdate date="2001-04-01" name="expression"', "2001-04-01garbage", "expression_date <FRBRdate date>"),
        ('<FRBRdate date="2001-03-14" name="enactment"', "2001-03-14T25:00:00", "work_date <FRBRdate date>"),
        ('<publication date="2001-03-20"', "2001-02-30", "publication_date <publication date>"),
        ('<eventRef eId="e2" date="2001-04-01"', "2001-04-01x", "<eventRef date>"),
        ('<FRBRdate date="2024-01-15" name="transformation"', "15/01/2024", "current_to <FRBRdate date>"),
    ],
)
def test_a_date_that_is_not_exactly_an_xsd_date_is_refused(tmp_path, original, broken, attribute):
    text = GOOD.read_text(encoding="utf-8")
    assert original in text
    day = original.split('date="')[1][:10]
    bad = write(tmp_path, "bad-date.xml", text.replace(original, original.replace(day, broken, 1), 1))
    line = line_of(bad, original.replace(day, broken, 1))
    with pytest.raises(SourceError) as raised:
        read_document(bad)
    assert raised.value.line == line
    assert f"{attribute} {broken!r} is not a date" in str(raised.value)
    store = tmp_path / "store"
    assert lexrdf("ingest", str(SAMPLES / "single"), "--store", str(store)).returncode == 0
    before = canonical(store)
    refused(lexrdf("ingest", str(bad), "--store", str(store)), bad, line, f"{attribute} {broken!r} is not a date")
    assert canonical(store) == before


@pytest.mark.parametrize("written", ["2001-04-01Z", "2001-04-01+02:00", "2001-04-01T00:00:00", "2001-04-01T12:30:00Z"])
def test_exact_xsd_dates_and_date_times_are_read(tmp_path, written):
    text = GOOD.read_text(encoding="utf-8").replace(
        '<FRBRdate date="2001-04-01" name="expression"', f'<FRBRdate date="{written}" name="expression"', 1
    )
    assert str(read_document(write(tmp_path, "ok.xml", text)).expression_date) == "2001-04-01"


# --- provenance --------------------------------------------------------------------------------------------------


def changesets_of(act: str) -> str:
    return f"""PREFIX lex: <{LEX}>
SELECT ?changeset ?file ?sha ?who WHERE {{
  GRAPH <{act}> {{
    ?changeset a lex:Changeset ; lex:sourceFile ?file .
    OPTIONAL {{ ?changeset lex:sourceSha256 ?sha }}
    OPTIONAL {{ ?changeset lex:submittedBy ?who }}
  }}
}}"""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def without_iri(row: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in row.items() if k != "changeset"}


def test_every_changeset_records_file_sha256_and_submitter(tmp_path):
    store = tmp_path / "store"
    files = sorted((SAMPLES / "expressions").glob("*.xml"))
    result = lexrdf("ingest", *map(str, files), "--store", str(store), "--submitted-by", "alice@example.org")
    assert result.returncode == 0, result.stderr
    rows = [without_iri(r) for r in select(store, changesets_of(f"{BASE}/eli/xx/act/2001-03-14/12"))]
    assert sorted(rows, key=lambda r: r["file"]) == [
        {"file": str(path), "sha": sha256(path), "who": "alice@example.org"} for path in files
    ]


def test_the_submitter_defaults_to_the_os_user(tmp_path):
    store = tmp_path / "store"
    harbour = SAMPLES / "single" / "harbour-act.xml"
    assert lexrdf("ingest", str(harbour), "--store", str(store)).returncode == 0
    rows = [without_iri(r) for r in select(store, changesets_of(f"{BASE}/eli/xx/act/1995-05-10/3"))]
    assert rows == [{"file": str(harbour), "sha": sha256(harbour), "who": getpass.getuser()}]


def test_text_written_as_n_quads_syntax_is_stored_as_text(tmp_path):
    """The ingest writes each quad as a line of N-Quads text (lexrdf.emit): words that look like the syntax (quotes,
    a backslash, IRIs, a line's final dot) are one literal, read back as the source writes them, and add no quad."""
    hostile = 'He said \\"no\\" \\ then &lt;https://evil.example/x&gt; &lt;https://evil.example/y&gt; "z" . &amp; more'
    as_read = 'He said \\"no\\" \\ then <https://evil.example/x> <https://evil.example/y> "z" . & more'
    graphs = {}
    for name, text in (("hostile", hostile), ("plain", "He said no then more")):
        lex = open_lex(tmp_path / name)
        try:
            lex.ingest([write(tmp_path, f"{name}.xml", small_act("2001-03-14", section("sec_1", text)))])
            if name == "hostile":
                assert lex.text_at(f"{SMALL}/sec_1", "2005-01-01").text == as_read
            buffer = io.BytesIO()
            lex.store.dump(buffer)
            graphs[name] = [line for line in buffer.getvalue().decode().splitlines() if line.endswith(f"<{SMALL}> .")]
        finally:
            lex.close()
    assert len(graphs["hostile"]) == len(graphs["plain"])  # the same quads, one literal apart
    (line,) = [line for line in graphs["hostile"] if "evil.example" in line]
    assert f"<{LEX}text> " in line
