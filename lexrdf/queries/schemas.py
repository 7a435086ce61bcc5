"""The JSON Schema pieces the query library's answers and parameters share, for every layer that serves them (the
HTTP API, lexrdf.web.api; the MCP tools, lexrdf.agents): a parameter kind's JSON Schema and help, and each query's
typed answer as pydantic models from its ``#+ result`` header (`response_model`).

Each query's shape (lexrdf.queries.shapes.Shape) becomes a pydantic model named after the query (``TextAtAnswer``, its
``opened_by`` a ``TextAtOpenedBy``, a list's items ``ContextItem``); its ``#+ non_answers`` are listed on the model
(``x-non-answers``) and on its ``status``. Every answer's model comes from its header, search's too.
"""

from __future__ import annotations

import keyword
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, create_model

from lexrdf.queries import Query as LibraryQuery
from lexrdf.queries.shapes import Shape

KIND_HELP = {
    "iri": "an absolute IRI",
    "date": "a date, YYYY-MM-DD",
    "dateTime": "an ISO 8601 date-time",
    "integer": "an integer",
    "string": "text",
}
PARAMETER_SCHEMA: dict[str, dict[str, str]] = {
    "iri": {"type": "string", "format": "iri"},
    "date": {"type": "string", "format": "date"},
    "dateTime": {"type": "string", "format": "date-time"},
    "integer": {"type": "integer"},
    "string": {"type": "string"},
}
_SCALAR_TYPES: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": float,
    "boolean": bool,
    "iri": Annotated[str, WithJsonSchema({"type": "string", "format": "iri"})],
    "date": date,
    "dateTime": datetime,
}


def _camel(name: str) -> str:
    """
    >>> _camel("text-at"), _camel("opened_by")
    ('TextAt', 'OpenedBy')
    """
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_"))


def _item_name(field: str) -> str:
    """The model name of one item of a list field: `items` -> `Item`, `events` -> `Event`."""
    return _camel(field[:-1] if field.endswith("s") and len(field) > 1 else f"{field}_item")


class _ShapeModels:
    """The pydantic models of one query's result shape."""

    def __init__(self, query: LibraryQuery) -> None:
        self.query = query
        self.prefix = _camel(query.name)

    def response_model(self) -> Any:
        """The answer's type: a model (an object answer) or a list of models; Any when the query declares none."""
        shape = self.query.shape
        if shape is None:
            return Any
        if shape.kind == "object":
            return self._model(shape, f"{self.prefix}Answer", top=True)
        return list[self._annotation(shape.items, f"{self.prefix}Item", nullable=False)]  # type: ignore[arg-type]

    def _annotation(self, shape: Shape, name: str, nullable: bool = True) -> Any:
        if shape.kind == "object":
            annotation: Any = self._model(shape, name)
        elif shape.kind == "list":
            assert shape.items is not None
            return list[self._annotation(shape.items, name, nullable=False)]  # never null: empty when nothing
        elif shape.kind == "constant":
            return Literal[shape.value]  # always that value
        elif shape.kind == "choice":
            return Literal[shape.choices]  # always one of them
        else:
            annotation = _SCALAR_TYPES[shape.kind]
        return annotation | None if nullable else annotation

    def _model(self, shape: Shape, name: str, top: bool = False) -> type[BaseModel]:
        fields: dict[str, Any] = {}
        for index, (field, child) in enumerate(shape.fields):
            child_name = f"{name.removesuffix('Answer')}{_item_name(field) if child.kind == 'list' else _camel(field)}"
            description = self._status_help() if top and field == "status" else None
            fields[_python_field(field, index)] = (
                self._annotation(child, child_name),
                Field(..., alias=field, description=description),
            )
        extra = {"x-non-answers": list(self.query.non_answers)} if top and self.query.non_answers else None
        config = ConfigDict(extra="forbid", json_schema_extra=extra)
        doc = self.query.summary if top else f"Part of the answer of `{self.query.name}`."
        return create_model(name, __config__=config, __doc__=doc, **fields)

    def _status_help(self) -> str | None:
        if not self.query.non_answers:
            return None
        return "the answer's status; a typed non-answer is one of: " + ", ".join(self.query.non_answers)


def _python_field(name: str, index: int) -> str:
    """A field name pydantic accepts (the JSON name stays as the header gives it, as the alias)."""
    usable = name.isidentifier() and not keyword.iskeyword(name) and not name.startswith(("_", "model_"))
    return name if usable and not hasattr(BaseModel, name) else f"field_{index}"


def response_model(query: LibraryQuery) -> Any:
    """The typed response of a query, from its `#+ result` header (see lexrdf.queries.shapes.parse_shape)."""
    return _ShapeModels(query).response_model()
