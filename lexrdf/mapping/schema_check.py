"""A mapping checked against the schema of the rule language (lexrdf.mapping.schema): a key the engine does not read,
or a value of the wrong type, is refused with one line naming the file, the line and the key.

>>> validate_rules({"name": "x", "headings": ["h"]}, "m.yaml")
Traceback (most recent call last):
...
lexrdf.errors.MappingError: m.yaml: `headings` is not a key of the mapping rule language (did you mean `heading`?)
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from lexrdf.errors import MappingError
from lexrdf.mapping.schema import MappingRules


def validate_rules(rules: dict[str, Any], source: str | Path, texts: list[str] | None = None) -> None:
    """Check merged mapping `rules` against the schema; a MappingError naming `source`, the line (found in the
    YAML `texts` of the file and the files it extends, in that order) and the key at fault."""
    try:
        MappingRules.model_validate(rules)
    except ValidationError as exc:
        error = _most_telling(exc.errors())
        raise MappingError(_message(error, str(source), texts or [])) from None


def _most_telling(errors: list[Any]) -> Any:
    """An unknown key before anything else (a union's alternatives each report a type error about it)."""
    extra = [e for e in errors if e["type"] == "extra_forbidden"]
    return (extra or errors)[0]


def _message(error: Any, source: str, texts: list[str]) -> str:
    loc = [part for part in error["loc"] if not _is_union_branch(part)]
    key = ".".join(str(part) for part in loc)
    line = next((found for text in texts if (found := _line(text, loc)) is not None), None)
    if line is None and texts:  # a key YAML read as another type (`no:` is False): the line of what holds it
        line = _deepest(texts[0], loc)[1]
    where = f"{source}:{line}" if line else source
    if error["type"] == "extra_forbidden":
        known = _known_keys(loc[:-1])
        close = difflib.get_close_matches(str(loc[-1]), known, n=1)
        hint = f" (did you mean `{close[0]}`?)" if close else ""
        return f"{where}: `{key}` is not a key of the mapping rule language{hint}"
    value = error.get("input")
    advice = ""
    if isinstance(value, bool | int | float) or type(value).__name__ in ("date", "datetime"):
        advice = " (YAML 1.1 reads unquoted no/yes/on/off, numbers and dates as such: quote it)"
    return f"{where}: `{key}`: {error['msg'].lower()}, got {value!r}{advice}"


def _is_union_branch(part: Any) -> bool:
    """Pydantic names the alternative of a union it tried (`str`, `Identifier`, `list[str]`) in the location."""
    return isinstance(part, str) and (part[:1].isupper() or part in ("str", "int", "list[str]", "[key]"))


def _known_keys(loc: list[Any]) -> list[str]:
    """The keys the schema allows where `loc` points (a model's fields), for a suggestion."""
    model: Any = MappingRules
    for part in loc:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(str(part)) if isinstance(model, type) else None
        if field is None:
            return []
        model = _model_in(field.annotation)
    return list(model.model_fields) if isinstance(model, type) and issubclass(model, BaseModel) else []


def _model_in(annotation: Any) -> Any:
    """The Rule model inside an annotation (`X | None`, `list[X]`, `X | str`), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for argument in getattr(annotation, "__args__", ()):
        found = _model_in(argument)
        if found is not None:
            return found
    return None


def _line(text: str, loc: list[Any]) -> int | None:
    """The 1-based line of the key (or list item) at `loc` in YAML `text`, or None where the text has none."""
    found, line = _deepest(text, loc)
    return line if found else None


def _deepest(text: str, loc: list[Any]) -> tuple[bool, int | None]:
    """Whether YAML `text` holds all of `loc`, and the line of the deepest part of it that it holds."""
    try:
        node: Any = yaml.compose(text)
    except yaml.YAMLError:
        return False, None
    line = None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            match = next(((k, v) for k, v in node.value if k.value == str(part)), None)
            if match is None:
                return False, line
            line, node = match[0].start_mark.line + 1, match[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            return False, line
    return True, line
