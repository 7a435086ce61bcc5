"""Reading a SPARQL 1.1 Protocol request (section 2.1): the query and its dataset, from GET parameters, a POSTed
form (``application/x-www-form-urlencoded``) or a POSTed query (``application/sparql-query``, its dataset in the
URL). Updates are refused whichever way they come. Errors are `Problem`s naming the parameter at fault.

>>> absolute_iri("default-graph-uri", "https://lexrdf.example.org/eli/xx/act/2001-03-14/12")
'https://lexrdf.example.org/eli/xx/act/2001-03-14/12'
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl

from starlette.requests import Request

from lexrdf.errors import QueryError
from lexrdf.queries import parse_iri
from lexrdf.web.errors import BAD_PARAMETER, PROBLEMS, UNKNOWN_PARAMETER, Problem
from lexrdf.web.sparql import clients

FORM = "application/x-www-form-urlencoded"
SPARQL_QUERY = "application/sparql-query"
SPARQL_UPDATE = "application/sparql-update"
UPDATE_REFUSED = PROBLEMS + "sparql-update-refused"
TOO_LARGE = PROBLEMS + "sparql-query-too-large"
# and nothing else: the protocol's three, the format and time limit common clients send (lexrdf.web.sparql.clients),
# the query page's example
PARAMETERS = ("query", "default-graph-uri", "named-graph-uri", *clients.FORMAT_PARAMETERS, clients.TIMEOUT_PARAMETER,
              "example")  # fmt: skip
_FORM_OVERHEAD = 3  # percent-encoding makes a form up to three times as long as the text it carries


@dataclass(frozen=True)
class SparqlRequest:
    """What a /sparql request asks: a query (None when it gives none), the dataset the protocol names (None when
    it names none), the Accept header its format parameters stand for (`format`, `output`, `results`: None when
    none is given; it overrides the request's) and the client's own time limit (`timeout`, milliseconds)."""

    query: str | None
    default_graphs: tuple[str, ...] | None
    named_graphs: tuple[str, ...] | None
    accept: str | None = None
    timeout: str | None = None
    example: str | None = None  # the query page: which library example to load into the editor


def updates_refused(detail: str) -> Problem:
    """The problem answering any update: this endpoint is read-only."""
    return Problem(403, "Updates are refused", detail, type_=UPDATE_REFUSED)


async def read(request: Request, max_query_bytes: int) -> SparqlRequest:
    """The protocol request `request` carries; a Problem when it is malformed, too large or an update."""
    parameters = list(request.query_params.multi_items())
    if request.method == "POST":
        media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if media_type == SPARQL_UPDATE:
            raise updates_refused("this endpoint is read-only: SPARQL updates (application/sparql-update) are refused")
        if media_type == SPARQL_QUERY:
            body = await _body(request, max_query_bytes, max_query_bytes)
            return _parsed([*parameters, ("query", _text(body, "query"))], max_query_bytes, query_in_body=True)
        if media_type == FORM:
            body = await _body(request, max_query_bytes * _FORM_OVERHEAD + 4096, max_query_bytes)
            parameters += parse_qsl(_text(body, "query"), keep_blank_values=True)
            return _parsed(parameters, max_query_bytes)
        raise Problem(
            415,
            "Unsupported Media Type",
            f"POST a query as {SPARQL_QUERY} or as a form ({FORM}); got {media_type or 'no Content-Type'}",
            type_=PROBLEMS + "unsupported-media-type",
        )
    return _parsed(parameters, max_query_bytes)


def absolute_iri(parameter: str, value: str) -> str:
    """`value` when it is an absolute IRI by pyoxigraph's rules (lexrdf.queries.parse_iri), else a Problem naming
    `parameter`."""
    try:
        return parse_iri(value, parameter).value
    except QueryError as exc:
        raise Problem(400, "Bad parameter", str(exc), parameter, BAD_PARAMETER) from None


def _parsed(parameters: list[tuple[str, str]], max_query_bytes: int, query_in_body: bool = False) -> SparqlRequest:
    names = {name for name, _ in parameters}
    if "update" in names:
        raise updates_refused("this endpoint is read-only: the 'update' operation is refused")
    unknown = sorted(names - set(PARAMETERS))
    if unknown:
        listed = ", ".join(repr(name) for name in unknown)
        detail = f"/sparql has no parameter {listed} (it takes: {', '.join(PARAMETERS)})"
        raise Problem(400, "Unknown parameter", detail, unknown[0], UNKNOWN_PARAMETER)
    queries = [value for name, value in parameters if name == "query"]
    if len(queries) > 1:
        where = "a query in the body and a 'query' parameter" if query_in_body else "more than one 'query' parameter"
        raise Problem(400, "Bad parameter", f"give one query, not {where}", "query", BAD_PARAMETER)
    query = queries[0] if queries else None
    if query is not None:
        if not query.strip():
            raise Problem(400, "Bad parameter", "parameter 'query' is empty", "query", BAD_PARAMETER)
        size = len(query.encode("utf-8"))
        if size > max_query_bytes:
            raise too_large(f"the query text is {size:,} bytes", max_query_bytes)
    default_graphs = tuple(
        absolute_iri(name, v)
        for name, v in parameters
        if name == "default-graph-uri" and v not in clients.DEFAULT_GRAPH_NAMES
    )
    named_graphs = tuple(absolute_iri(name, v) for name, v in parameters if name == "named-graph-uri")
    given = bool(default_graphs or named_graphs)
    timeouts = [value for name, value in parameters if name == clients.TIMEOUT_PARAMETER]
    examples = [value for name, value in parameters if name == "example" and value]
    return SparqlRequest(
        query=query,
        default_graphs=default_graphs if given else None,
        named_graphs=named_graphs if given else None,
        accept=clients.accept_for(parameters),
        timeout=timeouts[0] if timeouts else None,
        example=examples[0] if examples else None,
    )


def too_large(what: str, limit: int) -> Problem:
    """The problem answering a query over the size cap; `what` says how large it was."""
    detail = f"{what}; this endpoint takes a query text of at most {limit:,} bytes (UTF-8)"
    return Problem(413, "Query too large", detail, "query", TOO_LARGE)


async def _body(request: Request, limit: int, max_query_bytes: int) -> bytes:
    """The request body, read no further than `limit` bytes (413 beyond)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large(f"the request body is {int(declared):,} bytes", max_query_bytes)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(f"the request body is over {limit:,} bytes", max_query_bytes)
        chunks.append(chunk)
    return b"".join(chunks)


def _text(body: bytes, parameter: str) -> str:
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        detail = f"the request body is not UTF-8 ({exc})"
        raise Problem(400, "Bad parameter", detail, parameter, BAD_PARAMETER) from None
