"""The HTML query page of /sparql: a form, and example queries taken from the query library, each with its
parameters bound to values from the bundled sample corpus (samples/README.md) so that it runs as shown.

>>> example = next(e for e in examples("https://lexrdf.example.org") if e.name == "text-at")
>>> "<https://lexrdf.example.org/eli/xx/act/2001-03-14/12/art_3/para_2>" in example.query
True
>>> "#+" in example.query
False
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from lexrdf.errors import QueryError
from lexrdf.queries import Query, load_library

DEFAULT_QUERY = """PREFIX lex: <https://w3id.org/lexrdf/ontology#>

# How many resources of each class the store holds
SELECT ?class (COUNT(?resource) AS ?count)
WHERE { ?resource a ?class }
GROUP BY ?class
ORDER BY DESC(?count)
LIMIT 25
"""

# Parameter values from the sample corpus: the Open Data Act 2001 and its article 3(2), substituted in 2004.
_SAMPLE_VALUES = {
    "provision": "{base}/eli/xx/act/2001-03-14/12/art_3/para_2",
    "act": "{base}/eli/xx/act/2001-03-14/12",
    "ref": "/akn/xx/act/2001-03-14/12~art_3__para_2",
    "date": "2003-01-01",
    "from": "2002-01-01",
    "to": "2005-01-01",
    "since": "2000-01-01T00:00:00Z",
    "text": "machine-readable",
}
_SAMPLE_BY_KIND = {"iri": "{base}/eli/xx/act/2001-03-14/12", "date": "2005-01-01", "dateTime": "now", "integer": "1"}


@dataclass(frozen=True)
class Example:
    """One library query as the page shows it: ready to run."""

    name: str
    summary: str
    query: str
    values: tuple[tuple[str, str], ...]  # the sample values bound in, by parameter

    @property
    def run_href(self) -> str:
        """A link that runs it (GET /sparql?query=...)."""
        return "/sparql?" + urlencode({"query": self.query})

    @property
    def edit_href(self) -> str:
        """A link that opens it in the page's editor."""
        return "/sparql?" + urlencode({"example": self.name})


def examples(base_iri: str) -> list[Example]:
    """Every public library query, bound to sample values."""
    return [_example(query, base_iri.rstrip("/")) for query in load_library().values() if not query.internal]


def _example(query: Query, base: str) -> Example:
    values = {
        parameter.name: (_SAMPLE_VALUES.get(parameter.name) or _SAMPLE_BY_KIND.get(parameter.kind, "")).format(
            base=base
        )
        for parameter in query.public_parameters
        if parameter.required
    }
    try:
        text = query.bound(values)
    except QueryError:  # a parameter the samples do not cover: show the query unbound
        text, values = query.text, {}
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#+")).strip() + "\n"
    return Example(query.name, query.summary, body, tuple(values.items()))
