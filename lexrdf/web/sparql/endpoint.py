"""/sparql: the public, read-only SPARQL 1.1 Protocol endpoint.

A request is read (lexrdf.web.sparql.protocol), checked before anything runs it (size, updates, SERVICE:
lexrdf.web.sparql.guard), its result format negotiated (Accept, or the `format` / `output` / `results` parameters
common clients send: lexrdf.web.sparql.clients), and the query run in a worker process (lexrdf.web.sparql.pool) that
is killed at the deadline (the server's, or the client's shorter `timeout` in milliseconds). Without a query, /sparql
answers its service description (any RDF format; the default) or, to a browser, the query page; with one, a browser
(Accept preferring HTML) gets the query page with the result as a table (lexrdf.web.sparql.results_page).

Statuses (every error is problem+json, with `Vary: Accept`):

| status | when |
|---|---|
| 400 | malformed query (pyoxigraph's message), an update sent as `query`, SERVICE, a bad graph IRI, two queries |
| 403 | an update operation (`application/sparql-update`, or the `update` parameter) |
| 406 | no result format the client accepts for this kind of query |
| 413 | the query text is over `sparql_max_request_bytes` |
| 415 | a POST that is neither a form nor `application/sparql-query` |
| 422 | the result is over `sparql_max_results` rows or triples, or `sparql_max_result_bytes` bytes (never cut) |
| 502 | a remote store behind the endpoint did not answer (lexrdf.web.sparql.forward) |
| 503 | no worker came free before the deadline (`Retry-After`), or the server is shutting down |
| 504 | the query ran past `sparql_timeout_seconds` and was stopped (its worker killed) |

504 rather than 408 (which says the client was slow to send its request) or 500: the server, acting for the
worker it waits on, did not get an answer in time, and a retry of the same query will not fare better.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any

import pyoxigraph
from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import HTMLResponse

from lexrdf.settings import Settings
from lexrdf.web.cache import answer_cache
from lexrdf.web.cache import generation as store_generation
from lexrdf.web.conneg import negotiate
from lexrdf.web.errors import PROBLEMS, Problem, problem, responses
from lexrdf.web.links import Links
from lexrdf.web.sparql import clients, description, guard, page, protocol, results_page, signals
from lexrdf.web.sparql.formats import GRAPHS, RESULTS, Format, choose, named
from lexrdf.web.sparql.forward import Forwarder, StoreUnavailable
from lexrdf.web.sparql.lanes import Lanes
from lexrdf.web.sparql.pool import ClientGone, PoolBusy, PoolClosed, QueryTimeout, WorkerDied
from lexrdf.web.sparql.worker import Job, Reply
from lexrdf.web.templating import render

VARY = {"Vary": "Accept"}
HTML = ("text/html", "application/xhtml+xml")
RETRY_AFTER_SECONDS = 5
CLIENT_CLOSED = 499  # nginx's "client closed request": logged, never seen by the client
_log = logging.getLogger("lexrdf.web.sparql")

_PARAMETERS = [
    {"name": "query", "in": "query", "schema": {"type": "string"}, "description": "a SPARQL 1.1 query"},
    {"name": "default-graph-uri", "in": "query", "schema": {"type": "array", "items": {"type": "string"}},
     "description": "a graph of the default graph (repeatable; without it and FROM, the union of all graphs)"},
    {"name": "named-graph-uri", "in": "query", "schema": {"type": "array", "items": {"type": "string"}},
     "description": "a graph GRAPH may read (repeatable)"},
    {"name": "format", "in": "query", "schema": {"type": "string"},
     "description": "a media type or short name (json, xml, csv, tsv, turtle, ntriples, nquads, trig, jsonld, "
                    "rdfxml, html) that overrides Accept; json and xml name results for SELECT/ASK and JSON-LD or "
                    "RDF/XML for CONSTRUCT/DESCRIBE"},
    {"name": "output", "in": "query", "schema": {"type": "string"}, "description": "as format (SPARQLWrapper)"},
    {"name": "results", "in": "query", "schema": {"type": "string"}, "description": "as format (SPARQLWrapper)"},
    {"name": "timeout", "in": "query", "schema": {"type": "integer", "minimum": 0},
     "description": "milliseconds (Virtuoso): a shorter time limit for this query; 0 or more than the server's "
                    "limit is the server's limit"},
]  # fmt: skip
_ANSWERS: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "the result, in the format negotiated by Accept (SELECT/ASK: SPARQL JSON, XML, CSV, TSV; "
        "CONSTRUCT/DESCRIBE: Turtle, N-Triples, N-Quads, TriG, JSON-LD, RDF/XML); without a query, the service "
        "description or the query page",
        "content": {f.accepted[0]: {} for f in RESULTS + GRAPHS} | {"text/html": {}},
    },
    **responses(400, 403, 406, 413, 415, 422, 503, 504),
}

router = APIRouter(tags=["sparql"])


@router.api_route(
    "/sparql",
    methods=["GET", "HEAD"],
    summary="SPARQL 1.1 query (GET); without a query, the service description or the query page",
    response_class=Response,
    responses=_ANSWERS,
    openapi_extra={"parameters": _PARAMETERS},
)
async def sparql_get(request: Request) -> Response:
    return await answer(request)


@router.post(
    "/sparql",
    summary="SPARQL 1.1 query (POST a form or application/sparql-query)",
    response_class=Response,
    responses=_ANSWERS,
    openapi_extra={
        "parameters": _PARAMETERS[1:],
        "requestBody": {
            "content": {
                protocol.SPARQL_QUERY: {"schema": {"type": "string"}},
                protocol.FORM: {"schema": {"type": "object", "properties": {"query": {"type": "string"}}}},
            }
        },
    },
)
async def sparql_post(request: Request) -> Response:
    return await answer(request)


async def answer(request: Request) -> Response:
    """Answer one /sparql request (GET or POST)."""
    settings: Settings = request.app.state.settings
    started = asyncio.get_running_loop().time()
    seconds = settings.sparql_timeout_seconds
    try:
        asked = await protocol.read(request, settings.sparql_max_request_bytes)
        seconds = clients.timeout_seconds(asked.timeout, settings.sparql_timeout_seconds)
        accept = asked.accept or request.headers.get("accept")
        if asked.query is None:
            return _without_query(request, settings, asked, accept)
        as_table = results_page.wanted(accept)  # a browser: the query page with the result as a table
        job = _job(asked, settings, results_page.ACCEPT if as_table else accept, asked.query, seconds)
        reply = await _run(request, job, started + seconds)
        if as_table:
            return _table_page(settings, asked, reply)
        return _reply(reply, settings)
    except Problem as exc:
        return _problem(request, exc)
    except ClientGone:
        return Response(status_code=CLIENT_CLOSED)
    except (PoolBusy, QueryTimeout, PoolClosed, WorkerDied) as exc:
        return _problem(request, _pool_problem(exc, seconds))
    except StoreUnavailable:  # the cause is in the server's log; the store's address is not the client's business
        return _problem(request, Problem(502, "Store unavailable", "the store behind this endpoint did not answer",
                                         type_=PROBLEMS + "store-unavailable"))  # fmt: skip


async def _run(request: Request, job: Job, deadline: float) -> Reply:
    """The job's reply: a result kept from an identical query (the same text, dataset and negotiated format) since
    the store was last written (lexrdf.web.cache), else the store's own, which is kept if it is a result."""
    cache, generation = answer_cache(request), store_generation(request)
    key = ("sparql", replace(job, seconds=0.0))  # the time limit does not change a result that came in time
    kept = cache.get(key, generation)
    if kept is not None:
        return kept
    if request.app.state.sparql_pool is None:  # a remote store answers itself (lexrdf.web.sparql.forward)
        reply = await request.app.state.sparql_forwarder.run(job)
    else:
        reply = await request.app.state.sparql_pool.run(job, deadline, request.is_disconnected)
    if reply.problem is None:
        cache.put(key, generation, reply, len(reply.body) + len(job.query))
    return reply


# the deepest bracket nesting a query may have: Oxigraph's parser recurses once a level, and 20,000 levels end the
# process (a worker's death, for a client's 40 KB); no query of the library nests more than a dozen
MAX_NESTING = 256


def _pool_problem(exc: Exception, seconds: float) -> Problem:
    """What the client is told when the pool gives no reply (`seconds`: the query's time limit)."""
    limit = f"{seconds:g} s"
    if isinstance(exc, PoolBusy):
        detail = f"every query worker stayed busy for {limit}; try again shortly"
        return Problem(503, "Query workers busy", detail, type_=PROBLEMS + "sparql-busy",
                       headers={"Retry-After": str(RETRY_AFTER_SECONDS)})  # fmt: skip
    if isinstance(exc, QueryTimeout):
        detail = f"the query was stopped after {limit} (the time limit, waiting included); narrow it, or add LIMIT"
        return Problem(504, "Query timed out", detail, "query", PROBLEMS + "sparql-timeout")
    if isinstance(exc, PoolClosed):
        return Problem(503, "Shutting down", "the server is shutting down", type_=PROBLEMS + "shutting-down")
    if isinstance(exc, WorkerDied) and exc.out_of_memory:
        detail = (
            f"the query needed more memory than a query may use ({exc.memory_mb:,} MB, LEXRDF_SPARQL_MEMORY_MB): "
            "narrow it (a join of everything with everything, sorted, grows without bound), or add LIMIT"
        )
        return Problem(503, "Query over the memory limit", detail, "query", PROBLEMS + "sparql-memory-limit")
    detail = "the process running the query ended before it answered"
    return Problem(500, "Query failed", detail, type_=PROBLEMS + "sparql-query-failed")


def _job(asked: protocol.SparqlRequest, settings: Settings, accept: str | None, query: str, seconds: float) -> Job:
    """Check the query before it runs and negotiate its format: the job for a worker, or a Problem."""
    shape = guard.inspect(query)
    if shape.update:
        raise Problem(400, "Updates are refused", f"this endpoint is read-only: {shape.form} is an update, not a query",
                      "query", protocol.UPDATE_REFUSED)  # fmt: skip
    if shape.depth > MAX_NESTING:
        detail = f"the query nests brackets {shape.depth} deep: over the limit of {MAX_NESTING} this endpoint parses"
        raise Problem(400, "Nested too deep", detail, "query", PROBLEMS + "sparql-nested-too-deep")
    if shape.service:
        detail = (
            "SERVICE (federated query) is refused: this endpoint makes no outbound request. (The letters 'service' "
            "outside strings, IRIs, comments, variables and local names count, so a prefix named 'service:' does too.)"
        )
        raise Problem(400, "SERVICE is refused", detail, "query", PROBLEMS + "sparql-service-refused")
    results_format, graph_format = choose(accept, RESULTS), choose(accept, GRAPHS)
    needed = {"SELECT": results_format, "ASK": results_format, "CONSTRUCT": graph_format, "DESCRIBE": graph_format}
    if shape.form in needed and needed[shape.form] is None:
        raise _not_acceptable(RESULTS if shape.form in ("SELECT", "ASK") else GRAPHS, shape.form)
    if shape.form not in needed and results_format is None and graph_format is None:
        raise _not_acceptable(RESULTS + GRAPHS, "a query")
    return Job(
        query=query,
        default_graphs=asked.default_graphs,
        named_graphs=asked.named_graphs,
        query_names_dataset=shape.dataset,
        results_format=results_format.name if results_format else None,
        graph_format=graph_format.name if graph_format else None,
        max_results=settings.sparql_max_results,
        seconds=seconds,
        max_bytes=settings.sparql_max_result_bytes,
    )


def _not_acceptable(formats: tuple[Format, ...], what: str) -> Problem:
    offered = ", ".join(f.accepted[0] for f in formats)
    return Problem(406, "Not Acceptable", f"{what} can be answered as {offered}; the Accept header allows none of them",
                   type_=PROBLEMS + "not-acceptable")  # fmt: skip


def _reply(reply: Reply, settings: Settings) -> Response:
    if reply.problem is None:
        format_ = named(reply.format)
        assert format_ is not None
        return Response(reply.body, media_type=format_.media_type, headers=VARY)
    if reply.problem == "syntax":
        raise Problem(400, "Malformed query", f"the query is not valid SPARQL 1.1: {reply.message}", "query",
                      PROBLEMS + "sparql-malformed-query")  # fmt: skip
    if reply.problem == "too-many-results":
        detail = (
            f"the result has more than {settings.sparql_max_results:,} rows or triples, the most this endpoint "
            "answers; add LIMIT (and OFFSET to page through it)"
        )
        raise Problem(422, "Result too large", detail, "query", PROBLEMS + "sparql-result-too-large")
    if reply.problem == "too-many-bytes":
        detail = (
            f"the result is larger than {settings.sparql_max_result_bytes:,} bytes (LEXRDF_SPARQL_MAX_RESULT_BYTES), "
            "the most this endpoint answers; add LIMIT (and OFFSET to page through it), or select fewer values"
        )
        raise Problem(422, "Result too large", detail, "query", PROBLEMS + "sparql-result-too-large")
    if reply.problem == "not-acceptable":
        raise Problem(406, "Not Acceptable", reply.message, type_=PROBLEMS + "not-acceptable")
    _log.error("a /sparql query failed in its worker: %s", reply.message)  # the message stays in the server's log
    raise Problem(500, "Query failed", "the query could not be answered", "query", PROBLEMS + "sparql-query-failed")


def _without_query(request: Request, settings: Settings, asked: protocol.SparqlRequest, accept: str | None) -> Response:
    """The service description (in an RDF format) or, for a browser, the query page."""
    offers = [f.accepted[0] for f in GRAPHS] + list(HTML)
    chosen = negotiate(accept, offers)
    if chosen is None:
        raise _not_acceptable(GRAPHS, "the service description")
    if chosen in HTML:
        return HTMLResponse(_page(settings, asked.example), headers=VARY)
    format_ = named(chosen)
    assert format_ is not None
    endpoint = str(request.url.replace(query=None, fragment=None))
    triples = description.service_description(endpoint, settings)
    rdf_format = pyoxigraph.RdfFormat.from_media_type(format_.accepted[0])
    prefixes = description.PREFIXES if format_.name in ("turtle", "trig", "rdfxml") else None
    body = pyoxigraph.serialize(triples, format=rdf_format, prefixes=prefixes)
    return Response(body, media_type=format_.media_type, headers=VARY)


def _table_page(settings: Settings, asked: protocol.SparqlRequest, reply: Reply) -> HTMLResponse:
    """The query page with the query's result as a table, or with why it has none (and that problem's status)."""
    try:
        _reply(reply, settings)  # the same checks as for a program: a Problem when there is no result
    except Problem as exc:
        return HTMLResponse(_page(settings, None, asked.query, failure=exc), status_code=exc.status, headers=VARY)
    shown = results_page.table(reply.body, reply.format, Links(settings.base_iri))
    return HTMLResponse(_page(settings, None, asked.query, shown), headers=VARY)


def _page(
    settings: Settings,
    example_name: str | None,
    query: str | None = None,
    result: results_page.Table | None = None,
    failure: Problem | None = None,
) -> str:
    """The query page: the editor holding `query` (or the example named, or the default query) and, when the query
    ran, its result as a table or the problem that stopped it."""
    examples = page.examples(settings.base_iri)
    chosen = next((e for e in examples if e.name == example_name), None)
    return render(
        "sparql.html",
        query=query or (chosen.query if chosen else page.DEFAULT_QUERY),
        chosen=chosen.name if chosen else None,
        examples=examples,
        formats=[{"name": f.name, "media_type": f.accepted[0]} for f in RESULTS + GRAPHS],
        timeout_seconds=f"{settings.sparql_timeout_seconds:g}",
        max_results=f"{settings.sparql_max_results:,}",
        max_request_bytes=f"{settings.sparql_max_request_bytes:,}",
        result=result,
        failure=failure,
    )


def _problem(request: Request, exc: Problem) -> Response:
    return problem(exc.status, exc.title, exc.detail, exc.parameter, exc.type_, instance=request.url.path,
                   headers={**VARY, **exc.headers})  # fmt: skip


async def startup(app: FastAPI, settings: Settings) -> None:
    """Start the worker pool (on app.state.sparql_pool) and have SIGTERM and SIGINT kill its workers at once. With
    a remote store there is none: queries are forwarded to the store's own endpoint (app.state.sparql_forwarder)."""
    if settings.store_url:
        app.state.sparql_pool = None
        app.state.sparql_forwarder = Forwarder(settings)
        return
    workers = max(2, settings.sparql_workers)
    pool = Lanes.over(
        settings.store, workers, settings.sparql_quick_seconds, settings.sparql_spares, settings.sparql_memory_mb
    )
    pool.start()
    app.state.sparql_pool = pool
    app.state.sparql_restore_signals = signals.on_shutdown_signals(pool.stop)


async def shutdown(app: FastAPI) -> None:
    """Kill every worker and reap them."""
    restore = getattr(app.state, "sparql_restore_signals", None)
    if restore is not None:
        restore()
    pool: Lanes | None = getattr(app.state, "sparql_pool", None)
    if pool is not None:
        await pool.close()
    forwarder: Forwarder | None = getattr(app.state, "sparql_forwarder", None)
    if forwarder is not None:
        await forwarder.close()
