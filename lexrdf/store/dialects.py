"""How lexrdf speaks the SPARQL 1.1 Protocol so that every server it is tested on answers right (docs/remote.md):
queries as the protocol's form, credentials answered to the server's challenge, compared date constants as casts,
and the library queries a server is known to answer wrongly, refused rather than answered."""

from __future__ import annotations

import json
import re
from collections.abc import Generator, Sequence
from urllib.parse import urlencode

from httpx import Auth, BasicAuth, DigestAuth, Request, Response

FORM = "application/x-www-form-urlencoded"
#: library queries a server is known to answer wrongly, by the start of its HTTP `Server` header: refused with a
#: WrongAnswerError instead of answered (docs/remote.md; tests/test_remote_store.py checks each is still wrong)
WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "Virtuoso/07.": {},  # none left: descendants was, until its own relation stopped reading BOUND(...) && ...
}


_BOOLEAN = "http://www.w3.org/2001/XMLSchema#boolean"
_CANONICAL_BOOLEANS = {"1": "true", "0": "false"}


def canonical_booleans(results: bytes) -> bytes:
    """SPARQL JSON results with every xsd:boolean in its canonical form: Virtuoso 7.2 answers `true` as
    ``"1"^^xsd:boolean``, the same value, which a reader comparing the lexical form ("true") would take for false.

    >>> canonical_booleans(b'{"head": {"vars": ["b"]}, "results": {"bindings": [{"b": {"type": "typed-literal",'
    ...     b' "datatype": "http://www.w3.org/2001/XMLSchema#boolean", "value": "1"}}]}}')[-40:]
    b'XMLSchema#boolean", "value": "true"}}]}}'
    """
    if _BOOLEAN.encode() not in results:
        return results
    document = json.loads(results)
    for binding in (document.get("results") or {}).get("bindings", []):
        for term in binding.values():
            if term.get("datatype") == _BOOLEAN and term.get("value") in _CANONICAL_BOOLEANS:
                term["value"] = _CANONICAL_BOOLEANS[term["value"]]
    return json.dumps(document).encode()


class ChallengeAuth(Auth):
    """A user and password sent the way the server asks: HTTP digest authentication when its 401 challenges with
    `Digest` (Virtuoso's /sparql-auth), basic when with `Basic`; a request that is not challenged goes without.
    The request body is read before it is sent (`requires_request_body`), so it can be sent again after the
    challenge: with credentials, an update is held in memory while it is sent."""

    requires_request_body = True

    def __init__(self, user: str, password: str) -> None:
        self._basic = BasicAuth(user, password)
        self._digest = DigestAuth(user, password)
        self._scheme: str | None = None  # the scheme the server asked for last: used at once on the next request

    def auth_flow(self, request: Request) -> Generator[Request, Response, None]:
        if self._scheme == "digest":
            yield from self._digest.auth_flow(request)
            return
        if self._scheme == "basic":
            yield from self._basic.auth_flow(request)
            return
        response = yield request
        if response.status_code != 401:
            return
        scheme = response.headers.get("www-authenticate", "").split(" ", 1)[0].lower()
        if scheme not in ("digest", "basic"):
            return
        self._scheme = scheme
        if scheme == "basic":
            yield from self._basic.auth_flow(request)
            return
        flow = self._digest.auth_flow(request)
        next(flow)  # the request as first sent: already answered by the challenge
        try:
            flow.send(response)  # answers the challenge: the request again, with its Authorization header
        except StopIteration:
            return
        yield request


_XSD_DATE = "<http://www.w3.org/2001/XMLSchema#date>"
_OPERATOR = r"(?:<=|>=|!=|[<>=])"  # an operator between spaces: never the end or start of an IRI (`<p> "..."`)
_DATE = r'"(?P<{}>-?\d{{4,}}-\d\d-\d\d(?:Z|[+-]\d\d:\d\d)?)"\^\^' + re.escape(_XSD_DATE)
_VARIABLE = r"[?$]\w+"
_COMPARED_DATE = re.compile(
    rf"(?:(?P<variable>{_VARIABLE})(?P<gap>\s+))?(?P<before>(?<=\s){_OPERATOR}\s+){_DATE.format('date')}"
    rf"|{_DATE.format('date2')}(?P<after>\s+{_OPERATOR}(?=\s))(?:(?P<space>\s+)(?P<variable2>{_VARIABLE}))?"
)


def date_casts(query: str) -> str:
    """A query whose xsd:date constants compared with `<`, `<=`, `=`, ... are written as casts (`xsd:date("...")`),
    and the variable compared with one as a cast of itself, the same values: Virtuoso 7.2 answers
    `?d <= "2005-01-01"^^xsd:date` without some of the dates before it (a range scan of its index), and a cast is not
    turned into one; with the constant alone cast, it still drops the rows of some dates where the group also has
    OPTIONALs (descendants.rq: the versions of 2004-07-01 on 2005-01-01). Constants elsewhere (VALUES, triple
    patterns) stay.

    >>> date_casts('FILTER (?d <= "2005-01-01"^^<http://www.w3.org/2001/XMLSchema#date>)')
    'FILTER (<http://www.w3.org/2001/XMLSchema#date>(?d) <= <http://www.w3.org/2001/XMLSchema#date>("2005-01-01"))'
    >>> date_casts('VALUES (?d ?p) { ("2005-01-01"^^<http://www.w3.org/2001/XMLSchema#date> <https://e.org/p>) }')
    'VALUES (?d ?p) { ("2005-01-01"^^<http://www.w3.org/2001/XMLSchema#date> <https://e.org/p>) }'
    >>> date_casts('?s <https://e.org/p> "2005-01-01"^^<http://www.w3.org/2001/XMLSchema#date> .')
    '?s <https://e.org/p> "2005-01-01"^^<http://www.w3.org/2001/XMLSchema#date> .'
    >>> date_casts('FILTER ("2005-01-01"^^<http://www.w3.org/2001/XMLSchema#date> >= ?d)')
    'FILTER (<http://www.w3.org/2001/XMLSchema#date>("2005-01-01") >= <http://www.w3.org/2001/XMLSchema#date>(?d))'
    >>> date_casts('FILTER (COALESCE(?a, ?b) > "2005-01-01"^^<http://www.w3.org/2001/XMLSchema#date>)')
    'FILTER (COALESCE(?a, ?b) > <http://www.w3.org/2001/XMLSchema#date>("2005-01-01"))'
    """

    def cast(match: re.Match[str]) -> str:
        if match.group("date") is not None:
            variable = f"{_XSD_DATE}({match.group('variable')}){match.group('gap')}" if match.group("variable") else ""
            return f'{variable}{match.group("before")}{_XSD_DATE}("{match.group("date")}")'
        variable = f"{match.group('space')}{_XSD_DATE}({match.group('variable2')})" if match.group("variable2") else ""
        return f'{_XSD_DATE}("{match.group("date2")}"){match.group("after")}{variable}'

    return _COMPARED_DATE.sub(cast, query)


def form(query: str, dataset: Sequence[tuple[str, str]] = ()) -> bytes:
    """A query and its dataset (`default-graph-uri`, `named-graph-uri`) as a SPARQL 1.1 Protocol form body.

    >>> form("ASK {}", [("default-graph-uri", "https://e.org/g")])
    b'query=ASK+%7B%7D&default-graph-uri=https%3A%2F%2Fe.org%2Fg'
    """
    return urlencode([("query", query), *dataset]).encode("ascii")


__all__ = ["FORM", "WRONG_ANSWERS", "ChallengeAuth", "canonical_booleans", "date_casts", "form"]
