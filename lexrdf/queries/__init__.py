"""The query library: curated `.rq` files with grlc-style headers, loaded and bound safely.

A query declares its metadata in `#+` comment lines (YAML: summary, description, tags, defaults, enumerate,
derived, result, non_answers) and its parameters in grlc's variable convention: ``?__name`` is required,
``?_name`` optional, and a suffix gives the type (``_iri``, ``_xsd_date``, ``_xsd_dateTime``, ``_xsd_integer``;
none means string). ``_iris`` is a list of IRIs and ``_strings`` a list of strings (internal queries: several values
at once): its variable is the one of a ``VALUES ?__name_iris { }`` block, written empty (as it is, the query has no
such value and matches nothing), and bound by filling each such block with the terms (see `bind_terms`).

Values are bound as typed RDF terms: each raw value becomes a pyoxigraph term (an IRI is validated, a date
parsed), and that term, serialised by pyoxigraph in N-Triples syntax, takes the place of the parameter's
variable token, so a value is always exactly one RDF term and cannot change what the query means. (pyoxigraph's
own ``substitutions=`` are not used: Oxigraph 0.5 plans such queries as if the variables were unbound, which
measured ten times slower on 55k quads and grows with the store; and a remote SPARQL 1.1 endpoint has no
parameter binding at all.)

The ``#+ result`` header is the answer's shape (see lexrdf.queries.shapes), read as a YAML flow collection:
``{a, b: {c, d}, e: [{f}]}``. A bare field is a string; ``field: TYPE`` names one of `SCALARS`; ``[X]`` is a list
of X; ``a|b`` is one of those values (``method: index|scan``); any other word is a constant (``status: version``);
YAML anchors share a shape (``opened_by: &event {...},
closed_by: *event``). A query with no Python answer builder answers its rows (`row_values`).

Beside the loader: `binding` (typed terms into a query's text), `shapes` (the answers' shapes), `schemas` (their
pydantic models), `docs` (the library's reference), `repository` (the ingest's questions of a store, asked with
the internal queries).

>>> query = load_library()["text-at"]
>>> [(p.name, p.kind, p.required) for p in query.parameters][:3]
[('provision', 'iri', True), ('date', 'date', True), ('known_at', 'dateTime', False)]
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import cache
from pathlib import Path
from typing import Any

from pyoxigraph import BlankNode, Literal, NamedNode, QuerySolution, QuerySolutions

from lexrdf import yamltext
from lexrdf.errors import QueryError
from lexrdf.mapping.citations import read_citation
from lexrdf.queries.binding import Term, bind_terms, empty_values_blocks
from lexrdf.queries.shapes import Shape, parse_shape
from lexrdf.txtime import stamp
from lexrdf.uris import canonical_work
from lexrdf.vocab import XSD

QUERIES_DIR = Path(__file__).resolve().parent

_PARAMETER = re.compile(
    r"\?(?P<required>__?)(?P<name>[a-z][a-z0-9_]*?)(?:_(?P<kind>iris|iri|strings|xsd_dateTime|xsd_date|xsd_integer|xsd_string))?\b"
)
_KINDS = {
    None: "string",
    "iri": "iri",
    "iris": "iris",
    "strings": "strings",
    "xsd_date": "date",
    "xsd_dateTime": "dateTime",
    "xsd_integer": "integer",
    "xsd_string": "string",
}
LISTS = ("iris", "strings")  # the kinds of list parameters
_LISTED = {"iris": "IRIs", "strings": "strings"}
#: what a derived parameter may be made by (``#+ derived: [{name: {from: ref, call: NAME}}]``): functions of a value
#: returning the derived value, or None when it has none
DERIVATIONS: dict[str, Callable[[str], str | None]] = {
    "canonical_act": lambda ref: None if re.search("[~#]", ref) else canonical_work(ref),  # an act, no portion
    "canonical_portion_of": lambda ref: canonical_work(ref) if re.search("[~#].", ref) else None,  # a portion's act
    # a citation as people write it (a site's URL, "1998 c. 29, s. 7"), read into the reference grammar
    "cited": lambda ref: read_citation(ref).reference,
    "cited_title": lambda ref: _title(ref, portion=False),  # an act cited by its title
    "cited_title_the": lambda ref: _title(ref, portion=False, the=True),  # the same, with or without "The"
    "cited_title_of_portion": lambda ref: _title(ref, portion=True),  # the act of a provision cited so
    "cited_title_of_portion_the": lambda ref: _title(ref, portion=True, the=True),
}


def _title(ref: str, portion: bool, the: bool = False) -> str | None:
    """The title a title citation names its act by (`portion`: of a provision's citation, else of an act's); `the`:
    the same title with a leading "The" added, or taken away when it has one.

    >>> _title("Data Protection Act 1998 s. 7", portion=True, the=True), _title("Data Protection Act 1998", False)
    ('The Data Protection Act 1998', 'Data Protection Act 1998')
    """
    cited = read_citation(ref)
    if cited.title is None or bool(cited.eid) != portion:
        return None
    if not the:
        return cited.title
    return cited.title[4:] if cited.title.startswith("The ") else f"The {cited.title}"


NOTHING = NamedNode("urn:lexrdf:nothing")  # what a derived parameter is bound to when its value does not fit
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # xsd:date as lexrdf takes it: no time zone, no sign, ASCII
_MOMENT = re.compile(  # a date, or a date-time to the minute or (fraction of a) second, with an optional offset
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,6})?)?(?:Z|[+-][0-9]{2}:[0-9]{2})?)?"
)


def parse_iri(text: object, name: str) -> NamedNode:
    r"""An absolute IRI by pyoxigraph's own rules (RFC 3987, as the store checks it), or QueryError naming `name`.

    The value is taken exactly as given: no trimming, so what is checked is what is queried.

    >>> parse_iri("https://e.org/a", "provision").value
    'https://e.org/a'
    >>> for bad in ("https://e.org/a\x01", "https://[::1", "http://%zz", "art_3", " https://e.org/a"):
    ...     try:
    ...         parse_iri(bad, "provision")
    ...     except QueryError as exc:
    ...         print(exc.parameter, "refused")
    provision refused
    provision refused
    provision refused
    provision refused
    provision refused
    """
    if isinstance(text, str):
        try:
            return NamedNode(text)
        except ValueError:
            pass
    raise QueryError(f"parameter {name!r}: {text!r} is not an absolute IRI", name)


def parse_date(text: object, name: str) -> date:
    r"""A calendar date written exactly YYYY-MM-DD, or QueryError naming `name` (no trailing text, no time, no
    week or basic ISO forms, which `date.fromisoformat` would take).

    >>> parse_date("2020-02-01", "date")
    datetime.date(2020, 2, 1)
    >>> for bad in ("2020-02-01garbage", "20200201", "2020-02-30", "2020-02-01\n", "２０２０-02-01"):
    ...     try:
    ...         parse_date(bad, "date")
    ...     except QueryError as exc:
    ...         print(exc)
    parameter 'date': '2020-02-01garbage' is not a date (YYYY-MM-DD)
    parameter 'date': '20200201' is not a date (YYYY-MM-DD)
    parameter 'date': '2020-02-30' is not a date (YYYY-MM-DD)
    parameter 'date': '2020-02-01\n' is not a date (YYYY-MM-DD)
    parameter 'date': '２０２０-02-01' is not a date (YYYY-MM-DD)
    """
    if isinstance(text, date) and not isinstance(text, datetime):
        return text
    if isinstance(text, str) and _DATE.fullmatch(text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            pass
    raise QueryError(f"parameter {name!r}: {text!r} is not a date (YYYY-MM-DD)", name)


@dataclass(frozen=True)
class Parameter:
    """One typed query parameter."""

    name: str
    kind: str
    required: bool
    variable: str
    default: str | None = None
    derived_from: str | None = None  # bound from another parameter's value, never given directly
    allowed: tuple[str, ...] = ()  # the values it may take (grlc's #+ enumerate), when restricted
    derived_match: str | None = None  # a derived value is group 1 of this regex matching the whole value
    derived_call: str | None = None  # a derived value is what this function of `DERIVATIONS` makes of the value

    def derive(self, raw: str) -> NamedNode | Literal:
        """A derived parameter's term from its source value, or NOTHING when the value does not fit.

        >>> eid = Parameter("eid", "string", False, "_eid", derived_from="ref", derived_match="[^~#]*[~#](.+)")
        >>> eid.derive("/akn/xx/act/2001-03-14/12~art_3").value, eid.derive("/akn/xx/act/2001-03-14/12") == NOTHING
        ('art_3', True)
        >>> work = Parameter("work", "string", False, "_work", derived_from="ref", derived_call="canonical_act")
        >>> work.derive("urn:nir:stato:legge:2024-11-25;177").value
        '/akn/it/act/legge/stato/2024-11-25/177'
        >>> work.derive("urn:nir:stato:legge:2024-11-25;177~art1") == NOTHING  # a portion: not the act
        True
        """
        value = raw.strip() if isinstance(raw, str) else raw
        if self.derived_call is not None:  # first the call, then the match on what it made
            value = DERIVATIONS[self.derived_call](str(value)) or ""
        if self.derived_match is not None:
            match = re.fullmatch(self.derived_match, str(value), re.DOTALL)
            value = match.group(1) if match else ""
        try:
            return self.bind(value) if value else NOTHING
        except QueryError:
            return NOTHING

    def bind(self, raw: Any) -> Term:
        """Turn a raw value into the RDF term it stands for (a list parameter: into its terms, in order), or raise
        QueryError naming this parameter.

        Values are checked exactly as given (parse_iri, parse_date, parse_moment): nothing is trimmed away. Each
        value of a list parameter is checked as one IRI parameter's value is.

        >>> iris = Parameter("versions", "iris", True, "__versions_iris")
        >>> [term.value for term in iris.bind(["https://e.org/a", "https://e.org/b"])]
        ['https://e.org/a', 'https://e.org/b']
        >>> iris.bind(["https://e.org/a", "https://e.org/b> } ?s ?p ?o { <c"])
        Traceback (most recent call last):
        lexrdf.errors.QueryError: parameter 'versions': 'https://e.org/b> } ?s ?p ?o { <c' is not an absolute IRI
        >>> iris.bind("https://e.org/a")
        Traceback (most recent call last):
        lexrdf.errors.QueryError: parameter 'versions': 'https://e.org/a' is not a list of IRIs
        """
        value = raw
        if self.kind in LISTS:
            if isinstance(value, str | bytes) or not isinstance(value, Iterable):
                raise QueryError(f"parameter {self.name!r}: {raw!r} is not a list of {_LISTED[self.kind]}", self.name)
            if self.kind == "strings":
                return tuple(Literal(str(item)) for item in value)
            return tuple(parse_iri(item, self.name) for item in value)
        if self.allowed and value not in self.allowed:
            raise QueryError(f"parameter {self.name!r}: {raw!r} is not one of {', '.join(self.allowed)}", self.name)
        if self.kind == "iri":
            return parse_iri(value, self.name)
        if self.kind == "date":
            return Literal(parse_date(value, self.name).isoformat(), datatype=XSD.date)
        if self.kind == "dateTime":
            return stamp(parse_moment(str(value), self.name))  # in UTC, as the store writes times back
        if self.kind == "integer":
            text = str(value)
            if not re.fullmatch(r"[+-]?[0-9]{1,18}", text):
                raise QueryError(f"parameter {self.name!r}: {raw!r} is not an integer", self.name)
            return Literal(str(int(text)), datatype=XSD.integer)
        return Literal(str(value))


def parse_moment(text: str, name: str = "known_at") -> datetime:
    """A transaction time: "now", a date (YYYY-MM-DD) or an ISO 8601 date-time (YYYY-MM-DDThh:mm[:ss[.ffffff]]
    with an optional Z or ±hh:mm); naive values are UTC. Anything else is a QueryError naming `name`.

    >>> parse_moment("2024-01-01T10:00:00+02:00").isoformat(), parse_moment("2024-01-01").isoformat()
    ('2024-01-01T10:00:00+02:00', '2024-01-01T00:00:00+00:00')
    >>> parse_moment("2024-01-01T10garbage")
    Traceback (most recent call last):
    lexrdf.errors.QueryError: parameter 'known_at': '2024-01-01T10garbage' is not a date-time (ISO 8601)
    """
    if text == "now":
        return datetime.now(UTC)
    refused = QueryError(f"parameter {name!r}: {text!r} is not a date-time (ISO 8601)", name)
    if not (isinstance(text, str) and _MOMENT.fullmatch(text)):
        raise refused
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:  # a day or an hour out of range
        raise refused from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Query:
    """One library query: its text, metadata and parameters."""

    name: str
    text: str
    summary: str
    description: str
    tags: tuple[str, ...]
    result: str
    parameters: tuple[Parameter, ...]
    non_answers: tuple[str, ...] = ()
    shape: Shape | None = None  # the `result` header parsed; None when the query declares none
    # `#+ types`: (path in the result shape, the class of the object there), lexrdf.queries.answer_types
    types: tuple[tuple[str, str], ...] = ()

    @property
    def internal(self) -> bool:
        return "internal" in self.tags or self.name.startswith("_")  # files starting with _ are internal

    def bound(self, values: dict[str, Any]) -> str:
        """The query text with every parameter bound to its typed term (see the module docstring)."""
        return bind_terms(self.text, self.bindings(values))

    @property
    def public_parameters(self) -> tuple[Parameter, ...]:
        """The parameters a caller gives (derived ones are filled in by the library)."""
        return tuple(p for p in self.parameters if p.derived_from is None)

    def bindings(self, values: dict[str, Any]) -> dict[str, Term]:
        """Check and type the given values; fill defaults and derived values; refuse unknown or missing ones.

        A derived parameter (``#+ derived: [{ref_iri: ref}]``) is the same value typed again (or, with
        ``{work: {from: ref, match: REGEX}}``, the part of it the regex's group 1 matches), bound only when it
        is valid as that type; otherwise it is bound to an IRI no data uses, so that it matches nothing.
        """
        known = {p.name for p in self.public_parameters}
        unknown = sorted(set(values) - known)
        if unknown:
            raise QueryError(
                f"query {self.name!r} has no parameter {unknown[0]!r} (it takes: {', '.join(sorted(known)) or 'none'})"
            )
        bound: dict[str, Term] = {}
        for parameter in self.parameters:
            if parameter.derived_from is not None:
                bound[parameter.variable] = parameter.derive(values.get(parameter.derived_from) or "")
                continue
            raw = values.get(parameter.name)
            if raw is None or (isinstance(raw, str) and raw == ""):
                if parameter.default is not None:
                    raw = parameter.default
                elif parameter.required:
                    raise QueryError(f"query {self.name!r}: missing required parameter {parameter.name!r}")
                else:
                    continue
            bound[parameter.variable] = parameter.bind(raw)
        return bound


#: the keys a query's `#+` header may give (docs/queries.md)
HEADER_KEYS = ("summary", "description", "tags", "defaults", "enumerate", "derived", "result", "types", "non_answers")


def parse_query(name: str, text: str) -> Query:
    """Read the `#+` header and the parameters of one query."""
    header_lines = [line[2:] for line in text.splitlines() if line.startswith("#+")]
    try:
        header = yamltext.load("\n".join(line[1:] if line.startswith(" ") else line for line in header_lines)) or {}
    except yamltext.YAMLError as exc:
        raise QueryError(f"query {name!r}: bad #+ header ({exc})") from exc
    if not isinstance(header, dict):
        raise QueryError(f"query {name!r}: the #+ header must be YAML keys, one a line")
    unknown = sorted(str(key) for key in header if key not in HEADER_KEYS)
    if unknown:  # a misspelt key would be silently ignored
        known = ", ".join(HEADER_KEYS)
        raise QueryError(f"query {name!r}: unknown #+ header key(s) {', '.join(unknown)} (known: {known})")
    defaults: dict[str, str] = {}
    for item in header.get("defaults", []) or []:
        defaults.update({str(k): str(v) for k, v in item.items()})
    allowed: dict[str, tuple[str, ...]] = {}
    for item in header.get("enumerate", []) or []:
        allowed.update({str(k): tuple(str(v) for v in values) for k, values in item.items()})
    derived: dict[str, str] = {}
    matches: dict[str, str] = {}
    calls: dict[str, str] = {}
    for item in header.get("derived", []) or []:
        for key, source in item.items():
            if isinstance(source, dict):  # {from: parameter, call: a name in DERIVATIONS, match: regex}: either or both
                if "call" in source and source["call"] not in DERIVATIONS:
                    raise QueryError(f"query {name!r}: derived {key!r} calls {source['call']!r}, no derivation")
                derived[str(key)] = str(source["from"])
                if "call" in source:
                    calls[str(key)] = str(source["call"])
                if "match" in source:
                    matches[str(key)] = str(source["match"])
            else:
                derived[str(key)] = str(source)
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    parameters: dict[str, Parameter] = {}
    for match in _PARAMETER.finditer(body):
        pname = match.group("name")
        if pname not in parameters:
            parameters[pname] = Parameter(
                pname,
                _KINDS[match.group("kind")],
                match.group("required") == "__",
                match.group(0)[1:],
                defaults.get(pname),
                derived.get(pname),
                allowed.get(pname, ()),
                matches.get(pname),
                calls.get(pname),
            )
    for parameter in parameters.values():
        if parameter.kind in LISTS and parameter.variable not in empty_values_blocks(body):
            raise QueryError(f"query {name!r}: list parameter {parameter.name!r} is in no empty VALUES block")
        if parameter.kind in LISTS and not (name.startswith("_") or "internal" in (header.get("tags") or [])):
            raise QueryError(f"query {name!r}: list parameter {parameter.name!r} in a public query (internal only)")
        if not parameter.required and parameter.default is None and parameter.derived_from is None:
            # an unbound parameter would match everything: every optional one needs a default
            raise QueryError(f"query {name!r}: optional parameter {parameter.name!r} has no default")
    result = str(header.get("result", "") or "").strip()
    return Query(
        name=name,
        text=text,
        summary=str(header.get("summary", "")).strip(),
        description=str(header.get("description", "")).strip(),
        tags=tuple(header.get("tags", []) or []),
        result=result,
        parameters=tuple(parameters.values()),
        non_answers=tuple(header.get("non_answers", []) or []),
        shape=parse_shape(result, name) if result else None,
        types=_types(name, header.get("types")),
    )


def _types(name: str, declared: Any) -> tuple[tuple[str, str], ...]:
    """The `#+ types` header: a mapping of result paths to class names, or QueryError."""
    if declared is None:
        return ()
    if not isinstance(declared, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in declared.items()
    ):
        raise QueryError(f"query {name!r}: #+ types must map result paths to class names ({{., items: Item}})")
    return tuple(declared.items())


@cache
def load_library(directory: Path = QUERIES_DIR) -> dict[str, Query]:
    """Every query in the library by name (file name without `.rq`; internal ones start with `_`)."""
    return {
        path.stem: parse_query(path.stem, path.read_text(encoding="utf-8")) for path in sorted(directory.glob("*.rq"))
    }


_INTEGERS = "integer int long short byte nonNegativeInteger positiveInteger nonPositiveInteger negativeInteger"
_UNSIGNED = "unsignedLong unsignedInt unsignedShort unsignedByte"
_NUMBERS = {**dict.fromkeys(f"{_INTEGERS} {_UNSIGNED}".split(), int), "double": float, "float": float}


def term_value(term: NamedNode | BlankNode | Literal | None) -> str | int | float | bool | None:
    """A term as a JSON value: integers as int, doubles and floats as float, booleans as bool, anything else (IRIs,
    strings, dates, decimals, which a float would round) as its lexical form; a blank node as ``_:id``; unbound as
    None.

    >>> [term_value(t) for t in (Literal("3", datatype=XSD.integer), Literal("true", datatype=XSD.boolean),
    ...                          Literal("2001-04-01", datatype=XSD.date), NamedNode("https://e.org/a"), None)]
    [3, True, '2001-04-01', 'https://e.org/a', None]
    >>> numbers = (("1.50", "decimal"), ("1.5E0", "double"), ("INF", "double"))
    >>> [term_value(Literal(value, datatype=XSD[kind])) for value, kind in numbers]
    ['1.50', 1.5, 'INF']
    """
    if term is None:
        return None
    if isinstance(term, BlankNode):
        return f"_:{term.value}"
    if isinstance(term, Literal) and term.datatype.value.startswith(str(XSD)):
        local = term.datatype.value[len(str(XSD)) :]
        if local == "boolean":
            return term.value in ("true", "1")
        convert = _NUMBERS.get(local)
        if convert is not None:
            try:
                number = convert(term.value)
            except ValueError:  # an ill-typed literal stays as written
                return term.value
            return number if math.isfinite(number) else term.value  # JSON has no NaN or INF
    return term.value


def row_values(
    solutions: QuerySolutions, kept: Callable[[list[QuerySolution]], list[QuerySolution]] | None = None
) -> list[dict[str, Any]]:
    """A query's rows (those `kept` keeps of them, when given) as JSON objects: each projected variable to its
    `term_value`, unbound ones as None. The parameters (variables starting with ``_``, grlc's convention) are
    left out."""
    names = [variable.value for variable in solutions.variables if not variable.value.startswith("_")]
    rows = kept(list(solutions)) if kept is not None else solutions
    return [{name: term_value(row[name]) for name in names} for row in rows]


def get_query(name: str) -> Query:
    """A public query by name, or QueryError listing the ones that exist."""
    library = load_library()
    if name not in library or library[name].internal:
        public = sorted(n for n, q in library.items() if not q.internal)
        raise QueryError(f"unknown query {name!r} (known: {', '.join(public)})")
    return library[name]
