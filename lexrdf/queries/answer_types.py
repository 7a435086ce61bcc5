"""The Python answer types, written from the library's headers: each query's `#+ result` is the one definition of
its answer, and its `#+ types` names the classes of that shape's objects (`lexrdf/answers/types.py` is this
module's output, never edited by hand; `python -m lexrdf.queries.answer_types` writes it again, and
tests/test_answer_types.py checks that it is current).

`#+ types` maps a path in the result shape to a class name: ``.`` is the answer itself (the item of a list
answer), ``opened_by`` a field of it, ``items.interpretations`` a field of each item of a list field. An object
shape repeated with a YAML alias (``closed_by: *event``) is the same class. A class several queries name must have
the same fields in every one (a constant is a string there); a field with no class is refused.

Every field of a generated class has a default, as the header says every field is present: a list is empty, a
boolean false, an integer 0, a constant its value, a choice its first value, anything else None; fields are
keyword-only, so that a header changing its order cannot put a value in the wrong field. `to_dict` gives the JSON
object of the header (a field named by a Python keyword, ``from``, is ``from_`` in Python).
"""

from __future__ import annotations

import json
import keyword
import sys
from dataclasses import dataclass, field
from pathlib import Path

from lexrdf.errors import QueryError
from lexrdf.queries import Query, load_library
from lexrdf.queries.shapes import Shape

#: where the generated module goes
TYPES_MODULE = Path(__file__).resolve().parent.parent / "answers" / "types.py"

_STRINGS = ("string", "iri", "date", "dateTime")


@dataclass
class AnswerClass:
    """One generated class: its name, its object shape and the places in the library that name it."""

    name: str
    shape: Shape
    named_at: list[str] = field(default_factory=list)  # "query:path"


def _field_shape(shape: Shape, step: str, where: str) -> Shape:
    """The shape of an object's field `step`, looking through lists to their items."""
    if shape.kind == "list" and shape.items is not None:
        shape = shape.items
    for name, child in shape.fields:
        if name == step:
            return child
    raise QueryError(f"{where}: the result has no field {step!r}")


def _object_at(root: Shape, path: str, where: str) -> Shape:
    """The object shape at `path` (``.``: the root; lists are looked through)."""
    shape = root
    if path != ".":
        for step in path.split("."):
            shape = _field_shape(shape, step, where)
    if shape.kind == "list" and shape.items is not None:
        shape = shape.items
    if shape.kind != "object":
        raise QueryError(f"{where}: {path!r} is a {shape.kind}, not an object")
    return shape


def _comparable(shape: Shape) -> tuple:
    """What two namings of one class must agree on: field names and kinds (a constant reads as a string)."""
    if shape.kind == "object":
        return ("object", tuple((name, _comparable(child)) for name, child in shape.fields))
    if shape.kind == "list":
        return ("list", _comparable(shape.items) if shape.items else None)
    return ("string",) if shape.kind in ("constant", "choice", *_STRINGS) else (shape.kind,)


def collect(library: dict[str, Query]) -> tuple[list[AnswerClass], dict[tuple, str]]:
    """Every named class of the library, in the order first named, and the class of each object shape."""
    classes: dict[str, AnswerClass] = {}
    by_shape: dict[tuple, str] = {}
    for query in library.values():
        if query.shape is None or not query.types:
            continue
        for path, name in query.types:
            where = f"query {query.name!r}: #+ types {path}"
            if not name.isidentifier() or not name[0].isupper():
                raise QueryError(f"{where}: {name!r} is not a class name")
            shape = _object_at(query.shape, path, where)
            held = classes.get(name)
            if held is None:
                held = classes[name] = AnswerClass(name, shape)
            elif _comparable(held.shape) != _comparable(shape):
                raise QueryError(f"{where}: {name} has other fields in {held.named_at[0]}")
            held.named_at.append(f"{query.name}:{path}")
            by_shape.setdefault(_comparable(shape), name)
    return list(classes.values()), by_shape


def _python_name(name: str) -> str:
    return f"{name}_" if keyword.iskeyword(name) else name


_LIST = "list"  # `_annotation`'s default for a list field: a new empty list for each answer (default_factory)


def _annotation(shape: Shape, by_shape: dict[tuple, str], where: str) -> tuple[str, str]:
    """A field's annotation and its default: a Python expression, or `_LIST`."""
    if shape.kind == "list":
        assert shape.items is not None
        item, _ = _annotation(shape.items, by_shape, where)
        return f"list[{item.removesuffix(' | None')}]", _LIST
    if shape.kind == "object":
        name = by_shape.get(_comparable(shape))
        if name is None:
            raise QueryError(f"{where}: an object with no class in #+ types")
        return f"{name} | None", "None"
    if shape.kind == "constant":
        return "str", json.dumps(str(shape.value))  # double quotes, as ruff formats it
    if shape.kind == "choice":
        return "str", json.dumps(shape.choices[0])
    if shape.kind == "boolean":
        return "bool", "False"
    if shape.kind == "integer":
        return "int", "0"
    if shape.kind == "number":
        return "float | None", "None"
    return "str | None", "None"


def _described(named_at: list[str]) -> str:
    """Where a class is in the library's answers, in words ("The answer of text-at; the answer of versions")."""
    places = []
    for place in named_at:
        query, path = place.split(":", 1)
        places.append(f"the answer of {query}" if path == "." else f"`{path}` in the answer of {query}")
    text = "; ".join(places)
    return text[0].upper() + text[1:] if text.startswith("the") else text


def render(classes: list[AnswerClass], by_shape: dict[tuple, str]) -> str:
    """The source of lexrdf/answers/types.py."""
    out = [
        '"""The typed answers of the query library, one class per object its `#+ result` headers name in `#+ types`.',
        "",
        "Written by lexrdf.queries.answer_types from the headers of lexrdf/queries/*.rq: do not edit; change the",
        'header and run `python -m lexrdf.queries.answer_types`."""',
        "",
        "from __future__ import annotations",
        "",
        "from dataclasses import dataclass, field, fields, is_dataclass",
        "from typing import Any",
        "",
        "",
        "def plain(value: Any) -> Any:",
        '    """An answer (or any value inside one) as JSON values: objects by their header\'s field names."""',
        "    if is_dataclass(value) and not isinstance(value, type):",
        '        return {f.metadata.get("json", f.name): plain(getattr(value, f.name)) for f in fields(value)}',
        "    if isinstance(value, list):",
        "        return [plain(item) for item in value]",
        "    return value",
    ]
    for answer in classes:
        out += ["", "", "@dataclass(kw_only=True)", f"class {answer.name}:"]
        out.append(f'    """{_described(answer.named_at)}."""')
        out.append("")
        for name, child in answer.shape.fields:
            annotation, default = _annotation(child, by_shape, f"{answer.named_at[0]}.{name}")
            python = _python_name(name)
            options = ["default_factory=list" if default == _LIST else f"default={default}"]
            if python != name:  # the header's name kept for JSON
                options.append(f'metadata={{"json": "{name}"}}')
            plain_default = default != _LIST and python == name
            value = default if plain_default else f"field({', '.join(options)})"
            out.append(f"    {python}: {annotation} = {value}")
        out += ["", "    def to_dict(self) -> dict[str, Any]:", "        return plain(self)"]
    return "\n".join(out) + "\n"


def generate(library: dict[str, Query] | None = None) -> str:
    """The source of the answer types for `library` (the package's own by default)."""
    classes, by_shape = collect(library if library is not None else load_library())
    return render(classes, by_shape)


def main() -> int:
    """Write lexrdf/answers/types.py again from the headers."""
    TYPES_MODULE.write_text(generate(), encoding="utf-8")
    print(f"wrote {TYPES_MODULE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
