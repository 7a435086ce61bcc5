"""The shape of a query's answer, as its ``#+ result`` header declares it (a YAML flow collection): objects, lists,
scalars and constants (lexrdf.queries; docs/queries.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexrdf import yamltext
from lexrdf.errors import QueryError

SCALARS = ("string", "integer", "number", "boolean", "iri", "date", "dateTime")


@dataclass(frozen=True)
class Shape:
    """The shape of one value of an answer: `kind` is "object" (its `fields`), "list" (of `items`), "constant"
    (always `value`), "choice" (always one of `choices`: ``method: index|scan``) or one of `SCALARS`. Every field
    of an object is present; a scalar or an object may be null, a list is never null (empty when there is
    nothing), a constant is always its value and a choice one of its values."""

    kind: str
    fields: tuple[tuple[str, Shape], ...] = ()
    items: Shape | None = None
    value: str | int | float | bool | None = None
    choices: tuple[str, ...] = ()


def parse_shape(text: str, query: str = "?") -> Shape:
    """The shape a `#+ result` header gives, or QueryError naming the query.

    >>> shape = parse_shape("[{act: iri, title, count: integer, events: [{event, type}], status: version}]")
    >>> shape.kind, [(name, field.kind) for name, field in shape.items.fields]
    ('list', [('act', 'iri'), ('title', 'string'), ('count', 'integer'), ('events', 'list'), ('status', 'constant')])
    >>> parse_shape("{opened_by: &event {event, date: date}, closed_by: *event}").fields[1][1].fields[1]
    ('date', Shape(kind='date', fields=(), items=None, value=None, choices=()))
    >>> parse_shape("{method: index|scan}").fields[0][1].choices
    ('index', 'scan')
    """
    try:
        tree = yamltext.load(text)
    except yamltext.YAMLError as exc:
        raise QueryError(f"query {query!r}: #+ result is not a YAML flow collection ({exc})") from None
    if not isinstance(tree, dict | list):
        raise QueryError(f"query {query!r}: #+ result must be an object {{...}} or a list [...]")
    return _shape(tree, query, "result")


def _shape(node: Any, query: str, where: str) -> Shape:
    if node is None:
        return Shape("string")
    if isinstance(node, dict):
        for name in node:
            if not isinstance(name, str):  # YAML reads on/off/yes/no/numbers as other types
                raise QueryError(f"query {query!r}: #+ result field {name!r} in {where} is not a name (quote it)")
        return Shape("object", tuple((name, _shape(value, query, f"{where}.{name}")) for name, value in node.items()))
    if isinstance(node, list):
        if len(node) != 1:
            raise QueryError(f"query {query!r}: #+ result list {where} must give exactly one item shape")
        item = node[0]
        if isinstance(item, str) and item not in SCALARS:
            raise QueryError(f"query {query!r}: #+ result list {where}: {item!r} is not one of {', '.join(SCALARS)}")
        return Shape("list", items=_shape(item, query, f"{where}[]"))
    if isinstance(node, str) and node in SCALARS:
        return Shape(node)
    if isinstance(node, str) and "|" in node:
        choices = tuple(choice.strip() for choice in node.split("|"))
        if not all(choices) or len(set(choices)) != len(choices):
            raise QueryError(f"query {query!r}: #+ result {where}: {node!r} is not a choice of distinct values (a|b)")
        return Shape("choice", choices=choices)
    if isinstance(node, str | int | float | bool):
        return Shape("constant", value=node)
    raise QueryError(f"query {query!r}: #+ result {where}: {node!r} is not a shape")
