"""docs/queries.md, generated from the `#+` headers of the query library (`lexrdf queries --markdown`)."""

from __future__ import annotations

from lexrdf.queries import Query, load_library

_KIND_TEXT = {
    "iri": "IRI",
    "date": "date (YYYY-MM-DD)",
    "dateTime": "date-time (ISO 8601, transaction time)",
    "integer": "integer",
    "string": "string",
}

_NON_ANSWERS = {
    "not-yet-in-force": "no version in force yet on the date; `valid_from` and `opened_by` say when and by what "
    "(none when the source shows the words as prospective, with no date)",
    "partly-in-force": "in force for some purposes only on the date: a commencement in part came before the version "
    "(`valid_from`) that brought it wholly into force; `in_force_in_part`, `purposes` and `in_part_evidence` say which",
    "outside-extent": "no text of the provision extends on the date to the territories asked (`extent`); the message "
    "names the extents it has",
    "repealed": "no longer in force on the date; `valid_until` and `closed_by` say when and by what",
    "outside-coverage": "no text recorded for the date (earlier text existed but is not in the sources)",
    "unknown-reference": "the IRI or citation names no act or provision in the store",
    "ambiguous-reference": "the citation names several units; `candidates` lists them",
    "struck-down": "a binding ruling closed the text's window (declared it void); `closed_by` names the ruling",
    "interpretive-only": "the item has no statutory text (a doctrine, a precedent): `interpretations` is its meaning",
    "no-interpretation-yet": "no interpretation operative yet on the date; `later` (or `message`) says from when",
    "no-longer-operative": "the item's interpretations ended before the date; `earlier` says how (overruled by ...)",
    "not-interpreted": "no interpretation of the item is recorded",
}


def render_markdown(queries: dict[str, Query] | None = None) -> str:
    """The reference page of every public query: parameters, result shape and typed non-answers."""
    queries = queries or load_library()
    lines = [
        "# The query library",
        "",
        "Generated from the `#+` headers of `lexrdf/queries/*.rq` by `lexrdf queries --markdown`; do not edit.",
        "Every query is the same call as `lexrdf query NAME --param key=value`, `GET /api/NAME?key=value` and a",
        "method of `lexrdf.api.Lexrdf`. Parameters are bound as typed RDF terms; a bad value is refused with a",
        "message naming the parameter. Answers are JSON objects with snake_case keys.",
        "",
    ]
    for query in (q for q in queries.values() if not q.internal):
        lines += [f"## `{query.name}`", "", query.summary, ""]
        if query.description:
            lines += [query.description, ""]
        lines += ["| parameter | type | required | default | values |", "|---|---|---|---|---|"]
        for parameter in query.public_parameters:
            lines.append(
                f"| `{parameter.name}` | {_KIND_TEXT[parameter.kind]} | {'yes' if parameter.required else 'no'} | "
                f"{parameter.default or ''} | {', '.join(parameter.allowed)} |"
            )
        lines += ["", f"Result: `{query.result}`" if query.result else "", ""]
        if query.non_answers:
            lines.append("Typed non-answers:")
            lines += [f"- `{status}`: {_NON_ANSWERS.get(status, '')}" for status in query.non_answers]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"
