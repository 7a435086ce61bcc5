"""The Python surface: one object over a store that ingests and answers the query library.

For example (a store holding the samples; the tests call it so throughout)::

    lex = Lexrdf.open(Settings.from_env(store="lexrdf-data"))
    lex.text_at(f"{ACT}/art_3/para_2", "2003-01-01").status  # 'in-force'

Its search is the `Searching` part (lexrdf.api_search); what the answers share (dates, the governing chain folded
into a primitive's rows, citations) is lexrdf.api_chains.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from pyoxigraph import QuerySolutions

from lexrdf import citing
from lexrdf.answers.chains import chain_titles, chain_units, texts_per_unit
from lexrdf.answers.changes import changes_answer
from lexrdf.answers.descendants import descendants_answer
from lexrdf.answers.diff import diff_answer
from lexrdf.answers.impact import impact_answer
from lexrdf.answers.interpretations import (
    InterpretationState,
    interpretation_states,
    interpretations_answer,
    overlapping,
)
from lexrdf.answers.lineage import lineage_answer
from lexrdf.answers.registry import REDUCERS
from lexrdf.answers.resolve import resolve_answer
from lexrdf.answers.rows import known_rows
from lexrdf.answers.statuses import (
    AS_LAST_KNOWN,
    IN_FORCE,
    INTERPRETIVE_ONLY,
    OPERATIVE,
    UNKNOWN_REFERENCE,
)
from lexrdf.answers.text_at import near_change, outstanding_changes, text_at_answer
from lexrdf.answers.types import (
    ChangesAnswer,
    ContextAnswer,
    ContextUnit,
    DescendantsAnswer,
    DiffAnswer,
    ImpactAnswer,
    InterpretationsAnswer,
    LineageAnswer,
    ResolveAnswer,
    VersionAnswer,
)
from lexrdf.answers.versions import in_extent, versions_answer
from lexrdf.api_chains import _as_date, _chain_label, _cite, _own_rows, _split_chain
from lexrdf.api_search import Searching
from lexrdf.errors import QueryError, WrongAnswerError
from lexrdf.ingest.derived import recover_derived
from lexrdf.ingest.run import IngestSummary, Progress, ingest
from lexrdf.mapping.citations import read_citation
from lexrdf.queries import Query, get_query, load_library, row_values
from lexrdf.search import Searchable, ensure_index
from lexrdf.settings import Settings
from lexrdf.source_checks import SourcePolicy
from lexrdf.store import Store, open_store

F = TypeVar("F", bound=Callable[..., Any])


def binds(**arguments: str) -> Callable[[F], F]:
    """Declare which query parameter each of a builder's arguments binds where the two names differ (`run` calls
    `diff(from_date=...)` for diff.rq's `from`)."""

    def declared(method: F) -> F:
        renamed = {parameter: argument for argument, parameter in arguments.items()}
        method.query_parameters = renamed  # type: ignore[attr-defined]
        return method

    return declared


class Lexrdf(Searching):
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
        like the query (`text-at` -> `text_at`), called with the parameters as keywords (under the names its
        `binds` declares, where a parameter's name cannot be an argument's: `from`); any other query gives its rows,
        one JSON object each (lexrdf.queries.row_values), so a new .rq file is a new query with no Python edit.
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
        renamed: dict[str, str] = getattr(builder, "query_parameters", {})  # declared by `binds`
        arguments = {renamed.get(k, k): v for k, v in params.items()}
        answer = builder(**arguments, **self.BUILDER_OPTIONS.get(name, {}))
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
        rows = known_rows(
            self.rows(
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
        )
        rows, chain = _split_chain(rows)
        answer = text_at_answer(rows, provision, day, strict=strict_value == "true")
        if rows:
            answer.near_change = near_change(rows, day, int(rows[0]["_near_days_xsd_integer"].value))
        if answer.status in (IN_FORCE, AS_LAST_KNOWN):
            last_known = answer.current_to if answer.status == AS_LAST_KNOWN else None
            chain_label = _chain_label(provision, chain_units(chain, "chain_"), chain_titles(chain).get)
            answer.citation = _cite(*chain_label, day, known_at, last_known)
            if any(row["announced"] for row in rows):  # one more small query, only where a change was announced
                announced = self.rows("_outstanding", provision=provision, date=day.isoformat(), known_at=known_at)
                answer.outstanding = outstanding_changes(announced, answer)
        # the dual chain: one more small query, only for an item that has interpretations (or no statutory text)
        if not rows or any(row["interpreted"] for row in rows):
            meaning = self.interpretations(provision, day, known_at=known_at, basis=basis, language=language)
            if not rows and meaning.item_type == "interpretive-item":
                answer = VersionAnswer(
                    status=INTERPRETIVE_ONLY if meaning.items else meaning.status,
                    provision=provision,
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
        rows = known_rows(
            self.rows("versions", provision=provision, known_at=known_at, language=language, extent=extent)
        )
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
        self,
        provision: str,
        date: str | date,
        known_at: str | None = None,
        language: str | None = None,
        extent: str | None = None,
    ) -> ContextAnswer:
        """The ancestors of `provision` (itself last), root first, each with its text (in `language` where it has
        one, else its first language; of the territories `extent` names, where asked) and the interpretations
        operative on `date`."""
        return self._context(provision, date, known_at, meaning=True, language=language, extent=extent)

    def _context(
        self,
        provision: str,
        date: str | date,
        known_at: str | None,
        meaning: bool = False,
        language: str | None = None,
        extent: str | None = None,
    ) -> ContextAnswer:
        """The governing chain; with `meaning`, each unit that has interpretations gets those operative then."""
        day = _as_date(date)
        rows = self.rows(
            "context", provision=provision, date=day.isoformat(), known_at=known_at, language=language, extent=extent
        )
        items = chain_units(in_extent(rows))
        units = {unit.unit: unit for unit in items}
        interpreted = [row["unit"].value for row in rows if row["kind"].value == "interpreted"]
        for iri in interpreted if meaning else ():
            if iri in units:
                units[iri].interpretations = self.interpretations(iri, day, known_at=known_at).items
        if not items:
            return ContextAnswer(status=UNKNOWN_REFERENCE, provision=provision, date=day.isoformat())
        subordinate = any(u.text for u in items[1:-1])
        status = IN_FORCE
        if items[-1].version is None:  # say why the provision itself has no text then
            status = self._state(provision, day, known_at).status
        return ContextAnswer(
            status=status, provision=provision, date=day.isoformat(), subordinate=subordinate, items=items
        )

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
            unit = ContextUnit(
                unit=item.unit,
                unit_type=item.unit_type,
                number=item.number,
                label_number=item.number,
            )
            parent = labels.get(item.parent or "")
            if parent is None and item.parent:  # a parent with no text on the date: its number from its IRI
                number = citing.number_from_path(item.parent, answer.provision)
                gap = ContextUnit(
                    unit=item.parent,
                    unit_type="",
                    number=number,
                    label_number=number,
                )
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

    @binds(from_date="from", to_date="to")  # `from` is a Python keyword
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

    def _state(self, provision: str, day: date, known_at: str | None) -> VersionAnswer:
        """The provision's own text-at answer (without citation): why context has no text of it on `day`."""
        return text_at_answer(
            known_rows(self.rows("_state", provision=provision, date=day.isoformat(), known_at=known_at)),
            provision,
            day,
        )

    def _chain_label(self, provision: str, day: date, known_at: str | None) -> tuple[str, list[ContextUnit]]:
        """The act's name and the label pieces of the provision's governing chain, root first (from context)."""
        return _chain_label(provision, self._context(provision, day, known_at).items, self._act_title)

    def _act_title(self, act: str) -> str | None:
        titles = self.rows("_act-title", act=act)
        return titles[0]["title"].value if titles else None

    def _citation(self, provision: str, day: date, known_at: str | None, last_known: str | None = None) -> str:
        return _cite(*self._chain_label(provision, day, known_at), day, known_at, last_known)
