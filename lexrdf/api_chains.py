"""What the answers of the Python surface (lexrdf.api) share: a date parameter read, a primitive's own rows split from
those of the governing chain folded into its query, and that chain labelled and cited by the one citation rule
(lexrdf.citing)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any
from urllib.parse import unquote

from pyoxigraph import QuerySolution

from lexrdf import citing
from lexrdf.answers.chains import unit_label
from lexrdf.answers.rows import known_rows
from lexrdf.answers.types import ContextUnit
from lexrdf.errors import QueryError


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
    """The rows of text-at.rq folded into a primitive's query (``?own_row`` bound), as text-at's rows: none when
    none says the provision is known at the time asked (``?own_provision_type``, as `known_rows` reads text-at's)."""
    own = [row for row in rows if row["own_row"] is not None]
    return [_Renamed(row) for row in known_rows(own, "own_provision_type")]


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
        units = [
            ContextUnit(
                unit=provision,
                unit_type=citing.PATH,
                label_number=path,
            )
        ]
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
