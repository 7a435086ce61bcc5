"""The HTTP contract: problem+json errors everywhere, OpenAPI typed from the query headers, a new .rq file is a new
endpoint, and /docs served offline. Real uvicorn on 127.0.0.1 over real on-disk stores."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from conftest import BASE, HARBOUR, ODA
from fastapi import FastAPI
from pydantic import TypeAdapter
from starlette.exceptions import HTTPException

from lexrdf.answers.registry import REDUCERS
from lexrdf.errors import StoreError
from lexrdf.queries import get_query, load_library
from lexrdf.queries.shapes import Shape
from lexrdf.web import api, errors
from lexrdf.web.app import head_apart
from lexrdf.web.errors import PROBLEM_JSON, UNKNOWN_PARAMETER, UNKNOWN_QUERY, Problem

PARA = f"{ODA}/art_3/para_2"

SERVE = [sys.executable, "-m", "lexrdf.cli", "serve", "--sample", "--workers", "1"]  # one server process


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, alive) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=1).status_code < 500:
                return
        except httpx.TransportError:
            if not alive():
                raise RuntimeError(f"server for {url} died") from None
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`lexrdf serve --sample` on a fresh store: the application as users run it."""
    port = free_port()
    store = tmp_path_factory.mktemp("contract") / "store"
    process = subprocess.Popen(
        [*SERVE, "--store", str(store), "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "LEXRDF_BASE_IRI": BASE},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(f"{url}/health", lambda: process.poll() is None)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


@contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """An application in a real uvicorn on 127.0.0.1, in a thread of this process."""
    port = free_port()
    uvicorn_server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="critical"))
    thread = threading.Thread(target=uvicorn_server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(f"{url}/openapi.json", thread.is_alive)
        yield url
    finally:
        uvicorn_server.should_exit = True
        thread.join(timeout=10)


PROVISIONS_OF = """#+ summary: The provisions of an act, in document order.
#+ tags:
#+   - core
#+ result: "[{provision: iri, path, order}]"
PREFIX lex: <https://w3id.org/lexrdf/ontology#>

SELECT ?__act_iri ?provision ?path ?order WHERE {
  GRAPH ?__act_iri { ?provision lex:act ?__act_iri ; lex:path ?path ; lex:order ?order }
}
ORDER BY ?order
"""


@pytest.fixture(scope="module")
def own_library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A query library of one .rq file, in a directory of its own."""
    directory = tmp_path_factory.mktemp("library")
    (directory / "provisions-of.rq").write_text(PROVISIONS_OF, encoding="utf-8")
    return directory


@pytest.fixture(scope="module")
def small_server(samples_lex, own_library: Path) -> Iterator[str]:
    """An app with lexrdf's error handling, the API router over `own_library`, and routes that fail on purpose."""
    app = FastAPI()
    app.state.lex = samples_lex
    errors.install(app)
    app.include_router(head_apart(api.router(load_library(own_library))))  # as create_app documents GET+HEAD

    @app.get("/crash")
    def crash() -> None:
        raise RuntimeError("secret: /etc/lexrdf/password")

    @app.get("/store-failure")
    def store_failure() -> None:
        raise StoreError("cannot read /srv/secret/store")

    @app.post("/upload")
    def upload() -> None:
        raise HTTPException(413, "the request body is larger than 1 MiB")

    @app.get("/busy")
    def busy() -> None:
        raise Problem(503, "Service Unavailable", "every worker is answering a query", headers={"Retry-After": "5"})

    with serving(app) as url:
        yield url


def assert_problem(response: httpx.Response, status: int, parameter: str | None = None) -> dict[str, Any]:
    """An RFC 9457 problem: its media type, members and status; `parameter` when one is at fault."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM_JSON
    body = response.json()
    assert {"type", "title", "status", "detail", "instance"} <= set(body), body
    assert body["status"] == status and body["instance"] == response.request.url.path
    assert body["title"] and body["detail"] and body["type"]
    assert body.get("parameter") == parameter, body
    assert "Traceback" not in response.text
    return body


# -- problem+json ---------------------------------------------------------------------------------------------
def test_an_ill_typed_value_is_a_400_naming_the_parameter(server):
    response = httpx.get(f"{server}/api/text-at", params={"provision": PARA, "date": "soon"})
    body = assert_problem(response, 400, "date")
    assert body["detail"] == "parameter 'date': 'soon' is not a date (YYYY-MM-DD)"
    assert body["type"] == errors.BAD_PARAMETER


def test_a_missing_parameter_is_a_400_not_fastapis_422(server):
    body = assert_problem(httpx.get(f"{server}/api/text-at", params={"date": "2003-01-01"}), 400, "provision")
    assert body["detail"] == "missing required parameter 'provision'"
    assert_problem(httpx.get(f"{server}/api/diff", params={"provision": PARA, "from": "2002-01-01"}), 400, "to")


def test_a_value_the_query_refuses_names_its_parameter(server):
    body = assert_problem(
        httpx.get(f"{server}/api/text-at", params={"provision": PARA, "date": "2003-01-01", "basis": "whenever"}),
        400,
        "basis",
    )
    assert "in-force, applicable" in body["detail"]
    reversed_dates = {"provision": PARA, "from": "2005-01-01", "to": "2002-01-01"}
    assert_problem(httpx.get(f"{server}/api/diff", params=reversed_dates), 400, "to")


def test_unknown_parameters_are_a_400_naming_them(server):
    params = {"provision": PARA, "date": "2003-01-01", "colour": "red", "as_of": "2003"}
    body = assert_problem(httpx.get(f"{server}/api/text-at", params=params), 400, "as_of")
    assert body["type"] == UNKNOWN_PARAMETER
    assert "'as_of', 'colour'" in body["detail"] and "known_at" in body["detail"]
    assert_problem(httpx.get(f"{server}/api/queries", params={"verbose": "1"}), 400, "verbose")


def test_a_parameter_given_twice_is_a_400(server):
    response = httpx.get(f"{server}/api/text-at?provision={PARA}&date=2003-01-01&date=2005-01-01")
    assert "more than once" in assert_problem(response, 400, "date")["detail"]


def test_an_unknown_query_is_a_404_listing_the_library(server):
    body = assert_problem(httpx.get(f"{server}/api/text-on", params={"provision": PARA}), 404)
    assert body["type"] == UNKNOWN_QUERY and "'text-on'" in body["detail"] and "text-at" in body["detail"]


def test_a_missing_static_file_is_a_404_problem(server):
    assert_problem(httpx.get(f"{server}/static/swagger-ui/nothing-here.js"), 404)


def test_a_method_not_allowed_is_a_405_problem_with_allow(server):
    response = httpx.post(f"{server}/api/text-at", params={"provision": PARA, "date": "2003-01-01"})
    body = assert_problem(response, 405)
    assert set(response.headers["allow"].split(", ")) == {"GET", "HEAD"} and "POST" in body["detail"]


def test_an_accept_without_json_is_a_406_problem(server):
    params = {"provision": PARA, "date": "2003-01-01"}
    assert_problem(httpx.get(f"{server}/api/text-at", params=params, headers={"accept": "text/turtle"}), 406)
    assert_problem(
        httpx.get(f"{server}/api/text-at", params=params, headers={"accept": "*/*, application/json;q=0"}), 406
    )
    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    assert httpx.get(f"{server}/api/text-at", params=params, headers={"accept": browser}).status_code == 200


def test_an_unexpected_error_is_a_500_problem_without_the_traceback(small_server):
    body = assert_problem(httpx.get(f"{small_server}/crash"), 500)
    assert "secret" not in str(body) and body["detail"] == "the server could not answer this request"


def test_a_lexrdf_error_is_a_500_problem_with_a_generic_detail(small_server):
    body = assert_problem(httpx.get(f"{small_server}/store-failure"), 500)
    assert "/srv/secret" not in str(body)


def test_http_exceptions_and_problems_keep_their_status_detail_and_headers(small_server):
    body = assert_problem(httpx.post(f"{small_server}/upload"), 413)
    assert body["detail"] == "the request body is larger than 1 MiB"
    busy = httpx.get(f"{small_server}/busy")
    assert assert_problem(busy, 503)["detail"] == "every worker is answering a query"
    assert busy.headers["retry-after"] == "5"


# -- OpenAPI from the headers ---------------------------------------------------------------------------------
def resolve(node: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    """A schema with its $ref followed and its nullability (anyOf [X, null]) unwrapped."""
    if "anyOf" in node:
        (node,) = [option for option in node["anyOf"] if option.get("type") != "null"]
    if "$ref" in node:
        return spec["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def assert_schema_has_shape(node: dict[str, Any], shape: Shape, spec: dict[str, Any]) -> None:
    node = resolve(node, spec)
    if shape.kind == "object":
        assert node["type"] == "object" and list(node["properties"]) == [name for name, _ in shape.fields]
        assert node["additionalProperties"] is False and set(node["required"]) == set(node["properties"])
        for name, field in shape.fields:
            assert_schema_has_shape(node["properties"][name], field, spec)
    elif shape.kind == "list":
        assert node["type"] == "array"
        assert_schema_has_shape(node["items"], shape.items, spec)
    elif shape.kind == "constant":
        assert node["const"] == shape.value
    elif shape.kind == "choice":  # never null: one of its values
        assert node["enum"] == list(shape.choices) and "anyOf" not in node
    else:
        expected = {"string": "string", "iri": "string", "date": "string", "dateTime": "string"}.get(shape.kind)
        assert node["type"] == (expected or shape.kind)


def test_every_query_has_a_typed_response_schema_with_the_fields_of_its_header(server):
    spec = httpx.get(f"{server}/openapi.json").json()
    public = [q for q in load_library().values() if not q.internal]
    for query in public:
        assert query.shape is not None, f"{query.name} declares no #+ result"
        operation = spec["paths"][f"/api/{query.name}"]["get"]
        schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert_schema_has_shape(schema, query.shape, spec)
    text_at = spec["components"]["schemas"]["TextAtAnswer"]
    assert text_at["x-non-answers"] == list(get_query("text-at").non_answers)
    assert "not-yet-in-force" in text_at["properties"]["status"]["description"]
    assert spec["components"]["schemas"]["ActsItem"]["properties"]["date"]["anyOf"][0]["format"] == "date"


def test_every_operation_has_an_operation_id_of_its_own(server):
    """OpenAPI: each operation's operationId is unique (the GET+HEAD routes are documented by their GET, and
    still answer HEAD); the IDs are the same on every start."""
    spec = httpx.get(f"{server}/openapi.json").json()
    operations = [(path, method) for path, item in spec["paths"].items() for method in item]
    ids = [spec["paths"][path][method]["operationId"] for path, method in operations]
    assert len(ids) == len(set(ids)) and len(ids) > 30
    assert spec["paths"]["/api/text-at"]["get"]["operationId"] == "text_at_api_text_at_get"
    assert "head" not in spec["paths"]["/api/text-at"]
    head = httpx.head(f"{server}/api/text-at", params={"provision": PARA, "date": "2003-01-01"})
    assert head.status_code == 200 and head.content == b""


def test_errors_are_documented_as_problem_json_and_no_422_remains(server):
    spec = httpx.get(f"{server}/openapi.json").json()
    problem = {"$ref": "#/components/schemas/ProblemDetails"}
    assert {"type", "title", "status", "detail", "instance", "parameter"} <= set(
        spec["components"]["schemas"]["ProblemDetails"]["properties"]
    )
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            statuses = operation["responses"]
            # FastAPI's validation 422 is gone (a bad parameter is a 400); /sparql's 422 is its result cap
            assert "HTTPValidationError" not in json.dumps(statuses.get("422", {})), (path, method)
            for status, response in statuses.items():
                if status.startswith(("4", "5")):
                    assert response["content"] == {PROBLEM_JSON: {"schema": problem}}, (path, method, status)
    text_at = spec["paths"]["/api/text-at"]["get"]["responses"]
    assert {"400", "404", "406", "500"} <= set(text_at)
    assert "HTTPValidationError" not in spec["components"]["schemas"]


def test_parameters_are_typed_in_the_openapi_document(server):
    spec = httpx.get(f"{server}/openapi.json").json()
    parameters = {p["name"]: p for p in spec["paths"]["/api/text-at"]["get"]["parameters"]}
    assert parameters["provision"]["required"] and parameters["provision"]["schema"]["format"] == "iri"
    assert parameters["date"]["schema"]["format"] == "date"
    assert parameters["known_at"]["schema"]["format"] == "date-time" and not parameters["known_at"]["required"]
    assert parameters["near_days"]["schema"]["type"] == "integer"
    assert parameters["basis"]["schema"]["enum"] == ["in-force", "applicable"]


CASES = [
    ("acts", {}),
    ("coverage", {}),
    ("resolve", {"ref": "/akn/xx/act/2001-03-14/12~art_3__para_2"}),
    ("resolve", {"ref": "/akn/xx/act/2001-03-14/99"}),
    ("text-at", {"provision": PARA, "date": "2003-05-01"}),
    ("text-at", {"provision": PARA, "date": "2005-01-01"}),
    ("text-at", {"provision": f"{ODA}/art_6", "date": "2011-01-01"}),
    ("text-at", {"provision": PARA, "date": "1990-01-01"}),
    ("text-at", {"provision": f"{ODA}/art_99", "date": "2003-01-01"}),
    ("versions", {"provision": PARA}),
    ("context", {"provision": PARA, "date": "2005-01-01"}),
    ("descendants", {"provision": ODA, "date": "2005-01-01"}),
    ("descendants", {"provision": ODA, "date": "1990-01-01"}),
    ("lineage", {"provision": PARA, "date": "2005-01-01"}),
    ("impact", {"act": ODA}),
    ("diff", {"provision": PARA, "from": "2002-01-01", "to": "2005-01-01"}),
    ("changes-since", {"since": "2000-01-01T00:00:00Z"}),
    ("search", {"text": "machine-readable", "date": "2005-01-01"}),
    ("toc", {"act": ODA, "date": "2005-01-01"}),
]


@pytest.mark.parametrize(("name", "params"), CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_every_answer_conforms_to_its_schema(server, name, params):
    response = httpx.get(f"{server}/api/{name}", params=params)
    assert response.status_code == 200, response.text
    TypeAdapter(api.response_model(get_query(name))).validate_python(response.json())


# -- a new .rq file is a new endpoint -------------------------------------------------------------------------
def test_acts_is_served_from_its_rq_file_alone(server):
    assert "acts" not in REDUCERS  # no Python answer builder: its rows, typed by its header
    acts = httpx.get(f"{server}/api/acts").json()
    assert [(a["act"], a["title"], a["date"]) for a in acts] == [
        (HARBOUR, "Harbour Act 1995", "1995-05-10"),
        (ODA, "Open Data Act 2001", "2001-03-14"),
    ]  # acts known only by reference (the amending acts the samples cite) are not held
    assert httpx.get(f"{server}/api/acts", params={"known_at": "2000-01-01T00:00:00Z"}).json() == []
    assert_problem(httpx.get(f"{server}/api/acts", params={"known_at": "yesterday"}), 400, "known_at")


def test_a_query_file_in_any_directory_becomes_an_endpoint_with_its_schema(small_server, own_library):
    assert set(load_library(own_library)) == {"provisions-of"}
    rows = httpx.get(f"{small_server}/api/provisions-of", params={"act": ODA}).json()
    assert f"{ODA}/art_3/para_2" in {row["provision"] for row in rows} and len(rows) > 10
    for row in rows:  # every projected variable, the parameter left out; a decimal keeps its exact lexical form
        assert list(row) == ["provision", "path", "order"] and row["provision"] == f"{ODA}/{row['path']}"
        assert isinstance(row["order"], str) and float(row["order"]) >= 0
    spec = httpx.get(f"{small_server}/openapi.json").json()
    item = spec["components"]["schemas"]["ProvisionsOfItem"]
    assert list(item["properties"]) == ["provision", "path", "order"]
    assert_problem(httpx.get(f"{small_server}/api/provisions-of"), 400, "act")
    assert_problem(httpx.get(f"{small_server}/api/provisions-of", params={"act": "not an iri"}), 400, "act")
    assert_problem(httpx.get(f"{small_server}/api/provisions-of", params={"act": ODA, "x": "1"}), 400, "x")


# -- Swagger UI offline ---------------------------------------------------------------------------------------
class _Assets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        url = attributes.get("src") if tag == "script" else attributes.get("href") if tag == "link" else None
        if url:
            self.urls.append(url)


def test_docs_load_every_asset_from_this_server(server):
    page = httpx.get(f"{server}/docs")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    parser = _Assets()
    parser.feed(page.text)
    assert len(parser.urls) >= 3  # the script, the stylesheet, the icon
    assert "http://" not in page.text and "https://" not in page.text  # nothing from another host
    assert '"validatorUrl": null' in page.text  # Swagger UI would send the document to validator.swagger.io
    for url in [*parser.urls, "/openapi.json"]:
        assert url.startswith("/"), url
        asset = httpx.get(f"{server}{url}")
        assert asset.status_code == 200 and asset.content, url
    css = httpx.get(f"{server}/static/swagger-ui/swagger-ui.css").text
    assert "url(http" not in css.replace(" ", "")
    assert "SwaggerUIBundle" in httpx.get(f"{server}/static/swagger-ui/swagger-ui-bundle.js").text[:2000]
