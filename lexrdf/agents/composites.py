"""The tools that are not one library query: `verify_citation`, `date_from_question`, and the SAT-Graph operations
under their specification's names (so an agent written against SAT-Graph works).

Each composes the answers the query library's builders give (lexrdf.api.Lexrdf: resolve, text_at, versions;
lexrdf.satgraph.operations) and writes no answer of its own a second time.
"""

from __future__ import annotations

import inspect
import re
import unicodedata
from typing import Any, get_args

from pydantic import BaseModel, ConfigDict, Field, create_model

from lexrdf.agents.dates import AsOf, choose_as_of, dates_in_question
from lexrdf.agents.tools import AS_OF, QUESTION, Reply, Tool, envelope_schema, input_schema, undated_citation
from lexrdf.answers.statuses import AS_LAST_KNOWN, IN_FORCE, RESOLVED
from lexrdf.api import Lexrdf
from lexrdf.citing import cite_subject
from lexrdf.queries import load_library
from lexrdf.queries.schemas import response_model
from lexrdf.satgraph.operations import OPERATIONS, SatGraph, call

VERIFIED, TEXT_DIFFERS, NOT_IN_FORCE = "verified", "text-differs", "not-in-force"
KNOWN_AT = {
    "type": "string",
    "format": "date-time",
    "description": "the transaction time: answer as the store knew it then (default now)",
}


# -- verify_citation -----------------------------------------------------------------------------------------------
def normalised(text: str) -> str:
    """Text compared as a reader would: case, quotes, dashes and spacing aside.

    >>> normalised("  The “data  controller” — shall ")
    'the "data controller" - shall'
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub("[\u2018\u2019\u201b`]", "'", re.sub("[\u201c\u201d\u201e]", '"', text))
    text = re.sub("[\u2010-\u2015\u2212]", "-", text)
    return re.sub(r"\s+", " ", text).strip()


def _verify_schema() -> dict[str, Any]:
    text_at = response_model(load_library()["text-at"])
    (version,) = get_args(response_model(load_library()["versions"]))
    answer = create_model(
        "VerifyCitationAnswer",
        __config__=ConfigDict(extra="forbid"),
        status=(str, Field(description=f"{VERIFIED}, {TEXT_DIFFERS}, {NOT_IN_FORCE}, or the citation's non-answer")),
        citation=(str, Field(description="the citation as given")),
        provision=(str | None, Field(description="the provision it names")),
        quoted=(str | None, Field(description="the quoted text, as given")),
        matches=(bool | None, Field(description="whether the text in force on the date holds the quoted words")),
        in_force=(text_at | None, Field(description="what was in force on the date (get_provision's answer)")),
        versions_with_quote=(
            list[version],  # type: ignore[valid-type]
            Field(description="every version whose text holds the quoted words: when, and which acts changed it"),
        ),
        message=(str, Field(description="the verdict in one sentence")),
    )
    return envelope_schema("verify_citation", answer)


def _verify(lex: Lexrdf, arguments: dict[str, Any], as_of: AsOf) -> Reply:
    citation, quoted = arguments["citation"], arguments.get("quoted")
    known_at, language = arguments.get("known_at"), arguments.get("language")
    resolved = lex.resolve(citation)
    answer: dict[str, Any] = {
        "status": resolved.status,
        "citation": citation,
        "provision": resolved.provision,
        "quoted": quoted,
        "matches": None,
        "in_force": None,
        "versions_with_quote": [],
        "message": "",
    }
    day = as_of.day.isoformat()
    if resolved.status != RESOLVED or resolved.provision is None:
        answer["message"] = (
            f"{citation!r} names several units ({', '.join(resolved.candidates)}): cite one"
            if resolved.candidates
            else f"{citation!r} names nothing the store holds"
        )
        return Reply(answer, resolved.status, cite_subject(citation, as_of.day))
    provision = resolved.provision
    at = lex.text_at(provision, as_of.day, known_at=known_at, language=language).to_dict()
    answer["in_force"] = at
    in_force = at["status"] in (IN_FORCE, AS_LAST_KNOWN)
    cited = at["citation"] or cite_subject(provision, as_of.day)
    if quoted:
        wanted = normalised(quoted)
        answer["matches"] = bool(in_force and at["text"] and wanted in normalised(at["text"]))
        answer["versions_with_quote"] = [
            version.to_dict()
            for version in lex.versions(provision, known_at=known_at, language=language)
            if version.text and wanted in normalised(version.text)
        ]
    if not in_force:
        status = NOT_IN_FORCE
        answer["message"] = f"no text of {provision} was in force on {day} ({at['status']}): {at['message'] or ''}"
    elif quoted and not answer["matches"]:
        status = TEXT_DIFFERS
        answer["message"] = _differs(at, answer["versions_with_quote"], day)
    else:
        status = VERIFIED
        words = "the quoted words are" if quoted else "a text is"
        answer["message"] = f"{words} in force on {day}: {cited}" + _opened(at)
    answer["status"] = status
    return Reply(answer, status, cited)


def _event(event: dict[str, Any] | None) -> str:
    if not event:
        return "an unrecorded event"
    source = f" by {event['source']}" if event.get("source") else ""
    return f"{event['type']} of {event['date']}{source}"


def _opened(at: dict[str, Any]) -> str:
    return f" (in force from {at['valid_from']}, by {_event(at['opened_by'])})" if at.get("valid_from") else ""


def _differs(at: dict[str, Any], holding: list[dict[str, Any]], day: str) -> str:
    """Why the quote is not the law on `day`: which version held it, and which change ended it."""
    now = f"the text in force on {day} does not hold the quoted words{_opened(at)}"
    if not holding:
        return now + "; no recorded version of the provision holds them"
    windows = "; ".join(
        f"from {v['valid_from']} until {v['valid_until'] or 'now'}"
        + (f", ended by {_event(v['closed_by'])}" if v.get("closed_by") else "")
        for v in holding
    )
    return f"{now}; they are the text {windows}"


VERIFY = Tool(
    "verify_citation",
    "Verify a citation and a quoted text on a date",
    "Was this provision (and, when `quoted` is given, these words of it) in force on the date? If not, what was, "
    "and which act changed it. `citation` is any identifier resolve_reference accepts (an ELI, an Akoma Ntoso or "
    "legislation.gov.uk URI, a URN, a lexrdf IRI).",
    input_schema(
        {
            "citation": {"type": "string", "description": "the provision cited: an identifier or IRI"},
            "quoted": {"type": "string", "description": "the words the citation quotes (optional)"},
            "as_of": AS_OF,
            "question": QUESTION,
            "known_at": KNOWN_AT,
            "language": {"type": "string", "description": "the language of the text compared (BCP 47)"},
        },
        ["citation"],
    ),
    _verify_schema(),
    _verify,
)


# -- date_from_question ------------------------------------------------------------------------------------------
class FoundDateModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(description="the question's words")
    granularity: str = Field(description="day, month or year")
    date: str = Field(description="the day an answer for it is given (the period's first)")
    start: str
    end: str


class QuestionDatesModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str
    dates: list[FoundDateModel] = Field(description="every date the question names, in order")
    chosen: FoundDateModel | None = Field(description="the one date answers are for (null: none, or several)")
    ambiguous: list[str] = Field(description="numeric dates that read two ways: not chosen")
    not_dates: list[str] = Field(description="relative wording and bounding years: not turned into dates")
    note: str


def _dates(lex: Lexrdf, arguments: dict[str, Any], as_of: AsOf) -> Reply:
    read = dates_in_question(arguments["question"])
    status = "one-date" if read.chosen else ("several-dates" if read.dates or read.ambiguous else "no-date")
    reply = Reply(read.to_dict(), status, read.note)
    if read.chosen is not None:
        reply.as_of = choose_as_of(None, arguments["question"], lambda: as_of.day)
    return reply


DATE_FROM_QUESTION = Tool(
    "date_from_question",
    "The dates a question names",
    'Extract the explicit dates, months and years a question names, deterministically ("In 2021, could an '
    'employer ..." gives 2021, and says it chose a year: answers are for its first day). Nothing is guessed from '
    "vague wording ('recently', 'last year'); a year in a citation ('DPA 1998') is not a date; a numeric date that "
    "reads two ways is reported, not chosen. Pass the chosen date as `as_of` to the other tools (or pass the "
    "question itself as their `question`).",
    input_schema({"question": {"type": "string", "description": "the user's question, as asked"}}, ["question"]),
    envelope_schema("date_from_question", QuestionDatesModel),
    _dates,
    reads_question=False,
)


# -- the SAT-Graph operations ------------------------------------------------------------------------------------
_SAT_RENAMED = {"observerTime": "known_at"}  # the SAT-Graph parameter a lexrdf one stands for


def satgraph_tool(name: str) -> Tool:
    """The tool of one SAT-Graph operation: its parameters as the specification names them, `at` given by as_of."""
    operation = OPERATIONS[name]
    properties: dict[str, Any] = {}
    for parameter in operation.parameters:
        if parameter == "at":
            continue
        if parameter in operation.lists:
            schema: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
        elif parameter in operation.integers:
            schema = {"type": "integer"}
        else:
            schema = {"type": "string"}
        properties[_SAT_RENAMED.get(parameter, parameter)] = schema
    if "observerTime" in operation.parameters:
        properties["known_at"] = KNOWN_AT
    properties.update({"as_of": AS_OF, "question": QUESTION})
    dated = "at" in operation.parameters

    def run(lex: Lexrdf, arguments: dict[str, Any], as_of: AsOf) -> Reply:
        values: dict[str, Any] = {}
        for parameter in operation.parameters:
            given = arguments.get(_SAT_RENAMED.get(parameter, parameter))
            if parameter == "at":
                given = as_of.day.isoformat()
            if given is None:
                continue
            values[parameter] = ",".join(given) if isinstance(given, list) else str(given)
        answer = call(SatGraph(lex.store, lex.settings.query_timeout_seconds), name, values)
        subject = values.get(operation.parameters[0], name)
        if not dated:
            return Reply(
                answer,
                "answered",
                undated_citation(
                    subject, "as the SAT-Graph operation answers for every date", values.get("observerTime")
                ),
            )
        return Reply(answer, "answered", cite_subject(subject, as_of.day))

    summary = (inspect.getdoc(operation.method) or name).split("\n")[0]
    return Tool(
        name,
        f"SAT-Graph {name}",
        f"{summary} (the SAT-Graph API operation; answers in the specification's shapes)",
        input_schema(properties, [operation.parameters[0]]),
        envelope_schema(name, Any),
        run,
        dated=dated,
    )


def composite_tools() -> dict[str, Tool]:
    """verify_citation, date_from_question and every SAT-Graph operation, by tool name."""
    tools = [VERIFY, DATE_FROM_QUESTION, *(satgraph_tool(name) for name in OPERATIONS)]
    return {tool.name: tool for tool in tools}
