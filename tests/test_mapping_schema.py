"""The mapping rule language's schema (lexrdf/mapping/schema.py): every bundled mapping conforms, and a misspelt
key or a value YAML 1.1 reads as another type is refused with one line naming the file, the line and the key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import REPO

from lexrdf.errors import MappingError
from lexrdf.mapping.reference import render_markdown
from lexrdf.mapping.schema import MappingRules
from lexrdf.mapping.spec import MAPPINGS_DIR, all_mappings, load_mapping


def test_every_bundled_mapping_conforms():
    assert sorted(m.name for m in all_mappings()) == ["akn", "akn-wd17", "clml", "legaldocml.de", "lexml"]
    for mapping in all_mappings():
        MappingRules.model_validate(mapping.rules)


def edited(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of bundled mapping `name` (and the files it extends) with `old` replaced by `new` once."""
    for source in MAPPINGS_DIR.glob("*.yaml"):
        shutil.copy(source, tmp_path / source.name)
    path = tmp_path / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    with pytest.raises(MappingError) as caught:
        load_mapping(path)
    return str(caught.value)


def line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_misspelt_key_is_refused_naming_file_line_and_key(tmp_path):
    path = edited(tmp_path, "lexml.yaml", "\nheading: [", "\nheadings: [")
    message = refusal(path)
    assert message == (
        f"{path}:{line_of(path, 'headings:')}: `headings` is not a key of the mapping rule language "
        "(did you mean `heading`?)"
    )


def test_a_misspelt_nested_key_is_refused(tmp_path):
    path = edited(tmp_path, "clml.yaml", "    temporary: 'from DATE", "    temprary: 'from DATE")
    message = refusal(path)
    assert message.startswith(f"{path}:{line_of(path, 'temprary:')}: `annotations.textual.temprary`")
    assert "did you mean `temporary`" in message


def test_a_yaml_boolean_where_a_name_is_meant_is_refused(tmp_path):
    path = edited(tmp_path, "lexml.yaml", "skip_text: [Omissis,", "skip_text: [no, Omissis,")
    message = refusal(path)
    assert message.startswith(f"{path}:{line_of(path, 'skip_text:')}: `skip_text.0`")
    assert "got False" in message and "quote it" in message


def test_a_yaml_boolean_key_is_refused(tmp_path):
    path = edited(tmp_path, "lexml.yaml", "languages: {por: pt,", "languages: {no: nb, por: pt,")
    message = refusal(path)
    assert message.startswith(f"{path}:{line_of(path, 'languages:')}: `languages")


def test_a_profile_is_checked_with_what_it_extends(tmp_path):
    path = edited(tmp_path, "legaldocml-de.yaml", "versioning: expression", "versioning: expresion")
    message = refusal(path)
    assert message.startswith(f"{path}:{line_of(path, 'versioning:')}: `versioning`")
    assert "'expresion'" in message


def test_docs_mappings_md_holds_the_generated_key_reference():
    text = (REPO / "docs" / "mappings.md").read_text(encoding="utf-8")
    assert render_markdown() in text, "docs/mappings.md is stale: run `python -m lexrdf.mapping.reference`"


def test_a_query_header_refuses_an_unknown_key():
    from lexrdf.errors import QueryError
    from lexrdf.queries import parse_query

    text = "#+ summary: x\n#+ tag: [internal]\nSELECT ?x WHERE { ?x ?y ?z }\n"
    with pytest.raises(QueryError, match=r"query 'q': unknown #\+ header key\(s\) tag \(known: summary, .*tags"):
        parse_query("q", text)
