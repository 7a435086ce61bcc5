"""The answer types are the headers' (issue 40, "answers defined once"): lexrdf/answers/types.py is written from the
`#+ result` and `#+ types` headers of the library and nothing else defines an answer's fields."""

from __future__ import annotations

import dataclasses
import json

import pytest

from lexrdf.answers import types as answer_types
from lexrdf.answers.registry import REDUCERS
from lexrdf.errors import QueryError
from lexrdf.queries import load_library, parse_query
from lexrdf.queries.answer_types import TYPES_MODULE, generate
from lexrdf.queries.shapes import Shape

ODA = "https://lexrdf.example.org/eli/xx/act/2001-03-14/12"
PARA = f"{ODA}/art_3/para_2"


def test_the_types_module_is_what_the_headers_give():
    assert TYPES_MODULE.read_text(encoding="utf-8") == generate(), (
        "lexrdf/answers/types.py is stale: run `python -m lexrdf.queries.answer_types`"
    )


def test_every_typed_query_but_toc_names_the_class_of_its_answer():
    library = load_library()
    for name in REDUCERS:
        declared = dict(library[name].types)
        if name == "toc":  # its answer is its rows, in document order
            assert not declared
            continue
        assert "." in declared, f"{name}: no class for its answer in #+ types"
        assert hasattr(answer_types, declared["."])


def _json_fields(shape: Shape) -> list[str]:
    return [name for name, _ in (shape.items if shape.kind == "list" else shape).fields]


def test_each_class_has_the_fields_of_every_header_naming_it_in_its_order():
    library = load_library()
    for query in library.values():
        for path, name in query.types:
            shape = query.shape
            assert shape is not None
            if path != ".":
                for step in path.split("."):
                    shape = dict((shape.items if shape.kind == "list" else shape).fields)[step]
            cls = getattr(answer_types, name)
            json_names = [f.metadata.get("json", f.name) for f in dataclasses.fields(cls)]
            assert json_names == _json_fields(shape), f"{query.name}:{path} -> {name}"


def test_the_answers_are_instances_of_their_header_classes(samples_lex):
    library = load_library()
    answers = {
        "resolve": samples_lex.resolve("/akn/xx/act/2001-03-14/12~art_3__para_2"),
        "text-at": samples_lex.text_at(PARA, "2005-01-01"),
        "context": samples_lex.context(PARA, "2005-01-01"),
        "descendants": samples_lex.descendants(ODA, "2005-01-01"),
        "lineage": samples_lex.lineage(PARA, "2005-01-01"),
        "impact": samples_lex.impact(ODA),
        "diff": samples_lex.diff(PARA, "2002-01-01", "2005-01-01"),
        "changes-since": samples_lex.changes_since("2000-01-01T00:00:00Z"),
        "search": samples_lex.search("machine-readable", "2005-01-01"),
        "interpretations": samples_lex.interpretations(PARA, "2005-01-01"),
    }
    for name, answer in answers.items():
        assert type(answer).__name__ == dict(library[name].types)["."], name
    versions = samples_lex.versions(PARA)
    assert versions and all(type(v).__name__ == dict(library["versions"].types)["."] for v in versions)
    diffed = answers["diff"].to_dict()  # a Python keyword field is the header's name in JSON
    assert diffed["from"] == "2002-01-01" and diffed["to"] == "2005-01-01" and "from_" not in diffed
    json.dumps([a.to_dict() for a in answers.values()])


def _library(result: str, types: str) -> dict:
    text = f'#+ summary: s\n#+ result: "{result}"\n#+ types: {types}\nSELECT ?x WHERE {{ ?x ?p ?o }}\n'
    return {"q": parse_query("q", text)}


def test_a_header_naming_a_class_with_other_fields_elsewhere_is_refused():
    library = {
        **_library("{a, b: {c}}", '{".": A, b: B}'),
        "r": parse_query("r", '#+ result: "{x: {c, d}}"\n#+ types: {".": R, x: B}\nSELECT ?x WHERE { ?x ?p ?o }\n'),
    }
    with pytest.raises(QueryError, match="B has other fields"):
        generate(library)


@pytest.mark.parametrize(
    ("result", "types", "refusal"),
    [
        ("{a, b: {c}}", '{".": A}', "an object with no class"),
        ("{a, b: {c}}", '{".": A, c: C}', "has no field 'c'"),
        ("{a, b: {c}}", '{".": A, a: C}', "is a string, not an object"),
        ("{a}", '{".": lower}', "is not a class name"),
    ],
)
def test_a_types_header_that_does_not_fit_its_result_is_refused(result, types, refusal):
    with pytest.raises(QueryError, match=refusal):
        generate(_library(result, types))


def test_a_types_header_that_is_not_a_mapping_of_names_is_refused():
    with pytest.raises(QueryError, match="#\\+ types must map"):
        _library("{a}", "[A]")


def test_generated_fields_are_keyword_only_with_the_headers_defaults():
    answer = answer_types.DescendantsAnswer(status="repealed", provision=PARA)
    assert (answer.count, answer.items, answer.message) == (0, [], None)
    with pytest.raises(TypeError):
        answer_types.DescendantsAnswer("repealed", PARA)  # type: ignore[misc]
