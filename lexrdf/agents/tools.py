"""The MCP tools: one a public query of the library, generated from its `#+` header as the HTTP API's endpoints are.

A query's tool takes the query's parameters (their JSON Schema from the parameter kinds, `enum` from
``#+ enumerate``), with the date parameter (`date`, or `to` of a comparison) given by `as_of`, and answers one
envelope: the query's typed answer (`answer`, the same value `/api/NAME` and `Lexrdf.run` give, its schema from the
``#+ result`` header, lexrdf.queries.schemas.response_model), with the date it is for and how that date was chosen
(`as_of_used`, `as_of_source`, `as_of_said`: lexrdf.agents.dates), its status and its citation. A list answer (or
an answer's `items`) comes a page at a time, `page` saying which of how many: never silently cut.

Tools are named as agents know the primitives (`TOOL_NAMES`: text-at is `get_provision`); a query not named there
is a tool of its own name (`coverage.rq` -> `coverage`): a new `.rq` file is a new tool, with no Python edit.

>>> sorted(tool.name for tool in query_tools().values())[:4]
['audit', 'changes_since', 'compare_versions', 'coverage']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any, Literal

from jsonschema import Draft202012Validator
from pydantic import BaseModel, ConfigDict, Field, create_model

from lexrdf.agents.dates import AS_OF_SOURCES, AsOf, Clock, choose_as_of
from lexrdf.api import Lexrdf
from lexrdf.citing import cite_subject
from lexrdf.errors import QueryError
from lexrdf.queries import QUERIES_DIR, Query, load_library
from lexrdf.queries.schemas import KIND_HELP, PARAMETER_SCHEMA, response_model
from lexrdf.queries.shapes import Shape

#: the names agents know the primitives by; any other public query is a tool named after it (`-` as `_`)
TOOL_NAMES = {
    "resolve": "resolve_reference",
    "text-at": "get_provision",
    "context": "get_context",
    "descendants": "get_descendants",
    "toc": "get_toc",
    "versions": "get_versions",
    "lineage": "get_lineage",
    "impact": "get_impact",
    "diff": "compare_versions",
    "interpretations": "get_interpretations",
    "search": "search_provisions",
    "acts": "list_acts",
}
AS_OF_FILLS = ("date", "to")  # the query parameter `as_of` gives its value to (diff compares `from` with as_of)
PAGE_SIZE = 200  # items of a list answer on one page, unless `page_size` asks for another
MAX_PAGE_SIZE = 1000
SEARCH_PAGE_SIZE = 20
READ_ONLY = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}

AS_OF = {
    "type": "string",
    "format": "date",
    "description": "the date the answer is for (YYYY-MM-DD); default: the one date `question` names, else today "
    "(the answer says which: as_of_used, as_of_source)",
}
QUESTION = {
    "type": "string",
    "description": "the user's question, as asked: when `as_of` is not given, the one date it names is used "
    "(see date_from_question); nothing is guessed from vague wording",
}
PAGE = {"type": "integer", "minimum": 1, "description": "which page of the list, from 1 (default 1)"}
PAGE_SIZE_SCHEMA = {
    "type": "integer",
    "minimum": 1,
    "maximum": MAX_PAGE_SIZE,
    "description": f"items a page (default {PAGE_SIZE}, at most {MAX_PAGE_SIZE})",
}


@dataclass
class Reply:
    """What a tool found: its typed answer, its status and citation, the page given, and any further typed
    parts of the envelope (`extra`: get_provision's governing context)."""

    answer: Any
    status: str
    citation: str | None = None
    page: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    as_of: AsOf | None = None  # the date the tool chose itself (date_from_question), instead of the one it was given


Runner = Callable[[Lexrdf, dict[str, Any], AsOf], Reply]


@dataclass(frozen=True)
class Tool:
    """One MCP tool: its name, description, input and output JSON Schemas, and what it runs."""

    name: str
    title: str
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any]
    runner: Runner
    query: str | None = None  # the library query it answers from, if one
    reads_question: bool = True  # whether the date comes from `question` when `as_of` is not given
    dated: bool = True  # whether the answer is for one date (False: the whole record, every date; `as_of` unused)

    def call(self, lex: Lexrdf, arguments: dict[str, Any], today: Clock) -> dict[str, Any]:
        """Check `arguments` against the input schema, choose the date, run, and give the envelope (JSON-ready).
        QueryError (naming the parameter) for what the schema or the library refuses."""
        check_arguments(self.input_schema, arguments)
        question = arguments.get("question") if self.reads_question else None
        as_of = choose_as_of(arguments.get("as_of"), question, today)
        reply = self.runner(lex, arguments, as_of)
        as_of = reply.as_of or as_of
        known_at = arguments.get("known_at")
        said = as_of.to_dict()
        if not self.dated:  # the answer holds for every date: say what it is true for, not "as in force on D"
            unused = f" (as_of {as_of.day.isoformat()} is not used)" if as_of.source != "default-today" else ""
            said["as_of_said"] = f"not one date: the answer holds for every date{unused}"
        return {
            "tool": self.name,
            "status": reply.status,
            "citation": reply.citation,
            "dated": self.dated,
            **said,
            "known_at_used": known_at,
            "page": reply.page,
            "answer": reply.answer,
            **reply.extra,
        }


def check_arguments(schema: dict[str, Any], arguments: dict[str, Any]) -> None:
    """Refuse arguments the tool's input schema does not allow, naming the parameter.

    >>> check_arguments({"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": False},
    ...                 {"a": "x"})
    Traceback (most recent call last):
    lexrdf.errors.QueryError: parameter 'a': 'x' is not of type 'integer'
    """
    error = next(iter(sorted(Draft202012Validator(schema).iter_errors(arguments), key=lambda e: list(e.path))), None)
    if error is None:
        return
    if error.validator == "additionalProperties":
        known = ", ".join(sorted(schema.get("properties", {})))
        extra = sorted(set(arguments) - set(schema.get("properties", {})))
        raise QueryError(f"no parameter {extra[0]!r} (it takes: {known})", extra[0])
    if error.validator == "required":
        missing = next(name for name in schema.get("required", []) if name not in arguments)
        raise QueryError(f"missing required parameter {missing!r}", missing)
    name = str(error.path[0]) if error.path else "arguments"
    raise QueryError(f"parameter {name!r}: {error.message}", name)


# -- schemas ---------------------------------------------------------------------------------------------------
class Page(BaseModel):
    """Which part of a list answer this is: never silently cut."""

    model_config = ConfigDict(extra="forbid")
    number: int = Field(description="this page, from 1")
    size: int = Field(description="items a page")
    total: int = Field(description="items on every page")
    pages: int = Field(description="how many pages there are")
    next: int | None = Field(description="the next page's number, null on the last")


def envelope_schema(name: str, answer: Any, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The output JSON Schema of a tool whose answer has type `answer` (a pydantic type), with `extra` typed fields."""
    fields: dict[str, Any] = {
        "tool": (Literal[name], Field(description="the tool that answered")),
        "status": (str, Field(description="the answer's status: a typed non-answer says why there is no text")),
        "citation": (str | None, Field(description="what the answer is for, 'as in force on D'")),
        "as_of_used": (date, Field(description="the date the answer is for")),
        "as_of_source": (
            Literal[AS_OF_SOURCES],  # type: ignore[valid-type]
            Field(description="user: as_of given; question: the date the question names; default-today: none"),
        ),
        "dated": (
            bool,
            Field(
                description="true: the answer is for as_of_used; false: it holds for every date (the whole "
                "record as known at known_at_used), and as_of is not used"
            ),
        ),
        "as_of_said": (
            str,
            Field(description="the date in words and how it was chosen, or what an undated answer is true for"),
        ),
        "known_at_used": (str | None, Field(description="the transaction time asked for (null: what is known now)")),
        "page": (Page | None, Field(description="which page of a list answer this is (null: not a list)")),
        "answer": (answer, Field(description="the typed answer")),
        **{key: (value, Field(...)) for key, value in (extra or {}).items()},
    }
    model = create_model(f"{_camel(name)}Envelope", __config__=ConfigDict(extra="forbid"), **fields)
    return model.model_json_schema(by_alias=True, mode="serialization")


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_"))


def input_schema(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


def parameter_schema(query: Query) -> tuple[dict[str, Any], list[str]]:
    """The JSON Schema of each public parameter of `query` that the caller gives (not the one `as_of` fills)."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for parameter in query.public_parameters:
        if parameter.name in AS_OF_FILLS:
            continue
        schema: dict[str, Any] = dict(PARAMETER_SCHEMA[parameter.kind])
        schema["description"] = KIND_HELP[parameter.kind] + (
            f"; default {parameter.default}" if parameter.default else ""
        )
        if parameter.allowed:
            schema["enum"] = list(parameter.allowed)
        properties[parameter.name] = schema
        if parameter.required and parameter.default is None:
            required.append(parameter.name)
    return properties, required


# -- the answers of library queries ------------------------------------------------------------------------------
def paged(shape: Shape | None) -> bool:
    """Whether a query's answer is a list, or has a list of `items`: those come a page at a time."""
    if shape is None:
        return False
    return shape.kind == "list" or any(name == "items" and child.kind == "list" for name, child in shape.fields)


def page_of(answer: Any, arguments: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """One page of a list answer (or of its `items`), and which page it is.

    >>> page_of({"items": list(range(5)), "count": 5}, {"page": 2, "page_size": 2})
    ({'items': [2, 3], 'count': 5}, {'number': 2, 'size': 2, 'total': 5, 'pages': 3, 'next': 3})
    """
    number = int(arguments.get("page") or 1)
    size = int(arguments.get("page_size") or PAGE_SIZE)
    items = answer if isinstance(answer, list) else answer["items"]
    pages = max(1, math.ceil(len(items) / size))
    if number > pages:
        raise QueryError(f"parameter 'page': {number} is past the last page ({pages})", "page")
    part = items[(number - 1) * size : number * size]
    page = {"number": number, "size": size, "total": len(items), "pages": pages, "next": number + 1}
    if number == pages:
        page["next"] = None
    return (part if isinstance(answer, list) else {**answer, "items": part}), page


def status_of(answer: Any) -> str:
    """The answer's own status, or for a list "listed" (or "nothing-found" when empty)."""
    if isinstance(answer, dict) and isinstance(answer.get("status"), str):
        return answer["status"]
    if isinstance(answer, list):
        return "listed" if answer else "nothing-found"
    return "answered"


#: what the answer of a query with no date parameter is true for (default UNDATED_DEFAULT)
UNDATED = {
    "resolve": "the unit the identifier names (an identifier names the same unit on every date)",
    "versions": "every version in time order, each with its own window",
    "impact": "everything the act opened, changed or closed, each on its own date",
    "coverage": "what the store holds per act, from when and current to when",
    "acts": "every act the store holds",
    "audit": "every provision whose dating rests on weak evidence",
    "changes-since": "what was recorded after the transaction time given",
}
UNDATED_DEFAULT = "the whole record, not one date"


def recorded(known_at: str | None) -> str:
    """
    >>> recorded(None), recorded("2020-01-01T00:00:00Z")
    ('as recorded now', 'as recorded at 2020-01-01T00:00:00Z')
    """
    return f"as recorded at {known_at}" if known_at else "as recorded now"


def undated_citation(subject: str | None, what: str, known_at: str | None) -> str:
    """The citation of an answer that holds for every date: its subject, what it is, and as recorded when.

    >>> undated_citation("http://x/s1", UNDATED["versions"], None)
    'http://x/s1: every version in time order, each with its own window, as recorded now'
    """
    return f"{subject or 'the store'}: {what}, {recorded(known_at)}"


def citation_of(answer: Any, subject: str | None, as_of: AsOf, known_at: str | None, undated: str | None = None) -> str:
    """The answer's citation ("<act>, <provision>, as in force on D"), else one naming the subject and the date;
    for a query with no date (`undated`: what its answer is), what the answer is true for instead."""
    if undated is not None:
        return undated_citation(subject, undated, known_at)
    if isinstance(answer, dict):
        for found in (answer.get("citation"), (answer.get("to_version") or {}).get("citation")):
            if isinstance(found, str) and found:
                return found
    return cite_subject(subject or "the store", as_of.day, known_at)


def query_tool(query: Query) -> Tool:
    """The tool of one public query."""
    name = TOOL_NAMES.get(query.name, query.name.replace("-", "_"))
    properties, required = parameter_schema(query)
    fills = next((p.name for p in query.public_parameters if p.name in AS_OF_FILLS), None)
    properties = {**properties, "as_of": AS_OF, "question": QUESTION}
    if query.name == "search":
        properties.update(_SEARCH_OPTIONS)
    elif paged(query.shape):
        properties.update({"page": PAGE, "page_size": PAGE_SIZE_SCHEMA})
    extra: dict[str, Any] = {}
    if query.name == "text-at":  # the provision with its governing chain on the same date
        extra["context"] = response_model(load_library()["context"])
    description = query.summary + (f"\n\n{query.description}" if query.description else "")
    if fills == "to":
        description += "\n\n`as_of` is the later date compared (default today)."
    names = {p.name for p in query.public_parameters}
    dated = fills is not None
    undated = None if dated else UNDATED.get(query.name, UNDATED_DEFAULT)
    if not dated:
        description += "\n\nThe answer holds for every date (`as_of` is not used; `known_at` chooses the record)."

    def run(lex: Lexrdf, arguments: dict[str, Any], as_of: AsOf) -> Reply:
        params = {key: value for key, value in arguments.items() if key in names}
        if fills is not None:
            params[fills] = as_of.day.isoformat()
        if query.name == "search":
            return _search(lex, params, arguments)
        answer = lex.run(query, {key: _text(value) for key, value in params.items()})
        subject = next((params[key] for key in ("provision", "act", "item", "ref") if key in params), None)
        known_at = params.get("known_at")
        reply = Reply(answer, status_of(answer), citation_of(answer, subject, as_of, known_at, undated))
        if query.name == "text-at":
            context = lex.context(
                params["provision"], as_of.day, params.get("known_at"), params.get("language"), params.get("extent")
            )
            reply.extra["context"] = context.to_dict()
        if paged(query.shape):
            reply.answer, reply.page = page_of(answer, arguments)
        return reply

    return Tool(
        name,
        query.summary.split(" - ")[0].rstrip("."),
        description,
        input_schema(properties, required),
        envelope_schema(name, response_model(query), extra),
        run,
        query.name,
        dated=dated,
    )


def _text(value: Any) -> Any:
    """A value as the library takes it from a query string: booleans as true/false, numbers as text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int | float) else value


_SEARCH_OPTIONS = {
    "page": PAGE,
    "page_size": {**PAGE_SIZE_SCHEMA, "description": f"hits a page (default {SEARCH_PAGE_SIZE})"},
    "words": {
        "type": "boolean",
        "description": "every word in any order, stemmed (default false: the words as one phrase)",
    },
    "language": {"type": "string", "description": "only texts in this language (BCP 47, e.g. en)"},
}


def _search(lex: Lexrdf, params: dict[str, Any], arguments: dict[str, Any]) -> Reply:
    """search_provisions: the texts in force on the date that hold the words, a page of hits (the index ranks)."""
    size = int(arguments.get("page_size") or SEARCH_PAGE_SIZE)
    answer = lex.search(
        params["text"],
        params["date"],
        params.get("known_at"),
        page=int(arguments.get("page") or 1),
        size=size,
        words=bool(arguments.get("words")),
        language=arguments.get("language"),
    ).to_dict()
    total = answer["total"] if answer["total"] is not None else answer["count"]
    pages = max(1, math.ceil(total / size))
    number = answer["page"]
    page = {"number": number, "size": size, "total": total, "pages": pages, "next": None}
    if number < pages:
        page["next"] = number + 1
    status = "found" if answer["items"] else "nothing-found"
    recorded = f", as recorded at {params['known_at']}" if params.get("known_at") else ""
    return Reply(answer, status, f"texts in force on {params['date']}{recorded}", page)


@cache
def query_tools(directory: Path = QUERIES_DIR) -> dict[str, Tool]:
    """The tool of every public query of the library in `directory` (default lexrdf's own), by tool name."""
    tools = [query_tool(query) for query in load_library(directory).values() if not query.internal]
    return {tool.name: tool for tool in tools}
