"""docs/mappings.md's key reference, generated from the mapping schema (`python -m lexrdf.mapping.reference`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from lexrdf.mapping.schema import MappingRules

BEGIN = "<!-- generated from lexrdf/mapping/schema.py: python -m lexrdf.mapping.reference -->"
END = "<!-- end of the generated key reference -->"


def render_markdown() -> str:
    """The key reference of docs/mappings.md: every part of a mapping, each key with its type and default."""
    lines = [BEGIN, "", "## Every key", "", "Generated from the schema a mapping is checked against when it is loaded:"]
    lines += ["a key not listed here, or a value not of its type, is refused (naming the file, line and key).", ""]
    seen: list[type[BaseModel]] = []
    _collect(MappingRules, seen)
    for model in seen:
        title = "the top level" if model is MappingRules else f"`{model.__name__}`"
        lines += [f"### {title}", "", " ".join((model.__doc__ or "").split()), "", "| key | type | default |"]
        lines.append("|---|---|---|")
        for name, field in model.model_fields.items():
            default = "required" if field.is_required() else _default(field.default)
            lines.append(f"| `{name}` | {_type_name(field.annotation)} | {default} |")
        lines.append("")
    return "\n".join([*lines, END]) + "\n"


def _default(value: Any) -> str:
    """How an optional key's default reads: `optional` where it is nothing, else the value the engine takes."""
    return "optional" if value in (None, [], {}) else f"optional, `{value!r}`".replace("|", "\\|")


def _collect(model: type[BaseModel], seen: list[type[BaseModel]]) -> None:
    """`model` and every Rule model its fields use, each once, depth first."""
    if model in seen:
        return
    seen.append(model)
    for field in model.model_fields.values():
        for inner in _models_in(field.annotation):
            _collect(inner, seen)


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for argument in getattr(annotation, "__args__", ()) for m in _models_in(argument)]


def _type_name(annotation: Any) -> str:
    """`str`, `list of str`, `Root`, `str or list of NoteReference`, `auto, expression or periods`."""
    if annotation is type(None):
        return "null"
    if isinstance(annotation, type):
        return f"`{annotation.__name__}`" if issubclass(annotation, BaseModel) else annotation.__name__
    origin = getattr(annotation, "__origin__", None)
    arguments = getattr(annotation, "__args__", ())
    if origin is Literal:
        return " or ".join(f"`{value}`" for value in arguments)
    if origin is list:
        return f"list of {_type_name(arguments[0])}"
    if origin is dict:
        return f"{_type_name(arguments[0])} -> {_type_name(arguments[1])}"
    if arguments:  # a union
        return " or ".join(_type_name(argument) for argument in arguments if argument is not type(None))
    return str(annotation)


def write_docs(path: Path | None = None) -> None:
    """Put the generated key reference into docs/mappings.md (replacing the one there, or at the end)."""
    path = path or Path(__file__).resolve().parents[2] / "docs" / "mappings.md"
    text = path.read_text(encoding="utf-8")
    if BEGIN in text:
        text = text[: text.index(BEGIN)] + text[text.index(END) + len(END) + 1 :]
    path.write_text(text.rstrip("\n") + "\n\n" + render_markdown(), encoding="utf-8")


if __name__ == "__main__":
    write_docs()
