"""The SAT-Graph API over lexrdf, under `/satgraph`: the specification's paths, parameters and response shapes.

Ids in paths are SAT-Graph ids or lexrdf IRIs, percent-encoded (`#` as %23, `/` as %2F). An id that names nothing
is a 404, a bad parameter a 400 naming it (problem+json, as everywhere in lexrdf).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Body, Depends, Query
from pydantic import BaseModel, ConfigDict, Field

from lexrdf.api import Lexrdf
from lexrdf.errors import QueryError
from lexrdf.queries import parse_moment
from lexrdf.satgraph.operations import NotFound, SatGraph
from lexrdf.web.deps import get_lex
from lexrdf.web.errors import Problem, responses
from lexrdf.web.parameters import declared_only

T = TypeVar("T")
Interval = list[str | None]


class _Model(BaseModel):
    model_config = ConfigDict(populate_by_name=True)


class _Kept(_Model):
    """A SAT-Graph object that also carries the fields its dataset gave which lexrdf does not map, as they came."""

    model_config = ConfigDict(populate_by_name=True, extra="allow")


class Assumed(_Model):
    field: str = Field(description="the field the dataset left out")
    value: str = Field(description="what the import took for it")
    because: str


_ASSUMED = Field(
    None, description="values the import assumed for fields the dataset left out (this answer rests on them)"
)


class SatItem(_Kept):
    id: str
    urn: str | None = None
    url: str | None = None
    typeId: str
    label: str
    parentId: str | None = None
    metadata: Any = None


class SatVersion(_Kept):
    id: str
    urn: str | None = None
    url: str | None = None
    itemId: str
    type: str = Field(description="statutory, interpretive, documentary, or the type the dataset gave")
    validityInterval: Interval
    applicabilityInterval: Interval | None = None
    producedByActionId: str | None = None
    terminatedByActionId: str | None = None
    metadata: Any = None
    assumed: list[Assumed] | None = _ASSUMED


class SatAction(_Kept):
    id: str
    parentId: str | None = None
    type: str
    eventTime: str
    validityInterval: Interval | None = None
    applicabilityInterval: Interval | None = None
    sourceVersionIds: list[str]
    terminatesVersionIds: list[str] = []
    producesVersionIds: list[str] = []
    metadata: Any = None
    assumed: list[Assumed] | None = _ASSUMED


class SatTextUnit(_Kept):
    id: str
    sourceType: str
    sourceId: str
    language: str
    aspect: str
    content: str
    metadata: Any = None


class SearchedTextUnitResult(_Model):
    textUnit: SatTextUnit
    score: float


class ResolvedItemCandidate(_Model):
    item: SatItem
    confidence: float


class TextChange(_Model):
    type: str
    level: str
    componentId: str | None = None
    contentBefore: str | None = None
    contentAfter: str | None = None


class TextDiffReport(_Model):
    language: str | None = None
    changes: list[TextChange]


class SearchTextUnitsRequest(_Model):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")  # a field it does not take is a 400 naming it

    itemIds: list[str] = []
    itemUrns: list[str] = []
    at: str | None = None
    contentQuery: dict[str, Any] = Field(description="lexical.queryText (or semantic.queryText): a phrase")
    language: str | None = None
    aspects: list[str] = ["canonical"]
    topK: int = Field(10, ge=1)


def get_sat(lex: Annotated[Lexrdf, Depends(get_lex)]) -> SatGraph:
    """The SAT-Graph operations over the application's store."""
    return SatGraph(lex.store, lex.settings.query_timeout_seconds)


Sat = Annotated[SatGraph, Depends(get_sat)]


def _answer(operation: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    try:
        return operation(*args, **kwargs)
    except NotFound as exc:
        raise Problem(404, "Not Found", str(exc)) from None


def _time(value: str | None, name: str) -> str | None:
    """A SAT-Graph time parameter checked strictly: an RFC 3339 date-time or a date (YYYY-MM-DD), nothing after it.

    >>> _time("2020-01-01T00:00:00Z", "at"), _time(None, "at")
    ('2020-01-01T00:00:00Z', None)
    """
    if value is None or value == "":
        return None
    if value == "now":
        raise QueryError(f"parameter {name!r}: {value!r} is not a date-time (RFC 3339) or date", name)
    parse_moment(value, name)
    return value


def _query_text(content_query: dict[str, Any]) -> str:
    for key in ("lexical", "semantic"):
        part = content_query.get(key)
        if isinstance(part, dict) and part.get("queryText"):
            return str(part["queryText"])
    return str(content_query.get("queryText") or "")


def router() -> APIRouter:
    """The `/satgraph` routes (include it before lexrdf.web.linked_data, which answers every other path)."""
    api = APIRouter(
        prefix="/satgraph", tags=["SAT-Graph"], responses=responses(400, 404), dependencies=[Depends(declared_only)]
    )
    exclude = {"response_model_exclude_unset": True}

    @api.get(
        "/items/by-reference",
        operation_id="resolveItemReference",
        response_model=list[ResolvedItemCandidate],
        **exclude,
    )
    def resolve_item_reference(
        sat: Sat, referenceText: str, contextId: str | None = None, at: str | None = None, topK: int = Query(5, ge=1)
    ):
        return _answer(sat.resolve_item_reference, referenceText, contextId, _time(at, "at"), topK)

    @api.post(
        "/text-units/search", operation_id="searchTextUnits", response_model=list[SearchedTextUnitResult], **exclude
    )
    def search_text_units(sat: Sat, request: Annotated[SearchTextUnitsRequest, Body()]):
        scope = [*request.itemIds, *request.itemUrns]
        text = _query_text(request.contentQuery)
        at = _time(request.at, "at")
        return _answer(sat.search_text_units, text, scope, at, request.language, request.aspects, request.topK)

    @api.get("/versions/compare", operation_id="compareVersions", response_model=TextDiffReport, **exclude)
    def compare_versions(sat: Sat, versionIdA: str, versionIdB: str):
        return _answer(sat.compare_versions, versionIdA, versionIdB)

    @api.get("/actions/{actionId:path}", operation_id="getAction", response_model=SatAction, **exclude)
    def get_action(sat: Sat, actionId: str):
        return _answer(sat.get_action, actionId)

    @api.get(
        "/versions/{versionId:path}/text-units",
        operation_id="getVersionTextUnits",
        response_model=list[SatTextUnit],
        **exclude,
    )
    def get_version_text_units(sat: Sat, versionId: str, language: str | None = None):
        return _answer(sat.get_version_text_units, versionId, language)

    @api.get("/versions/{versionId:path}", operation_id="getVersion", response_model=SatVersion, **exclude)
    def get_version(sat: Sat, versionId: str):
        return _answer(sat.get_version, versionId)

    @api.get(
        "/items/{itemId:path}/valid-versions",
        operation_id="getValidVersions",
        response_model=list[SatVersion],
        **exclude,
    )
    def get_valid_versions(sat: Sat, itemId: str, at: str | None = None, observerTime: str | None = None):
        return _answer(sat.get_valid_versions, itemId, _time(at, "at"), _time(observerTime, "observerTime"))

    @api.get(
        "/items/{itemId:path}/applicable-versions",
        operation_id="getApplicableVersions",
        response_model=list[SatVersion],
        **exclude,
    )
    def get_applicable_versions(sat: Sat, itemId: str, at: str | None = None, observerTime: str | None = None):
        return _answer(sat.get_applicable_versions, itemId, _time(at, "at"), _time(observerTime, "observerTime"))

    @api.get(
        "/items/{itemId:path}/versions", operation_id="getItemVersions", response_model=list[SatVersion], **exclude
    )
    def get_item_versions(sat: Sat, itemId: str, startAt: str | None = None, endAt: str | None = None):
        return _answer(sat.get_item_versions, itemId, _time(startAt, "startAt"), _time(endAt, "endAt"))

    @api.get("/items/{itemId:path}/children", operation_id="getItemChildren", response_model=list[SatItem], **exclude)
    def get_item_children(sat: Sat, itemId: str):
        return _answer(sat.get_item_children, itemId)

    @api.get("/items/{itemId:path}/ancestors", operation_id="getItemAncestors", response_model=list[SatItem], **exclude)
    def get_item_ancestors(sat: Sat, itemId: str):
        return _answer(sat.get_item_ancestors, itemId)

    @api.get("/items/{itemId:path}/hierarchy", operation_id="getItemHierarchy", response_model=list[str])
    def get_item_hierarchy(sat: Sat, itemId: str, depth: int | None = Query(None, ge=0)):
        return _answer(sat.get_item_hierarchy, itemId, depth)

    @api.get("/items/{itemId:path}/history", operation_id="getItemHistory", response_model=list[SatAction], **exclude)
    def get_item_history(
        sat: Sat,
        itemId: str,
        startTime: str | None = None,
        endTime: str | None = None,
        actionTypes: Annotated[list[str] | None, Query()] = None,
    ):
        return _answer(
            sat.get_item_history, itemId, _time(startTime, "startTime"), _time(endTime, "endTime"), actionTypes
        )

    @api.get(
        "/items/{sourceWorkId:path}/actions-caused",
        operation_id="getActionsBySource",
        response_model=list[SatAction],
        **exclude,
    )
    def get_actions_by_source(
        sat: Sat,
        sourceWorkId: str,
        actionTypes: Annotated[list[str] | None, Query()] = None,
        granularity: str | None = None,
    ):
        return _answer(sat.get_actions_by_source, sourceWorkId, actionTypes, granularity)

    @api.get("/items/{itemId:path}", operation_id="getItem", response_model=SatItem, **exclude)
    def get_item(sat: Sat, itemId: str):
        return _answer(sat.get_item, itemId)

    return api


__all__ = ["router"]
