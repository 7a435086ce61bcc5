"""The Python surface: one object over a store that ingests and answers the query library.

For example (a store holding the samples; the tests call it so throughout)::

    lex = Lexrdf.open(Settings.from_env(store="lexrdf-data"))
    lex.text_at(f"{ACT}/art_3/para_2", "2003-01-01").status  # 'in-force'
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Iterable
from dataclasses import asdict
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import unquote

from pyoxigraph import QuerySolution, QuerySolutions

from lexrdf import citing
from lexrdf.answers.chains import ContextAnswer, ContextUnit, chain_titles, chain_units, texts_per_unit, unit_label
from lexrdf.answers.changes import ChangesAnswer, changes_answer
from lexrdf.answers.descendants import DescendantsAnswer, descendants_answer
from lexrdf.answers.diff import DiffAnswer, diff_answer
from lexrdf.answers.hits import SearchAnswer, indexed_search_answer, scanned_search_answer
from lexrdf.answers.impact import ImpactAnswer, impact_answer
from lexrdf.answers.interpretations import (
    InterpretationsAnswer,
    InterpretationState,
    interpretation_states,
    interpretations_answer,
    overlapping,
)
from lexrdf.answers.lineage import LineageAnswer, lineage_answer
from lexrdf.answers.registry import REDUCERS
from lexrdf.answers.resolve import ResolveAnswer, resolve_answer
from lexrdf.answers.statuses import (
    AS_LAST_KNOWN,
    IN_FORCE,
    INTERPRETIVE_ONLY,
    OPERATIVE,
    UNKNOWN_REFERENCE,
)
from lexrdf.answers.text_at import near_change, outstanding_changes, text_at_answer
from lexrdf.answers.types import EventSummary, VersionAnswer
from lexrdf.answers.versions import in_extent, versions_answer
from lexrdf.errors import QueryError, WrongAnswerError
from lexrdf.ingest.derived import recover_derived
from lexrdf.ingest.run import IngestSummary, Progress, ingest
from lexrdf.mapping.citations import read_citation
from lexrdf.queries import Query, get_query, load_library, parse_moment, row_values
from lexrdf.search import DEFAULT_PAGE_SIZE, Searchable, SearchIndex, ensure_index, index_directory
from lexrdf.search.citations import chains
from lexrdf.search.phrases import count_phrase, snippet, spans
from lexrdf.search.remote import RemoteSearchIndex
from lexrdf.search.windows import windows
from lexrdf.settings import Settings
from lexrdf.source_checks import SourcePolicy
from lexrdf.store import Store, open_store

_log = logging.getLogger("lexrdf.search")


class Lexrdf:
    """Ingest into and query one store."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings

    @classmethod
    def open(
        cls, settings: Settings, read_only: bool = False, progress: Progress | None = None, build_index: bool = True
    ) -> Lexrdf:
        """Open the store as its one writer, or `read_only` on its newest published snapshot (see docs/store.md):
        a reader sees each ingest whole once it is published, and a StoreError when there is no store. A writer of a
        store without a full-text index builds it first (`progress` is told how far, lexrdf.search.ensure_index;
        `build_index` False: not now, as `lexrdf search-index rebuild`, which builds it itself)."""
        store = open_store(
            settings.store,
            read_only=read_only,
            snapshot_grace_seconds=settings.snapshot_grace_seconds,
            url=settings.store_url,  # a remote store (docs/remote.md); `settings.store` then holds its log
            update_url=settings.store_update_url,
            auth=settings.store_auth,
            ignored_graphs=settings.store_ignored_graphs,
        )
        if not read_only:  # a writer first rebuilds what is derived from what a killed writer left
            recover_derived(store)
        if not read_only and build_index:  # a writer builds the full-text index when the store has none
            ensure_index(store, progress, if_texts=True)  # an empty store: its first act write builds it
        return cls(store, settings)

    def close(self) -> None:
        """Release the store; a writer first publishes what it wrote."""
        index: Searchable | None = getattr(self, "_index", None)
        if index is not None:
            index.close()
        self.store.close()

    def publish(self) -> None:
        """Make what was written since the last publish visible to readers: call after each unit of work."""
        self.store.publish()

    def ingest(
        self, paths: Iterable[str | Path], progress: Progress | None = None, policy: SourcePolicy | None = None
    ) -> IngestSummary:
        """Map, version and write source files (see lexrdf.ingest; `policy` confirms what the source checks would
        refuse), then publish them to readers."""
        summary = ingest(paths, self.store, self.settings, progress, policy=policy)
        self.publish()
        return summary

    # -- running library queries ------------------------------------------------------------------
    def rows(self, name: str, **params: Any) -> list:
        """The raw result rows of a library query, with parameters checked and bound as RDF terms."""
        return list(self._solutions(name, **params))

    def _solutions(self, name: str, **params: Any) -> QuerySolutions:
        """`rows`, as the store's solutions (their variables with them)."""
        query: Query = load_library()[name] if name.startswith("_") else get_query(name)
        self._refuse_wrong(query)
        text = query.bound({k: v for k, v in params.items() if v is not None})
        return self.store.select(text, self.settings.query_timeout_seconds)

    #: what a builder is asked beyond the query's own parameters: search.rq's answer is every hit, on one page
    BUILDER_OPTIONS: ClassVar[dict[str, dict[str, Any]]] = {"search": {"size": None}}

    def run(self, query: str | Query, params: dict[str, Any]) -> Any:
        """Run a public query (by name, or a `Query` loaded from elsewhere) and return its JSON-ready answer.

        A library query with a reducer (lexrdf.answers.registry) gives its typed answer, built by the method named
        like the query (`text-at` -> `text_at`), called with the parameters as keywords (one it has no argument of
        that name for, like `from`, as its one argument named `from_...`); any other query gives its rows, one JSON
        object each (lexrdf.queries.row_values), so a new .rq file is a new query with no Python edit.
        Unknown, missing and ill-typed parameters are refused first (QueryError naming the parameter).
        """
        query = get_query(query) if isinstance(query, str) else query
        given = {k: v for k, v in params.items() if v is not None}
        if query.name in REDUCERS and load_library().get(query.name) == query:
            query.bindings(given)  # the builder binds again; this refuses what the method's signature would not
            return self._built_answer(query.name, given)
        self._refuse_wrong(query)
        return row_values(self.store.select(query.bound(given), self.settings.query_timeout_seconds))

    def _refuse_wrong(self, query: Query) -> None:
        """A WrongAnswerError for a library query the store's engine is known to answer wrongly (a remote store's
        `refuses`, docs/remote.md), instead of its wrong answer."""
        refuses = getattr(self.store, "refuses", None)
        reason = refuses(query.name) if refuses is not None and load_library().get(query.name) == query else None
        if reason:
            raise WrongAnswerError(reason)

    def _built_answer(self, name: str, params: dict[str, Any]) -> Any:
        """Call the builder of a query with its parameters and turn its typed answer into JSON-ready data."""
        builder = getattr(self, name.replace("-", "_"))
        accepted = _builder_parameters(name)

        def argument(parameter: str) -> str:
            if parameter in accepted:
                return parameter
            (named,) = (a for a in accepted if a.startswith(f"{parameter}_"))  # `from` -> `from_date`
            return named

        answer = builder(**{argument(k): v for k, v in params.items()}, **self.BUILDER_OPTIONS.get(name, {}))
        if isinstance(answer, list):  # a list of typed items, or of rows (toc)
            return [item if isinstance(item, dict) else item.to_dict() for item in answer]
        return answer.to_dict()

    # -- the primitives -----------------------------------------------------------------------------
    def resolve(self, ref: str) -> ResolveAnswer:
        """What a citation names: an act or a provision IRI (and the date a point-in-time URL names), or a typed
        non-answer (several candidates: ambiguous)."""
        rows = self.rows("resolve", ref=ref)
        day = read_citation(ref).date  # a URL's point in time (/ukpga/1998/29/section/7/2001-01-01)
        return resolve_answer(rows, ref, day)

    def text_at(
        self,
        provision: str,
        date: str | date,
        known_at: str | None = None,
        basis: str | None = None,
        near_days: int | str | None = None,
        strict: bool | str | None = None,
        language: str | None = None,
        extent: str | None = None,
    ) -> VersionAnswer:
        """The version of `provision` in force (or applicable, with basis="applicable") on `date` as recorded
        at `known_at`, or a typed non-answer saying why there is none; flags a change within `near_days`.
        After the date the sources are current to, the text is "as-last-known" (with `strict`, no answer). With
        `extent` ("S", "E+W"), only a text extending to those territories ("outside-extent" when none does)."""
        day = _as_date(date)
        strict_value = None if strict is None else str(strict).lower()
        rows = self.rows(
            "text-at",
            provision=provision,
            date=day.isoformat(),
            known_at=known_at,
            basis=basis,
            near_days=near_days,
            strict=strict_value,
            language=language,
            extent=extent,
        )
        rows, chain = _split_chain(rows)
        answer = text_at_answer(rows, provision, day, strict=strict_value == "true")
        if rows:
            answer.near_change = near_change(rows, day, int(rows[0]["_near_days_xsd_integer"].value))
        if answer.status in (IN_FORCE, AS_LAST_KNOWN):
            last_known = answer.current_to if answer.status == AS_LAST_KNOWN else None
            chain_label = _chain_label(provision, chain_units(chain, "chain_"), chain_titles(chain).get)
            answer.citation = _cite(*chain_label, day, known_at, last_known)
            answer.outstanding = outstanding_changes(rows, answer)
        # the dual chain: one more small query, only for an item that has interpretations (or no statutory text)
        if not rows or any(row["interpreted"] for row in rows):
            meaning = self.interpretations(provision, day, known_at=known_at, basis=basis, language=language)
            if not rows and meaning.item_type == "interpretive-item":
                answer = VersionAnswer(
                    INTERPRETIVE_ONLY if meaning.items else meaning.status,
                    provision,
                    message=(
                        f"{meaning.title or provision} has no statutory text: its meaning is fixed by interpretations"
                        + (f" ({meaning.message})" if meaning.message else "")
                    ),
                )
            answer.interpretations = meaning.items
            answer.diverges = bool(meaning.items) and answer.status in (IN_FORCE, AS_LAST_KNOWN)
        return answer

    def interpretations(
        self,
        item: str,
        date: str | date,
        known_at: str | None = None,
        basis: str | None = None,
        language: str | None = None,
    ) -> InterpretationsAnswer:
        """The interpretations of `item` (a provision, an act, an interpretive item) operative on `date` as
        recorded at `known_at`, with those before and after it, or a typed non-answer saying why none is."""
        day = _as_date(date)
        rows = self.rows(
            "interpretations", item=item, date=day.isoformat(), known_at=known_at, basis=basis, language=language
        )
        return interpretations_answer(rows, item, day)

    def versions(
        self, provision: str, known_at: str | None = None, language: str | None = None, extent: str | None = None
    ) -> list[VersionAnswer]:
        """Every version of `provision` in time order (its text in `language` when given; with `extent`, only those
        extending to those territories); empty when the provision is unknown."""
        rows = self.rows("versions", provision=provision, known_at=known_at, language=language, extent=extent)
        answers = versions_answer(rows, provision)
        rows = in_extent(rows)
        if any(row["interpreted"] for row in rows):  # the dual chain: every interpretation, each beside its versions
            states = self._all_interpretations(provision, known_at, language)
            for answer in answers:
                meeting = set(overlapping(states, answer.valid_from, answer.valid_until))
                answer.interpretations = [s for s in states if s.interpretation in meeting]
                answer.diverges = bool(answer.interpretations)
        return answers

    def _all_interpretations(
        self, item: str, known_at: str | None, language: str | None = None
    ) -> list[InterpretationState]:
        """Every interpretation of `item`, whatever the date, each with its reading (status "operative": in its
        own window)."""
        rows = self.rows("interpretations", item=item, date="0001-01-01", known_at=known_at, language=language)
        states = interpretation_states(rows, item, timeless=True)
        for state in states:
            state.status = OPERATIVE
        return states

    def context(
        self, provision: str, date: str | date, known_at: str | None = None, language: str | None = None
    ) -> ContextAnswer:
        """The ancestors of `provision` (itself last), root first, each with its text (in `language` where it has
        one, else its first language) and the interpretations operative on `date`."""
        return self._context(provision, date, known_at, meaning=True, language=language)

    def _context(
        self,
        provision: str,
        date: str | date,
        known_at: str | None,
        meaning: bool = False,
        language: str | None = None,
    ) -> ContextAnswer:
        """The governing chain; with `meaning`, each unit that has interpretations gets those operative then."""
        day = _as_date(date)
        rows = self.rows("context", provision=provision, date=day.isoformat(), known_at=known_at, language=language)
        items = chain_units(rows)
        units = {unit.unit: unit for unit in items}
        interpreted = [row["unit"].value for row in rows if row["kind"].value == "interpreted"]
        for iri in interpreted if meaning else ():
            if iri in units:
                units[iri].interpretations = self.interpretations(iri, day, known_at=known_at).items
        if not items:
            return ContextAnswer(UNKNOWN_REFERENCE, provision, day.isoformat())
        subordinate = any(u.text for u in items[1:-1])
        status = IN_FORCE
        if items[-1].version is None:  # say why the provision itself has no text then
            status = self._state(provision, day, known_at).status
        return ContextAnswer(status, provision, day.isoformat(), subordinate, items)

    def descendants(
        self,
        provision: str,
        date: str | date,
        known_at: str | None = None,
        language: str | None = None,
        extent: str | None = None,
    ) -> DescendantsAnswer:
        """Every unit below `provision` in force on `date`, in document order, complete; each unit's text in
        `language` where it has one, else its first language; with `extent` ("S"), the texts of those territories."""
        day = _as_date(date)
        params = {"date": day.isoformat(), "known_at": known_at, "language": language, "extent": extent}
        rows, chain = _split_chain(self.rows("descendants", provision=provision, **params))
        items = [row for row in rows if row["unit"] is not None]
        own = text_at_answer(_own_rows(rows), provision, day)
        answer = descendants_answer(items, provision, day, own)
        act_name, root_units = _chain_label(provision, chain_units(chain, "chain_"), chain_titles(chain).get)
        labels = {answer.provision: root_units}
        for item in answer.items:  # each descendant cited from its parent's units
            unit = ContextUnit(item.unit, None, item.unit_type, item.number, None, None, None, item.number)
            parent = labels.get(item.parent or "")
            if parent is None and item.parent:  # a parent with no text on the date: its number from its IRI
                number = citing.number_from_path(item.parent, answer.provision)
                gap = ContextUnit(item.parent, None, "", number, None, None, None, number)
                parent = labels[item.parent] = [*root_units, gap]
            labels[item.unit] = [*(parent or []), unit]
            item.citation = _cite(act_name, labels[item.unit], day, known_at)
        return answer

    def toc(
        self,
        act: str,
        date: str | date,
        known_at: str | None = None,
        language: str | None = None,
        within: str | None = None,
    ) -> list[dict[str, Any]]:
        """The act's table of contents on `date`, in document order, one row a unit (lexrdf/queries/toc.rq): a
        version's number and heading in `language` where it has one, else its first language (`texts_per_unit`);
        `within`: only the units below that provision, each with its status on the date."""
        day = _as_date(date).isoformat()
        solutions = self._solutions("toc", act=act, date=day, known_at=known_at, language=language, within=within)
        return row_values(solutions, kept=texts_per_unit)

    def lineage(
        self, provision: str, date: str | date, known_at: str | None = None, language: str | None = None
    ) -> LineageAnswer:
        """The (event, version) chain of `provision` from its first recorded state to its state on `date`, with the
        interpretations begun by then (their readings in `language`, where they have one)."""
        day = _as_date(date)
        rows = self.rows("lineage", provision=provision, date=day.isoformat(), known_at=known_at, language=language)
        own_rows = _own_rows(rows)
        own, interpreted = text_at_answer(own_rows, provision, day), any(row["interpreted"] for row in own_rows)
        answer = lineage_answer([row for row in rows if row["version"] is not None], provision, day, own)
        if interpreted:  # the dual chain: the interpretations begun by the date, each with its rulings
            meaning = self.interpretations(provision, day, known_at=known_at, language=language)
            answer.interpretations = [*meaning.earlier, *meaning.items]
        return answer

    def impact(self, act: str, known_at: str | None = None) -> ImpactAnswer:
        """Every provision an act (or one event) opened, changed or closed."""
        return impact_answer(self.rows("impact", act=act, known_at=known_at), act)

    def diff(
        self,
        provision: str,
        from_date: str | date,
        to_date: str | date,
        known_at: str | None = None,
        language: str | None = None,
    ) -> DiffAnswer:
        """`provision` on two dates compared word by word in one language (`language`, else the first both sides
        have), with the events between."""
        start, end = _as_date(from_date, "from"), _as_date(to_date, "to")
        if end < start:
            raise QueryError(f"parameter 'to': {end} is before 'from' ({start})")
        dates = {"from": start.isoformat(), "to": end.isoformat()}
        found = self.rows("diff", provision=provision, known_at=known_at, language=language, **dates)
        rows, chain = _split_chain(found)
        known = [row for row in rows if row["provision_type"] is not None]
        answer = diff_answer([row for row in rows if row["version"] is not None], provision, start, end, bool(known))
        interpreted = any(row["interpreted"] for row in known)
        for version, day in ((answer.from_version, start), (answer.to_version, end)):
            if version is not None:
                on_day = [
                    row for row in chain if row["chain_date"] is None or row["chain_date"].value == day.isoformat()
                ]
                titles = chain_titles(on_day).get
                units = chain_units(on_day, "chain_", version.language or language)  # the side's language
                version.citation = _cite(*_chain_label(provision, units, titles), day, known_at)
                if interpreted:  # the dual chain: the interpretations operative beside each side's text
                    version.interpretations = self.interpretations(provision, day, known_at=known_at).items
                    version.diverges = bool(version.interpretations)
        return answer

    def changes_since(self, since: str) -> ChangesAnswer:
        """Every record written or superseded after transaction time `since`, oldest first."""
        return changes_answer(self.rows("changes-since", since=since), since)

    def search(
        self,
        text: str,
        date: str | date,
        known_at: str | None = None,
        *,
        page: int = 1,
        size: int | None = DEFAULT_PAGE_SIZE,
        words: bool = False,
        language: str | None = None,
    ) -> SearchAnswer:
        """The texts in force on `date` (as recorded at `known_at`) that hold `text` as whole words: as one phrase
        (the default), or with `words` every word in any order, stemmed in each text's language ("quoted" parts stay
        phrases); `language` keeps one language's texts. Page `page` (from 1) of `size` hits, DEFAULT_PAGE_SIZE as
        the CLI's `lexrdf search` and HTTP's /api/search page unless asked; None: every hit on one page, as the library
        query gives them (`run("search", ...)`, `lexrdf query search`).

        One hit a version, each with a snippet, its window and opening event, and `total` the matching versions.
        Answered from the full-text index, the store's own or a search service's (`method` "index": ranked by BM25,
        only the page's hits read; lexrdf.search.service), else by scanning the store with search.rq (`method`
        "scan": phrases only, the same hits and total, ranked by occurrences). See docs/search.md."""
        day = _as_date(date)
        if page < 1:
            raise QueryError(f"parameter 'page': {page} is not a page (pages count from 1)", "page")
        if size is not None and size < 1:
            raise QueryError(f"parameter 'size': {size} is not a page size (at least 1)", "size")
        index = self._search_index()
        if index is None:
            return self._scan_search(text, day, known_at, page, size, words, language)
        moment = parse_moment(known_at).isoformat() if known_at else None
        offset = (page - 1) * size if size else 0
        found = index.search(text, day, moment, words=words, language=language, offset=offset, limit=size)
        answer = indexed_search_answer(found, text, day, page, size)
        cited, titles = chains(self.store, found, moment)
        for hit in answer.items:
            if hit.state == "version":
                chain = [ContextUnit(**asdict(unit)) for unit in cited[hit.provision]]
                hit.citation = _cite(*_chain_label(hit.provision, chain, titles.get), day, known_at)
        return self._with_windows(answer, moment)

    def _with_windows(self, answer: SearchAnswer, known_at: str | None) -> SearchAnswer:
        """Each hit's window and opening event as recorded at `known_at`: one query for the page."""
        found = windows(self.store, (hit.version for hit in answer.items), known_at)
        for hit in answer.items:
            window = found.get(hit.version)
            if window is not None:
                opened = window.opened_by
                hit.valid_from, hit.valid_until = window.valid_from, window.valid_until
                hit.opened_by = EventSummary(**asdict(opened)) if opened is not None else None
        return answer

    def _scan_search(
        self, text: str, day: date, known_at: str | None, page: int, size: int | None, words: bool, language: str | None
    ) -> SearchAnswer:
        """The fallback without an index: search.rq's substring scan, kept to whole-word matches of the phrase (in
        `language`, when one is asked for: the texts whose language tag is that one, as the index keeps them)."""
        if words:
            raise QueryError(
                "parameter 'words': this store has no full-text index, and the scan finds phrases only "
                "(a writer builds the index: lexrdf search-index rebuild; docs/search.md)",
                "words",
            )
        rows = self.rows("search", text=text, date=day.isoformat(), known_at=known_at)
        if language:
            rows = [row for row in rows if row["language"] is not None and row["language"].value == language]
        answer = scanned_search_answer(rows, text, day, page, size, count_phrase)
        for hit in answer.items:
            shown = f"{hit.heading} {hit.text}" if hit.heading else hit.text
            hit.snippet = snippet(shown, spans(shown, text))
            if hit.state == "version":
                hit.citation = self._citation(hit.provision, day, known_at)
        return self._with_windows(answer, parse_moment(known_at).isoformat() if known_at else None)

    def _search_index(self) -> Searchable | None:
        """The full-text index that answers searches: the search service when one is configured
        (`settings.search_url`), else the store's own, opened once it exists (None while a reader's store has none).
        The writer of a store without one (a new, empty store) builds it now: the store's later answers all come
        from it."""
        index: Searchable | None = getattr(self, "_index", None)
        if index is None and self.settings.search_url:
            index = self._index = RemoteSearchIndex(self.settings.search_url, self.settings.query_timeout_seconds)
        elif index is None:
            directory = index_directory(self.store)
            if directory is not None and not getattr(self.store, "read_only", True):
                ensure_index(self.store)
            index = self._index = SearchIndex.open(directory) if directory is not None else None
            if index is None and directory is not None and (directory / "meta.json").exists():
                self._stale_index(directory)
        return index

    def _stale_index(self, directory: Path) -> None:
        """Say once that the store's index is of an older schema, so that searches scan (a read-only server
        cannot rebuild it; its store's next writer will)."""
        if not getattr(self, "_stale_said", False):
            self._stale_said = True
            _log.warning(
                "the search index in %s is of an older schema: searches scan the store (method 'scan') until a "
                "writer rebuilds it (the next ingest, or lexrdf search-index rebuild)",
                directory,
            )

    def _state(self, provision: str, day: date, known_at: str | None) -> VersionAnswer:
        """The provision's own text-at answer (without citation): why context has no text of it on `day`."""
        return text_at_answer(
            self.rows("_state", provision=provision, date=day.isoformat(), known_at=known_at), provision, day
        )

    def _chain_label(self, provision: str, day: date, known_at: str | None) -> tuple[str, list[ContextUnit]]:
        """The act's name and the label pieces of the provision's governing chain, root first (from context)."""
        return _chain_label(provision, self._context(provision, day, known_at).items, self._act_title)

    def _act_title(self, act: str) -> str | None:
        titles = self.rows("_act-title", act=act)
        return titles[0]["title"].value if titles else None

    def _citation(self, provision: str, day: date, known_at: str | None, last_known: str | None = None) -> str:
        return _cite(*self._chain_label(provision, day, known_at), day, known_at, last_known)


@cache
def _builder_parameters(name: str) -> tuple[str, ...]:
    """The parameter names of the Lexrdf method that builds the answer of query `name` (read once)."""
    return tuple(inspect.signature(getattr(Lexrdf, name.replace("-", "_"))).parameters)


def _split_chain(rows: list[QuerySolution]) -> tuple[list[QuerySolution], list[QuerySolution]]:
    """A primitive's own rows, and the rows of the governing chain folded into its query (``?chain_kind`` bound)."""
    own, chain = [], []
    for row in rows:
        (chain if row["chain_kind"] is not None else own).append(row)
    return own, chain


class _Renamed:
    """A row of a primitive's own state folded into another query, read under text-at.rq's column names: column
    `name` is the row's `own_<name>` (parameters, `_<name>`, as they are)."""

    def __init__(self, row: QuerySolution) -> None:
        self.row = row

    def __getitem__(self, name: str) -> Any:
        return self.row[name if name.startswith("_") else f"own_{name}"]


def _own_rows(rows: list[QuerySolution]) -> list[Any]:
    """The rows of text-at.rq folded into a primitive's query (``?own_provision_type`` bound), as text-at's rows."""
    return [_Renamed(row) for row in rows if row["own_provision_type"] is not None]


def _chain_label(
    provision: str, chain: list[ContextUnit], title: Callable[[str], str | None]
) -> tuple[str, list[ContextUnit]]:
    """The act's name and the units of a governing chain below it (root first) that a citation names; `title`
    names an act that holds no text of its own (e.g. an imported one)."""
    act = next((u for u in chain if u.unit_type == "act"), None)
    act_name = (act.heading or act.text) if act else provision
    if act is not None and not act_name:  # an act with no text of its own (imported): its title, else its IRI
        found = title(act.unit)
        act_name = act.unit if found is None else found
    units = [u for u in chain if u.unit_type != "act"]
    if act is not None and provision != act.unit and not any(_label(u) for u in units):  # no numbers: its path
        path = unquote(provision.removeprefix(act.unit + "/"))
        units = [ContextUnit(provision, None, citing.PATH, None, None, None, None, path)]
    return act_name, units


def _cite(
    act_name: str, units: list[ContextUnit], day: date, known_at: str | None, last_known: str | None = None
) -> str:
    """The one citation rule (lexrdf.citing): "<act>, <reference as a lawyer writes it>, as in force on <D>"
    (", as recorded at <K>" when asked about the past); after the date the sources are current to (`last_known`),
    "as last known (sources current to D), asked for <T>"."""
    style = citing.style_of(units[0].unit) if units else None
    return citing.cite(act_name, units, day, known_at, last_known, style)


def _label(unit: ContextUnit) -> str:
    return unit_label(unit.unit_type, unit.label_number)


def _as_date(value: str | date, name: str = "date") -> date:
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise QueryError(f"parameter {name!r}: {value!r} is not a date (YYYY-MM-DD)") from None
